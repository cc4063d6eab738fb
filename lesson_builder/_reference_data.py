"""What the reference page says that no language translates: the identifiers and shapes of the
three API shapes, their stop and finish reasons, their error statuses and the SDK exceptions.

Each language's page (``_reference_page``) puts its own headings and sentences around these
rows; a row's key is what a language's text file names to give the row its label. The model
facts are not here: they are read from fake_client's catalogue when the page is built.

Sources, as read on 2026-12-05 (each row names the one it comes from where it is not the
shape's general page):

- Anthropic, Messages shapes: platform.claude.com/docs/en/agents-and-tools/tool-use/handle-tool-calls
  (``tool_use``: ``id``, ``name``, ``input``; ``tool_result``: ``tool_use_id``, ``content``,
  ``is_error``; the results first in the ``user`` message) and
  platform.claude.com/docs/en/agents-and-tools/tool-use/implement-tool-use (``tool_choice``
  auto / any / tool / none, ``disable_parallel_tool_use``).
- OpenAI, Chat Completions and Responses shapes: developers.openai.com/api/docs/guides/function-calling
  and developers.openai.com/api/docs/guides/migrate-to-responses (the flat Responses tool,
  ``function_call`` items with ``call_id``, ``function_call_output`` items, ``instructions``,
  ``output_text``, ``previous_response_id``); the field types as the ``openai`` 3.63 SDK
  types them (``types/chat``, ``types/responses``).
- Stop reasons: platform.claude.com/docs/en/build-with-claude/handling-stop-reasons (the
  seven values and what each asks of a program; ``pause_turn`` is continued by sending the
  paused reply back as it is) and .../build-with-claude/refusals-and-fallback (a refusal's
  ``stop_details.category``; the same request usually gets an answer from another Claude
  model); Chat Completions ``finish_reason`` (a refusal: ``message.refusal`` set, ``content``
  null) and Responses ``status`` (``failed``: ``response.error``) /
  ``incomplete_details.reason`` (``max_output_tokens``, ``content_filter``) and the
  ``refusal`` content part as the OpenAI API reference and the ``openai`` SDK type them
  (``tests/contract/test_reference_errors.py`` compares the values with the SDKs' types).
- Thinking and a forced ``tool_choice`` (the models table's note):
  platform.claude.com/docs/en/build-with-claude/thinking-tool-workflows (forcing options
  "return an error with manual extended thinking"; "adaptive thinking supports forced tool use").
- Errors: platform.claude.com/docs/en/api/errors (statuses, ``error.type`` values, the body
  ``{"type": "error", "error": {"type", "message"}, "request_id"}``);
  developers.openai.com/docs/guides/error-codes (OpenAI's statuses: 429 `insufficient_quota`
  as an ``error.type`` with the cause in ``error.code``, 429 ``slow_down``, 503
  ``server_is_overloaded``; the body
  ``{"error": {"message", "type", "param", "code"}}``); the exception classes and the retry
  rule as the installed SDKs have them (anthropic 2.17 ``_error_classes.ERROR_CLASSES`` and
  ``_base_client._should_retry``; openai 3.63 ``_client._make_status_error`` and
  ``_base_client._should_retry``: connection errors, 408, 409, 429 and every 5xx, two
  retries by default, ``max_retries``). ``tests/contract/test_reference_errors.py`` compares
  the exception rows with the installed SDKs.
"""

from dataclasses import dataclass
from typing import Optional

# The three shapes, in the order of the columns.
SHAPES = ("messages", "chat", "responses")
SHAPE_NAMES = {"messages": "Anthropic Messages", "chat": "OpenAI Chat Completions",
               "responses": "OpenAI Responses"}
SHAPE_CALLS = {"messages": "client.messages.create(...)", "chat": "client.chat.completions.create(...)",
               "responses": "client.responses.create(...)"}


@dataclass(frozen=True)
class ShapeRow:
    """One line of the side-by-side table: the same thing in each shape, as code (markdown)."""

    key: str
    messages: str
    chat: str
    responses: str


