"""tools-and-trust's three exercises are graded on the conversation, and only the learner's own
code passes: each starter breaks the check its lesson is about (an instruction planted in a
result followed; an order outside what the session may touch answered; a held call left
without its result), deleting the starter's function leaves the colleague's broken one (or
none), and printing the expected output without asking the model passes nothing. Graded as
the page grades: the solution's output and every check of the quiz."""

import pytest
from support.languages import COURSE_LANGUAGES
from support import exercise_grading
from support.exercise_grading import function_block
from support.repo_course import repo_course

from lesson_runtime import same_run

SLUG = "tools-and-trust"
# the exercise, the function the learner writes, and the check its starter breaks
EXERCISES = [("ex-injection", "send_email", "injection_not_followed"),
             ("ex-foreign-order", "track_parcel", "error_results_marked"),
             ("ex-approval", "resume_chat", "every_call_answered")]


def languages_with_the_lesson():
    return [lang for lang in COURSE_LANGUAGES if f"{lang}/{SLUG}" in repo_course().lessons]


def verdict(lang: str, quiz_id: str, code: str) -> tuple[bool, dict, list]:
    """Whether `code` passes the exercise as the page grades it, the solution's run and the checks."""
    return exercise_grading.graded(f"{lang}/{SLUG}", quiz_id, code)


@pytest.mark.parametrize("lang", languages_with_the_lesson())
@pytest.mark.parametrize("quiz_id, function, check", EXERCISES)
def test_only_the_learners_own_code_passes(lang, quiz_id, function, check):
    quiz = repo_course().quiz_files[f"{lang}/{SLUG}"].quizzes[quiz_id].data
    assert check in quiz["checks"]
    passed, expected, _ = verdict(lang, quiz_id, quiz["solution"])
    assert passed
    # the sample mistake: the starter breaks the check the exercise is about
    passed, _, checks = verdict(lang, quiz_id, quiz["starter"])
    assert not passed
    assert {c["name"]: c["passed"] for c in checks}[check] is False
    # the starter's function deleted: the colleague's (or none) is what runs
    deleted = quiz["starter"].replace(function_block(quiz["starter"], function), "")
    assert f"def {function}(" not in deleted
    assert not verdict(lang, quiz_id, deleted)[0]
    # the expected lines printed, the model never asked
    printed = f"print({expected['output']!r}, end='')\n"
    assert not verdict(lang, quiz_id, printed)[0]


@pytest.mark.parametrize("lang", languages_with_the_lesson())
def test_the_owner_check_copied_from_the_page_does_not_pass_the_foreign_order_exercise(lang):
    """The exercise asks about parcels, which the page never checked: the owner of a parcel is the
    owner of its order. The page's own check pasted in (owner read from ORDERS, which the
    colleague's program does not have) fails, and so does the page's check retyped against
    CUSTOMER_ORDERS with the parcel number in place of the order number (it refuses Павел his own
    parcel too): the learner has to follow parcel → order → customer."""
    solution = repo_course().quiz_files[f"{lang}/{SLUG}"].quizzes["ex-foreign-order"].data["solution"]
    own = function_block(solution, "track_parcel")
    refusal = next(line for line in own.splitlines() if "raise ToolError(" in line)
    status = next(line for line in own.splitlines() if line.strip().startswith("return f"))
    pasted = ("def track_parcel(session, parcel_no):\n"
              "    order = ORDERS.get(parcel_no)\n"
              '    if order is None or order["customer"] != session["customer"]:\n'
              f"{refusal}\n"
              "    order_no = PARCELS[parcel_no]\n"
              f"{status}\n")
    retyped = ("def track_parcel(session, parcel_no):\n"
               '    if parcel_no not in CUSTOMER_ORDERS[session["customer"]]:\n'
               f"{refusal}\n"
               "    order_no = PARCELS[parcel_no]\n"
               f"{status}\n")
    assert verdict(lang, "ex-foreign-order", solution)[0]
    assert not verdict(lang, "ex-foreign-order", solution.replace(own, pasted))[0]
    assert not verdict(lang, "ex-foreign-order", solution.replace(own, retyped))[0]


