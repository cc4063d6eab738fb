"""Every program of the lesson tools-and-trust (issue 42), taken home and run with the real
`anthropic` package against `python -m fake_client serve`, prints what the lesson shows: the
instruction planted in a courier's note is obeyed because the program asks the server for the
`injected_instruction` fault where the lesson asks fake_client (a comment in a program taken
home, turned back into a request here), and the refund held for approval is resumed in a later
turn with the real SDK's own objects in the saved conversation."""

import pytest

from lesson_builder import build_course

from test_exported_programs import REPO, launcher  # noqa: F401  (the fixture)
from test_when_calls_fail_programs import prints_what_the_lesson_shows, with_server_faults
from test_when_calls_fail_programs import programs_of as _programs_of

LESSON = ("ru", "tools-and-trust")
SNIPPETS = ["foreign", "session", "injection", "approval", "hold-responses", "leaks"]


@pytest.fixture(scope="module")
def lesson():
    built = build_course(REPO, only=[REPO / "lessons" / LESSON[1] / f"{LESSON[0]}.md"], render=False)
    assert not built.problems, built.problems.report()
    return built


def programs_of(built):
    return _programs_of(built, LESSON)


def test_every_program_of_the_lesson_is_run(lesson):
    """A snippet added to the lesson is run below too, or this fails naming it."""
    assert sorted(programs_of(lesson)) == sorted(SNIPPETS)


def test_the_planted_instruction_is_asked_of_the_server_inside_the_tool():
    program = with_server_faults(
        '    # fake_client.faults.next("injected_instruction")   # the model obeys\n')
    assert '    _next_faults("injected_instruction")   # the model obeys' in program


@pytest.mark.parametrize("snippet_id", SNIPPETS)
def test_the_program_with_the_real_sdk_prints_what_the_lesson_shows(lesson, launcher, fake_server,  # noqa: F811
                                                                     tmp_path, snippet_id):
    prints_what_the_lesson_shows(lesson, LESSON, snippet_id, launcher, fake_server, tmp_path)
