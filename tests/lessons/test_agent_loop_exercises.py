"""agent-loop's exercise (the "latest letter" button: `summarize_latest_letter(session)`) asks
for a workflow, not an agent: both steps are known in advance, even though the second needs
the first one's result, so the program finds the session customer's newest letter itself and
asks the model once, with no tools. It is graded on the output (the summary and the number of
requests, for three customers: one with an old three-digit order whose number sorts last
as a string, one more, and one with no letters) and on the conversation checks; the prompt gives
the words of the request used in the measurement, so that the summaries match the solution's. The starter fails; an agent (a
`list_letters` tool copied from `list_orders`, run by `run_turn`) fails, and so does an agent
handed the number the program already found (both send more than one request); a version that
ignores the session (Irina is sent Pavel's newer letter) fails; one that takes the first
letter instead of the newest fails; so do comparing the numbers as strings and dropping the
`None` branch for a customer with no letters; and printing the expected lines without asking the model
fails. Graded as the page grades: the solution's output and every check of the quiz."""

import pytest
from support import exercise_grading
from support.exercise_grading import function_block
from support.languages import COURSE_LANGUAGES
from support.repo_course import repo_course

SLUG = "agent-loop"
QUIZ = "ex-latest-letter"


def languages_with_the_exercise():
    return [lang for lang in COURSE_LANGUAGES
            if QUIZ in getattr(repo_course().quiz_files.get(f"{lang}/{SLUG}"), "quizzes", {})]


def verdict(lang: str, code: str) -> tuple[bool, dict, list]:
    return exercise_grading.graded(f"{lang}/{SLUG}", QUIZ, code)


def solution(lang: str) -> str:
    return repo_course().quiz_files[f"{lang}/{SLUG}"].quizzes[QUIZ].data["solution"]


def requests(transcript: dict) -> list[dict]:
    return [call["request"] for call in transcript["calls"]]


def with_body(lang: str, body: str) -> str:
    """The solution with the body of `summarize_latest_letter` replaced by `body` (indented)."""
    code = solution(lang)
    handler = function_block(code, "summarize_latest_letter")
    header = handler.splitlines()[0]
    return code.replace(handler, header + "\n" + body)


@pytest.mark.parametrize("lang", languages_with_the_exercise())
def test_the_solution_asks_once_per_customer_without_tools_about_the_newest_letter(lang):
    passed, expected, checks = verdict(lang, solution(lang))
    assert passed, checks
    sent = requests(expected)
    assert len(sent) == 2 and not any(request.get("tools") for request in sent)
    contents = [str(request["messages"]) for request in sent]
    assert "SP-1187" in contents[0] and "SP-2048" in contents[1]


@pytest.mark.parametrize("lang", languages_with_the_exercise())
def test_the_starter_fails(lang):
    starter = repo_course().quiz_files[f"{lang}/{SLUG}"].quizzes[QUIZ].data["starter"]
    assert not verdict(lang, starter)[0]


LIST_LETTERS = '''
def list_letters(session):
    mine = [number for number in LETTERS if ORDERS[number]["customer"] == session["customer"]]
    return "SP: " + ", ".join(sorted(mine, reverse=True))


TOOLS.append({
    "name": "list_letters",
    "description": "Returns the customer's letters to support, newest first. Call it when the customer speaks of a letter but names no order.",
    "input_schema": {"type": "object", "properties": {}},
})
HANDLERS["list_letters"] = list_letters
'''


@pytest.mark.parametrize("lang", languages_with_the_exercise())
def test_an_agent_with_a_list_letters_tool_copied_from_list_orders_fails(lang):
    question = '"Кратко перескажи моё последнее письмо в поддержку"'
    code = LIST_LETTERS + "\n\n" + with_body(lang, (
        f"    return run_turn([{{'role': 'user', 'content': {question}}}], session,\n"
        "                    Budget(tokens=20_000, seconds=60, dollars=0.10))\n"))
    assert not verdict(lang, code)[0]


@pytest.mark.parametrize("lang", languages_with_the_exercise())
def test_an_agent_given_the_number_the_program_found_fails(lang):
    code = solution(lang)
    handler = function_block(code, "summarize_latest_letter")
    keep = handler.split("    response = ")[0]
    agent = keep + (
        "    return run_turn([{'role': 'user', 'content': f'Кратко перескажи моё письмо о заказе {latest}'}],\n"
        "                    session, Budget(tokens=20_000, seconds=60, dollars=0.10))\n")
    assert not verdict(lang, code.replace(handler, agent))[0]


def handler_edit_fails(lang: str, old: str, new: str) -> bool:
    code = solution(lang)
    handler = function_block(code, "summarize_latest_letter")
    edited = handler.replace(old, new)
    assert edited != handler
    return not verdict(lang, code.replace(handler, edited))[0]


@pytest.mark.parametrize("lang", languages_with_the_exercise())
def test_ignoring_the_session_fails(lang):
    assert handler_edit_fails(lang, ' if ORDERS[number]["customer"] == session["customer"]', "")


@pytest.mark.parametrize("lang", languages_with_the_exercise())
def test_the_first_letter_instead_of_the_newest_fails(lang):
    assert handler_edit_fails(lang, 'max(mine, key=lambda number: int(number.split("-")[1]))', "mine[0]")


@pytest.mark.parametrize("lang", languages_with_the_exercise())
def test_printing_the_expected_lines_without_asking_fails(lang):
    _, expected, _ = verdict(lang, solution(lang))
    assert not verdict(lang, f"print({expected['output']!r}, end='')\n")[0]


@pytest.mark.parametrize("lang", languages_with_the_exercise())
def test_skipping_the_no_letters_branch_fails(lang):
    # NEW_SESSION has no letters: max() of nothing raises instead of returning None
    assert handler_edit_fails(lang, "    if not mine:\n        return None\n", "")


@pytest.mark.parametrize("lang", languages_with_the_exercise())
def test_comparing_order_numbers_as_strings_fails(lang):
    # "SP-987" > "SP-1187" as strings, 987 < 1187 as numbers
    assert handler_edit_fails(lang, 'max(mine, key=lambda number: int(number.split("-")[1]))', "max(mine)")


@pytest.mark.parametrize("lang", languages_with_the_exercise())
def test_the_first_letter_of_a_customer_sorted_as_strings_fails(lang):
    assert handler_edit_fails(lang, 'max(mine, key=lambda number: int(number.split("-")[1]))', "sorted(mine)[-1]")
