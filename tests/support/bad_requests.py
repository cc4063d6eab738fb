"""Hypothesis strategies for hostile requests to fake_client (no tests here), and the check
that a call ended as the real SDK would: a reply its own types accept, or the API's error.

The requests are mostly well formed, with one part at a time broken (a wrong type, a field
left out, an unknown block, ids that do not match, something huge or odd in its text), so
that the checks deep inside a request are reached, not only the first one.
"""

import anthropic
import openai
import pydantic
from hypothesis import strategies as st

import fake_client

# Text of every kind: plain, scripts the fake tells apart, and the odd ones.
ODD_TEXTS = ["", " ", "\n\t", "\x00", "\u200b\u200e\u202e", "e\u0301\u0301\u0301", "🙂" * 20, "\ufeffBOM",
             "1042", "Благодаря!", "谢谢", "سلام", "Дякую", "x" * 200_000, "\ud800 lone", "{\"json\": true}",
             "${jndi:ldap://x}", "<script>alert(1)</script>", "NaN", "None", "null"]
texts = st.one_of(st.text(max_size=40), st.sampled_from(ODD_TEXTS))
scalars = st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70), st.floats(allow_nan=True), texts)
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4) |
                           st.dictionaries(texts, inner, max_size=4), max_leaves=12)


def deep(depth: int) -> object:
    """A JSON value nested ``depth`` levels deep (alternating objects and arrays)."""
    value: object = "bottom"
    for level in range(depth):
        value = {"k": value} if level % 2 else [value]
    return value


deep_values = st.sampled_from([deep(50), deep(900), deep(5000)])


# --- well-formed requests, then broken one part at a time ----------------------------------

QUESTIONS = ["Where is my order 1042?", "Къде е поръчка 1042?", "订单1042在哪里？", "Read notes.txt please",
             "Какво е времето в Пекин?", "Благодаря!", "Summarise: the shop ships on Mondays.",
             "Можно ли вернуть заказ 1042?", "سفارش ۱۰۴۲ کجاست؟", "Де моє замовлення SP-1024?"]
questions = st.one_of(st.sampled_from(QUESTIONS), texts.filter(lambda text: text.strip() != ""))
TOOLS = {
    "get_order_status": ("Status of an order by its number. Call it when asked where an order is.",
                         {"type": "object", "properties": {"order_id": {"type": "string"}}, "required": ["order_id"]}),
    "read_file": ("Read a file of the project.", {"type": "object", "properties": {"path": {"type": "string"}},
                                                  "required": ["path"]}),
    "get_weather": ("Weather in a city.", {"type": "object", "properties": {"city": {"type": "string"}}}),
    "get_flower_inventory": ("Flowers in stock in a city.", {
        "type": "object", "properties": {"city": {"type": "string", "enum": ["Beijing", "Shanghai"]},
                                         "count": {"type": "integer"}},
        "required": ["city", "count"], "additionalProperties": False}),
}
tool_names = st.lists(st.sampled_from(sorted(TOOLS)), unique=True, max_size=3)
RESULTS = ["shipped", "Error: no such order", "", "[]", '{"status": "delivered"}', "x" * 5000, "谢谢"]
OUTPUT_SCHEMA = {"type": "object", "properties": {"order_id": {"type": "string"}, "status": {"type": "string"}},
                 "required": ["order_id", "status"], "additionalProperties": False}


