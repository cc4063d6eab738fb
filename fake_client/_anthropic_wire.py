"""The Anthropic Messages wire format: check a request as the real API does, read it into a
`Conversation`, count its tokens, and write the reply's JSON.

Error wordings are the real API's (HTTP 400, `invalid_request_error`), quoted from its
replies; `messages.N` counts messages from 0 and `content.M` blocks from 0, as it does. Two
wordings are the fake's own, because no public report quotes the real one: a `tool_choice`
that forces a tool without `tools`, and one that names a tool not offered.
"""

from __future__ import annotations

import re
from typing import Any, Optional

from . import _structured, _thinking
from ._conversation import (Ask, Call, Conversation, Result, Say, Settings, Think, Tool, Turn,
                            link_results)
from ._errors import RequestRefused, tagged_type
from ._request_body import plain_body
from ._schema_shape import ANTHROPIC_INVALID, schema_problem
from ._anthropic_types import usage_json
from ._models import card
from ._prompt_cache import CacheUse, Piece, ttl_of
from ._reply import Reply, call_words, part_words
from ._tokens import estimate_tokens
from ._server_tools import check_definition, custom_tools, is_typed, typed_names
from ._tool_tokens import anthropic_tools_tokens, definition_tokens

# "Define tools" (platform.claude.com/docs/en/agents-and-tools/tool-use/define-tools): a
# user-defined tool's `name` "Must match the regex ^[a-zA-Z0-9_-]{1,128}$" (64 was the old limit).
_TOOL_NAME = re.compile(r"^[a-zA-Z0-9_-]{1,128}$")
_ID = re.compile(r"^[a-zA-Z0-9_-]+$")  # a tool_use id, and a tool_result's tool_use_id
_KNOWN_BLOCKS = ("document", "image", "redacted_thinking", "search_result", "server_tool_use",
                 "text", "thinking", "tool_result", "tool_use", "web_search_tool_result")
_CHOICES = ("auto", "any", "tool", "none")
_STOP_REASONS = {"end": "end_turn", "tool_use": "tool_use", "max_tokens": "max_tokens",
                 "stop_sequence": "stop_sequence"}


def check_request(body: dict[str, Any]) -> dict[str, Any]:
    """The request as plain JSON data, or `RequestRefused` with the real API's wording."""
    body = plain_body(body, "anthropic")
    for name in ("model", "max_tokens", "messages"):
        if name not in body:
            raise RequestRefused(f"{name}: Field required")
    for name in body:
        if name not in _FIELDS:
            raise RequestRefused(f"{name}: Extra inputs are not permitted")
    if not isinstance(body["model"], str):
        raise RequestRefused("model: Input should be a valid string")
    max_tokens = body["max_tokens"]
    if isinstance(max_tokens, bool) or not isinstance(max_tokens, int):
        raise RequestRefused("max_tokens: Input should be a valid integer")
    if max_tokens < 1:
        raise RequestRefused("max_tokens: Input should be greater than or equal to 1")
    _check_options(body)
    _check_system(body.get("system"))
    _check_tools(body.get("tools"))
    _check_tool_choice(body.get("tool_choice"), body.get("tools") or [])
    _check_stop_sequences(body.get("stop_sequences"))
    _thinking.check_settings(body)
    _structured.check_anthropic_output(body.get("output_config"))
    check_messages(body)
    return body


# Every field of a Messages request the fake knows (the beta's `thread` is taken off before
# this check, by the server-held threads).
_FIELDS = ("model", "max_tokens", "messages", "system", "tools", "tool_choice", "temperature", "top_p",
           "top_k", "stop_sequences", "metadata", "thinking", "service_tier", "output_config", "stream",
           "container", "mcp_servers", "context_management", "inference_geo", "speed", "diagnostics",
           "user_profile_id", "workspace_id", "cache_control")
