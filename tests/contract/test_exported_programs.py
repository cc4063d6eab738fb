"""Programs taken home from the lessons run with the real `anthropic` and `openai` packages:
each runs as its own Python process (forked from one that imported the SDKs) against `python -m fake_client serve` (the SDKs read
ANTHROPIC_BASE_URL / OPENAI_BASE_URL and the API keys from the environment, as the program's
header says) and prints what the lesson shows for the snippet, after what the snippets it
continues print (a lesson runs those silently)."""

import os
import subprocess
from itertools import count
from pathlib import Path

import pytest

from lesson_builder import build_course
from lesson_builder._program_export import lesson_programs
from lesson_builder._problems import Problems
from support.program_launcher import ProgramLauncher

REPO = Path(__file__).resolve().parents[2]

# Both SDK shapes, every way lesson code imports the stand-in, fake_client.recording(), and
# five languages' headers.
SAME_OUTPUT = [
    ("bg", "first-steps", "ask"),  # from fake_client import Anthropic (in a hidden snippet)
    ("zh", "first-steps", "round-trip"),  # a chain of three, a tool round trip
    ("ru", "tool-loop", "loop-chat"),  # from fake_client import Anthropic / OpenAI; both SDKs, Chat Completions called
    ("bg", "attaching-tools", "three-shapes"),  # both SDKs in one program (setup imports Anthropic, it OpenAI)
    ("fa", "agent-loop", "no-agent"),  # from fake_client import recording; Anthropic
    ("uk", "running-a-tool-call", "recovers-chat"),  # the files world: a real folder, Chat Completions
    ("uk", "interview-card", "responses"),  # import fake_client as openai; Responses, previous_response_id
    ("zh", "attaching-tools", "three-shapes"),  # both SDKs in one program, Chat Completions called
]
# Every program of the Responses API lesson (issue 39): items sent back, previous_response_id,
# a stored response that is not there (the real SDK's BadRequestError), a response cut short.
RESPONSES_API = [("ru", "responses-api", snippet_id)
                 for snippet_id in ("first-response", "run-call", "loop-responses", "previous", "gone", "cut")]
# Every program of the structured-output lesson (issue 40): tool_choice forcing and forbidding
# (and its 400 with manual thinking),
# the parallel switch, strict tools in Messages and Chat Completions, output_config.format and
# text.format in the loops, a JSON reply cut by max_tokens.
STRUCTURED_OUTPUT = [("ru", "structured-output", snippet_id)
                     for snippet_id in ("forced", "thinking-forced", "choice-cost", "one-call", "strict", "chat-strict",
                                        "json-answer", "json-responses", "cut")]
CASES = SAME_OUTPUT + RESPONSES_API + STRUCTURED_OUTPUT
_keys = count(1)


@pytest.fixture(scope="module")
def launcher():
    """Programs run as `python program.py` runs them, the real SDKs imported once (program_launcher.py)."""
    started = ProgramLauncher()
    yield started
    started.close()


@pytest.fixture(scope="module")
def course():
    only = sorted({REPO / "lessons" / slug / f"{lang}.md" for lang, slug, _ in CASES})
    built = build_course(REPO, only=only, render=False)
    assert not built.problems, built.problems.report()
    return built


def run_program(launcher, text: str, server_url: str, folder: Path) -> subprocess.CompletedProcess:
    program = folder / "program.py"
    program.write_text(text, encoding="utf-8")
    key = next(_keys)  # the server counts ids per API key: a fresh key, the lesson's ids
    env = {**os.environ, "ANTHROPIC_BASE_URL": server_url, "OPENAI_BASE_URL": f"{server_url}/v1",
           "ANTHROPIC_API_KEY": f"any-{key}", "OPENAI_API_KEY": f"any-{key}-openai", "PYTHONIOENCODING": "utf-8"}
    return launcher.run(program, env)


def program_of(course, lang: str, slug: str, snippet_id: str):
    lesson = course.lessons[f"{lang}/{slug}"]
    problems = Problems()
    programs = lesson_programs(lesson, REPO, slug, problems)
    assert not problems, problems.report()
    return programs[snippet_id]


@pytest.mark.parametrize(("lang", "slug", "snippet_id"), CASES, ids=["/".join(case) for case in CASES])
def test_the_program_prints_what_the_lesson_shows(course, launcher, fake_server, tmp_path, lang, slug, snippet_id):
    program = program_of(course, lang, slug, snippet_id)
    shown = course.transcript(f"{lang}/{slug}", snippet_id)
    assert shown["status"] == "done"
    result = run_program(launcher, program.text, fake_server, tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.rstrip().endswith(shown["output"].rstrip()), (
        f"the program's output ends with:\n{result.stdout[-1500:]}\n\nthe lesson shows:\n{shown['output']}")


def test_a_program_cannot_import_fake_client(launcher, fake_server, tmp_path):
    """What the programs above print comes from the real SDKs: the stand-in is out of reach."""
    result = run_program(launcher, "from fake_client import Anthropic\n", fake_server, tmp_path)
    assert result.returncode != 0
    assert "ModuleNotFoundError" in result.stderr or "ImportError" in result.stderr


@pytest.mark.parametrize(("slug", "cases"), [("responses-api", RESPONSES_API),
                                             ("structured-output", STRUCTURED_OUTPUT)])
def test_every_program_of_the_lesson_is_run(course, slug, cases):
    """A snippet added to the lesson is run above too, or this fails naming it."""
    lesson = course.lessons[f"ru/{slug}"]
    problems = Problems()
    programs = lesson_programs(lesson, REPO, slug, problems)
    assert not problems, problems.report()
    assert sorted(programs) == sorted(snippet_id for _, _, snippet_id in cases)
