"""Build-time benchmark of the site: prints figures, asserts nothing.

All in one run, on a temporary copy of the repository (the working tree's caches are never
read or written), with the full course as it stands:

  (a) cold build: `mkdocs build` with none of the caches the build owns (`.lesson-cache/`:
      transcripts and whatever else the `lessons` plugin keeps there), so every snippet and
      quiz runs; the start-up files (`build/startup-cache/`, the precompiled standard library
      and the memory snapshot, made once per version of the Python packages by Chromium) are
      kept: see --fresh-clone for a build without them
  (b) warm build: `mkdocs build` again, caches present, nothing changed
  (c) `mkdocs serve` (as scripts/serve starts it): after its first build, one sentence of
      one language of one lesson is edited; the time from the edit until the server's
      "Reloading browsers" line (the rebuild done), checked against the served page; and
      the build alone, from the server's "Detected file changes"

Each figure: wall time (min / median over the repeats) and the CPU time of the processes
(children included), since the machine may be shared. Then the ratios (a)/(b) and (c)/(b)
from the medians of this run.

Usage: .venv/bin/python bench/build.py [--repeat 3] [--lesson tool-loop] [--lang ru] [--fresh-clone]
(the front end must be bundled: npm run build).
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
MKDOCS = REPO / ".venv" / "bin" / "mkdocs"
# The caches a build of ours keeps inside the project; a cold build starts without them.
OWN_CACHES = (".lesson-cache",)
STARTUP_CACHE = Path("build") / "startup-cache"
# Made by `npm run build`, not tracked, needed by the build.
BUNDLE = Path("frontend") / "dist"
SERVE_TIME_LIMIT_S = 300


def project_copy(target: Path) -> None:
    """The working tree's tracked and new files (as they are now), the bundle, the start-up
    files; node_modules linked (read only)."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                            cwd=REPO, check=True, capture_output=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        source = REPO / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    shutil.copytree(REPO / BUNDLE, target / BUNDLE)
    if (REPO / STARTUP_CACHE).is_dir():
        shutil.copytree(REPO / STARTUP_CACHE, target / STARTUP_CACHE)
    (target / "node_modules").symlink_to(REPO / "node_modules")


def environment(copy: Path) -> dict:
    # The copy's own lesson_builder, not the editable install's (the working tree's).
    return {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(copy), "PYTHONDONTWRITEBYTECODE": "1"}


def forget_caches(copy: Path, *, startup: bool = False) -> None:
    for name in OWN_CACHES + ((str(STARTUP_CACHE),) if startup else ()):
        shutil.rmtree(copy / name, ignore_errors=True)


