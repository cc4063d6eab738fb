"""Exercises graded on the conversation, in the real page (real Pyodide in Chromium).
running-a-tool-call's ex-silent-error (a Chat Completions program), where the model calls a tool
nobody offered: the starter is judged incorrect with the broken check named (on the check's
element, in the verdict, and on the picture's call); the solution is correct with every check
kept; a fault turned on from the control changes the run. Then a verdict in the page's own
language (tool-loop on the Persian page) and the refusals check run in the worker
(tools-and-trust on the Ukrainian page)."""

import json

import pytest
from support.chromium import in_front
from support.quiz_support import REPO_ROOT, VERDICT_MS

QUIZ = "ex-silent-error"
STRINGS_DIR = "frontend/page/strings"


def open_exercise(page, url: str, quiz: str):
    """The exercise's root on the page at `url`, once its editor is up."""
    page.goto(url)
    page.wait_for_selector("[data-lesson-progress]")
    root = page.locator(f'[data-quiz="{quiz}"]')
    root.locator("[data-editor] .cm-content").wait_for()
    return root


@pytest.fixture
def exercise(page, site_url):
    return open_exercise(page, site_url("lessons/running-a-tool-call/"), QUIZ)


def config_of(root) -> dict:
    return json.loads(root.locator("script[data-config]").first.text_content())


def set_code(root, code: str) -> None:
    root.locator("[data-editor] .cm-content").click()
    keyboard = root.page.keyboard
    keyboard.press("ControlOrMeta+a")
    keyboard.press("Delete")
    keyboard.insert_text(code)


def check(root) -> None:
    """Press Check and wait for the checks' verdicts to be on the page."""
    in_front(root.page)
    root.evaluate("root => root.querySelector('[data-feedback]').replaceChildren()")
    root.locator('[data-action="check"]').click()
    root.locator("[data-feedback] [data-check]").first.wait_for(timeout=VERDICT_MS)


def verdicts(root) -> dict:
    return root.evaluate("root => Object.fromEntries([...root.querySelectorAll('[data-feedback] [data-check]')]"
                         ".map((e) => [e.dataset.check, e.dataset.passed]))")


def strings(lang: str = "bg") -> dict:
    return json.loads((REPO_ROOT / STRINGS_DIR / f"{lang}.json").read_text(encoding="utf-8"))


def test_the_starter_is_incorrect_and_the_broken_check_is_named(exercise):
    root = exercise
    assert root.get_attribute("data-grading") == "conversation"
    check(root)  # the starter, as given: run_command, offered to nobody, runs; its result is not an error
    assert root.get_attribute("data-result") == "incorrect"
    assert verdicts(root) == {"every_call_answered": "true", "error_results_marked": "false",
                              "answers_shown": "true"}
    name = strings()["quiz.checkName.error_results_marked"]
    assert name in root.locator(".quiz-verdict").text_content()
    # the picture marks the request that carried the unmarked result: the second
    failed = root.locator('[data-run-picture] [data-call="2"]')
    assert failed.get_attribute("data-check-failed") == "error_results_marked"
    assert name in failed.locator(".rp-check-failed").text_content()


def test_the_solution_is_correct_with_every_check_kept(exercise):
    root = exercise
    set_code(root, config_of(root)["solution"])
    check(root)
    assert root.get_attribute("data-result") == "correct"
    assert verdicts(root) == {"every_call_answered": "true", "error_results_marked": "true",
                              "answers_shown": "true"}
    assert root.locator("[data-check-failed]").count() == 0
    # the exercise's own fault happened: the first call asked for run_command
    assert "run_command" in root.locator('[data-run-picture] [data-call="1"]').text_content()


