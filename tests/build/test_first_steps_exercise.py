"""first-steps' exercise teaches blocks by type: an answer that still reads the text by its
place must fail it. Its replies come with thinking off (text first) and on (thinking first),
and it prints the model's words of the reply that asks for the call too, where the call
comes after the text: so the text read as the first, second or last block fails somewhere.
Run here for every language, on the page's own code, with the course's model. A test of this
course's lesson, not of the content layer: course copies (tests/support/site_copy.py) run
tests/content on their own lessons, where first-steps is the frozen sample."""

import contextlib
import io

import pytest
import yaml

import fake_client
from support.repo_course import REPO, repo_course

SCANNED = repo_course()
KEYS = sorted(key for key in SCANNED.lessons if key.endswith("/first-steps"))
MODELS = yaml.safe_load((REPO / "lessons/course.yaml").read_text(encoding="utf-8"))["models"]


def _run(key: str, answer: str) -> str:
    """What `answer` prints after the snippets the exercise continues; raises what it raises."""
    lesson = SCANNED.lessons[key]
    quiz = SCANNED.quiz_files[key].quizzes["ask-about-1187"]
    chain, snippet_id = [], quiz.data["continues"]
    while snippet_id:
        snippet = lesson.snippets[snippet_id]
        chain.insert(0, snippet.code)
        snippet_id = snippet.continues
    program = "".join(f"{name} = {model_id!r}\n" for name, model_id in MODELS.items())
    program += "\n".join(chain) + "\n" + answer
    printed = io.StringIO()
    with fake_client.page_language(key.split("/")[0]), contextlib.redirect_stdout(printed):
        exec(compile(program, f"<{key}>", "exec"), {})
    return printed.getvalue()


@pytest.mark.parametrize("place", ["0", "1", "-1"])
@pytest.mark.parametrize("key", KEYS)
def test_the_text_read_by_its_place_fails_the_exercise(key, place):
    solution = SCANNED.quiz_files[key].quizzes["ask-about-1187"].data["solution"]
    by_type = _run(key, solution)
    assert by_type.count("\n") > _run(key, "").count("\n") + 2   # the preamble and both answers
    positional = solution.replace("text_of(response)", f"response.content[{place}].text")
    assert positional != solution
    with pytest.raises((AttributeError, IndexError), match="Block' object has no attribute 'text'|out of range"):
        _run(key, positional)
