"""Real Pyodide (the npm package the site ships, run by Node) for the tests that compare it
with CPython, loaded once per pytest process (``pyodide_host.mjs``) and asked for many runs.

Loading Pyodide is most of what such a test costs; six tests each loading their own made
about a quarter of the fast loop. One interpreter answering every test is also what the
browser does: one worker runs every snippet of a visit, one after another.
"""

import atexit
import json
import shutil
import subprocess
import tempfile
import threading
from pathlib import Path
from typing import Optional

REPO = Path(__file__).resolve().parents[2]
PYODIDE = REPO / "node_modules" / "pyodide"
HOST = Path(__file__).with_name("pyodide_host.mjs")
SKIP_REASON = "needs Node and the pyodide npm package (npm ci)"


def pyodide_available() -> bool:
    return shutil.which("node") is not None and (PYODIDE / "pyodide.mjs").exists()


class _Host:
    def __init__(self) -> None:
        self._errors = tempfile.TemporaryFile()
        self._process = subprocess.Popen(["node", str(HOST), str(REPO)], stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, stderr=self._errors, text=True,
                                         encoding="utf-8")
        self._lock = threading.Lock()

    def ask(self, request: dict) -> dict:
        with self._lock:
            try:
                self._process.stdin.write(json.dumps(request, ensure_ascii=False) + "\n")
                self._process.stdin.flush()
                line = self._process.stdout.readline()
            except BrokenPipeError:
                line = ""
        if not line:
            raise AssertionError(f"Pyodide's Node process ended:\n{self._stderr()}")
        answer = json.loads(line)
        if "error" in answer:
            raise AssertionError(f"Pyodide failed:\n{answer['error']}")
        return answer

    def alive(self) -> bool:
        return self._process.poll() is None

    def close(self) -> None:
        if self._process.poll() is None:
            self._process.stdin.close()
            try:
                self._process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
        self._errors.close()

    def _stderr(self) -> str:
        self._errors.seek(0)
        return self._errors.read().decode("utf-8", "replace")[-3000:]


_host: Optional[_Host] = None
_starting = threading.Lock()


def _the_host() -> _Host:
    global _host
    with _starting:
        if _host is None or not _host.alive():
            _host = _Host()
            atexit.register(_host.close)
        return _host


def run_chains(jobs: list[dict]) -> list[dict]:
    """``{"setup", "code", "timeout"[, "lang"]}`` jobs through lesson_runtime.run_chain in Pyodide, in
    order, in the one interpreter: their transcripts."""
    return _the_host().ask({"chains": jobs})["transcripts"]


def run_program(source: str) -> str:
    """What a Python program prints in Pyodide (fake_client imported afresh, as in a new
    interpreter)."""
    return _the_host().ask({"program": source})["stdout"]
