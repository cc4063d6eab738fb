"""running-a-tool-call's two exercises stand on their own: only the learner's own function passes.

Each exercise continues a hidden snippet that holds the colleague's program, so deleting the
starter's function leaves the colleague's broken one; and the lesson's own function, copied
from the snippet above, does not fit the colleague's program (ex-silent-error: the program
speaks Chat Completions only and keeps what it offers in `CHAT_TOOLS`, with no `TOOLS` for the
lesson's function to read; ex-error-text: the model has no `list_files` to call). Nor does a
list of names typed in or a deny-list: the tests
below. Graded as
the page grades: the solution's output and every check of the quiz."""

import pytest
from support.languages import COURSE_LANGUAGES
from support import exercise_grading
from support.exercise_grading import function_block
from support.repo_course import repo_course

from lesson_runtime import run_chain

SLUG = "running-a-tool-call"
# the exercise, the function the learner writes, and the snippet of the page that has it
EXERCISES = [("ex-silent-error", "execute", "dispatch"), ("ex-error-text", "read_file", "folder")]


def without_function(code: str, name: str) -> str:
    return code.replace(function_block(code, name), "")


def graded(lang: str, quiz_id: str, code: str) -> bool:
    """True if `code` passes the exercise as the page grades it."""
    return exercise_grading.graded(f"{lang}/{SLUG}", quiz_id, code)[0]


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


# Every name a learner can see: the notes of any language's page and the archived list's new
# name. Typed into the error text, they mislead one of the two questions whatever the order:
# the first needs notes.txt, the second must not be offered it (it is gone, and closer to the
# misspelling than notes-old.txt).
SEEN_NOTES = ["notes.txt", "notes-old.txt", "rent.md", "dacha.md", "vila.md", "bagh.md", "chongming.md"]
LISTING = "[item.name for item in FOLDER.iterdir()]"


@pytest.mark.parametrize("lang", COURSE_LANGUAGES)
@pytest.mark.parametrize("typed", [SEEN_NOTES, [name for name in SEEN_NOTES if name != "notes.txt"],
                                   [name for name in SEEN_NOTES if name != "notes-old.txt"]])
def test_ex_error_text_is_not_passed_by_a_list_of_names_typed_in(lang, typed):
    # The folder changes between the questions: only a listing read when the error happens
    # names what is there.
    quiz = repo_course().quiz_files[f"{lang}/{SLUG}"].quizzes["ex-error-text"].data
    assert LISTING in quiz["solution"]
    assert not graded(lang, "ex-error-text", quiz["solution"].replace(LISTING, repr(typed)))


OFFERED = '[tool["function"]["name"] for tool in CHAT_TOOLS]'
NOTES_TOOLS = ("read_file", "list_files", "find_in_notes")


@pytest.mark.parametrize("lang", COURSE_LANGUAGES)
def test_ex_silent_error_is_not_passed_by_the_offered_names_typed_in(lang):
    # The program connects a plugin named anew on every run: the notes tools typed in as the
    # offered list neither run its tool nor name it.
    quiz = repo_course().quiz_files[f"{lang}/{SLUG}"].quizzes["ex-silent-error"].data
    assert OFFERED in quiz["solution"]
    typed = quiz["solution"].replace(OFFERED, OFFERED[:-1] + f' if tool["function"]["name"] in {NOTES_TOOLS!r}]')
    assert not graded(lang, "ex-silent-error", typed)


OFFERED_TEST = "if name not in tool_names or name not in HANDLERS:"


@pytest.mark.parametrize("lang", COURSE_LANGUAGES)
@pytest.mark.parametrize("denied", ['name == "run_command"', 'name in ("run_command", "delete_file")'])
def test_ex_silent_error_is_not_passed_by_a_deny_list(lang, denied):
    # Blocking the names one has seen leaves the plugin's internal function, in HANDLERS but
    # never offered and named anew at check time, free to run: only the offered list stops it.
    quiz = repo_course().quiz_files[f"{lang}/{SLUG}"].quizzes["ex-silent-error"].data
    assert OFFERED_TEST in quiz["solution"]
    deny = quiz["solution"].replace(OFFERED_TEST, f"if {denied} or name not in HANDLERS:")
    assert not graded(lang, "ex-silent-error", deny)


@pytest.mark.parametrize("lang", COURSE_LANGUAGES)
def test_ex_silent_error_grades_the_name_only(lang):
    # One concept: a call of a tool nobody offered comes back as an error result the model
    # sees. The schema check is not asked for (the lesson's snippets teach it), so
    # the solution goes without it, and an answer that also checks the schema passes too.
    quiz = repo_course().quiz_files[f"{lang}/{SLUG}"].quizzes["ex-silent-error"].data
    assert "check_args" not in quiz["solution"] and "check_args" not in quiz["prompt"]
    assert "force" not in quiz["solution"]
    schemas = '{tool["function"]["name"]: tool["function"]["parameters"] for tool in CHAT_TOOLS}'
    lines = quiz["solution"].split("\n")
    at = next(i for i, line in enumerate(lines) if line.strip().startswith("try:"))
    indent = lines[at][:len(lines[at]) - len(lines[at].lstrip())]
    lines[at:at] = [f"{indent}problem = check_args({schemas}[name], args)",
                    f"{indent}if problem:", f"{indent}    return f\"{{name}}: {{problem}}\", True"]
    assert graded(lang, "ex-silent-error", "\n".join(lines))


def test_the_plugin_is_named_anew_on_every_connection():
    lesson = repo_course().lessons[f"ru/{SLUG}"]
    names = run_chain(lesson.setup("colleague-chat"), "print(*plugin_calls(), *plugin_calls(), *plugin_calls())",
                      timeout=30, lang="ru")["output"].split()
    assert len(set(names)) == 6
