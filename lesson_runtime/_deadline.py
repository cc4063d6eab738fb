"""Stop a run that takes too long, or that its caller no longer wants, from inside Python.

A trace function checks the clock while Python code runs, so the same limit works at
build time and in the browser's worker, where a blocked thread cannot be killed from
outside without losing the whole interpreter. The same trace function asks the caller's
``should_stop`` (the browser's Stop button) every ``STOP_POLL_S`` of running time.

Beyond plain loops:

- ``time.sleep`` sleeps in slices while a deadline is active, so a ``time.sleep(100)``
  ends with the run's time limit (other calls that block in C, like ``Event.wait``, are
  left to the build's subprocess limit and the browser's worker restart).
- Threads the run starts are traced too: at the time limit, or once the run is over, they
  end quietly (``SystemExit``) at their next line.
- Python drops a trace function that raises, so code that swallows the exception (a bare
  ``except:`` inside the loop) would run on untraced. Once the time is up, a profile hook
  is set too; the two hooks raise it in turn, each putting the other back: the profile hook
  at the next call (and Python drops it, not the trace function), the trace function at the
  next line after that, in the ``except`` block itself, from where it leaves the ``try``.
  A loop that swallows it and calls nothing at all is left to the outer limits above.
"""

import functools
import os
import sys
import threading
import time
from types import FrameType
from typing import Any, Callable, Iterable, Optional

# Check the clock every this many trace events: reading it on each line would slow
# tight loops down several times over.
_EVENTS_PER_CLOCK_CHECK = 200
# Look at the clock for a stop poll every this many events (a poll in the browser is a
# synchronous request: at most one every STOP_POLL_S).
_EVENTS_PER_STOP_CHECK = 64
STOP_POLL_S = 0.1
# lesson_runtime's own frames are never traced: the deadline must never fire inside the
# code that ends the run.
_OWN_FOLDER = os.path.dirname(os.path.abspath(__file__)) + os.sep


class DeadlineExceeded(BaseException):
    """Raised inside the running snippet when its time is up.

    A BaseException, so that ``except Exception`` in lesson code does not swallow it.
    """


