"""The repository's course, scanned once per test process (no tests here).

Many test modules make their parameter lists (pages, lessons, languages) from the course at
import time; each scan reads and checks every lesson and quiz file (about 0.3 s), and every
test worker imports every module."""

import functools
from pathlib import Path

from lesson_builder import build_course, scan_course

REPO = Path(__file__).resolve().parents[2]


@functools.cache
def repo_course():
    """`lesson_builder.scan_course` of the repository, as it was when first asked for: share it, do not change it."""
    return scan_course(REPO)


@functools.cache
def built_repo_course():
    """`lesson_builder.build_course` of the repository without rendering (every run checked,
    from the transcript cache when it holds them), once per test process for the content
    tests that read its runs: share it, do not change it."""
    return build_course(REPO, render=False)
