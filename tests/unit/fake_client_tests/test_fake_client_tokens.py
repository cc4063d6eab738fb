"""The token rule: words × 1.3 rounded up, per piece, summed; and the Bulgarian seed's figures."""

import pytest

from fake_client import Anthropic, OpenAI
from fake_client._tokens import count_words, estimate_tokens
from fake_client._tool_tokens import schema_words
from support.fake_client_programs import (LANGUAGES, SHOP_SYSTEM, anthropic_loop, openai_tools, shop_runner,
                                  shop_tools)


@pytest.mark.parametrize("text, words", [
    ("Кога ще пристигне поръчка 1042?", 5),        # punctuation sticks to its word
    ("1042 — изпратена, доставка 03.11", 5),       # a dash between spaces is a word
    ("  spaces\tand\nnewlines  ", 3),
    ("", 0),
    ("北京、上海和深圳的鲜花库存是多少？", 15),         # each Han character is a word; 、？ are not
    ("get_flower_inventory 北京", 3),
    ("订单1042什么时候到？", 8),
    ("notes.txt را بخوان", 3),                     # Persian: words between spaces
    ("فایل را می‌خوانم", 3),                        # the zero-width non-joiner does not split
    ("玫瑰: 100, 郁金香: 150", 7),                   # Latin-script runs stay one word each
])
def test_words(text, words):
    assert count_words(text) == words


@pytest.mark.parametrize("words, tokens", [(0, 0), (1, 2), (2, 3), (3, 4), (4, 6), (5, 7),
                                           (10, 13), (12, 16)])
def test_words_times_one_point_three_rounded_up(words, tokens):
    assert estimate_tokens(" ".join(["w"] * words)) == tokens


def test_the_bulgarian_seed_figures_with_the_real_tool_overhead():
    """System 12 words → 16; the tool-use prompt (auto) 346; the tool's whole definition: name
    + description 10 words + schema 8 words (type object properties order_id type string
    required order_id) = 18 → 24; question 5 → 7: 393. The reply: a preamble "Ще проверя
    1042 чрез get_order_status." (5 → 7) and the call (name + value, 2 → 3): 10. The second
    call adds that reply (7 + 3) and the result (5 → 7): 410."""
    steps = anthropic_loop(Anthropic(), "Кога ще пристигне поръчка 1042?", system=SHOP_SYSTEM["bg"],
                           tools=shop_tools("bg", with_return=False), run=shop_runner("bg"))["steps"]
    assert [(s["input_tokens"], s["output_tokens"]) for s in steps] == [(393, 10), (410, 8)]


@pytest.mark.parametrize("question, tokens", [
    ("Благодаря, това е всичко.", [392]),
    ("Къде е поръчка 9999?", [392, 406]),           # + preamble 7, call 3, "няма поръчка 9999" 4
    ("Къде ми е пратката?", [392, 403]),            # + "Ще проверя чрез get_order_status." 6, call 2, result 3
    ("Не помня номера, около 1050 беше.", [394, 408, 422, 436]),
])
def test_more_seed_figures(question, tokens):
    steps = anthropic_loop(Anthropic(), question, system=SHOP_SYSTEM["bg"],
                           tools=shop_tools("bg", with_return=False), run=shop_runner("bg"))["steps"]
    assert [s["input_tokens"] for s in steps] == tokens


def test_each_tool_definition_counts_on_every_call():
    """The second tool adds its definition (name + 9 description words + 8 schema words =
    18 → 24) to every call; the tool-use prompt is paid once."""
    question = "Кога пристига 1042 и до кога мога да върна 1187?"
    one = anthropic_loop(Anthropic(), question, system=SHOP_SYSTEM["bg"],
                         tools=shop_tools("bg", with_return=False), run=shop_runner("bg"))["steps"]
    two = anthropic_loop(Anthropic(), question, system=SHOP_SYSTEM["bg"],
                         tools=shop_tools("bg"), run=shop_runner("bg"))["steps"]
    assert one[0]["input_tokens"] == 16 + 346 + 24 + 13
    assert two[0]["input_tokens"] == one[0]["input_tokens"] + 25


@pytest.mark.parametrize("choice, prompt", [({"type": "auto"}, 346), ({"type": "none"}, 346),
                                            ({"type": "any"}, 313),
                                            ({"type": "tool", "name": "get_order_status"}, 313)])
def test_the_tool_use_prompt_depends_on_tool_choice(choice, prompt):
    tools = shop_tools("bg", with_return=False)
    messages = [{"role": "user", "content": "Кога ще пристигне поръчка 1042?"}]
    reply = Anthropic().messages.create(model="claude-haiku-4-5", max_tokens=100, tools=tools, tool_choice=choice,
                                        messages=messages)
    assert reply.usage.input_tokens == prompt + 24 + 7


