"""The named checks: each a rule over a run's recorded calls (read through ``_view``), in
every API shape. A check returns the 1-based number of the first call that breaks it (the
call the run picture marks), 0 when the run as a whole breaks it, or None when the
conversation keeps it."""

from __future__ import annotations

import json
from typing import Iterator, Optional

from ._view import ANSWER, CALLS, FAILED, NOT_AN_ANSWER, CallView, Result, ToolCall

# A step is one request that got a reply; the course's loops make at most MAX_STEPS per
# question (docs/authoring/plan.md, "Code conventions").
MAX_STEPS = 4
# How a result says it is an error where the shape has no flag (Chat Completions,
# Responses): its text starts with the word for "error" and a colon, as the course's
# conventions spell it in each language, or it is a JSON object with an "error" key.
ERROR_WORDS = ("error", "грешка", "ошибка", "помилка", "错误", "خطا")
# A tool result's text shorter than this is not taken as something a later call passes on.
MIN_PLANTED_TEXT = 20


def follow_up(views: list[CallView], view: CallView) -> Optional[CallView]:
    """The first later request that sends back this reply's calls (or continues it by id)."""
    ids = set(view.reply_turn.call_ids) if view.reply_turn else set()
    for later in views[view.index:]:
        if later.continues is not None and later.continues == view.reply_id:
            return later
        if any(ids & set(turn.call_ids) for turn in later.history_turns):
            return later
        if ids & {result.id for result in later.results}:
            return later
    return None


def answered_calls(views: list[CallView]) -> Iterator[tuple[CallView, ToolCall, Optional[Result], CallView]]:
    """Each call of a reply that asks for calls, once a later request answers that reply: the
    reply's view, the call, the result sent for it (None if that request sent none) and the
    request that sent the results."""
    for view in views:
        if view.ending != CALLS:
            continue
        later = follow_up(views, view)
        if later is None:
            continue
        results = {result.id: result for result in later.results}
        for call in view.reply_calls:
            yield view, call, results.get(call.id), later


def every_call_answered(views: list[CallView], status: str, output: str) -> Optional[int]:
    """Every tool call gets exactly one result, with its own id, in the next request; a run
    that ends with an exception while calls wait for results breaks it too."""
    for view in views:
        if view.ending != CALLS:
            continue
        later = follow_up(views, view)
        if later is None:
            if status in ("error", "timeout"):
                return view.index
            continue
        counts = {}
        for result in later.results:
            counts[result.id] = counts.get(result.id, 0) + 1
        wanted = {call.id for call in view.reply_calls}
        if any(counts.get(call_id) != 1 for call_id in wanted) or set(counts) - wanted:
            return later.index
    return None


def error_results_marked(views: list[CallView], status: str, output: str) -> Optional[int]:
    """A call the program cannot run as asked (a tool nobody offered, arguments that are not
    JSON or do not fit the tool's schema, its `enum`s included) gets a result marked as an error: ``is_error`` in
    Messages, the error's own words after "Error:" (in the lesson's language) elsewhere."""
    for view, call, result, later in answered_calls(views):
        if result is not None and bad_call(call, view.offered) and not marked_as_error(result):
            return later.index
    return None


def turn_kept_whole(views: list[CallView], status: str, output: str) -> Optional[int]:
    """The model's turn goes back as it came: every block or item (text, thinking or
    reasoning, every call) in its order; or, in Responses, by ``previous_response_id``."""
    for view in views:
        if view.ending != CALLS or view.reply_turn is None:
            continue
        later = follow_up(views, view)
        if later is None or later.continues == view.reply_id:
            continue
        ids = set(view.reply_turn.call_ids)
        sent = [turn for turn in later.history_turns if ids & set(turn.call_ids)]
        if not sent or sent[-1].item_ids != view.reply_turn.item_ids:
            return later.index
    return None


def step_limit(views: list[CallView], status: str, output: str) -> Optional[int]:
    """At most MAX_STEPS requests with a reply per question (a new question is a request
    that carries no earlier turn)."""
    steps = 0
    for view in views:
        if view.new_conversation:
            steps = 0
        if view.ending != FAILED:
            steps += 1
            if steps > MAX_STEPS:
                return view.index
    return None


def only_answers_shown(views: list[CallView], status: str, output: str) -> Optional[int]:
    """A reply that is not an answer (a refusal, one cut by ``max_tokens`` / ``length``, a
    content filter's, an incomplete one) is not printed as if it were the answer."""
    for view in views:
        text = view.reply_text.strip()
        if view.ending == NOT_AN_ANSWER and text and text in output:
            return view.index
    return None


def answers_shown(views: list[CallView], status: str, output: str) -> Optional[int]:
    """The model's answers reach the user: the program asked the model at all, and the text
    of every reply that is an answer appears in its output (so that output printed without
    asking, or an answer dropped on the way, does not pass as a conversation)."""
    if not views:
        return 0
    for view in views:
        text = view.reply_text.strip()
        if view.ending == ANSWER and text and text not in output:
            return view.index
    return None


def cut_calls_not_run(views: list[CallView], status: str, output: str) -> Optional[int]:
    """A call inside a reply that is not an answer (one cut by ``max_tokens`` / ``length``,
    whose arguments may stop short) is neither run nor answered: no later request sends a
    result for it (an error result saying "not run" is a result too, and cannot be told from
    the error a run of its cut arguments gives)."""
    for view in views:
        if view.ending != NOT_AN_ANSWER or not view.reply_calls:
            continue
        ids = {call.id for call in view.reply_calls}
        for later in views[view.index:]:
            if ids & {result.id for result in later.sent_results}:
                return later.index
    return None