# Markdown cells: code only, with the lessons' names (a Chat Completions call is `tool_call`,
# as in the tool loop lesson). A word a reader needs beside the code is a phrase of the page's
# language, written as [[phrase]] and filled from that language's text file (`phrases:`); the
# phrase brings its own space and brackets, as its language writes them (（必填）, (задължително)).
SHAPE_ROWS = (
    ShapeRow("system",
             '`system=SYSTEM`',
             '`{"role": "system", "content": SYSTEM}`[[first_in_messages]]',
             '`instructions=SYSTEM`'),
    ShapeRow("tool_definition",
             '`{"name": …, "description": …, "input_schema": {…}}`',
             '`{"type": "function", "function": {"name": …, "description": …, "parameters": {…}}}`',
             # Responses tries to make a function without "strict" strict (schema normalised, every
             # field required) and leaves it non-strict when the schema does not allow it; the course keeps one non-strict definition across the three APIs, and
             # the cell says why the key is there.
             '`{"type": "function", "name": …, "description": …, "parameters": {…}, "strict": False}`[[not_strict]]'),
    ShapeRow("tool_choice",
             '`{"type": "auto"}`[[comma]]`{"type": "any"}`[[comma]]`{"type": "tool", "name": …}`[[comma]]`{"type": "none"}`',
             '`"auto"`[[comma]]`"required"`[[comma]]`{"type": "function", "function": {"name": …}}`[[comma]]`"none"`',
             '`"auto"`[[comma]]`"required"`[[comma]]`{"type": "function", "name": …}`[[comma]]`"none"`'),
    ShapeRow("one_call",
             '`tool_choice={"type": "auto", "disable_parallel_tool_use": True}`',
             '`parallel_tool_calls=False`',
             '`parallel_tool_calls=False`'),
    ShapeRow("output_budget",
             '`max_tokens=MAX_TOKENS`[[required]]',
             '`max_completion_tokens=MAX_TOKENS`[[reasoning_refuse_max_tokens]]',
             '`max_output_tokens=MAX_TOKENS`'),
    # Some OpenAI models take function tools in Chat Completions only without reasoning (a 400
    # otherwise, leaving the field out included); Responses takes them at any effort. OpenAI's
    # documentation does not say so: developers' reports do (BerriAI/litellm#34569,
    # openai/openai-openapi#541), and each language's cell says where the rule comes from. The
    # models are the catalogue's (`chat_tools_need_no_reasoning`): the page fills
    # [[models]] of the chat phrase in, and leaves the row out when no model has the rule.
    # Anthropic: manual extended thinking takes only tool_choice auto / none; any / tool is a 400
    # ("Thinking may not be enabled when tool_choice forces tool use": platform.claude.com/docs/
    # en/build-with-claude/extended-thinking, tool choice limitation); adaptive thinking goes
    # by model (the Models table's forced_tool_choice column).
    ShapeRow("tools_and_reasoning",
             '[[thinking_forces_no_call]]',
             '`reasoning_effort="none"`[[chat_tools_need_no_reasoning]]',
             '[[no_such_rule]]'),
    ShapeRow("where_calls",
             '`[b for b in response.content if b.type == "tool_use"]`',
             '`response.choices[0].message.tool_calls or []`',
             '`[i for i in response.output if i.type == "function_call"]`'),
    ShapeRow("call_fields",
             '`block.id`[[open]]`toolu_…`[[close]][[comma]]`block.name`[[comma]]`block.input`[[a_dict]]',
             '`tool_call.id`[[open]]`call_…`[[close]][[comma]]`tool_call.function.name`[[comma]]`tool_call.function.arguments`[[a_json_string]]',
             '`item.call_id`[[open]]`call_…`[[not_item_id]][[close]][[comma]]`item.name`[[comma]]`item.arguments`[[a_json_string]]'),
    ShapeRow("stop_field",
             '`response.stop_reason`',
             '`response.choices[0].finish_reason`',
             '`response.status`[[comma]]`response.incomplete_details.reason`[[only_if_incomplete]]'),
    ShapeRow("assistant_turn",
             '`messages.append({"role": "assistant", "content": response.content})`',
             '`messages.append(response.choices[0].message)`',
             '`items += response.output`[[reasoning_items_too]][[or]]`previous_response_id=response.id`'),
    ShapeRow("result",
             '`{"type": "tool_result", "tool_use_id": block.id, "content": …}`[[one_user_message]]',
             '`{"role": "tool", "tool_call_id": tool_call.id, "content": …}`[[one_message_per_call]]',
             '`{"type": "function_call_output", "call_id": item.call_id, "output": …}`[[one_item_per_call]]'),
    ShapeRow("failure",
             '`"is_error": True`',
             '[[no_flag]]',
             '[[no_flag]]'),
    ShapeRow("text",
             '`text_of(response)`[[colon]]`"".join(b.text for b in response.content if b.type == "text")`',
             '`response.choices[0].message.content`[[or_none]]',
             '`response.output_text`[[sdk_property]]'),
)

