"""Run snippet chains in subprocesses, each distinct chain once, with a cache on disk.

Every lesson's chains go to one fresh worker (a clean interpreter per lesson; a fresh
namespace per chain inside it): a child forked by a zygote (``_zygote``: an
interpreter that has imported fake_client and lesson_runtime and runs nothing), or, where
fork is missing, a new ``python -m lesson_builder._chain_worker``. Lessons run in parallel.
Jobs and replies travel on two pipes of their own, never on the worker's stdin and stdout:
lesson code may print to ``sys.__stdout__`` or read ``sys.__stdin__``.
A chain that outlives its time limit plus a grace period is stopped from outside (for
what the in-Python deadline cannot interrupt, like a call blocked in C); a worker that
dies (``os._exit()``, a signal, the out-of-memory killer) is reported for the chain it was
running, and the chains after it run in a new worker.
Finished runs are cached by a hash of the chain, the time limit, the page's language, the sources of
``fake_client`` and ``lesson_runtime`` and the Python version, so ``mkdocs serve``
rebuilds only what changed. Only what a worker reported is cached: a run stopped or lost
from outside may be the machine's doing, not the code's, and is run again next time.
"""

import collections
import hashlib
import json
import os
import queue
import re
import signal
import socket
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Iterator, Optional

from ._zygote import ZYGOTES, Zygote

BUILDER_HOME = Path(__file__).resolve().parent.parent
GRACE_SECONDS = 15.0  # interpreter start and imports, on a loaded machine
RUNTIME_PACKAGES = ("fake_client", "lesson_runtime")
_STDERR_LINES = 20  # the end of a dead worker's stderr, for its report


@dataclass(frozen=True)
class RunRequest:
    """One chain to run: ``setup`` snippets, then ``code``, within ``timeout`` seconds, for a
    page in ``lang`` (fake_client answers in it, as in the browser; None: it guesses)."""

    setup: tuple[str, ...]
    code: str
    timeout: float
    lang: Optional[str] = None

    def key(self, fingerprint: str) -> str:
        payload = json.dumps([fingerprint, list(self.setup), self.code, self.timeout, self.lang], ensure_ascii=False)
        return hashlib.sha256(payload.encode("utf-8")).hexdigest()