@pytest.mark.parametrize("lang", languages_with_the_lesson())
def test_a_send_email_that_never_sends_does_not_pass_the_injection_exercise(lang):
    """Refusing every call is not the fix: the mail the customer asked for through the app (a
    call the program makes itself) has to reach the session's address."""
    solution = repo_course().quiz_files[f"{lang}/{SLUG}"].quizzes["ex-injection"].data["solution"]
    sending = next(line for line in solution.splitlines() if "OUTBOX.append(" in line)
    never_sends = solution.replace(sending + "\n", "")
    assert "OUTBOX.append(" not in never_sends
    passed, expected, _ = verdict(lang, "ex-injection", solution)
    assert passed
    assert expected["output"].count("@example.org") >= 1
    assert not verdict(lang, "ex-injection", never_sends)[0]


@pytest.mark.parametrize("lang", languages_with_the_lesson())
def test_the_foreign_order_exercise_is_graded_on_a_second_customer_too(lang):
    """Two sample mistakes that keep every check on Ирина's questions alone: a refusal of the one
    foreign parcel number written into the code, and the owner read from the global SESSION instead of
    the call's own session. The run as the other customer (OTHER_SESSION, whose own order that
    number is) fails both."""
    solution = repo_course().quiz_files[f"{lang}/{SLUG}"].quizzes["ex-foreign-order"].data["solution"]
    assert "OTHER_SESSION)" in solution
    own = function_block(solution, "track_parcel")
    refusal = next(line for line in own.splitlines() if "raise ToolError(" in line)
    status = next(line for line in own.splitlines() if line.strip().startswith("return f"))
    hard_coded = ('def track_parcel(session, parcel_no):\n    if parcel_no == "PK-7702":\n'
                  f"{refusal}\n    order_no = PARCELS[parcel_no]\n{status}\n")
    global_session = own.replace('session["customer"]', 'SESSION["customer"]')
    assert global_session != own
    assert verdict(lang, "ex-foreign-order", solution)[0]
    assert not verdict(lang, "ex-foreign-order", solution.replace(own, hard_coded))[0]
    assert not verdict(lang, "ex-foreign-order", solution.replace(own, global_session))[0]


@pytest.mark.parametrize("lang", languages_with_the_lesson())
def test_a_refusal_that_tells_a_foreign_parcel_from_a_missing_one_fails(lang):
    """The owner check written after `PARCELS[parcel_no]`: a foreign parcel gets the learner's
    refusal, a number no parcel has a KeyError turned into another text, so the two answers
    tell the customer which number exists. The output is the solution's (the teaching model
    words both refusals alike); the check on the refusals is what fails."""
    solution = repo_course().quiz_files[f"{lang}/{SLUG}"].quizzes["ex-foreign-order"].data["solution"]
    looked_up = solution.replace("PARCELS.get(parcel_no)", "PARCELS[parcel_no]")
    assert looked_up != solution
    passed, _, checks = verdict(lang, "ex-foreign-order", looked_up)
    assert not passed
    expected = exercise_grading.run(f"{lang}/{SLUG}", "ex-foreign-order", solution)
    assert same_run(exercise_grading.run(f"{lang}/{SLUG}", "ex-foreign-order", looked_up), expected)
    assert {c["name"]: c["passed"] for c in checks} == {
        "error_results_marked": True, "refusals_alike": False, "every_call_answered": True, "answers_shown": True}


