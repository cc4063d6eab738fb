"""Lesson-like programs the fake_client tests drive: a tool loop per API shape, and the shop's
data and tools in every language. The data lives here, in the program, never in the model."""

from __future__ import annotations

import json
from typing import Any, Callable

from fake_client import locales
from fake_client._ids import shaped_id

LANGUAGES = tuple(locales.LANGUAGES)  # every language the fake speaks (en too)

# The first ids a fresh client hands out, per kind: TOOLU[0] is the first tool call's id.
TOOLU, MSG, CALL, CHATCMPL = ([shaped_id(kind, n) for n in range(1, 9)]
                              for kind in ("anthropic_call", "anthropic_reply", "openai_call",
                                           "openai_reply"))
RESP, RESP_MSG, FC, RS = ([shaped_id(kind, n) for n in range(1, 9)]
                          for kind in ("responses_reply", "responses_message",
                                       "responses_function_call", "responses_reasoning"))

SHOP_SYSTEM = {
    "bg": "Ти си асистент на поддръжката на онлайн магазин. За поръчките питай инструментите.",
    "ru": "Ты помощник поддержки интернет-магазина. Про заказы спрашивай инструменты.",
    "uk": "Ти помічник підтримки інтернет-магазину. Про замовлення питай інструменти.",
    "zh": "你是网店的客服助手。订单的问题请用工具查询。",
    "fa": "تو دستیار پشتیبانی یک فروشگاه اینترنتی هستی. برای سفارش‌ها از ابزارها کمک بگیر.",
    "en": "You are the support assistant of an online shop. Ask the tools about orders.",
}
STATUS_DESCRIPTION = {
    "bg": "Статус и дата на доставка на поръчка по номер.",
    "ru": "Статус и дата доставки заказа по его номеру.",
    "uk": "Статус і дата доставки замовлення за номером.",
    "zh": "按订单号查询订单的配送状态和送达日期。",
    "fa": "وضعیت و تاریخ تحویل سفارش را با شماره‌اش برمی‌گرداند.",
    "en": "Delivery status and date of an order, by its number.",
}
RETURN_DESCRIPTION = {
    "bg": "До коя дата може да се върне поръчка по номер.",
    "ru": "До какой даты можно вернуть заказ, по его номеру.",
    "uk": "До якої дати можна повернути замовлення, за номером.",
    "zh": "按订单号查询订单最晚可以退货的日期。",
    "fa": "تا چه تاریخی می‌شود سفارش را مرجوع کرد، با شماره‌ی سفارش.",
    "en": "Until which date an order can be returned, by its number.",
}
# The shop questions, per kind and language.
SHOP_QUESTIONS = {
    "status": {"bg": "Кога ще пристигне поръчка 1042?", "ru": "Когда придёт заказ 1042?",
               "uk": "Коли прибуде замовлення 1042?", "zh": "订单1042什么时候到？",
               "fa": "سفارش 1042 کی می‌رسد؟", "en": "When will order 1042 arrive?"},
    "thanks": {"bg": "Благодаря, това е всичко.", "ru": "Спасибо, это всё.", "uk": "Дякую, це все.",
               "zh": "谢谢，就这些。", "fa": "ممنون، همین بود.", "en": "Thanks, that's all."},
    "missing": {"bg": "Къде е поръчка 9999?", "ru": "Где заказ 9999?", "uk": "Де замовлення 9999?",
                "zh": "订单9999到哪了？", "fa": "سفارش 9999 کجاست؟", "en": "Where is order 9999?"},
    "no_number": {"bg": "Къде ми е пратката?", "ru": "Где моя посылка?", "uk": "Де моя посилка?",
                  "zh": "我的包裹到哪了？", "fa": "بسته‌ام کجاست؟", "en": "Where is my parcel?"},
    "around": {"bg": "Не помня номера, около 1050 беше.", "ru": "Не помню номер, примерно 1050.",
               "uk": "Не пам'ятаю номер, десь близько 1050.", "zh": "订单号记不清了，1050左右。",
               "fa": "شماره یادم نیست، حدود 1050 بود.", "en": "I forget the number, around 1050."},
    "two": {"bg": "Кога пристига 1042 и до кога мога да върна 1187?",
            "ru": "Когда придёт 1042 и до какого числа можно вернуть 1187?",
            "uk": "Коли прибуде 1042 і до якого числа можна повернути 1187?",
            "zh": "1042什么时候到？1187最晚什么时候能退货？",
            "fa": "سفارش 1042 کی می‌رسد و سفارش 1187 را تا کی می‌توانم مرجوع کنم؟",
            "en": "When will 1042 arrive and until when can I return 1187?"},
    "return": {"bg": "До кога мога да върна 1187?", "ru": "До какого числа можно вернуть 1187?",
               "uk": "До якого числа можна повернути 1187?", "zh": "1187最晚什么时候能退货？",
               "fa": "سفارش 1187 را تا کی می‌توانم مرجوع کنم؟",
               "en": "Until when can I return 1187?"},
}
ORDERS = {"1042": {"status": "shipped", "eta": "03.11", "return_by": "17.11"},
          "1187": {"status": "delivered", "eta": "26.10", "return_by": "09.11"}}
