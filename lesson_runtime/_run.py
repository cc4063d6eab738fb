"""run_chain: execute the snippets a run consists of and build its transcript."""

import io
import json
import random
import sys
import types
from typing import Any, Callable, Optional

from ._capture import DiscardingStream, OutputCallback, OutputLog, StreamToLog
from ._deadline import Deadline, DeadlineExceeded, has_one_line_loop
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
) -> dict:
    """Run ``setup`` snippets (output discarded), then ``code``; return the transcript.

    Every call starts from a fresh ``__main__`` namespace and reseeds ``random``, so a
    run never depends on what ran before it. ``timeout`` (seconds) covers the whole
    chain. ``on_output(stream, text)`` is called as output is written (the browser
    worker streams it). ``should_stop()`` is asked every 0.1 s of running Python code; when
    it answers True the run ends as ``stopped`` (the browser's Stop, where the page cannot
    interrupt the worker). The transcript::

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
    log = OutputLog(on_output)
    calls: list = []
    status, error = "done", None
    namespace = _fresh_main_module()
    saved = _Saved()
    deadline = Deadline(timeout, _files_with_one_line_loops(setup, code), should_stop)
    # Made before the clock starts: the first run imports fake_client, which in Pyodide
    # compiles from source and must not eat into the learner's time limit.
    recording = _recording()
    try:
        random.seed(RANDOM_SEED)
        sys.modules["__main__"] = namespace
        sys.stdin = io.StringIO("")  # input() ends with EOFError instead of blocking
        with deadline:
            sys.stdout = sys.stderr = DiscardingStream()
            for index, snippet in enumerate(setup):
                _execute(snippet, setup_filename(index), namespace)
            sys.stdout = StreamToLog(log, "stdout")
            sys.stderr = StreamToLog(log, "stderr")
            with recording as recorded:
                try:
                    _execute(code, SNIPPET_FILENAME, namespace)
                finally:
                    calls = _plain_data(recorded)
    except DeadlineExceeded as exc:
        status = "timeout"
        error = {
            "type": "Timeout",
            "message": f"the run did not finish within {timeout:g} s",
            "line": error_line(exc, SNIPPET_FILENAME),
        }
    except KeyboardInterrupt as exc:
        status = "stopped"
        error = {"type": "KeyboardInterrupt", "message": "", "line": error_line(exc, SNIPPET_FILENAME)}
    except SystemExit as exc:
        status, error = _system_exit(exc, log)
    except BaseException as exc:  # everything lesson code can raise becomes a transcript
        status = "error"
        log.write("stderr", format_exception(exc, sources.get))
        error = {
            "type": exception_type_name(exc),
            "message": exception_message(exc),
            "line": error_line(exc, SNIPPET_FILENAME),
        }
    finally:
        saved.restore()
    return {"output": log.text(), "chunks": log.chunks, "status": status, "error": error, "calls": calls}


def _files_with_one_line_loops(setup: list[str], code: str) -> set:
    named = [(setup_filename(i), snippet) for i, snippet in enumerate(setup)] + [(SNIPPET_FILENAME, code)]
    return {filename for filename, source in named if has_one_line_loop(source)}


def _execute(source: str, filename: str, namespace: types.ModuleType) -> None:
    exec(compile(source, filename, "exec"), namespace.__dict__)


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
        log.write("stderr", f"{exc.code}\n")
    return "error", {"type": "SystemExit", "message": str(exc.code), "line": error_line(exc, SNIPPET_FILENAME)}


class _Saved:
    """The interpreter state a run replaces, put back afterwards."""

    def __init__(self) -> None:
        self.main = sys.modules.get("__main__")
        self.stdout, self.stderr, self.stdin = sys.stdout, sys.stderr, sys.stdin

    def restore(self) -> None:
        sys.stdout, sys.stderr, sys.stdin = self.stdout, self.stderr, self.stdin
        if self.main is not None:
            sys.modules["__main__"] = self.main


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


def _plain_data(recorded: list) -> list:
    """A JSON-plain copy: transcripts are stored, compared and sent to the browser as JSON."""
    return json.loads(json.dumps(list(recorded), default=_to_plain))


def _to_plain(value: Any) -> Any:
    for method in ("model_dump", "to_dict"):
        if callable(getattr(value, method, None)):
            return getattr(value, method)()
    return repr(value)
