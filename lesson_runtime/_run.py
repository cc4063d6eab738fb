"""run_chain: execute the snippets a run consists of and build its transcript."""

import contextlib
import functools
import gc
import io
import itertools
import json
import random
import sys
import threading
import time
import types
import warnings
from typing import Any, Callable, Optional

from ._capture import (OUTPUT_LIMIT, DiscardingStream, OutputCallback, OutputLog, StreamToLog,
                       without_lone_surrogates)
from ._deadline import Deadline, DeadlineExceeded, has_one_line_loop
from ._isolation import take_snapshot
from ._recursion import RecursionLimit, frame_depth
from ._traceback import error_line, exception_message, exception_type_name, format_exception

SNIPPET_FILENAME = "<snippet>"
RANDOM_SEED = 0


def setup_filename(index: int) -> str:
    """Filename shown in tracebacks for the ``index``-th (0-based) continued snippet."""
    return f"<setup-{index + 1}>"


def run_chain(
    setup: list[str],
    code: str,
    *,
    timeout: float = 10.0,
    on_output: Optional[OutputCallback] = None,
    should_stop: Optional[Callable[[], bool]] = None,
    output_limit: int = OUTPUT_LIMIT,
    lang: Optional[str] = None,
) -> dict:
    """Run ``setup`` snippets (output discarded), then ``code``; return the transcript.

    Every call starts from a fresh ``__main__`` namespace and reseeds ``random``, so a
    run never depends on what ran before it, and whatever the code changes in the
    interpreter (builtins, ``fake_client``, ``sys``, the recursion limit, …: see
    ``_isolation``) is put back when it ends, so it cannot change the next run either.
    ``timeout`` (seconds) covers the whole chain. ``on_output(stream, text)`` is called as
    output is written (the browser worker streams it). ``should_stop()`` is asked every 0.1 s
    of running Python code; when it answers True the run ends as ``stopped`` (the browser's
    Stop, where the page cannot interrupt the worker). At most ``output_limit`` characters of
    output are kept (then a notice). ``lang`` is the language of the page the run is for
    (``bg``, ``fa``, ``zh``, ``ru``, ``uk``): fake_client answers in it for the whole chain,
    setup included (``fake_client.page_language``), and forgets it when the run ends; None
    leaves the language to fake_client's guess. The transcript::

        {"output": str, "chunks": [[stream, text], ...],
         "status": "done" | "error" | "timeout" | "stopped",
         "error": None | {"type": str, "message": str, "line": int | None},
         "calls": [...]}   # fake_client.recording() of the snippet's own calls

    ``stopped`` means a KeyboardInterrupt or ``should_stop`` ended the run (the browser's
    Stop button).
    """
    sources = {SNIPPET_FILENAME: code.splitlines()}
    for index, snippet in enumerate(setup):
        sources[setup_filename(index)] = snippet.splitlines()
    log = OutputLog(on_output, output_limit)
    # Made before the clock starts: the first run imports fake_client, which in Pyodide
    # compiles from source and must not eat into the learner's time limit. Before the
    # snapshot too, so that fake_client is among what it protects.
    recording = _recording()
    language = _page_language(lang)
    clear_faults = _fault_clearer()
    deadline = Deadline(timeout, _files_with_one_line_loops(setup, code), should_stop, sources)
    recursion = RecursionLimit(frame_depth() + _FRAMES_ABOVE_SNIPPET)
    restore = take_snapshot()
    # Everything that exists before the run is set aside from the collector (gc.freeze: a list
    # splice, no walk), so that the collection at the end walks only what the run made.
    frozen_before = gc.get_freeze_count()
    gc.freeze()
    # Local names: the run may rebind the module's globals and the builtins, and these
    # are used before everything is put back.
    base_exception, recorded, exit_recording, caught, namespace = BaseException, [], None, None, None
    exit_language = language.__exit__
    language.__enter__()
    try:
        foreign_threads = {thread.ident for thread in threading.enumerate()} - {threading.get_ident()}
        random.seed(RANDOM_SEED)
        clear_faults()
        _fresh_thread_names()
        namespace = _fresh_main_module()
        sys.modules["__main__"] = namespace
        sys.stdin = io.StringIO("")  # input() ends with EOFError instead of blocking
        threading.excepthook = _thread_exception_printer(sources.get)
        recursion.install()
        with deadline:
            _count_sleeps()  # around the deadline's sleep in slices: one count per sleep
            sys.stdout = sys.stderr = DiscardingStream()
            for index, snippet in enumerate(setup):
                _execute(snippet, setup_filename(index), namespace)
            sys.stdout = StreamToLog(log, "stdout", foreign_threads)
            sys.stderr = StreamToLog(log, "stderr", foreign_threads)
            recorded = recording.__enter__()
            exit_recording = recording.__exit__
            _execute(code, SNIPPET_FILENAME, namespace)
    except base_exception as exc:  # everything lesson code can raise becomes a transcript
        caught = exc
    finally:
        deadline.finished = True  # its hooks do nothing from here on, whatever __exit__ did
        restore()
        clear_faults()
        if exit_recording is not None:
            exit_recording(None, None, None)
        exit_language(None, None, None)
    status, error = _ending(caught, deadline, recursion, log, sources.get, timeout)
    # What the run made is let go now, quietly (see _quietly): the exception's
    # traceback holds this frame, which holds the exception, a cycle until `caught` is dropped.
    with _quietly():
        if caught is not None:
            caught.__traceback__ = None
        caught = None
        if namespace is not None:
            namespace.__dict__.clear()
        gc.collect()
        if frozen_before == 0:  # a host that froze its own objects keeps them frozen
            gc.unfreeze()
    return {"output": log.text(), "chunks": log.chunks, "status": status, "error": error,
            "calls": _plain_data(recorded)}


