"""The UI strings are proved by the renders that ask for them, not by a search of the source:
the page records every key its widgets ask `t` for (`window.toolLessons.stringsAsked()`), and
this test walks the sample lesson through the states a learner reaches (a run, an edit and a
reload, a stop, every quiz kind answered wrongly and rightly, hints, the revealed answer,
"start over") in every language.

- Every key a render asked for is in the strings of its language (a missing one would show
  the raw key on the page).
- Every `runner.*` and `quiz.*` key is asked for by the walk, except the few listed in
  UNREACHED with the state they belong to: a key nobody asks for is a translation nobody
  checks, so it goes.
"""

from __future__ import annotations

import json

import pytest

from support.chromium import END_STATES, in_front
from test_a11y_quiz import show_every_kind_of_feedback
from support.quiz_support import LANGUAGES, REPO_ROOT, VERDICT_MS, fixed_program

STRINGS_DIR = REPO_ROOT / "frontend" / "page" / "strings"
CHECKED_AREAS = ("runner.", "quiz.")

# Keys of states this walk does not put the page in, each with the state that shows it.
UNREACHED = {
    "runner.status.failed": "Python could not start (tests/browser/test_runner.py breaks the runtime)",
    "runner.status.timeout": "a run that reaches its time limit (test_runner_stop.py)",
    "runner.status.queued": "a run waiting behind another page's run in the shared worker",
    "runner.truncated": "output over the output limit (test_runner.py)",
    "runner.lost.closed": "a program that closes the Python worker (tests/hostile/test_hostile_worker.py)",
    "runner.lost.crashed": "Python dying during a run (tests/hostile/test_hostile_worker.py)",
    "runner.storageUnavailable": "storage disabled (test_quiz_storage.py)",
    "quiz.runFailed": "Python could not start while a quiz ran",
    "quiz.runStopped": "a quiz run stopped before its end",
    "quiz.broken": "a quiz whose config cannot be read",
    "quiz.timedOut": "a quiz run that reaches its time limit (test_quiz_same_run.py)",
    "quiz.liveMatchesNone": "a predict-output program whose live run matches no option: only when the "
    "browser's run disagrees with the build's",
}
# The walk also answers two exercises graded on the conversation, running-a-tool-call's
# ex-silent-error (its own fault, a check failed with no call to point at) and tool-loop's
# ex-not-an-answer: their checks, failed by the starter and kept by the solution, and the
# fault control. What it does not reach there, a trial run and the other checks' names,
# tests/browser/test_quiz_conversation.py shows.
CONVERSATION_EXERCISES = (("running-a-tool-call", "ex-silent-error"), ("tool-loop", "ex-not-an-answer"))
_CONVERSATION = "an exercise graded on the conversation (test_quiz_conversation.py)"
UNREACHED.update({key: _CONVERSATION for key in (
    "quiz.checksUnavailable", "quiz.trialRun",
    *(f"quiz.checkName.{name}" for name in ("injection_not_followed", "refusals_alike", "step_limit", "waited_as_asked")))})


def strings(lang: str) -> dict:
    return json.loads((STRINGS_DIR / f"{lang}.json").read_text(encoding="utf-8"))


def asked(page) -> set[str]:
    return set(page.evaluate("() => window.toolLessons.stringsAsked()"))


def answer_every_kind_rightly(quizzes) -> None:
    fill = quizzes.config("fill-in")
    quizzes.fill_blanks("fill-in", [spellings[0] for spellings in fill["answers"]])
    quizzes.check("fill-in")
    predict = quizzes.config("predict-output")
    quizzes.root("predict-output").locator(f'[data-option="{predict["correct"]}"]').click()
    bug = quizzes.config("find-bug")
    root = quizzes.root("find-bug")
    root.locator(f'[data-line="{bug["bug_line"]}"]').click()
    root.locator('[data-action="run"]').click()  # unchanged: still failing
    quizzes.page.wait_for_function("root => root.dataset.fix", arg=root.element_handle(), timeout=90_000)
    quizzes.set_editor_code("find-bug", fixed_program(bug))
    root.locator('[data-action="run"]').click()
    quizzes.page.wait_for_function(
        "root => root.dataset.fix === 'fixed'", arg=root.element_handle(), timeout=90_000
    )
    choice = quizzes.config("multiple-choice")
    root = quizzes.root("multiple-choice")
    for index in range(len(choice["options_html"])):
        option = root.locator(f'[data-option="{index}"] input')
        if (index in choice["correct"]) != option.is_checked():
            option.click()
    quizzes.check("multiple-choice")
    use = quizzes.root("exercise").locator('[data-action="use-solution"]')  # shown once revealed
    if use.count() and use.first.is_visible():
        use.first.click()
    else:
        quizzes.set_editor_code("exercise", quizzes.config("exercise")["solution"])
    quizzes.check("exercise")


