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
from ._errors import RequestRefused
from ._model_base import to_plain
from ._reply import Reply, call_words
from ._strict import check_openai_strict
from ._structured import check_openai_response_format, openai_schema
from ._tokens import estimate_tokens
from ._tool_tokens import openai_tools_tokens
from .worlds._reading import looks_like_error

# A fixed time stamp (2026-01-01 00:00 UTC): replies must not change from run to run.
CREATED = 1767225600
_ROLES = ("system", "assistant", "user", "function", "tool", "developer")
_TOOL_NAME = re.compile(r"^[a-zA-Z0-9_-]+$")


def _missing(param: str) -> RequestRefused:
    return RequestRefused(f"Missing required parameter: '{param}'.", param=param,
                          code="missing_required_parameter")


def check_request(body: dict[str, Any]) -> dict[str, Any]:
    """The request as plain JSON data, or `RequestRefused` with the real API's wording."""
    body = to_plain(body)
    for name in ("model", "messages"):
        if name not in body:
            raise _missing(name)
    messages = body["messages"]
    if not isinstance(messages, list):
        raise RequestRefused("Invalid type for 'messages': expected an array of objects, but got "
                             f"{type(messages).__name__} instead.", param="messages",
                             code="invalid_type")
    if not messages:
        raise RequestRefused("Invalid 'messages': empty array. Expected an array with minimum "
                             "length 1, but got an empty array instead.", param="messages",
                             code="empty_array")
    _check_tools(body.get("tools"))
    _check_tool_choice(body)
    _check_stop(body.get("stop"))
    check_openai_response_format(body)
    for index, message in enumerate(messages):
        _check_message(index, message)
    _check_pairs(messages)
    return body


def _check_tools(tools: Any) -> None:
    if tools is None:
        return
    for index, tool in enumerate(tools):
        where = f"tools[{index}]"
        if "type" not in tool:
            raise _missing(f"{where}.type")
        if tool["type"] != "function":
            raise RequestRefused(f"Invalid value: '{tool['type']}'. Supported values are: "
                                 "'function' and 'custom'.", param=f"{where}.type",
                                 code="invalid_value")
        if "function" not in tool:
            raise _missing(f"{where}.function")
        function = tool["function"]
        if "name" not in function:
            raise _missing(f"{where}.function.name")
        if not isinstance(function["name"], str) or not _TOOL_NAME.match(function["name"]):
            raise RequestRefused(f"Invalid '{where}.function.name': string does not match "
                                 "pattern. Expected a string that matches the pattern "
                                 "'^[a-zA-Z0-9_-]+$'.", param=f"{where}.function.name",
                                 code="invalid_value")
        schema = function.get("parameters")
        if schema is not None and (not isinstance(schema, dict) or schema.get("type") != "object"):
            got = schema.get("type") if isinstance(schema, dict) else None
            raise RequestRefused(f"Invalid schema for function '{function['name']}': schema must "
                                 "be a JSON Schema of 'type: \"object\"', got "
                                 f"'type: \"{got}\"'.", param=f"{where}.function.parameters",
                                 code="invalid_function_parameters")
        if function.get("strict"):
            check_openai_strict(function["name"], schema or {"type": "object", "properties": {}},
                                f"{where}.function.parameters")


def _check_tool_choice(body: dict[str, Any]) -> None:
    names = {tool["function"]["name"] for tool in body.get("tools") or []}
    for field in ("tool_choice", "parallel_tool_calls"):
        if field in body and not names:
            raise RequestRefused(f"Invalid value for '{field}': '{field}' is only allowed when "
                                 "'tools' are specified.", param=field, code=None)
    choice = body.get("tool_choice")
    if choice is None:
        return
    if isinstance(choice, str):
        if choice not in ("none", "auto", "required"):
            raise RequestRefused(f"Invalid value: '{choice}'. Supported values are: 'none', "
                                 "'auto', and 'required'.", param="tool_choice",
                                 code="invalid_value")
        return
    if not isinstance(choice, dict) or choice.get("type") != "function":
        raise RequestRefused("Invalid value for 'tool_choice': expected one of 'none', 'auto', "
                             "'required', or an object with 'type': 'function'.",
                             param="tool_choice", code="invalid_value")
    name = (choice.get("function") or {}).get("name")
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


def _check_message(index: int, message: Any) -> None:
    where = f"messages[{index}]"
    if "role" not in message:
        raise _missing(f"{where}.role")
    role = message["role"]
    if role not in _ROLES:
        raise RequestRefused(f"Invalid value: '{role}'. Supported values are: 'system', "
                             "'assistant', 'user', 'function', 'tool', and 'developer'.",
                             param=f"{where}.role", code="invalid_value")
    if role in ("system", "user", "developer", "tool") and "content" not in message:
        raise _missing(f"{where}.content")
    if role == "tool" and "tool_call_id" not in message:
        raise _missing(f"{where}.tool_call_id")
    content = message.get("content")
    if isinstance(content, list):
        for number, part in enumerate(content):
            kind = part.get("type") if isinstance(part, dict) else None
            if kind not in ("text", "image_url", "input_audio", "refusal", "file"):
                raise RequestRefused(f"Invalid value: '{kind}'. Supported values are: 'text', "
                                     "'image_url', 'input_audio', 'refusal', and 'file'.",
                                     param=f"{where}.content[{number}].type", code="invalid_value")
    elif content is None and role in ("system", "user", "developer", "tool"):
        raise RequestRefused("Invalid value for 'content': expected a string, got null.",
                             param=f"messages.[{index}].content", code=None)
    elif content is not None and not isinstance(content, str):
        raise RequestRefused(f"Invalid type for '{where}.content': expected one of a string or "
                             "array of objects, but got an object instead.",
                             param=f"{where}.content", code="invalid_type")
    for number, call in enumerate(message.get("tool_calls") or []):
        call_where = f"{where}.tool_calls[{number}]"
        for name in ("id", "type", "function"):
            if name not in call:
                raise _missing(f"{call_where}.{name}")
        for name in ("name", "arguments"):
            if name not in call["function"]:
                raise _missing(f"{call_where}.function.{name}")


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
        return json.loads(raw)
    except (TypeError, ValueError):
        return raw


def tools_tokens(body: dict[str, Any]) -> int:
    """What offering the request's tools costs: their framing and each whole definition
    (`_tool_tokens`); 0 without tools."""
    return openai_tools_tokens(body.get("tools") or [])


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
                input_tokens: int, forced_function: bool = False) -> dict[str, Any]:
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
            "usage": {"completion_tokens": reply.output_tokens, "prompt_tokens": input_tokens,
                      "total_tokens": input_tokens + reply.output_tokens}}


def _arguments_text(ask: Ask) -> str:
    """The arguments as JSON text; a call cut by the token limit lacks its closing brace."""
    text = json.dumps(ask.input, ensure_ascii=False)
    return text if ask.complete else text[:-1]
