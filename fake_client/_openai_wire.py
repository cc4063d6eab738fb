"""The OpenAI Chat Completions wire format: check a request as the real API does, read it into
a `Conversation`, count its tokens, and write the reply's JSON.

Error wordings, `param` and `code` are the real API's (HTTP 400, `invalid_request_error`),
including its spelling "preceeding". Indexes count from 0. A forced function that is not
offered is worded as the Responses API words it (the one public quote of this refusal).
"""

from __future__ import annotations

import json
import re
from typing import Any, Optional

from ._conversation import Ask, Call, Conversation, Result, Say, Settings, Tool, Turn, link_results
from ._ids import IdCounter
from ._errors import RequestRefused, json_type
from ._request_body import plain_body
from ._schema_shape import schema_problem
from ._prompt_cache import Piece
from ._reply import Reply, call_words
from ._strict import check_openai_strict
from ._structured import check_openai_response_format, openai_schema
from ._tokens import estimate_tokens
from ._tool_tokens import openai_tools_tokens
from .worlds._reading import looks_like_error

# A fixed time stamp (2026-01-01 00:00 UTC): replies must not change from run to run.
CREATED = 1767225600
_ROLES = ("system", "assistant", "user", "function", "tool", "developer")
# A function's `name` "Must be a-z, A-Z, 0-9, or contain underscores and dashes, with a maximum
# length of 64" (API reference, Chat Completions `tools[].function.name` and Responses
# `tools[].name`, developers.openai.com/api/reference). The API checks the length first; both
# wordings as the API answers them (quoted in ravitemer/mcphub.nvim#243: "Invalid
# 'tools[0].function.name': string too long. Expected a string with maximum length 64, but got
# a string with length 81 instead.", code string_above_max_length).
_TOOL_NAME = re.compile(r"^[a-zA-Z0-9_-]+$")
_TOOL_NAME_MAX = 64


def _missing(param: str) -> RequestRefused:
    return RequestRefused(f"Missing required parameter: '{param}'.", param=param,
                          code="missing_required_parameter")


def _wrong_type(param: str, value: Any, expected: str) -> RequestRefused:
    return RequestRefused(f"Invalid type for '{param}': expected {expected}, but got {json_type(value)} "
                          "instead.", param=param, code="invalid_type")


def _invalid_value(param: str, value: Any, supported: tuple[str, ...]) -> RequestRefused:
    listed = (", ".join(f"'{option}'" for option in supported[:-1]) + f", and '{supported[-1]}'"
              if len(supported) > 1 else f"'{supported[0]}'")
    if not isinstance(value, str):
        return RequestRefused(f"Invalid type for '{param}': expected one of {listed.replace(', and', ', or')}, "
                              f"but got {json_type(value)} instead.", param=param, code="invalid_type")
    return RequestRefused(f"Invalid value: '{value}'. Supported values are: {listed}.", param=param,
                          code="invalid_value")


_EXPECTED = {str: "a string", bool: "a boolean", int: "an integer", dict: "an object", list: "an array"}


def _expect(param: str, value: Any, kind: type) -> None:
    """`value` is of the JSON type `kind` (an int is no boolean, a boolean no int)."""
    if kind is int:
        fits = isinstance(value, int) and not isinstance(value, bool)
    elif kind is float:
        fits = isinstance(value, (int, float)) and not isinstance(value, bool)
    else:
        fits = isinstance(value, kind)
    if not fits:
        raise _wrong_type(param, value, "a number" if kind is float else _EXPECTED[kind])


def _in_range(param: str, value: Any, low: float, high: Optional[float] = None) -> None:
    integer = isinstance(value, int)
    what = "integer" if integer else "decimal"
    if value < low:
        raise RequestRefused(f"Invalid '{param}': {what} below minimum value. Expected a value >= {low:g}, "
                             f"but got {value} instead.", param=param, code=f"{what}_below_min_value")
    if high is not None and value > high:
        raise RequestRefused(f"Invalid '{param}': {what} above maximum value. Expected a value <= {high:g}, "
                             f"but got {value} instead.", param=param, code=f"{what}_above_max_value")


