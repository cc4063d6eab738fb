"""interview-card, in every language: what its answers and quiz explanations claim, proven on
the card's own code. The card's `execute` never raises, whatever shape the model's arguments
take (an old card checked them outside its `try`), nor for a tool whose schema has no
`required`; the quiz `diagnose` says that results find their calls by id, not by their order,
and that a turn saved without its thinking blocks is refused with a 400; answer 6 says that a
forced tool call with manual thinking is a 400 (on FAST_MODEL, the course's model that thinks
only when asked); the card shows no forced `tool_choice` on MODEL. The build proves the outputs and answer keys; these are the explanations' facts."""

import pytest

from lesson_runtime import run_chain
from support.repo_course import repo_course

SLUG = "interview-card"
KEYS = sorted(key for key in repo_course().lessons if key.endswith(f"/{SLUG}"))


def _run(key: str, continues: str, code: str) -> str:
    lesson = repo_course().lessons[key]
    transcript = run_chain(lesson.setup(continues), code, timeout=30, lang=lesson.lang)
    assert transcript["status"] == "done", transcript.get("error") or transcript["output"]
    return transcript["output"]


def test_every_language_has_the_card():
    assert [key.split("/")[0] for key in KEYS] == ["bg", "fa", "ru", "uk", "zh"]


@pytest.mark.parametrize("key", KEYS)
def test_execute_never_raises(key):
    """Arguments that parse to a list, a string, a number or null, or an object with a wrong
    key or a wrong type, each come back as an error result, never as an exception."""
    output = _run(key, "execute", (
        'for args in (["1042"], "1042", 1042, None, {"order_id": 1042}, {"order_id": "1042", "x": 1}):\n'
        '    text, is_error = execute("get_order_status", args)\n'
        '    print(is_error)\n'))
    assert output.split() == ["True"] * 6


@pytest.mark.parametrize("key", KEYS)
def test_execute_never_raises_without_required(key):
    output = _run(key, "execute", (
        'TOOLS.append({"name": "list_orders", "description": "x", "input_schema": {"type": "object"}})\n'
        'HANDLERS["list_orders"] = lambda: "1042, 1187"\n'
        'print(execute("list_orders", {}), execute("list_orders", {"x": 1})[1])\n'))
    assert output.split()[-2:] == ["False)", "True"], output


@pytest.mark.parametrize("key", KEYS)
def test_results_are_matched_by_id_not_by_order(key):
    """diagnose: two calls answered in reverse order still get their own statuses."""
    output = _run(key, "shop", (
        'messages = [{"role": "user", "content": "1042 1187?"}]\n'
        'response = client.messages.create(model=MODEL, max_tokens=MAX_TOKENS, tools=TOOLS, messages=messages)\n'
        'calls = [block for block in response.content if block.type == "tool_use"]\n'
        'assert len(calls) == 2, calls\n'
        'messages += [{"role": "assistant", "content": response.content},\n'
        '             {"role": "user", "content": [run_tool(call) for call in reversed(calls)]}]\n'
        'response = client.messages.create(model=MODEL, max_tokens=MAX_TOKENS, tools=TOOLS, messages=messages)\n'
        'print(response.stop_reason)\n'
        'print(text_of(response))\n'))
    stop, text = output.split("\n", 1)
    lesson = repo_course().lessons[key]
    assert stop == "end_turn"
    assert text.index("1042") < text.index(lesson_status(lesson, "1042")) < text.index("1187") < text.index(lesson_status(lesson, "1187")), text


def lesson_status(lesson, order_id):
    return _run(lesson.lang + "/" + SLUG, "shop", f'print(ORDERS["{order_id}"]["status"])\n').strip()


@pytest.mark.parametrize("key", KEYS)
def test_a_turn_without_its_thinking_is_refused(key):
    output = _run(key, "shop", (
        'import fake_client as anthropic\n'
        'messages = [{"role": "user", "content": "1042?"}]\n'
        'response = client.messages.create(model=MODEL, max_tokens=MAX_TOKENS, tools=TOOLS, messages=messages)\n'
        'calls = [block for block in response.content if block.type == "tool_use"]\n'
        'assert response.content[0].type == "thinking" and calls\n'
        'messages += [{"role": "assistant", "content": calls},\n'
        '             {"role": "user", "content": [run_tool(call) for call in calls]}]\n'
        'try:\n'
        '    client.messages.create(model=MODEL, max_tokens=MAX_TOKENS, tools=TOOLS, messages=messages)\n'
        'except anthropic.BadRequestError as error:\n'
        '    print(error.status_code, error.body["error"]["message"])\n'))
    assert output.startswith("400 ") and "thinking" in output


@pytest.mark.parametrize("key", KEYS)
def test_forced_call_with_manual_thinking_is_refused(key):
    output = _run(key, "shop", (
        'import fake_client as anthropic\n'
        'try:\n'
        '    client.messages.create(model=FAST_MODEL, max_tokens=MAX_TOKENS, tools=TOOLS,\n'
        '                           thinking={"type": "enabled", "budget_tokens": 2048},\n'
        '                           tool_choice={"type": "tool", "name": "get_order_status"},\n'
        '                           messages=[{"role": "user", "content": "1042?"}])\n'
        'except anthropic.BadRequestError as error:\n'
        '    print(error.status_code)\n'))
    assert output.strip() == "400"


@pytest.mark.parametrize("key", KEYS)
def test_no_forced_tool_choice_in_the_card(key):
    lesson = repo_course().lessons[key]
    assert all("tool_choice" not in code for code in lesson.chain("one-call") + [
        lesson.snippets[name].code for name in lesson.snippets])


@pytest.mark.parametrize("key", KEYS)
def test_only_tool_errors_reach_the_model(key):
    """Answer 4 and question 8: a ToolError's own text goes to the model; any other exception
    (here a KeyError naming an internal field) becomes a generic text, its detail in JOURNAL."""
    output = _run(key, "execute", (
        'def broken(order_id):\n'
        '    raise KeyError("warehouse_secret_field")\n'
        'HANDLERS["get_order_status"] = broken\n'
        'text, is_error = execute("get_order_status", {"order_id": "1042"})\n'
        'print(is_error, "warehouse_secret_field" in text, "warehouse_secret_field" in JOURNAL[-1])\n'
        'HANDLERS["get_order_status"] = order_status\n'
        'text, is_error = execute("get_order_status", {"order_id": "1050"})\n'
        'print(is_error, "1050" in text)\n'))
    assert output.split() == ["True", "False", "True", "True", "True"], output
