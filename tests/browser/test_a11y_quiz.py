"""axe-core (from npm, injected by Playwright) finds no serious or critical violation on the
sample lesson in any of the five languages: untouched, and with the feedback of every quiz
kind on screen (verdicts, explanations, the marked difference of two transcripts)."""

from __future__ import annotations

import pytest

from support.axe_support import serious_violations


def show_every_kind_of_feedback(quizzes) -> None:
    """Answer wrongly where the feedback is richest, rightly elsewhere."""
    fill = quizzes.config("fill-in")
    quizzes.fill_blanks("fill-in", [""] * (len(fill["segments"]) - 1))
    quizzes.check("fill-in")  # incorrect: both transcripts, differences marked
    predict = quizzes.config("predict-output")
    wrong = next(i for i in range(len(predict["options"])) if i != predict["correct"])
    quizzes.root("predict-output").locator(f'[data-option="{wrong}"]').click()
    bug = quizzes.config("find-bug")
    quizzes.root("find-bug").locator(f'[data-line="{bug["bug_line"]}"]').click()  # opens the editor
    choice = quizzes.config("multiple-choice")
    quizzes.root("multiple-choice").locator(f'[data-option="{choice["correct"][0]}"]').click()
    quizzes.check("multiple-choice")  # an explanation under every option
    quizzes.check("exercise")  # the starter: incorrect, with the comparison
    quizzes.root("exercise").locator('[data-action="reveal"]').click()


# The feedback's markup is the same in every language; a right-to-left page shows it. Every
# page of every language, untouched, is checked by tests/browser/test_a11y_pages.py.
@pytest.mark.parametrize("lang", ["fa"])
def test_lesson_page_has_no_serious_accessibility_violation(quizzes, lang):
    quizzes.open(lang)
    assert serious_violations(quizzes.page) == [], "untouched page"
    show_every_kind_of_feedback(quizzes)
    quizzes.page.locator('[data-action="start-over"]').click()  # the confirmation row too
    assert serious_violations(quizzes.page) == [], "page with every kind of feedback"


def test_verdicts_are_announced_through_one_live_region(quizzes):
    quizzes.open()
    predict = quizzes.config("predict-output")
    quizzes.root("predict-output").locator(f'[data-option="{predict["correct"]}"]').click()
    region = quizzes.page.locator("[data-quiz-announcer]")
    assert region.count() == 1
    assert region.get_attribute("aria-live") == "polite"
    assert region.get_attribute("role") == "status"
    quizzes.page.wait_for_function("() => document.querySelector('[data-quiz-announcer]').textContent.trim() !== ''")
    correct_word = quizzes.root("predict-output").locator(".quiz-verdict strong").text_content()
    assert correct_word in region.text_content()
