"""The run picture has one structure: the build's HTML (lesson_builder/_run_picture.py) equals
the page's render of the same run (frontend/shared/run-picture-*.js, run here in Node), for
every snippet of every lesson in every language, and for runs made to hit the odd corners
(floats, numeric keys, errors of both APIs, a thread, thinking, a cut reply)."""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from lesson_builder._run_picture import run_picture_html

REPO = Path(__file__).resolve().parents[2]
GOLDEN = REPO / "tests" / "content" / "golden"
LANGUAGES = ["bg", "fa", "zh", "ru", "uk"]


def build_html(calls: list, lang: str) -> str:
    return run_picture_html(calls, REPO, lang)


def page_html(runs: list[dict]) -> list[str]:
    if shutil.which("node") is None:
        pytest.fail("node is missing (the front end's build needs it too)", pytrace=False)
    # The worker hands the page its transcript as JSON, as here.
    result = subprocess.run(["node", str(REPO / "tests" / "unit" / "render_run_pictures.mjs")], cwd=REPO,
                            input=json.dumps(runs, ensure_ascii=False), capture_output=True, text=True, check=True)
    return json.loads(result.stdout)


def lesson_runs() -> list[tuple[str, list]]:
    runs = []
    for path in sorted(GOLDEN.glob("*.json")):
        for snippet_id, transcript in json.loads(path.read_text(encoding="utf-8")).items():
            if transcript["calls"]:
                runs.append((f"{path.stem}:{snippet_id}", transcript["calls"]))
    return runs


def odd_runs() -> list[tuple[str, list]]:
    """Calls no lesson makes (yet), written as the fake client records them."""
    tool_use = {"type": "tool_use", "id": "toolu_1", "name": "price", "input": {"2": 1.0, "b": 1e-7, "1": [12.5e21]}}
    anthropic_request = {"model": "claude-haiku-4-5", "max_tokens": 10, "temperature": 1.0,
                         "system": [{"type": "text", "text": "a\n\tb"}], "tool_choice": {"type": "any"},
                         "thinking": {"type": "enabled", "budget_tokens": 1024.0},
                         "tools": [{"name": "price", "input_schema": {"type": "object"}}],
                         "messages": [{"role": "user", "content": "<b>&amp; \"quoted\"</b> " + "long " * 40}]}
    first = {"api": "anthropic", "request": anthropic_request, "tool_tokens": 330, "error": None,
             "response": {"content": [{"type": "thinking", "thinking": "hmm", "signature": "s"}, tool_use,
                                      {"type": "server_tool_use", "id": "x"}],
                          "stop_reason": "max_tokens", "usage": {"input_tokens": 400, "output_tokens": 10.0}}}
    second_request = {**anthropic_request, "tool_choice": {"type": "auto"}, "messages": [
        *anthropic_request["messages"],
        {"role": "assistant", "content": first["response"]["content"]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "is_error": True,
                                      "content": [{"type": "text", "text": "no"}, {"type": "image"}]},
                                     {"type": "tool_result", "tool_use_id": "toolu_9", "content": None}]}]}
    second = {"api": "anthropic", "request": second_request, "response": None, "tool_tokens": None,
              "error": {"type": "error", "error": {"type": "invalid_request_error", "message": "messages.2: <x>"}}}
    thread = {"api": "anthropic", "tool_tokens": 0, "error": None,
              "request": {"model": "claude-haiku-4-5", "max_tokens": 5, "thread": {"type": "continue", "previous_message_id": "m1"},
                          "messages": [{"role": "user", "content": []}]},
              "response": {"content": [], "stop_reason": "end_turn", "usage": {"input_tokens": 3, "output_tokens": 0}}}
    call = {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{\"a\": "}}
    openai_first = {"api": "openai", "tool_tokens": 40, "error": None,
                    "request": {"model": "gpt-4o-mini", "parallel_tool_calls": False, "tool_choice": "required",
                                "tools": [{"type": "function", "function": {"name": "f"}}],
                                "messages": [{"role": "system", "content": "s"},
                                             {"role": "user", "content": [{"type": "text", "text": "hi"},
                                                                          {"type": "image_url"}]}]},
                    "response": {"choices": [{"finish_reason": "length", "message": {
                        "role": "assistant", "content": None, "refusal": None, "tool_calls": [call]}}],
                        "usage": {"prompt_tokens": 50, "completion_tokens": 2}}}
    openai_second = {"api": "openai", "tool_tokens": None, "response": None,
                     "request": {**openai_first["request"], "messages": [
                         *openai_first["request"]["messages"],
                         {"role": "assistant", "content": None, "tool_calls": [call]},
                         {"role": "tool", "tool_call_id": "call_2", "content": "x"}]},
                     "error": {"error": {"message": "Invalid parameter: messages with role 'tool' ...",
                                         "type": "invalid_request_error", "param": None, "code": None}}}
    garbage = [{"api": "anthropic", "request": None, "response": {"content": "x"}, "error": None},
               {"api": "openai", "request": {"messages": [7, {"role": "assistant", "tool_calls": [None]}]},
                "response": None, "error": "boom"}]
    return [("odd:anthropic", [first, second, thread]), ("odd:openai", [openai_first, openai_second]),
            ("odd:mixed", [openai_first, first]), ("odd:garbage", garbage)]