# name: (check, the error's wording)
_OPTIONS = {
    "temperature": (lambda v: _number(v) and 0 <= v <= 1, "Input should be a valid number between 0 and 1"),
    "top_p": (lambda v: _number(v) and 0 <= v <= 1, "Input should be a valid number between 0 and 1"),
    "top_k": (lambda v: type(v) is int and v >= 0, "Input should be a valid integer, greater than or equal to 0"),
    "stream": (lambda v: isinstance(v, bool), "Input should be a valid boolean"),
    "metadata": (lambda v: isinstance(v, dict) and all(
        key == "user_id" and (value is None or isinstance(value, str)) for key, value in v.items()),
        "Input should be a valid dictionary with at most a text 'user_id'"),
    "service_tier": (lambda v: v in ("auto", "standard_only"), "Input should be 'auto' or 'standard_only'"),
}


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _check_options(body: dict[str, Any]) -> None:
    for name, (fits, wording) in _OPTIONS.items():
        if name in body and body[name] is not None and not fits(body[name]):
            raise RequestRefused(f"{name}: {wording}")


def check_messages(body: dict[str, Any]) -> None:
    """The `messages` of a request (also all that `count_tokens` needs besides the tools)."""
    messages = body["messages"]
    if not isinstance(messages, list):
        raise RequestRefused("messages: Input should be a valid list")
    for index, message in enumerate(messages):
        _check_message(index, message)
    _check_conversation(messages, bool(body.get("tools")))


def check_thinking_history(body: dict[str, Any], default: bool, unthought: Any) -> None:
    """The history rules of thinking (`_thinking.check_history`) for a request that asks for
    thinking, or whose model thinks by default (`default`: adaptive thinking); `unthought`
    tells a tool call this client answered without thinking."""
    kind = _thinking.mode(body) or ("adaptive" if default else None)
    if kind:
        _thinking.check_history(body["messages"], _blocks, kind, unthought)


def _check_system(system: Any) -> None:
    if system is None or isinstance(system, str):
        return
    if not isinstance(system, list):
        raise RequestRefused("system: Input should be a valid string")
    for index, block in enumerate(system):
        if not isinstance(block, dict) or block.get("type") != "text":
            raise RequestRefused(f"system.{index}.type: Input should be 'text'")
        if not isinstance(block.get("text"), str):
            raise RequestRefused(f"system.{index}.text: Field required")


def _check_tools(tools: Any) -> None:
    if tools is None:
        return
    if not isinstance(tools, list):
        raise RequestRefused("tools: Input should be a valid list")
    names = set()
    for index, tool in enumerate(tools):
        if not isinstance(tool, dict):
            raise RequestRefused(f"tools.{index}: Input should be a valid dictionary")
        if "name" not in tool:
            raise RequestRefused(f"tools.{index}.name: Field required")
        if not isinstance(tool["name"], str) or not _TOOL_NAME.match(tool["name"]):
            raise RequestRefused(
                f"tools.{index}.name: String should match pattern '^[a-zA-Z0-9_-]{{1,128}}$'")
        if is_typed(tool):  # web_search, bash, …: Anthropic's own definition (`_server_tools`)
            check_definition(index, tool)
            if tool["name"] in names:
                raise RequestRefused("tools: Tool names must be unique.")
            names.add(tool["name"])
            continue
        if "input_schema" not in tool:
            raise RequestRefused(f"tools.{index}.input_schema: Field required")
        schema = tool["input_schema"]
        if not isinstance(schema, dict):
            raise RequestRefused(f"tools.{index}.input_schema: Input should be a valid dictionary")
        if schema.get("type") != "object":
            raise RequestRefused(f"tools.{index}.input_schema.type: Input should be 'object'")
        if schema_problem(schema):
            raise RequestRefused(f"tools.{index}.input_schema: {ANTHROPIC_INVALID}")
        if "description" in tool and not isinstance(tool["description"], str):
            raise RequestRefused(f"tools.{index}.description: Input should be a valid string")
        if "strict" in tool and not isinstance(tool["strict"], bool):
            raise RequestRefused(f"tools.{index}.strict: Input should be a valid boolean")
        if tool["name"] in names:
            raise RequestRefused("tools: Tool names must be unique.")
        names.add(tool["name"])


