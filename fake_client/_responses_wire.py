"""The Responses API wire format: read a checked request into a `Conversation` and `Settings`,
count its tokens, and write the model's reply as a `response` object.

The same model answers as in the other two shapes; only the shape differs:

- the conversation is a list of items: messages (`instructions`, `system` and `developer`
  messages make the system prompt), `function_call` items (the model's calls, matched by
  `call_id`), `function_call_output` items (a result; as in Chat Completions there is no
  error flag, so a text starting with an error word is a failure), `reasoning` items (read as
  nothing, as thinking sent back);
- the reply is a list of output items in order: a `reasoning` item (only when the request sets
  `reasoning` with an effort other than "none": the fake has no model catalogue to say which
  models reason by default), a `message` with one `output_text`, `function_call` items;
- `status` "completed", or "incomplete" with `incomplete_details.reason` "max_output_tokens"
  when the reply was cut (the cut item's `status` is "incomplete" too);
- a function tool that leaves `strict` out is made strict (the Responses API's default,
  unlike Chat Completions': the "Function calling" guide): its schema is normalized into
  strict mode (`_strict.strict_form`: `additionalProperties: false`, every field required,
  so an optional field is always filled in), and the response's `tools` show that schema with
  `strict: true`. A schema that cannot be made strict (an object that allows other
  properties) stays as written with `strict: false`: the guide does not say what the API does
  then, and refusing a request that never asked for strict mode would be worse (assumed).
  `"strict": false` keeps the schema as written; `"strict": true` with a schema strict mode
  refuses is a 400 (`_openai_wire.check_function`).
"""

from __future__ import annotations

import json
from typing import Any, Optional

from ._conversation import Ask, Call, Conversation, Result, Say, Settings, Think, Tool, Turn, link_results
from ._ids import IdCounter
from ._openai_wire import CREATED
from ._reply import Reply, call_words
from ._request_body import plain_body
from ._responses_check import item_type
from ._responses_format import responses_schema
from ._strict import strict_form
from ._thinking import signature
from ._tokens import estimate_tokens
from ._tool_tokens import openai_tools_tokens
from .responses_turns import group_items
from .worlds._reading import looks_like_error


def strict_tool(tool: dict[str, Any]) -> tuple[bool, Optional[dict[str, Any]]]:
    """Whether a function tool is strict, and the schema the model follows (see the module
    docstring): as written, or normalized into strict mode when `strict` is left out."""
    parameters = tool.get("parameters")
    if "strict" in tool and tool["strict"] is not None or parameters is None:
        return tool.get("strict") is not False, parameters
    normalized = strict_form(parameters)
    return (True, normalized) if normalized is not None else (False, parameters)


def is_strict(tool: dict[str, Any]) -> bool:
    """A function tool is strict: it says `"strict": true`, or leaves `strict` out and its
    schema can be made strict."""
    return strict_tool(tool)[0]


def reasons(body: dict[str, Any]) -> bool:
    """The request asks the model to reason (and so to write a `reasoning` item)."""
    reasoning = body.get("reasoning") or {}
    return bool(reasoning) and reasoning.get("effort") != "none"


def read_settings(body: dict[str, Any]) -> Settings:
    """How the checked request asks the model to answer."""
    choice = body.get("tool_choice") or "auto"
    forced = None
    if isinstance(choice, dict):
        choice, forced = "tool", choice["name"]
    tools = body.get("tools") or []
    return Settings(
        tool_choice={"required": "any"}.get(choice, choice), forced_tool=forced,
        parallel=body.get("parallel_tool_calls") is not False,
        max_tokens=body.get("max_output_tokens"),
        strict_tools=frozenset(tool["name"] for tool in tools if is_strict(tool)),
        thinking="enabled" if reasons(body) else None, output_schema=responses_schema(body))