# name: (JSON type, minimum, maximum) of the options that are plain values.
_OPTIONS = {"max_tokens": (int, 1, None), "max_completion_tokens": (int, 1, None), "n": (int, 1, 128),
            "temperature": (float, 0, 2), "top_p": (float, 0, 1), "frequency_penalty": (float, -2, 2),
            "presence_penalty": (float, -2, 2), "seed": (int, None, None), "top_logprobs": (int, 0, 20),
            "parallel_tool_calls": (bool, None, None), "logprobs": (bool, None, None),
            "store": (bool, None, None), "stream": (bool, None, None), "user": (str, None, None),
            "service_tier": (str, None, None), "metadata": (dict, None, None),
            "logit_bias": (dict, None, None), "stream_options": (dict, None, None),
            "reasoning_effort": (str, None, None), "verbosity": (str, None, None),
            "prompt_cache_key": (str, None, None), "safety_identifier": (str, None, None),
            "prompt_cache_retention": (str, None, None), "prompt_cache_options": (dict, None, None)}
_KNOWN = {"model", "messages", "tools", "tool_choice", "stop", "response_format", *_OPTIONS}
# The values openai 3.63 types (`chat/completion_create_params.py`, `shared/reasoning_effort.py`);
# which model takes which effort is the model's own rule (OpenAI's reasoning guide: models
# before gpt-5.1 take no "none", xhigh only after gpt-5.1-codex-max).
_ENUMS = {"verbosity": ("low", "medium", "high"), "prompt_cache_retention": ("in_memory", "24h")}


def check_request(body: dict[str, Any]) -> dict[str, Any]:
    """The request as plain JSON data, or `RequestRefused` with the real API's wording."""
    body = plain_body(body, "openai")
    for name in ("model", "messages"):
        if name not in body:
            raise _missing(name)
    unknown = sorted(set(body) - _KNOWN)
    if unknown:
        raise RequestRefused(f"Unrecognized request argument supplied: {unknown[0]}", param=None, code=None)
    _expect("model", body["model"], str)
    messages = body["messages"]
    if not isinstance(messages, list):
        raise _wrong_type("messages", messages, "an array of objects")
    if not messages:
        raise RequestRefused("Invalid 'messages': empty array. Expected an array with minimum "
                             "length 1, but got an empty array instead.", param="messages",
                             code="empty_array")
    _check_options(body)
    _check_tools(body.get("tools"))
    _check_tool_choice(body)
    _check_stop(body.get("stop"))
    for index, message in enumerate(messages):
        _check_message(index, message)
    check_openai_response_format(body)
    _check_pairs(messages)
    return body


def _check_options(body: dict[str, Any]) -> None:
    for name, (kind, low, high) in _OPTIONS.items():
        if name not in body or body[name] is None:
            continue
        _expect(name, body[name], kind)
        if low is not None:
            _in_range(name, body[name], low, high)
    if body.get("reasoning_effort") is not None and body["reasoning_effort"] not in _EFFORTS:
        raise _invalid_value("reasoning_effort", body["reasoning_effort"], _EFFORTS)
    for name, allowed in _ENUMS.items():
        if body.get(name) is not None and body[name] not in allowed:
            raise _invalid_value(name, body[name], allowed)
    options = body.get("stream_options")
    if options is not None:
        if body.get("stream") is not True:
            raise RequestRefused("The 'stream_options' parameter is only allowed when 'stream' is enabled.",
                                 param="stream_options", code=None)
        if "include_usage" in options:
            _expect("stream_options.include_usage", options["include_usage"], bool)


_EFFORTS = ("none", "minimal", "low", "medium", "high", "xhigh", "max")


def function_tools(tools: Any):
    """Each tool of a `tools` list as `(where, tool)`, once the checks both OpenAI shapes make
    of every tool hold: a list of objects, each of `type` "function" (the fake offers only
    function tools: no web search, file search, …)."""
    if tools is None:
        return
    _expect("tools", tools, list)
    for index, tool in enumerate(tools):
        where = f"tools[{index}]"
        _expect(where, tool, dict)
        if "type" not in tool:
            raise _missing(f"{where}.type")
        if tool["type"] != "function":
            raise _invalid_value(f"{where}.type", tool["type"], ("function", "custom"))
        yield where, tool


