"""Each quiz kind on the sample lesson, in the real built site with real Pyodide: a right
answer gives `correct`, a wrong one `incorrect` with its feedback, and the state survives a
reload. Answers come from the page's own (build-proved) config."""

from __future__ import annotations

import pytest

from support.quiz_support import equivalent_spelling, fixed_program


def test_fill_in_wrong_shows_both_transcripts_then_an_equivalent_spelling_is_right(quizzes):
    quizzes.open()
    config = quizzes.config("fill-in")
    root = quizzes.root("fill-in")
    blanks = len(config["segments"]) - 1
    assert root.locator("[data-blank]").count() == blanks

    # Empty blanks: the build proved that they do not reproduce the transcript.
    quizzes.fill_blanks("fill-in", [""] * blanks)
    assert quizzes.check("fill-in") == "incorrect"
    compare = root.locator("[data-compare]")
    assert compare.locator("[data-expected-output]").is_visible()
    assert compare.locator("[data-output]").is_visible()
    assert compare.locator("mark").count() >= 1, "the differing lines are marked"

    # Every answer written another way than the listed spellings (e.g. other quotes).
    answers = [equivalent_spelling(accepted[0]) for accepted in config["answers"]]
    assert all(answer not in accepted for answer, accepted in zip(answers, config["answers"]))
    quizzes.fill_blanks("fill-in", answers)
    assert quizzes.check("fill-in") == "correct"
    assert root.locator("[data-compare]").count() == 0

    quizzes.page.reload()
    quizzes.page.wait_for_selector("[data-lesson-progress]")
    assert quizzes.result("fill-in") == "correct"
    for index, answer in enumerate(answers):
        assert quizzes.root("fill-in").locator(f'[data-blank="{index}"]').input_value() == answer


def test_fill_in_offers_hint_after_two_wrong_tries_and_answer_after_three(quizzes):
    quizzes.open()
    config = quizzes.config("fill-in")
    root = quizzes.root("fill-in")
    blanks = len(config["segments"]) - 1
    hint = root.locator('[data-action="hint"]')
    reveal = root.locator('[data-action="reveal"]')
    for tries in range(1, 4):
        quizzes.fill_blanks("fill-in", [""] * blanks)
        assert quizzes.check("fill-in") == "incorrect"
        assert hint.is_visible() == (tries >= 2 and bool(config.get("hint_html")))
        assert reveal.is_visible() == (tries >= 3)
    if config.get("hint_html"):
        hint.click()
        assert root.locator("[data-hint]").is_visible()
    reveal.click()
    assert quizzes.check("fill-in") == "correct"


def test_predict_output_verdict_at_once_then_run_matches_the_keyed_option(quizzes):
    quizzes.open()
    config = quizzes.config("predict-output")
    root = quizzes.root("predict-output")
    right = config["correct"]
    wrong = next(i for i in range(len(config["options"])) if i != right)

    # Shown in the build's order, each named by its place there.
    shown = root.locator("[data-option]").evaluate_all("labels => labels.map((label) => Number(label.dataset.option))")
    assert shown == config["order"] and sorted(shown) == list(range(len(config["options"])))
    names = root.locator(".quiz-option-name").all_text_contents()
    assert [name.split()[-1] for name in names] == [str(place) for place in range(1, len(names) + 1)]

    root.locator(f'[data-option="{wrong}"]').click()
    assert quizzes.result("predict-output") == "incorrect"
    assert root.locator(".quiz-verdict--incorrect").is_visible()
    root.locator(f'[data-option="{right}"]').click()
    assert quizzes.result("predict-output") == "correct"
    assert root.locator(".quiz-verdict--correct").is_visible()

    root.locator('[data-action="run"]').click()
    matching = root.locator(".quiz-option--matches")
    matching.wait_for(timeout=90_000)
    assert matching.get_attribute("data-option") == str(right)
    assert root.locator(".quiz-live [data-output]").is_visible()

    quizzes.page.reload()
    quizzes.page.wait_for_selector("[data-lesson-progress]")
    assert quizzes.result("predict-output") == "correct"
    assert quizzes.root("predict-output").locator(f'[data-option="{right}"] input').is_checked()


