"""fake_client — a deterministic stand-in for the Anthropic and OpenAI model APIs.

No network, no key, no cost, and the same request always gets the same reply, so that every
lesson snippet prints the same transcript at build time (CPython) and in the browser
(Pyodide). Standard library only; Python 3.11 and newer.

Using it
--------
Lesson code is written exactly as for the official SDKs; only the import differs::

    from fake_client import Anthropic            # real: from anthropic import Anthropic
    client = Anthropic()
    response = client.messages.create(model="claude-x", max_tokens=1024, system=SYSTEM,
                                      tools=TOOLS, messages=messages)
    response.stop_reason                # "tool_use", "end_turn", "max_tokens" or "stop_sequence"
    calls = [block for block in response.content if block.type == "tool_use"]
    messages.append({"role": "assistant", "content": response.content})

    import fake_client as openai        # real: import openai
    client = openai.OpenAI()
    reply = client.chat.completions.create(model="gpt-x", messages=messages, tools=TOOLS)
    reply.choices[0].finish_reason      # "tool_calls", "stop" or "length"
    messages.append(reply.choices[0].message)

    response = client.responses.create(model="gpt-x", input=items, tools=FLAT_TOOLS)
    response.output_text                # the answer's text ("" when it only calls tools)
    calls = [item for item in response.output if item.type == "function_call"]
    items += response.output            # then one {"type": "function_call_output", "call_id", "output"} per call
    # or send only the outputs, with previous_response_id=response.id

Responses have the SDKs' attributes and `to_dict()` / `to_json()` / `model_dump()` /
`model_dump_json()` (the wire JSON). Bad requests raise `BadRequestError` (`status_code`
400, `body`, `message`) with the real APIs' wording. `python -m fake_client serve
[--port N]` serves the same model over HTTP for the real SDKs
(`anthropic.Anthropic(base_url="http://127.0.0.1:N", api_key="any")`,
`openai.OpenAI(base_url="http://127.0.0.1:N/v1", api_key="any")`).

Streaming, structured output and server-held threads work as in the SDKs::

    with client.messages.stream(model="claude-x", max_tokens=1024, messages=messages) as stream:
        for text in stream.text_stream:
            print(text, end="", flush=True)      # the answer, a word at a time
    stream.get_final_message()                   # the same Message create() returns

    order = client.messages.parse(model="claude-x", max_tokens=1024, messages=messages,
                                  output_format=Order).parsed_output   # Order: a dataclass
    first = client.beta.messages.create(..., thread={"type": "create"})
    client.beta.messages.create(model="claude-x", max_tokens=1024, messages=new_messages,
                                thread={"type": "continue", "previous_message_id": first.id})

`AsyncAnthropic` and `AsyncOpenAI` are the same clients for `async` code
(`await client.messages.create(...)`, `async for event in stream`, `async with
client.messages.stream(...) as stream`), as in the SDKs.

`recording()` collects every call made inside it::

    with fake_client.recording() as calls:
        ...                              # run the lesson code
    calls[0]["response"]["usage"]["input_tokens"]

Determinism
-----------
Ids have the real shapes (`msg_01…` and `toolu_01…` in the Anthropic shape, `chatcmpl-…` and
`call_…` in Chat Completions, `resp_…`, `msg_…`, `fc_…`, `rs_…` and `call_…` in the Responses
API) but short tails counted per client, so the n-th id is always
the same text (`fake_client._ids`). Tokens are estimated, not measured: words × 1.3, rounded
up, per piece of text, summed; input = the system prompt + every block of every message (a
tool call counts its name and its input's values) + what offering tools costs on the real
bill: the provider's tool-use prompt (Anthropic publishes 346 tokens for `tool_choice` auto
or none, 313 for any or tool) and each tool's whole definition, schema included
(`fake_client._tool_tokens` names the sources); output = the reply's blocks. Chinese counts
each character as a word. Details: `fake_client._tokens`.

What is real and what is simplified
-----------------------------------
Brought up to date on 2026-12-05 against the providers' documentation (the model pages,
platform.claude.com/docs/en/models/sonnet-5/migration-guide, .../sonnet-5-5/migration-guide,
platform.claude.com/docs/en/about-claude/model-deprecations,
developers.openai.com/api/docs/deprecations); each model figure names its page in
`fake_client._models`.

| real behaviour | what the fake does | what it simplifies |
| --- | --- | --- |
| each model has its own limits and rules, and retires | a catalogue (`fake_client._models`): context window, output ceiling, default thinking, refused fields, forced `tool_choice` and prefill, retirement day; an unknown or retired model is the real 404 (Anthropic "model: <id>", OpenAI `model_not_found`); `max_tokens` above the ceiling, Sonnet 5's sampling parameters and manual thinking, Sonnet 5.5's forced `tool_choice` and prefill, Sonnet 5.5's `thinking` "disabled" (it takes "between_tools"), and reasoning models' `max_tokens`, `temperature` ≠ 1 and `stop` are refused; `models.list()` / `models.retrieve()` and `GET /v1/models[/{id}]` answer from it | retirement is judged against today's date (UTC; `FAKE_CLIENT_TODAY` pins it for tests); the Anthropic wordings for manual thinking, forced `tool_choice`, prefill and thinking types are the fake's own (`_model_rules` says which); the tool-use prompt is per model in the catalogue but the same figures for every Claude model (no current per-model table was found) |
| Claude often writes a short text before its `tool_use` blocks | with `tool_choice` auto, a reply that calls tools starts with one text block in the question's language ("I'll check 1042 with get_order_status."); none with `any` / `tool`; OpenAI keeps `content: null` | always exactly one sentence, always there |
| ids are long random strings | real prefixes, short counted tails | ids repeat from run to run (on purpose) |
| `tool_choice` auto / any / tool / none, `disable_parallel_tool_use`; OpenAI "auto" / "none" / "required" / a named function (Responses: `{"type": "function", "name"}`), `parallel_tool_calls` | forcing forces (the world fills the input as best it can; `any` in a loop calls again and again), `none` never calls, parallel off gives one call; a forced named function reports `finish_reason` "stop" (Responses: `status` "completed"); refusals with the real wording | two Anthropic refusal wordings are the fake's own (`_anthropic_wire` says which) |
| strict tools (`strict: true`; in the Responses API a function that leaves `strict` out is normalized into strict mode) | OpenAI's schema rules enforced with its wording; the input always matches the schema, in every shape; a Responses tool that leaves `strict` out gets `additionalProperties: false` and every field required (so an optional field is always filled in) and is echoed so with `strict: true`; one whose schema cannot be made strict (other properties allowed) is echoed as written with `strict: false` | a required field the model cannot fill gets an empty value ("" or 0); a Responses schema that cannot be made strict is kept non-strict (assumed: the guide does not say) |
| usage on the bill | words × 1.3, plus the published tool-use prompt and every definition; `messages.count_tokens` and `responses.input_tokens.count` give the same figure; every field a real response has: Anthropic `cache_creation_input_tokens` and `cache_read_input_tokens` (0), `cache_creation`, `output_tokens_details.thinking_tokens`, `server_tool_use`, `service_tier`; Chat Completions `prompt_tokens_details.cached_tokens` and `completion_tokens_details.reasoning_tokens`; Responses `input_tokens_details`, `output_tokens_details`; `recording()` reports the tools' part of each call apart (`tool_tokens`), which the real API never does | a word count, not the real tokenizer; per-message framing not counted |
| prompt caching: Anthropic `cache_control` breakpoints (on tools, system blocks, message blocks, or top level), OpenAI automatic caching of prefixes of 1024 tokens or more | a deterministic cache (`fake_client._prompt_cache`): the second request with an identical prefix reads it; Anthropic reports `cache_creation_input_tokens` (by TTL in `cache_creation`) and `cache_read_input_tokens`, takes the model's minimum prefix (catalogue) and at most 4 breakpoints; Chat Completions reports `prompt_tokens_details.cached_tokens` in steps of 128 | nothing expires; per client in process, per API key in `serve`; the Responses shape reports no cache hits (`cached_tokens` 0) |
| stop reasons | `end_turn`, `tool_use`, `max_tokens` (a hard cut, also inside a tool call: partial input, or OpenAI `arguments` that do not parse; `output_tokens == max_tokens`; Responses: `max_output_tokens` ≥ 16, `status` "incomplete", `incomplete_details.reason` "max_output_tokens", the cut item "incomplete"), `stop_sequence` with `stop_sequences` (OpenAI `stop`) | `pause_turn`, `refusal`, `model_context_window_exceeded`, `content_filter` happen only on demand (`fake_client.faults`) |
| extended thinking (`enabled` with `budget_tokens`, `adaptive`); models that think by default (Claude Sonnet 5 and 5.5: adaptive thinking when the request has no `thinking`); Responses `reasoning` (`effort`, `summary`), `include=["reasoning.encrypted_content"]` | a `thinking` block with a signature first in the reply, asked for or by default (not with a forced `tool_choice`), counted in `output_tokens` and cut by `max_tokens` like any text, so a small `max_tokens` can end in `max_tokens` with thinking and no text; a history that drops it from a tool-using turn, or edits it, is refused with the real wording (default thinking too); forced tools with manual thinking (`enabled`) are refused, with adaptive thinking answered without thinking. Responses: an `rs_…` reasoning item first (its summary when asked, its encrypted content when included, billed as `reasoning_tokens`); a function call sent back without its reasoning item, or a reasoning item with nothing after it, is refused with the real wording | one short sentence of thinking; adaptive always thinks; default thinking is shown as the model shows it (Sonnet 5 summarized, Sonnet 5.5 omitted: an empty text, the tokens billed; `thinking.display` chooses); under adaptive or default thinking a tool-using turn sent back without thinking is judged by its shape (one that starts with its call is taken for a forced call, answered without thinking, and accepted); Sonnet 5.5's text between tool calls is not moved into thinking blocks; thinking sent back counts no tokens; OpenAI reasoning models reason only in the Responses shape and only when `reasoning` is set; the Responses shape reasons only when `reasoning` is set (no model catalogue says which models reason by default) |
| streaming (`stream=True`; `client.messages.stream(...)` with `text_stream`, `get_final_message()`; `client.responses.stream(...)` with `get_final_response()`) | the real event sequences (Anthropic `message_start` … `message_stop` with `text_delta`, `input_json_delta`, `thinking_delta`, `signature_delta`; OpenAI `chat.completion.chunk`s with tool-call deltas by `index`, usage last with `stream_options={"include_usage": True}`; Responses `response.created`, `response.in_progress`, `response.output_item.added`, `response.content_part.added`, `response.output_text.delta` / `.done`, `response.function_call_arguments.delta` / `.done`, reasoning summary events, `response.output_item.done`, `response.completed` or `response.incomplete`, each with its `sequence_number`); the events put together are exactly the non-streamed reply; `serve` sends server-sent events, so the SDKs' stream helpers work | the reply is written first, then sent in pieces at once: a word (or a JSON token) a piece, no `ping`s, no pauses; in-process Chat Completions has no `stream()` helper (iterate the chunks) |
| structured outputs (Anthropic `output_config.format`, `messages.parse(output_format=...)`; OpenAI `response_format` `json_schema` / `json_object`, `chat.completions.parse`; Responses `text.format`, `responses.parse(text_format=...)` with `output_parsed`) | the answer is JSON matching the schema, filled from what the world knows (`_json_fill`); `parse` reads it into a pydantic model or a dataclass; on a reply cut by `max_tokens` it raises what the SDKs raise: OpenAI `LengthFinishReasonError` (before reading, with the SDK's wording and usage), Anthropic pydantic's `ValidationError` ("Invalid JSON: EOF while parsing a string at line 1 column 29"; for a dataclass, where the fake cannot raise pydantic's own class, `fake_client.ValidationError` with the same name, message and `errors()`); schemas outside Anthropic's subset or OpenAI's strict rules, and `json_object` without the word "JSON" in the messages, are refused with the real wording | a field the model knows nothing of gets its answer text, 0 or false; the schema adds no input tokens |
| server-held threads (Anthropic beta `thread`: `create`, `continue` with `previous_message_id`), used by `client.beta.messages.tool_runner(...)` | `client.beta.messages` and `serve` hold the conversation under the reply's id; a `continue` sends only the new messages and reuses the held `system` and `tools`; an unknown id is refused with HTTP 404 `thread_not_found` (the runner then replays the whole conversation), a reply continued twice with `thread_already_continued` | held in memory per client (per API key in `serve`), the oldest forgotten past a limit; wordings follow the API's documented descriptions; the beta header is not checked |
| stored responses (Responses `store`, `previous_response_id`) | a response is held under its `resp_…` id unless `store: false`; `previous_response_id` reads the held items before the new `input` (and bills them), `instructions` and `tools` are not carried over; an unknown id is refused with HTTP 400 `previous_response_not_found` and the real wording | held in memory per client (per API key in `serve`), the oldest forgotten past a limit |
| the Responses tool loop (`function_call` items with `call_id`, results as `function_call_output` items) | an output whose `call_id` matches no call ("No tool call found for function call output with call_id …"), a call left without output ("No tool output found for function call …") refused with the real wording, over the held and the new items alike | the context-window wording of the Responses shape and its `json_object` rule are the fake's own (`_service`, `_responses_format` say so) |
| bad requests (wrong types, missing fields, unknown blocks, ids that match nothing, too long a prompt) | every field checked as the real API checks it, refused with its status, envelope and wording; prompts over the model's context window (from the catalogue, by the estimate) refused as "prompt is too long"; what JSON cannot carry (NaN, Infinity, more than 64 levels of nesting) refused before anything else | the wordings for nesting, content types and unknown paths are the fake's own |
| Anthropic's own tools (`web_search_…`, `web_fetch_…`, `code_execution_…`, `bash_…`, `text_editor_…`, `memory_…`, tool search), `search_result` blocks in a `tool_result`, a conversation that opens with the assistant | definitions checked by `type` and fixed `name` (`_server_tools`); with `web_search` offered, a plain answer opens as a searching one does: `server_tool_use` (`srvtoolu_01…`) and a `web_search_tool_result` that is the error "unavailable", then a sentence in the question's language that the teaching model runs no search; search results read as the result's text | no tool Anthropic runs is run; their definitions count by name only |
| OpenAI `n`, `verbosity`, `prompt_cache_key`, `safety_identifier`, `reasoning_effort` none … xhigh, max | `n` choices, each the first again with its own `index` and call ids, `completion_tokens` × n, streamed choice by choice; the options checked against openai 3.63's types | every choice is the same answer |
| the SDKs' signatures and async clients (anthropic 2.17, openai 3.63) | `create()` takes exactly the locked SDK's keywords (anthropic's has no `temperature`/`top_p`/`top_k`); `AsyncAnthropic`, `AsyncOpenAI` (`await`, `async for`, `async with`) | in async code a retry's wait blocks the event loop |
| the model reads the conversation | a small script per lesson world (below) | it understands only what its world listens for |
| production fails: 429 `rate_limit_error` with `retry-after`, 529 `overloaded_error`, 500, timeouts; odd replies (a refusal, a call of a tool never offered, arguments that are not JSON); the SDKs retry 408/409/429/5xx and timeouts twice; every answer has a request id (`request-id`, `x-request-id`, `_request_id`) and rate-limit headers | never on its own: a program asks (`fake_client.faults`, below) and the next calls fail or misbehave in exactly that way; the clients retry as the SDKs do (`max_retries`, `retry-after-ms` / `retry-after`, else 0.5 s × 2^n); request ids counted per client (per key in `serve`); `error.response.headers` has `retry-after` and the rate-limit headers | in process a timeout is immediate and the backoff has no jitter; the rate-limit figures are the fake's own; a refusal keeps the answer's first three words and names no category; `pause_turn` and `model_context_window_exceeded` keep the first half of the text |

Faults on demand
----------------
Real traffic fails; the fake fails only when asked, so that retry and stop-handling code can
be exercised deterministically. `fake_client.faults.next(name, ...)` makes the next calls
(any client, any shape) meet those faults in order::

    import fake_client
    from fake_client import Anthropic, RateLimitError
    fake_client.faults.next("rate_limit")              # the next call gets a 429...
    client = Anthropic()                               # ...which the client retries (max_retries=2)
    client.messages.create(...)                        # so this answers normally
    fake_client.faults.next("rate_limit", times=3)     # three: the retries run out
    try:
        client.messages.create(...)
    except RateLimitError as error:
        error.response.headers["retry-after"]          # "1"
    fake_client.faults.next("refusal")
    client.messages.create(...).stop_reason            # "refusal"

The names (`fake_client.faults.NAMES` says what each does): `rate_limit`, `overloaded`,
`server_error`, `timeout`, `spend_limit` (raised as the SDK raises them: `RateLimitError`,
`OverloadedError` or, OpenAI's 503, `InternalServerError`, `InternalServerError`,
`APITimeoutError`, and for a spend cap's 429 without retry-after Anthropic's
`EnforcedSpendLimitReachedError` (a `RateLimitError`) or OpenAI's `RateLimitError`, with the
locked SDKs' text); `refusal`, `pause_turn` (Anthropic), `context_window_exceeded` (a stop
reason in Anthropic's shape, a 400 in OpenAI's), `content_filter` (OpenAI),
`reasoning_exhausted` (no text, cut by the budget), `unoffered_tool` (a call of
`run_command`), `invalid_json_arguments` (OpenAI: `{"order_id": "1042",}`),
`missing_required_argument`, `injected_instruction` (a `send_email` call that sends the last
tool result to attacker@example.com). A fault a shape has no counterpart for raises
`ValueError` when met. `faults.pending()` lists what is waiting, `faults.clear()` forgets it;
`next(..., retry_after=0.01)` shortens the wait the errors ask for. In `serve`: `--faults
a,b`, or `POST /fake/faults` `{"faults": [...]}` per API key (`fake_client.faults` says more).

Language
--------
The model answers in the language it is asked in: Bulgarian, Persian, Chinese, Russian,
Ukrainian, or English. The script of the newest question decides (Han, Arabic, Cyrillic);
Bulgarian, Russian and Ukrainian are told apart by letters and small words only one of
them has (і ї є ґ; ы э ё; ъ). The full rule: `fake_client._language`. Every phrase of a
language, and every word the model listens for, is in `fake_client/locales/<lang>.py`.

A page that shows the answers can say its language, so that nothing is guessed where the
script allows it (a Russian question with no Russian marker word gets a Russian answer on a
Russian page); the lesson runtime does this for every run on a lesson page::

    with fake_client.page_language("ru"):
        client.messages.create(...)      # Cyrillic question → Russian answer

A question in another script is still answered in its own language, and outside such a
block (a program of your own, `serve`) the language is guessed as above.

How the model decides
---------------------
It only sees the conversation: the system prompt, the offered tools (name, description,
schema) and the messages. Your program's data (orders, files, stock) stays in your code;
the model learns it only from tool results. A *world* is a short script for one lesson
setting; each request goes to the world that recognises it best:

- `shop` (orders like 1042; status and return-window tools),
- `support` (orders like SP-1024 keyed by `order_no`; status and balance tools),
- `files` (`read_file` / `list_files` over a project folder),
- `flowers` (`get_flower_inventory(city)`, and a weather tool, for Beijing, Shanghai, …),
- `chat` (summaries, of a text in the question or of one a tool returned; otherwise the
  fallback: thanks, or an offer of help).

A tool result counts as a failure when it says so: `is_error: true` in the Anthropic shape;
in the Chat Completions shape, which has no such flag, a text starting with an error word
("Error", "错误", "Ошибка", …).

What is on offer changes the answer, as with a real model: with no tools it makes an answer
up; a removed tool cannot be asked for; a tool whose name and description say nothing it
recognises is a guess it calls for the wrong questions (or ignores, if the description is
empty), while a description that names the job and says when to call it is picked right
(`fake_client.worlds._reading`). Each world's docstring lists its behaviours.

Adding a world
--------------
1. Write `fake_client/worlds/<name>.py` with `NAME`, `INTENTS` (keys of words it listens
   for), `claim(chat) -> int` (0: not mine; higher: surer) and `respond(chat, voice) ->
   list[Say | Ask]`. Read the conversation through `chat` (`question`, `last_results`,
   `steps_since_question()`, `tools`) and the helpers in `worlds/_reading.py` (`mentions`,
   `pick_tool`, `fill_input`, `failed`, `error_kind`); speak only through `voice.say(key,
   **values)`. Keep it short: the lessons may show it.
2. Add its words (`WORDS`) and phrases (`PHRASES`, keys `<name>.<what>`) to every file in
   `fake_client/locales/`: the test suite fails if one language lacks a key.
3. Register it in `WORLDS` in `fake_client/worlds/__init__.py`.
4. Add tests under `tests/unit/fake_client_tests/`: one per behaviour per language.
"""