def timed_build(copy: Path) -> tuple[float, float]:
    """(wall s, CPU s) of one `mkdocs build` in the copy."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    result = subprocess.run([str(MKDOCS), "build", "--strict", "-q", "--site-dir", str(copy / "site")],
                            cwd=copy, env=environment(copy), capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode != 0:
        raise SystemExit(f"mkdocs build failed:\n{result.stdout}\n{result.stderr}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def prose_line(text: str) -> int:
    """Index of the first line of running text (outside front matter, fences and blocks)."""
    lines = text.split("\n")
    fence = front = False
    for index, line in enumerate(lines):
        if index == 0 and line == "---":
            front = True
            continue
        if front:
            front = line != "---"
            continue
        if line.startswith("```"):
            fence = not fence
            continue
        if not fence and re.match(r"\w", line) and not line.startswith(":::"):
            return index
    raise SystemExit("no prose line found in the lesson")


class ServeSession:
    """`mkdocs serve` in the copy, its log lines read as they come, with their times."""

    def __init__(self, copy: Path):
        self.port = _free_port()
        self.lines: list[tuple[float, str]] = []
        self._seen = threading.Condition()
        self.process = subprocess.Popen(
            [str(MKDOCS), "serve", "-a", f"127.0.0.1:{self.port}"], cwd=copy, env=environment(copy),
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, encoding="utf-8", errors="replace")
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.process.stderr:
            with self._seen:
                self.lines.append((time.perf_counter(), line.rstrip()))
                self._seen.notify_all()

    def wait_for(self, text: str, after: int = 0) -> tuple[float, int]:
        """Time of the first log line from index ``after`` on that holds ``text``, and its index."""
        deadline = time.monotonic() + SERVE_TIME_LIMIT_S
        with self._seen:
            while True:
                for index in range(after, len(self.lines)):
                    if text in self.lines[index][1]:
                        return self.lines[index][0], index + 1
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit("mkdocs serve stopped or hung:\n" + "\n".join(l for _, l in self.lines[-30:]))
                self._seen.wait(timeout=1)

    def cpu_seconds(self) -> float:
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        # utime, stime, cutime, cstime (fields 14-17 of the whole line)
        return sum(int(value) for value in fields[11:15]) / os.sysconf("SC_CLK_TCK")

    def page(self, path: str) -> str:
        with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/{path}", timeout=30) as response:
            return response.read().decode("utf-8")

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def serve_rebuilds(copy: Path, lesson: Path, url: str, repeat: int) -> tuple[list[float], list[float], list[float]]:
    """(wall s, CPU s, wall s of the build alone) of each rebuild after a one-sentence edit
    of ``lesson``; the build alone runs from the server's "Detected file changes" (it then
    waits for 0.1 s without changes) to "Reloading browsers"."""
    session = ServeSession(copy)
    walls, cpus, builds = [], [], []
    original = lesson.read_text(encoding="utf-8")
    try:
        _, seen = session.wait_for("Serving on")
        for round_ in range(repeat):
            lines = original.split("\n")
            marker = f"benchedit{round_}{os.getpid()}"
            lines[prose_line(original)] += f" {marker}"
            cpu_before = session.cpu_seconds()
            edited = time.perf_counter()
            lesson.write_text("\n".join(lines), encoding="utf-8")
            detected, seen = session.wait_for("Detected file changes", seen)
            done, seen = session.wait_for("Reloading browsers", seen)
            walls.append(done - edited)
            builds.append(done - detected)
            cpus.append(session.cpu_seconds() - cpu_before)
            if marker not in session.page(url):
                raise SystemExit(f"the rebuilt page {url} does not show the edit")
    finally:
        lesson.write_text(original, encoding="utf-8")
        session.stop()
    return walls, cpus, builds


def line(label: str, walls: list[float], cpus: list[float]) -> None:
    shown = ", ".join(f"{value:.2f}" for value in walls)
    print(f"{label:<44} min {min(walls):6.2f} s  median {statistics.median(walls):6.2f} s  "
          f"CPU median {statistics.median(cpus):6.2f} s   [{shown}]")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--lesson", default="tool-loop")
    parser.add_argument("--lang", default="ru")
    parser.add_argument("--fresh-clone", action="store_true",
                        help="also time one build without the start-up files (Chromium makes the snapshot)")
    args = parser.parse_args()
    if not (REPO / BUNDLE / "main.js").is_file():
        raise SystemExit("frontend/dist is missing: npm run build")

    with tempfile.TemporaryDirectory(prefix="bench-build-") as folder:
        copy = Path(folder) / "project"
        project_copy(copy)
        timed_build(copy)  # makes the start-up files when the working tree has none yet
        cold, cold_cpu, warm, warm_cpu = [], [], [], []
        for _ in range(args.repeat):  # interleaved, so that the machine's load hits both alike
            forget_caches(copy)
            wall, cpu = timed_build(copy)
            cold.append(wall), cold_cpu.append(cpu)
            wall, cpu = timed_build(copy)
            warm.append(wall), warm_cpu.append(cpu)
        fresh = None
        if args.fresh_clone:
            forget_caches(copy, startup=True)
            fresh = timed_build(copy)
        prefix = "" if args.lang == "bg" else f"{args.lang}/"
        lesson = copy / "lessons" / args.lesson / f"{args.lang}.md"
        serve, serve_cpu, serve_build = serve_rebuilds(copy, lesson, f"{prefix}lessons/{args.lesson}/", args.repeat)

    lessons = len(list((REPO / "lessons").glob("*/*.md")))
    print(f"{lessons} lesson pages, {args.repeat} runs each, {os.cpu_count()} cores, "
          f"load average {os.getloadavg()[0]:.1f}")
    line("(a) cold build (no .lesson-cache)", cold, cold_cpu)
    line("(b) warm build (caches, nothing changed)", warm, warm_cpu)
    line(f"(c) serve: rebuild after editing {args.lang}/{args.lesson}", serve, serve_cpu)
    line("    of which the build (detected -> reloading)", serve_build, serve_cpu)
    if fresh is not None:
        line("    fresh clone (no start-up files either)", [fresh[0]], [fresh[1]])
    warm_median = statistics.median(warm)
    print(f"(a)/(b) = {statistics.median(cold) / warm_median:.2f}   (c)/(b) = "
          f"{statistics.median(serve) / warm_median:.2f}   CPU (a)/(b) = "
          f"{statistics.median(cold_cpu) / statistics.median(warm_cpu):.2f}   (c)/(b) = "
          f"{statistics.median(serve_cpu) / statistics.median(warm_cpu):.2f}   "
          f"(targets: (a) <= 2 x (b); (c) <= 0.3 x (b))")


if __name__ == "__main__":
    main()
