"""axe-core (from npm, injected by Playwright) finds no serious or critical violation on the
sample lesson in any of the five languages: untouched, and with the feedback of every quiz
kind on screen (verdicts, explanations, the marked difference of two transcripts)."""

from __future__ import annotations

import pytest

from test_quiz_support import LANGUAGES, REPO_ROOT, quizzes  # noqa: F401

AXE = REPO_ROOT / "node_modules" / "axe-core" / "axe.min.js"
BLOCKING = ("serious", "critical")


def serious_violations(page) -> list[str]:
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: run `npm ci`", pytrace=False)
    # Judge the settled page, not a colour half-way through one of Material's transitions.
    page.wait_for_timeout(500)
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    violations = page.evaluate(
        """async () => (await axe.run(document, {resultTypes: ['violations']})).violations
            .map((v) => ({id: v.id, impact: v.impact, help: v.help,
                          targets: v.nodes.slice(0, 5).map((n) => n.target.join(' '))}))"""
    )
    return [
        f"{v['impact']} {v['id']}: {v['help']} at {v['targets']}"
        for v in violations
        if v["impact"] in BLOCKING
    ]


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


@pytest.mark.parametrize("lang", LANGUAGES)
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
