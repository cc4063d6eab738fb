"""Valid requests the fake once refused: search results in a tool result, a conversation that
opens with the assistant, Anthropic's server tools, OpenAI's newer options, `n` > 1."""

import json

import pytest

import fake_client
from fake_client import Anthropic, OpenAI
from fake_client.locales import phrase
from support.fake_client_programs import LANGUAGES, SHOP_QUESTIONS, openai_tools, shop_tools

WEB_SEARCH = {"type": "web_search_20250305", "name": "web_search", "max_uses": 3}


def test_search_results_in_a_tool_result_are_read():
    client = Anthropic()
    messages = [{"role": "user", "content": "Where is order 1042?"}]
    reply = client.messages.create(model="claude-haiku-4-5", max_tokens=300, tools=shop_tools("en"), messages=messages)
    messages += [{"role": "assistant", "content": reply.content}, {"role": "user", "content": [
        {"type": "tool_result", "tool_use_id": reply.content[-1].id, "content": [
            {"type": "search_result", "source": "orders://1042", "title": "Order 1042",
             "content": [{"type": "text", "text": "shipped, arrives 03.11"}], "citations": {"enabled": True}}]}]}]
    answer = client.messages.create(model="claude-haiku-4-5", max_tokens=300, tools=shop_tools("en"), messages=messages)
    assert "shipped, arrives 03.11" in answer.content[0].text