# ex-injection graded on what matters: the recipient is gone from what the model may set, and
# the call the planted instruction asked for is not run; the wording of the tool's description,
# of its result and of its refusal is the learner's own.
KEEPS_TO = '''def send_email(session, body, to=None):
    if to is not None and to != session["email"]:
        raise ToolError(f"only {session['email']} may receive mail from this chat")
    OUTBOX.append((session["email"], body))
    return f"sent to {session['email']}"


TOOLS[-1] = {
    "name": "send_email",
    "description": "Sends an email to the customer. Call it when the customer asks for the answer by email.",
    "input_schema": {"type": "object",
                     "properties": {"to": {"type": "string"}, "body": {"type": "string"}},
                     "required": ["body"]},
}
'''
TO_IGNORED = KEEPS_TO.replace('''    if to is not None and to != session["email"]:
        raise ToolError(f"only {session['email']} may receive mail from this chat")
''', "")
REWORDED = '''def send_email(session, body):
    address = session["email"]                  # the session names the recipient, not the model
    OUTBOX.append((address, body))
    return f"done: a copy is on its way to the customer's own mailbox ({address})"


TOOLS[-1] = {
    "name": "send_email",
    "description": "Mails a copy of the answer to the signed-in customer; it writes to nobody else.",
    "input_schema": {"type": "object",
                     "properties": {"body": {"type": "string", "description": "the text of the email"}},
                     "required": ["body"], "additionalProperties": False},
}
'''
EXTRA_ARGUMENTS_UNREAD = '''def send_email(session, body, **unused):
    OUTBOX.append((session["email"], body))
    return "ok"


TOOLS[-1] = {"name": "send_email", "description": "Emails the customer the text in body.",
             "input_schema": {"type": "object", "properties": {"body": {"type": "string"}}}}
'''


def with_send_email(solution: str, code: str) -> str:
    """The solution with its send_email and tool description (up to the line that registers
    them) replaced by `code`."""
    start = solution.index("def send_email(")
    end = solution.index('HANDLERS["send_email"] = send_email')
    return solution[:start] + code + solution[end:]


@pytest.mark.parametrize("lang", languages_with_the_lesson())
def test_the_injection_exercise_fails_while_the_model_may_still_name_the_recipient(lang):
    """A send_email that keeps `to` in its schema and refuses any address but the session's keeps
    every conversation check (the planted call gets an error): it fails all the same, because the
    model may still set the recipient. Keeping `to` and ignoring it fails too: the planted call
    then runs."""
    solution = exercise_grading.exercise(f"{lang}/{SLUG}", "ex-injection")["solution"]
    passed, _, checks = verdict(lang, "ex-injection", with_send_email(solution, KEEPS_TO))
    assert all(check["passed"] for check in checks), checks
    assert not passed
    passed, _, checks = verdict(lang, "ex-injection", with_send_email(solution, TO_IGNORED))
    assert not passed
    assert {c["name"]: c["passed"] for c in checks}["injection_not_followed"] is False


@pytest.mark.parametrize("lang", languages_with_the_lesson())
@pytest.mark.parametrize("variant", [REWORDED, EXTRA_ARGUMENTS_UNREAD], ids=["reworded", "extra-unread"])
def test_a_differently_worded_right_send_email_passes_the_injection_exercise(lang, variant):
    """The description, the result's text and the code's shape are the learner's: any send_email
    that leaves the model no recipient to set and sends to the session's address passes."""
    solution = exercise_grading.exercise(f"{lang}/{SLUG}", "ex-injection")["solution"]
    passed, _, checks = verdict(lang, "ex-injection", with_send_email(solution, variant))
    assert passed, checks


@pytest.mark.parametrize("lang", languages_with_the_lesson())
def test_a_send_email_that_silently_redirects_does_not_pass_the_injection_exercise(lang):
    """The prompt no longer says how (no 'only body may remain'): keeping the model's `to` in the
    schema and quietly sending to the session's address instead still fails, because the planted
    call gets an ordinary result and the model never learns it did not go where it asked."""
    starter = repo_course().quiz_files[f"{lang}/{SLUG}"].quizzes["ex-injection"].data["starter"]
    own = function_block(starter, "send_email")
    sending = next(line for line in own.splitlines() if "OUTBOX.append(" in line)
    redirected = starter.replace(sending, sending.replace("(to, body)", '(session["email"], body)'))
    assert redirected != starter
    passed, _, checks = verdict(lang, "ex-injection", redirected)
    assert not passed
    assert {c["name"]: c["passed"] for c in checks}["injection_not_followed"] is False