def _check_tool_choice(choice: Any, tools: list[dict[str, Any]]) -> None:
    if choice is None:
        return
    kind = tagged_type("tool_choice", choice, _CHOICES)
    if kind == "tool" and not isinstance(choice.get("name"), str):
        raise RequestRefused("tool_choice.tool.name: Field required")
    parallel = choice.get("disable_parallel_tool_use", False)
    if kind != "none" and not isinstance(parallel, bool):
        raise RequestRefused(f"tool_choice.{kind}.disable_parallel_tool_use: "
                             "Input should be a valid boolean")
    if kind in ("any", "tool") and not tools:
        raise RequestRefused("tool_choice: a `tool_choice` that forces tool use requires "
                             "`tools`.")
    if kind == "tool" and choice["name"] not in {tool["name"] for tool in tools}:
        raise RequestRefused(f"tool_choice.name: tool `{choice['name']}` is not among the "
                             "provided `tools`.")


def _check_stop_sequences(sequences: Any) -> None:
    if sequences is None:
        return
    if not isinstance(sequences, list):
        raise RequestRefused("stop_sequences: Input should be a valid list")
    for index, sequence in enumerate(sequences):
        if not isinstance(sequence, str):
            raise RequestRefused(f"stop_sequences.{index}: Input should be a valid string")


def _check_message(index: int, message: Any) -> None:
    where = f"messages.{index}"
    if not isinstance(message, dict):
        raise RequestRefused(f"{where}: Input should be a valid dictionary")
    if "role" not in message:
        raise RequestRefused(f"{where}.role: Field required")
    role = message["role"]
    if role == "system":
        raise RequestRefused(
            'messages: Unexpected role "system". The Messages API accepts a top-level `system` '
            'parameter, not "system" as an input message role.')
    if role not in ("user", "assistant"):
        raise RequestRefused(f"{where}.role: Input should be 'user' or 'assistant'")
    if "content" not in message:
        raise RequestRefused(f"{where}.content: Field required")
    content = message["content"]
    if isinstance(content, str):
        return
    if not isinstance(content, list):
        raise RequestRefused(f"{where}.content: Input should be a valid string")
    for number, block in enumerate(content):
        _check_block(f"{where}.content.{number}", block)


def _check_block(where: str, block: Any) -> None:
    kind = tagged_type(where, block, _KNOWN_BLOCKS)
    required = {"text": ("text",), "tool_use": ("id", "name", "input"),
                "tool_result": ("tool_use_id",), "thinking": ("signature", "thinking"),
                "redacted_thinking": ("data",)}.get(kind, ())
    for name in required:
        if name not in block:
            raise RequestRefused(f"{where}.{kind}.{name}: Field required")
    if kind == "text" and not isinstance(block["text"], str):
        raise RequestRefused(f"{where}.text.text: Input should be a valid string")
    for name in _TEXT_FIELDS.get(kind, ()):
        if not isinstance(block[name], str):
            raise RequestRefused(f"{where}.{kind}.{name}: Input should be a valid string")
    for name in ("id", "tool_use_id"):
        if kind in ("tool_use", "tool_result") and name in block and not _ID.match(block[name]):
            raise RequestRefused(f"{where}.{kind}.{name}: String should match pattern '^[a-zA-Z0-9_-]+$'")
    if kind == "tool_use" and not isinstance(block["input"], dict):
        raise RequestRefused(f"{where}.tool_use.input: Input should be a valid dictionary")
    if kind == "tool_result" and "is_error" in block and not isinstance(block["is_error"], bool):
        raise RequestRefused(f"{where}.tool_result.is_error: Input should be a valid boolean")
    if kind == "tool_result":
        content = block.get("content", "")
        if not isinstance(content, (str, list)):
            raise RequestRefused(f"{where}.tool_result.content: Input should be a valid list")
        if isinstance(content, list):
            for number, inner in enumerate(content):
                if not isinstance(inner, dict) or inner.get("type") not in _RESULT_PARTS:
                    raise RequestRefused(f"{where}.tool_result.content.{number}.type: "
                                         "Input should be 'text', 'image', 'document' or 'search_result'")
                if inner["type"] == "text" and not isinstance(inner.get("text"), str):
                    raise RequestRefused(f"{where}.tool_result.content.{number}.text.text: "
                                         "Input should be a valid string")
                if inner["type"] == "search_result":
                    _check_search_result(inner, f"{where}.tool_result.content.{number}.search_result")


