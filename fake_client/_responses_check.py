"""The Responses API request, field by field: what `POST /v1/responses` refuses before it looks
at the conversation.

Wordings, `param` and `code` follow the real validator's patterns, the ones the Chat
Completions shape quotes (`_openai_wire`): "Missing required parameter: 'input[0].call_id'.",
"Invalid type for 'max_output_tokens': expected an integer, but got a string instead.",
"Invalid value: 'x'. Supported values are: …". Where a Responses-only rule has no public quote,
its comment says the wording is the fake's own. The rules of the tool loop itself (a call
without its output, …) are in `_responses_loop`; the `text.format` rules in
`_responses_format`.
"""

from __future__ import annotations

from typing import Any

from ._errors import RequestRefused, json_type
from ._openai_wire import (_expect, _in_range, _invalid_value, _missing, _wrong_type, check_function,
                           function_tools, named_function_choice)
from ._responses_format import check_text_format

# name: (JSON type, minimum, maximum) of the options that are plain values. `max_output_tokens`
# has a floor of 16: "Invalid 'max_output_tokens': integer below minimum value. Expected a value
# >= 16, but got 10 instead." (code `integer_below_min_value`), quoted in
# github.com/vectorize-io/hindsight/issues/58.
_OPTIONS = {"max_output_tokens": (int, 16, None), "max_tool_calls": (int, 1, None),
            "temperature": (float, 0, 2), "top_p": (float, 0, 1), "top_logprobs": (int, 0, 20),
            "parallel_tool_calls": (bool, None, None), "store": (bool, None, None),
            "stream": (bool, None, None), "background": (bool, None, None),
            "instructions": (str, None, None), "previous_response_id": (str, None, None),
            "user": (str, None, None), "safety_identifier": (str, None, None),
            "prompt_cache_key": (str, None, None), "service_tier": (str, None, None),
            "truncation": (str, None, None), "metadata": (dict, None, None),
            "reasoning": (dict, None, None), "text": (dict, None, None),
            "include": (list, None, None), "stream_options": (dict, None, None)}
_KNOWN = {"model", "input", "tools", "tool_choice", *_OPTIONS}

# `reasoning.effort` and `reasoning.summary` as openai 3.63 types them (`shared/reasoning.py`).
EFFORTS = ("none", "minimal", "low", "medium", "high", "xhigh", "max")
SUMMARIES = ("auto", "concise", "detailed")
# What `include` may ask for that concerns a tool loop; the API lists more (files, images, …).
INCLUDABLE = ("reasoning.encrypted_content", "message.output_text.logprobs",
              "file_search_call.results", "web_search_call.action.sources",
              "code_interpreter_call.outputs", "computer_call_output.output.image_url",
              "message.input_image.image_url")
ITEM_TYPES = ("message", "function_call", "function_call_output", "reasoning")
ROLES = ("user", "assistant", "system", "developer")


def check_request(body: dict[str, Any]) -> None:
    """Every field of a Responses request, refused with the real API's wording."""
    if "model" not in body:
        raise _missing("model")
    unknown = sorted(set(body) - _KNOWN)
    if unknown:
        raise RequestRefused(f"Unrecognized request argument supplied: {unknown[0]}", param=None, code=None)
    _expect("model", body["model"], str)
    if "input" not in body:
        raise _missing("input")
    for name, (kind, low, high) in _OPTIONS.items():
        if body.get(name) is None:
            continue
        _expect(name, body[name], kind)
        if low is not None:
            _in_range(name, body[name], low, high)
    _check_reasoning(body.get("reasoning"))
    _check_include(body.get("include"))
    _check_tools(body.get("tools"))
    _check_tool_choice(body)
    _check_input(body["input"])
    check_text_format(body)


def _check_reasoning(reasoning: Any) -> None:
    if reasoning is None:
        return
    for field, allowed in (("effort", EFFORTS), ("summary", SUMMARIES)):
        value = reasoning.get(field)
        if value is not None and value not in allowed:
            raise _invalid_value(f"reasoning.{field}", value, allowed)


