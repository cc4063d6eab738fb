"""lesson_runtime.run_chain: the transcript contract of ARCHITECTURE.md, in CPython."""

import sys
import time

import pytest

import lesson_runtime
from lesson_runtime import outputs_match, run_chain


def test_prints_become_output_and_a_done_status():
    transcript = run_chain([], 'print("Поръчка", 1042)\nprint("готово")\n')
    assert transcript == {
        "output": "Поръчка 1042\nготово\n",
        "chunks": [["stdout", "Поръчка 1042\nготово\n"]],
        "status": "done",
        "error": None,
        "calls": [],
    }


def test_setup_runs_first_in_the_same_namespace_with_its_output_discarded():
    transcript = run_chain(['orders = {"1042": "shipped"}\nprint("setup noise")', 'extra = 1'],
                           'print(orders["1042"], extra)')
    assert transcript["output"] == "shipped 1\n"


def test_each_call_starts_from_a_fresh_namespace():
    run_chain([], "leftover = 1")
    transcript = run_chain([], "print(leftover)")
    assert transcript["status"] == "error"
    assert transcript["error"]["type"] == "NameError"


def test_snippet_runs_as_main_module():
    code = (
        "from dataclasses import dataclass\n"
        "@dataclass\n"
        "class Order:\n"
        "    number: 'str'\n"
        "if __name__ == '__main__':\n"
        "    print(Order('1042'))\n"
    )
    assert run_chain([], code)["output"] == "Order(number='1042')\n"


def test_stdout_and_stderr_keep_their_order_and_are_told_apart():
    code = "import sys\nprint('a')\nprint('b', 'c')\nprint('oops', file=sys.stderr)\nprint('d')\n"
    transcript = run_chain([], code)
    assert transcript["chunks"] == [["stdout", "a\nb c\n"], ["stderr", "oops\n"], ["stdout", "d\n"]]
    assert transcript["output"] == "a\nb c\noops\nd\n"


def test_output_is_streamed_to_the_callback_as_it_is_written():
    seen = []
    run_chain([], "import sys\nprint('x')\nsys.stderr.write('y')\n", on_output=lambda s, t: seen.append((s, t)))
    assert "".join(t for s, t in seen if s == "stdout") == "x\n"
    assert ("stderr", "y") in seen


def test_uncaught_exception_gives_a_traceback_of_snippet_frames_only():
    code = "import json\ndef parse(text):\n    return json.loads(text)\nprint('before')\nparse('{')\n"
    transcript = run_chain([], code)
    assert transcript["status"] == "error"
    assert transcript["output"] == (
        "before\n"
        "Traceback (most recent call last):\n"
        '  File "<snippet>", line 5\n'
        "    parse('{')\n"
        '  File "<snippet>", line 3\n'
        "    return json.loads(text)\n"
        "JSONDecodeError: Expecting property name enclosed in double quotes: line 1 column 2 (char 1)\n"
    )
    assert transcript["chunks"][-1][0] == "stderr"
    assert transcript["error"] == {
        "type": "JSONDecodeError",
        "message": "Expecting property name enclosed in double quotes: line 1 column 2 (char 1)",
        "line": 3,
    }


def test_frames_of_continued_snippets_are_named_setup():
    transcript = run_chain(["def check(n):\n    if n > 9000:\n        raise ValueError(f'няма поръчка {n}')"],
                           "check(9999)")
    assert transcript["output"] == (
        "Traceback (most recent call last):\n"
        '  File "<snippet>", line 1\n'
        "    check(9999)\n"
        '  File "<setup-1>", line 3\n'
        "    raise ValueError(f'няма поръчка {n}')\n"
        "ValueError: няма поръчка 9999\n"
    )
    assert transcript["error"]["line"] == 1


def test_chained_exceptions_are_shown_like_python_shows_them():
    code = "try:\n    {}['id']\nexcept KeyError as missing:\n    raise LookupError('no id') from missing\n"
    assert run_chain([], code)["output"] == (
        "Traceback (most recent call last):\n"
        '  File "<snippet>", line 2\n'
        "    {}['id']\n"
        "KeyError: 'id'\n"
        "\nThe above exception was the direct cause of the following exception:\n\n"
        "Traceback (most recent call last):\n"
        '  File "<snippet>", line 4\n'
        "    raise LookupError('no id') from missing\n"
        "LookupError: no id\n"
    )


def test_exception_without_message_prints_only_its_type():
    assert run_chain([], "raise StopIteration")["output"].endswith("\nStopIteration\n")


def test_syntax_error_names_the_line_without_a_caret():
    transcript = run_chain([], "x = 1\nprint(x\n")
    assert transcript["status"] == "error"
    assert transcript["error"]["type"] == "SyntaxError"
    assert transcript["error"]["line"] == 2
    assert transcript["output"].startswith('  File "<snippet>", line 2\n    print(x\nSyntaxError: ')
    assert "^" not in transcript["output"]


