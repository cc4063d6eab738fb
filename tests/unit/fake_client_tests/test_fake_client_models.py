"""The model catalogue (`fake_client._models`) and what each model enforces (`_model_rules`),
in process: the real 404, the per-model 400s, thinking by default, the models endpoints."""

import pytest

from fake_client import Anthropic, BadRequestError, NotFoundError, OpenAI
from fake_client._models import CATALOGUE, retired, today

HELLO = [{"role": "user", "content": "Здравей, как си?"}]


def test_every_card_names_its_provider_and_sane_limits():
    for model in CATALOGUE.values():
        assert model.provider in ("anthropic", "openai")
        assert 0 < model.max_output < model.context_window


def test_today_can_be_pinned(monkeypatch):
    monkeypatch.setenv("FAKE_CLIENT_TODAY", "2026-12-11")
    assert today().isoformat() == "2026-12-11"
    assert retired(CATALOGUE["gpt-5-mini"])  # the shutdown day itself refuses it
    monkeypatch.setenv("FAKE_CLIENT_TODAY", "2026-12-10")
    assert not retired(CATALOGUE["gpt-5-mini"])


def test_an_unknown_anthropic_model_is_the_real_404():
    with pytest.raises(NotFoundError) as raised:
        Anthropic().messages.create(model="claude-x", max_tokens=50, messages=HELLO)
    assert raised.value.status_code == 404
    body = dict(raised.value.body)
    assert body.pop("request_id").startswith("req_01")
    assert body == {"type": "error", "error": {"type": "not_found_error", "message": "model: claude-x"}}
    assert str(raised.value) == (f"404 model: claude-x (request_id: {raised.value.body['request_id']}, "
                                 "path: /v1/messages, type: not_found_error)")


def test_a_retired_anthropic_model_is_the_real_404():
    with pytest.raises(NotFoundError):
        Anthropic().messages.create(model="claude-sonnet-4-20250514", max_tokens=50, messages=HELLO)


def test_a_retired_openai_model_is_the_real_404(monkeypatch):
    monkeypatch.setenv("FAKE_CLIENT_TODAY", "2026-12-11")
    with pytest.raises(NotFoundError) as raised:
        OpenAI().chat.completions.create(model="gpt-5-mini", messages=HELLO)
    assert raised.value.body == {"message": "The model `gpt-5-mini` does not exist or you do not have access to it.",
                                 "type": "invalid_request_error", "param": None, "code": "model_not_found"}


def test_sonnet_5_thinks_by_default_and_the_thinking_counts():
    reply = Anthropic().messages.create(model="claude-sonnet-5", max_tokens=1024, messages=HELLO)
    assert [block.type for block in reply.content] == ["thinking", "text"]
    assert 0 < reply.usage.output_tokens_details.thinking_tokens < reply.usage.output_tokens
    plain = Anthropic().messages.create(model="claude-haiku-4-5", max_tokens=1024, messages=HELLO)
    assert [block.type for block in plain.content] == ["text"]
    assert plain.usage.output_tokens_details.thinking_tokens == 0


def test_a_small_max_tokens_ends_in_thinking_with_no_text():
    reply = Anthropic().messages.create(model="claude-sonnet-5", max_tokens=5, messages=HELLO)
    assert reply.stop_reason == "max_tokens" and reply.usage.output_tokens == 5
    assert [block.type for block in reply.content] == ["thinking"]


