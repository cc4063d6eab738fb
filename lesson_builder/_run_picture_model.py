"""The run picture's facts from a transcript's ``calls``: the Python twin of
``frontend/shared/run-picture-model.js`` (same rules, same order, tested equal through the
HTML both render). Per model call: what was sent (settings, messages, each marked when this
call added it), what came back or the API's error, tool calls tied to their results by id,
tokens."""

from typing import Any, Optional

from ._markup_tree import js_json, js_number
from ._run_picture_responses import RESPONSES, in_responses_words, responses_view

PAIR_COLOURS = 6

SETTINGS = {
    "anthropic": ["system", "tools", "tool_choice", "thinking", "thread"],
    "openai": ["tools", "tool_choice", "parallel_tool_calls"],
}


def picture_model(calls: list[dict]) -> dict:
    """The picture's model of a run (keys as in the JavaScript model, in snake_case)."""
    pairs: dict[str, int] = {}

    def pair_for(tool_id: str) -> int:
        if tool_id not in pairs:
            pairs[tool_id] = len(pairs) % PAIR_COLOURS
        return pairs[tool_id]

    model: dict[str, Any] = {"api": _api_of(calls[0]) if calls else "anthropic", "calls": [], "totals": None}
    running = 0
    previous: Optional[dict] = None
    replies: list[Optional[str]] = []
    held: dict[str, list] = {}  # Responses API: response id → its conversation (previous_response_id)
    for index, call in enumerate(calls):
        api = _api_of(call)
        # A Responses call is drawn by Chat Completions' rules (_run_picture_responses).
        shape = "openai" if api == RESPONSES else api
        view = responses_view(call, held) if api == RESPONSES else call
        request = view.get("request") if _is_object(view.get("request")) else {}
        messages = request.get("messages") if isinstance(request.get("messages"), list) else []
        keys = [stable_json(message) for message in messages]  # each written once
        before = previous["request"] if previous and previous["api"] == api else None
        kept = _common_prefix(previous["keys"], keys) if before else 0
        sent_messages = []
        for at, message in enumerate(messages):
            is_new = at >= kept
            from_call = None
            if is_new and _role_of(message) == "assistant":
                sent = _comparable(shape, message)
                found = next((i for i, reply in enumerate(replies) if reply is not None and reply == sent), -1)
                if found >= 0:
                    from_call = found + 1
            chips = message_chips(shape, message)
            sent_messages.append({"role": _role_of(message), "chips": in_responses_words(chips) if api == RESPONSES else chips,
                                  "is_new": is_new, "from_call": from_call})
        _mark_tool_problems(shape, sent_messages)
        for message in sent_messages:
            _tie_chips(message["chips"], pair_for, pairs)

        settings = [_setting_chip(shape, name, request[name],
                                  before is None or not _same_json(before.get(name), request[name]))
                    for name in SETTINGS[shape] if request.get(name) is not None]

        reply, stop, error, input_tokens, output_tokens = None, "error", None, 0, 0
        response = view.get("response") if _is_object(view.get("response")) else None
        if response is not None:
            usage = response.get("usage") if _is_object(response.get("usage")) else {}
            if shape == "openai":
                choices = response.get("choices")
                choice = choices[0] if isinstance(choices, list) and choices and _is_object(choices[0]) else {}
                message = choice.get("message") if _is_object(choice.get("message")) else {"role": "assistant"}
                chips = message_chips(shape, message)
                reply = {"role": "assistant", "chips": in_responses_words(chips) if api == RESPONSES else chips,
                         "is_new": True, "from_call": None}
                stop = _str(choice.get("finish_reason"))
                input_tokens, output_tokens = _whole(usage.get("prompt_tokens")), _whole(usage.get("completion_tokens"))
                replies.append(_comparable(shape, message))
            else:
                content = response.get("content") if response.get("content") is not None else []
                reply_message = {"role": "assistant", "content": content}
                reply = {"role": "assistant", "chips": message_chips(api, reply_message), "is_new": True,
                         "from_call": None}
                stop = _str(response.get("stop_reason"))
                input_tokens, output_tokens = _whole(usage.get("input_tokens")), _whole(usage.get("output_tokens"))
                replies.append(_comparable(api, reply_message))
            _tie_chips(reply["chips"], pair_for, pairs)
        else:
            failure = call.get("error")
            body = failure["error"] if _is_object(failure) and _is_object(failure.get("error")) else {}
            error = {"type": _str(body.get("type"), "error"), "message": _str(body.get("message"))}
            replies.append(None)
        running += input_tokens + output_tokens
        tool_tokens = call.get("tool_tokens")
        model["calls"].append({
            "n": index + 1, "api": api, "stop": stop, "settings": settings, "messages": sent_messages,
            "reply": reply, "error": error, "input_tokens": input_tokens, "output_tokens": output_tokens,
            "tool_tokens": _whole_or_none(tool_tokens) if response is not None else None,
            "running_total": running,
            "request_json": js_json(call.get("request"), 2),
            "response_json": js_json(call.get("response") if _is_object(call.get("response")) else call.get("error"), 2),
        })
        previous = {"api": api, "request": {**request, "messages": messages}, "keys": keys}
    done = model["calls"]
    reply_chips = [chip for c in done if c["reply"] for chip in c["reply"]["chips"]]
    model["totals"] = {
        "calls": len(done),
        "tool_calls": sum(1 for chip in reply_chips if chip["kind"] == "tool_use"),
        "errors": sum(1 for c in done if c["error"]),
        "input_tokens": sum(c["input_tokens"] for c in done),
        "output_tokens": sum(c["output_tokens"] for c in done),
        "tool_tokens_known": any(c["tool_tokens"] is not None for c in done),
        "largest": max([0] + [c["input_tokens"] + c["output_tokens"] for c in done]),
    }
    return model


