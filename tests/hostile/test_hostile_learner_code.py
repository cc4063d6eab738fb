"""Learner code that misbehaves, through ``lesson_runtime.run_chain`` (the function the build
and the browser's worker both call): each case ends as a transcript with a clear status, and
the run after it prints what it prints in a fresh interpreter. A run never leaks into the next.

The cases that kill or hang a whole interpreter go through the build's runner subprocess
(``lesson_builder._runner``), as the build runs them."""

import builtins
import os
import sys
import time

import pytest

import fake_client
import lesson_runtime
from support.hostile_tally import case
from lesson_builder._runner import ChainRunner, RunRequest
from lesson_runtime import run_chain

AREA = "learner code"
# A thread a run left behind is ended with SystemExit once the run is over; pytest's own
# thread hook (unlike Python's) reports that.
pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")

# What every case is followed by: the model, the builtins, the standard library, random.
CLEAN = (
    "from fake_client import Anthropic\n"
    "import json, random, sys, time\n"
    "client = Anthropic()\n"
    "reply = client.messages.create(model='claude-haiku-4-5', max_tokens=50,\n"
    "                               messages=[{'role': 'user', 'content': 'Благодаря!'}])\n"
    "print(reply.content[0].text)\n"
    "print(len('abc'), sorted({3, 1}), json.dumps({'a': 1}), random.random())\n"
    "print(sys.getrecursionlimit(), isinstance(sys.stdout.write('x\\n'), int))\n"
)
EXPECTED_CLEAN = run_chain([], CLEAN)


def interpreter_state() -> dict:
    """What a run must leave as it found it."""
    # Copies taken in one C call: another test's server thread may import a module while this
    # runs, and iterating the live `sys.modules` would then raise "changed size during iteration".
    modules = sys.modules.copy()
    return {
        "builtins": dict(vars(builtins)), "recursion": sys.getrecursionlimit(), "trace": sys.gettrace(),
        "profile": sys.getprofile(), "streams": (sys.stdout, sys.stderr, sys.stdin, sys.__stdout__),
        "fake_client": {name: module for name, module in modules.items() if name.startswith("fake_client")},
        # Without `__warningregistry__`: Python adds it to whatever module's code is running when
        # a warning is issued, also one from the collector finalizing another test's socket.
        "lesson_runtime": {name: (module, {key: value for key, value in vars(module).copy().items()
                                           if key != "__warningregistry__"})
                           for name, module in modules.items() if name.startswith("lesson_runtime")},
        "anthropic": dict(vars(fake_client.Anthropic)), "cwd": os.getcwd(), "environ": dict(os.environ),
        "path": list(sys.path), "main": modules["__main__"],
    }


def assert_state_kept(before: dict) -> None:
    after = interpreter_state()
    for key, value in before.items():
        assert after[key] == value, f"{key} changed"


def hostile(code: str, *, setup=(), timeout: float = 2.0, **options) -> dict:
    """Run ``code``; then the interpreter must be as before and the clean program print as ever."""
    before = interpreter_state()
    transcript = run_chain(list(setup), code, timeout=timeout, **options)
    assert_state_kept(before)
    assert run_chain([], CLEAN) == EXPECTED_CLEAN
    return transcript


def test_the_clean_program_is_a_real_run():
    assert EXPECTED_CLEAN["status"] == "done" and len(EXPECTED_CLEAN["calls"]) == 1
    assert EXPECTED_CLEAN["output"].splitlines()[1].startswith("3 [1, 3] {\"a\": 1} 0.84")
    assert EXPECTED_CLEAN["output"].splitlines()[2:] == ["x", "1000 True"]


