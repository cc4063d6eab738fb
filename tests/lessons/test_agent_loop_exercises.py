"""agent-loop's exercise (give the agent `list_letters`, the step whose result the next call
needs) is graded on the conversation: the model must take the number it passes to
`read_letter` from `list_letters`' result, for each of two customers. The starter (no list:
the model calls `read_letter` without a number) fails; a definition without its handler or a
handler without its definition fails; a handler that ignores the session (every customer's
letters) fails, because Irina would then be sent Pavel's number first; a list tool that asks
the model for an order number fails (the model has none to give); a list in `LETTERS`' own order instead of newest first fails,
because the customer has an older letter (about SP-1024) stored before the newer one and the
model takes the first number; and printing the expected
lines without asking the model passes nothing. Graded as the page grades: the solution's
output and every check of the quiz."""

import pytest
from support import exercise_grading
from support.exercise_grading import function_block
from support.languages import COURSE_LANGUAGES
from support.repo_course import repo_course

SLUG = "agent-loop"
QUIZ = "ex-list-letters"


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


def tool_calls(transcript: dict) -> list[tuple[str, dict]]:
    """(name, input) of every tool call the model made, in order (from each reply)."""
    return [(block["name"], block["input"]) for call in transcript["calls"]
            for block in (call["response"] or {}).get("content", []) if block.get("type") == "tool_use"]


@pytest.mark.parametrize("lang", languages_with_the_exercise())
def test_the_solution_reads_each_customers_letter_by_the_number_the_list_gave(lang):
    passed, expected, checks = verdict(lang, solution(lang))
    assert passed, checks
    assert tool_calls(expected) == [
        ("list_letters", {}), ("read_letter", {"order_no": "SP-1187"}),
        ("list_letters", {}), ("read_letter", {"order_no": "SP-2048"})]


@pytest.mark.parametrize("lang", languages_with_the_exercise())
def test_the_starter_fails(lang):
    starter = repo_course().quiz_files[f"{lang}/{SLUG}"].quizzes[QUIZ].data["starter"]
    assert not verdict(lang, starter)[0]


@pytest.mark.parametrize("lang", languages_with_the_exercise())
def test_half_a_tool_fails(lang):
    code = solution(lang)
    handler = function_block(code, "list_letters")
    without_handler = code.replace(handler, "").replace(
        next(line for line in code.splitlines() if line.startswith("HANDLERS[")) + "\n", "")
    assert "def list_letters" not in without_handler and "HANDLERS[" not in without_handler
    assert not verdict(lang, without_handler)[0]
    definition = statement(code, "TOOLS.append(")
    without_definition = code.replace(definition, "")
    assert "TOOLS.append(" not in without_definition
    assert not verdict(lang, without_definition)[0]


def handler_edit_fails(lang: str, old: str, new: str) -> bool:
    """Whether the solution with ``old`` replaced by ``new`` in its list_letters handler fails
    the exercise (the edit must change the handler)."""
    code = solution(lang)
    handler = function_block(code, "list_letters")
    edited = handler.replace(old, new)
    assert edited != handler
    return not verdict(lang, code.replace(handler, edited))[0]


@pytest.mark.parametrize("lang", languages_with_the_exercise())
def test_a_handler_that_ignores_the_session_fails(lang):
    assert handler_edit_fails(lang, 'if ORDERS[number]["customer"] == session["customer"]', "")


@pytest.mark.parametrize("lang", languages_with_the_exercise())
def test_a_list_that_is_not_newest_first_fails(lang):
    assert handler_edit_fails(lang, "sorted(mine, reverse=True)", "mine")


@pytest.mark.parametrize("lang", languages_with_the_exercise())
def test_a_list_that_asks_the_model_for_a_number_fails(lang):
    code = solution(lang)
    asks = (code.replace("def list_letters(session):", "def list_letters(session, order_no):")
                .replace('"input_schema": {"type": "object", "properties": {}},',
                         '"input_schema": {"type": "object", "properties": {"order_no": {"type": "string"}},'
                         ' "required": ["order_no"]},'))
    assert asks.count("order_no") >= 3
    assert not verdict(lang, asks)[0]


@pytest.mark.parametrize("lang", languages_with_the_exercise())
def test_printing_the_expected_lines_without_asking_fails(lang):
    _, expected, _ = verdict(lang, solution(lang))
    assert not verdict(lang, f"print({expected['output']!r}, end='')\n")[0]