def test_the_same_snippet_run_again_starts_afresh_and_fails_the_same_way():
    # Snippets are compiled once per build process: running the code object again must not
    # carry state over, nor change how its errors read.
    code = "seen = []\nseen.append(1)\nprint(seen)\nraise KeyError('id')\n"
    first, again = run_chain([], code), run_chain([], code)
    assert first == again
    assert first["output"].startswith("[1]\nTraceback (most recent call last):\n")
    broken = "print(1\n"
    assert run_chain([], broken) == run_chain([], broken)
    assert run_chain([], broken)["error"]["type"] == "SyntaxError"


@pytest.mark.parametrize("code", [
    "while True: pass",
    "while True:\n    pass",
    "import itertools\nfor _ in itertools.count(): pass",
    "import itertools\n[n for n in itertools.count() if n < 0]",
    "while True:\n    try:\n        pass\n    except Exception:\n        pass",
])
def test_endless_loop_ends_with_timeout_status(code):
    started = time.monotonic()
    transcript = run_chain([], "print('start')\n" + code, timeout=0.3)
    assert time.monotonic() - started < 2
    assert transcript["status"] == "timeout"
    assert transcript["output"] == "start\n"  # status text is not output
    assert transcript["error"]["type"] == "Timeout"
    assert transcript["error"]["message"] == "the run did not finish within 0.3 s"


def test_timeout_covers_a_loop_in_a_continued_snippet():
    transcript = run_chain(["def spin():\n    while True: pass"], "spin()", timeout=0.3)
    assert transcript["status"] == "timeout"
    assert transcript["error"]["line"] == 1


def test_loops_that_finish_are_not_stopped_and_stay_reasonably_fast():
    started = time.monotonic()
    transcript = run_chain([], "total = 0\nfor n in range(200_000):\n    total += n\nprint(total)")
    assert transcript["output"] == "19999900000\n"
    assert time.monotonic() - started < 3


def test_random_is_reseeded_for_every_run():
    code = "import random\nprint(random.randint(1, 10**9), random.random())"
    first = run_chain([], code)["output"]
    run_chain([], "import random\nrandom.random()")
    assert run_chain([], code)["output"] == first


def test_input_does_not_block():
    transcript = run_chain([], "input('номер: ')")
    assert transcript["error"]["type"] == "EOFError"


@pytest.mark.parametrize("code, status, output", [
    ("import sys\nprint('a')\nsys.exit()", "done", "a\n"),
    ("import sys\nsys.exit(0)", "done", ""),
    ("import sys\nsys.exit('stopped early')", "error", "stopped early\n"),
    ("import sys\nsys.exit(3)", "error", ""),
])
def test_sys_exit_ends_the_run_like_a_script(code, status, output):
    transcript = run_chain([], code)
    assert (transcript["status"], transcript["output"]) == (status, output)


def test_keyboard_interrupt_means_stopped():
    transcript = run_chain([], "print('a')\nraise KeyboardInterrupt")
    assert transcript["status"] == "stopped"
    assert transcript["output"] == "a\n"


def test_interpreter_state_is_restored_after_every_kind_of_ending():
    main, stdout, stderr, stdin, trace = sys.modules["__main__"], sys.stdout, sys.stderr, sys.stdin, sys.gettrace()
    for code in ["print(1)", "1/0", "while True: pass", "import sys; sys.exit(2)", "raise KeyboardInterrupt"]:
        run_chain([], code, timeout=0.2)
        assert sys.modules["__main__"] is main
        assert (sys.stdout, sys.stderr, sys.stdin) == (stdout, stderr, stdin)
        assert sys.gettrace() is trace


def test_a_package_module_first_imported_between_runs_is_put_back_too(monkeypatch):
    """What a run may change is worked out once and kept while the packages' modules stay the
    same: a submodule that appears later (a first import) is protected from its next run on."""
    import types

    assert run_chain([], "print(1)")["status"] == "done"  # what to protect is known now
    late = types.ModuleType("fake_client._late_for_test")

    def answer(text="as shipped"):
        return text

    answer.__module__ = late.__name__
    late.answer, late.LIMIT = answer, 3
    monkeypatch.setitem(sys.modules, late.__name__, late)
    code = ("import sys\nlate = sys.modules['fake_client._late_for_test']\n"
            "late.LIMIT = 99\nlate.answer.__defaults__ = ('changed',)\nprint(late.answer(), late.LIMIT)")
    assert run_chain([], code)["output"] == "changed 99\n"
    assert (late.answer(), late.LIMIT) == ("as shipped", 3)


