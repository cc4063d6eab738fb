"""The conversation checks (lesson_runtime.conversation_checks) on recorded conversations, in
each API shape: a conversation that keeps each rule, and one that breaks it, with the call
the verdict names."""

import copy
import json

import pytest
from support.conversation_records import (LANG, SHAPES, drop_result, rebuild_turn, reply_words,
                                          shop_record, unmark_errors)
import fake_client
from fake_client import OpenAI
from support.fake_client_programs import SHOP_QUESTIONS, SHOP_SYSTEM, responses_tools, shop_runner, shop_tools

from lesson_runtime.conversation_checks import CHECKS, faults_setup, run_checks


def verdict(name, record):
    (result,) = run_checks([name], record)
    return result


def passes(name, record):
    assert verdict(name, record) == {"name": name, "passed": True, "call": None}


def fails_at(name, record, call):
    assert verdict(name, record) == {"name": name, "passed": False, "call": call}


@pytest.mark.parametrize("shape", SHAPES)
def test_every_call_answered(shape):
    record = shop_record(shape, "two")  # one reply with two calls, then the answer
    passes("every_call_answered", record)
    fails_at("every_call_answered", drop_result(record, 2), 2)
    # the program died while the first reply's calls waited for their results
    crashed = {**record, "calls": record["calls"][:1], "status": "error"}
    fails_at("every_call_answered", crashed, 1)
    # a loop that stopped (its step limit) without sending them is not a crash
    passes("every_call_answered", {**crashed, "status": "done"})


@pytest.mark.parametrize("shape", SHAPES)
def test_error_results_marked(shape):
    record = shop_record(shape, "status", faults=("unoffered_tool",))  # calls run_command
    passes("error_results_marked", record)
    fails_at("error_results_marked", unmark_errors(record, 2), 2)


@pytest.mark.parametrize("shape", SHAPES)
def test_error_results_marked_ignores_good_calls(shape):
    # a result of a call the program could run is never required to be an error
    passes("error_results_marked", shop_record(shape, "two"))


def with_enum(record, values):
    """The record with every offered tool's fields limited to `values` (an `enum`), as a
    program offers a tool made for one user: the values that user may touch."""
    changed = copy.deepcopy(record)
    for call in changed["calls"]:
        for tool in call["request"].get("tools") or []:
            schema = tool.get("input_schema") or tool.get("parameters") or tool.get("function", {}).get("parameters")
            for spec in schema["properties"].values():
                spec["enum"] = list(values)
    return changed


@pytest.mark.parametrize("shape", SHAPES)
def test_error_results_marked_reads_an_enum(shape):
    record = shop_record(shape, "status")  # asks about one order; the shop answers it
    value = reply_call_value(record)
    passes("error_results_marked", with_enum(record, [value]))
    # the same order outside what the tool lists: its good result should have been an error
    fails_at("error_results_marked", with_enum(record, ["0000"]), 2)


@pytest.mark.parametrize("shape", SHAPES)
def test_refusals_alike(shape):
    """Two questions about orders outside what the tool lists (1042 exists, 9999 does not):
    one refusal for both passes; "not yours" for one and "no such order" for the other tells
    the user that 1042 exists, and fails at the request carrying the second refusal."""
    def same(name, arguments):
        return f"Error: no order {arguments.get('order_id')}", True

    def telling(name, arguments):
        if arguments.get("order_id") == "1042":
            return "Error: order 1042 belongs to another customer", True
        return same(name, arguments)

    def both(run):
        first, second = shop_record(shape, "status", run=run), shop_record(shape, "missing", run=run)
        return with_enum({**first, "calls": first["calls"] + second["calls"]}, ["0000"])

    record = both(same)
    assert len(record["calls"]) == 4
    passes("refusals_alike", record)
    fails_at("refusals_alike", both(telling), 4)
    # the second refusal sent as a plain result (no error mark) is not the same answer
    fails_at("refusals_alike", unmark_errors(record, 4), 4)
    # values inside the enum are the program's to answer as it likes
    passes("refusals_alike", with_enum(both(telling), ["1042", "9999"]))


def reply_call_value(record):
    """The value the first call of the record asked about (its first argument)."""
    response = record["calls"][0]["response"]
    if "content" in response:
        arguments = next(block["input"] for block in response["content"] if block["type"] == "tool_use")
    elif "choices" in response:
        arguments = json.loads(response["choices"][0]["message"]["tool_calls"][0]["function"]["arguments"])
    else:
        arguments = json.loads(next(item["arguments"] for item in response["output"] if item["type"] == "function_call"))
    return next(iter(arguments.values()))


