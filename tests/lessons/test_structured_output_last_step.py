"""structured-output's exercise `ex-cut-ticket`, in every language: its `answer_ticket` is the
course's loop (tool-loop), so on the last allowed step it runs no calls, whose results no
request would carry back. The conversation checks cannot see this (the calls run inside the
program and nothing is sent after the last step), so the test counts the calls the program
runs while the model asks for a call on every step (`unoffered_tool`, a call the program
answers with an error result) and compares them with the results sent back."""

import re

import pytest

from lesson_runtime import run_chain
from support.repo_course import repo_course

SLUG, QUIZ = "structured-output", "ex-cut-ticket"
KEYS = sorted(key for key in repo_course().lessons if key.endswith(f"/{SLUG}"))
MAX_STEPS = 4  # the course's step limit (the lesson's hidden `desk` snippet)
# Counts the calls the program runs, then makes the model ask for a call on every step.
COUNT_RUNS = ('_ran = []\n_run_tool = run_tool\n\n\ndef run_tool(block):\n'
              '    _ran.append(block.id)\n    return _run_tool(block)\n\n\n'
              f'__import__("fake_client").faults.next("unoffered_tool", times={MAX_STEPS})\n')
# The guard before running calls: `if step == MAX_STEPS: return None` with its comment.
LAST_STEP_GUARD = re.compile(r"^ *if step == MAX_STEPS:\n *return None[^\n]*\n", re.MULTILINE)


def _function(key: str, which: str) -> str:
    """`answer_ticket` from the exercise's starter or solution, without the lines that call it."""
    code = repo_course().quiz_files[key].quizzes[QUIZ].data[which]
    return code[:code.index("\n\n\nfor ")] + "\n"


def _runs_and_sent(key: str, function: str) -> tuple[int, int, int]:
    """(calls the program ran, results it sent back, requests made) for one letter."""
    lesson = repo_course().lessons[key]
    quiz = repo_course().quiz_files[key].quizzes[QUIZ].data
    code = COUNT_RUNS + function + "\n\nprint(answer_ticket(LETTER), len(_ran))\n"
    transcript = run_chain(lesson.setup(quiz["continues"]), code, lang=lesson.lang, timeout=60)
    assert transcript["status"] == "done", transcript.get("error")
    ran = int(transcript["output"].split()[-1])
    last = transcript["calls"][-1]["request"]["messages"]  # the whole history, every result in it
    sent = sum(1 for message in last if isinstance(message.get("content"), list)
               for block in message["content"] if block.get("type") == "tool_result")
    return ran, sent, len(transcript["calls"])


@pytest.mark.parametrize("which", ["starter", "solution"])
@pytest.mark.parametrize("key", KEYS)
def test_no_call_runs_on_the_last_step(key, which):
    ran, sent, requests = _runs_and_sent(key, _function(key, which))
    assert requests == MAX_STEPS
    assert ran == sent == MAX_STEPS - 1, f"{ran} calls run, {sent} results sent back"


@pytest.mark.parametrize("key", KEYS)
def test_a_loop_that_runs_the_last_steps_calls_is_caught(key):
    solution = _function(key, "solution")
    assert LAST_STEP_GUARD.search(solution), "the solution has the last-step guard"
    ran, sent, _ = _runs_and_sent(key, LAST_STEP_GUARD.sub("", solution))
    assert ran == MAX_STEPS and sent == MAX_STEPS - 1