# What the program says, per language: status words and error texts.
SHOP_TEXTS = {
    "bg": {"shipped": "изпратена", "delivered": "доставена", "delivery": "доставка",
           "return": "връщане до", "no_order": "няма поръчка {id}", "missing": "липсва order_id"},
    "ru": {"shipped": "отправлен", "delivered": "доставлен", "delivery": "доставка",
           "return": "возврат до", "no_order": "заказ {id} не найден", "missing": "не указан order_id"},
    "uk": {"shipped": "відправлено", "delivered": "доставлено", "delivery": "доставка",
           "return": "повернення до", "no_order": "замовлення {id} не знайдено",
           "missing": "не вказано order_id"},
    "zh": {"shipped": "已发货", "delivered": "已送达", "delivery": "送达日期",
           "return": "退货截止", "no_order": "没有订单 {id}", "missing": "缺少 order_id"},
    "fa": {"shipped": "ارسال شده", "delivered": "تحویل شده", "delivery": "تحویل",
           "return": "مرجوع تا", "no_order": "سفارش {id} وجود ندارد", "missing": "order_id وارد نشده"},
    "en": {"shipped": "shipped", "delivered": "delivered", "delivery": "delivery",
           "return": "return by", "no_order": "no order {id}", "missing": "missing order_id"},
}


def shop_tools(lang: str, *, with_return: bool = True) -> list[dict[str, Any]]:
    schema = {"type": "object", "properties": {"order_id": {"type": "string"}},
              "required": ["order_id"]}
    tools = [{"name": "get_order_status", "description": STATUS_DESCRIPTION[lang],
              "input_schema": schema}]
    if with_return:
        tools.append({"name": "get_return_window", "description": RETURN_DESCRIPTION[lang],
                      "input_schema": schema})
    return tools


def shop_runner(lang: str) -> Callable[[str, dict], tuple[str, bool]]:
    texts = SHOP_TEXTS[lang]

    def run(name: str, arguments: dict) -> tuple[str, bool]:
        if "order_id" not in arguments:
            return texts["missing"], True
        order_id = arguments["order_id"]
        order = ORDERS.get(order_id)
        if order is None:
            return texts["no_order"].format(id=order_id), True
        if name == "get_return_window":
            return f"{order_id} — {texts['return']} {order['return_by']}", False
        return f"{order_id} — {texts[order['status']]}, {texts['delivery']} {order['eta']}", False

    return run


