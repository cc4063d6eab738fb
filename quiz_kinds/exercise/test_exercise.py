"""The exercise kind's checks, each failing where it must, and the page config it sends: its
sample quiz (sample.yaml) in the build's demo lesson, run for real."""

from support.demo_lesson import one_problem, problems_of, quiz_config, quiz_lesson, sample, write

SAMPLE = sample("exercise")


def test_exercise_starter_must_differ_and_solution_must_run(tmp_path):
    assert problems_of(write(tmp_path, quiz_lesson("task"), SAMPLE)) == []
    same = SAMPLE.replace('["description"]', '["name"]')
    assert one_problem(write(tmp_path, quiz_lesson("task"), same)) == (
        "quizzes/demo/bg.yaml:5: quiz 'task': the starter code already prints the expected output: "
        "nothing is left to do")
    broken = SAMPLE.replace('print(TOOLS[0]["name"])', 'print(TOOLS[0]["nam"])')
    assert one_problem(write(tmp_path, quiz_lesson("task"), broken)).startswith(
        "quizzes/demo/bg.yaml:7: quiz 'task': the solution raises KeyError: 'nam' (line 1)")


def test_exercise_config_carries_the_solutions_run(tmp_path):
    config = quiz_config(write(tmp_path, quiz_lesson("task"), SAMPLE), "task")
    assert config["expected"]["output"] == "get_order_status\n" and "grading" not in config