ENDS = {
    # name: (code, status, what the output or error must show)
    "endless loop": ("while True:\n    pass", "timeout", "the run did not finish within 0.5 s"),
    "endless one-line loop": ("while True: pass", "timeout", "the run did not finish within 0.5 s"),
    "bare except swallows the time limit": (
        "while True:\n    try:\n        while True:\n            len('x')\n    except:\n        pass",
        "timeout", "the run did not finish"),
    "except BaseException swallows it": (
        "n = 0\nwhile True:\n    try:\n        n += 1\n    except BaseException:\n        print('swallowed')",
        "timeout", "the run did not finish"),
    "time.sleep(100) with a short time limit": ("import time\ntime.sleep(100)\nprint('woke')", "timeout",
                                                "the run did not finish within 0.5 s"),
    "sleep in slices in a loop": ("import time\nwhile True:\n    time.sleep(0.05)", "timeout", "within 0.5 s"),
    "input()": ("name = input('name: ')", "error", "EOFError: EOF when reading a line"),
    "reading all of stdin": ("import sys\nprint(repr(sys.stdin.read()))", "done", "''"),
    "sys.exit()": ("import sys\nprint('bye')\nsys.exit()", "done", "bye"),
    "sys.exit(3)": ("import sys\nsys.exit(3)", "error", "3"),
    "raise SystemExit": ("raise SystemExit('leaving')", "error", "leaving"),
    "the exit() builtin": ("exit(0)", "done", ""),
    "raise KeyboardInterrupt": ("raise KeyboardInterrupt", "stopped", ""),
    "a plain runaway recursion": ("def f(n):\n    return f(n + 1)\nf(0)", "error",
                                  "[Previous line repeated 994 more times]"),
    "runaway recursion under setrecursionlimit(10**6)": (
        "import sys\nsys.setrecursionlimit(10**6)\ndef f(n):\n    return f(n + 1)\nf(0)", "error",
        "sys.setrecursionlimit(1000000) was lowered to 3000"),
    "recursion through __repr__": ("class A:\n    def __repr__(self):\n        return repr(self)\nrepr(A())",
                                   "error", "RecursionError: maximum recursion depth exceeded"),
    "a very low recursion limit": ("import sys\nsys.setrecursionlimit(5)\ndef f(n):\n    return f(n + 1)\nf(0)",
                                   "error", "RecursionError"),
    "an exception whose str() raises": (
        "class Odd(Exception):\n    def __str__(self):\n        raise RuntimeError('no')\nraise Odd()",
        "error", "Odd: <exception str() failed>"),
    "a lone surrogate printed": ("print('\\ud800')", "error", "UnicodeEncodeError"),
    "a lone surrogate in a message": ("raise ValueError('a\\ud800b')", "error", "ValueError: a\ufffdb"),
    "a null byte in the code": ("x = 1\0", "error", "SyntaxError"),
    "deeply nested brackets": ("x = " + "[" * 5000 + "]" * 5000, "error", "SyntaxError"),
    "exception in a thread": (
        "import threading\ndef work():\n    raise ValueError('in a thread')\n"
        "t = threading.Thread(target=work)\nt.start()\nt.join()\nprint('main goes on')",
        "done", "Exception in thread Thread-1 (work):\nTraceback (most recent call last):\n"
                "  File \"<snippet>\", line 3\n    raise ValueError('in a thread')\nValueError: in a thread\n"
                "main goes on"),
    "a thread that never ends": (
        "import threading\ndef spin():\n    while True:\n        pass\n"
        "threading.Thread(target=spin, daemon=True).start()\nprint('started')", "done", "started"),
}


@pytest.mark.parametrize("name", list(ENDS))
def test_each_ending_is_a_transcript_and_the_next_run_is_clean(name):
    code, status, shows = ENDS[name]
    # Only the endings that are the time limit get a short one: a garbage collection of the
    # test process's large heap (0.5 s) must not turn a RecursionError into a timeout.
    limit = 0.5 if status == "timeout" else 10
    with case(AREA):
        started = time.monotonic()
        transcript = hostile(code, timeout=limit)
        assert time.monotonic() - started < 30  # a hang guard, not a timing
        assert transcript["status"] == status, transcript
        assert shows in transcript["output"] + (transcript["error"] or {}).get("message", ""), transcript
        assert "lesson_runtime" not in transcript["output"] and "/" not in "".join(
            line for line in transcript["output"].splitlines() if line.startswith("  File"))


def test_a_runaway_recursion_is_folded_like_cpython_folds_it():
    with case(AREA):
        transcript = hostile("def f(n):\n    return f(n + 1)\nf(0)")
        assert transcript["output"] == (
            "Traceback (most recent call last):\n"
            '  File "<snippet>", line 3\n    f(0)\n'
            + '  File "<snippet>", line 2\n    return f(n + 1)\n' * 3
            + "  [Previous line repeated 994 more times]\n"
            '  File "<snippet>", line 1\n    def f(n):\n'
            "RecursionError: maximum recursion depth exceeded\n")
        assert transcript["error"] == {"type": "RecursionError", "message": "maximum recursion depth exceeded",
                                       "line": 1}