class Deadline:
    """Context manager: raise DeadlineExceeded in the traced code after ``seconds``, and
    KeyboardInterrupt (as an interrupt would) once ``should_stop()`` answers True.

    ``lesson_files`` are the code filenames of the run's snippets (where the trace is put
    back after it was dropped); frames of ``lesson_runtime`` itself are never traced."""

    def __init__(self, seconds: float, opcode_traced_filenames: Optional[set] = None,
                 should_stop: Optional[Callable[[], bool]] = None, lesson_files: Iterable[str] = ()):
        self.seconds = seconds
        self._should_stop = should_stop
        self._next_stop_poll = 0.0
        # Frames of these files are traced per opcode: CPython 3.11 reports no line event
        # for a loop on one line (``while True: pass``). Per-opcode tracing slows code
        # down many times over, so only files holding such a loop are named here.
        self._opcode_traced_filenames = opcode_traced_filenames or set()
        self._lesson_files = frozenset(lesson_files) | self._opcode_traced_filenames
        self.expired = False
        self.stopping = False
        self.finished = False
        self._ends_at = 0.0
        self._events = 0
        self._owner = 0
        self._previous: tuple = ()
        self._monotonic = time.monotonic
        self._get_ident = threading.get_ident

    def __enter__(self) -> "Deadline":
        self._ends_at = time.monotonic() + self.seconds
        # The first poll one interval in: a poll in the browser is a synchronous request,
        # and most runs are over before a Stop could be pressed.
        self._next_stop_poll = time.monotonic() + STOP_POLL_S
        self._owner = threading.get_ident()
        self._previous = (sys.gettrace(), sys.getprofile(), time.sleep, threading.gettrace())
        self._real_sleep = time.sleep
        time.sleep = self._sleep
        threading.settrace(self._trace)
        sys.settrace(self._trace)
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.finished = True
        trace, profile, sleep, thread_trace = self._previous
        sys.settrace(trace)
        if sys.getprofile() is not profile:  # one set from C cannot be set again from Python
            sys.setprofile(profile)
        threading.settrace(thread_trace)
        time.sleep = sleep

    def remaining(self) -> float:
        return self._ends_at - self._monotonic()

    def _stop(self, exception: BaseException) -> None:
        """Raise ``exception`` in the run's own thread; end any other thread quietly."""
        if self._get_ident() != self._owner:
            raise SystemExit
        # Python drops the trace function that raises; this hook puts it back if the code
        # swallows the exception and goes on (see the module's docstring).
        sys.setprofile(self._profile)
        raise exception

    def _check(self) -> None:
        if self.finished:
            if self._get_ident() != self._owner:
                raise SystemExit  # a thread left over from a finished run
            return
        self._events += 1
        if self.expired or self._events % _EVENTS_PER_CLOCK_CHECK == 0:
            self._check_clock()
        if self._should_stop is not None and (self.stopping or self._events % _EVENTS_PER_STOP_CHECK == 0):
            self._poll_stop(self._monotonic())

    def _check_clock(self) -> None:
        if self._monotonic() >= self._ends_at:
            self.expired = True
            self._stop(DeadlineExceeded(self.seconds))

    def _poll_stop(self, now: float) -> None:
        if not self.stopping and now >= self._next_stop_poll:
            self._next_stop_poll = now + STOP_POLL_S
            self.stopping = bool(self._should_stop())
        if self.stopping:
            self._stop(KeyboardInterrupt())

    def _trace(self, frame: FrameType, event: str, arg: object) -> Optional[Any]:
        # Called for every new Python frame; the local tracer below sees its lines,
        # which include the backward jump of every loop iteration.
        filename = frame.f_code.co_filename
        if filename.startswith(_OWN_FOLDER):
            return None
        self._check()
        if filename in self._opcode_traced_filenames:
            frame.f_trace_opcodes = True
        return self._trace_lines

    def _trace_lines(self, frame: FrameType, event: str, arg: object) -> Optional[Any]:
        # Lines and opcodes only: a "return" or "exception" event may be an exception on its
        # way out, which must not be replaced by another.
        if event == "line" or event == "opcode":
            self._check()
        return self._trace_lines

    def _profile(self, frame: FrameType, event: str, arg: object) -> None:
        """Profile hook, set once the run must end: at the next call of the run's code (not
        while an exception unwinds the stack), put the trace function back and raise."""
        if self.finished:
            sys.setprofile(None)
            return
        if event not in ("call", "c_call") or frame.f_code.co_filename.startswith(_OWN_FOLDER):
            return
        if sys.gettrace() is None:
            sys.settrace(self._trace)
            outer = frame
            while outer is not None:
                if outer.f_code.co_filename in self._lesson_files:
                    outer.f_trace = self._trace_lines
                outer = outer.f_back
        if self._get_ident() != self._owner:
            raise SystemExit
        raise DeadlineExceeded(self.seconds) if self.expired else KeyboardInterrupt()

    def _sleep(self, seconds: Any) -> None:
        """``time.sleep`` in slices, each ending at the time limit or the next stop poll."""
        sleep = self._real_sleep
        if type(seconds) not in (int, float) or not seconds > 0:
            return sleep(seconds)  # its own errors for a wrong argument
        ends = self._monotonic() + seconds
        while True:
            now = self._monotonic()
            if now >= ends:
                return None
            if self.finished:
                self._stop(SystemExit())
            self._check_clock()
            if self._should_stop is not None:
                self._poll_stop(now)
            step = min(ends - now, max(self._ends_at - now, 0.0) + 0.001)
            if self._should_stop is not None:
                step = min(step, STOP_POLL_S)
            sleep(step)


@functools.lru_cache(maxsize=256)  # asked again for each chain that continues the snippet
def has_one_line_loop(source: str) -> bool:
    """True if ``source`` has a loop (statement or comprehension) that starts and runs
    on a single line, the case where line events do not fire on every iteration."""
    import ast

    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, UnicodeError, RecursionError, MemoryError):
        return False  # the run itself reports it, when it compiles the code
    for node in ast.walk(tree):
        if isinstance(node, (ast.For, ast.AsyncFor, ast.While)):
            if node.body[0].lineno == node.lineno:
                return True
        elif isinstance(node, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            if node.lineno == node.end_lineno:
                return True
    return False