@pytest.mark.parametrize("shape", SHAPES)
def test_turn_kept_whole(shape):
    record = shop_record(shape, "two")
    passes("turn_kept_whole", record)
    fails_at("turn_kept_whole", rebuild_turn(record, 2), 2)


def test_turn_kept_whole_by_previous_response_id():
    passes("turn_kept_whole", shop_record("responses", "two", chained=True))


@pytest.mark.parametrize("shape", SHAPES)
def test_step_limit(shape):
    passes("step_limit", shop_record(shape, "around", max_calls=4))  # the model keeps guessing
    fails_at("step_limit", shop_record(shape, "around", max_calls=6), 5)


@pytest.mark.parametrize("shape", SHAPES)
def test_step_limit_counts_each_question(shape):
    first, second = shop_record(shape, "around", max_calls=3), shop_record(shape, "around", max_calls=3)
    passes("step_limit", {**first, "calls": first["calls"] + second["calls"]})


@pytest.mark.parametrize("shape", SHAPES)
def test_only_answers_shown(shape):
    record = shop_record(shape, "status", faults=("refusal",))
    refusal = reply_words(record, 1)
    assert refusal.strip()
    fails_at("only_answers_shown", {**record, "output": f"{refusal}\n"}, 1)  # printed as the answer
    passes("only_answers_shown", {**record, "output": "(no answer: the model refused)\n"})


@pytest.mark.parametrize("shape", SHAPES)
def test_answers_shown(shape):
    record = shop_record(shape, "status")  # a call, its result, then the answer
    answer = reply_words(record, 2)
    assert answer.strip()
    passes("answers_shown", {**record, "output": f"step 1\n{answer}\n"})
    fails_at("answers_shown", {**record, "output": "(no answer)\n"}, 2)  # the answer never reached the user
    # Output printed without asking the model is not a conversation, whatever it says.
    fails_at("answers_shown", {"calls": [], "status": "done", "output": f"{answer}\n"}, None)


def cut_first_reply(record, shape):
    """The record with its first reply (which asks for calls) marked as cut by the output
    budget, as a program that ran those calls anyway would have met it."""
    cut = copy.deepcopy(record)
    response = cut["calls"][0]["response"]
    if shape == "anthropic":
        response["stop_reason"] = "max_tokens"
    elif shape == "openai":
        response["choices"][0]["finish_reason"] = "length"
    else:
        response["status"] = "incomplete"
        response["incomplete_details"] = {"reason": "max_output_tokens"}
    return cut


@pytest.mark.parametrize("shape", SHAPES)
def test_cut_calls_not_run(shape):
    record = shop_record(shape, "status")  # a call, its result, then the answer
    passes("cut_calls_not_run", record)
    fails_at("cut_calls_not_run", cut_first_reply(record, shape), 2)  # the cut call's result went back


def forget_questions(record, call):
    """The record with the user's own messages (its questions) taken out of one request, as
    a program that clears its history between questions sends it."""
    changed = copy.deepcopy(record)
    request = changed["calls"][call - 1]["request"]
    key = "input" if "input" in request else "messages"
    request[key] = [m for m in request[key] if not (isinstance(m, dict) and m.get("role") == "user"
                                                    and (isinstance(m.get("content"), str)
                                                         or any(isinstance(p, dict) and p.get("type") in ("text", "input_text")
                                                                for p in m.get("content") or [])))]
    return changed


@pytest.mark.parametrize("shape", SHAPES)
def test_history_kept(shape):
    record = shop_record(shape, "status")  # a call, its result, then the answer
    passes("history_kept", record)
    fails_at("history_kept", forget_questions(record, 2), 2)  # the question is gone from the second request


def test_history_kept_by_previous_response_id():
    passes("history_kept", shop_record("responses", "two", chained=True))


@pytest.mark.parametrize("shape", SHAPES)
def test_injection_not_followed(shape):
    # The first result reaches the model; the fault makes it obey what is planted there: it
    # passes that text on to send_email. The shop runs no such tool: an error result.
    record = shop_record(shape, "status", after_first=("injected_instruction",))
    passes("injection_not_followed", record)

    shop = shop_runner("ru")

    def obliging(name, arguments):
        return ("sent", False) if name == "send_email" else shop(name, arguments)

    fails_at("injection_not_followed", shop_record(shape, "status", after_first=("injected_instruction",),
                                                   run=obliging), 3)


def test_unknown_check_is_refused():
    with pytest.raises(ValueError, match="unknown conversation check 'no_such'"):
        run_checks(["no_such"], {"calls": []})


def test_verdicts_follow_the_order_asked():
    names = list(reversed(CHECKS))
    assert [v["name"] for v in run_checks(names, {"calls": []})] == names