def test_no_tools_no_tool_prompt():
    reply = Anthropic().messages.create(model="claude-haiku-4-5", max_tokens=100, messages=[
        {"role": "user", "content": "Кога ще пристигне поръчка 1042?"}])
    assert reply.usage.input_tokens == 7


@pytest.mark.parametrize("schema, words", [
    ({"type": "object", "properties": {}}, 3),
    ({"type": "object", "properties": {"order_id": {"type": "string"}}, "required": ["order_id"]}, 8),
    ({"type": "object", "properties": {"n": {"type": "integer", "minimum": 1, "enum": [1, 2]}},
      "additionalProperties": False}, 13),
])
def test_a_schema_counts_every_key_and_value(schema, words):
    assert count_words(schema_words(schema)) == words


@pytest.mark.parametrize("lang", LANGUAGES)
def test_count_tokens_equals_what_create_bills(lang):
    client = Anthropic()
    request = dict(model="claude-haiku-4-5", system=SHOP_SYSTEM[lang], tools=shop_tools(lang), messages=[
        {"role": "user", "content": "1042?"}])
    counted = client.messages.count_tokens(**request)
    created = client.messages.create(max_tokens=200, **request)
    assert counted.input_tokens == created.usage.input_tokens
    assert counted.to_dict() == {"input_tokens": created.usage.input_tokens}
    assert client.messages.count_tokens(**request, tool_choice={"type": "any"}).input_tokens == (
        counted.input_tokens - 346 + 313)


def test_system_given_as_blocks_counts_each_block():
    client = Anthropic()
    whole = client.messages.create(model="claude-haiku-4-5", max_tokens=50, system="one two three four",
                                   messages=[{"role": "user", "content": "hi there"}])
    split = client.messages.create(model="claude-haiku-4-5", max_tokens=50,
                                   system=[{"type": "text", "text": "one two"},
                                           {"type": "text", "text": "three four"}],
                                   messages=[{"role": "user", "content": "hi there"}])
    assert whole.usage.input_tokens == 6 + 3
    assert split.usage.input_tokens == 3 + 3 + 3


def test_openai_counts_by_the_same_rule_with_its_own_function_framing():
    """System 16 + functions: 12 to close the list, 7 to open the function, its definition
    24 + question 7 = 66; the reply is the call alone (no preamble): 3."""
    client = OpenAI()
    tools = openai_tools(shop_tools("bg", with_return=False))
    reply = client.chat.completions.create(model="gpt-4o-mini", tools=tools, messages=[
        {"role": "system", "content": SHOP_SYSTEM["bg"]},
        {"role": "user", "content": "Кога ще пристигне поръчка 1042?"}])
    assert reply.usage.prompt_tokens == 16 + 12 + 7 + 24 + 7
    assert reply.usage.completion_tokens == 3
    assert reply.usage.total_tokens == 69


def test_max_tokens_cuts_the_reply():
    client = Anthropic()
    reply = client.messages.create(model="claude-haiku-4-5", max_tokens=4,
                                   messages=[{"role": "user", "content": "Благодаря!"}])
    assert reply.stop_reason == "max_tokens"
    assert reply.usage.output_tokens <= 4
    assert reply.content[0].text == "Моля! Ако имате"


def test_the_recording_reports_what_the_tools_cost_apart():
    """`tool_tokens` of a recorded call is its input tokens with tools minus the same
    conversation without them: the tool-use prompt (auto 346, any 313) and the definitions
    (24); OpenAI's framing 12 + 7 and the same definition; 0 without tools, None when refused."""
    import fake_client

    question = [{"role": "user", "content": "Благодаря!"}]
    tools = shop_tools("bg", with_return=False)
    with fake_client.recording() as calls:
        client = Anthropic()
        bare = client.messages.create(model="claude-haiku-4-5", max_tokens=50, messages=question)
        auto = client.messages.create(model="claude-haiku-4-5", max_tokens=50, tools=tools, messages=question)
        forced = client.messages.create(model="claude-haiku-4-5", max_tokens=50, tools=tools, messages=question,
                                        tool_choice={"type": "any"})
        chat = OpenAI().chat.completions.create(model="gpt-4o-mini", tools=openai_tools(tools), messages=question)
        with pytest.raises(fake_client.BadRequestError):
            client.messages.create(model="claude-haiku-4-5", max_tokens=50, messages=[{"role": "assistant", "content": "x"}])
    assert [call["tool_tokens"] for call in calls] == [0, 346 + 24, 313 + 24, 12 + 7 + 24, None]
    assert auto.usage.input_tokens - bare.usage.input_tokens == calls[1]["tool_tokens"]
    assert forced.usage.input_tokens - bare.usage.input_tokens == calls[2]["tool_tokens"]
    assert chat.usage.prompt_tokens == bare.usage.input_tokens + calls[3]["tool_tokens"]