def _check_tools(tools: Any) -> None:
    for where, tool in function_tools(tools):
        if "function" not in tool:
            raise _missing(f"{where}.function")
        function = tool["function"]
        _expect(f"{where}.function", function, dict)
        check_function(function, f"{where}.function")


def named_function_choice(choice: Any) -> Optional[dict[str, Any]]:
    """`tool_choice` as both OpenAI shapes take it: left out, one of three words, or an object
    of `type` "function", which is returned (None otherwise) for the shape to read its name."""
    if choice is None:
        return None
    if isinstance(choice, str):
        if choice not in ("none", "auto", "required"):
            raise _invalid_value("tool_choice", choice, ("none", "auto", "required"))
        return None
    if not isinstance(choice, dict) or choice.get("type") != "function":
        raise RequestRefused("Invalid value for 'tool_choice': expected one of 'none', 'auto', "
                             "'required', or an object with 'type': 'function'.",
                             param="tool_choice", code="invalid_value")
    return choice


def check_function(function: dict[str, Any], where: str) -> None:
    """A function definition as both OpenAI shapes hold it (Chat Completions under
    `tools[i].function`, the Responses API flat in `tools[i]`); `where` is its path there."""
    if "name" not in function:
        raise _missing(f"{where}.name")
    name = function["name"]
    if isinstance(name, str) and len(name) > _TOOL_NAME_MAX:
        raise RequestRefused(f"Invalid '{where}.name': string too long. Expected a string with maximum "
                             f"length {_TOOL_NAME_MAX}, but got a string with length {len(name)} instead.",
                             param=f"{where}.name", code="string_above_max_length")
    if not isinstance(name, str) or not _TOOL_NAME.match(name):
        raise RequestRefused(f"Invalid '{where}.name': string does not match pattern. Expected a "
                             "string that matches the pattern '^[a-zA-Z0-9_-]+$'.",
                             param=f"{where}.name", code="invalid_value")
    for field, kind in (("description", str), ("strict", bool)):
        if function.get(field) is not None:
            _expect(f"{where}.{field}", function[field], kind)
    schema = function.get("parameters")
    if schema is not None and (not isinstance(schema, dict) or schema.get("type") != "object"):
        got = schema.get("type") if isinstance(schema, dict) else None
        raise RequestRefused(f"Invalid schema for function '{function['name']}': schema must be a JSON "
                             f"Schema of 'type: \"object\"', got 'type: \"{got}\"'.",
                             param=f"{where}.parameters", code="invalid_function_parameters")
    problem = schema_problem(schema) if schema is not None else None
    if problem:
        context, what = problem
        raise RequestRefused(f"Invalid schema for function '{function['name']}': In context={context!r}, "
                             f"{what}.", param=f"{where}.parameters", code="invalid_function_parameters")
    if function.get("strict"):
        check_openai_strict(function["name"], schema or {"type": "object", "properties": {}},
                            f"{where}.parameters")


def _check_tool_choice(body: dict[str, Any]) -> None:
    names = {tool["function"]["name"] for tool in body.get("tools") or []}
    for field in ("tool_choice", "parallel_tool_calls"):
        if field in body and not names:
            raise RequestRefused(f"Invalid value for '{field}': '{field}' is only allowed when "
                                 "'tools' are specified.", param=field, code=None)
    choice = named_function_choice(body.get("tool_choice"))
    if choice is None:
        return
    function = choice.get("function")
    if function is None:
        raise _missing("tool_choice.function")
    _expect("tool_choice.function", function, dict)
    name = function.get("name")
    if not isinstance(name, str):
        raise _missing("tool_choice.function.name")
    if name not in names:
        raise RequestRefused(f"Tool choice '{name}' not found in 'tools' parameter.",
                             param="tool_choice", code=None)