def read_conversation(body: dict[str, Any], items: list[dict[str, Any]]) -> Conversation:
    """The conversation `items` (held ones included) as the model sees it."""
    tools = [Tool(tool["name"], tool.get("description") or "",
                  strict_tool(tool)[1] or {"type": "object", "properties": {}})
             for tool in body.get("tools") or []]
    system = [body["instructions"]] if body.get("instructions") else []
    turns: list[Turn] = []
    # Where one reply ends and the next begins: one rule, shared with the conversation checks.
    for group in group_items(items):
        if group.kind == "assistant":
            turn = Turn("assistant")
            for item in group.items:
                if item_type(item) == "message":
                    turn.texts += _texts(item["content"])
                elif item_type(item) == "function_call":
                    parsed = _arguments(item["arguments"])
                    turn.calls.append(Call(item["call_id"], item["name"], parsed if isinstance(parsed, dict) else {}))
            if turn.texts or turn.calls:  # reasoning sent back alone reads as nothing
                turns.append(turn)
        elif group.kind == "results":
            texts = [(item["call_id"], output_text(item["output"])) for item in group.items]
            turns.append(Turn("user", results=[Result(call_id, text, looks_like_error(text)) for call_id, text in texts]))
        else:
            item = group.items[0]
            texts = _texts(item["content"])
            if item["role"] in ("system", "developer"):
                system += texts
            else:
                turns.append(Turn("user", texts=texts))
    link_results(turns)
    return Conversation(" ".join(system), tools, turns)


def _texts(content: Any) -> list[str]:
    if isinstance(content, str):
        return [content]
    return [part["text"] for part in content if part.get("type") in ("input_text", "output_text")]


def output_text(output: Any) -> str:
    """A function call's output as text (a list of parts: its text parts joined)."""
    if isinstance(output, str):
        return output
    return " ".join(part.get("text", "") for part in output
                    if isinstance(part, dict) and part.get("type") == "input_text")


def _arguments(raw: str) -> Any:
    try:
        return plain_body(json.loads(raw), "openai")
    except (TypeError, ValueError, RecursionError):
        return raw


def chat_shaped_tools(body: dict[str, Any]) -> list[dict[str, Any]]:
    """The flat function tools in the Chat Completions shape, to count them the same way."""
    return [{"type": "function", "function": {key: value for key, value in tool.items() if key != "type"}}
            for tool in body.get("tools") or []]


def tools_tokens(body: dict[str, Any]) -> int:
    """What offering the request's tools costs (`_tool_tokens`, as in Chat Completions)."""
    return openai_tools_tokens(chat_shaped_tools(body))


def input_tokens(body: dict[str, Any], items: list[dict[str, Any]]) -> int:
    """The request's tokens: the tools, the instructions, every message's text, every call's
    name and argument values, every call's output (reasoning items sent back count nothing)."""
    total = tools_tokens(body) + estimate_tokens(body.get("instructions") or "")
    for item in items:
        kind = item_type(item)
        if kind == "message":
            total += sum(estimate_tokens(text) for text in _texts(item["content"]))
        elif kind == "function_call":
            total += estimate_tokens(call_words(item["name"], _arguments(item["arguments"])))
        elif kind == "function_call_output":
            total += estimate_tokens(output_text(item["output"]))
    return total