def openai_tools(tools: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The same tools in the Chat Completions shape."""
    return [{"type": "function", "function": {"name": tool["name"],
                                              "description": tool.get("description", ""),
                                              "parameters": tool["input_schema"]}}
            for tool in tools]


def anthropic_loop(client: Any, question: str, *, system: str, tools: list, run: Callable,
                   max_calls: int = 4) -> dict[str, Any]:
    """The tool loop of the lessons, Anthropic shape; returns what happened, step by step."""
    messages: list[Any] = [{"role": "user", "content": question}]
    steps = []
    for _ in range(max_calls):
        kwargs = {"system": system} if system else {}
        if tools:
            kwargs["tools"] = tools
        response = client.messages.create(model="claude-haiku-4-5", max_tokens=1024,
                                          messages=messages, **kwargs)
        step = {"stop_reason": response.stop_reason, "input_tokens": response.usage.input_tokens,
                "output_tokens": response.usage.output_tokens, "id": response.id, "calls": [],
                "text": "".join(block.text for block in response.content if block.type == "text")}
        steps.append(step)
        if response.stop_reason != "tool_use":
            break
        messages.append({"role": "assistant", "content": response.content})
        results = []
        for block in response.content:
            if block.type != "tool_use":
                continue
            content, is_error = run(block.name, block.input)
            step["calls"].append({"id": block.id, "name": block.name, "input": block.input,
                                  "result": content, "is_error": is_error})
            result = {"type": "tool_result", "tool_use_id": block.id, "content": content}
            if is_error:
                result["is_error"] = True
            results.append(result)
        messages.append({"role": "user", "content": results})
    return {"steps": steps, "messages": messages}


def openai_loop(client: Any, question: str, *, system: str, tools: list, run: Callable,
                max_calls: int = 4) -> dict[str, Any]:
    """The tool loop in the Chat Completions shape (errors travel as text: "Error: …")."""
    messages: list[Any] = ([{"role": "system", "content": system}] if system else [])
    messages.append({"role": "user", "content": question})
    steps = []
    for _ in range(max_calls):
        kwargs = {"tools": tools} if tools else {}
        reply = client.chat.completions.create(model="gpt-4o-mini", messages=messages, **kwargs)
        choice = reply.choices[0]
        step = {"finish_reason": choice.finish_reason, "prompt_tokens": reply.usage.prompt_tokens,
                "completion_tokens": reply.usage.completion_tokens, "id": reply.id,
                "text": choice.message.content, "calls": []}
        steps.append(step)
        if choice.finish_reason != "tool_calls":
            break
        messages.append(choice.message)
        for call in choice.message.tool_calls:
            arguments = json.loads(call.function.arguments)
            content, is_error = run(call.function.name, arguments)
            step["calls"].append({"id": call.id, "name": call.function.name, "input": arguments,
                                  "result": content, "is_error": is_error})
            messages.append({"role": "tool", "tool_call_id": call.id,
                             "content": f"Error: {content}" if is_error else content})
    return {"steps": steps, "messages": messages}


def responses_tools(tools: list[dict[str, Any]], *, strict: Any = None) -> list[dict[str, Any]]:
    """The same tools in the Responses API's flat shape (`strict` left out unless given)."""
    flat = [{"type": "function", "name": tool["name"], "description": tool.get("description", ""),
             "parameters": tool["input_schema"]} for tool in tools]
    if strict is not None:
        for tool in flat:
            tool["strict"] = strict
    return flat


def responses_loop(client: Any, question: str, *, system: str, tools: list, run: Callable,
                   max_calls: int = 4, chained: bool = False, **options: Any) -> dict[str, Any]:
    """The tool loop in the Responses API shape: the output items go back into `input`, then a
    `function_call_output` per call; with `chained`, only the outputs go, after
    `previous_response_id`."""
    items: list[Any] = [{"role": "user", "content": question}]
    steps = []
    previous = None
    for _ in range(max_calls):
        kwargs = dict(options)
        if tools:
            kwargs["tools"] = tools
        if system:
            kwargs["instructions"] = system
        if chained and previous is not None:
            kwargs["previous_response_id"] = previous
        response = client.responses.create(model="gpt-4o-mini", input=items, **kwargs)
        calls = [item for item in response.output if item.type == "function_call"]
        step = {"status": response.status, "input_tokens": response.usage.input_tokens,
                "output_tokens": response.usage.output_tokens, "id": response.id,
                "text": response.output_text, "calls": []}
        steps.append(step)
        if not calls:
            break
        items = [] if chained else [*items, *response.output]
        previous = response.id
        for call in calls:
            arguments = json.loads(call.arguments)
            content, is_error = run(call.name, arguments)
            step["calls"].append({"id": call.call_id, "name": call.name, "input": arguments,
                                  "result": content, "is_error": is_error})
            items.append({"type": "function_call_output", "call_id": call.call_id,
                          "output": f"Error: {content}" if is_error else content})
    return {"steps": steps, "items": items}


# --- support: orders numbered like SP-1024, the customer is "me" -----------------------------

SUPPORT_STATUS_DESCRIPTION = {
    "bg": "Статус на поръчка на клиента по номер. Викай, когато питат къде е поръчката.",
    "ru": "Статус заказа клиента по номеру. Вызывай, когда спрашивают, где заказ.",
    "uk": "Поточний статус доставки замовлення. Викликай, коли користувач питає, де замовлення.",
    "zh": "查询客户订单的配送状态。用户问订单在哪时调用。",
    "fa": "وضعیت ارسال سفارش مشتری را برمی‌گرداند. وقتی کاربر می‌پرسد سفارشش کجاست صدا بزن.",
    "en": "Delivery status of a customer's order. Call when the user asks where an order is.",
}
SUPPORT_BALANCE_DESCRIPTION = {
    "bg": "Баланс по сметката на клиента. Викай, когато питат за баланс или задължения.",
    "ru": "Баланс счёта клиента. Вызывай, когда спрашивают о балансе или долге.",
    "uk": "Баланс поточного рахунку клієнта. Викликай, коли користувач питає про баланс або борг.",
    "zh": "查询客户的账户余额。用户问余额或欠款时调用。",
    "fa": "موجودی حساب مشتری را برمی‌گرداند. وقتی کاربر درباره‌ی موجودی حساب یا بدهی می‌پرسد صدا بزن.",
    "en": "Current account balance of the customer. Call when the user asks about the balance or debt.",
}
SUPPORT_ERRORS = {
    "bg": {"not_found": "няма поръчка {id}", "type": "order_no трябва да е низ като SP-1024",
           "foreign": "поръчка {id} е на друг клиент"},
    "ru": {"not_found": "заказ {id} не найден", "type": "order_no должен быть строкой вида SP-1024",
           "foreign": "заказ {id} принадлежит другому клиенту"},
    "uk": {"not_found": "замовлення {id} не знайдено", "type": "order_no має бути рядком на кшталт SP-1024",
           "foreign": "замовлення {id} належить іншому клієнту"},
    "zh": {"not_found": "找不到订单 {id}", "type": "order_no 必须是字符串，例如 SP-1024",
           "foreign": "订单 {id} 属于其他客户"},
    "fa": {"not_found": "سفارش {id} پیدا نشد", "type": "order_no باید رشته باشد، مثل SP-1024",
           "foreign": "سفارش {id} مال مشتری دیگری است"},
    "en": {"not_found": "order {id} not found", "type": "order_no must be a string like SP-1024",
           "foreign": "order {id} belongs to another customer"},
}
SUPPORT_ORDERS = {"SP-1024": {"customer": "me", "status": "in transit, 14.11"},
                  "SP-2048": {"customer": "someone else", "status": "delivered"}}


def support_tools(lang: str, *, balance: bool = True) -> list[dict[str, Any]]:
    tools = [{"name": "get_order_status", "description": SUPPORT_STATUS_DESCRIPTION[lang],
              "input_schema": {"type": "object", "properties": {
                  "order_no": {"type": "string", "description": "order number, like SP-1024"}},
                  "required": ["order_no"]}}]
    if balance:
        tools.append({"name": "get_balance", "description": SUPPORT_BALANCE_DESCRIPTION[lang],
                      "input_schema": {"type": "object", "properties": {}}})
    return tools


def support_runner(lang: str, *, swallow_errors: bool = False, check_owner: bool = True,
                   check_type: bool = True) -> Callable[[str, dict], tuple[str, bool]]:
    """The program's tools. `swallow_errors`: an unknown order gives an empty result, the
    bug of the Ukrainian seed's third case; the checks can be switched off to show why
    they are needed."""
    errors = SUPPORT_ERRORS[lang]

    def run(name: str, arguments: dict) -> tuple[str, bool]:
        if name == "get_balance":
            return "0.00", False
        order_no = arguments.get("order_no")
        if check_type and not isinstance(order_no, str):
            return errors["type"], True
        order = SUPPORT_ORDERS.get(str(order_no))
        if order is None:
            return ("", False) if swallow_errors else (errors["not_found"].format(id=order_no), True)
        if check_owner and order["customer"] != "me":
            return errors["foreign"].format(id=order_no), True
        return f"{order_no}: {order['status']}", False

    return run


# --- files: a small project folder ---------------------------------------------------------------

FILES = {"notes.txt": "eggs, rice, tea", "march.md": "March: 12 tasks done", "april.md": "April: 3 tasks open"}
READ_DESCRIPTION = {
    "bg": "Чете текстов файл от проекта. Ползвай го, преди да промениш файл.",
    "ru": "Читает текстовый файл проекта. Используй перед тем, как менять файл.",
    "uk": "Читає текстовий файл проєкту. Використовуй, перш ніж змінювати файл.",
    "zh": "读取项目中的文本文件。修改文件前先读。",
    "fa": "یک فایل متنی پروژه را می‌خواند. پیش از تغییر فایل از آن استفاده کن.",
    "en": "Read a text file in the project. Use before changing a file.",
}
LIST_DESCRIPTION = {
    "bg": "Показва списък с файловете в папката на проекта.",
    "ru": "Показывает список файлов в папке проекта.",
    "uk": "Показує список файлів у папці проєкту.",
    "zh": "列出项目文件夹中的文件。",
    "fa": "فایل‌های پوشه‌ی پروژه را فهرست می‌کند.",
    "en": "List the files in the project folder.",
}


def files_tools(lang: str, *, with_list: bool = True) -> list[dict[str, Any]]:
    tools = [{"name": "read_file", "description": READ_DESCRIPTION[lang],
              "input_schema": {"type": "object", "properties": {"path": {"type": "string"}},
                               "required": ["path"]}}]
    if with_list:
        tools.append({"name": "list_files", "description": LIST_DESCRIPTION[lang],
                      "input_schema": {"type": "object", "properties": {}}})
    return tools


def files_runner(name: str, arguments: dict) -> tuple[str, bool]:
    if name == "list_files":
        return "\n".join(FILES), False
    path = arguments.get("path")
    if path in FILES:
        return FILES[path], False
    return f"Error: [Errno 2] No such file or directory: '{path}'", True


# --- flowers: stock per city ----------------------------------------------------------------

CITIES = {"zh": ("北京", "上海", "深圳"), "bg": ("Пекин", "Шанхай", "Шънджън"),
          "ru": ("Пекин", "Шанхай", "Шэньчжэнь"), "uk": ("Пекін", "Шанхай", "Шеньчжень"),
          "fa": ("پکن", "شانگهای", "شنژن"), "en": ("Beijing", "Shanghai", "Shenzhen")}
STOCK = ("玫瑰: 100, 郁金香: 150", "百合: 80, 康乃馨: 120", "向日葵: 200, 玉兰: 90")
INVENTORY_DESCRIPTION = {
    "bg": "Наличност на цветя в даден град.", "ru": "Остатки цветов на складе в указанном городе.",
    "uk": "Залишки квітів на складі в указаному місті.", "zh": "获取指定城市的鲜花库存",
    "fa": "موجودی گل در یک شهر را برمی‌گرداند.", "en": "Flower stock in a given city.",
}


def flowers_tools(lang: str) -> list[dict[str, Any]]:
    return [{"name": "get_flower_inventory", "description": INVENTORY_DESCRIPTION[lang],
             "input_schema": {"type": "object", "properties": {"city": {"type": "string"}},
                              "required": ["city"]}}]


def flowers_runner(lang: str) -> Callable[[str, dict], tuple[str, bool]]:
    stock = dict(zip(CITIES[lang], STOCK))

    def run(name: str, arguments: dict) -> tuple[str, bool]:
        city = arguments.get("city")
        return (stock[city], False) if city in stock else (f"unknown city {city}", True)

    return run
