"""Conversation checks: named rules over a run's recorded model calls (the record the run
picture draws), shared by the build (CPython) and the page (Pyodide, in the worker).

- :data:`CHECKS`: name → the rule; each rule's docstring says what it asks.
- :func:`run_checks` judges one transcript (``lesson_runtime.run_chain``'s, with its
  ``calls``) on the named checks: one verdict per name, in the order given,
  ``{"name", "passed", "call"}``, ``call`` the 1-based number of the call where the check
  failed (the run picture's ``data-call``), or None (also when a check fails on the whole
  run: a rule returns 0 for that, e.g. ``answers_shown`` when no request was made).
- :func:`faults_setup` is the setup line that makes the model commit faults during a run.

The wait after a 429 is judged on the seconds asked, not on a clock: the record carries the
answer's `retry-after` and the seconds the program's `time.sleep` asked for before the next
call (fake_client's recording, fed by the lesson runtime). The API asks the client to wait
what `retry-after` says (docs.claude.com/en/api/rate-limits); both SDKs do so on their own,
twice by default (anthropic 2.17 / openai 3.63 `_base_client`, which fake_client._attempts
imitates), so a loop meets the 429 itself only after those retries or with `max_retries=0`.
"""

from __future__ import annotations

import json
from typing import Callable, Optional

from . import _rules
from ._view import read_calls

CHECKS: dict[str, Callable] = {rule.__name__: rule for rule in (
    _rules.every_call_answered, _rules.error_results_marked, _rules.turn_kept_whole,
    _rules.step_limit, _rules.only_answers_shown, _rules.answers_shown, _rules.cut_calls_not_run, _rules.history_kept,
    _rules.injection_not_followed, _rules.refusals_alike,
    _rules.waited_as_asked)}


def run_checks(names: list[str], transcript: dict) -> list[dict]:
    """The verdict of each named check on ``transcript`` (its ``calls``, ``status`` and
    ``output``). ``ValueError`` for a name :data:`CHECKS` lacks."""
    unknown = [name for name in names if name not in CHECKS]
    if unknown:
        raise ValueError(f"unknown conversation check {unknown[0]!r}; the checks are: {', '.join(CHECKS)}")
    views = read_calls(transcript.get("calls") or [])
    verdicts = []
    for name in names:
        failed_at: Optional[int] = CHECKS[name](views, transcript.get("status") or "done", transcript.get("output") or "")
        verdicts.append({"name": name, "passed": failed_at is None, "call": failed_at or None})
    return verdicts


def faults_setup(names: list[str]) -> str:
    """One line of Python that queues these fake_client faults (run as the last setup
    snippet, after the lesson's own, so that the learner's calls meet them). The page
    writes the same line (frontend/widgets/quiz/conversation.js)."""
    quoted = ", ".join(json.dumps(name) for name in names)
    return f'__import__("fake_client").faults.next({quoted})'


__all__ = ["CHECKS", "faults_setup", "run_checks"]