@contextlib.contextmanager
def _quietly():
    """Where a run's objects are let go, at its end. A coroutine the run never awaited (an
    ``asyncio.run`` that failed first), a generator it never closed, is held by the run's
    globals (its functions point back to them) or by its exception's traceback (whose frames
    hold the exception): cycles that only the garbage collector frees, at some later moment,
    maybe inside a later run, whose output would then hold the RuntimeWarning, or what the
    generator's ``finally`` prints, at a place that depends on the interpreter's allocations
    (CPython and Pyodide differ). Emptying the globals and dropping the exception frees most
    of them here, where their warnings and prints go nowhere; a cycle the run had already let
    go of (an object that holds itself and the coroutine, deleted) is reachable from nothing,
    so a collection follows, of what the run made only (what existed before it is frozen out
    of the collector's sight, so the cost does not grow with the host's heap): whatever the
    run left, however it is held, speaks here or never."""
    saved = sys.stdout, sys.stderr
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        sys.stdout = sys.stderr = DiscardingStream()
        try:
            yield
        finally:
            sys.stdout, sys.stderr = saved


# Frames between run_chain and the snippet's own module frame (_execute), counted into the
# host's depth.
_FRAMES_ABOVE_SNIPPET = 1
# The longest error message a transcript keeps (the traceback in the output has its own limit).
_MESSAGE_LIMIT = 2000


def _ending(caught: Optional[BaseException], deadline: Deadline, recursion: RecursionLimit, log: OutputLog,
            sources: Callable[[str], Optional[list[str]]], timeout: float) -> tuple[str, Optional[dict]]:
    """The run's status and error, from what ended it; a traceback goes to the log."""
    line = error_line(caught, SNIPPET_FILENAME) if caught is not None else None
    # The time limit or the Stop ended it, even when the code caught the exception and went on.
    if deadline.expired:
        return "timeout", {"type": "Timeout", "message": f"the run did not finish within {timeout:g} s",
                           "line": line}
    if deadline.stopping or isinstance(caught, KeyboardInterrupt):
        return "stopped", {"type": "KeyboardInterrupt", "message": "", "line": line}
    if caught is None:
        return "done", None
    if isinstance(caught, SystemExit):
        return _system_exit(caught, log)
    report = format_exception(caught, sources)
    if isinstance(caught, RecursionError):
        report += recursion.note()
    log.write_report("stderr", report)
    message = without_lone_surrogates(exception_message(caught))
    if len(message) > _MESSAGE_LIMIT:
        message = message[:_MESSAGE_LIMIT] + "…"
    return "error", {"type": exception_type_name(caught), "message": message, "line": line}


def _fresh_thread_names() -> None:
    """Thread names count from Thread-1 in every run (the count is the interpreter's)."""
    if hasattr(threading, "_counter"):
        threading._counter = itertools.count(1).__next__  # type: ignore[attr-defined]