def test_transcript_is_json_plain():
    import json

    transcript = run_chain([], "import sys\nprint('x')\nprint('y', file=sys.stderr)\n1/0")
    assert json.loads(json.dumps(transcript)) == transcript


@pytest.mark.parametrize("actual, expected, same", [
    ("a\nb\n", "a\nb", True),
    ("a\nb  \n\n", "a\nb", True),
    ("a \nb", "a\nb", False),
    (" a\nb", "a\nb", False),
    ("a\nb", "a\nc", False),
])
def test_outputs_match_trims_trailing_whitespace_only(actual, expected, same):
    assert outputs_match(actual, expected) is same


SHOP_SETUP = (
    "from fake_client import Anthropic\n"
    "client = Anthropic()\n"
    "TOOLS = [{'name': 'get_order_status', 'description': 'Статус на поръчка. Ползвай го, когато клиентът пита.',\n"
    "          'input_schema': {'type': 'object', 'properties': {'order_id': {'type': 'string'}},\n"
    "                           'required': ['order_id']}}]\n"
    "first = client.messages.create(model='claude-haiku-4-5', max_tokens=50,\n"
    "                               messages=[{'role': 'user', 'content': 'Здравей!'}])\n"
)


def test_calls_are_the_snippets_own_fake_client_calls_as_wire_json():
    code = ("r = client.messages.create(model='claude-haiku-4-5', max_tokens=50, tools=TOOLS,\n"
            "                           messages=[{'role': 'user', 'content': 'Къде е поръчка 1042?'}])\n"
            "print(r.stop_reason)\n")
    transcript = run_chain([SHOP_SETUP], code)
    assert transcript["output"] == "tool_use\n"
    assert len(transcript["calls"]) == 1  # the setup's call is not the snippet's
    call = transcript["calls"][0]
    assert call["api"] == "anthropic" and call["error"] is None
    assert call["request"]["messages"][0]["content"] == "Къде е поръчка 1042?"
    assert [block["type"] for block in call["response"]["content"]] == ["text", "tool_use"]
    assert call["response"]["content"][1]["input"] == {"order_id": "1042"}
    assert call["response"]["usage"]["input_tokens"] > 0


def test_api_errors_show_only_the_snippets_frames():
    code = ("messages = [{'role': 'user', 'content': 'Къде е поръчка 1042?'},\n"
            "            {'role': 'user', 'content': [{'type': 'tool_result', 'tool_use_id': 'x', 'content': 'y'}]}]\n"
            "client.messages.create(model='claude-haiku-4-5', max_tokens=50, tools=TOOLS, messages=messages)\n")
    transcript = run_chain([SHOP_SETUP], code)
    assert transcript["status"] == "error"
    assert transcript["error"]["type"] == "BadRequestError" and transcript["error"]["line"] == 3
    assert transcript["output"].startswith(
        'Traceback (most recent call last):\n  File "<snippet>", line 3\n'
        "    client.messages.create(model='claude-haiku-4-5', max_tokens=50, tools=TOOLS, messages=messages)\n"
        "BadRequestError: 400 messages.1.content.0: unexpected `tool_use_id`")
    assert "fake_client" not in transcript["output"]
    assert transcript["calls"][0]["error"] is not None and transcript["calls"][0]["response"] is None


def test_public_names_are_pinned():
    assert sorted(lesson_runtime.__all__) == ["SNIPPET_FILENAME", "WARM_UP_CHAINS", "normalise_output", "outputs_match",
                                              "run_chain", "same_run", "setup_filename", "warm_up"]


# A chain that shows what a run could inherit: ids, random numbers, the fake model's answers
# in two languages, a tool loop, a traceback.
_TELLING_CHAIN = (["import json, random\nfrom fake_client import Anthropic, OpenAI"], """
print(random.random())
client = Anthropic()
reply = client.messages.create(model="claude-sonnet-5", max_tokens=200,
                               messages=[{"role": "user", "content": "Къде е поръчка 1042?"}],
                               tools=[{"name": "get_order_status", "description": "Статус на поръчка",
                                       "input_schema": {"type": "object", "properties": {"order_id": {"type": "string"}}}}])
print(reply)
print(OpenAI().chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": "订单1042什么时候到？"}]))
1 / 0
""")


def _in_a_new_interpreter(warm: bool) -> dict:
    import json
    import subprocess
    program = ("import json, sys, lesson_runtime\n"
               + ("lesson_runtime.warm_up()\n" if warm else "")
               + "setup, code = json.loads(sys.stdin.read())\n"
               + "print(json.dumps(lesson_runtime.run_chain(setup, code)))\n")
    result = subprocess.run([sys.executable, "-c", program], input=json.dumps(_TELLING_CHAIN), capture_output=True,
                            text=True, check=True)
    return json.loads(result.stdout)