def walk(quizzes, snippets) -> set[str]:
    page = quizzes.page
    quizzes.open(quizzes.lang)
    first = page.locator(".lesson-snippet[data-snippet]").first.get_attribute("data-snippet")
    snippets.run(first)
    snippets.set_code(first, "while True:\n    pass\n")
    page.locator(f'[data-snippet="{first}"] [data-action="run"]').click()
    snippets.wait_state(first, ("running",))
    page.locator(f'[data-snippet="{first}"] [data-action="stop"]').click()
    snippets.wait_state(first, ("stopped",))
    keys = asked(page)

    snippets.set_code(first, "1 / 0\n")
    assert snippets.run(first)[0] == "error"

    choice_root = quizzes.root("multiple-choice")
    choice_root.locator('[data-action="check"]').click()  # nothing chosen yet: no verdict
    assert choice_root.get_attribute("data-result") is None
    show_every_kind_of_feedback(quizzes)
    fill = quizzes.root("fill-in")
    for _ in range(3):  # wrong tries until the hint, then the answer, are offered
        quizzes.check("fill-in")
    fill.locator('[data-action="hint"]').click()
    fill.locator('[data-action="reveal"]').click()
    bug = quizzes.config("find-bug")
    hints = bug.get("line_hints_html") or []
    plain = [n for n in range(1, len(bug["code"].rstrip("\n").split("\n")) + 1)
             if n != bug["bug_line"] and not (n <= len(hints) and hints[n - 1])]
    if plain:  # a wrong line the lesson has nothing special to say about
        quizzes.root("find-bug").locator(f'[data-line="{plain[0]}"]').click()
    solution = quizzes.config("exercise")["solution"]
    quizzes.set_editor_code("exercise", "pass\n")  # prints nothing: every line missing
    quizzes.check("exercise")
    quizzes.set_editor_code("exercise", solution.rstrip("\n") + "\nimport sys\nsys.exit(2)\n")
    quizzes.check("exercise")  # the right output, then an error exit
    answer_every_kind_rightly(quizzes)
    predict = quizzes.root("predict-output")
    predict.locator('[data-action="run"]').click()  # the live run names the option it matches
    predict.locator(".quiz-option--matches").wait_for(timeout=90_000)
    keys |= asked(page)

    page.reload()  # restored verdicts and the restored edit of the first snippet
    page.wait_for_selector("[data-lesson-progress]")
    snippets.wait_state(first, ("idle", "loading") + END_STATES)
    keys |= asked(page)
    page.locator('[data-action="start-over"]').click()
    page.locator('[data-action="confirm-start-over"]').click()
    return keys | asked(page) | set().union(*(answer_the_conversation_exercise(quizzes, lesson, quiz)
                                              for lesson, quiz in CONVERSATION_EXERCISES))


def answer_the_conversation_exercise(quizzes, lesson: str, quiz: str) -> set[str]:
    """The starter (a check broken, at a call of the picture), then the solution (every check
    kept), of an exercise graded on the conversation in the page's language."""
    page, lang = quizzes.page, quizzes.lang
    prefix = "" if lang == "bg" else f"{lang}/"
    page.goto(quizzes.site_url(f"{prefix}lessons/{lesson}/"))
    page.wait_for_selector("[data-lesson-progress]")
    root = page.locator(f'[data-quiz="{quiz}"]')
    root.locator("[data-editor] .cm-content").wait_for()
    assert root.get_attribute("data-grading") == "conversation"
    for code in (None, json.loads(root.locator("script[data-config]").first.text_content())["solution"]):
        if code is not None:
            root.locator("[data-editor] .cm-content").click()
            page.keyboard.press("ControlOrMeta+a")
            page.keyboard.press("Delete")
            page.keyboard.insert_text(code)
        in_front(page)
        root.evaluate("root => root.querySelector('[data-feedback]').replaceChildren()")
        root.locator('[data-action="check"]').click()
        root.locator("[data-feedback] [data-check]").first.wait_for(timeout=VERDICT_MS)
        assert root.get_attribute("data-result") == ("incorrect" if code is None else "correct")
    return asked(page)


@pytest.fixture(scope="module")
def asked_per_language():
    return {}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_string_a_render_asks_for_exists(quizzes, snippets, lang, asked_per_language):
    quizzes.lang = lang
    keys = walk(quizzes, snippets)
    table = strings(lang)
    assert sorted(key for key in keys if key not in table) == [], f"{lang}: asked for, not in {lang}.json"
    asked_per_language[lang] = keys


def test_every_runner_and_quiz_string_is_asked_for(asked_per_language):
    if set(asked_per_language) != set(LANGUAGES):
        pytest.fail("the walk did not finish in every language", pytrace=False)
    everything = set().union(*asked_per_language.values())
    checked = {key for key in strings("bg") if key.startswith(CHECKED_AREAS)}
    never = sorted(checked - everything - set(UNREACHED))
    assert never == [], f"strings no render asked for (use them or remove them): {never}"
    stale = sorted(key for key in UNREACHED if key not in checked or key in everything)
    assert stale == [], f"UNREACHED lists keys that are gone or that the walk reaches: update it: {stale}"