def sources_fingerprint(root: Path) -> str:
    """Hash of everything a transcript depends on besides the chain itself."""
    digest = hashlib.sha256(sys.version.encode())
    for package in RUNTIME_PACKAGES:
        base = root / package if (root / package).is_dir() else BUILDER_HOME / package
        for path in sorted(base.rglob("*.py")):
            digest.update(str(path.relative_to(base)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


class TranscriptCache:
    """One JSON file per finished run under ``<folder>/``; the folder ignores itself in git."""

    def __init__(self, folder: Optional[Path]):
        self.folder = folder
        if folder is not None:
            folder.mkdir(parents=True, exist_ok=True)
            ignore = folder / ".gitignore"
            if not ignore.exists():
                ignore.write_text("# transcripts cached by lesson_builder\n*\n", encoding="utf-8")

    def get(self, key: str) -> Optional[dict]:
        if self.folder is None:
            return None
        try:
            return json.loads((self.folder / f"{key}.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None

    def forget(self, key: str) -> None:
        """Drop a kept run: the next build runs it again."""
        if self.folder is not None:
            try:
                (self.folder / f"{key}.json").unlink()
            except FileNotFoundError:
                pass

    def put(self, key: str, transcript: dict) -> None:
        # A run stopped by a limit may be a slow machine, not the code: run it again next time.
        if self.folder is None or transcript["status"] == "timeout":
            return
        target = self.folder / f"{key}.json"
        temporary = target.with_suffix(f".{os.getpid()}.{threading.get_ident()}.tmp")
        temporary.write_text(json.dumps(transcript), encoding="utf-8")  # ASCII: any string survives
        os.replace(temporary, target)


def default_workers() -> int:
    """Lessons run at once: more than the cores, since lesson code also waits (``time.sleep``,
    ``asyncio``) and a waiting lesson would leave its core idle."""
    return max(2, min(8, 2 * (os.cpu_count() or 1) + 1))


def _work(group: list[RunRequest]) -> int:
    """A lesson's work, roughly: the snippets its chains execute."""
    return sum(len(request.setup) + 1 for request in group)


# A call that waits (``time.sleep``, ``asyncio.sleep``, ``Event.wait``, ``gather`` of sleeps).
_WAITING = re.compile(r"\b(?:sleep|wait|wait_for)\s*\(")


def _request_waits(request: RunRequest) -> bool:
    return any(_WAITING.search(code) for code in (request.code, *request.setup))


def _waits(group: list[RunRequest]) -> bool:
    """Whether a lesson's code waits: such a lesson spends seconds in ``sleep`` while using
    no core, so it starts first, and its waiting overlaps the other lessons' work instead of
    being added at the end."""
    return any(map(_request_waits, group))


def _waiting_apart(group: list[RunRequest]) -> list[list[RunRequest]]:
    """A lesson's chains as the subprocesses that run them: those that wait in one of their
    own, the others in another. A lesson's one chain that sleeps for two seconds would
    otherwise hold back its twenty that do not, and end the build alone."""
    waiting = [request for request in group if _request_waits(request)]
    others = [request for request in group if not _request_waits(request)]
    return [piece for piece in (waiting, others) if piece]


def _schedule(groups: list[list[RunRequest]]) -> list[list[RunRequest]]:
    """The order lessons start in: the waiting ones, then the longest first, so that no
    long one starts last and runs alone."""
    return sorted(groups, key=lambda group: (_waits(group), _work(group)), reverse=True)


class ChainRunner:
    def __init__(self, root: Path, cache_folder: Optional[Path] = None, workers: Optional[int] = None,
                 grace: Optional[float] = None):
        self.root = root
        self.cache = TranscriptCache(cache_folder)
        self.fingerprint = sources_fingerprint(root)
        self.workers = workers or default_workers()
        self.grace = GRACE_SECONDS if grace is None else grace  # seconds past a chain's own limit
        self.ran = 0  # chains run (not found in the cache) so far
        self._no_zygote = not hasattr(socket, "send_fds") or not hasattr(os, "fork")

    def forget(self, requests: Iterable[RunRequest]) -> None:
        """Run these chains again next time rather than take them from the cache: they belong to
        a lesson with a problem, and a problem may be the machine's (code that reads the clock
        printed what a loaded machine made of it) as well as the author's."""
        for request in requests:
            self.cache.forget(request.key(self.fingerprint))

    def run_groups(self, groups: Iterable[list[RunRequest]]) -> dict[RunRequest, dict]:
        """Run each group (a lesson's chains) in its own subprocess; each request once."""
        results: dict[RunRequest, dict] = {}
        for _, finished in self.run_groups_as_done(list(groups)):
            results.update(finished)
        return results

    def run_groups_as_done(self, groups: list[list[RunRequest]]) -> Iterator[tuple[int, dict[RunRequest, dict]]]:
        """Run the groups as :meth:`run_groups` does, and give each group's results (its index,
        request → transcript) as soon as all of them are known: the caller can go on with a
        lesson while the others still run. A chain two groups share runs once."""
        results: dict[RunRequest, dict] = {}
        pending_groups = []
        seen: set[RunRequest] = set()
        for group in groups:
            pending = []
            for request in group:
                if request in seen:
                    continue
                seen.add(request)
                cached = self.cache.get(request.key(self.fingerprint))
                if cached is not None:
                    results[request] = cached
                else:
                    pending.append(request)
            if pending:
                pending_groups.append(pending)
        self.ran += sum(len(group) for group in pending_groups)
        waiting_for = {index: set(group) - set(results) for index, group in enumerate(groups)}

        def ready() -> Iterator[tuple[int, dict[RunRequest, dict]]]:
            for index in [index for index, missing in waiting_for.items() if not missing - results.keys()]:
                del waiting_for[index]
                yield index, {request: results[request] for request in groups[index]}

        yield from ready()
        pending_groups = [piece for group in pending_groups for piece in _waiting_apart(group)]
        waiting = sum(1 for group in pending_groups if _waits(group))
        # A waiting lesson barely uses its core: it does not take a place of the others.
        with ThreadPoolExecutor(max_workers=self.workers + waiting) as pool:
            running = [pool.submit(self._run_in_subprocess, group) for group in _schedule(pending_groups)]
            for finished in as_completed(running):
                results.update(finished.result())
                yield from ready()

    def _zygote(self) -> Optional[Zygote]:
        """The zygote for this build's sources (started by the first lesson that needs it,
        or kept from an earlier build of the same sources); None when it cannot run here:
        each lesson then starts its own interpreter."""
        if self._no_zygote:
            return None
        home = _import_home(self.root)
        try:
            return ZYGOTES.get(self.fingerprint, _worker_environment(home), str(home))
        except OSError:
            self._no_zygote = True
            return None

    def _run_in_subprocess(self, requests: list[RunRequest]) -> dict[RunRequest, dict]:
        results: dict[RunRequest, dict] = {}
        remaining = list(requests)
        while remaining:
            finished = _WorkerProcess(self.root, self.grace, self._zygote()).run(remaining)
            for request, (transcript, reported) in finished.items():
                results[request] = transcript
                if reported:
                    self.cache.put(request.key(self.fingerprint), transcript)
            remaining = [request for request in remaining if request not in results]
        # A run that hit its time limit gets one more chance, alone: on a loaded machine (a
        # build beside tests or other builds) a chain that takes a second can miss a ten-second
        # limit, and the build would then report an endless loop that is not there. A real
        # endless loop times out again, and that is what the build reports.
        for request in [request for request in requests if results[request].get("status") == "timeout"]:
            transcript, reported = _WorkerProcess(self.root, self.grace, self._zygote()).run([request])[request]
            results[request] = transcript
            if reported:
                self.cache.put(request.key(self.fingerprint), transcript)
        return results


class _WorkerProcess:
    """One subprocess; returns what it finished, each with whether the worker reported it
    (False: the job that killed it, or that it did not finish in time, marked from outside)."""

    def __init__(self, root: Path, grace: float, zygote: Optional[Zygote] = None):
        self.root = root
        self.grace = grace
        self.zygote = zygote

    def _start(self, jobs_read: int, replies_write: int):
        """The worker: a child of the zygote, or a new interpreter; its stderr readable."""
        if self.zygote is not None:
            errors_read, errors_write = os.pipe()
            try:
                process = self.zygote.fork(jobs_read, replies_write, errors_write, str(self.root))
                return process, os.fdopen(errors_read, "rb")
            except OSError:
                os.close(errors_read)
            finally:
                os.close(errors_write)
        process = subprocess.Popen(
            [sys.executable, "-m", "lesson_builder._chain_worker", str(jobs_read), str(replies_write)],
            cwd=self.root, env=_worker_environment(self.root), pass_fds=(jobs_read, replies_write),
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        return process, process.stderr

    def run(self, requests: list[RunRequest]) -> dict[RunRequest, tuple[dict, bool]]:
        by_key = {f"{index}": request for index, request in enumerate(requests)}
        jobs_read, jobs_write = os.pipe()
        replies_read, replies_write = os.pipe()
        try:
            process, stderr = self._start(jobs_read, replies_write)
        finally:
            os.close(jobs_read)
            os.close(replies_write)
        lines: "queue.Queue[Optional[str]]" = queue.Queue()
        replies = os.fdopen(replies_read, "r", encoding="utf-8", errors="replace")
        threading.Thread(target=_pump, args=(replies, lines), daemon=True).start()
        errors: "collections.deque[str]" = collections.deque(maxlen=_STDERR_LINES)
        threading.Thread(target=_collect, args=(stderr, errors), daemon=True).start()
        jobs = "".join(json.dumps({"key": key, "setup": list(r.setup), "code": r.code, "timeout": r.timeout,
                                   "lang": r.lang}) + "\n"
                       for key, r in by_key.items())
        threading.Thread(target=_feed, args=(os.fdopen(jobs_write, "w", encoding="utf-8"), jobs), daemon=True).start()
        results: dict[RunRequest, tuple[dict, bool]] = {}
        try:
            for key, request in by_key.items():
                try:
                    line = lines.get(timeout=request.timeout + self.grace)
                except queue.Empty:
                    results[request] = (_stopped_from_outside(request.timeout), False)
                    break
                reply = _reply(line, by_key)
                if reply is None:
                    results[request] = (_crashed(process, errors, line), False)
                    break
                results[reply[0]] = (reply[1], True)
        finally:
            process.kill()
            process.wait()
        return results


def _import_home(root: Path) -> Path:
    """Where a worker's runtime packages come from: the course's own copy when it holds one
    (a test course with a changed fake_client), else the builder's. Two courses with the same
    import home and sources can share a zygote; a child still works in its own course."""
    return root if any((root / package).is_dir() for package in RUNTIME_PACKAGES) else BUILDER_HOME


# What a lesson worker keeps of the builder's environment: what Python and the system need to
# run, nothing that varies by who builds or how (a CI's secrets, pytest's per-test
# PYTEST_CURRENT_TEST). Lesson code then sees the same environment in every build, and a kept
# zygote fits every build of the same sources.
_KEPT_VARIABLES = ("PATH", "HOME", "LANG", "LC_ALL", "LC_CTYPE", "TMPDIR", "TZ", "SYSTEMROOT", "PYTHONPATH",
                   "FAKE_CLIENT_TODAY")  # fake_client's own: the day its catalogue judges retirement by


def _worker_environment(root: Path) -> dict:
    environment = {name: os.environ[name] for name in _KEPT_VARIABLES if name in os.environ}
    environment["PYTHONPATH"] = os.pathsep.join(
        [str(root), str(BUILDER_HOME)] + ([environment["PYTHONPATH"]] if environment.get("PYTHONPATH") else []))
    environment["PYTHONHASHSEED"] = "0"
    environment["PYTHONIOENCODING"] = "utf-8"
    return environment


def _reply(line: Optional[str], by_key: dict[str, RunRequest]) -> Optional[tuple[RunRequest, dict]]:
    """A worker's reply line read, or None when there is none (the worker died) or it is
    unreadable (lesson code wrote on the replies' pipe)."""
    if line is None:
        return None
    try:
        reply = json.loads(line)
        return by_key[reply["key"]], dict(reply["transcript"])
    except (ValueError, KeyError, TypeError):
        return None


def _pump(stream, lines: "queue.Queue[Optional[str]]") -> None:
    try:
        for line in stream:
            lines.put(line)
    finally:
        lines.put(None)


def _collect(stream, errors: "collections.deque[str]") -> None:
    for line in stream:
        errors.append(line.decode("utf-8", "replace"))


def _feed(stream, jobs: str) -> None:
    try:
        stream.write(jobs)
        stream.close()
    except (BrokenPipeError, OSError):
        pass


def _stopped_from_outside(timeout: float) -> dict:
    return {"output": "", "chunks": [], "status": "timeout", "calls": [],
            "error": {"type": "Timeout", "message": f"the run did not finish within {timeout:g} s "
                                                    "(stopped by the build)", "line": None}}


def _crashed(process: subprocess.Popen, errors: "collections.deque[str]", line: Optional[str]) -> dict:
    """The transcript of the chain a worker was running when it died (or garbled its reply)."""
    if line is not None:
        how = "wrote something else than its reply on the runner's pipe"
    else:
        try:
            status = process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            status = None
        how = _how_it_ended(status)
    tail = "".join(errors).strip()
    lines = tail.splitlines()[-5:]
    output = "\n".join(lines) + ("\n" if lines else "")
    return {"output": output, "chunks": [["stderr", output]] if output else [], "status": "error", "calls": [],
            "error": {"type": "RunnerCrashed", "line": None,
                      "message": f"the Python process running this chain {how} before the chain finished "
                                 "(os._exit(), a signal, or the system ran out of memory)"}}


def _how_it_ended(status: Optional[int]) -> str:
    if status is None:
        return "stopped answering"
    if status < 0:
        try:
            name = signal.Signals(-status).name
        except ValueError:
            name = f"signal {-status}"
        return f"was killed by {name}"
    return f"exited with status {status}"
