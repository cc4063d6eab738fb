"""The conversation as the fake model sees it, the same for both API shapes.

Each wire format (`_anthropic_wire`, `_openai_wire`) checks a request and turns it into a
`Conversation` (what the model is shown) and `Settings` (how it is asked to answer:
`tool_choice`, limits, thinking); a world (see `fake_client.worlds`) reads the conversation
and answers with a list of `Say` and `Ask` parts; `_service` applies the settings (see
`_steering`, `_reply`) and the wire format turns the parts into its own response JSON.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional, Union

from ._language import current_page_language, detect_language


@dataclass(frozen=True)
class Tool:
    """An offered tool: what the model knows of it is its name, description and schema."""

    name: str
    description: str
    schema: dict[str, Any]

    @property
    def properties(self) -> dict[str, Any]:
        properties = self.schema.get("properties")
        return properties if isinstance(properties, dict) else {}

    @property
    def required(self) -> list[str]:
        required = self.schema.get("required")
        if not isinstance(required, list):
            return []
        return [name for name in required if isinstance(name, str)]


@dataclass(frozen=True)
class Call:
    """A tool call the model made earlier in the conversation."""

    id: str
    name: str
    input: dict[str, Any]


@dataclass(frozen=True)
class Result:
    """What the program sent back for the call `call_id` (`call`: that call, if one had it)."""

    call_id: str
    content: str
    is_error: bool
    call: Optional[Call] = None


@dataclass
class Turn:
    """One message: a person's (or program's) `user` turn, or the model's `assistant` turn."""

    role: str
    texts: list[str] = field(default_factory=list)
    calls: list[Call] = field(default_factory=list)
    results: list[Result] = field(default_factory=list)


@dataclass(frozen=True)
class Say:
    """Part of a reply: text."""

    text: str


@dataclass(frozen=True)
class Ask:
    """Part of a reply: a request to run the tool `name` with `input`. `complete` is False
    when `max_tokens` cut the reply inside this call (its input is only what was written)."""

    name: str
    input: dict[str, Any]
    complete: bool = True


@dataclass(frozen=True)
class Think:
    """Part of a reply: the model's extended thinking (Anthropic shape, `thinking` on)."""

    text: str


Part = Union[Say, Ask, Think]


@dataclass(frozen=True)
class Settings:
    """How the request asks the model to answer, the same for both API shapes.

    `tool_choice`: "auto" (the model decides), "any" (it must call some tool: OpenAI's
    "required"), "tool" (it must call `forced_tool`: OpenAI's `{"type": "function", ...}`)
    or "none" (it must not call tools). `parallel`: False allows at most one call per reply
    (`disable_parallel_tool_use`, `parallel_tool_calls`). `strict_tools`: names of the
    tools whose input must match their schema. `preamble`: write a short text before tool
    calls, as Claude does (Anthropic shape only). `thinking`: None, "enabled" or "adaptive".
    `output_schema`: the JSON schema the answer must match (structured outputs, see
    `_structured`), or None for prose.
    """

    tool_choice: str = "auto"
    forced_tool: Optional[str] = None
    parallel: bool = True
    max_tokens: Optional[int] = None
    stop_sequences: tuple[str, ...] = ()
    strict_tools: frozenset[str] = frozenset()
    preamble: bool = False
    thinking: Optional[str] = None
    output_schema: Optional[dict[str, Any]] = None


@dataclass
class Conversation:
    """Everything the model is shown in one request."""

    system: str
    tools: list[Tool]
    turns: list[Turn]

    @property
    def language(self) -> str:
        """The language to answer in (rule: `fake_client._language`)."""
        user_texts = [text for turn in reversed(self.turns) if turn.role == "user"
                      for text in turn.texts]
        return detect_language(user_texts, self.system, current_page_language())

    @property
    def question(self) -> str:
        """The newest text a person wrote ("" if there is none)."""
        for turn in reversed(self.turns):
            if turn.role == "user" and turn.texts:
                return "\n".join(turn.texts)
        return ""

    @property
    def last_results(self) -> list[Result]:
        """The tool results the conversation ends with (empty if it ends otherwise)."""
        if self.turns and self.turns[-1].role == "user":
            return list(self.turns[-1].results)
        return []

    @property
    def question_turn(self) -> Optional[int]:
        """The index of the turn holding the newest question (None if there is none)."""
        return max((index for index, turn in enumerate(self.turns) if turn.role == "user" and turn.texts),
                   default=None)

    def steps_since_question(self) -> list[tuple[Call, Optional[Result]]]:
        """Every call the model made after the newest question, with its result."""
        start = self.question_turn or 0
        results = {result.call_id: result for turn in self.turns[start:] for result in turn.results}
        return [(call, results.get(call.id)) for turn in self.turns[start:]
                if turn.role == "assistant" for call in turn.calls]

    def offered(self, name: str) -> Optional[Tool]:
        """The offered tool called `name`, if any."""
        return next((tool for tool in self.tools if tool.name == name), None)


def link_results(turns: list[Turn]) -> None:
    """Point every result at the call it answers (matched by id, as the APIs match them)."""
    calls: dict[str, Call] = {}
    for turn in turns:
        for call in turn.calls:
            calls[call.id] = call
        turn.results = [Result(result.call_id, result.content, result.is_error,
                               calls.get(result.call_id)) for result in turn.results]
