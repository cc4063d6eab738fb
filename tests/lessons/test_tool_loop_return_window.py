"""tool-loop's exercise `return-window`, in every language: it is graded on the conversation
as well as on the printed replies, so that a program that prints the expected replies while
the new tool's calls fail (no function in HANDLERS) does not pass."""

import pytest

from lesson_runtime.conversation_checks import run_checks
from support import exercise_grading
from support.repo_course import repo_course

SLUG, QUIZ = "tool-loop", "return-window"
KEYS = sorted(key for key in repo_course().lessons if key.endswith(f"/{SLUG}"))


def _run(key: str, code: str) -> tuple[dict, list[dict]]:
    transcript = exercise_grading.run(key, QUIZ, code, timeout=60)
    assert transcript["status"] == "done", transcript.get("error")
    return transcript, run_checks(list(exercise_grading.exercise(key, QUIZ)["checks"]), transcript)


@pytest.mark.parametrize("key", KEYS)
def test_printing_the_expected_replies_without_the_tool_fails(key):
    quiz = repo_course().quiz_files[key].quizzes[QUIZ].data
    solved, verdicts = _run(key, quiz["solution"])
    assert all(verdict["passed"] for verdict in verdicts), verdicts
    replies = [call["response"]["content"] for call in solved["calls"]
               if call["response"]["stop_reason"] == "end_turn"]
    texts = ["".join(block.get("text", "") for block in content) for content in replies]
    assert len(texts) == 2
    # The starter (no function for the tool), each reply swapped for the solution's.
    loop = quiz["starter"].rstrip().splitlines()
    call_line = loop[-1]
    indent = call_line[:len(call_line) - len(call_line.lstrip())]
    question = call_line.strip()[len("print("):-1]
    faked = "\n".join(loop[:-1] + [f"{indent}{question}",
                                    f"{indent}print({texts!r}[order == '1187'])"])
    faked_run, verdicts = _run(key, faked)
    assert faked_run["output"] == solved["output"], "the fake prints what the solution prints"
    failed = {verdict["name"] for verdict in verdicts if not verdict["passed"]}
    assert "answers_shown" in failed