def _check_include(include: Any) -> None:
    for index, value in enumerate(include or []):
        if value not in INCLUDABLE:
            raise _invalid_value(f"include[{index}]", value, INCLUDABLE)


def _check_tools(tools: Any) -> None:
    """Function tools in the flat shape: `{"type": "function", "name", "description",
    "parameters", "strict"}`."""
    for where, tool in function_tools(tools):
        if tool.get("parameters") is not None:
            _expect(f"{where}.parameters", tool["parameters"], dict)
        # A missing `name` is also where a tool in the Chat Completions shape (`{"type":
        # "function", "function": {...}}`) ends: the commonest slip when moving to this API.
        check_function(tool, where)


def _check_tool_choice(body: dict[str, Any]) -> None:
    choice = named_function_choice(body.get("tool_choice"))
    if choice is None:
        return
    name = choice.get("name")
    if not isinstance(name, str):
        raise _missing("tool_choice.name")
    names = {tool["name"] for tool in body.get("tools") or []}
    if name not in names:
        # Quoted from the Responses API's replies (the wording `_openai_wire` also uses).
        raise RequestRefused(f"Tool choice '{name}' not found in 'tools' parameter.",
                             param="tool_choice", code=None)


def _check_input(items: Any) -> None:
    """`input`: text (one user message), or a list of items."""
    if isinstance(items, str):
        return
    if not isinstance(items, list):
        raise RequestRefused(f"Invalid type for 'input': expected one of a string or array of input "
                             f"items, but got {json_type(items)} instead.", param="input",
                             code="invalid_type")
    for index, item in enumerate(items):
        _check_item(f"input[{index}]", item)


def item_type(item: dict[str, Any]) -> str:
    """An input item's type: a message may leave `type` out (`{"role", "content"}`)."""
    return item.get("type", "message")


def _check_item(where: str, item: Any) -> None:
    _expect(where, item, dict)
    kind = item_type(item)
    if kind not in ITEM_TYPES:
        raise _invalid_value(f"{where}.type", kind, ITEM_TYPES)
    required = {"message": ("role", "content"), "function_call": ("call_id", "name", "arguments"),
                "function_call_output": ("call_id", "output"), "reasoning": ("summary",)}[kind]
    for field in required:
        if field not in item:
            raise _missing(f"{where}.{field}")
    if kind == "message":
        if item["role"] not in ROLES:
            raise _invalid_value(f"{where}.role", item["role"], ROLES)
        _check_content(f"{where}.content", item["content"])
    elif kind == "function_call":
        for field in ("call_id", "name", "arguments"):
            _expect(f"{where}.{field}", item[field], str)
    elif kind == "function_call_output":
        _expect(f"{where}.call_id", item["call_id"], str)
        if not isinstance(item["output"], (str, list)):
            raise RequestRefused(f"Invalid type for '{where}.output': expected one of a string or array "
                                 f"of objects, but got {json_type(item['output'])} instead.",
                                 param=f"{where}.output", code="invalid_type")
    else:
        _expect(f"{where}.summary", item["summary"], list)
    if item.get("id") is not None:
        _expect(f"{where}.id", item["id"], str)


_PARTS = ("input_text", "output_text", "refusal", "input_image", "input_file", "input_audio")


def _check_content(where: str, content: Any) -> None:
    if isinstance(content, str):
        return
    if not isinstance(content, list):
        raise _wrong_type(where, content, "one of a string or array of objects")
    for index, part in enumerate(content):
        _expect(f"{where}[{index}]", part, dict)
        kind = part.get("type")
        if kind is None:
            raise _missing(f"{where}[{index}].type")
        if kind not in _PARTS:
            raise _invalid_value(f"{where}[{index}].type", kind, _PARTS)
        field = "refusal" if kind == "refusal" else "text"
        if kind in ("input_text", "output_text", "refusal"):
            if field not in part:
                raise _missing(f"{where}[{index}].{field}")
            _expect(f"{where}[{index}].{field}", part[field], str)