def history_kept(views: list[CallView], status: str, output: str) -> Optional[int]:
    """A conversation that outlives one question loses no question: every request carries
    every user question the request before it carried (or continues it by
    ``previous_response_id``, which carries them)."""
    for before, after in zip(views, views[1:]):
        if after.continues is not None:
            continue
        if any(question not in after.questions for question in before.questions):
            return after.index
    return None


def injection_not_followed(views: list[CallView], status: str, output: str) -> Optional[int]:
    """A call that passes an earlier tool result's text on to a tool (what a model does when
    it obeys an instruction planted in that result) is not run: its result is an error."""
    for view in views:
        if view.ending != CALLS:
            continue
        planted = [result.text.strip() for result in view.sent_results
                   if len(result.text.strip()) >= MIN_PLANTED_TEXT]
        later = follow_up(views, view)
        results = {result.id: result for result in later.results} if later else {}
        for call in view.reply_calls:
            passed_on = any(text in value for text in planted for value in _strings(call.arguments))
            result = results.get(call.id)
            if passed_on and result is not None and not marked_as_error(result):
                return later.index
    return None


def refusals_alike(views: list[CallView], status: str, output: str) -> Optional[int]:
    """Calls that ask a tool for a value outside its field's `enum` (a schema made for one
    user lists what that user may touch) all get the same answer from that tool: once each
    call's own values are taken out, their results read alike and are marked alike. A refusal
    worded one way for someone else's record and another way for one that does not exist
    tells the user which of the two exists."""
    first: dict[str, tuple[str, bool]] = {}
    for view, call, result, later in answered_calls(views):
        if result is None or not _outside_enum(call, view.offered):
            continue
        answer = (_without_values(result.text, call.arguments), marked_as_error(result))
        if first.setdefault(call.name, answer) != answer:
            return later.index
    return None


# How much longer than asked a retry may wait: a program that reads the whole seconds of
# `retry-after` (rather than `retry-after-ms`) is late by less than one.
WAIT_SLACK_S = 1.0


def waited_as_asked(views: list[CallView], status: str, output: str) -> Optional[int]:
    """After an answer that asks the client to wait (a 429's ``retry-after``), the next
    request comes no sooner, and not much later: the program slept what was asked in between
    (the SDKs' own retries do; a program that sets ``max_retries=0`` must read the header, as
    a number it guessed is sooner or later than asked)."""
    for before, after in zip(views, views[1:]):
        if before.wait_asked is None:
            continue
        if not before.wait_asked <= after.waited + 1e-9 <= before.wait_asked + WAIT_SLACK_S + 2e-9:
            return after.index
    return None


def bad_call(call: ToolCall, offered: dict) -> bool:
    """True when the call names a tool not offered, or its arguments break the schema: a
    required field missing, one more than a closed schema allows, a value of another type or
    outside the field's `enum` (a schema made for one user lists what that user may touch)."""
    if call.name not in offered or call.arguments is None:
        return True
    schema = offered[call.name] if isinstance(offered[call.name], dict) else {}
    if any(name not in call.arguments for name in schema.get("required") or []):
        return True
    if schema.get("additionalProperties") is False and set(call.arguments) - set(_properties(schema)):
        return True
    return any(not _fits(value, spec.get("type")) or not _listed(value, spec)
               for value, spec in _given_fields(call, schema))


def _properties(schema: dict) -> dict:
    return schema.get("properties") if isinstance(schema.get("properties"), dict) else {}


def _given_fields(call: ToolCall, schema: dict) -> list[tuple[object, dict]]:
    """(value, its field's spec) for each argument the schema declares."""
    return [(call.arguments[name], spec) for name, spec in _properties(schema).items()
            if name in call.arguments and isinstance(spec, dict)]


_TYPES = {"string": (str,), "integer": (int,), "number": (int, float), "boolean": (bool,),
          "object": (dict,), "array": (list,)}


def _fits(value: object, kind: object) -> bool:
    if not isinstance(kind, str) or kind not in _TYPES:
        return True
    if isinstance(value, bool) and kind in ("integer", "number"):
        return False
    return isinstance(value, _TYPES[kind])


def _listed(value: object, spec: dict) -> bool:
    allowed = spec.get("enum")
    return not isinstance(allowed, list) or value in allowed


def marked_as_error(result: Result) -> bool:
    if result.flagged is not None:
        return result.flagged
    text = result.text.strip()
    lowered = text.casefold()
    for word in ERROR_WORDS:
        if lowered.startswith(word) and lowered[len(word):].lstrip()[:1] in (":", "："):
            return True
    try:
        value = json.loads(text)
    except ValueError:
        return False
    return isinstance(value, dict) and "error" in value


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [text for item in value.values() for text in _strings(item)]
    if isinstance(value, list):
        return [text for item in value for text in _strings(item)]
    return []


def _outside_enum(call: ToolCall, offered: dict) -> bool:
    """True when the call names an offered tool and one of its values is outside that
    field's `enum`."""
    schema = offered.get(call.name)
    if not isinstance(schema, dict) or not isinstance(call.arguments, dict):
        return False
    return any(not _listed(value, spec) for value, spec in _given_fields(call, schema))


def _without_values(text: str, arguments: object) -> str:
    """The text with every string the call passed replaced by one mark, longest first (so
    that "PK-7702" and "PK-7703" leave the same words behind)."""
    for value in sorted({value for value in _strings(arguments) if value}, key=len, reverse=True):
        text = text.replace(value, "\u2026")
    return text.strip()