def test_ten_megabytes_of_output_are_cut_at_the_limit():
    with case(AREA):
        transcript = hostile("for _ in range(10_000):\n    print('x' * 1000)")
        assert transcript["status"] == "done"
        limit = lesson_runtime._capture.OUTPUT_LIMIT
        assert transcript["output"].startswith("x" * 1000 + "\n")
        assert transcript["output"].endswith(f"[output cut: the program printed more than {limit} characters]\n")
        assert limit < len(transcript["output"]) < limit + 200


def test_an_endless_print_loop_is_cut_and_times_out():
    with case(AREA):
        transcript = hostile("while True:\n    print('again and again')", timeout=0.5)
        assert transcript["status"] == "timeout"
        assert len(transcript["output"]) < lesson_runtime._capture.OUTPUT_LIMIT + 200


def test_the_traceback_is_shown_even_after_the_output_was_cut():
    with case(AREA):
        transcript = hostile("print('y' * 200_000)\n1/0")
        assert transcript["output"].endswith("ZeroDivisionError: division by zero\n")


def test_a_thread_that_prints_after_its_run_never_reaches_the_next_run():
    with case(AREA):
        late = ("import threading, time\n"
                "def later():\n    time.sleep(0.3)\n    print('late line from an old run')\n"
                "threading.Thread(target=later).start()\nprint('first')")
        assert hostile(late)["output"] == "first\n"
        transcript = run_chain([], "import time\ntime.sleep(0.8)\nprint('second')")
        assert transcript["output"] == "second\n"


TAMPERING = {
    "builtins.print replaced": "import builtins\nbuiltins.print = lambda *a, **k: None",
    "builtins.len deleted": "import builtins\ndel builtins.len",
    "every builtin deleted": "import builtins\nbuiltins.__dict__.clear()",
    "a builtin added": "import builtins\nbuiltins.leftover = 42",
    "fake_client deleted from sys.modules": "import sys\nfor name in list(sys.modules):\n"
                                            "    if name.startswith('fake_client'):\n        del sys.modules[name]",
    "fake_client replaced by None": "import sys\nsys.modules['fake_client'] = None",
    "fake_client replaced by a fake": "import sys, types\nsys.modules['fake_client'] = types.ModuleType('fake_client')",
    "fake_client re-imported fresh": "import sys\ndel sys.modules['fake_client']\nimport fake_client\n"
                                     "fake_client.Anthropic = None",
    "fake_client.Anthropic replaced": "import fake_client\nfake_client.Anthropic = lambda **k: None",
    "a method of the client replaced": "import fake_client\nfake_client.Anthropic.__init__ = lambda self: None",
    "a function's code replaced": "import fake_client._tokens as t\nt.estimate_tokens.__code__ = (lambda text: 0).__code__",
    "a function's defaults replaced": "import fake_client\nfake_client.Anthropic.__init__.__kwdefaults__ = None",
    "json.dumps replaced": "import json\njson.dumps = None\njson.loads = None",
    "random.seed replaced": "import random\nrandom.seed = None\nrandom.random = lambda: 0.5",
    "time.monotonic replaced": "import time\ntime.monotonic = lambda: 0.0",
    "lesson_runtime.run_chain replaced": "import lesson_runtime\nlesson_runtime.run_chain = None",
    "lesson_runtime's internals replaced": (
        "import lesson_runtime._run as r, lesson_runtime._isolation as i, lesson_runtime._capture as c\n"
        "r._execute = lambda *a: None\ni._restore_rest = None\nc.StreamToLog.write = lambda self, text: 0\n"
        "r.BaseException = KeyError\nr.sys = None"),
    "lesson_runtime removed from sys.modules": "import sys\nsys.modules['lesson_runtime'] = None",
    "sys.stdout set to None": "import sys\nsys.stdout = None\nsys.stderr = None",
    "sys.stdout closed": "import sys\nsys.stdout.close()",
    "sys.__stdout__ replaced": "import sys, io\nsys.__stdout__ = io.StringIO()\nsys.__stderr__ = None",
    "sys.setrecursionlimit replaced": "import sys\nsys.setrecursionlimit = None\nsys.getrecursionlimit = lambda: 7",
    "sys.path emptied": "import sys\nsys.path.clear()\nsys.meta_path.clear()",
    "the working directory changed": "import os\nos.chdir('/')",
    "the environment changed": "import os\nos.environ['LESSON_LEFTOVER'] = '1'\nos.environ.pop('PATH', None)",
    "warnings made errors": "import warnings\nwarnings.simplefilter('error')",
    "the garbage collector off": "import gc\ngc.disable()",
    "a profile and trace hook set": "import sys\nsys.setprofile(lambda *a: None)\nsys.settrace(None)",
    "decimal precision changed": "import decimal\ndecimal.getcontext().prec = 2",
    "SIGINT ignored": "import signal\nsignal.signal(signal.SIGINT, signal.SIG_IGN)",
    "int digit limit lowered": "import sys\nsys.set_int_max_str_digits(640)",
    "__main__ kept": "import sys\nsys.modules['kept_main'] = sys.modules['__main__']",
}


