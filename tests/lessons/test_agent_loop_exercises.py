"""agent-loop's exercise (give the agent a balance tool: a definition and a handler) is graded on
the conversation, and only a tool the agent really calls passes: the starter (no tool: the
model makes an answer up) fails, a definition without its handler or a handler without its
definition fails, a handler that ignores the session (the first customer's balance for
everyone) fails because the program asks for two customers, and printing the expected lines
without asking the model passes nothing. Graded as the page grades: the solution's output and
every check of the quiz."""

import pytest
from support import exercise_grading
from support.exercise_grading import function_block
from support.languages import COURSE_LANGUAGES
from support.repo_course import repo_course

SLUG = "agent-loop"
QUIZ = "ex-add-balance"


def languages_with_the_exercise():
    return [lang for lang in COURSE_LANGUAGES
            if QUIZ in getattr(repo_course().quiz_files.get(f"{lang}/{SLUG}"), "quizzes", {})]


def verdict(lang: str, code: str) -> tuple[bool, dict, list]:
    return exercise_grading.graded(f"{lang}/{SLUG}", QUIZ, code)


def solution(lang: str) -> str:
    return repo_course().quiz_files[f"{lang}/{SLUG}"].quizzes[QUIZ].data["solution"]


def statement(code: str, starts: str) -> str:
    """The top-level statement of `code` that starts with `starts`, up to its closing line."""
    lines = code.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(starts))
    end = start
    while not lines[end].rstrip().endswith(("})", ")")) or lines[end].startswith(" "):
        end += 1
    return "\n".join(lines[start:end + 1]) + "\n"


@pytest.mark.parametrize("lang", languages_with_the_exercise())
def test_the_solution_calls_the_new_tool_for_each_customer_and_passes(lang):
    passed, expected, checks = verdict(lang, solution(lang))
    assert passed, checks
    names = [block["name"] for call in expected["calls"] for message in call["request"]["messages"]
             if isinstance(message["content"], list) for block in message["content"]
             if block.get("type") == "tool_use"]
    assert names.count("get_balance") == 2


@pytest.mark.parametrize("lang", languages_with_the_exercise())
def test_the_starter_fails(lang):
    starter = repo_course().quiz_files[f"{lang}/{SLUG}"].quizzes[QUIZ].data["starter"]
    assert not verdict(lang, starter)[0]


@pytest.mark.parametrize("lang", languages_with_the_exercise())
def test_half_a_tool_fails(lang):
    code = solution(lang)
    handler = function_block(code, "get_balance")
    without_handler = code.replace(handler, "").replace(
        next(line for line in code.splitlines() if line.startswith("HANDLERS[")) + "\n", "")
    assert "def get_balance" not in without_handler and "HANDLERS[" not in without_handler
    assert not verdict(lang, without_handler)[0]
    definition = statement(code, "TOOLS.append(")
    without_definition = code.replace(definition, "")
    assert "TOOLS.append(" not in without_definition
    assert not verdict(lang, without_definition)[0]


@pytest.mark.parametrize("lang", languages_with_the_exercise())
def test_a_handler_that_ignores_the_session_fails(lang):
    code = solution(lang)
    handler = function_block(code, "get_balance")
    first_customer = "def get_balance(session):\n    return BALANCES[SESSION[\"customer\"]]\n"
    assert not verdict(lang, code.replace(handler, first_customer))[0]


@pytest.mark.parametrize("lang", languages_with_the_exercise())
def test_printing_the_expected_lines_without_asking_fails(lang):
    _, expected, _ = verdict(lang, solution(lang))
    assert not verdict(lang, f"print({expected['output']!r}, end='')\n")[0]
