"""The fill-in kind's checks, each failing where it must, and the page config it sends: its
sample quiz (sample.yaml) in the build's demo lesson, run for real."""

from support.demo_lesson import one_problem, problems_of, quiz_config, quiz_lesson, sample, write

SAMPLE = sample("fill-in")


def test_fill_in_that_holds_has_no_problem(tmp_path):
    assert problems_of(write(tmp_path, quiz_lesson("fill"), SAMPLE)) == []


def test_fill_in_accepted_answer_must_reproduce(tmp_path):
    root = write(tmp_path, quiz_lesson("fill"), SAMPLE.replace("[\"'tool_use'\"]", "[\"'end_turn'\"]"))
    problem = one_problem(root)
    assert problem.startswith("quizzes/demo/bg.yaml:9: quiz 'fill': accepted answer \"'end_turn'\" for blank 1 "
                              "does not reproduce the output:")
    assert "-True" in problem and "+False" in problem


def test_fill_in_wrong_answer_must_not_reproduce(tmp_path):
    root = write(tmp_path, quiz_lesson("fill"), SAMPLE.replace("""['"end_turn"']""", """['"tool" + "_use"']"""))
    assert one_problem(root) == ("quizzes/demo/bg.yaml:10: quiz 'fill': wrong answer 1 ['\"tool\" + \"_use\"'] "
                                 "reproduces the expected output, so the check could not tell it apart")


def test_a_blank_inside_brackets_is_refused_without_spaces(tmp_path):
    # The learner sees `d[____]` and types `"key"`; without spaces the blank held `["key"`.
    quizzes = SAMPLE.replace('print(response.stop_reason == [["tool_use"]])',
                              'print({"s": response.stop_reason}[[["s"]]] == "tool_use")')
    quizzes = quizzes.replace("  accept: [\"'tool_use'\"]\n", "").replace("""  wrong: ['"end_turn"']\n""", "")
    assert one_problem(write(tmp_path, quiz_lesson("fill"), quizzes)) == (
        "quizzes/demo/bg.yaml:5: quiz 'fill': blank 1 reads as [[[\"s\"]] followed by ']': a blank inside "
        "brackets needs spaces around it, e.g. d[ [[\"key\"]] ]")
    spaced = quizzes.replace('[[["s"]]]', '[ [["s"]] ]')
    assert problems_of(write(tmp_path / "spaced", quiz_lesson("fill"), spaced)) == []


def test_fill_in_empty_blank_must_not_reproduce(tmp_path):
    quizzes = SAMPLE.replace('print(response.stop_reason == [["tool_use"]])',
                              'print("ok"); note = "[[tool_use]]"').replace("  accept: [\"'tool_use'\"]\n", "")
    root = write(tmp_path, quiz_lesson("fill"), quizzes.replace("""  wrong: ['"end_turn"']\n""", ""))
    assert one_problem(root).startswith("quizzes/demo/bg.yaml:5: quiz 'fill': the code with the blanks left empty "
                                        "prints the same output")


def test_fill_in_config_carries_the_code_around_the_blanks_and_every_accepted_spelling(tmp_path):
    config = quiz_config(write(tmp_path, quiz_lesson("fill"), SAMPLE), "fill")
    assert len(config["segments"]) == 2 and config["answers"] == [['"tool_use"', "'tool_use'"]]
    assert config["expected"]["output"] == "True\n" and config["hint_html"] is None