# What a tool_result's content may hold: a tool that searches returns `search_result` blocks
# (source, title, text content) that Claude can cite (platform.claude.com/docs/en/
# build-with-claude/search-results; anthropic 2.17 `SearchResultBlockParam`).
_RESULT_PARTS = ("text", "image", "document", "search_result")


def _check_search_result(block: dict[str, Any], where: str) -> None:
    for name in ("source", "title"):
        if name not in block:
            raise RequestRefused(f"{where}.{name}: Field required")
        if not isinstance(block[name], str):
            raise RequestRefused(f"{where}.{name}: Input should be a valid string")
    content = block.get("content")
    if content is None:
        raise RequestRefused(f"{where}.content: Field required")
    if not isinstance(content, list):
        raise RequestRefused(f"{where}.content: Input should be a valid list")
    for number, inner in enumerate(content):
        if not isinstance(inner, dict) or inner.get("type") != "text" or not isinstance(inner.get("text"), str):
            raise RequestRefused(f"{where}.content.{number}: Input should be a text block")


# Fields of a block that must be text (each also required, above).
_TEXT_FIELDS = {"tool_use": ("id", "name"), "tool_result": ("tool_use_id",),
                "thinking": ("signature", "thinking"), "redacted_thinking": ("data",)}


def _blocks(message: dict[str, Any]) -> list[dict[str, Any]]:
    content = message["content"]
    return [{"type": "text", "text": content}] if isinstance(content, str) else content


def _check_conversation(messages: list[dict[str, Any]], has_tools: bool) -> None:
    if not messages:
        raise RequestRefused("messages: at least one message is required")
    # The first-party API takes a conversation that opens with the assistant's greeting, as long
    # as a user turn follows (github.com/anthropics/anthropic-sdk-typescript/issues/622: Anthropic
    # answers, Bedrock refuses); an assistant turn alone keeps the old wording.
    if not any(message["role"] == "user" for message in messages):
        raise RequestRefused('messages: first message must use the "user" role')
    for index, message in enumerate(messages):
        blocks = _blocks(message)
        last = index == len(messages) - 1
        if not blocks and not (last and message["role"] == "assistant"):
            raise RequestRefused(f"messages.{index}: all messages must have non-empty content "
                                 "except for the optional final assistant message")
        for number, block in enumerate(blocks):
            if block["type"] == "text" and not block["text"].strip() and not (
                    last and message["role"] == "assistant"):
                raise RequestRefused(f"messages.{index}.content.{number}.text: "
                                     "text content blocks must contain non-whitespace text")
    if not has_tools and any(block["type"] in ("tool_use", "tool_result")
                             for message in messages for block in _blocks(message)):
        raise RequestRefused("Requests which include `tool_use` or `tool_result` blocks "
                             "must define tools.")
    _check_pairs(messages)


def _check_pairs(messages: list[dict[str, Any]]) -> None:
    """Every tool_result answers a tool_use of the message just before it; every tool_use is
    answered in the very next message. Where both rules break at once, the stray
    tool_result is reported first."""
    seen_ids: set[str] = set()
    _check_results_answer_something(messages, 0)
    for index, message in enumerate(messages):
        if index + 1 < len(messages):
            _check_results_answer_something(messages, index + 1)
        if message["role"] != "assistant":
            continue
        uses = [(number, block["id"]) for number, block in enumerate(_blocks(message))
                if block["type"] == "tool_use"]
        for number, use_id in uses:
            if use_id in seen_ids:
                raise RequestRefused(f"messages.{index}.content.{number}: `tool_use` ids must be unique")
            seen_ids.add(use_id)
        following = messages[index + 1] if index + 1 < len(messages) else None
        answered = set()
        if following is not None and following["role"] == "user":
            answered = {block["tool_use_id"] for block in _blocks(following)
                        if block["type"] == "tool_result"}
        missing = [use_id for _, use_id in uses if use_id not in answered]
        if missing:
            raise RequestRefused(
                f"messages.{index}: `tool_use` ids were found without `tool_result` blocks "
                f"immediately after: {', '.join(missing)}. Each `tool_use` block must have a "
                "corresponding `tool_result` block in the next message.")
        if uses:
            _check_results_come_first(following, index + 1, len(uses))


