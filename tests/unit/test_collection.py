"""Every test file is collected by a plain `pytest`, the run that scripts/test and CI make.

pytest silently skips folders that match its `norecursedirs` (by default it holds "build",
and so once hid all of tests/build): a test file that no run collects passes forever.
"""

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def collected_files() -> set[str]:
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"],
        cwd=REPO, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    return {line.split("::", 1)[0] for line in result.stdout.splitlines() if "::" in line}


def files_under_tests() -> set[str]:
    return {path.relative_to(REPO).as_posix() for path in (REPO / "tests").rglob("test_*.py")
            if "node_modules" not in path.parts}


def test_every_test_file_under_tests_is_collected_by_a_plain_run():
    files = files_under_tests()
    assert "tests/build/test_site.py" in files  # the folder pytest's defaults used to skip
    missing = sorted(files - collected_files())
    assert not missing, f"test files no plain `pytest` run collects: {missing}"