def _check_stop(stop: Any) -> None:
    if stop is None or isinstance(stop, str):
        return
    if not isinstance(stop, list) or not all(isinstance(item, str) for item in stop):
        raise RequestRefused("Invalid type for 'stop': expected one of a string or array of "
                             "strings.", param="stop", code="invalid_type")
    if len(stop) > 4:
        raise RequestRefused(f"Invalid 'stop': array too long. Expected an array with maximum "
                             f"length 4, but got an array with length {len(stop)} instead.",
                             param="stop", code="array_above_max_length")


_PARTS = ("text", "image_url", "input_audio", "refusal", "file")


def _check_message(index: int, message: Any) -> None:
    where = f"messages[{index}]"
    _expect(where, message, dict)
    if "role" not in message:
        raise _missing(f"{where}.role")
    role = message["role"]
    if role not in _ROLES:
        raise _invalid_value(f"{where}.role", role, _ROLES)
    if role in ("system", "user", "developer", "tool") and "content" not in message:
        raise _missing(f"{where}.content")
    if role == "tool":
        if "tool_call_id" not in message:
            raise _missing(f"{where}.tool_call_id")
        _expect(f"{where}.tool_call_id", message["tool_call_id"], str)
    if message.get("name") is not None:
        _expect(f"{where}.name", message["name"], str)
    content = message.get("content")
    if isinstance(content, list):
        for number, part in enumerate(content):
            _check_part(f"{where}.content[{number}]", part)
    elif content is None and role in ("system", "user", "developer", "tool"):
        raise RequestRefused("Invalid value for 'content': expected a string, got null.",
                             param=f"messages.[{index}].content", code=None)
    elif content is not None and not isinstance(content, str):
        raise RequestRefused(f"Invalid type for '{where}.content': expected one of a string or "
                             f"array of objects, but got {json_type(content)} instead.",
                             param=f"{where}.content", code="invalid_type")
    calls = message.get("tool_calls")
    if calls is None:
        return
    _expect(f"{where}.tool_calls", calls, list)
    if not calls:
        raise RequestRefused(f"Invalid '{where}.tool_calls': empty array. Expected an array with minimum "
                             "length 1, but got an empty array instead.", param=f"{where}.tool_calls",
                             code="empty_array")
    for number, call in enumerate(calls):
        call_where = f"{where}.tool_calls[{number}]"
        _expect(call_where, call, dict)
        for name in ("id", "type", "function"):
            if name not in call:
                raise _missing(f"{call_where}.{name}")
        _expect(f"{call_where}.id", call["id"], str)
        if call["type"] != "function":
            raise _invalid_value(f"{call_where}.type", call["type"], ("function",))
        _expect(f"{call_where}.function", call["function"], dict)
        for name in ("name", "arguments"):
            if name not in call["function"]:
                raise _missing(f"{call_where}.function.{name}")
            _expect(f"{call_where}.function.{name}", call["function"][name], str)


def _check_part(where: str, part: Any) -> None:
    _expect(where, part, dict)
    if "type" not in part:
        raise _missing(f"{where}.type")
    if part["type"] not in _PARTS:
        raise _invalid_value(f"{where}.type", part["type"], _PARTS)
    kind = part["type"]
    if kind in ("text", "refusal"):
        if kind not in part:
            raise _missing(f"{where}.{kind}")
        _expect(f"{where}.{kind}", part[kind], str)


def _check_pairs(messages: list[dict[str, Any]]) -> None:
    """Tool messages answer the calls of the assistant message just before them; every call
    is answered before the conversation goes on."""
    waiting: list[str] = []
    asked_at: Optional[int] = None
    for index, message in enumerate(messages):
        role = message["role"]
        if role == "tool":
            if asked_at is None or message["tool_call_id"] not in waiting:
                raise RequestRefused("Invalid parameter: messages with role 'tool' must be a "
                                     "response to a preceeding message with 'tool_calls'.",
                                     param=f"messages.[{index}].role", code=None)
            waiting.remove(message["tool_call_id"])
            continue
        if waiting:
            _unanswered(asked_at, waiting)
        waiting, asked_at = [], None
        if role == "assistant" and message.get("tool_calls"):
            waiting = [call["id"] for call in message["tool_calls"]]
            asked_at = index
    if waiting:
        _unanswered(asked_at, waiting)