def test_find_bug_wrong_line_then_right_line_then_the_fix_removes_the_error(quizzes):
    quizzes.open()
    config = quizzes.config("find-bug")
    root = quizzes.root("find-bug")
    lines = root.locator("[data-line]")
    assert lines.count() == len(config["code"].rstrip("\n").split("\n"))
    wrong = 1 if config["bug_line"] != 1 else 2

    lines.nth(wrong - 1).click()
    assert quizzes.result("find-bug") == "incorrect"
    assert root.locator('[data-feedback] .quiz-explanation').is_visible()
    assert root.locator("[data-editor]").count() == 0, "the editor opens once the line is found"

    root.locator(f'[data-line="{config["bug_line"]}"]').click()
    assert quizzes.result("find-bug") == "correct"
    assert root.locator(f'[data-line="{config["bug_line"]}"]').get_attribute("aria-selected") == "true"

    # Run it unchanged: the error is still there; then fixed: the expected output.
    root.locator('[data-action="run"]').click()
    quizzes.page.wait_for_function(
        "root => root.dataset.fix", arg=root.element_handle(), timeout=90_000
    )
    assert root.get_attribute("data-fix") == "failing"
    quizzes.set_editor_code("find-bug", fixed_program(config))
    root.locator('[data-action="run"]').click()
    quizzes.page.wait_for_function(
        "root => root.dataset.fix === 'fixed'", arg=root.element_handle(), timeout=90_000
    )

    quizzes.page.reload()
    quizzes.page.wait_for_selector("[data-lesson-progress]")
    assert quizzes.result("find-bug") == "correct"
    fixed_line = fixed_program(config).split("\n")[config["bug_line"] - 1]
    assert fixed_line.strip() in quizzes.editor_code("find-bug")


def test_multiple_choice_explains_every_option_once_checked(quizzes):
    quizzes.open()
    config = quizzes.config("multiple-choice")
    root = quizzes.root("multiple-choice")
    count = len(config["options_html"])
    input_type = "checkbox" if config.get("multiple") else "radio"
    assert root.locator(f'[data-option] input[type="{input_type}"]').count() == count
    # Shown in the build's order, each still named by its written index.
    shown = root.locator("[data-option]").evaluate_all("labels => labels.map((label) => Number(label.dataset.option))")
    assert shown == config["order"] and sorted(shown) == list(range(count))

    def option(index):
        return root.locator(f'[data-option="{index}"]')

    wrong = [i for i in range(count) if i not in config["correct"]][:1]
    for index in wrong:
        option(index).click()
    assert quizzes.check("multiple-choice") == "incorrect"
    assert root.locator(".quiz-option-explanation:visible").count() == count

    for index in range(count):  # untick all, tick the keyed ones
        box = option(index).locator("input")
        if box.is_checked() != (index in config["correct"]):
            option(index).click()
    assert quizzes.check("multiple-choice") == "correct"

    quizzes.page.reload()
    quizzes.page.wait_for_selector("[data-lesson-progress]")
    assert quizzes.result("multiple-choice") == "correct"
    for index in config["correct"]:
        assert quizzes.root("multiple-choice").locator(f'[data-option="{index}"] input').is_checked()


def test_exercise_starter_is_wrong_the_solution_is_right_and_edits_survive_reload(quizzes):
    quizzes.open()
    config = quizzes.config("exercise")
    root = quizzes.root("exercise")
    assert root.locator("[data-expected-output]").is_visible(), "expected output beside the editor"

    assert quizzes.check("exercise") == "incorrect"  # the starter, as given
    assert root.locator("[data-compare] mark").count() >= 1
    reveal = root.locator('[data-action="reveal"]')
    assert reveal.is_visible()
    reveal.click()
    assert root.locator("[data-solution]").is_visible()

    quizzes.set_editor_code("exercise", config["solution"])
    assert quizzes.check("exercise") == "correct"

    quizzes.page.reload()
    quizzes.page.wait_for_selector("[data-lesson-progress]")
    assert quizzes.result("exercise") == "correct"
    first_line = config["solution"].strip().split("\n")[0].strip()
    assert first_line in quizzes.editor_code("exercise")


def test_progress_counts_answers_and_start_over_clears_this_lesson_only(quizzes):
    quizzes.open()
    page = quizzes.page
    total = page.locator("[data-quiz]").count()
    assert quizzes.answered() == 0
    # Progress of another lesson, which must survive.
    page.evaluate(
        """key => {
            const data = JSON.parse(localStorage.getItem(key) || '{"lessons": {}}');
            data.lessons['bg/another-lesson'] = {quizzes: {q: {answer: 1, result: 'correct'}}, edits: {}};
            localStorage.setItem(key, JSON.stringify(data));
        }""",
        "tool-lessons:v1",
    )
    predict = quizzes.config("predict-output")
    quizzes.root("predict-output").locator(f'[data-option="{predict["correct"]}"]').click()
    choice = quizzes.config("multiple-choice")
    quizzes.root("multiple-choice").locator(f'[data-option="{choice["correct"][0]}"]').click()
    quizzes.check("multiple-choice")
    assert quizzes.answered() == 2
    assert "2" in quizzes.progress_text() and str(total) in quizzes.progress_text()

    page.locator('[data-action="start-over"]').click()
    page.locator('[data-action="confirm-start-over"]').click()
    assert all(result is None for result in quizzes.results().values())
    assert quizzes.answered() == 0
    stored = quizzes.stored()
    assert "bg/first-steps" not in stored["lessons"]
    assert stored["lessons"]["bg/another-lesson"]["quizzes"]["q"]["result"] == "correct"

    page.reload()
    page.wait_for_selector("[data-lesson-progress]")
    assert all(result is None for result in quizzes.results().values())
    assert not quizzes.root("predict-output").locator("input:checked").count()