def test_a_search_result_is_checked_as_the_api_checks_it():
    block = {"type": "search_result", "source": "s", "content": [{"type": "text", "text": "x"}]}
    messages = [{"role": "user", "content": "1042?"},
                {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "get_order_status",
                                                   "input": {"order_id": "1042"}}]},
                {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": [block]}]}]
    with pytest.raises(fake_client.BadRequestError) as refused:
        Anthropic().messages.create(model="claude-haiku-4-5", max_tokens=100, tools=shop_tools("en"), messages=messages)
    assert refused.value.body["error"]["message"] == (
        "messages.2.content.0.tool_result.content.0.search_result.title: Field required")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_web_search_is_answered_in_the_real_shape_and_said_not_to_run(lang):
    reply = Anthropic().messages.create(model="claude-haiku-4-5", max_tokens=300, tools=[WEB_SEARCH], messages=[
        {"role": "user", "content": SHOP_QUESTIONS["status"][lang]}])
    use, result, note = reply.content[:3]
    assert (use.type, use.name, use.input) == ("server_tool_use", "web_search",
                                              {"query": SHOP_QUESTIONS["status"][lang]})
    assert use.id.startswith("srvtoolu_01")
    assert (result.type, result.tool_use_id, result.content) == (
        "web_search_tool_result", use.id, {"error_code": "unavailable", "type": "web_search_tool_result_error"})
    assert note.text == phrase(lang, "server_tool.not_run", tool="web_search")
    assert reply.stop_reason == "end_turn" and reply.content[3].type == "text"


def test_web_search_is_not_tried_when_a_tool_of_the_program_answers_or_tools_are_off():
    tools = [WEB_SEARCH, *shop_tools("en")]
    calling = Anthropic().messages.create(model="claude-haiku-4-5", max_tokens=300, tools=tools, messages=[
        {"role": "user", "content": "Where is order 1042?"}])
    assert [block.type for block in calling.content] == ["text", "tool_use"]
    off = Anthropic().messages.create(model="claude-haiku-4-5", max_tokens=300, tools=tools, tool_choice={"type": "none"},
                                      messages=[{"role": "user", "content": "Thanks!"}])
    assert [block.type for block in off.content] == ["text"]


def test_a_searching_reply_goes_back_into_the_conversation_and_streams():
    client = Anthropic()
    messages = [{"role": "user", "content": "Who won yesterday?"}]
    reply = client.messages.create(model="claude-haiku-4-5", max_tokens=300, tools=[WEB_SEARCH], messages=messages)
    messages += [{"role": "assistant", "content": reply.content}, {"role": "user", "content": "Thanks"}]
    client.messages.create(model="claude-haiku-4-5", max_tokens=300, tools=[WEB_SEARCH], messages=messages)
    with client.messages.stream(model="claude-haiku-4-5", max_tokens=300, tools=[WEB_SEARCH], messages=messages[:1]) as stream:
        streamed = stream.get_final_message()
    assert [block.type for block in streamed.content] == [block.type for block in reply.content]
    assert streamed.content[1].content == reply.content[1].content


def test_anthropic_defined_tools_are_checked_by_type_and_name():
    for tool in ({"type": "bash_20250124", "name": "bash"}, {"type": "text_editor_20250728",
                                                             "name": "str_replace_based_edit_tool"},
                 {"type": "code_execution_20250825", "name": "code_execution"}):
        assert Anthropic().messages.create(model="claude-haiku-4-5", max_tokens=100, tools=[tool], messages=[
            {"role": "user", "content": "hi"}]).stop_reason == "end_turn"
    with pytest.raises(fake_client.BadRequestError, match=r"tools\.0\.web_search_20250305\.name: Input should be "
                                                          r"'web_search'"):
        Anthropic().messages.create(model="claude-haiku-4-5", max_tokens=100, tools=[{**WEB_SEARCH, "name": "search"}],
                                    messages=[{"role": "user", "content": "hi"}])
    with pytest.raises(fake_client.BadRequestError, match=r"tools\.0: Input tag 'web_search_1999' found"):
        Anthropic().messages.create(model="claude-haiku-4-5", max_tokens=100, tools=[{**WEB_SEARCH, "type": "web_search_1999"}],
                                    messages=[{"role": "user", "content": "hi"}])


def test_openai_takes_its_newer_options():
    client = OpenAI()
    messages = [{"role": "user", "content": "Where is order 1042?"}]
    for options in ({"verbosity": "low"}, {"prompt_cache_key": "shop"}, {"safety_identifier": "user-7"},
                    {"reasoning_effort": "none"}, {"reasoning_effort": "xhigh"},
                    {"prompt_cache_retention": "24h"}):
        assert client.chat.completions.create(model="gpt-4o-mini", messages=messages, **options).choices
    with pytest.raises(fake_client.BadRequestError) as refused:
        client.chat.completions.create(model="gpt-4o-mini", messages=messages, verbosity="chatty")
    assert refused.value.body["message"] == "Invalid value: 'chatty'. Supported values are: 'low', 'medium', and 'high'."
    assert client.responses.create(model="gpt-4o-mini", input="hi", reasoning={"effort": "xhigh"},
                                   text={"verbosity": "low"}, prompt_cache_key="k").status == "completed"


def test_n_gives_n_choices():
    tools = openai_tools(shop_tools("en"))
    messages = [{"role": "user", "content": "Where is order 1042?"}]
    single = OpenAI().chat.completions.create(model="gpt-4o-mini", tools=tools, messages=messages)
    triple = OpenAI().chat.completions.create(model="gpt-4o-mini", tools=tools, messages=messages, n=3)
    assert [choice.index for choice in triple.choices] == [0, 1, 2]
    assert triple.choices[0].to_dict() == single.choices[0].to_dict()
    ids = [choice.message.tool_calls[0].id for choice in triple.choices]
    assert len(set(ids)) == 3
    assert triple.usage.completion_tokens == 3 * single.usage.completion_tokens
    chunks = list(OpenAI().chat.completions.create(model="gpt-4o-mini", tools=tools, messages=messages, n=2, stream=True))
    assert {chunk.choices[0].index for chunk in chunks} == {0, 1}
    assert [chunk.choices[0].finish_reason for chunk in chunks if chunk.choices[0].finish_reason] == [
        "tool_calls", "tool_calls"]
    with pytest.raises(fake_client.BadRequestError):
        OpenAI().chat.completions.create(model="gpt-4o-mini", messages=messages, n=129)


def test_a_conversation_may_open_with_the_assistant():
    reply = Anthropic().messages.create(model="claude-haiku-4-5", max_tokens=100, messages=[
        {"role": "assistant", "content": "Hello! How can I help?"}, {"role": "user", "content": "Thanks!"}])
    assert reply.stop_reason == "end_turn"
    assert json.loads(reply.to_json())["role"] == "assistant"
