"""Saved progress never breaks the page: with localStorage unavailable (it throws, as in some
private modes or with storage disabled), or full, or with garbage or a foreign shape in our
key, the quizzes still work; without storage the page says once that nothing is saved."""

from __future__ import annotations

import json

import pytest

from support.quiz_support import STORAGE_KEY

# Touching window.localStorage throws, as with storage disabled by policy.
STORAGE_DENIED = """
Object.defineProperty(window, 'localStorage', {
    configurable: true,
    get() { throw new DOMException('The operation is insecure.', 'SecurityError'); },
});
"""

# Reading works, every write fails, as with a full quota.
STORAGE_FULL = """
Storage.prototype.setItem = function () {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
};
"""


def answer_without_python(quizzes) -> None:
    """Answer the two kinds that need no Python run, rightly."""
    predict = quizzes.config("predict-output")
    quizzes.root("predict-output").locator(f'[data-option="{predict["correct"]}"]').click()
    choice = quizzes.config("multiple-choice")
    for index in choice["correct"]:
        quizzes.root("multiple-choice").locator(f'[data-option="{index}"]').click()
    quizzes.check("multiple-choice")


@pytest.mark.parametrize("script", [STORAGE_DENIED, STORAGE_FULL], ids=["denied", "full"])
def test_without_storage_the_quizzes_work_and_the_page_says_so_once(quizzes, script):
    quizzes.page.add_init_script(script)
    quizzes.open()
    answer_without_python(quizzes)
    assert quizzes.result("predict-output") == "correct"
    assert quizzes.result("multiple-choice") == "correct"
    assert quizzes.answered() == 2
    # A checked program still runs (the snippet runner shares the same store).
    config = quizzes.config("fill-in")
    quizzes.fill_blanks("fill-in", [accepted[0] for accepted in config["answers"]])
    assert quizzes.check("fill-in") == "correct"

    notes = quizzes.page.locator("[data-storage-note]:visible, .storage-note:visible")
    assert notes.count() == 1, "the page says once that progress is not saved"

    # Nothing was kept: a reload starts empty, and still works.
    quizzes.page.reload()
    quizzes.page.wait_for_selector("[data-lesson-progress]")
    assert all(result is None for result in quizzes.results().values())
    answer_without_python(quizzes)
    assert quizzes.result("predict-output") == "correct"


@pytest.mark.parametrize(
    "garbage",
    [
        "{not json",
        "null",
        '"a string"',
        "[1, 2, 3]",
        '{"lessons": [1, 2]}',
        '{"lessons": {"bg/first-steps": {"quizzes": {"x": 5}, "edits": {"y": null}}}}',
        '{"lessons": {"bg/first-steps": {"quizzes": {"__proto__": {"result": "correct"}}}}}',
    ],
    ids=["not-json", "null", "string", "array", "lessons-array", "bad-entries", "proto"],
)
def test_garbage_in_our_key_is_ignored_and_replaced(quizzes, garbage):
    quizzes.open()
    quizzes.page.evaluate("([key, value]) => localStorage.setItem(key, value)", [STORAGE_KEY, garbage])
    quizzes.page.reload()
    quizzes.page.wait_for_selector("[data-lesson-progress]")
    assert all(result is None for result in quizzes.results().values())
    assert quizzes.page.locator("[data-storage-note]:visible").count() == 0, "storage works: no note"

    answer_without_python(quizzes)
    stored = quizzes.stored()
    lesson = stored["lessons"]["bg/first-steps"]
    assert lesson["quizzes"][quizzes.root("predict-output").get_attribute("data-quiz")]["result"] == "correct"
    json.dumps(stored)  # a clean document replaced the garbage

    quizzes.page.reload()
    quizzes.page.wait_for_selector("[data-lesson-progress]")
    assert quizzes.result("predict-output") == "correct"
    assert quizzes.result("multiple-choice") == "correct"


@pytest.mark.parametrize(
    "entry",
    [
        {"answer": {"choice": 99, "line": -3, "choices": ["x", 77], "blanks": [5]}, "result": "correct"},
        {"answer": "nonsense", "result": "maybe"},
        {"answer": None, "result": "pending"},
    ],
    ids=["answers-out-of-range", "unknown-verdict", "pending-saved"],
)
def test_saved_entries_of_a_foreign_shape_for_our_quizzes_do_not_break_them(quizzes, entry):
    quizzes.open()
    page = quizzes.page
    page.evaluate(
        """([key, entry]) => {
            const quizzes = {};
            for (const root of document.querySelectorAll('[data-quiz]')) quizzes[root.dataset.quiz] = entry;
            localStorage.setItem(key, JSON.stringify({lessons: {'bg/first-steps': {quizzes, edits: {}}}}));
        }""",
        [STORAGE_KEY, entry],
    )
    page.reload()
    page.wait_for_selector("[data-lesson-progress]")
    expected = entry["result"] if entry["result"] in ("correct", "incorrect") else None
    assert set(quizzes.results().values()) == {expected}
    answer_without_python(quizzes)
    assert quizzes.result("predict-output") == "correct"
    assert quizzes.result("multiple-choice") == "correct"