def _thread_exception_printer(sources: Callable[[str], Optional[list[str]]]) -> Callable:
    """``threading.excepthook`` for the run: an exception in a thread the snippet started is
    reported as Python reports it, with the traceback normalised like the run's own."""

    def report(args: Any) -> None:
        if args.exc_type is SystemExit or args.exc_type is DeadlineExceeded:
            return
        name = args.thread.name if args.thread is not None else threading.get_ident()
        text = f"Exception in thread {name}:\n" + format_exception(args.exc_value, sources)
        if sys.stderr is not None:
            sys.stderr.write(text)

    return report


def _files_with_one_line_loops(setup: list[str], code: str) -> set:
    named = [(setup_filename(i), snippet) for i, snippet in enumerate(setup)] + [(SNIPPET_FILENAME, code)]
    return {filename for filename, source in named if has_one_line_loop(source)}


def _execute(source: str, filename: str, namespace: types.ModuleType) -> None:
    exec(_compiled(source, filename), namespace.__dict__)


# A chain runs the snippets it continues again each time (a lesson's later snippets and its
# quizzes continue the same ones): their code is compiled once. A code object never changes.
@functools.lru_cache(maxsize=256)
def _compiled(source: str, filename: str) -> types.CodeType:
    return compile(source, filename, "exec")


def _fresh_main_module() -> types.ModuleType:
    module = types.ModuleType("__main__")
    module.__dict__["__builtins__"] = __builtins__
    return module


def _system_exit(exc: SystemExit, log: OutputLog) -> tuple[str, Optional[dict]]:
    """``sys.exit()`` ends a run as it ends a script: 0 / None is success, a string is
    printed to stderr, anything else is an error exit."""
    if exc.code is None or exc.code == 0:
        return "done", None
    if not isinstance(exc.code, int):
        log.write_report("stderr", f"{exc.code}\n")
    return "error", {"type": "SystemExit", "message": without_lone_surrogates(str(exc.code))[:_MESSAGE_LIMIT],
                     "line": error_line(exc, SNIPPET_FILENAME)}


class _NoRecording:
    def __enter__(self) -> list:
        return []

    def __exit__(self, *exc_info: object) -> None:
        return None


def _recording() -> Any:
    """fake_client.recording() when fake_client is importable, else an empty record."""
    try:
        import fake_client
    except ImportError:
        return _NoRecording()
    recording = getattr(fake_client, "recording", None)
    return recording() if recording is not None else _NoRecording()


def _count_sleeps() -> None:
    """Let fake_client's recording see the run's waits (the program's ``time.sleep``, the
    clients' own retries too), so that a retry after a 429 can be judged on the seconds it
    waited. The deadline puts its own ``sleep`` back when it ends, the snapshot taken before
    the run the real one."""
    try:
        from fake_client._recording import note_sleep
    except ImportError:
        return
    real_sleep = time.sleep

    @functools.wraps(real_sleep)
    def sleep(seconds: float) -> None:
        real_sleep(seconds)  # first: a wrong argument raises as it always does
        note_sleep(seconds)

    time.sleep = sleep


def _page_language(lang: Optional[str]) -> Any:
    """fake_client.page_language(lang) when fake_client is importable, else a context that
    does nothing. Also for None: a run for no page then guesses, whatever the host's context
    held, and whatever the run sets by hand is undone when the context ends."""
    try:
        import fake_client
    except ImportError:
        return contextlib.nullcontext()
    page_language = getattr(fake_client, "page_language", None)
    return page_language(lang) if page_language is not None else contextlib.nullcontext()
def _fault_clearer() -> Callable[[], None]:
    """fake_client.faults.clear, or nothing to do without fake_client: faults a run leaves
    pending (queued by an exercise's setup, or by the code) must not reach the next run."""
    try:
        from fake_client import faults
    except ImportError:
        return lambda: None
    return faults.clear


def _plain_data(recorded: list) -> list:
    """A JSON-plain copy: transcripts are stored, compared and sent to the browser as JSON."""
    return json.loads(json.dumps(list(recorded), default=_to_plain))


def _to_plain(value: Any) -> Any:
    for method in ("model_dump", "to_dict"):
        if callable(getattr(value, method, None)):
            return getattr(value, method)()
    return repr(value)