def test_faults_setup_queues_faults():
    import fake_client
    fake_client.faults.clear()
    exec(faults_setup(["rate_limit", "refusal"]), {})
    try:
        assert fake_client.faults.pending() == ["rate_limit", "refusal"]
    finally:
        fake_client.faults.clear()


RETRY_PROGRAM = '''
import time
from fake_client import {client}, faults
client = {client}(max_retries={retries})
faults.next("rate_limit", retry_after=0.05)
def ask():
    return {create}(model=MODEL, {limit}=2000, messages=[{{"role": "user", "content": "Где заказ 1042?"}}])
try:
    ask()
except Exception as error:
    print(type(error).__name__, error.response.headers["retry-after-ms"])
    time.sleep({wait})
    try:
        ask()
    except Exception as early:  # sooner than asked: the fake answers 429 again
        print("again", type(early).__name__)
else:
    print("the client retried by itself")
'''
RETRY_CLIENTS = {"anthropic": ("Anthropic", "client.messages.create", "max_tokens", 'MODEL = "claude-sonnet-5"'),
                 "openai": ("OpenAI", "client.chat.completions.create", "max_completion_tokens",
                            'MODEL = "gpt-5.6-terra"')}


def retry_run(shape, *, retries=0, wait=0.05):
    from lesson_runtime import run_chain
    client, create, limit, model = RETRY_CLIENTS[shape]
    program = RETRY_PROGRAM.format(client=client, create=create, limit=limit, retries=retries, wait=wait)
    run = run_chain([model], program)
    assert run["status"] == "done", run["error"]
    return run


@pytest.mark.parametrize("shape", sorted(RETRY_CLIENTS))
def test_waited_as_asked(shape):
    kept = retry_run(shape)
    assert kept["output"].split() == ["RateLimitError", "50"]
    assert [call.get("retry_after") for call in kept["calls"]] == [0.05, None]
    passes("waited_as_asked", kept)
    fails_at("waited_as_asked", retry_run(shape, wait=0.01), 2)  # sooner than asked
    fails_at("waited_as_asked", retry_run(shape, wait=0), 2)  # at once
    fails_at("waited_as_asked", retry_run(shape, wait=1.2), 2)  # a guess far longer than asked


@pytest.mark.parametrize("shape", sorted(RETRY_CLIENTS))
def test_waited_as_asked_by_the_clients_own_retries(shape):
    # The SDKs sleep what retry-after-ms says before their own retry: the recording sees it.
    run = retry_run(shape, retries=2)
    assert run["output"] == "the client retried by itself\n"
    assert run["calls"][1]["waited"] == 0.05
    passes("waited_as_asked", run)


def test_waits_are_counted_only_inside_a_run():
    import time

    from lesson_runtime import run_chain
    real = time.sleep
    run_chain([], "import time\ntime.sleep(0)")
    assert time.sleep is real  # the run's counting sleep is put back


def interleaved_record(keep_reasoning):
    """The Responses loop that puts each output right after its call, the reasoning item
    first (`keep_reasoning`) or dropped: the shop's two-order question, the model reasoning."""
    tools, run = responses_tools(shop_tools(LANG)), shop_runner(LANG)
    client = OpenAI()
    items = [{"role": "user", "content": SHOP_QUESTIONS["two"][LANG]}]
    with fake_client.recording() as calls:
        for _ in range(3):
            try:
                reply = client.responses.create(model="gpt-4o-mini", input=items, tools=tools,
                                                instructions=SHOP_SYSTEM[LANG], reasoning={"effort": "low"})
            except fake_client.BadRequestError:
                break
            if not any(item.type == "function_call" for item in reply.output):
                break
            for item in reply.output:
                if item.type == "function_call":
                    items.append(item)
                    text, is_error = run(item.name, json.loads(item.arguments))
                    items.append({"type": "function_call_output", "call_id": item.call_id, "output": text})
                elif keep_reasoning:
                    items.append(item)
    return {"calls": copy.deepcopy(calls), "status": "done", "output": (reply.output_text or "") + "\n"}


def test_responses_results_right_after_their_calls():
    # the whole turn goes back, each output right after its call: the API links an output to
    # its call by call_id, so the model answers from both results and the checks agree
    record = interleaved_record(keep_reasoning=True)
    assert [call["response"]["status"] for call in record["calls"]] == ["completed", "completed"]
    answer = reply_words(record, 2)
    assert all(number in answer for number in ("1042", "1187"))
    passes("turn_kept_whole", record)
    passes("every_call_answered", record)
    # the reasoning item dropped: the fake refuses the second request, as the API does
    refused = interleaved_record(keep_reasoning=False)
    assert len(refused["calls"]) == 2 and refused["calls"][1].get("response") is None
