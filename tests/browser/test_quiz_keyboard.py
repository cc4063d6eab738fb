"""The whole quiz answered with the keyboard alone: Tab to reach each control, typing, arrow
keys, Space and Enter, Ctrl+Enter in editors. Focus is visible on every control reached."""

from __future__ import annotations

import json

from support.quiz_support import VERDICT_MS, fixed_program

MAX_TABS = 250

# Focus is visible when the focused element, its option label or its editor has an outline.
VISIBLE_FOCUS = """() => {
    const el = document.activeElement;
    const holder = el.closest('.quiz-option, .cm-editor') || el;
    return [el, holder].some((node) => {
        const style = getComputedStyle(node);
        return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    });
}"""


def tab_to(page, root, selector: str, backwards: bool = False):
    """Press Tab (or Shift+Tab) until focus is on `selector` inside `root`."""
    key = "Shift+Tab" if backwards else "Tab"
    for _ in range(MAX_TABS):
        if root.evaluate("(root, sel) => root.contains(document.activeElement) && document.activeElement.matches(sel)", selector):
            assert page.evaluate(VISIBLE_FOCUS), f"focus on {selector} is not visible"
            return
        page.keyboard.press(key)
    raise AssertionError(f"{selector} not reachable with {key} in {MAX_TABS} presses")


def answer_fill_in(page, quizzes, root, config):
    for index, accepted in enumerate(config["answers"]):
        tab_to(page, root, f'[data-blank="{index}"]')
        page.keyboard.type(accepted[0])
    page.keyboard.press("Enter")  # Enter in a blank checks


def place_shown(config, index: int) -> int:
    """Where the option written at ``index`` is on the page (the build's `order`)."""
    return config["order"].index(index)


def answer_predict_output(page, quizzes, root, config):
    tab_to(page, root, 'input[type="radio"]')
    page.keyboard.press("Space")
    for _ in range(place_shown(config, config["correct"])):
        page.keyboard.press("ArrowDown")
    assert root.get_attribute("data-result") == "correct"
    tab_to(page, root, '[data-action="run"]')
    page.keyboard.press("Enter")
    root.locator(".quiz-option--matches").wait_for(timeout=VERDICT_MS)


def answer_find_bug(page, quizzes, root, config):
    tab_to(page, root, '[role="option"][data-line]')
    for _ in range(config["bug_line"] - 1):
        page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    assert root.get_attribute("data-result") == "correct"
    tab_to(page, root, ".cm-content")
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.insert_text(fixed_program(config))
    page.keyboard.press("ControlOrMeta+Enter")
    page.wait_for_function("root => root.dataset.fix === 'fixed'", arg=root.element_handle(), timeout=VERDICT_MS)


def answer_multiple_choice(page, quizzes, root, config):
    if config.get("multiple"):
        for index in range(len(config["options_html"])):
            tab_to(page, root, f'[data-option="{index}"] input')
            if index in config["correct"]:
                page.keyboard.press("Space")
    else:
        tab_to(page, root, 'input[type="radio"]')
        page.keyboard.press("Space")
        for _ in range(place_shown(config, config["correct"][0])):
            page.keyboard.press("ArrowDown")
    tab_to(page, root, '[data-action="check"]')
    page.keyboard.press("Enter")


def answer_exercise(page, quizzes, root, config):
    tab_to(page, root, ".cm-content")
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.insert_text(config["solution"])
    tab_to(page, root, '[data-action="check"]')  # Tab leaves the editor (it is not trapped)
    page.keyboard.press("Enter")
    page.wait_for_function("root => root.dataset.result === 'correct'", arg=root.element_handle(), timeout=VERDICT_MS)
    assert root.evaluate("root => document.activeElement === root.querySelector('[data-action=\"check\"]')"), (
        "focus stays on Check while and after it runs"
    )


ANSWER = {
    "fill-in": answer_fill_in,
    "predict-output": answer_predict_output,
    "find-bug": answer_find_bug,
    "multiple-choice": answer_multiple_choice,
    "exercise": answer_exercise,
}


def test_every_quiz_of_the_lesson_answered_by_keyboard_alone(quizzes):
    quizzes.open()
    page = quizzes.page
    roots = page.locator("[data-quiz]")
    kinds_seen = set()
    for index in range(roots.count()):  # in page order, as a keyboard user meets them
        root = roots.nth(index)
        kind = root.get_attribute("data-kind")
        config = json.loads(root.locator("script[data-config]").first.text_content())
        ANSWER[kind](page, quizzes, root, config)
        page.wait_for_function(
            "root => root.dataset.result === 'correct'", arg=root.element_handle(), timeout=VERDICT_MS
        )
        kinds_seen.add(kind)
    assert kinds_seen == set(ANSWER), f"the sample lesson should have every kind, has {kinds_seen}"
    assert quizzes.answered() == roots.count()

    # Start over, by keyboard too: back up to the bar, open the confirmation, confirm.
    bar = page.locator("[data-lesson-progress]")
    tab_to(page, bar, '[data-action="start-over"]', backwards=True)
    page.keyboard.press("Enter")
    tab_to(page, bar, '[data-action="confirm-start-over"]', backwards=True)
    page.keyboard.press("Enter")
    assert all(result is None for result in quizzes.results().values())