def _unanswered(index: Optional[int], ids: list[str]) -> None:
    raise RequestRefused("An assistant message with 'tool_calls' must be followed by tool "
                         "messages responding to each 'tool_call_id'. The following "
                         f"tool_call_ids did not have response messages: {', '.join(ids)}",
                         param=f"messages.[{index}].role", code=None)


def max_tokens(body: dict[str, Any]) -> Optional[int]:
    """The reply's token limit, if the request sets one."""
    limit = body.get("max_completion_tokens", body.get("max_tokens"))
    return limit if isinstance(limit, int) else None


def _text_pieces(content: Any) -> list[str]:
    if isinstance(content, str):
        return [content]
    if isinstance(content, list):
        return [part["text"] for part in content if part.get("type") == "text"]
    return []


def _arguments(call: dict[str, Any]) -> Any:
    """A call's arguments parsed from their JSON string (the raw string if it is not JSON)."""
    raw = call["function"]["arguments"]
    try:
        return plain_body(json.loads(raw), "openai")
    except (TypeError, ValueError, RecursionError, RequestRefused):  # not JSON, or nested too deep
        return raw


def tools_tokens(body: dict[str, Any]) -> int:
    """What offering the request's tools costs: their framing and each whole definition
    (`_tool_tokens`); 0 without tools."""
    return openai_tools_tokens(body.get("tools") or [])


def cache_pieces(body: dict[str, Any]) -> list[Piece]:
    """The prompt's pieces for automatic caching, in order: the tools as one piece, then each
    message; their tokens add up to `input_tokens` (`_prompt_cache`)."""
    pieces = [Piece(body.get("tools") or [], tools_tokens(body))]
    for message in body["messages"]:
        tokens = sum(estimate_tokens(piece) for piece in _text_pieces(message.get("content")))
        tokens += sum(estimate_tokens(call_words(call["function"]["name"], _arguments(call)))
                      for call in message.get("tool_calls") or [])
        pieces.append(Piece(message, tokens))
    return pieces


def input_tokens(body: dict[str, Any]) -> int:
    """The request's tokens: with tools, their framing and each whole definition
    (`tools_tokens`); every message's text pieces, every tool call's name and argument
    values."""
    total = tools_tokens(body)
    for message in body["messages"]:
        total += sum(estimate_tokens(piece) for piece in _text_pieces(message.get("content")))
        for call in message.get("tool_calls") or []:
            total += estimate_tokens(call_words(call["function"]["name"], _arguments(call)))
    return total


def read_settings(body: dict[str, Any]) -> Settings:
    """How the checked request asks the model to answer."""
    choice = body.get("tool_choice") or "auto"
    forced = None
    if isinstance(choice, dict):
        choice, forced = "tool", choice["function"]["name"]
    stop = body.get("stop")
    return Settings(
        tool_choice={"required": "any"}.get(choice, choice), forced_tool=forced,
        parallel=body.get("parallel_tool_calls") is not False, max_tokens=max_tokens(body),
        stop_sequences=(stop,) if isinstance(stop, str) else tuple(stop or ()),
        strict_tools=frozenset(tool["function"]["name"] for tool in body.get("tools") or []
                               if tool["function"].get("strict")),
        output_schema=openai_schema(body))


