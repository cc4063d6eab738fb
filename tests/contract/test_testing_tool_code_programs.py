"""Every program of the lesson testing-tool-code (issue 43), taken home, runs unchanged with the
real `anthropic` package against `python -m fake_client serve`: as `python program.py` it prints
what the lesson shows (its `run_tests` under `if __name__ == "__main__"`), and as a test file,
run by CPython's real pytest, each test the lesson ran has the same outcome there (PASSED or
FAILED). The failures the lesson makes with `fake_client.faults.next(...)` (a comment in a
program taken home) are asked of the server, as in the when-calls-fail programs; the replay
reads back the real SDK's JSON with `anthropic.types.Message.model_validate`."""

import os
import re
import subprocess
import sys

import pytest

from test_exported_programs import REPO, _keys, launcher  # noqa: F401  (the fixture)
from test_when_calls_fail_programs import built_lesson, prints_what_the_lesson_shows, with_server_faults
from test_when_calls_fail_programs import programs_of as _programs_of

SLUG = "testing-tool-code"
LANGUAGES = ["bg", "fa", "zh", "ru", "uk"]   # each language's page has its own strings, so its own programs
SNIPPETS = ["first-test", "conversation-tests", "colleague", "failure-paths", "trust-test", "record", "replay",
            "stale", "eval", "chance"]
# The programs that are test files: the lesson runs their tests with run_tests.
TEST_FILES = ["first-test", "conversation-tests", "colleague", "failure-paths", "trust-test", "replay", "stale"]
# A line of run_tests (the page) and of pytest -rA's short summary (CPython): outcome and test.
PAGE_LINE = re.compile(r"^(PASSED|FAILED) (test_\w+)", re.MULTILINE)
PYTEST_LINE = re.compile(r"^(PASSED|FAILED) \S+::(test_\w+)", re.MULTILINE)


@pytest.fixture(scope="module")
def built():
    """The lesson built once in every language (the build is per lesson, not per page)."""
    return {lang: built_lesson((lang, SLUG)) for lang in LANGUAGES}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_program_of_the_lesson_is_run_both_ways(built, lang):
    """A snippet added to the lesson is run below too (and, if it runs tests, by pytest), or
    this fails naming it."""
    programs = _programs_of(built[lang], (lang, SLUG))
    assert sorted(programs) == sorted(SNIPPETS)
    runs_tests = {snippet_id for snippet_id, program in programs.items() if "run_tests(test_" in program.code}
    assert runs_tests == set(TEST_FILES)


def test_the_page_and_pytest_summaries_are_read_alike():
    """What the two patterns read, on a run_tests output and on pytest's -rA summary."""
    assert PAGE_LINE.findall("шаг 1: end_turn\nPASSED test_a\nFAILED test_b - нет\n") == [
        ("PASSED", "test_a"), ("FAILED", "test_b")]
    assert PYTEST_LINE.findall("PASSED program.py::test_a\nFAILED program.py::test_b - AssertionError: нет\n") == [
        ("PASSED", "test_a"), ("FAILED", "test_b")]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("snippet_id", SNIPPETS)
def test_the_program_with_the_real_sdk_prints_what_the_lesson_shows(built, launcher, fake_server,  # noqa: F811
                                                                     tmp_path, snippet_id, lang):
    prints_what_the_lesson_shows(built[lang], (lang, SLUG), snippet_id, launcher, fake_server, tmp_path)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("snippet_id", TEST_FILES)
def test_pytest_runs_the_program_and_agrees_with_the_lesson(built, fake_server, tmp_path, snippet_id, lang):
    lesson, page = built[lang], (lang, SLUG)
    program = tmp_path / f"{SLUG}-{snippet_id}.py"   # pytest collects a file named on its command line
    program.write_text(with_server_faults(_programs_of(lesson, page)[snippet_id].text), encoding="utf-8")
    key = next(_keys)
    env = {**os.environ, "ANTHROPIC_BASE_URL": fake_server, "OPENAI_BASE_URL": f"{fake_server}/v1",
           "ANTHROPIC_API_KEY": f"any-{key}", "OPENAI_API_KEY": f"any-{key}-openai", "PYTHONIOENCODING": "utf-8"}
    result = subprocess.run([sys.executable, "-m", "pytest", str(program), "-rA", "-q", "-p", "no:cacheprovider"],
                            cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    shown = dict((name, outcome) for outcome, name in PAGE_LINE.findall(
        lesson.transcript("/".join(page), snippet_id)["output"]))
    assert shown, "the lesson's run shows no test"
    ran = dict((name, outcome) for outcome, name in PYTEST_LINE.findall(result.stdout))
    assert {name: ran.get(name) for name in shown} == shown, result.stdout[-3000:]
    assert result.returncode == (1 if "FAILED" in shown.values() else 0), result.stdout[-3000:]
