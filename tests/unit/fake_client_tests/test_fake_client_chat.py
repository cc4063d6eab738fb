"""The chat world's summaries: one call, or a tool loop that fetches the text first; both
give the same summary, each sentence cut to its main clause (rule: fake_client.worlds.chat)."""

import pytest

from fake_client import Anthropic
from fake_client.locales import phrase

# A summary request per language: (language, how it asks with the text, how it asks for a
# file, the text, the summary it must give).
REQUESTS = [
    ("bg", "Обобщи накратко писмото: {text}", "Обобщи накратко писмото от файла letters/a.txt",
     "Кутията пристигна смачкана, макар че чайникът е цял. Куриерът закъсня с час.",
     "Кутията пристигна смачкана. Куриерът закъсня с час."),
    ("fa", "لطفاً نامه را خلاصه کن: {text}", "لطفاً نامهٔ فایل letters/a.txt را خلاصه کن",
     "جعبه مچاله رسید، هرچند کتری سالم است. پیک یک ساعت دیر آمد.",
     "جعبه مچاله رسید. پیک یک ساعت دیر آمد."),
    ("zh", "总结这封信：{text}", "总结文件 letters/a.txt 里的信",
     "箱子压瘪了，不过水壶完好。快递员晚到了一个小时。",
     "箱子压瘪了。快递员晚到了一个小时。"),
    ("ru", "Кратко перескажи письмо: {text}", "Кратко перескажи, пожалуйста, письмо из файла letters/a.txt",
     "Коробка приехала мятой, хотя чайник цел. Курьер опоздал на целый час.",
     "Коробка приехала мятой. Курьер опоздал на целый час."),
    ("uk", "Коротко перекажи лист: {text}", "Коротко перекажи лист із файлу letters/a.txt",
     "Коробка приїхала пом'ятою, хоча чайник цілий. Кур'єр запізнився на годину.",
     "Коробка приїхала пом'ятою. Кур'єр запізнився на годину."),
    ("en", "Summarise this letter: {text}", "Summarise the letter in letters/a.txt",
     "The box arrived crushed, though the kettle is fine. The courier was an hour late.",
     "The box arrived crushed. The courier was an hour late."),
]
READ_LETTER = {
    "name": "read_letter",
    "description": "Returns a letter's text. Call it when a letter must be read.",
    "input_schema": {"type": "object", "properties": {"path": {"type": "string"}},
                     "required": ["path"]},
}


def _ask(messages, **options):
    return Anthropic().messages.create(model="claude-haiku-4-5", max_tokens=300, messages=messages, **options)


def _text(reply):
    return "".join(block.text for block in reply.content if block.type == "text")


@pytest.mark.parametrize("lang, with_text, _file, text, summary", REQUESTS)
def test_one_call_keeps_the_main_clause_of_every_sentence(lang, with_text, _file, text, summary):
    reply = _ask([{"role": "user", "content": with_text.format(text=text)}])
    assert reply.stop_reason == "end_turn"
    assert _text(reply) == phrase(lang, "chat.summary", summary=summary)


@pytest.mark.parametrize("lang, with_text, for_file, text, summary", REQUESTS)
def test_a_tool_loop_fetches_the_text_then_gives_the_same_summary(lang, with_text, for_file, text,
                                                                  summary):
    messages = [{"role": "user", "content": for_file}]
    first = _ask(messages, tools=[READ_LETTER])
    assert first.stop_reason == "tool_use"
    call = next(block for block in first.content if block.type == "tool_use")
    assert call.input == {"path": "letters/a.txt"}
    messages += [{"role": "assistant", "content": first.content},
                 {"role": "user", "content": [{"type": "tool_result", "tool_use_id": call.id,
                                               "content": text}]}]
    second = _ask(messages, tools=[READ_LETTER])
    single = _ask([{"role": "user", "content": with_text.format(text=text)}])
    assert second.stop_reason == "end_turn"
    assert _text(second) == _text(single) == phrase(lang, "chat.summary", summary=summary)


def test_a_failed_read_is_not_summarised():
    messages = [{"role": "user", "content": "Summarise the letter in letters/a.txt"}]
    first = _ask(messages, tools=[READ_LETTER])
    call = next(block for block in first.content if block.type == "tool_use")
    messages += [{"role": "assistant", "content": first.content},
                 {"role": "user", "content": [{"type": "tool_result", "tool_use_id": call.id,
                                               "content": "Error: no such file",
                                               "is_error": True}]}]
    reply = _ask(messages, tools=[READ_LETTER])
    assert not _text(reply).startswith(phrase("en", "chat.summary", summary=""))


def test_chinese_answers_put_no_space_after_a_full_stop():
    tool = {"name": "get_order_status", "description": "返回订单的配送状态。客户问订单到哪了时调用。",
            "input_schema": {"type": "object", "properties": {"order_id": {"type": "string"}},
                             "required": ["order_id"]}}
    messages = [{"role": "user", "content": "我的订单 SP-1024 和 SP-9999 到哪了？"}]
    first = _ask(messages, tools=[tool])
    calls = [block for block in first.content if block.type == "tool_use"]
    results = [{"type": "tool_result", "tool_use_id": calls[0].id, "content": "订单 SP-1024 运输中"},
               {"type": "tool_result", "tool_use_id": calls[1].id, "content": "错误：没有找到",
                "is_error": True}]
    messages += [{"role": "assistant", "content": first.content},
                 {"role": "user", "content": results}]
    answer = _text(_ask(messages, tools=[tool]))
    assert "。" in answer and "。 " not in answer