@st.composite
def anthropic_valid(draw):
    """A Messages request the real API accepts: a question, tool rounds with matching ids,
    sometimes a follow-up, thinking, a schema, stop sequences."""
    names = draw(tool_names)
    thinking = draw(st.booleans()) and draw(st.booleans())
    messages = [{"role": "user", "content": draw(questions)}]
    for round_number in range(draw(st.integers(0, 2)) if names else 0):
        use_ids = [f"toolu_0{round_number}{n}" for n in range(draw(st.integers(1, 2)))]
        content = ([{"type": "thinking", "thinking": "I will look it up.",
                     "signature": _signature("I will look it up.")}] if thinking else [])
        content += [{"type": "text", "text": "Checking."}] if draw(st.booleans()) else []
        content += [{"type": "tool_use", "id": use_id, "name": draw(st.sampled_from(names)),
                     "input": draw(st.fixed_dictionaries({}, optional={"order_id": st.sampled_from(["1042", "SP-1024"]),
                                                                       "city": st.just("Beijing")}))}
                    for use_id in use_ids]
        messages.append({"role": "assistant", "content": content})
        messages.append({"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": use_id, "content": draw(st.sampled_from(RESULTS) | texts),
             **({"is_error": True} if draw(st.booleans()) and draw(st.booleans()) else {})} for use_id in use_ids]})
    if draw(st.booleans()) and draw(st.booleans()):
        messages += [{"role": "assistant", "content": "Done."}, {"role": "user", "content": draw(questions)}]
    request = {"model": draw(st.sampled_from(["claude-sonnet-5", "m"])),
               "max_tokens": 2048 if thinking else draw(st.sampled_from([1, 5, 30, 1024])),
               "messages": messages}
    if names:
        request["tools"] = [{"name": name, "description": TOOLS[name][0], "input_schema": TOOLS[name][1],
                             **({"strict": True} if draw(st.booleans()) and draw(st.booleans()) else {})}
                            for name in names]
        request["tool_choice"] = draw(st.sampled_from([{"type": "auto"}, {"type": "any"}, {"type": "none"},
                                                       {"type": "tool", "name": names[0]},
                                                       {"type": "auto", "disable_parallel_tool_use": True}]))
        if thinking and request["tool_choice"]["type"] in ("any", "tool"):
            request["tool_choice"] = {"type": "auto"}
    if thinking:
        request["thinking"] = draw(st.sampled_from([{"type": "enabled", "budget_tokens": 1024}, {"type": "adaptive"}]))
    if draw(st.booleans()):
        request["system"] = draw(st.sampled_from(["You help the shop's customers.", [{"type": "text", "text": "Be brief."}]]))
    if draw(st.booleans()) and draw(st.booleans()):
        request["output_config"] = {"format": {"type": "json_schema", "schema": OUTPUT_SCHEMA}}
    if draw(st.booleans()) and draw(st.booleans()):
        request["stop_sequences"] = draw(st.lists(st.sampled_from(["1042", ".", "\n", "Checking"]), max_size=2))
    return request


def _signature(text: str) -> str:
    from fake_client._thinking import signature

    return signature(text)