@pytest.mark.parametrize("name", list(TAMPERING))
def test_tampering_with_the_interpreter_does_not_reach_the_next_run(name):
    with case(AREA):
        transcript = hostile(TAMPERING[name])
        assert transcript["status"] in ("done", "error"), transcript


def test_a_print_replaced_in_a_setup_snippet_is_undone_too():
    with case(AREA):
        transcript = hostile("print('shown?')", setup=["import builtins\nbuiltins.print = lambda *a, **k: None"])
        assert transcript["output"] == ""  # within its own run the change holds, as in Python


def test_fake_client_tampered_inside_the_run_only_changes_that_run():
    with case(AREA):
        transcript = hostile("import fake_client\nfake_client.Anthropic = None\nfake_client.Anthropic()")
        assert transcript["error"]["type"] == "TypeError"


@pytest.fixture
def runner(tmp_path):
    """The build's runner (one subprocess per group), with a short grace and its own cache."""
    return ChainRunner(tmp_path, tmp_path / "cache", workers=1, grace=2.0)


def test_os_exit_and_a_kill_are_reported_and_the_chains_after_them_run(runner, tmp_path):
    codes = ["print('before')", "import os\nos._exit(0)", "print('between')",
             "import os, signal\nos.kill(os.getpid(), signal.SIGKILL)", "print('after')"]
    requests = [RunRequest((), code, 5.0) for code in codes]
    with case(AREA):
        results = runner.run_groups([requests])
        assert [results[r]["output"] for r in requests[::2]] == ["before\n", "between\n", "after\n"]
        for request, how in ((requests[1], "exited with status 0"), (requests[3], "was killed by SIGKILL")):
            error = results[request]["error"]
            assert results[request]["status"] == "error" and error["type"] == "RunnerCrashed"
            assert how in error["message"] and "Traceback" not in results[request]["output"]
        # a crashed run is not cached: the next build runs it again (the machine may be at fault)
        assert len(list((tmp_path / "cache").glob("*.json"))) == 3


def test_the_runners_pipe_is_its_own_whatever_the_code_prints_or_reads(runner):
    codes = ["import sys\nprint('{\"key\": 1}', file=sys.__stdout__)\nsys.__stdout__.flush()\nprint('mine')",
             "import os\nos.write(1, b'not json\\n')\nprint('still mine')",
             "import sys\nprint(repr(sys.__stdin__.read()))",
             "import sys\nsys.__stderr__.write('noise ' * 100_000)\nprint('quiet')",
             "raise ValueError('a\\ud800b')"]
    requests = [RunRequest((), code, 5.0) for code in codes]
    with case(AREA):
        results = runner.run_groups([requests])
        assert [results[r]["output"] for r in requests[:4]] == ["mine\n", "still mine\n", "''\n", "quiet\n"]
        assert results[requests[4]]["error"] == {"type": "ValueError", "message": "a\ufffdb", "line": 1}


def test_a_loop_that_swallows_every_stop_is_ended_by_the_runner(runner):
    request = RunRequest((), "while True:\n    try:\n        while True:\n            pass\n    except:\n        pass", 1.0)
    after = RunRequest((), "print('next')", 5.0)
    with case(AREA):
        results = runner.run_groups([[request, after]])
        assert results[request]["status"] == "timeout"
        assert "stopped by the build" in results[request]["error"]["message"]
        assert results[after]["output"] == "next\n"
