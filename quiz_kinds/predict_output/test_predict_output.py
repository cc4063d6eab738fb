"""The predict-output kind's checks, each failing where it must, and the page config it sends: its
sample quiz (sample.yaml) in the build's demo lesson, run for real."""

from support.demo_lesson import one_problem, problems_of, quiz_config, quiz_lesson, sample, write

SAMPLE = sample("predict-output")


def test_predict_output_keyed_option_must_be_the_real_output(tmp_path):
    assert problems_of(write(tmp_path, quiz_lesson("guess"), SAMPLE)) == []
    moved = SAMPLE.replace("      correct: true\n", "").replace("There is one.", "There is one.\n      correct: true")
    assert one_problem(write(tmp_path, quiz_lesson("guess"), moved)) == (
        "quizzes/demo/bg.yaml:10: quiz 'guess': option 2 is keyed correct, but the code prints option 1 (line 8)")


def test_predict_output_needs_one_matching_option(tmp_path):
    root = write(tmp_path, quiz_lesson("guess"), SAMPLE.replace('"1 get_order_status"', '"2 get_order_status"'))
    problem = one_problem(root)
    assert problem.startswith("quizzes/demo/bg.yaml:8: quiz 'guess': no option equals what the code prints; it "
                              "prints:\n    | 1 get_order_status")


def test_predict_output_config_carries_the_outputs_and_the_keyed_one(tmp_path):
    config = quiz_config(write(tmp_path, quiz_lesson("guess"), SAMPLE), "guess")
    assert config["correct"] == 0 and config["options"][0] == "1 get_order_status"
    assert sorted(config["order"]) == [0, 1] and "transcript" not in config
