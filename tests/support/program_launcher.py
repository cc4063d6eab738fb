"""Runs a Python program as a learner runs a program taken home (``python program.py``), many
times over with one start (no tests here).

``import anthropic`` alone costs well over a second, paid again by every fresh interpreter.
A launcher process imports the real SDKs once, then forks a child per program: the child
takes the program's environment, folder and arguments, writes to its own stdout and stderr
files and exits with the program's exit code, as ``python program.py`` would. Any import of
``fake_client`` fails in it (it is installed here, editable): what a program prints can only
come from the real SDKs.
"""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Optional

# The launcher: one line of JSON in ({"program", "env", "cwd"}); two lines out, the child's
# pid, then its exit code.
LAUNCHER = r'''
import json, os, runpy, sys, traceback
import anthropic, openai  # the slow part, paid once
sys.modules["fake_client"] = None
for line in sys.stdin:
    job = json.loads(line)
    pid = os.fork()
    if pid == 0:
        code = 0
        try:
            out = os.open(job["cwd"] + "/stdout", os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
            err = os.open(job["cwd"] + "/stderr", os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
            os.dup2(out, 1)
            os.dup2(err, 2)
            os.environ.clear()
            os.environ.update(job["env"])
            os.chdir(job["cwd"])
            sys.argv = [job["program"]]
            sys.stdin = open(os.devnull)
            sys.stdout = open(1, "w", encoding="utf-8", closefd=False)
            sys.stderr = open(2, "w", encoding="utf-8", closefd=False)
            runpy.run_path(job["program"], run_name="__main__")
        except SystemExit as exit:
            code = exit.code if isinstance(exit.code, int) else (0 if exit.code is None else 1)
            if not isinstance(exit.code, (int, type(None))):
                print(exit.code, file=sys.stderr)
        except BaseException:
            traceback.print_exc()
            code = 1
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    print(pid, flush=True)
    _, status = os.waitpid(pid, 0)
    print(os.waitstatus_to_exitcode(status), flush=True)
'''


class ProgramLauncher:
    """``run(program, env, timeout)`` → ``subprocess.CompletedProcess`` of the program run in
    its own folder (the program file's), with exactly ``env`` as its environment."""

    def __init__(self) -> None:
        # stdout unbuffered and read a byte at a time: a buffered reader could take both
        # lines at once (a program that ends at once), and `select` would then wait on an
        # empty pipe for an exit code already read.
        self._process = subprocess.Popen([sys.executable, "-c", LAUNCHER], stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, bufsize=0, text=False)

    def run(self, program: Path, env: dict[str, str], timeout: float = 120) -> subprocess.CompletedProcess:
        folder = program.parent
        job = {"program": str(program), "env": env, "cwd": str(folder)}
        self._process.stdin.write((json.dumps(job) + "\n").encode("utf-8"))
        self._process.stdin.flush()
        # No deadline for the pid: the launcher's first job waits for it to import both SDKs,
        # which a loaded machine can take minutes over.
        pid = int(self._line(None))
        answer = self._line(time.monotonic() + timeout)
        if answer is None:
            os.kill(pid, signal.SIGKILL)  # the launcher then reports it ended, by a signal
            self._line(None)
            raise subprocess.TimeoutExpired([sys.executable, str(program)], timeout)
        read = lambda name: (folder / name).read_text(encoding="utf-8")  # noqa: E731
        return subprocess.CompletedProcess([sys.executable, str(program)], int(answer), read("stdout"), read("stderr"))

    def _line(self, deadline: Optional[float]) -> Optional[str]:
        """The launcher's next line, or None when it has not come by `deadline` (None: wait)."""
        fd = self._process.stdout.fileno()
        data = b""
        while not data.endswith(b"\n"):
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and (left <= 0 or not select.select([fd], [], [], left)[0]):
                return None
            chunk = os.read(fd, 1)
            if not chunk:
                raise RuntimeError("the program launcher is gone")
            data += chunk
        return data.decode("utf-8")

    def close(self) -> None:
        self._process.stdin.close()
        self._process.wait(timeout=30)