def test_a_fault_turned_on_from_the_control_changes_the_run(exercise):
    root = exercise
    control = root.locator("select[data-faults]")
    values = control.evaluate("select => [...select.options].map((option) => option.value)")
    assert "refusal" in values and "rate_limit" in values
    assert "content_filter" in values, "the exercise runs in Chat Completions, which has a content filter finish"
    assert "unoffered_tool" not in values, "the exercise's own fault always happens"

    set_code(root, config_of(root)["solution"])
    check(root)
    assert root.get_attribute("data-result") == "correct"
    # after run_command's error result, the model starts afresh: it asks for the file named
    assert root.locator('[data-run-picture] [data-call="2"]').get_attribute("data-stop") == "tool_calls"

    control.select_option(["refusal"])  # after run_command's error result, the model refuses
    check(root)
    # Chat Completions says a refusal with finish_reason "stop" and message.refusal
    assert root.locator('[data-run-picture] [data-call="2"]').get_attribute("data-stop") == "stop"
    assert root.locator("[data-trial]").is_visible(), "a run with faults the learner added is a trial"
    assert root.get_attribute("data-result") == "correct", "a trial leaves the verdict as it was"


def test_the_verdict_names_the_broken_check_in_the_pages_language(page, site_url):
    # tool-loop's ex-not-an-answer on the Persian page (right to left): the chat keeps one
    # `messages` list across questions and puts every turn into it at once, so the last step's
    # call of the first question (four tool_use replies) stays without a result and the API
    # rejects the fifth request.
    root = open_exercise(page, site_url("fa/lessons/tool-loop/"), "ex-not-an-answer")
    fa = strings("fa")
    check(root)
    assert root.get_attribute("data-result") == "incorrect"
    assert verdicts(root) == {"cut_calls_not_run": "true", "only_answers_shown": "true",
                              "answers_shown": "true", "every_call_answered": "false", "turn_kept_whole": "true",
                              "history_kept": "true"}
    verdict = root.locator(".quiz-verdict").text_content()
    assert fa["quiz.checkName.every_call_answered"] in verdict
    picture = root.locator("[data-run-picture]")
    assert picture.locator('[data-call="4"]').get_attribute("data-stop") == "tool_use"
    assert "every_call_answered" in picture.locator('[data-call="5"]').get_attribute("data-check-failed")
    config = config_of(root)
    set_code(root, config["solution"])
    check(root)
    assert root.get_attribute("data-result") == "correct"
    assert set(verdicts(root).values()) == {"true"}
    # The expected lines printed without asking the model: the output matches, the
    # conversation does not exist.
    set_code(root, f"print({config['expected']['output']!r}, end='')")
    check(root)
    assert root.get_attribute("data-result") == "incorrect"
    assert verdicts(root)["answers_shown"] == "false"


def test_a_refusal_that_tells_which_record_exists_is_named_on_the_page(page, site_url):
    # tools-and-trust's ex-foreign-order on the Ukrainian page: the owner check written after
    # `PARCELS[parcel_no]` refuses the foreign parcel in the learner's words and the missing one
    # with a KeyError's text. The output is the solution's; the check on the refusals, run in
    # the worker, fails at the request that carries the second refusal (the fourth).
    root = open_exercise(page, site_url("uk/lessons/tools-and-trust/"), "ex-foreign-order")
    uk = strings("uk")
    solution = config_of(root)["solution"]
    looked_up = solution.replace("PARCELS.get(parcel_no)", "PARCELS[parcel_no]")
    assert looked_up != solution
    set_code(root, looked_up)
    check(root)
    assert root.get_attribute("data-result") == "incorrect"
    assert verdicts(root) == {"error_results_marked": "true", "refusals_alike": "false",
                              "every_call_answered": "true", "answers_shown": "true"}
    assert uk["quiz.checkName.refusals_alike"] in root.locator(".quiz-verdict").text_content()
    failed = root.locator('[data-run-picture] [data-call="4"]')
    assert failed.get_attribute("data-check-failed") == "refusals_alike"
    set_code(root, solution)
    check(root)
    assert root.get_attribute("data-result") == "correct"
