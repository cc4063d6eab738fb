"""The page judges an answer by the build's rule for "the same run" (output and status,
frontend/shared/same-run-cases.json): an exercise whose program prints the expected output
and then exits with an error, or then loops until its time limit, is wrong, as the build
would say. Real site, real Pyodide."""

from __future__ import annotations



def check_the_solution_followed_by(quizzes, tail: str):
    """Check the exercise's own solution with `tail` after it; the verdict's feedback."""
    quizzes.open()
    solution = quizzes.config("exercise")["solution"]
    quizzes.set_editor_code("exercise", solution.rstrip("\n") + "\n" + tail)
    assert quizzes.check("exercise") == "incorrect"
    feedback = quizzes.root("exercise").locator("[data-feedback]")
    assert feedback.locator("[data-compare] mark").count() == 0, "the outputs themselves agree"
    return feedback


def test_the_expected_output_then_sys_exit_2_is_wrong(quizzes):
    feedback = check_the_solution_followed_by(quizzes, "import sys\nsys.exit(2)\n")
    assert "SystemExit: 2" in feedback.locator(".quiz-verdict").inner_text(), "the learner is told why"


def test_the_expected_output_then_a_loop_until_the_time_limit_is_wrong(quizzes):
    feedback = check_the_solution_followed_by(quizzes, "while True:\n    pass\n")
    assert feedback.locator("[data-timed-out]").is_visible(), "the learner is told the program ran too long"