def test_a_forced_tool_choice_is_answered_without_default_thinking():
    tools = [{"name": "get_weather", "description": "Времето в град.", "input_schema": {
        "type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}]
    reply = Anthropic().messages.create(model="claude-sonnet-5", max_tokens=200, tools=tools,
                                        tool_choice={"type": "any"}, messages=HELLO)
    assert "thinking" not in [block.type for block in reply.content]


WEATHER = [{"name": "get_weather", "description": "Времето в град.", "input_schema": {
    "type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}]
WEATHER_QUESTION = {"role": "user", "content": "Какво е времето в София?"}


def _results_of(reply):
    return {"role": "user", "content": [{"type": "tool_result", "tool_use_id": block.id, "content": "12 °C"}
                                        for block in reply.content if block.type == "tool_use"]}


@pytest.mark.parametrize("thinking", [None, {"type": "adaptive"}])
def test_default_thinking_has_the_history_rules_of_thinking(thinking):
    # "Pass thinking blocks back complete and unmodified" (thinking-tool-workflows): the
    # model thought by default, so a turn sent back without its thinking is refused as when
    # the request asks for thinking.
    client = Anthropic()
    extra = {"thinking": thinking} if thinking else {}
    ask = dict(model="claude-sonnet-5", max_tokens=1024, tools=WEATHER, **extra)
    turn = client.messages.create(messages=[WEATHER_QUESTION], **ask)
    assert turn.content[0].type == "thinking" and turn.stop_reason == "tool_use"
    whole = [block.model_dump() for block in turn.content]
    client.messages.create(messages=[WEATHER_QUESTION, {"role": "assistant", "content": whole},
                                     _results_of(turn)], **ask)
    for kept in (whole[1:], [block for block in whole if block["type"] == "tool_use"]):
        with pytest.raises(BadRequestError) as refused:
            client.messages.create(messages=[WEATHER_QUESTION, {"role": "assistant", "content": kept},
                                             _results_of(turn)], **ask)
        assert "Expected `thinking` or `redacted_thinking`, but found" in refused.value.body["error"]["message"]


def test_a_forced_call_answered_without_thinking_goes_back_without_it():
    client = Anthropic()
    forced = client.messages.create(model="claude-sonnet-5", max_tokens=1024, tools=WEATHER,
                                    tool_choice={"type": "tool", "name": "get_weather"}, messages=[WEATHER_QUESTION])
    assert [block.type for block in forced.content] == ["tool_use"]
    history = [WEATHER_QUESTION, {"role": "assistant", "content": forced.content}, _results_of(forced)]
    answer = client.messages.create(model="claude-sonnet-5", max_tokens=1024, tools=WEATHER, messages=history)
    assert answer.stop_reason == "end_turn"
    # a hand-written call the model never made has no such excuse
    written = {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_01handmade", "name": "get_weather",
                                                 "input": {"city": "София"}}]}
    with pytest.raises(BadRequestError):
        client.messages.create(model="claude-sonnet-5", max_tokens=1024, tools=WEATHER, messages=[
            WEATHER_QUESTION, written, {"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": "toolu_01handmade", "content": "12 °C"}]}])


@pytest.mark.parametrize("field, value", [("temperature", 0.2), ("top_p", 0.5), ("top_k", 5)])
def test_sonnet_5_refuses_sampling_parameters(field, value):
    # through extra_body: the locked anthropic SDK's create() has no sampling keywords
    with pytest.raises(BadRequestError) as raised:
        Anthropic().messages.create(model="claude-sonnet-5", max_tokens=50, messages=HELLO, extra_body={field: value})
    assert raised.value.body["error"]["message"] == f"`{field}` is deprecated for this model."
    Anthropic().messages.create(model="claude-haiku-4-5", max_tokens=50, messages=HELLO, extra_body={field: value})


def test_sonnet_5_refuses_manual_thinking():
    with pytest.raises(BadRequestError, match="thinking.type.enabled"):
        Anthropic().messages.create(model="claude-sonnet-5", max_tokens=4000, messages=HELLO,
                                    thinking={"type": "enabled", "budget_tokens": 1024})


def test_max_tokens_above_the_output_ceiling_is_refused():
    with pytest.raises(BadRequestError) as raised:
        Anthropic().messages.create(model="claude-haiku-4-5", max_tokens=64_001, messages=HELLO)
    assert raised.value.body["error"]["message"] == (
        "max_tokens: 64001 > 64000, which is the maximum allowed number of output tokens for claude-haiku-4-5")


def test_sonnet_5_and_5_5_refuse_prefill_and_5_5_forced_tool_choice():
    tools = [{"name": "t", "description": "d", "input_schema": {"type": "object", "properties": {}}}]
    with pytest.raises(BadRequestError, match="tool_choice"):
        Anthropic().messages.create(model="claude-sonnet-5-5", max_tokens=200, tools=tools,
                                    tool_choice={"type": "tool", "name": "t"}, messages=HELLO)
    with pytest.raises(BadRequestError, match="prefill"):
        Anthropic().messages.create(model="claude-sonnet-5-5", max_tokens=200,
                                    messages=[*HELLO, {"role": "assistant", "content": "Добре"}])
    with pytest.raises(BadRequestError, match="prefill"):  # a 400 since the 4.6 models
        Anthropic().messages.create(model="claude-sonnet-5", max_tokens=200,
                                    messages=[*HELLO, {"role": "assistant", "content": "Добре"}])
    Anthropic().messages.create(model="claude-haiku-4-5", max_tokens=200,
                                messages=[*HELLO, {"role": "assistant", "content": "Добре"}])


@pytest.mark.parametrize("options, param, message", [
    ({"max_tokens": 100}, "max_tokens", "Unsupported parameter: 'max_tokens' is not supported with this model. "
                                        "Use 'max_completion_tokens' instead."),
    ({"temperature": 0.2}, "temperature", "Unsupported value: 'temperature' does not support 0.2 with this model. "
                                          "Only the default (1) value is supported."),
    ({"stop": ["\n"]}, "stop", "Unsupported parameter: 'stop' is not supported with this model."),
])
def test_reasoning_models_refuse_what_the_api_refuses(options, param, message):
    with pytest.raises(BadRequestError) as raised:
        OpenAI().chat.completions.create(model="gpt-5.6-terra", messages=HELLO, **options)
    assert (raised.value.param, raised.value.message) == (param, f"Error code: 400 - {message}")
    OpenAI().chat.completions.create(model="gpt-4o-mini", messages=HELLO, **options)
    OpenAI().chat.completions.create(model="gpt-5.6-terra", messages=HELLO, max_completion_tokens=100, temperature=1)


def test_usage_has_every_field():
    usage = OpenAI().chat.completions.create(model="gpt-4o-mini", messages=HELLO).usage
    assert usage.prompt_tokens_details.cached_tokens == 0
    assert usage.completion_tokens_details.reasoning_tokens == 0
    usage = Anthropic().messages.create(model="claude-haiku-4-5", max_tokens=50, messages=HELLO).usage
    assert (usage.cache_creation_input_tokens, usage.cache_read_input_tokens, usage.service_tier) == (0, 0, "standard")


def test_models_endpoints_answer_from_the_catalogue():
    anthropic_ids = [model.id for model in Anthropic().models.list()]
    assert "claude-sonnet-5" in anthropic_ids and "claude-sonnet-4-20250514" in anthropic_ids
    assert Anthropic().models.retrieve("claude-sonnet-4-20250514").lifecycle == "retired"
    sonnet = Anthropic().models.retrieve("claude-sonnet-5")
    assert (sonnet.max_input_tokens, sonnet.max_tokens, sonnet.lifecycle) == (1_000_000, 128_000, "active")
    assert OpenAI().models.retrieve("gpt-5-mini").shutdown_date == "2026-12-11"
    with pytest.raises(NotFoundError):
        Anthropic().models.retrieve("claude-x")
    with pytest.raises(NotFoundError):
        OpenAI().models.retrieve("gpt-x")


DOC = "Магазинът продава чайници и чаши. " * 200  # 1000 words: 1300 tokens by the estimate


def cached_call(client, question, marker=None, model="claude-sonnet-5", **options):
    system = [{"type": "text", "text": DOC, **({"cache_control": marker} if marker else {})}]
    return client.messages.create(model=model, max_tokens=300, system=system,
                                  messages=[{"role": "user", "content": question}], **options).usage


def test_the_second_identical_prefix_reads_from_the_cache():
    client = Anthropic()
    first = cached_call(client, "Къде е поръчка 1042?", {"type": "ephemeral"})
    second = cached_call(client, "А поръчка 1187?", {"type": "ephemeral"})
    assert (first.cache_creation_input_tokens, first.cache_read_input_tokens) == (1300, 0)
    assert first.cache_creation.ephemeral_5m_input_tokens == 1300
    assert (second.cache_creation_input_tokens, second.cache_read_input_tokens) == (0, 1300)
    assert (first.input_tokens, second.input_tokens) == (6, 4)  # only the question is fresh input
    assert cached_call(Anthropic(), "Къде е поръчка 1042?", {"type": "ephemeral"}).cache_read_input_tokens == 0


def test_no_marker_no_cache_and_the_one_hour_ttl_is_reported_apart():
    client = Anthropic()
    assert cached_call(client, "Къде е поръчка 1042?").cache_creation_input_tokens == 0
    usage = cached_call(client, "Къде е поръчка 1042?", {"type": "ephemeral", "ttl": "1h"})
    assert (usage.cache_creation.ephemeral_1h_input_tokens, usage.cache_creation.ephemeral_5m_input_tokens) == (1300, 0)


def test_top_level_cache_control_caches_up_to_the_last_block():
    client = Anthropic()
    cached_call(client, "Къде е поръчка 1042?", cache_control={"type": "ephemeral"})
    again = cached_call(client, "Къде е поръчка 1042?", cache_control={"type": "ephemeral"})
    assert again.cache_read_input_tokens == 1300 + 6 and again.input_tokens == 0


def test_a_prefix_below_the_models_minimum_is_not_cached():
    client = Anthropic()  # claude-haiku-4-5 keeps nothing under 4096 tokens
    cached_call(client, "Къде е поръчка 1042?", {"type": "ephemeral"}, model="claude-haiku-4-5")
    usage = cached_call(client, "Къде е поръчка 1042?", {"type": "ephemeral"}, model="claude-haiku-4-5")
    assert (usage.cache_creation_input_tokens, usage.cache_read_input_tokens) == (0, 0)


def test_more_than_four_breakpoints_is_refused():
    blocks = [{"type": "text", "text": f"част {n}", "cache_control": {"type": "ephemeral"}} for n in range(5)]
    with pytest.raises(BadRequestError) as raised:
        Anthropic().messages.create(model="claude-sonnet-5", max_tokens=100, system=blocks, messages=HELLO)
    assert raised.value.body["error"]["message"] == "A maximum of 4 blocks with cache_control may be provided. Found 5."


def test_openai_caches_long_prefixes_on_its_own_in_steps_of_128():
    client = OpenAI()
    messages = [{"role": "system", "content": DOC}, {"role": "user", "content": "Where is 1042?"}]
    first = client.chat.completions.create(model="gpt-5.6-terra", messages=messages).usage
    second = client.chat.completions.create(model="gpt-5.6-terra", messages=[*messages[:1], HELLO[0]]).usage
    assert first.prompt_tokens_details.cached_tokens == 0
    assert second.prompt_tokens_details.cached_tokens == 1280  # 1300 read, counted in steps of 128
    short = [{"role": "user", "content": "Where is 1042?"}]
    client.chat.completions.create(model="gpt-5.6-terra", messages=short)
    assert client.chat.completions.create(model="gpt-5.6-terra", messages=short).usage.prompt_tokens_details.cached_tokens == 0


def test_sonnet_5_5_omits_its_thinking_text_by_default_but_bills_it():
    reply = Anthropic().messages.create(model="claude-sonnet-5-5", max_tokens=1024, messages=HELLO)
    thinking = reply.content[0]
    assert (thinking.type, thinking.thinking) == ("thinking", "")
    assert reply.usage.output_tokens_details.thinking_tokens > 0
    shown = Anthropic().messages.create(model="claude-sonnet-5-5", max_tokens=1024, messages=HELLO,
                                        thinking={"type": "adaptive", "display": "summarized"})
    assert shown.content[0].thinking != ""


def test_between_tools_turns_up_front_thinking_off_on_sonnet_5_5_only():
    off = Anthropic().messages.create(model="claude-sonnet-5-5", max_tokens=1024, messages=HELLO,
                                      thinking={"type": "between_tools"})
    assert [block.type for block in off.content] == ["text"]
    with pytest.raises(BadRequestError, match="between_tools"):
        Anthropic().messages.create(model="claude-sonnet-5", max_tokens=1024, messages=HELLO,
                                    thinking={"type": "between_tools"})
    with pytest.raises(BadRequestError, match="disabled"):
        Anthropic().messages.create(model="claude-sonnet-5-5", max_tokens=1024, messages=HELLO,
                                    thinking={"type": "disabled"})


def test_the_tool_prompt_comes_from_the_models_card(monkeypatch):
    from dataclasses import replace
    tools = [{"name": "t", "description": "d", "input_schema": {"type": "object", "properties": {}}}]

    def count():
        return Anthropic().messages.count_tokens(model="claude-haiku-4-5", tools=tools, messages=HELLO).input_tokens

    before = count()
    card = CATALOGUE["claude-haiku-4-5"]
    monkeypatch.setitem(CATALOGUE, "claude-haiku-4-5", replace(card, tool_prompt={**card.tool_prompt, "auto": 1346}))
    assert count() == before + 1000


def test_a_lone_surrogate_in_a_cached_prompt_is_no_error():
    usage = OpenAI().chat.completions.create(model="gpt-4o-mini", messages=[
        {"role": "user", "content": "Summarise: \ud83d."}]).usage
    assert usage.prompt_tokens_details.cached_tokens == 0
    Anthropic().messages.create(model="claude-sonnet-5", max_tokens=100, cache_control={"type": "ephemeral"},
                                messages=[{"role": "user", "content": "Summarise: \ud800."}])


def test_gpt_5_6_takes_chat_completions_tools_only_without_reasoning():
    # measured against the raw API (fake_client/_models.py names the reports): tools with no
    # reasoning_effort, or with any other than "none", are a 400 naming the parameter
    tools = [{"type": "function", "function": {"name": "t", "description": "d",
                                               "parameters": {"type": "object", "properties": {}}}}]
    for options in ({}, {"reasoning_effort": "low"}):
        with pytest.raises(BadRequestError) as raised:
            OpenAI().chat.completions.create(model="gpt-5.6-terra", messages=HELLO, tools=tools, **options)
        assert raised.value.param == "reasoning_effort"
        assert "Function tools with reasoning_effort are not supported for gpt-5.6-terra in " \
               "/v1/chat/completions" in raised.value.message
    OpenAI().chat.completions.create(model="gpt-5.6-terra", messages=HELLO, tools=tools, reasoning_effort="none")
    OpenAI().chat.completions.create(model="gpt-5.6-terra", messages=HELLO)  # no tools: any effort
    OpenAI().chat.completions.create(model="gpt-4o-mini", messages=HELLO, tools=tools)  # not this model's rule