@st.composite
def openai_valid(draw):
    """A Chat Completions request the real API accepts (tool rounds with matching call ids)."""
    names = draw(tool_names)
    messages = ([{"role": draw(st.sampled_from(["system", "developer"])), "content": "You help the shop."}]
                if draw(st.booleans()) else [])
    messages.append({"role": "user", "content": draw(questions | st.just([{"type": "text", "text": "Where is 1042?"}]))})
    for round_number in range(draw(st.integers(0, 2)) if names else 0):
        call_ids = [f"call_{round_number}{n}" for n in range(draw(st.integers(1, 2)))]
        messages.append({"role": "assistant", "content": draw(st.sampled_from([None, "Checking."])), "tool_calls": [
            {"id": call_id, "type": "function", "function": {
                "name": draw(st.sampled_from(names)),
                "arguments": draw(st.sampled_from(['{"order_id": "1042"}', "{}", '{"city": "Beijing"}']))}}
            for call_id in call_ids]})
        messages += [{"role": "tool", "tool_call_id": call_id, "content": draw(st.sampled_from(RESULTS) | texts)}
                     for call_id in call_ids]
    request = {"model": draw(st.sampled_from(["gpt-5", "m"])), "messages": messages}
    if names:
        request["tools"] = [{"type": "function", "function": {
            "name": name, "description": TOOLS[name][0], "parameters": TOOLS[name][1],
            **({"strict": True} if name == "get_flower_inventory" and draw(st.booleans()) else {})}} for name in names]
        choice = draw(st.sampled_from(["auto", "none", "required", "named", None]))
        if choice == "named":
            request["tool_choice"] = {"type": "function", "function": {"name": names[0]}}
        elif choice is not None:
            request["tool_choice"] = choice
        if draw(st.booleans()):
            request["parallel_tool_calls"] = draw(st.booleans())
    limit = draw(st.sampled_from([None, "max_tokens", "max_completion_tokens"]))
    if limit:
        request[limit] = draw(st.sampled_from([1, 5, 40, 1000]))
    if draw(st.booleans()) and draw(st.booleans()):
        request["response_format"] = draw(st.sampled_from([
            {"type": "json_object"}, {"type": "text"},
            {"type": "json_schema", "json_schema": {"name": "Order", "schema": OUTPUT_SCHEMA, "strict": True}}]))
        if request["response_format"]["type"] == "json_object":
            messages[-1] = {"role": "user", "content": "Answer in JSON: where is 1042?"} \
                if messages[-1]["role"] == "user" else messages[-1]
    if draw(st.booleans()) and draw(st.booleans()):
        request["stop"] = draw(st.sampled_from(["1042", [".", "\n"]]))
    return request


def _paths(value, path=()):
    """Every place in a request, as the keys and indexes leading to it (the root first), down
    to 12 levels (below that, a deep value is one place)."""
    yield path
    if len(path) >= 12:
        return
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*path, index))


def _replace(value, path, new):
    if not path:
        return new
    head, rest = path[0], path[1:]
    copy = dict(value) if isinstance(value, dict) else list(value)
    copy[head] = _replace(value[head], rest, new)
    return copy


def _get(value, path):
    for step in path:
        value = value[step]
    return value


MUTATIONS = ("anything", "odd text", "drop", "extra key", "duplicate", "empty", "deep", "swap type", "other id")
OTHER_IDS = ["toolu_000", "toolu_001", "toolu_010", "call_00", "call_01", "call_10", "toolu_999", "call_99"]


@st.composite
def broken(draw, valid, required):
    """A well-formed request with up to three of its parts broken, each at a random place
    (the ``required`` arguments stay: the Python method needs them, whatever their value)."""
    request = draw(valid)
    for _ in range(draw(st.sampled_from([0, 1, 1, 1, 2, 3]))):
        path = draw(st.sampled_from(list(_paths(request))[1:]))
        target = _get(request, path)
        how = draw(st.sampled_from(MUTATIONS))
        if how == "drop" and path not in [(name,) for name in required]:
            parent = _get(request, path[:-1])
            if isinstance(parent, dict):
                request = _replace(request, path[:-1], {k: v for k, v in parent.items() if k != path[-1]})
            else:
                request = _replace(request, path[:-1], parent[:path[-1]] + parent[path[-1] + 1:])
        elif how == "extra key" and isinstance(target, dict):
            request = _replace(request, path, {**target, draw(st.sampled_from(["extra", "cache_control", "Type",
                                                                               "id", "role", "text"])): draw(json_values)})
        elif how == "duplicate" and isinstance(target, list) and target:
            request = _replace(request, path, target + [draw(st.sampled_from(target))])
        elif how == "empty":
            request = _replace(request, path, type(target)() if isinstance(target, (dict, list, str)) else None)
        elif how == "deep":
            request = _replace(request, path, draw(deep_values))
        elif how == "odd text":
            request = _replace(request, path, draw(st.sampled_from(ODD_TEXTS)))
        elif how == "swap type":
            request = _replace(request, path, _swapped(target))
        elif how == "other id" and isinstance(target, str) and target.startswith(("toolu_", "call_")):
            request = _replace(request, path, draw(st.sampled_from([other for other in OTHER_IDS if other != target])))
        else:  # anything
            request = _replace(request, path, draw(json_values))
    return request


