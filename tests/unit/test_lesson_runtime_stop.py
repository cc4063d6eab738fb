"""Stopping a run through lesson_runtime's API (``run_chain(..., should_stop=...)``), the way
the browser's worker stops a run it cannot interrupt: in CPython, with real endless loops."""

import time

import pytest

from lesson_runtime import run_chain

ENDLESS = {
    "while loop": "print('started', flush=True)\nn = 0\nwhile True:\n    n += 1\n",
    "one-line loop": "print('started', flush=True)\nwhile True: pass\n",
    "recursion in a loop": "print('started', flush=True)\ndef f(n):\n    return n + 1\nwhile True:\n    f(1)\n",
}


class StopAfter:
    """A should_stop that answers True once ``seconds`` have passed, counting its calls."""

    def __init__(self, seconds: float) -> None:
        self.at = time.monotonic() + seconds
        self.calls = 0

    def __call__(self) -> bool:
        self.calls += 1
        return time.monotonic() >= self.at


@pytest.mark.parametrize("code", ENDLESS.values(), ids=ENDLESS.keys())
def test_should_stop_ends_an_endless_run_as_stopped_keeping_its_output(code):
    stop = StopAfter(0.3)
    started = time.monotonic()
    transcript = run_chain([], code, timeout=30, should_stop=stop)
    assert transcript["status"] == "stopped"
    assert transcript["error"]["type"] == "KeyboardInterrupt"
    assert transcript["output"] == "started\n"
    assert time.monotonic() - started < 5  # well before its own time limit


def test_should_stop_is_asked_about_every_tenth_of_a_second_not_on_every_line():
    stop = StopAfter(1.0)
    started = time.monotonic()
    run_chain([], "while True:\n    pass\n", timeout=30, should_stop=stop)
    ran = time.monotonic() - started
    # Asked (the run stopped), at most once per tenth of a second of the run (the loop runs
    # millions of lines): bounds that hold on a loaded machine, where the run gets fewer slices.
    assert 2 <= stop.calls <= ran / 0.1 + 2


def test_should_stop_also_stops_a_continued_snippet():
    transcript = run_chain(["while True:\n    pass\n"], "print('never')", timeout=30, should_stop=StopAfter(0.2))
    assert transcript["status"] == "stopped" and transcript["output"] == ""


def test_a_run_that_is_still_wanted_ends_as_usual():
    stop = StopAfter(3600)
    code = "import time\nends = time.monotonic() + 0.3\nwhile time.monotonic() < ends:\n    pass\nprint('over')\n"
    transcript = run_chain([], code, timeout=30, should_stop=stop)
    assert transcript["status"] == "done" and transcript["output"] == "over\n"
    assert stop.calls >= 1


def test_a_run_over_before_the_first_poll_asks_nothing():
    # In the browser each question is a synchronous request: a short run makes none.
    stop = StopAfter(3600)
    transcript = run_chain([], "total = 0\nfor i in range(100):\n    total += i\nprint(total)\n", timeout=30, should_stop=stop)
    assert transcript["output"] == "4950\n" and stop.calls == 0


def test_the_time_limit_still_applies_when_the_run_is_wanted():
    transcript = run_chain([], "while True:\n    pass\n", timeout=0.5, should_stop=lambda: False)
    assert transcript["status"] == "timeout"


def test_lesson_code_cannot_swallow_the_stop():
    code = "while True:\n    try:\n        while True:\n            pass\n    except Exception:\n        print('caught')\n"
    transcript = run_chain([], code, timeout=30, should_stop=StopAfter(0.2))
    assert transcript["status"] == "stopped" and "caught" not in transcript["output"]