def test_the_warm_up_leaves_nothing_a_run_could_tell():
    assert len(lesson_runtime.WARM_UP_CHAINS) > 5
    cold, warmed = _in_a_new_interpreter(warm=False), _in_a_new_interpreter(warm=True)
    assert cold["status"] == "error" and "ZeroDivisionError" in cold["output"] and "msg_" in cold["output"]
    assert warmed == cold


# Garbage a run leaves, each way it can be held: freed by the collector at some later moment,
# it would warn (or print) into whatever run is going on then. Also run in Pyodide
# (tests/unit/test_lesson_runtime_pyodide.py).
LEFT_GARBAGE = {
    # held by a cycle through the run's globals (its functions point back to them)
    "a coroutine in the globals": "async def one_by_one():\n    pass\n\ncoroutine = one_by_one()\n",
    # reachable from nothing once deleted: only a collection of the whole heap finds it
    "a coroutine in a cycle let go": "async def one_by_one():\n    pass\n\nclass Box:\n    pass\n\n"
                                     "box = Box()\nbox.me = box\nbox.coroutine = one_by_one()\ndel box\n",
    "a generator in a cycle let go": "def numbers():\n    try:\n        yield 1\n    finally:\n"
                                     "        print('closed late')\n\nclass Box:\n    pass\n\n"
                                     "box = Box()\nbox.me = box\nbox.numbers = numbers()\nnext(box.numbers)\n"
                                     "del box\n",
}
# The next run collects the garbage itself: a learner's gc.collect(), or the interpreter's own
# collection that a new lesson's allocations move into it.
COLLECTS = "import gc\ngc.collect()\nprint('quiet')\n"


@pytest.mark.parametrize("name", list(LEFT_GARBAGE))
def test_garbage_a_run_leaves_never_speaks_in_a_later_run(name):
    # The collector is off here, so that the later run's own collection is the one.
    import gc
    import warnings

    gc.disable()
    try:
        run_chain([], LEFT_GARBAGE[name])
        with warnings.catch_warnings(record=True) as issued:  # pytest would keep them from the output
            warnings.simplefilter("always")
            later = run_chain([], COLLECTS)
    finally:
        gc.enable()
    # Only this test's coroutine: the test process may hold other garbage (sockets of earlier
    # tests) that the later run's collection frees too.
    assert [str(warning.message) for warning in issued if "one_by_one" in str(warning.message)] == []
    assert later["output"] == "quiet\n"


# The page's language: run_chain(..., lang=) tells fake_client for the run, and only for it.

_ASK = ("from fake_client import Anthropic\n"
        "reply = Anthropic().messages.create(model='claude-haiku-4-5', max_tokens=100,\n"
        "    messages=[{'role': 'user', 'content': 'Нужна помощь'}])\n"  # no Russian-only letter or word
        "print(reply.content[0].text)\n")


def _help(lang):
    from fake_client.locales import phrase
    return phrase(lang, "chat.help") + "\n"


def test_a_run_answers_in_the_page_language_it_is_given():
    assert run_chain([], _ASK, lang="ru")["output"] == _help("ru")
    assert run_chain([], _ASK, lang="uk")["output"] == _help("uk")
    assert run_chain([], _ASK)["output"] == _help("bg")  # nothing says: guessed


def test_the_page_language_covers_the_setup_snippets_too():
    setup = _ASK.replace("print(reply.content[0].text)\n", "first = reply.content[0].text\n")
    transcript = run_chain([setup], "print(first)", lang="ru")
    assert transcript["output"] == _help("ru")


def test_the_page_language_ends_with_its_run():
    import fake_client
    from fake_client._language import current_page_language

    run_chain([], _ASK, lang="ru")
    assert current_page_language() is None
    # a run that sets one by hand does not leave it to the next run
    run_chain([], "from fake_client import _language\n_language._PAGE.set('zh')\n", lang="ru")
    assert current_page_language() is None
    run_chain([], "import fake_client\nfake_client.page_language('uk').__enter__()\n")
    assert current_page_language() is None
    assert run_chain([], _ASK)["output"] == _help("bg")
    assert fake_client.page_language.__module__ == "fake_client._language"


def test_faults_left_pending_do_not_reach_the_next_run():
    # An exercise queues faults in its setup; what the learner's program did not meet is gone
    # when the run ends, and a run starts with none queued by whatever ran before it.
    queued = '__import__("fake_client").faults.next("refusal")'
    first = run_chain([queued], "import fake_client\nprint(fake_client.faults.pending())\n"
                                "fake_client.faults.next('rate_limit')")
    assert first["output"] == "['refusal']\n"
    second = run_chain([], "import fake_client\nprint(fake_client.faults.pending())")
    assert second["output"] == "[]\n"
