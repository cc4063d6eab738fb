"""Stop a run that takes too long, or that its caller no longer wants, from inside Python.

A trace function checks the clock while Python code runs, so the same limit works at
build time and in the browser's worker, where a blocked thread cannot be killed from
outside without losing the whole interpreter. The same trace function asks the caller's
``should_stop`` (the browser's Stop button) every ``STOP_POLL_S`` of running time. Neither
can interrupt one long call into C (``time.sleep(60)``): the build's subprocess limit and
the browser's worker restart cover that.
"""

import sys
import time
from types import FrameType
from typing import Any, Callable, Optional

# Check the clock every this many trace events: reading it on each line would slow
# tight loops down several times over.
_EVENTS_PER_CLOCK_CHECK = 200
# Look at the clock for a stop poll every this many events (a poll in the browser is a
# synchronous request: at most one every STOP_POLL_S).
_EVENTS_PER_STOP_CHECK = 64
STOP_POLL_S = 0.1


class DeadlineExceeded(BaseException):
    """Raised inside the running snippet when its time is up.

    A BaseException, so that ``except Exception`` in lesson code does not swallow it.
    """


class Deadline:
    """Context manager: raise DeadlineExceeded in the traced code after ``seconds``, and
    KeyboardInterrupt (as an interrupt would) once ``should_stop()`` answers True."""

    def __init__(self, seconds: float, opcode_traced_filenames: Optional[set] = None,
                 should_stop: Optional[Callable[[], bool]] = None):
        self.seconds = seconds
        self._should_stop = should_stop
        self._next_stop_poll = 0.0
        # Frames of these files are traced per opcode: CPython 3.11 reports no line event
        # for a loop on one line (``while True: pass``). Per-opcode tracing slows code
        # down many times over, so only files holding such a loop are named here.
        self._opcode_traced_filenames = opcode_traced_filenames or set()
        self.expired = False
        self._ends_at = 0.0
        self._events = 0
        self._previous_trace: Any = None

    def __enter__(self) -> "Deadline":
        self._ends_at = time.monotonic() + self.seconds
        self._previous_trace = sys.gettrace()
        sys.settrace(self._trace)
        return self

    def __exit__(self, *exc_info: object) -> None:
        sys.settrace(self._previous_trace)

    def _check(self) -> None:
        self._events += 1
        if self.expired or self._events % _EVENTS_PER_CLOCK_CHECK == 0:
            if time.monotonic() >= self._ends_at:
                self.expired = True
                raise DeadlineExceeded(self.seconds)
        if self._should_stop is not None and self._events % _EVENTS_PER_STOP_CHECK == 0:
            now = time.monotonic()
            if now >= self._next_stop_poll:
                self._next_stop_poll = now + STOP_POLL_S
                if self._should_stop():
                    raise KeyboardInterrupt

    def _trace(self, frame: FrameType, event: str, arg: object) -> Optional[Any]:
        # Called for every new Python frame; the local tracer below sees its lines,
        # which include the backward jump of every loop iteration.
        self._check()
        if frame.f_code.co_filename in self._opcode_traced_filenames:
            frame.f_trace_opcodes = True
        return self._trace_lines

    def _trace_lines(self, frame: FrameType, event: str, arg: object) -> Optional[Any]:
        self._check()
        return self._trace_lines


def has_one_line_loop(source: str) -> bool:
    """True if ``source`` has a loop (statement or comprehension) that starts and runs
    on a single line, the case where line events do not fire on every iteration."""
    import ast

    try:
        tree = ast.parse(source)
    except SyntaxError:
        return False
    for node in ast.walk(tree):
        if isinstance(node, (ast.For, ast.AsyncFor, ast.While)):
            if node.body[0].lineno == node.lineno:
                return True
        elif isinstance(node, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            if node.lineno == node.end_lineno:
                return True
    return False
