"""What kind of run this is. The fast loop's guard: what builds a site or starts Chromium
calls `refuse_in_fast_run` first, so that a test needing either, but not marked so
(tests/conftest.py), fails in `scripts/test --fast` with the reason, instead of making the
loop slow."""

import os

import pytest

FAST_RUN = os.environ.get("TESTS_FAST") == "1"
# The test files a session collected, as repository paths, before `-m` deselects any
# (set by tests/conftest.py, read by tests/unit/test_collection.py).
COLLECTED_FILES = pytest.StashKey[set]()


def refuse_in_fast_run(what: str) -> None:
    if FAST_RUN:
        pytest.fail(f"this test needs {what}, which the fast loop (scripts/test --fast) leaves out: "
                    "mark it `site` or `browser` (see tests/conftest.py)", pytrace=False)
