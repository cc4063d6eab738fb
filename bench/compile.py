"""Benchmark of the build core alone (no MkDocs): prints figures, asserts nothing.

On a temporary copy of a checkout (this one, or each ``--tree``, interleaved so that the
machine's load hits them alike), ``lesson_builder.build_course`` with rendering:

  (a) cold: no `.lesson-cache`, every chain runs and every picture is drawn
  (b) warm: a new process's build with the caches on disk, nothing changed
  (c) rebuild: in a process that built already (``mkdocs serve``'s memo), after one
      sentence of one lesson is edited

Each build runs in a child process of its own (``--one``), which reports its wall time and
the build process's CPU time as one JSON line (the lesson workers are the zygote's children
and the zygote outlives the build: their CPU is not in the figure).

Usage: .venv/bin/python bench/compile.py [--repeat 3] [--tree PATH ...] [--lesson tool-loop] [--lang ru]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def copy_tree(tree: Path, target: Path) -> None:
    """The checkout's tracked and new files (its lessons, builder and runtime)."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=tree,
                            check=True, capture_output=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        if (tree / name).is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(tree / name, target / name)


def one(root: Path, what: str, lesson: str, lang: str) -> None:
    """In a child process: one cold or warm build, or a build, an edit and the rebuild."""
    sys.path.insert(0, str(root))
    from lesson_builder import build_course
    from lesson_builder._build import LessonMemo

    memo = LessonMemo("") if what == "rebuild" else None
    if what == "rebuild":
        build_course(root, memo=memo)
        page = root / "lessons" / lesson / f"{lang}.md"
        text = page.read_text(encoding="utf-8")
        page.write_text(f"{text.rstrip()}\n\nbenchedit{os.getpid()}\n", encoding="utf-8")
    before, start = _cpu(), time.perf_counter()
    course = build_course(root, memo=memo)
    wall, cpu = time.perf_counter() - start, _cpu() - before
    if what == "rebuild":
        page.write_text(text, encoding="utf-8")
    if course.problems:
        raise SystemExit(course.problems.report())
    print(json.dumps({"wall": wall, "cpu": cpu, "chains": course.chains_run}))


def _cpu() -> float:
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def timed(copy: Path, what: str, args) -> dict:
    result = subprocess.run([sys.executable, __file__, "--one", what, "--root", str(copy), "--lesson", args.lesson,
                             "--lang", args.lang], capture_output=True, text=True,
                            env={**os.environ, "PYTHONPATH": str(copy), "PYTHONDONTWRITEBYTECODE": "1"})
    if result.returncode != 0:
        raise SystemExit(f"{copy}: {what} failed:\n{result.stdout}\n{result.stderr}")
    return json.loads(result.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--tree", action="append", type=Path, help="a checkout to measure (default: this one)")
    parser.add_argument("--lesson", default="tool-loop")
    parser.add_argument("--lang", default="ru")
    parser.add_argument("--one", choices=["cold", "warm", "rebuild"], help=argparse.SUPPRESS)
    parser.add_argument("--root", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        one(args.root, args.one, args.lesson, args.lang)
        return
    trees = [tree.resolve() for tree in (args.tree or [REPO])]
    figures: dict[tuple[Path, str], list[dict]] = {}
    with tempfile.TemporaryDirectory(prefix="bench-compile-") as folder:
        copies = {tree: Path(folder) / str(index) for index, tree in enumerate(trees)}
        for tree, copy in copies.items():
            copy_tree(tree, copy)
        for _ in range(args.repeat):
            for tree, copy in copies.items():
                shutil.rmtree(copy / ".lesson-cache", ignore_errors=True)
                for what in ("cold", "warm", "rebuild"):
                    figures.setdefault((tree, what), []).append(timed(copy, what, args))
    print(f"{args.repeat} runs each, {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}")
    for tree in trees:
        print(tree)
        for what, label in (("cold", "(a) cold"), ("warm", "(b) warm"), ("rebuild", f"(c) rebuild after editing "
                                                                                   f"{args.lang}/{args.lesson}")):
            runs = figures[(tree, what)]
            walls = [run["wall"] for run in runs]
            print(f"  {label:<40} wall min {min(walls):6.2f} s  median {statistics.median(walls):6.2f} s  "
                  f"CPU median {statistics.median(run['cpu'] for run in runs):6.2f} s  "
                  f"chains run {runs[-1]['chains']}")


if __name__ == "__main__":
    main()