from ._anthropic_client import Anthropic
from ._async_clients import AsyncAnthropic, AsyncOpenAI, AsyncStream
from ._anthropic_events import (InputJSONDelta, RawContentBlockDeltaEvent,
                                RawContentBlockStartEvent, RawContentBlockStopEvent,
                                RawMessageDeltaEvent, RawMessageStartEvent, RawMessageStopEvent,
                                SignatureDelta, TextDelta, ThinkingDelta)
from ._anthropic_types import (ContentBlock, Message, MessageTokensCount, ParsedMessage,
                               TextBlock, ThinkingBlock, ToolUseBlock, Usage)
from ._errors import (APIConnectionError, APIError, APIStatusError, APITimeoutError,
                      AuthenticationError, BadRequestError, ConflictError,
                      EnforcedSpendLimitReachedError, InternalServerError,
                      LengthFinishReasonError, NotFoundError, OpenAIError, OverloadedError,
                      PermissionDeniedError, RateLimitError, UnprocessableEntityError,
                      ValidationError)
from . import faults
from ._openai_client import OpenAI
from ._message_stream import MessageStream
from ._openai_chunks import ChatCompletionChunk
from ._openai_types import (ChatCompletion, ChatCompletionMessage, ChatCompletionMessageToolCall,
                            Choice, CompletionUsage, Function, ParsedChatCompletion)
