"""running-a-tool-call's two exercises stand on their own: only the learner's own function passes.

Each exercise continues a hidden snippet that holds the colleague's program, so deleting the
starter's function leaves the colleague's broken one; and the lesson's own function, copied
from the snippet above, does not fit the colleague's program (ex-silent-error: its `TOOLS`
holds every function of the program, `run_command` too, while the model is offered only
`CHAT_TOOLS`, so the lesson's check against `TOOLS` still runs `run_command`; ex-error-text:
the model has no `list_files` to call). Graded as
the page grades: the solution's output and every check of the quiz."""

import pytest
from support.languages import COURSE_LANGUAGES
from support.repo_course import repo_course

from lesson_runtime import run_chain
from lesson_runtime.conversation_checks import faults_setup, run_checks

SLUG = "running-a-tool-call"
# the exercise, the function the learner writes, and the snippet of the page that has it
EXERCISES = [("ex-silent-error", "execute", "dispatch"), ("ex-error-text", "read_file", "folder")]


def function_block(code: str, name: str) -> str:
    """The `def name(...)` block of `code`, up to the next line at the left margin."""
    lines = code.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"def {name}("))
    end = next((i for i in range(start + 1, len(lines)) if lines[i] and not lines[i][0].isspace()), len(lines))
    return "\n".join(lines[start:end]).rstrip() + "\n"


def without_function(code: str, name: str) -> str:
    return code.replace(function_block(code, name), "")


def graded(lang: str, quiz_id: str, code: str) -> bool:
    """True if `code` passes the exercise as the page grades it."""
    lesson = repo_course().lessons[f"{lang}/{SLUG}"]
    quiz = repo_course().quiz_files[f"{lang}/{SLUG}"].quizzes[quiz_id].data
    setup = lesson.setup(quiz["continues"]) + ([faults_setup(quiz["faults"])] if quiz.get("faults") else [])

    def run(source):
        return run_chain(setup, source, timeout=30, lang=lang)

    expected = run(quiz["solution"])
    assert expected["status"] == "done", expected
    got = run(code)
    checks = run_checks(quiz["checks"], got)
    return got["status"] == "done" and got["output"] == expected["output"] and all(c["passed"] for c in checks)


@pytest.mark.parametrize("lang", COURSE_LANGUAGES)
@pytest.mark.parametrize("quiz_id, function, snippet_id", EXERCISES)
def test_only_the_learners_own_function_passes(lang, quiz_id, function, snippet_id):
    lesson = repo_course().lessons[f"{lang}/{SLUG}"]
    quiz = repo_course().quiz_files[f"{lang}/{SLUG}"].quizzes[quiz_id].data
    assert graded(lang, quiz_id, quiz["solution"])
    assert not graded(lang, quiz_id, quiz["starter"])
    # the starter's function deleted: the colleague's, from the hidden snippet, is what runs
    deleted = without_function(quiz["starter"], function)
    assert f"def {function}(" not in deleted
    assert not graded(lang, quiz_id, deleted)
    # the lesson's own function copied from the snippet above, in place of the starter's
    copied = function_block(lesson.snippets[snippet_id].code, function) + "\n\n" + without_function(quiz["starter"], function)
    assert not graded(lang, quiz_id, copied)


# Every note the folder holds before the exercise runs, in any language's page.
FIRST_NOTES = '["notes.txt", "rent.md", "dacha.md", "vila.md", "bagh.md", "chongming.md"]'


@pytest.mark.parametrize("lang", COURSE_LANGUAGES)
def test_ex_error_text_is_not_passed_by_a_list_of_names_typed_in(lang):
    # A note appears between the questions: an error text that names the files the learner
    # saw, typed into the code instead of read from the folder, misses it.
    quiz = repo_course().quiz_files[f"{lang}/{SLUG}"].quizzes["ex-error-text"].data
    listing = "sorted(item.name for item in FOLDER.iterdir())"
    assert listing in quiz["solution"]
    assert not graded(lang, "ex-error-text", quiz["solution"].replace(listing, FIRST_NOTES))
