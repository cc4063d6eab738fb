"""An exercise graded on the conversation, built: the solution must keep every check under
the quiz's faults, the starter must break one, and the names are checked as the file loads."""

import textwrap
from pathlib import Path

from lesson_builder import build_course

LESSON = '''---
title: "Демо"
summary: "Кратко"
---

```python id=loop hidden
from fake_client import Anthropic

client = Anthropic()
TOOLS = [{"name": "get_order_status", "description": "Статус на поръчка по номер.",
          "input_schema": {"type": "object", "properties": {"order_id": {"type": "string"}},
                           "required": ["order_id"]}}]
HANDLERS = {"get_order_status": lambda order_id: f"{order_id}: пътува"}


def answer(question):
    messages = [{"role": "user", "content": question}]
    for _ in range(4):
        response = client.messages.create(model="claude-sonnet-5", max_tokens=4096, tools=TOOLS,
                                          messages=messages)
        messages.append({"role": "assistant", "content": response.content})
        if response.stop_reason != "tool_use":
            return "".join(block.text for block in response.content if block.type == "text")
        messages.append({"role": "user", "content": [run_tool(block) for block in response.content
                                                     if block.type == "tool_use"]})
```

::: quiz ex
'''

ROBUST = '''\
def run_tool(call):
    function = HANDLERS.get(call.name)
    if function is None:
        return {"type": "tool_result", "tool_use_id": call.id, "content": "няма такъв", "is_error": True}
    return {"type": "tool_result", "tool_use_id": call.id, "content": function(**call.input)}


print(answer("Къде е 1042?"))
'''
NAIVE = '''\
def run_tool(call):
    return {"type": "tool_result", "tool_use_id": call.id, "content": HANDLERS[call.name](**call.input)}


print(answer("Къде е 1042?"))
'''
SILENT = ROBUST.replace(', "is_error": True', "")


def quiz(starter, solution, *, checks="[every_call_answered, error_results_marked]", faults="[unoffered_tool]"):
    block = lambda code: textwrap.indent(code, "    ")  # noqa: E731
    text = "- id: ex\n  kind: exercise\n  prompt: Поправи run_tool.\n  continues: loop\n"
    if checks:
        text += f"  checks: {checks}\n"
    if faults:
        text += f"  faults: {faults}\n"
    return text + f"  starter: |\n{block(starter)}  solution: |\n{block(solution)}"


def build(root: Path, quizzes: str):
    (root / "lessons" / "demo").mkdir(parents=True)
    (root / "lessons" / "demo" / "bg.md").write_text(LESSON, encoding="utf-8")
    (root / "quizzes" / "demo").mkdir(parents=True)
    (root / "quizzes" / "demo" / "bg.yaml").write_text(quizzes, encoding="utf-8")
    course = build_course(root, use_cache=False)
    return course, [str(problem) for problem in course.problems]


def test_a_sound_exercise_is_built_with_its_checks_and_faults(tmp_path):
    course, problems = build(tmp_path, quiz(NAIVE, ROBUST))
    assert problems == []
    config = course.quiz_configs["bg/demo"]["ex"]
    assert config["grading"] == "conversation"
    assert config["checks"] == ["every_call_answered", "error_results_marked"]
    assert config["faults"] == ["unoffered_tool"]
    # the Messages API has no content_filter; pause_turn is its own
    assert "content_filter" not in config["fault_choices"] and "pause_turn" in config["fault_choices"]
    # the solution met the fault: its first call asked for the tool nobody offered
    calls = course.quiz_runs["bg/demo"]["ex"]["solution"]["calls"]
    assert calls[0]["response"]["content"][-1]["name"] == "run_command"


def test_a_starter_that_keeps_every_check_and_prints_the_expected_output_is_refused(tmp_path):
    _, problems = build(tmp_path, quiz(ROBUST, ROBUST))
    assert len(problems) == 1
    assert "the starter code keeps every check under the faults unoffered_tool and prints the expected output" \
        in problems[0]


def test_a_starter_that_keeps_every_check_but_prints_something_else_is_accepted(tmp_path):
    # the task is then about the output (what the model did); the checks prove it was asked
    _, problems = build(tmp_path, quiz(ROBUST + "print(\"край\")\n", ROBUST))
    assert problems == []


def test_a_solution_that_breaks_a_check_is_refused(tmp_path):
    _, problems = build(tmp_path, quiz(NAIVE, SILENT))
    assert len(problems) == 1
    assert "the solution breaks the check error_results_marked (at call 2) under the faults unoffered_tool" \
        in problems[0]


def test_without_the_fault_the_naive_code_passes_and_so_is_refused_as_a_starter(tmp_path):
    # The fault is what the checks need: with none, the starter keeps every check.
    _, problems = build(tmp_path, quiz(NAIVE, ROBUST, faults=""))
    assert len(problems) == 1 and "keeps every check" in problems[0]


def test_unknown_names_are_reported_with_a_suggestion(tmp_path):
    _, problems = build(tmp_path, quiz(NAIVE, ROBUST, checks="[every_call_answerd]", faults="[rate_limt]"))
    assert any("must be a conversation check, not 'every_call_answerd' (did you mean 'every_call_answered'?)"
               in problem for problem in problems)
    assert any("must be a fault, not 'rate_limt' (did you mean 'rate_limit'?)" in problem for problem in problems)


def test_faults_without_checks_are_refused(tmp_path):
    _, problems = build(tmp_path, quiz(NAIVE, ROBUST, checks=""))
    assert len(problems) == 1 and "faults are for an exercise graded on the conversation" in problems[0]