# The phrases a language's text file must give (`phrases:`), each used in a cell above.
# `and` joins the last of the models a sentence lists (" и ", "和"). `comma` separates code spans in a list, as the language writes it ("、" in Chinese, "، " in
# Persian: a Latin comma or a middle dot breaks a right-to-left line); `colon`, `open` and
# `close` are the language's colon and brackets (full width in Chinese: "：", "（", "）").
SHAPE_PHRASES = ("comma", "colon", "open", "close", "first_in_messages", "not_strict", "required",
                 "reasoning_refuse_max_tokens", "no_such_rule", "thinking_forces_no_call", "chat_tools_need_no_reasoning", "a_dict", "a_json_string",
                 "reasoning_items_too", "or", "one_user_message", "one_message_per_call", "one_item_per_call",
                 "no_flag", "no_function_call", "with_function_calls", "with_refusal", "sdk_property",
                 "only_if_incomplete", "or_none", "not_item_id", "and")


@dataclass(frozen=True)
class StopRow:
    """One stop or finish reason: its key (what a language's text file names to explain it),
    the shape, the value as written, what a loop does with it (one of ``WHAT_A_LOOP_DOES``),
    and the lesson that shows it handled, if one does."""

    key: str
    shape: str
    value: str
    does: str
    lesson: Optional[str] = None


WHAT_A_LOOP_DOES = ("answer", "run_calls", "continue", "not_an_answer", "check_first")

STOP_FIELDS = {"messages": "`stop_reason`", "chat": "`finish_reason`",
               "responses": "`status`[[comma]]`incomplete_details.reason`"}

STOP_ROWS = (
    StopRow("end_turn", "messages", '`"end_turn"`', "answer", "first-steps"),
    StopRow("stop_sequence", "messages", '`"stop_sequence"`', "answer", "first-steps"),
    # What the loop does with tool_use (run every call, send the results, ask again) is
    # tool-loop's; first-steps only walks one round by hand (bg review).
    StopRow("tool_use", "messages", '`"tool_use"`', "run_calls", "tool-loop"),
    # when-calls-fail does what the row's loop cell says (the cut call not run, one retry with a
    # bigger max_tokens, its ex-cut-retry), as for `length`; tool-loop only drops the cut reply
    # (first-steps only names it). The uk and zh reviews asked for the link to match the cell.
    StopRow("max_tokens", "messages", '`"max_tokens"`', "not_an_answer", "when-calls-fail"),
    # when-calls-fail's loop handles these three by name (its `pause_turn` branch sends the turn
    # back, run on the page); the tool loop only names them (first-steps too).
    StopRow("pause_turn", "messages", '`"pause_turn"`', "continue", "when-calls-fail"),
    StopRow("refusal", "messages", '`"refusal"`', "not_an_answer", "when-calls-fail"),
    StopRow("model_context_window_exceeded", "messages", '`"model_context_window_exceeded"`', "not_an_answer",
            "when-calls-fail"),
    # A refusal also ends with "stop" (`message.refusal` set, `content` null), and so does a
    # function forced by name with `tool_choice` (observed against OpenAI's API and reported on
    # community.openai.com, "Function call with finish_reason of stop"; "required" ends with
    # "tool_calls"; OpenAI's documentation says neither): "stop" alone does not say an answer came.
    StopRow("stop", "chat", '`"stop"`', "check_first", "tool-loop"),
    StopRow("tool_calls", "chat", '`"tool_calls"`', "run_calls", "tool-loop"),
    # when-calls-fail runs both (and the Responses content filter) on its page.
    StopRow("length", "chat", '`"length"`', "not_an_answer", "when-calls-fail"),
    StopRow("content_filter", "chat", '`"content_filter"`', "not_an_answer", "when-calls-fail"),
    # A `refusal` content part (`ResponseOutputRefusal`) in a completed message, and a
    # `failed` response (its reason in `response.error`): `ResponseStatus` in openai 3.63.
    # The refusal comes before the plain `completed` row: it is "completed" with no
    # function call too, so a loop checks for it before it takes the text as the answer.
    # responses-api's loop only returns None on it (`output_text or None`) and sends the reader
    # on; when-calls-fail runs it and tells the person (its Responses tab), so the column points
    # there, as for the content filter.
    StopRow("completed_refusal", "responses", '`"completed"`[[with_refusal]]', "not_an_answer", "when-calls-fail"),
    StopRow("completed", "responses", '`"completed"`[[no_function_call]]', "answer", "responses-api"),
    StopRow("completed_with_calls", "responses", '`"completed"`[[with_function_calls]]', "run_calls", "responses-api"),
    # The two `incomplete` rows go to responses-api, whose rule 1 teaches `status` and
    # `incomplete_details.reason` with both reasons and keeps either reply back; it runs the cut
    # reply (its `cut` snippet, the limit to raise for a real model) and quizzes it (zh review:
    # the Responses column's links go to the lesson that teaches the shape).
    StopRow("max_output_tokens", "responses", '`"incomplete"`[[comma]]`"max_output_tokens"`', "not_an_answer",
            "responses-api"),
    StopRow("incomplete_content_filter", "responses", '`"incomplete"`[[comma]]`"content_filter"`', "not_an_answer",
            "responses-api"),
    # responses-api's rule 1 handles it: the loop takes nothing but "completed" as an answer.
    StopRow("failed", "responses", '`"failed"`', "not_an_answer", "responses-api"),
)


