"""The find-bug kind's checks, each failing where it must, and the page config it sends: its
sample quiz (sample.yaml) in the build's demo lesson, run for real."""

from support.demo_lesson import one_problem, problems_of, quiz_config, quiz_lesson, sample, write

SAMPLE = sample("find-bug")


def test_find_bug_fix_on_the_marked_line_must_give_the_output(tmp_path):
    assert problems_of(write(tmp_path, quiz_lesson("bug"), SAMPLE)) == []
    # The key one line off: the first line says which line the fix works on, then what it did.
    root = write(tmp_path, quiz_lesson("bug"), SAMPLE.replace("line: 3", "line: 2"))
    first, *details = one_problem(root).split("\n")
    assert first == ("quizzes/demo/bg.yaml:10: quiz 'bug': line 2 is not the faulty line: the fix works on line 3 "
                     "(set 'line: 3'); with the fix on line 2, the code raises NameError: name 'messages' is not "
                     "defined (line 2) and prints:")
    assert details and details[-1].startswith("    | NameError")
    # A fix that works nowhere says so.
    root = write(tmp_path, quiz_lesson("bug"), SAMPLE.replace("messages=messages)\n  output", "messages=[])\n  output"))
    assert one_problem(root).split("\n")[0].startswith(
        "quizzes/demo/bg.yaml:10: quiz 'bug': the fix works on no line of the code: with it on any line the code "
        "does not print 'output'; check 'fix' and 'output'; with the fix on line 3, the code raises BadRequestError")


def test_find_bug_code_as_shown_must_fail_or_differ(tmp_path):
    same_as_line = SAMPLE.replace("fix: response = client.messages.create(model=\"claude-haiku-4-5\", max_tokens=100, tools=TOOLS, "
                                    "messages=messages)", "fix: response = client.messages.create(model=\"claude-haiku-4-5\", "
                                    "max_tokens=100, tools=TOOLS, messages=message)")
    assert one_problem(write(tmp_path, quiz_lesson("bug"), same_as_line)) == (
        "quizzes/demo/bg.yaml:11: quiz 'bug': the fix is what line 3 already says")
    no_bug = SAMPLE.replace("messages=message)\n", "messages=messages)\n").replace("fix: response = client", "fix: response=client")
    assert one_problem(write(tmp_path, quiz_lesson("bug"), no_bug)) == (
        "quizzes/demo/bg.yaml:5: quiz 'bug': the code as shown already prints the expected output: "
        "there is no bug to find")


def test_find_bug_line_must_exist(tmp_path):
    assert one_problem(write(tmp_path, quiz_lesson("bug"), SAMPLE.replace("line: 3", "line: 9"))) == (
        "quizzes/demo/bg.yaml:10: quiz 'bug': line 9 is past the end of the code (4 lines)")


def test_find_bug_config_carries_both_runs_and_a_hint_per_line(tmp_path):
    config = quiz_config(write(tmp_path, quiz_lesson("bug"), SAMPLE), "bug")
    assert config["bug_line"] == 3 and config["actual"]["status"] == "error" and config["expected"]["status"] == "done"
    assert config["line_hints_html"] == ["<p>The question is fine.</p>", None, None, None]
    assert "fix" not in config, "no widget needs the fix: the page does not carry it"