def _api_of(call: Any) -> str:
    if _is_object(call) and call.get("api") in ("openai", RESPONSES):
        return call["api"]
    return "anthropic"


def _is_object(value: Any) -> bool:
    return isinstance(value, dict)


def _js_string(value: Any) -> str:
    """JavaScript's ``String(value)`` of a JSON value."""
    if isinstance(value, str):
        return value
    if value is True or value is False:
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return js_number(value)
    if value is None:
        return "null"
    if isinstance(value, list):
        return ",".join("" if item is None else _js_string(item) for item in value)
    return "[object Object]"


def _str(value: Any, fallback: str = "") -> str:
    return fallback if value is None else _js_string(value)


def _integer(value: Any) -> Optional[int]:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return None


def _whole(value: Any) -> int:
    number = _integer(value)
    return number if number is not None and number > 0 else 0


def _whole_or_none(value: Any) -> Optional[int]:
    return _integer(value)


def _role_of(message: Any) -> str:
    return message["role"] if _is_object(message) and isinstance(message.get("role"), str) else "?"


def stable_json(value: Any) -> str:
    """JSON with keys sorted, numbers as JavaScript writes them: for comparing two values."""
    if isinstance(value, list):
        return "[" + ",".join(stable_json(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ",".join(f"{js_json(str(k))}:{stable_json(value[k])}" for k in sorted(value)) + "}"
    return js_json(value)


def _same_json(a: Any, b: Any) -> bool:
    return stable_json(a) == stable_json(b)


def _common_prefix(before: list[str], now: list[str]) -> int:
    n = 0
    while n < len(before) and n < len(now) and before[n] == now[n]:
        n += 1
    return n


def _comparable(api: str, message: dict) -> str:
    if api == "openai":
        return stable_json({"content": message.get("content"),
                            "tool_calls": message.get("tool_calls") if message.get("tool_calls") is not None else []})
    content = message.get("content")
    if isinstance(content, str):
        return stable_json([{"type": "text", "text": content}])
    return stable_json(content if content is not None else [])


def _text_of(content: Any) -> str:
    if isinstance(content, str):
        return content
    if not isinstance(content, list):
        return "" if content is None else js_json(content)
    return " ".join(part["text"] if _is_object(part) and isinstance(part.get("text"), str)
                    else f"[{_str(part.get('type'), '?') if _is_object(part) else '?'}]" for part in content)


def message_chips(api: str, message: Any) -> list[dict]:
    """A message as chips, one per block (Anthropic) or per part and tool call (OpenAI)."""
    if not _is_object(message):
        return [{"kind": "block", "label": "?", "text": ""}]
    return _openai_chips(message) if api == "openai" else _anthropic_chips(message)


def _anthropic_chips(message: dict) -> list[dict]:
    content = message.get("content")
    if isinstance(content, str):
        content = [{"type": "text", "text": content}]
    if not isinstance(content, list):
        return [{"kind": "block", "label": "content", "text": _text_of(content)}]
    chips = []
    for block in content:
        if not _is_object(block):
            chips.append({"kind": "text", "label": "text", "text": _str(block)})
            continue
        kind = block.get("type")
        if kind == "text":
            chips.append({"kind": "text", "label": "text", "text": _str(block.get("text"))})
        elif kind == "tool_use":
            tool_input = block.get("input")
            chips.append({"kind": "tool_use", "label": "tool_use", "id_field": "id", "id": _str(block.get("id")),
                          "name": _str(block.get("name")),
                          "input": js_json(tool_input if tool_input is not None else {}),
                          "pair": None, "problem": None})
        elif kind == "tool_result":
            chips.append({"kind": "tool_result", "label": "tool_result", "id_field": "tool_use_id",
                          "id": _str(block.get("tool_use_id")), "text": _text_of(block.get("content")),
                          "is_error": block.get("is_error") is True, "pair": None, "problem": None})
        elif kind == "thinking":
            chips.append({"kind": "thinking", "label": "thinking", "text": _str(block.get("thinking"))})
        else:
            chips.append({"kind": "block", "label": _str(kind, "?"), "text": ""})
    return chips


def _openai_chips(message: dict) -> list[dict]:
    if message.get("role") == "tool":
        return [{"kind": "tool_result", "label": "content", "id_field": "tool_call_id",
                 "id": _str(message.get("tool_call_id")), "text": _text_of(message.get("content")),
                 "is_error": False, "pair": None, "problem": None}]
    chips = []
    content = message.get("content")
    if isinstance(content, str):
        chips.append({"kind": "text", "label": "content", "text": content})
    elif isinstance(content, list):
        for part in content:
            if _is_object(part) and isinstance(part.get("text"), str):
                chips.append({"kind": "text", "label": "content", "text": part["text"]})
            else:
                chips.append({"kind": "block", "label": _str(part.get("type"), "?") if _is_object(part) else "?",
                              "text": ""})
    if isinstance(message.get("refusal"), str):
        chips.append({"kind": "text", "label": "refusal", "text": message["refusal"]})
    tool_calls = message.get("tool_calls")
    for call in tool_calls if isinstance(tool_calls, list) else []:
        function = call.get("function") if _is_object(call) and _is_object(call.get("function")) else {}
        arguments = function.get("arguments")
        text = arguments if isinstance(arguments, str) else js_json(arguments if arguments is not None else "")
        chips.append({"kind": "tool_use", "label": "tool_calls", "id_field": "id",
                      "id": _str(call.get("id")) if _is_object(call) else "", "name": _str(function.get("name")),
                      "input": text, "pair": None, "problem": None})
    return chips


def _setting_chip(api: str, name: str, value: Any, is_new: bool) -> dict:
    if name == "system":
        return {"kind": "system", "label": "system", "text": _text_of(value), "is_new": is_new}
    if name == "tools":
        names = []
        for tool in value if isinstance(value, list) else []:
            if not _is_object(tool):
                names.append("?")
            elif api == "openai":
                function = tool.get("function")
                names.append(_str(function.get("name"), "?") if _is_object(function) else _str(tool.get("type"), "?"))
            else:
                names.append(_str(tool.get("name") if tool.get("name") is not None else tool.get("type"), "?"))
        return {"kind": "tools", "label": "tools", "text": ", ".join(names), "count": len(names), "is_new": is_new}
    return {"kind": "setting", "label": name, "text": js_json(value), "is_new": is_new}


def _tie_chips(chips: list[dict], pair_for, pairs: dict[str, int]) -> None:
    for chip in chips:
        if chip["kind"] == "tool_use":
            chip["pair"] = pair_for(chip["id"])
        elif chip["kind"] == "tool_result":
            chip["pair"] = pairs.get(chip["id"])


def _mark_tool_problems(api: str, messages: list[dict]) -> None:
    """Every tool call answered right after it, every result answering a call of the message
    before (the APIs' pairing rule): else "unanswered" / "unmatched"."""
    for at, message in enumerate(messages):
        calls = [chip for chip in message["chips"] if chip["kind"] == "tool_use"]
        if message["role"] != "assistant" or not calls:
            continue
        answered = set()
        if api == "openai":
            following = at + 1
            while following < len(messages) and messages[following]["role"] == "tool":
                answered.update(chip.get("id") for chip in messages[following]["chips"])
                following += 1
        elif at + 1 < len(messages):
            answered.update(chip["id"] for chip in messages[at + 1]["chips"] if chip["kind"] == "tool_result")
        for chip in calls:
            if chip["id"] not in answered:
                chip["problem"] = "unanswered"
    for at, message in enumerate(messages):
        results = [chip for chip in message["chips"] if chip["kind"] == "tool_result"]
        if not results:
            continue
        asker = at - 1
        if api == "openai":
            while asker >= 0 and messages[asker]["role"] == "tool":
                asker -= 1
        asked = set()
        if asker >= 0 and messages[asker]["role"] == "assistant":
            asked = {chip["id"] for chip in messages[asker]["chips"] if chip["kind"] == "tool_use"}
        for chip in results:
            if chip["id"] not in asked:
                chip["problem"] = "unmatched"