def read_conversation(body: dict[str, Any]) -> Conversation:
    """The checked request as the model sees it (system messages become the system prompt)."""
    tools = [Tool(tool["function"]["name"], tool["function"].get("description", ""),
                  tool["function"].get("parameters") or {"type": "object", "properties": {}})
             for tool in body.get("tools") or []]
    system: list[str] = []
    turns: list[Turn] = []
    for message in body["messages"]:
        role = message["role"]
        texts = _text_pieces(message.get("content"))
        if role in ("system", "developer"):
            system += texts
        elif role == "tool":
            content = " ".join(texts)
            result = Result(message["tool_call_id"], content, looks_like_error(content))
            if turns and turns[-1].role == "user" and turns[-1].results and not turns[-1].texts:
                turns[-1].results.append(result)
            else:
                turns.append(Turn("user", results=[result]))
        elif role == "assistant":
            arguments = [(call, _arguments(call)) for call in message.get("tool_calls") or []]
            turns.append(Turn("assistant", texts=texts, calls=[
                Call(call["id"], call["function"]["name"], parsed if isinstance(parsed, dict) else {})
                for call, parsed in arguments]))
        else:
            turns.append(Turn("user", texts=texts))
    link_results(turns)
    return Conversation(" ".join(system), tools, turns)


def write_reply(*, reply_id: str, model: str, reply: Reply, call_ids: list[str],
                input_tokens: int, forced_function: bool = False, cached_tokens: int = 0) -> dict[str, Any]:
    """The response JSON; `call_ids` are the ids for the `Ask` parts, in order.
    `forced_function`: `tool_choice` named a function, and the real API then reports
    `finish_reason` "stop", not "tool_calls"."""
    texts = [part.text for part in reply.parts if isinstance(part, Say)]
    asks = [part for part in reply.parts if isinstance(part, Ask)]
    message: dict[str, Any] = {"content": "\n".join(texts) if texts else None, "refusal": None,
                               "role": "assistant"}
    if asks:
        message["tool_calls"] = [
            {"id": call_id, "function": {"arguments": _arguments_text(ask), "name": ask.name},
             "type": "function"} for call_id, ask in zip(call_ids, asks)]
    finish = {"end": "stop", "stop_sequence": "stop", "max_tokens": "length",
              "tool_use": "stop" if forced_function else "tool_calls"}[reply.stop]
    return {"id": reply_id,
            "choices": [{"finish_reason": finish, "index": 0, "logprobs": None, "message": message}],
            "created": CREATED, "model": model, "object": "chat.completion",
            "usage": completion_usage(input_tokens, reply.output_tokens, cached_tokens)}


def completion_usage(prompt_tokens: int, completion_tokens: int, cached_tokens: int = 0) -> dict[str, Any]:
    """A `CompletionUsage` as the API sends it, both detail objects present: `cached_tokens`
    (the part of `prompt_tokens` read from the prompt cache), no audio, no predicted output;
    the fake's OpenAI models reason only in the Responses API shape, so `reasoning_tokens` is
    0 here."""
    return {"completion_tokens": completion_tokens, "prompt_tokens": prompt_tokens,
            "total_tokens": prompt_tokens + completion_tokens,
            "completion_tokens_details": {"accepted_prediction_tokens": 0, "audio_tokens": 0,
                                          "reasoning_tokens": 0, "rejected_prediction_tokens": 0},
            "prompt_tokens_details": {"audio_tokens": 0, "cached_tokens": cached_tokens}}


def _arguments_text(ask: Ask) -> str:
    """The arguments as JSON text; a call cut by the token limit lacks its closing brace."""
    text = json.dumps(ask.input, ensure_ascii=False)
    return text if ask.complete else text[:-1]


def more_choices(reply: dict[str, Any], n: Any, ids: IdCounter) -> dict[str, Any]:
    """`n` choices, as the API gives them for `n` > 1 (its reference: "How many chat
    completion choices to generate for each input message"; billed for every choice). The
    fake's model answers the same request the same way, so each choice is the first again,
    with its own `index` and its own call ids; `completion_tokens` counts them all."""
    if not isinstance(n, int) or isinstance(n, bool) or n <= 1:
        return reply
    first = reply["choices"][0]
    choices = [first]
    for index in range(1, n):
        message = json.loads(json.dumps(first["message"]))
        for call in message.get("tool_calls") or []:
            call["id"] = ids.next("openai_call")
        choices.append({**first, "index": index, "message": message})
    usage = dict(reply["usage"])
    usage["completion_tokens"] *= n
    usage["total_tokens"] = usage["prompt_tokens"] + usage["completion_tokens"]
    return {**reply, "choices": choices, "usage": usage}