def test_start_over_can_be_cancelled(quizzes):
    quizzes.open()
    predict = quizzes.config("predict-output")
    quizzes.root("predict-output").locator(f'[data-option="{predict["correct"]}"]').click()
    quizzes.page.locator('[data-action="start-over"]').click()
    quizzes.page.locator('[data-action="cancel-start-over"]').click()
    assert quizzes.result("predict-output") == "correct"
    assert quizzes.answered() == 1


@pytest.mark.parametrize("lang", ["fa"])
def test_persian_quiz_is_right_to_left_with_code_left_to_right(quizzes, lang):
    quizzes.open(lang)
    page = quizzes.page
    assert page.evaluate("getComputedStyle(document.querySelector('[data-quiz]')).direction") == "rtl"
    for selector in ["[data-blank]", "[data-line]", ".quiz-pre", "[data-expected-output]"]:
        direction = page.evaluate(f"getComputedStyle(document.querySelector('[data-quiz] {selector}')).direction")
        assert direction == "ltr", selector
    # The UI strings are Persian.
    assert page.locator('[data-action="check"]').first.text_content() == "بررسی"


def test_start_over_also_forgets_the_lessons_snippet_edits(quizzes):
    quizzes.open()
    page = quizzes.page
    snippet = page.locator("[data-snippet]").filter(has=page.locator("[data-editor]")).first
    snippet_id = snippet.get_attribute("data-snippet")
    original = snippet.locator("[data-editor] .cm-content").inner_text()
    content = snippet.locator("[data-editor] .cm-content")
    content.click()
    page.keyboard.press("ControlOrMeta+End")
    page.keyboard.insert_text("\n# my own line")
    page.wait_for_function(
        "([key, id]) => (JSON.parse(localStorage.getItem(key) || '{}').lessons?.['bg/first-steps']?.edits || {})[id]",
        arg=["tool-lessons:v1", snippet_id],
    )
    page.locator('[data-action="start-over"]').click()
    page.locator('[data-action="confirm-start-over"]').click()
    assert "# my own line" not in snippet.locator("[data-editor] .cm-content").inner_text()
    page.reload()
    page.wait_for_selector("[data-lesson-progress]")
    assert page.locator(f'[data-snippet="{snippet_id}"] [data-editor] .cm-content').inner_text() == original


def test_an_exercise_that_never_ends_is_stopped_judged_wrong_and_the_next_check_works(quizzes):
    quizzes.open()
    config = quizzes.config("exercise")
    root = quizzes.root("exercise")
    quizzes.set_editor_code("exercise", "while True:\n    pass\n")
    assert quizzes.check("exercise") == "incorrect"
    assert root.locator("[data-timed-out]").is_visible(), "the learner is told the program ran too long"
    quizzes.set_editor_code("exercise", config["solution"])
    assert quizzes.check("exercise") == "correct"


def test_stop_ends_a_checked_run_without_a_verdict(quizzes):
    quizzes.open()
    config = quizzes.config("exercise")
    root = quizzes.root("exercise")
    quizzes.set_editor_code("exercise", "while True:\n    pass\n")
    root.locator('[data-action="check"]').click()
    assert quizzes.result("exercise") == "pending"
    stop = root.locator('[data-action="stop"]')
    stop.wait_for(state="visible")
    quizzes.page.wait_for_timeout(500)  # let the loop start (or Python finish loading)
    stop.click()
    quizzes.page.wait_for_function(
        "root => root.dataset.result !== 'pending'", arg=root.element_handle(), timeout=90_000
    )
    assert quizzes.result("exercise") is None, "a stopped run is no verdict (and none was there before)"
    assert stop.is_hidden()
    quizzes.set_editor_code("exercise", config["solution"])
    assert quizzes.check("exercise") == "correct"
