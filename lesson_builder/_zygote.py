"""A process that has imported what lesson code runs against, and forks one child per lesson.

Starting a Python interpreter and importing ``fake_client`` and ``lesson_runtime`` costs
about 0.1 s of CPU; a course of thirty lesson pages did that thirty times per cold build.
The zygote does it once and forks: each child is a copy of an interpreter in which no lesson
code has run, with its own pipes (passed over a Unix socket) and its stdin and stdout on
``/dev/null``. Before it forks, it makes the warm-up runs that the browser's interpreter makes
before its first lesson (``lesson_runtime.warm_up``): a lesson's chains then run in the same
kind of interpreter as in the browser, and no lesson pays again for what Python does only
once (a tenth of the CPU time of a lesson's runs).

A zygote outlives the build that started it (:data:`ZYGOTES`): the next build of the same
sources in this process (``mkdocs serve``'s rebuild after an edit, a test session's many small
courses) forks from it instead of paying for an interpreter and its warm-up again.

``python -m lesson_builder._zygote <socket fd>`` (started by :class:`Zygote`). On the socket:
``fork <folder>`` with three file descriptors (jobs to read, replies and stderr to write) →
``pid <n>``, the child working in that folder; when a child ends, ``exit <pid> <wait status>``.
"""

from __future__ import annotations

import os
import select
import signal
import socket
import subprocess
import sys
import threading
from collections import OrderedDict
from typing import Optional

_STARTED_WITHIN_S = 30.0
_KEPT = 2  # zygotes kept at once: a build's sources and one other (a test course's own copy)


