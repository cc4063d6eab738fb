"""Run snippet chains in subprocesses, each distinct chain once, with a cache on disk.

Every lesson's chains go to one fresh ``python -m lesson_builder._chain_worker`` (a clean
interpreter per lesson; a fresh namespace per chain inside it). Lessons run in parallel.
A chain that outlives its time limit plus a grace period is stopped from outside (for
what the in-Python deadline cannot interrupt, like a long ``time.sleep``).
Finished runs are cached by a hash of the chain, the time limit, the sources of
``fake_client`` and ``lesson_runtime`` and the Python version, so ``mkdocs serve``
rebuilds only what changed.
"""

import hashlib
import json
import os
import queue
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Optional

BUILDER_HOME = Path(__file__).resolve().parent.parent
GRACE_SECONDS = 15.0  # interpreter start and imports, on a loaded machine
RUNTIME_PACKAGES = ("fake_client", "lesson_runtime")


@dataclass(frozen=True)
class RunRequest:
    setup: tuple[str, ...]
    code: str
    timeout: float

    def key(self, fingerprint: str) -> str:
        payload = json.dumps([fingerprint, list(self.setup), self.code, self.timeout], ensure_ascii=False)
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

    def put(self, key: str, transcript: dict) -> None:
        # A run stopped by a limit may be a slow machine, not the code: run it again next time.
        if self.folder is None or transcript["status"] == "timeout":
            return
        target = self.folder / f"{key}.json"
        temporary = target.with_suffix(f".{os.getpid()}.{threading.get_ident()}.tmp")
        temporary.write_text(json.dumps(transcript, ensure_ascii=False), encoding="utf-8")
        os.replace(temporary, target)


class ChainRunner:
    def __init__(self, root: Path, cache_folder: Optional[Path] = None, workers: Optional[int] = None):
        self.root = root
        self.cache = TranscriptCache(cache_folder)
        self.fingerprint = sources_fingerprint(root)
        self.workers = workers or max(1, min(4, os.cpu_count() or 1))

    def run_groups(self, groups: Iterable[list[RunRequest]]) -> dict[RunRequest, dict]:
        """Run each group (a lesson's chains) in its own subprocess; each request once."""
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
        with ThreadPoolExecutor(max_workers=self.workers) as pool:
            for finished in pool.map(self._run_in_subprocess, pending_groups):
                results.update(finished)
        return results

    def _run_in_subprocess(self, requests: list[RunRequest]) -> dict[RunRequest, dict]:
        results: dict[RunRequest, dict] = {}
        remaining = list(requests)
        while remaining:
            finished = _WorkerProcess(self.root).run(remaining)
            for request, transcript in finished.items():
                results[request] = transcript
                self.cache.put(request.key(self.fingerprint), transcript)
            remaining = [request for request in remaining if request not in results]
        return results


class _WorkerProcess:
    """One subprocess; returns what it finished, with the job that killed it (if any) marked."""

    def __init__(self, root: Path):
        self.root = root

    def run(self, requests: list[RunRequest]) -> dict[RunRequest, dict]:
        by_key = {f"{index}": request for index, request in enumerate(requests)}
        environment = dict(os.environ)
        environment["PYTHONPATH"] = os.pathsep.join(
            [str(self.root), str(BUILDER_HOME)] + ([environment["PYTHONPATH"]] if environment.get("PYTHONPATH") else []))
        environment["PYTHONHASHSEED"] = "0"
        environment["PYTHONIOENCODING"] = "utf-8"
        process = subprocess.Popen(
            [sys.executable, "-m", "lesson_builder._chain_worker"], cwd=self.root, env=environment,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, encoding="utf-8")
        lines: "queue.Queue[Optional[str]]" = queue.Queue()
        threading.Thread(target=_pump, args=(process.stdout, lines), daemon=True).start()
        errors: list[str] = []
        threading.Thread(target=_collect, args=(process.stderr, errors), daemon=True).start()
        jobs = "".join(json.dumps({"key": key, "setup": list(r.setup), "code": r.code, "timeout": r.timeout},
                                  ensure_ascii=False) + "\n" for key, r in by_key.items())
        threading.Thread(target=_feed, args=(process.stdin, jobs), daemon=True).start()
        results: dict[RunRequest, dict] = {}
        try:
            for key, request in by_key.items():
                try:
                    line = lines.get(timeout=request.timeout + GRACE_SECONDS)
                except queue.Empty:
                    results[request] = _stopped_from_outside(request.timeout)
                    break
                if line is None:
                    results[request] = _crashed("".join(errors))
                    break
                reply = json.loads(line)
                results[by_key[reply["key"]]] = reply["transcript"]
        finally:
            process.kill()
            process.wait()
        return results


def _pump(stream, lines: "queue.Queue[Optional[str]]") -> None:
    for line in stream:
        lines.put(line)
    lines.put(None)


def _collect(stream, errors: list[str]) -> None:
    for line in stream:
        errors.append(line)


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


def _crashed(stderr: str) -> dict:
    tail = stderr.strip().splitlines()[-5:]
    return {"output": "\n".join(tail), "chunks": [["stderr", "\n".join(tail)]], "status": "error", "calls": [],
            "error": {"type": "RunnerCrashed", "message": "the Python process running this chain died", "line": None}}
