"""Every test file is collected by a plain `pytest`, the run that scripts/test and CI make.

pytest silently skips folders that match its `norecursedirs` (by default it holds "build",
and so once hid all of tests/build): a test file that no run collects passes forever.

A run that collected from the configured test paths (`pytest`, `scripts/test`, `--fast`)
is its own witness: tests/conftest.py keeps the files it collected, before any `-m`
deselects. A run given paths of its own asks a plain collection in a subprocess.
"""

import subprocess
import sys
from pathlib import Path

from support.run_kind import COLLECTED_FILES

REPO = Path(__file__).resolve().parents[2]


def files_collected_by_a_plain_run(config) -> set[str]:
    if config.args_source == config.ArgsSource.TESTPATHS and config.stash.get(COLLECTED_FILES, None):
        return config.stash[COLLECTED_FILES]
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", "-p", "no:xdist"],
        cwd=REPO, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    return {line.split("::", 1)[0] for line in result.stdout.splitlines() if "::" in line}


def files_under_tests() -> set[str]:
    """The test files of tests/ and of each quiz kind's folder (quiz_kinds/<kind>/)."""
    return {path.relative_to(REPO).as_posix() for folder in ("tests", "quiz_kinds")
            for path in (REPO / folder).rglob("test_*.py") if "node_modules" not in path.parts}


def test_every_test_file_under_tests_is_collected_by_a_plain_run(pytestconfig):
    files = files_under_tests()
    assert "tests/build/test_site.py" in files  # the folder pytest's defaults used to skip
    missing = sorted(files - files_collected_by_a_plain_run(pytestconfig))
    assert not missing, f"test files no plain `pytest` run collects: {missing}"


def test_no_test_folder_is_named_like_a_package_of_the_product():
    # pytest puts a test file's folder's parent on sys.path; a folder named `fake_client` there
    # is an empty namespace package that shadows the real one, which the editable install finds
    # only after every path entry: a test then imports nothing ("unknown location").
    products = {path.parent.name for path in REPO.glob("*/__init__.py")}
    assert "fake_client" in products
    clashing = sorted(path.relative_to(REPO).as_posix() for path in (REPO / "tests").rglob("*")
                      if path.is_dir() and path.name in products)
    assert not clashing, f"test folders named like a product package: {clashing}"
