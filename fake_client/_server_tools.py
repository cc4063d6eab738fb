"""Anthropic's own tools in a request: server tools (web search, web fetch, code execution,
tool search), which Anthropic runs, and the Anthropic-defined client tools (bash, text
editor, memory), which your program runs.

A definition names its `type` (a dated version) and a fixed `name`, and has no
`input_schema` (anthropic 2.17 `ToolUnionParam`; platform.claude.com/docs/en/agents-and-tools/
tool-use/server-tools). The fake accepts them all. It runs none: when `web_search` is offered
and a question gets a plain answer, the reply opens as a real searching reply opens, with a
`server_tool_use` block and its `web_search_tool_result`, which here is the error
`{"type": "web_search_tool_result_error", "error_code": "unavailable"}`, then a sentence in the
question's language saying the teaching model does not run the tool, then the answer. The
other tools are never used. Their definitions are counted by name only.
"""

from __future__ import annotations

from typing import Any

from ._conversation import Conversation
from ._errors import RequestRefused
from ._ids import IdCounter
from ._tokens import estimate_tokens
from .locales import phrase

# type: the name it must have (anthropic 2.17 `types/*_param.py`).
TYPED_TOOLS = {
    **{f"web_search_{date}": "web_search" for date in ("20250305", "20260209", "20260318")},
    **{f"web_fetch_{date}": "web_fetch" for date in ("20250910", "20260209", "20260309", "20260318")},
    **{f"code_execution_{date}": "code_execution" for date in ("20250522", "20250825", "20260120", "20260521")},
    "tool_search_tool_bm25_20251119": "tool_search_tool_bm25", "tool_search_tool_bm25": "tool_search_tool_bm25",
    "tool_search_tool_regex_20251119": "tool_search_tool_regex", "tool_search_tool_regex": "tool_search_tool_regex",
    "bash_20250124": "bash", "memory_20250818": "memory",
    "text_editor_20250124": "str_replace_editor", "text_editor_20250429": "str_replace_based_edit_tool",
    "text_editor_20250728": "str_replace_based_edit_tool",
}


def is_typed(tool: Any) -> bool:
    """Whether a tool definition is one of Anthropic's (it names a `type` other than "custom")."""
    return isinstance(tool, dict) and tool.get("type", "custom") != "custom"


def check_definition(index: int, tool: dict[str, Any]) -> None:
    """A typed definition as the API checks it: a known type, with its fixed name."""
    kind = tool["type"]
    if kind not in TYPED_TOOLS:
        expected = ", ".join(f"'{tag}'" for tag in ("custom", *TYPED_TOOLS))
        raise RequestRefused(f"tools.{index}: Input tag '{kind}' found using 'type' does not match any "
                             f"of the expected tags: {expected}")
    if tool.get("name") != TYPED_TOOLS[kind]:
        raise RequestRefused(f"tools.{index}.{kind}.name: Input should be '{TYPED_TOOLS[kind]}'")


def custom_tools(tools: Any) -> list[dict[str, Any]]:
    """The tools your program defined (with an `input_schema`): those the model calls."""
    return [tool for tool in tools or [] if not is_typed(tool)]


def typed_names(tools: Any) -> list[str]:
    return [tool["name"] for tool in tools or [] if is_typed(tool)]


def search_first(reply: dict[str, Any], body: dict[str, Any], conversation: Conversation,
                 ids: IdCounter) -> dict[str, Any]:
    """A plain answer to a question, with `web_search` offered: the search the model tries
    first, its result "unavailable", and the sentence that says so, before the answer."""
    offered = "web_search" in typed_names(body.get("tools"))
    asked = bool(conversation.turns) and conversation.turns[-1].role == "user" and bool(conversation.turns[-1].texts)
    # A thinking block (thinking by default, `_models`) comes first, as it does before any
    # other block: the search follows it.
    thought = [block for block in reply["content"] if block["type"] in ("thinking", "redacted_thinking")]
    rest = reply["content"][len(thought):]
    plain = reply["stop_reason"] == "end_turn" and all(block["type"] == "text" for block in rest)
    choice = (body.get("tool_choice") or {}).get("type")
    if not (offered and asked and plain) or choice == "none":
        return reply
    call_id = ids.next("anthropic_server_call")
    note = phrase(conversation.language, "server_tool.not_run", tool="web_search")
    usage = {**reply["usage"], "output_tokens": reply["usage"]["output_tokens"] + estimate_tokens(
        f"web_search {conversation.question} {note}")}
    return {**reply, "usage": usage, "content": [
        *thought,
        {"id": call_id, "input": {"query": conversation.question}, "name": "web_search", "type": "server_tool_use"},
        {"content": {"error_code": "unavailable", "type": "web_search_tool_result_error"},
         "tool_use_id": call_id, "type": "web_search_tool_result"},
        {"text": note, "type": "text"}, *rest]}