def responses_runs() -> list[tuple[str, list]]:
    """Responses API runs as fake_client records them: a loop by items with reasoning, the same
    loop by previous_response_id, a cut, a refusal, and records no client would write."""
    import fake_client

    tools = [{"type": "function", "name": "get_order_status", "description": "Статус на поръчка по номер.",
              "parameters": {"type": "object", "properties": {"order_id": {"type": "string"}},
                             "required": ["order_id"], "additionalProperties": False}}]
    question = {"role": "user", "content": "Кога пристигат 1042 и 1187?"}
    with fake_client.recording() as calls:
        client = fake_client.OpenAI()
        first = client.responses.create(model="gpt-4o-mini", input=[question], tools=tools, instructions="Бъди кратък.",
                                        reasoning={"effort": "low", "summary": "auto"})
        outputs = [{"type": "function_call_output", "call_id": item.call_id, "output": "идва на 03.11"}
                   for item in first.output if item.type == "function_call"]
        client.responses.create(model="gpt-4o-mini", input=[question, *first.output, *outputs], tools=tools,
                                reasoning={"effort": "low"}, instructions="Бъди кратък.")
        chained = client.responses.create(model="gpt-4o-mini", input=[question], tools=tools)
        client.responses.create(model="gpt-4o-mini", tools=tools, previous_response_id=chained.id, max_output_tokens=16,
                                input=[{"type": "function_call_output", "call_id": item.call_id, "output": "Error: няма"}
                                       for item in chained.output])
        try:
            client.responses.create(model="gpt-4o-mini", input=[question, outputs[0]], tools=tools)
        except fake_client.BadRequestError:
            pass
    garbage = [{"api": "openai_responses", "request": {"input": [None, 3, {"type": "message", "role": "user",
                                                                        "content": [{"type": "input_image"}]}],
                                                        "tools": "x", "previous_response_id": "resp_unknown"},
                "response": {"output": "x", "status": None}, "error": None},
               {"api": "openai_responses", "request": None, "response": None, "error": None}]
    return [("odd:responses", calls), ("odd:responses-garbage", garbage)]


RUNS = lesson_runs() + odd_runs() + responses_runs()


def test_there_are_runs_of_every_api_and_with_errors():
    apis = {call["api"] for _, calls in RUNS for call in calls}
    assert apis == {"anthropic", "openai", "openai_responses"}
    assert any(call["error"] for _, calls in lesson_runs() for call in calls)
    assert len(lesson_runs()) > 100


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_build_writes_the_pages_markup(lang):
    page = page_html([{"lang": lang, "calls": calls} for _, calls in RUNS])
    differ = [name for (name, calls), html in zip(RUNS, page) if build_html(calls, lang) != html]
    assert differ == []
    first = next(html for (name, _), html in zip(RUNS, page) if name == "odd:anthropic")
    assert "&lt;b&gt;&amp;amp; \"quoted\"&lt;/b&gt;" in first  # text escaped once, never as markup