from ._language import page_language
from ._recording import recording
from ._responses_types import (InputTokenCountResponse, ParsedResponse, Response,
                               ResponseFunctionToolCall, ResponseOutputMessage, ResponseOutputText,
                               ResponseReasoningItem, ResponseUsage)
from ._streaming import Stream

__all__ = [
    "Anthropic", "OpenAI", "AsyncAnthropic", "AsyncOpenAI", "AsyncStream", "recording", "faults",
    "page_language", "Message", "TextBlock", "ToolUseBlock", "ThinkingBlock", "Usage", "ContentBlock",
    "MessageTokensCount", "ChatCompletion", "Choice", "ChatCompletionMessage", "ChatCompletionMessageToolCall",
    "Function", "CompletionUsage",
    "Response", "ResponseOutputMessage", "ResponseOutputText", "ResponseFunctionToolCall",
    "ResponseReasoningItem", "ResponseUsage", "ParsedResponse", "InputTokenCountResponse",
    "ParsedMessage", "ParsedChatCompletion", "Stream", "MessageStream", "ChatCompletionChunk",
    "RawMessageStartEvent", "RawContentBlockStartEvent", "RawContentBlockDeltaEvent",
    "RawContentBlockStopEvent", "RawMessageDeltaEvent", "RawMessageStopEvent",
    "TextDelta", "InputJSONDelta", "ThinkingDelta", "SignatureDelta",
    "APIError", "APIStatusError", "BadRequestError", "AuthenticationError",
    "PermissionDeniedError", "NotFoundError", "ConflictError", "UnprocessableEntityError",
    "RateLimitError", "EnforcedSpendLimitReachedError", "InternalServerError", "OverloadedError",
    "APIConnectionError", "APITimeoutError", "OpenAIError", "LengthFinishReasonError", "ValidationError",
]