def _check_results_come_first(message: dict[str, Any], index: int, expected: int) -> None:
    """The message after tool_use blocks begins with their tool_result blocks: a text block
    (or anything else) before them is refused, as the real API does."""
    leading = 0
    for block in _blocks(message):
        if block["type"] != "tool_result":
            break
        leading += 1
    if leading < expected:
        raise RequestRefused(
            f"messages.{index}: Did not find {expected} `tool_result` block(s) at the beginning "
            "of this message. Messages following `tool_use` blocks must begin with a matching "
            "number of `tool_result` blocks.")


def _check_results_answer_something(messages: list[dict[str, Any]], index: int) -> None:
    previous = messages[index - 1] if index else None
    asked = [block["id"] for block in _blocks(previous)
             if block["type"] == "tool_use"] if previous and previous["role"] == "assistant" else []
    for number, block in enumerate(_blocks(messages[index])):
        if block["type"] == "tool_result" and block["tool_use_id"] not in asked:
            raise RequestRefused(
                f"messages.{index}.content.{number}: unexpected `tool_use_id` found in "
                f"`tool_result` blocks: {block['tool_use_id']}. Each `tool_result` block must "
                "have a corresponding `tool_use` block in the previous message.")


def result_text(block: dict[str, Any]) -> str:
    """A tool_result's content as text (text blocks joined by a space)."""
    content = block.get("content", "")
    if isinstance(content, str):
        return content
    return " ".join(text for inner in content for text in _texts(inner))


def _texts(part: dict[str, Any]) -> list[str]:
    """The text of a tool_result's part: a text block's, or a search result's title and text."""
    if part.get("type") == "text":
        return [part["text"]]
    if part.get("type") == "search_result":
        return [part["title"], *(inner["text"] for inner in part["content"])]
    return []


def _block_words(block: dict[str, Any]) -> str:
    kind = block["type"]
    if kind == "text":
        return block["text"]
    if kind == "tool_use":
        return call_words(block["name"], block["input"])
    if kind == "tool_result":
        return result_text(block)
    return ""


def _system_pieces(system: Any) -> list[str]:
    if system is None:
        return []
    return [system] if isinstance(system, str) else [block["text"] for block in system]


def tools_tokens(body: dict[str, Any]) -> int:
    """What offering the request's tools costs: the tool-use prompt of its `tool_choice` and
    each tool's whole definition (`_tool_tokens`); 0 without tools."""
    choice = body.get("tool_choice") or {"type": "auto"}
    return _tools_cost(body.get("tools") or [], choice["type"], _tool_prompt(body))


def _tools_cost(tools: list[dict[str, Any]], choice: str, prompt: Optional[dict[str, int]]) -> int:
    # Anthropic's own tools are counted by their name only (their prompts are not published).
    return anthropic_tools_tokens(custom_tools(tools), choice, prompt) + sum(
        definition_tokens(name, "", {}) for name in typed_names(tools))


def _tool_prompt(body: dict[str, Any]) -> Optional[dict[str, int]]:
    """The tool-use prompt figures of the request's model (the catalogue's), if it has a card."""
    known = card(body.get("model"))
    return known.tool_prompt if known is not None else None


def input_tokens(body: dict[str, Any]) -> int:
    """The request's tokens: the system prompt; with tools, the tool-use prompt and each
    tool's whole definition (`tools_tokens`); every block of every message."""
    total = sum(estimate_tokens(piece) for piece in _system_pieces(body.get("system")))
    total += tools_tokens(body)
    for message in body["messages"]:
        total += sum(estimate_tokens(_block_words(block)) for block in _blocks(message))
    return total