def _swapped(value):
    """The same content in another JSON type: "5" for 5, [x] for x, {"value": x} for a list."""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, str):
        return int(value) if value.isdigit() else [value]
    if isinstance(value, list):
        return {"items": value}
    if isinstance(value, dict):
        return list(value.values())
    return 0


anthropic_arguments = broken(anthropic_valid(), ("model", "max_tokens", "messages"))
openai_arguments = broken(openai_valid(), ("model", "messages"))


# --- what counts as handled -------------------------------------------------------------

ANTHROPIC_ERROR_TYPES = {"invalid_request_error", "not_found_error", "request_too_large", "authentication_error",
                         "permission_error", "rate_limit_error", "api_error", "overloaded_error"}
# Wording of Python's own errors, which no API ever answers with.
PYTHON_WORDING = ("Traceback", "object has no attribute", "not subscriptable", "NoneType", "unhashable",
                  "object is not iterable", "takes ", "positional argument", "KeyError", "'<' not supported")
_anthropic_event = pydantic.TypeAdapter(anthropic.types.RawMessageStreamEvent)


class NotHandled(AssertionError):
    """A request that got neither a valid reply nor the API's error."""


def check_error(error: fake_client.APIStatusError, api: str) -> None:
    if not isinstance(error.status_code, int) or not 400 <= error.status_code < 600:
        raise NotHandled(f"status {error.status_code!r}")
    if api == "anthropic":
        body = error.body
        if not (isinstance(body, dict) and body.get("type") == "error" and isinstance(body.get("error"), dict)):
            raise NotHandled(f"not Anthropic's error envelope: {body!r}")
        message, kind = body["error"].get("message"), body["error"].get("type")
        if kind not in ANTHROPIC_ERROR_TYPES:
            raise NotHandled(f"unknown error type {kind!r}")
        if error.type != kind or not str(error).startswith(f"{error.status_code} {message} (") \
                or f"type: {kind})" not in str(error):
            raise NotHandled(f"the exception does not carry its body as the SDK's does: {error}")
    else:
        body = error.body
        if not (isinstance(body, dict) and set(body) == {"message", "type", "param", "code"}):
            raise NotHandled(f"not OpenAI's error object: {body!r}")
        message = body["message"]
        if str(error) != f"Error code: {error.status_code} - {message}":
            raise NotHandled(f"the exception's text is not the SDK's: {error}")
    if not isinstance(message, str) or not message.strip():
        raise NotHandled("an empty error message")
    wording = next((word for word in PYTHON_WORDING if word in message), None)
    if wording:
        raise NotHandled(f"Python's wording ({wording!r}) in the API's error: {message}")


def check_anthropic_reply(reply: object, streamed: bool) -> None:
    if streamed:
        events = list(reply)
        for event in events:
            _anthropic_event.validate_python(event.to_dict())
        if not events or events[0].type != "message_start" or events[-1].type != "message_stop":
            raise NotHandled("a stream that does not start and end as Anthropic's does")
    else:
        anthropic.types.Message.model_validate(reply.to_dict(), strict=True)


def check_openai_reply(reply: object, streamed: bool) -> None:
    if streamed:
        chunks = list(reply)
        if not chunks:
            raise NotHandled("an empty stream")
        for chunk in chunks:
            openai.types.chat.ChatCompletionChunk.model_validate(chunk.to_dict())
    else:
        openai.types.chat.ChatCompletion.model_validate(reply.to_dict(), strict=True)


def outcome(call, api: str, check_reply) -> str:
    """Make the call; "reply" or "error" when it ended as the SDK would, else NotHandled."""
    try:
        reply = call()
    except fake_client.APIStatusError as error:
        check_error(error, api)
        return "error"
    check_reply(reply)
    return "reply"