@dataclass(frozen=True)
class ErrorRow:
    """One HTTP status: Anthropic's ``error.type`` for it (None: its errors page lists none),
    the exception each SDK raises for it, and whether the SDKs retry it by themselves."""

    status: int
    anthropic_type: Optional[str]
    anthropic_class: str
    openai_class: Optional[str]  # None: OpenAI never sends this status
    retried: bool


ERROR_ROWS = (
    ErrorRow(400, "invalid_request_error", "BadRequestError", "BadRequestError", False),
    ErrorRow(401, "authentication_error", "AuthenticationError", "AuthenticationError", False),
    # platform.claude.com/docs/en/api/errors: 402 billing_error, 504 timeout_error. The
    # classes are anthropic 2.17.0's (anthropic/_exceptions.py and _error_classes.py):
    # 413 ContentTooLargeError and 504 GatewayTimeoutError (RequestTooLargeError and
    # DeadlineExceededError are its deprecated aliases of them); ServiceUnavailableError (503),
    # GatewayTimeoutError (504) and OverloadedError (529) subclass InternalServerError there.
    ErrorRow(402, "billing_error", "PaymentRequiredError", "APIStatusError", False),
    ErrorRow(403, "permission_error", "PermissionDeniedError", "PermissionDeniedError", False),
    ErrorRow(404, "not_found_error", "NotFoundError", "NotFoundError", False),
    # 409 conflict_error: platform.claude.com/docs/en/api/errors ("the request conflicts with
    # the current state of a resource … resolve the conflict and retry") and anthropic 2.17's
    # ErrorType (anthropic/types/shared/error_type.py has "conflict_error"). Both SDKs raise
    # ConflictError and retry a 409 on their own (`_should_retry`).
    ErrorRow(409, "conflict_error", "ConflictError", "ConflictError", True),
    ErrorRow(413, "request_too_large", "ContentTooLargeError", "APIStatusError", False),
    ErrorRow(429, "rate_limit_error", "RateLimitError", "RateLimitError", True),
    ErrorRow(500, "api_error", "InternalServerError", "InternalServerError", True),
    ErrorRow(503, None, "ServiceUnavailableError", "InternalServerError", True),
    # OpenAI's overload is 503 (`server_is_overloaded`); its "slow down" is now a 429
    # (developers.openai.com/docs/guides/error-codes). OpenAI never sends 529.
    ErrorRow(504, "timeout_error", "GatewayTimeoutError", "InternalServerError", True),
    ErrorRow(529, "overloaded_error", "OverloadedError", None, True),
)

# Anthropic's 429 when the organization reached its tier's monthly spend cap: the code in
# `error.details.error_code` and the class anthropic 2.17 raises for it (a RateLimitError, and
# retried like one, though waiting does not help until the month ends). Each language's 429 row
# names both. A spend limit the organization set itself is a 400 instead
# (platform.claude.com/docs/en/api/errors; developers.openai.com/api/docs/guides/spend-limits
# for OpenAI's 429 `organization_spend_limit_exceeded` / `project_spend_limit_exceeded`).
ANTHROPIC_SPEND_CAP = ("enforced_spend_limit_reached", "EnforcedSpendLimitReachedError")

# Raised before any status: the request never got an answer; the second is a subclass of the
# first. Both SDKs retry them.
CONNECTION_ERRORS = ("APIConnectionError", "APITimeoutError")
# Retries by default, in both SDKs (`max_retries`).
DEFAULT_RETRIES = 2

# What each SDK keeps in `e.body` of the exception it raises (the page says the body is there): anthropic keeps the
# whole body as sent; openai keeps only its inner `error` object (openai 3.63
# `_client._make_status_error`: `body.get("error", body)`), so that is what the page shows.
# tests/contract/test_reference_errors.py checks both against the SDKs.
ANTHROPIC_ERROR_BODY = '{"type": "error", "error": {"type": "…", "message": "…"}, "request_id": "req_…"}'
OPENAI_ERROR_BODY = '{"message": "…", "type": "…", "param": …, "code": …}'
