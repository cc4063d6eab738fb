"""One recorded call read the same way in every API shape (Messages, Chat Completions,
Responses): the tools offered, the calls the reply asks for, the results the request sends,
the turn it sends back, and how the reply stopped. The checks (``_rules``) read only this."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Optional

from fake_client.responses_turns import group_items, item_kind

# How a reply ended, in one vocabulary for the three shapes.
CALLS, ANSWER, NOT_AN_ANSWER, FAILED = "calls", "answer", "not-an-answer", "failed"


@dataclass
class ToolCall:
    """A call the model asked for: its id, the tool's name, the arguments as parsed (None
    when they are not a JSON object)."""

    id: str
    name: str
    arguments: Optional[dict]


@dataclass
class Result:
    """A result the request sends back: the call's id, its text, and whether it is flagged
    as an error (Messages' ``is_error``; the other shapes have no flag: None)."""

    id: str
    text: str
    flagged: Optional[bool]


@dataclass
class Turn:
    """The model's turn as the request sends it back: the ids of its items in order (blocks,
    tool calls, reasoning items) and the tool-call ids among them."""

    item_ids: list = field(default_factory=list)
    call_ids: list = field(default_factory=list)


@dataclass
class CallView:
    """One recorded call, shape-free."""

    index: int  # 1-based, as the run picture numbers calls (`data-call`)
    api: str
    offered: dict  # tool name → its input schema
    history_turns: list  # every assistant Turn the request carries, in order
    results: list  # the Results after the last assistant turn (what this request answers)
    sent_results: list  # every Result anywhere in the request
    continues: Optional[str]  # Responses' previous_response_id
    reply_id: Optional[str]
    reply_turn: Optional[Turn]
    reply_calls: list  # ToolCalls the reply asks for
    reply_text: str
    ending: str  # CALLS, ANSWER, NOT_AN_ANSWER or FAILED
    stop: str  # the shape's own word for it (stop_reason, finish_reason, status, "error")
    new_conversation: bool  # the request carries no assistant turn and continues nothing
    # Seconds the program slept since the call before (recorded `waited`), and the wait a
    # failed call's answer asked for (recorded `retry_after`; None when it asked none).
    waited: float = 0.0
    wait_asked: Optional[float] = None
    # The texts of the user's own messages the request carries (its questions, not results).
    questions: list = field(default_factory=list)


def read_calls(calls: list) -> list[CallView]:
    """Every recorded call (``fake_client.recording()`` entries) as a CallView."""
    views = []
    for index, call in enumerate(calls, start=1):
        view = _READERS.get(call.get("api"), _read_anthropic)(index, call)
        view.waited = _seconds(call.get("waited")) or 0.0
        view.wait_asked = _seconds(call.get("retry_after"))
        views.append(view)
    return views


def _seconds(value: Any) -> Optional[float]:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def _parsed(arguments: Any) -> Optional[dict]:
    if isinstance(arguments, dict):
        return arguments
    try:
        value = json.loads(arguments)
    except (TypeError, ValueError):
        return None
    return value if isinstance(value, dict) else None


def _text(content: Any) -> str:
    """A result's or message's text: a string, or the text of its text blocks/parts."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(part.get("text") or part.get("refusal") or "" for part in content if isinstance(part, dict))
    return ""


def _ended(call: dict) -> tuple[dict, dict]:
    return call.get("request") or {}, call.get("response") or {}


# --- Messages ---------------------------------------------------------------------------

def _read_anthropic(index: int, call: dict) -> CallView:
    request, response = _ended(call)
    messages = request.get("messages") or []
    turns, results, sent = [], [], []
    for message in messages:
        content = message.get("content")
        blocks = content if isinstance(content, list) else []
        if message.get("role") == "assistant":
            turns.append(Turn([_block_id(b) for b in blocks], [b.get("id") for b in blocks if b.get("type") == "tool_use"]))
            results = []
        else:
            answered = [Result(b.get("tool_use_id"), _text(b.get("content")), bool(b.get("is_error")))
                        for b in blocks if isinstance(b, dict) and b.get("type") == "tool_result"]
            results += answered
            sent += answered
    offered = {tool.get("name"): tool.get("input_schema") or {} for tool in request.get("tools") or []
               if isinstance(tool, dict) and "input_schema" in tool}
    blocks = response.get("content") or []
    reply_calls = [ToolCall(b.get("id"), b.get("name"), _parsed(b.get("input"))) for b in blocks
                   if b.get("type") == "tool_use"]
    stop = response.get("stop_reason") if call.get("response") else "error"
    ending = {"tool_use": CALLS, "end_turn": ANSWER, "stop_sequence": ANSWER, "error": FAILED}.get(stop, NOT_AN_ANSWER)
    return CallView(index, "anthropic", offered, turns, results, sent, None, response.get("id"),
                    Turn([_block_id(b) for b in blocks], [c.id for c in reply_calls]) if call.get("response") else None,
                    reply_calls, "".join(b.get("text", "") for b in blocks if b.get("type") == "text"),
                    ending, stop, not turns, questions=_questions(messages))


def _questions(messages: list) -> list:
    """The text of each user message (a string, or its text blocks/parts; tool results and
    function-call outputs are not questions)."""
    texts = []
    for message in messages:
        if not isinstance(message, dict) or message.get("role") != "user":
            continue
        content = message.get("content")
        if isinstance(content, list):
            content = [part for part in content if isinstance(part, dict) and part.get("type") in ("text", "input_text")]
        text = _text(content).strip()
        if text:
            texts.append(text)
    return texts


def _block_id(block: Any) -> str:
    """A block's identity in a turn: its type, and its id or thinking signature."""
    if not isinstance(block, dict):
        return "text"
    return f"{block.get('type')}:{block.get('id') or block.get('signature') or block.get('data') or ''}"


# --- Chat Completions -------------------------------------------------------------------

def _read_chat(index: int, call: dict) -> CallView:
    request, response = _ended(call)
    turns, results, sent = [], [], []
    for message in request.get("messages") or []:
        if message.get("role") == "assistant":
            ids = [tc.get("id") for tc in message.get("tool_calls") or []]
            turns.append(Turn(list(ids), list(ids)))
            results = []
        elif message.get("role") == "tool":
            results.append(Result(message.get("tool_call_id"), _text(message.get("content")), None))
            sent.append(results[-1])
    offered = {}
    for tool in request.get("tools") or []:
        function = tool.get("function") if isinstance(tool, dict) else None
        if isinstance(function, dict):
            offered[function.get("name")] = function.get("parameters") or {}
    choice = (response.get("choices") or [{}])[0]
    message = choice.get("message") or {}
    reply_calls = [ToolCall(tc.get("id"), (tc.get("function") or {}).get("name"),
                            _parsed((tc.get("function") or {}).get("arguments")))
                   for tc in message.get("tool_calls") or []]
    stop = choice.get("finish_reason") if call.get("response") else "error"
    if stop == "error":
        ending = FAILED
    elif message.get("refusal") or stop in ("length", "content_filter"):
        ending = NOT_AN_ANSWER
    else:  # a forced function answers "stop" with calls: the calls decide
        ending = CALLS if reply_calls else ANSWER
    ids = [c.id for c in reply_calls]
    return CallView(index, "openai", offered, turns, results, sent, None, response.get("id"),
                    Turn(list(ids), list(ids)) if call.get("response") else None, reply_calls,
                    message.get("content") or message.get("refusal") or "", ending, stop, not turns,
                    questions=_questions(request.get("messages") or []))


# --- Responses --------------------------------------------------------------------------

def _read_responses(index: int, call: dict) -> CallView:
    request, response = _ended(call)
    items = request.get("input")
    items = items if isinstance(items, list) else []
    # Where one reply ends and the next begins: the teaching model's own rule, so that the
    # checks and the model never read one conversation two ways.
    turns, results, sent = [], [], []
    for group in group_items(items):
        if group.kind == "assistant":
            turns.append(Turn([_item_id(i) for i in group.items],
                              [i.get("call_id") for i in group.items if item_kind(i) == "function_call"]))
            results = []
        elif group.kind == "results":
            answered = [Result(i.get("call_id"), _text(i.get("output")), None) for i in group.items]
            results += answered
            sent += answered
    offered = {tool.get("name"): tool.get("parameters") or {} for tool in request.get("tools") or []
               if isinstance(tool, dict) and tool.get("type") == "function"}
    output = response.get("output") or []
    reply_calls = [ToolCall(item.get("call_id"), item.get("name"), _parsed(item.get("arguments")))
                   for item in output if item.get("type") == "function_call"]
    refused = any(part.get("type") == "refusal" for item in output if item.get("type") == "message"
                  for part in item.get("content") or [])
    stop = response.get("status") if call.get("response") else "error"
    if stop == "error":
        ending = FAILED
    elif stop != "completed" or refused:
        ending = NOT_AN_ANSWER
    else:
        ending = CALLS if reply_calls else ANSWER
    text = "".join(_text(item.get("content")) for item in output if item.get("type") == "message")
    continues = request.get("previous_response_id")
    return CallView(index, "openai_responses", offered, turns, results, sent, continues, response.get("id"),
                    Turn([_item_id(i) for i in output], [c.id for c in reply_calls]) if call.get("response") else None,
                    reply_calls, text, ending, stop, not turns and not continues, questions=_questions(items))


def _item_id(item: dict) -> str:
    return f"{item.get('type')}:{item.get('call_id') or item.get('id') or ''}"


_READERS = {"anthropic": _read_anthropic, "openai": _read_chat, "openai_responses": _read_responses}