class ZygoteChild:
    """The handle of a forked child: like the parts of ``subprocess.Popen`` the runner uses."""

    def __init__(self, zygote: "Zygote", pid: int) -> None:
        self._zygote = zygote
        self.pid = pid

    def kill(self) -> None:
        try:
            os.kill(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass

    def wait(self, timeout: Optional[float] = None) -> int:
        """The return code as ``Popen`` gives it (negative: the signal that ended it)."""
        status = self._zygote.exit_status(self.pid, timeout)
        if status is None:
            if not self._zygote.alive:  # its parent is gone, and with it how it ended
                return -signal.SIGKILL
            raise subprocess.TimeoutExpired("lesson worker", timeout)
        return os.waitstatus_to_exitcode(status)


class Zygote:
    """The builder's side: start the zygote, fork children, learn how they ended."""

    def __init__(self, command: list[str], cwd: str, env: dict) -> None:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        self._socket = ours
        self._process = subprocess.Popen(command + [str(theirs.fileno())], cwd=cwd, env=env,
                                         pass_fds=(theirs.fileno(),), stdin=subprocess.DEVNULL,
                                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        theirs.close()
        self._lock = threading.Lock()  # one fork request at a time
        self._changed = threading.Condition()
        self._pids: list[int] = []
        self._exits: dict[int, int] = {}
        self._closed = False
        ours.settimeout(_STARTED_WITHIN_S)
        try:
            if self._line() != "ready":
                raise OSError("the lesson worker zygote did not start")
        except OSError:
            self.close()
            raise
        ours.settimeout(None)
        threading.Thread(target=self._listen, daemon=True).start()

    def fork(self, jobs_read: int, replies_write: int, stderr_write: int, folder: str) -> ZygoteChild:
        """A child working in ``folder``, reading jobs and writing replies and errors on the
        three file descriptors."""
        with self._lock:
            with self._changed:
                known = len(self._pids)
            socket.send_fds(self._socket, [f"fork {folder}\n".encode()], [jobs_read, replies_write, stderr_write])
            with self._changed:
                if not self._changed.wait_for(lambda: len(self._pids) > known or self._closed, _STARTED_WITHIN_S):
                    raise OSError("the lesson worker zygote does not answer")
                if self._closed:
                    raise OSError("the lesson worker zygote has ended")
                return ZygoteChild(self, self._pids[known])

    def exit_status(self, pid: int, timeout: Optional[float]) -> Optional[int]:
        with self._changed:
            self._changed.wait_for(lambda: pid in self._exits or self._closed, timeout)
            return self._exits.get(pid)

    @property
    def alive(self) -> bool:
        return not self._closed and self._process.poll() is None

    def close(self) -> None:
        self._process.kill()
        self._process.wait()
        self._socket.close()

    def _line(self) -> str:
        data = b""
        while not data.endswith(b"\n"):
            chunk = self._socket.recv(1)
            if not chunk:
                return ""
            data += chunk
        return data.decode().strip()

    def _listen(self) -> None:
        buffer = b""
        while True:
            try:
                chunk = self._socket.recv(4096)
            except OSError:
                chunk = b""
            if not chunk:
                with self._changed:
                    self._closed = True
                    self._changed.notify_all()
                return
            buffer += chunk
            while b"\n" in buffer:
                line, buffer = buffer.split(b"\n", 1)
                words = line.decode().split()
                with self._changed:
                    if words[:1] == ["pid"]:
                        self._pids.append(int(words[1]))
                    elif words[:1] == ["exit"]:
                        self._exits[int(words[1])] = int(words[2])
                    self._changed.notify_all()


class Zygotes:
    """The zygotes of this process, one per set of sources and environment, the most recently
    used kept (a zygote is an idle process: keeping two costs memory, not time)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._kept: "OrderedDict[tuple, Zygote]" = OrderedDict()

    def get(self, fingerprint: str, env: dict, cwd: str) -> Zygote:
        """A live zygote for these sources (``fingerprint``) and this environment; started
        here when none is kept. Raises OSError when it cannot start."""
        key = (fingerprint, tuple(sorted(env.items())))
        with self._lock:
            zygote = self._kept.pop(key, None)
            if zygote is not None and not zygote.alive:
                zygote.close()
                zygote = None
            if zygote is None:
                zygote = Zygote([sys.executable, "-m", "lesson_builder._zygote"], cwd, env)
            self._kept[key] = zygote
            while len(self._kept) > _KEPT:
                self._kept.popitem(last=False)[1].close()
            return zygote


ZYGOTES = Zygotes()


# --- the zygote process ---------------------------------------------------------------------

def main() -> None:
    control = socket.socket(fileno=int(sys.argv[1]))
    from . import _chain_worker  # noqa: F401  (with it, lesson_runtime and fake_client)

    _warm_up()
    control.sendall(b"ready\n")
    children: set[int] = set()
    while True:
        readable, _, _ = select.select([control], [], [], 0.05)
        _report_exits(control, children)
        if not readable:
            continue
        message, fds, _, _ = socket.recv_fds(control, 65536, 3)
        if not message:  # the builder is gone
            return
        words = message.decode("utf-8", "replace").rstrip("\n").split(" ", 1)
        if len(fds) != 3 or words[0] != "fork" or len(words) != 2:
            for fd in fds:
                os.close(fd)
            continue
        pid = os.fork()
        if pid == 0:
            _child(control, words[1], *fds)
        for fd in fds:
            os.close(fd)  # the child holds them now: its replies' end-of-file is the builder's sign
        children.add(pid)
        control.sendall(f"pid {pid}\n".encode())


def _warm_up() -> None:
    """The browser's warm-up runs, then every word pattern fake_client may compile (a pure
    function of the word, a cache of every language's words that no warm-up run fills
    whole)."""
    try:
        from fake_client.locales import LANGUAGES
        from fake_client.worlds._reading import _pattern
        from lesson_runtime import warm_up
    except ImportError:
        return
    warm_up()
    for module in LANGUAGES.values():
        for words in getattr(module, "WORDS", {}).values():
            for word in words:
                if isinstance(word, str):
                    _pattern(word)


def _report_exits(control: socket.socket, children: set[int]) -> None:
    while children:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        children.discard(pid)
        control.sendall(f"exit {pid} {status}\n".encode())


def _child(control: socket.socket, folder: str, jobs_read: int, replies_write: int, stderr_write: int) -> None:
    code = 1
    try:
        control.close()
        os.chdir(folder)
        null = os.open(os.devnull, os.O_RDWR)
        os.dup2(null, 0)
        os.dup2(null, 1)
        os.dup2(stderr_write, 2)
        os.close(null)
        os.close(stderr_write)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        from ._chain_worker import serve

        serve(jobs_read, replies_write)
        code = 0
    except BaseException:  # noqa: BLE001 - reported on stderr, as a crashed subprocess would
        import traceback

        traceback.print_exc()
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except BaseException:  # noqa: BLE001
            pass
        os._exit(code)


if __name__ == "__main__":
    main()
