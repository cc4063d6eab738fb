"""The multiple-choice kind's checks, each failing where it must, and the page config it sends: its
sample quiz (sample.yaml) in the build's demo lesson, run for real."""

from support.demo_lesson import one_problem, problems_of, quiz_config, quiz_lesson, sample, write

SAMPLE = sample("multiple-choice")


def test_multiple_choice_check_ties_the_key_to_the_run(tmp_path):
    assert problems_of(write(tmp_path, quiz_lesson("pick"), SAMPLE)) == []
    wrong = SAMPLE.replace("      correct: true\n", "").replace("That is for text.", "That is for text.\n      correct: true")
    assert problems_of(write(tmp_path, quiz_lesson("pick"), wrong)) == [
        "quizzes/demo/bg.yaml:8: quiz 'pick': option 1 is keyed correct with value end_turn, "
        "but calls[0].response.stop_reason of snippet 'ask' is tool_use",
        "quizzes/demo/bg.yaml:12: quiz 'pick': option 2 is not keyed correct, yet its value tool_use is what "
        "calls[0].response.stop_reason of snippet 'ask' gives",
    ]


def test_multiple_choice_needs_exactly_one_key_unless_multiple(tmp_path):
    two = SAMPLE.replace("      value: end_turn\n", "      value: end_turn\n      correct: true\n").replace(
        "  check:\n    run: ask\n    figure: calls[0].response.stop_reason\n", "")
    assert one_problem(write(tmp_path, quiz_lesson("pick"), two)) == (
        "quizzes/demo/bg.yaml:4: quiz 'pick': exactly one option must have 'correct: true' (2 have); "
        "set 'multiple: true' if several are right")
    assert problems_of(write(tmp_path, quiz_lesson("pick"), two.replace("  options:", "  multiple: true\n  options:"))) \
        == []


def test_multiple_choice_explanation_is_required_for_every_option(tmp_path):
    root = write(tmp_path, quiz_lesson("pick"), SAMPLE.replace("      explanation: That is for text.\n", ""))
    assert one_problem(root) == "quizzes/demo/bg.yaml:8: options[1] lacks required field 'explanation'"


def test_multiple_choice_config_carries_the_rendered_options_and_the_keyed_ones(tmp_path):
    config = quiz_config(write(tmp_path, quiz_lesson("pick"), SAMPLE), "pick")
    assert config["correct"] == [1] and config["options_html"][1] == "<p><code>tool_use</code></p>"
    assert config["multiple"] is False