def write_response(*, body: dict[str, Any], ids: IdCounter, reply: Reply, input_tokens: int) -> dict[str, Any]:
    """The `response` object for `reply`, with fresh ids (the response's first, then each
    output item's in order). Keys in the order openai's `Response` type declares them."""
    response_id = ids.next("responses_reply")
    cut = reply.stop == "max_tokens"
    output = _output_items(body, ids, reply, cut)
    reasoning = body.get("reasoning") or {}
    thinking = sum(estimate_tokens(part.text) for part in reply.parts if isinstance(part, Think))
    text_config = dict(body.get("text") or {})
    text_config.setdefault("format", {"type": "text"})
    text_config.setdefault("verbosity", "medium")
    return {
        "id": response_id, "created_at": CREATED, "error": None,
        "incomplete_details": {"reason": "max_output_tokens"} if cut else None,
        "instructions": body.get("instructions"), "metadata": body.get("metadata") or {},
        "model": body["model"], "object": "response", "output": output,
        "parallel_tool_calls": body.get("parallel_tool_calls") is not False,
        "temperature": body.get("temperature", 1.0), "tool_choice": body.get("tool_choice") or "auto",
        "tools": [_echo_tool(tool) for tool in body.get("tools") or []],
        "top_p": body.get("top_p", 1.0), "background": False,
        "completed_at": None if cut else CREATED,
        "max_output_tokens": body.get("max_output_tokens"),
        "previous_response_id": body.get("previous_response_id"),
        "reasoning": {"effort": reasoning.get("effort"), "summary": reasoning.get("summary")},
        "service_tier": "default", "status": "incomplete" if cut else "completed",
        "text": text_config, "top_logprobs": 0, "truncation": "disabled",
        "usage": {"input_tokens": input_tokens,
                  "input_tokens_details": {"cache_write_tokens": 0, "cached_tokens": 0},
                  "output_tokens": reply.output_tokens,
                  "output_tokens_details": {"reasoning_tokens": thinking},
                  "total_tokens": input_tokens + reply.output_tokens},
        "user": body.get("user"),
    }


def _echo_tool(tool: dict[str, Any]) -> dict[str, Any]:
    """A tool as the response lists it: `strict` filled in, the schema as the model follows it."""
    strict, parameters = strict_tool(tool)
    return {"name": tool["name"], "parameters": parameters, "strict": strict,
            "type": "function", "description": tool.get("description")}


def _output_items(body: dict[str, Any], ids: IdCounter, reply: Reply, cut: bool) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    texts: list[str] = []
    last = len(reply.parts) - 1
    for index, part in enumerate(reply.parts):
        status = "incomplete" if cut and index == last else "completed"
        if isinstance(part, Think):
            items.append(_reasoning_item(body, ids, part, status))
        elif isinstance(part, Say):
            texts.append(part.text)
            following = reply.parts[index + 1] if index < last else None
            if not isinstance(following, Say):
                items.append(_message_item(ids, "\n".join(texts), status))
                texts = []
        elif isinstance(part, Ask):
            items.append(_call_item(ids, part, status))
    return items


def _reasoning_item(body: dict[str, Any], ids: IdCounter, part: Think, status: str) -> dict[str, Any]:
    """A reasoning item: its summary only when `reasoning.summary` asks for one, its
    `encrypted_content` only when `include` asks for "reasoning.encrypted_content" (here the
    thinking's signature, which stands for the real opaque text), a `status` only when
    `max_output_tokens` cut it ("incomplete")."""
    summary = [{"text": part.text, "type": "summary_text"}] if (body.get("reasoning") or {}).get("summary") else []
    item: dict[str, Any] = {"id": ids.next("responses_reasoning"), "summary": summary, "type": "reasoning"}
    if "reasoning.encrypted_content" in (body.get("include") or []):
        item["encrypted_content"] = signature(part.text)
    if status == "incomplete":
        item["status"] = status
    return item


def _message_item(ids: IdCounter, text: str, status: str) -> dict[str, Any]:
    return {"id": ids.next("responses_message"),
            "content": [{"annotations": [], "text": text, "type": "output_text", "logprobs": []}],
            "role": "assistant", "status": status, "type": "message"}


def _call_item(ids: IdCounter, ask: Ask, status: str) -> dict[str, Any]:
    arguments = json.dumps(ask.input, ensure_ascii=False)
    item_id = ids.next("responses_function_call")
    return {"arguments": arguments if ask.complete else arguments[:-1], "call_id": ids.next("openai_call"),
            "name": ask.name, "type": "function_call", "id": item_id,
            "status": status if ask.complete else "incomplete"}


def response_output_text(response: dict[str, Any]) -> Optional[str]:
    """All `output_text` of the response's messages, joined (what the SDK's `output_text` is)."""
    return "".join(part["text"] for item in response["output"] if item["type"] == "message"
                   for part in item["content"] if part["type"] == "output_text")
