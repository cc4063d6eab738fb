"""Every world in both API shapes, as lesson programs run them: the same code is run with
fake_client's clients and with the real SDKs pointed at `serve`, and must print the same."""

from __future__ import annotations

from typing import Any

from support.fake_client_programs import (LANGUAGES, SHOP_SYSTEM, anthropic_loop, files_runner, files_tools,
                                  flowers_runner, flowers_tools, openai_loop, openai_tools,
                                  shop_runner, shop_tools, support_runner, support_tools)

SHOP_QUESTIONS = {
    "bg": ["Кога ще пристигне поръчка 1042?", "Благодаря, това е всичко.", "Къде е поръчка 9999?",
           "Къде ми е пратката?", "Не помня номера, около 1050 беше.",
           "Кога пристига 1042 и до кога мога да върна 1187?"],
    "ru": ["Когда придёт заказ 1042?", "Где моя посылка?", "Не помню номер, примерно 1050."],
    "uk": ["Коли прибуде замовлення 1042?", "Дякую, це все."],
    "zh": ["订单1042什么时候到？", "1042什么时候到？1187最晚什么时候能退货？"],
    "fa": ["سفارش 1042 کی می‌رسد؟", "سفارش 9999 کجاست؟"],
    "en": ["When will order 1042 arrive?", "Where is my parcel?"],
}
SUPPORT_QUESTIONS = {"ru": ["Где мой заказ SP-1024?", "Где заказ SP-9999?", "Где заказ 1024?",
                            "Где заказ SP-2048?", "Какой у меня баланс?"],
                     "uk": ["Де моє замовлення SP-1024?", "Де замовлення SP-9999?"],
                     "bg": ["Къде е поръчка SP-1024?"], "en": ["What is my account balance?"]}
FILES_QUESTIONS = {"fa": ["notess.txt را بخوان", "march.md و april.md را بخوان",
                          "چه فایل‌هایی در پوشه هست؟"], "en": ["Read notess.txt"]}
FLOWERS_QUESTIONS = {"zh": ["北京、上海和深圳的鲜花库存是多少？"],
                     "ru": ["Сколько цветов на складах в Пекине, Шанхае и Шэньчжэне?"],
                     "en": ["What is the flower stock in Beijing, Shanghai and Shenzhen?"]}


def scenarios() -> list[dict[str, Any]]:
    """(world, language, question, system, tools, runner) for every scenario."""
    found = []
    for lang, questions in SHOP_QUESTIONS.items():
        found += [dict(world="shop", lang=lang, question=q, system=SHOP_SYSTEM[lang],
                       tools=shop_tools(lang), run=shop_runner(lang)) for q in questions]
        found.append(dict(world="shop", lang=lang, question=questions[0], system=SHOP_SYSTEM[lang],
                          tools=[], run=shop_runner(lang)))
    for lang, questions in SUPPORT_QUESTIONS.items():
        found += [dict(world="support", lang=lang, question=q, system="", tools=support_tools(lang),
                       run=support_runner(lang)) for q in questions]
        found.append(dict(world="support", lang=lang, question=questions[0], system="",
                          tools=support_tools(lang), run=support_runner(lang, swallow_errors=True)))
    for lang, questions in FILES_QUESTIONS.items():
        found += [dict(world="files", lang=lang, question=q, system="", tools=files_tools(lang),
                       run=files_runner) for q in questions]
    for lang, questions in FLOWERS_QUESTIONS.items():
        found += [dict(world="flowers", lang=lang, question=q, system="", tools=flowers_tools(lang),
                       run=flowers_runner(lang)) for q in questions]
    return found


def run_all(anthropic_client: Any, openai_client: Any) -> list[dict[str, Any]]:
    """Run every scenario in both shapes with the given clients; return what they printed."""
    transcript = []
    for scenario in scenarios():
        common = dict(system=scenario["system"], run=scenario["run"], max_calls=4)
        transcript.append(anthropic_loop(anthropic_client, scenario["question"],
                                         tools=scenario["tools"], **common)["steps"])
        transcript.append(openai_loop(openai_client, scenario["question"],
                                      tools=openai_tools(scenario["tools"]), **common)["steps"])
    return transcript


assert set(FILES_QUESTIONS) | set(SUPPORT_QUESTIONS) | set(SHOP_QUESTIONS) <= set(LANGUAGES)
