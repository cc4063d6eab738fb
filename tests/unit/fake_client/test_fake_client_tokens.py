"""The token rule: words × 1.3 rounded up, per piece, summed; and the Bulgarian seed's figures."""

import pytest

from fake_client import Anthropic, OpenAI
from fake_client._tokens import count_words, estimate_tokens
from fake_client_programs import SHOP_SYSTEM, anthropic_loop, openai_tools, shop_runner, shop_tools


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


def test_the_bulgarian_seed_figures():
    """System 12 words → 16; tool name + description 10 → 13; question 5 → 7: 36. Then the
    tool_use (name + value, 2 words → 3) and the result (5 words → 7) are added: 46."""
    steps = anthropic_loop(Anthropic(), "Кога ще пристигне поръчка 1042?", system=SHOP_SYSTEM["bg"],
                           tools=shop_tools("bg", with_return=False), run=shop_runner("bg"))["steps"]
    assert [(s["input_tokens"], s["output_tokens"]) for s in steps] == [(36, 3), (46, 8)]


@pytest.mark.parametrize("question, tokens", [
    ("Благодаря, това е всичко.", [35]),
    ("Къде е поръчка 9999?", [35, 42]),
    ("Къде ми е пратката?", [35, 40]),
    ("Не помня номера, около 1050 беше.", [37, 44, 51, 58]),
])
def test_more_seed_figures(question, tokens):
    steps = anthropic_loop(Anthropic(), question, system=SHOP_SYSTEM["bg"],
                           tools=shop_tools("bg", with_return=False), run=shop_runner("bg"))["steps"]
    assert [s["input_tokens"] for s in steps] == tokens


def test_each_tool_description_counts_on_every_call():
    question = "Кога пристига 1042 и до кога мога да върна 1187?"
    one = anthropic_loop(Anthropic(), question, system=SHOP_SYSTEM["bg"],
                         tools=shop_tools("bg", with_return=False), run=shop_runner("bg"))["steps"]
    two = anthropic_loop(Anthropic(), question, system=SHOP_SYSTEM["bg"],
                         tools=shop_tools("bg"), run=shop_runner("bg"))["steps"]
    assert [s["input_tokens"] for s in one] == [42, 52]
    assert [s["input_tokens"] for s in two] == [57, 77]


def test_system_given_as_blocks_counts_each_block():
    client = Anthropic()
    whole = client.messages.create(model="m", max_tokens=50, system="one two three four",
                                   messages=[{"role": "user", "content": "hi there"}])
    split = client.messages.create(model="m", max_tokens=50,
                                   system=[{"type": "text", "text": "one two"},
                                           {"type": "text", "text": "three four"}],
                                   messages=[{"role": "user", "content": "hi there"}])
    assert whole.usage.input_tokens == 6 + 3
    assert split.usage.input_tokens == 3 + 3 + 3


def test_openai_counts_by_the_same_rule():
    client = OpenAI()
    tools = openai_tools(shop_tools("bg", with_return=False))
    reply = client.chat.completions.create(model="m", tools=tools, messages=[
        {"role": "system", "content": SHOP_SYSTEM["bg"]},
        {"role": "user", "content": "Кога ще пристигне поръчка 1042?"}])
    assert reply.usage.prompt_tokens == 36
    assert reply.usage.completion_tokens == 3
    assert reply.usage.total_tokens == 39


def test_max_tokens_cuts_the_reply():
    client = Anthropic()
    reply = client.messages.create(model="m", max_tokens=4,
                                   messages=[{"role": "user", "content": "Благодаря!"}])
    assert reply.stop_reason == "max_tokens"
    assert reply.usage.output_tokens <= 4
    assert reply.content[0].text == "Моля! Ако имате"