def cache_pieces(body: dict[str, Any]) -> list[Piece]:
    """The request's cacheable pieces in prompt order (tools, system, messages), each with
    its tokens and its `cache_control` TTL; their tokens add up to `input_tokens`. A top-level
    `cache_control` marks the last block of the last message (`_prompt_cache`)."""
    choice = (body.get("tool_choice") or {"type": "auto"})["type"]
    tools = body.get("tools") or []
    pieces, before = [], 0
    for index, tool in enumerate(tools):
        upto = _tools_cost(tools[:index + 1], choice, _tool_prompt(body))
        pieces.append(Piece(tool, upto - before, ttl_of(tool.get("cache_control"))))
        before = upto
    system = body.get("system")
    blocks = [{"type": "text", "text": system}] if isinstance(system, str) else (system or [])
    for block in blocks:
        pieces.append(Piece(block, estimate_tokens(block["text"]), ttl_of(block.get("cache_control"))))
    for message in body["messages"]:
        for block in _blocks(message):
            pieces.append(Piece([message["role"], block], estimate_tokens(_block_words(block)),
                                ttl_of(block.get("cache_control"))))
    automatic = ttl_of(body.get("cache_control"))
    if automatic and pieces and not pieces[-1].breakpoint:
        pieces[-1] = Piece(pieces[-1].content, pieces[-1].tokens, automatic)
    return pieces


def read_settings(body: dict[str, Any]) -> Settings:
    """How the checked request asks the model to answer."""
    choice = body.get("tool_choice") or {"type": "auto"}
    kind = choice["type"]
    custom = {tool["name"] for tool in custom_tools(body.get("tools"))}
    if kind == "tool" and choice.get("name") not in custom or kind == "any" and not custom:
        kind = "auto"  # forced onto a tool the fake does not run (web_search, …): it answers
    return Settings(
        tool_choice=kind, forced_tool=choice.get("name") if kind == "tool" else None,
        parallel=not choice.get("disable_parallel_tool_use", False),
        max_tokens=body["max_tokens"], stop_sequences=tuple(body.get("stop_sequences") or ()),
        strict_tools=frozenset(tool["name"] for tool in body.get("tools") or []
                               if tool.get("strict")),
        # A forced call under adaptive thinking comes without thinking here, as under default
        # thinking (the real model decides; manual thinking with a forced call is refused).
        preamble=True, thinking=None if kind in ("any", "tool") and _thinking.mode(body) == "adaptive"
        else _thinking.mode(body),
        output_schema=_structured.anthropic_schema(body))


def read_conversation(body: dict[str, Any]) -> Conversation:
    """The checked request as the model sees it."""
    tools = [Tool(tool["name"], tool.get("description", ""), tool["input_schema"])
             for tool in custom_tools(body.get("tools"))]
    turns = []
    for message in body["messages"]:
        turn = Turn(message["role"])
        for block in _blocks(message):
            if block["type"] == "text":
                turn.texts.append(block["text"])
            elif block["type"] == "tool_use":
                turn.calls.append(Call(block["id"], block["name"], block["input"]))
            elif block["type"] == "tool_result":
                turn.results.append(Result(block["tool_use_id"], result_text(block),
                                           bool(block.get("is_error", False))))
        turns.append(turn)
    link_results(turns)
    return Conversation(" ".join(_system_pieces(body.get("system"))), tools, turns)


def write_reply(*, reply_id: str, model: str, reply: Reply, call_ids: list[str],
                input_tokens: int, cache: CacheUse = CacheUse(),
                thinking_display: str = "summarized") -> dict[str, Any]:
    """The response JSON; `call_ids` are the ids for the `Ask` parts, in order. With
    `thinking_display` "omitted" a thinking block carries its signature and an empty text
    (its tokens are billed all the same)."""
    content = []
    ids = iter(call_ids)
    for part in reply.parts:
        if isinstance(part, Think):
            shown = "" if thinking_display == "omitted" else part.text
            content.append({"signature": _thinking.signature(shown), "thinking": shown,
                            "type": "thinking"})
        elif isinstance(part, Say):
            content.append({"text": part.text, "type": "text"})
        elif isinstance(part, Ask):
            content.append({"id": next(ids), "input": part.input, "name": part.name,
                            "type": "tool_use"})
    return {"id": reply_id, "content": content, "model": model, "role": "assistant",
            "stop_reason": _STOP_REASONS[reply.stop], "stop_sequence": reply.stop_sequence,
            "type": "message",
            "usage": usage_json(input_tokens - cache.read - cache.written, reply.output_tokens,
                                _thinking_tokens(reply), cache)}


def _thinking_tokens(reply: Reply) -> int:
    """The part of the reply's output tokens that its thinking took (never more than all)."""
    thought = sum(estimate_tokens(part_words(part)) for part in reply.parts if isinstance(part, Think))
    return min(thought, reply.output_tokens)
