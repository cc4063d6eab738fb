"""The run picture's one renderer, the page's own, run for the build in one Node process.

``node tools/run-picture/render-pictures.mjs <strings folder>`` draws a picture with
``frontend/shared/run-picture-*.js``, as the page does after a live run; the build hands it
every picture its cache does not hold (``_run_picture``), as JSON lines on its stdin, and reads
the HTML of each, in order, on its stdout. The process starts on the first picture asked for
and ends with the build. Requests are written by a thread of their own, so that the build
never waits on a full pipe while the renderer waits for the build to read its replies.

A picture that cannot be drawn (the renderer threw, Node could not start or went away, no
reply in time) is a :class:`PictureError`, which the build reports at the snippet's line.
"""

from __future__ import annotations

import collections
import concurrent.futures
import json
import queue
import subprocess
import threading
from pathlib import Path
from typing import Optional

from ._child_pipes import feed_requests

BUILDER_HOME = Path(__file__).resolve().parent.parent
RENDERER = BUILDER_HOME / "tools" / "run-picture" / "render-pictures.mjs"
# A picture takes milliseconds; this is for a renderer that hangs, on a loaded machine.
TIME_LIMIT_S = 60.0
_STDERR_LINES = 20  # the end of a dead renderer's stderr, for the build's report


class PictureError(RuntimeError):
    """A run picture the renderer did not draw, and why."""


class PictureRenderer:
    """One Node process for one build: :meth:`submit` a run's calls, get the future HTML."""

    def __init__(self, strings_folder: Path) -> None:
        self._strings_folder = strings_folder
        self._process: Optional[subprocess.Popen] = None
        self._requests: Optional[queue.SimpleQueue] = None
        self._waiting: dict[int, concurrent.futures.Future] = {}
        self._stderr: collections.deque[str] = collections.deque(maxlen=_STDERR_LINES)
        self._lock = threading.Lock()
        self._count = 0
        self._stderr_reader: Optional[threading.Thread] = None
        self._gone: Optional[str] = None  # why there is no renderer any more
        self.started = False  # whether a Node process was started (a warm build starts none)

    def submit(self, lang: str, calls_json: str) -> concurrent.futures.Future:
        """The HTML to come of the picture of ``calls_json`` (the run's calls as JSON text,
        as the page receives them) in ``lang``."""
        future: concurrent.futures.Future = concurrent.futures.Future()
        with self._lock:
            if self._gone is None and self._process is None:
                self._start()
            if self._gone is not None:
                future.set_exception(PictureError(self._gone))
                return future
            self._count += 1
            self._waiting[self._count] = future
            # One line: JSON text holds no raw line break.
            request = f'{{"id": {self._count}, "lang": {json.dumps(lang)}, "calls": {calls_json}}}\n'
            self._requests.put(request.encode("utf-8", "surrogatepass"))
        return future

    def result(self, future: concurrent.futures.Future) -> str:
        """The HTML of ``future``; a renderer that gives none in time is stopped."""
        try:
            return future.result(timeout=TIME_LIMIT_S)
        except concurrent.futures.TimeoutError:
            with self._lock:
                self._give_up(f"node drew no run picture in {TIME_LIMIT_S:.0f} s")
            return future.result()

    def close(self) -> None:
        with self._lock:
            process, self._process = self._process, None
        if process is not None:
            self._requests.put(None)  # after the last request, the end of its input: it exits
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()

    def _start(self) -> None:
        """Called holding the lock."""
        try:
            process = subprocess.Popen(
                ["node", str(RENDERER), str(self._strings_folder)], cwd=BUILDER_HOME,
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        except OSError as error:
            self._gone = f"node could not start ({error}); the build draws run pictures with Node"
            return
        self._process, self.started = process, True
        self._requests = queue.SimpleQueue()
        threading.Thread(target=feed_requests, args=(process, self._requests), daemon=True).start()
        threading.Thread(target=self._read, args=(process,), daemon=True).start()
        self._stderr_reader = threading.Thread(target=self._collect_stderr, args=(process,), daemon=True)
        self._stderr_reader.start()


    def _read(self, process: subprocess.Popen) -> None:
        for line in process.stdout:
            try:
                reply = json.loads(line)
            except ValueError:
                reply = {"id": None, "error": f"a reply that is not JSON: {line[:200]!r}"}
            if not isinstance(reply, dict):
                reply = {"id": None, "error": f"a reply that is not an object: {line[:200]!r}"}
            with self._lock:
                future = self._waiting.pop(reply.get("id"), None)
                if future is None:  # a reply to nothing asked: the two sides no longer agree
                    self._give_up(f"the renderer answered out of turn: {reply.get('error', '')}")
                    return
            if "html" in reply:
                future.set_result(reply["html"])
            else:
                future.set_exception(PictureError(f"the renderer failed: {reply.get('error')}"))
        process.wait()
        self._stderr_reader.join(timeout=5)  # what it said before it ended, for the report
        with self._lock:
            if self._process is process:  # it ended on its own, not closed by the build
                self._give_up(f"node ended ({_how_it_ended(process.returncode)})" + self._stderr_tail())

    def _collect_stderr(self, process: subprocess.Popen) -> None:
        for line in process.stderr:
            self._stderr.append(line.decode("utf-8", "replace").rstrip())

    def _stderr_tail(self) -> str:
        lines = [line for line in self._stderr if line.strip()]
        return ":\n" + "\n".join(f"    {line}" for line in lines) if lines else ""

    def _give_up(self, reason: str) -> None:
        """Called holding the lock: every picture waiting, and every one asked for from now
        on, fails with ``reason``."""
        self._gone = self._gone or reason
        for future in self._waiting.values():
            if not future.done():
                future.set_exception(PictureError(self._gone))
        self._waiting.clear()
        if self._process is not None:
            self._requests.put(None)  # the writer's end
            self._process.kill()
            self._process = None


def _how_it_ended(status: Optional[int]) -> str:
    if status is None:
        return "still running"
    return f"exit status {status}" if status >= 0 else f"killed by signal {-status}"
