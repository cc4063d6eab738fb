"""Every program of the lesson when-calls-fail (issue 41), taken home and run with the real
`anthropic` and `openai` packages against `python -m fake_client serve`, prints what the
lesson shows: the failures the lesson makes with `fake_client.faults.next(...)` (a comment in
a program taken home) are made here by the server, so the real SDKs meet the same 429s, 529s,
paused turns and refusals, and retry them for real (`max_retries`, `retry-after`)."""

import re

import pytest

from lesson_builder import build_course
from lesson_builder._problems import Problems
from lesson_builder._program_export import lesson_programs

from test_exported_programs import REPO, launcher, run_program  # noqa: F401  (the fixture too)

LESSON = ("ru", "when-calls-fail")
# Each program's fault lines, left as comments by the export, become requests to the server's
# `POST /fake/faults` for both SDKs' keys: the same faults, met by the same calls, in order.
# (A block left with nothing but fault lines keeps a `pass` before the first: it goes too.)
_FAULT_LINE = re.compile(r"^(?P<indent>[ \t]*)(?:pass  )?# fake_client\.faults\.next\((?P<args>.*)\)(?P<rest>.*)$",
                         re.MULTILINE)
_MAKE_FAULTS = '''
import json as _json
import os as _os
import urllib.request as _request


def _next_faults(*names, times=1, retry_after=None):
    """What fake_client.faults.next does in the lesson, asked of `fake_client serve`."""
    faults = [name if retry_after is None else {"name": name, "retry_after": retry_after}
              for name in names] * times
    for key in (_os.environ["ANTHROPIC_API_KEY"], _os.environ["OPENAI_API_KEY"]):
        _request.urlopen(_request.Request(
            _os.environ["ANTHROPIC_BASE_URL"] + "/fake/faults", data=_json.dumps({"faults": faults}).encode(),
            headers={"x-api-key": key, "content-type": "application/json"}, method="POST")).close()
'''


@pytest.fixture(scope="module")
def lesson():
    built = build_course(REPO, only=[REPO / "lessons" / LESSON[1] / f"{LESSON[0]}.md"], render=False)
    assert not built.problems, built.problems.report()
    return built


def built_lesson(lesson):
    """One lesson page (`lesson`: its language and slug) built without the site; no problem."""
    built = build_course(REPO, only=[REPO / "lessons" / lesson[1] / f"{lesson[0]}.md"], render=False)
    assert not built.problems, built.problems.report()
    return built


def programs_of(built, lesson=LESSON):
    """The lesson's programs taken home, by snippet id (`lesson`: its language and slug)."""
    problems = Problems()
    programs = lesson_programs(built.lessons["/".join(lesson)], REPO, lesson[1], problems)
    assert not problems, problems.report()
    return programs


def with_server_faults(text: str) -> str:
    made = _FAULT_LINE.sub(lambda m: f"{m['indent']}_next_faults({m['args']}){m['rest']}", text)
    return _MAKE_FAULTS + made


SNIPPETS = ["sdk-retry", "sdk-gives-up", "non-answers", "non-answers-chat", "non-answers-responses",
            "big-log", "budget", "trim", "deadline", "idempotent"]


def test_every_program_of_the_lesson_is_run(lesson):
    """A snippet added to the lesson is run below too, or this fails naming it."""
    assert sorted(programs_of(lesson)) == sorted(SNIPPETS)


def test_a_fault_line_becomes_a_request_to_the_server():
    program = with_server_faults('    # fake_client.faults.next("overloaded", times=3)     # three\n')
    assert '    _next_faults("overloaded", times=3)     # three' in program
    program = with_server_faults('if fault:\n    pass  # fake_client.faults.next(fault)\n')
    assert 'if fault:\n    _next_faults(fault)\n' in program


def prints_what_the_lesson_shows(built, lesson, snippet_id, launcher, server_url, folder):  # noqa: F811
    """The snippet's program, its fault lines asked of the server, run with the real SDKs:
    its output ends with what the lesson shows."""
    program = programs_of(built, lesson)[snippet_id]
    shown = built.transcript("/".join(lesson), snippet_id)
    assert shown["status"] == "done"
    result = run_program(launcher, with_server_faults(program.text), server_url, folder)
    assert result.returncode == 0, result.stderr
    assert result.stdout.rstrip().endswith(shown["output"].rstrip()), (
        f"the program's output ends with:\n{result.stdout[-1500:]}\n\nthe lesson shows:\n{shown['output']}")


@pytest.mark.parametrize("snippet_id", SNIPPETS)
def test_the_program_with_the_real_sdk_prints_what_the_lesson_shows(lesson, launcher, fake_server,  # noqa: F811
                                                                     tmp_path, snippet_id):
    prints_what_the_lesson_shows(lesson, LESSON, snippet_id, launcher, fake_server, tmp_path)
