"""lesson_runtime in real Pyodide (Python 3.14, the npm package the site ships, run by Node):
the same transcripts as CPython 3.11, edge cases included (timeouts, tracebacks, syntax errors),
and no run leaking into the next in one interpreter (as in the browser's shared worker)."""

import pytest
from support.pyodide_host import SKIP_REASON, pyodide_available, run_chains

from test_lesson_runtime import COLLECTS, LEFT_GARBAGE

from lesson_runtime import run_chain

CASES = {
    "prints": ([], "print('a', 1)\nimport sys\nprint('b', file=sys.stderr)\nprint('c')"),
    "one-line-loop": ([], "print('start')\nwhile True: pass"),
    "comprehension-loop": ([], "import itertools\n[n for n in itertools.count() if n < 0]"),
    "traceback-through-setup": (["def check(n):\n    raise ValueError(f'няма {n}')"], "x = 1\ncheck(9999)"),
    "chained": ([], "try:\n    {}['id']\nexcept KeyError as e:\n    raise LookupError('no id') from e"),
    "syntax-error": ([], "x = (\n"),
    "random": ([], "import random\nprint(random.randint(1, 10**9))"),
    "sys-exit": ([], "import sys\nsys.exit('bye')"),
    "input": ([], "input('?')"),
    "fake-client-error": ([], "from fake_client import Anthropic\nAnthropic().messages.create(model='claude-haiku-4-5', "
                              "max_tokens=5, messages=[{'role': 'assistant', 'content': 'hi'}])"),
}


@pytest.fixture(scope="module")
def in_pyodide():
    if not pyodide_available():
        pytest.skip(SKIP_REASON)
    jobs = [{"setup": setup, "code": code, "timeout": 0.5} for setup, code in CASES.values()]
    return dict(zip(CASES, run_chains(jobs)))


@pytest.mark.parametrize("name", list(CASES))
def test_pyodide_transcript_equals_cpython(in_pyodide, name):
    setup, code = CASES[name]
    assert in_pyodide[name] == run_chain(setup, code, timeout=0.5)


# Each of these changes the interpreter; the run after it must print what it prints in a
# fresh one. In the browser one worker runs every page of a visit.
TAMPERING = {
    "print replaced": "import builtins\nbuiltins.print = lambda *a, **k: None",
    "runaway recursion under setrecursionlimit(10**6)":
        "import sys\nsys.setrecursionlimit(10**6)\ndef f(n):\n    return f(n + 1)\nf(0)",
    "fake_client deleted": "import sys\nfor name in list(sys.modules):\n    if name.startswith('fake_client'):\n"
                           "        del sys.modules[name]",
    "fake_client's client replaced": "import fake_client\nfake_client.Anthropic = None",
    "lesson_runtime tampered with": "import lesson_runtime, lesson_runtime._capture as c\n"
                                    "lesson_runtime.run_chain = None\nc.StreamToLog.write = lambda self, text: 0",
    "every builtin deleted": "import builtins\nbuiltins.__dict__.clear()",
    "stdout replaced": "import sys\nsys.stdout = None\nsys.__stdout__ = None",
    "a swallowed time limit": "while True:\n    try:\n        while True:\n            len('x')\n    except:\n        pass",
    "time.sleep(100)": "import time\ntime.sleep(100)",
}
# The runs that end by the time limit get a short one; the others a long one, since a loaded
# machine can take more than a second over a run that ends by itself (the first one warms up).
TIME_LIMITED = {"a swallowed time limit", "time.sleep(100)"}


def _limit(name):
    return 1 if name in TIME_LIMITED else 10


CLEAN = ("from fake_client import Anthropic\nimport random, sys\n"
         "reply = Anthropic().messages.create(model='claude-haiku-4-5', max_tokens=50, "
         "messages=[{'role': 'user', 'content': 'Благодаря!'}])\n"
         "print(reply.content[0].text, len('abc'), random.random(), sys.getrecursionlimit())\n"
         "def f(n):\n    return f(n + 1)\nf(0)")


@pytest.fixture(scope="module")
def tampering_in_pyodide():
    if not pyodide_available():
        pytest.skip(SKIP_REASON)
    jobs = [{"setup": [], "code": code, "timeout": limit} for name in TAMPERING
            for code, limit in ((TAMPERING[name], _limit(name)), (CLEAN, 10))]
    transcripts = run_chains(jobs)
    return {name: (transcripts[2 * i], transcripts[2 * i + 1]) for i, name in enumerate(TAMPERING)}


@pytest.mark.parametrize("name", list(TAMPERING))
def test_a_run_does_not_leak_into_the_next_in_pyodide(tampering_in_pyodide, name):
    tampered, after = tampering_in_pyodide[name]
    clean = run_chain([], CLEAN, timeout=10)
    assert clean["status"] == "error" and "[Previous line repeated 994 more times]" in clean["output"]
    assert after == clean
    assert tampered == run_chain([], TAMPERING[name], timeout=_limit(name))


@pytest.mark.parametrize("name", list(LEFT_GARBAGE))
def test_garbage_a_run_leaves_never_speaks_in_a_later_run_in_pyodide(name):
    # One interpreter, as the browser's worker: the later run's collection would free the
    # earlier run's garbage, and its warning or print would land in the later output.
    if not pyodide_available():
        pytest.skip(SKIP_REASON)
    left, later = run_chains([{"setup": [], "code": code, "timeout": 2} for code in (LEFT_GARBAGE[name], COLLECTS)])
    assert left["status"] == "done"
    assert later["output"] == "quiet\n"


def test_the_page_language_reaches_fake_client_in_pyodide_and_ends_with_its_run():
    if not pyodide_available():
        pytest.skip(SKIP_REASON)
    from test_lesson_runtime import _ASK
    jobs = [{"setup": [], "code": _ASK, "timeout": 5, "lang": "ru"}, {"setup": [], "code": _ASK, "timeout": 5}]
    in_pyodide = run_chains(jobs)
    assert in_pyodide == [run_chain([], _ASK, timeout=5, lang="ru"), run_chain([], _ASK, timeout=5)]
    assert in_pyodide[0]["output"] != in_pyodide[1]["output"]
