"""What each test needs, as marks, for the fast loop (`scripts/test --fast`).

`browser`: the test drives Chromium (so every test of tests/browser, even one that only
reads what the others found). `site`: it needs a built site (the one scripts/test
builds, or a copy of the project built with mkdocs). Both come from the fixtures a test asks
for (below), or from a module's own `pytestmark` where it builds a copy itself. The fast loop
runs `-m "not browser and not site"` with TESTS_FAST=1, and under it the fixtures and helpers
that build a site or start Chromium fail at once (`run_kind.refuse_in_fast_run`), so an
unmarked test cannot slip into the fast loop and make it slow.

What the tests share lives in tests/support/, a package: its fixtures are registered here,
once, for every folder (`pytest_plugins`); a test imports its helpers from `support.*`,
never from another test folder.
"""

import os
from pathlib import Path

import pytest
from support.hostile_tally import add, counts, summary
from support.run_kind import COLLECTED_FILES

# Fixtures: the built site served, Chromium and its pages (browser and hostile tests), the
# quiz driver.
pytest_plugins = ["support.browser_harness", "support.quiz_support"]

REPO = Path(__file__).resolve().parents[1]
# The model catalogue judges retirement against today's date: the tests pin "today" so that a
# model's retirement day does not change their outcome (fake_client._models.today). The test
# that the lessons' models are not retiring soon reads the real date on purpose.
os.environ.setdefault("FAKE_CLIENT_TODAY", "2026-12-05")
# (clean_site, broken_site, site_copy: copies of the project that the build and hostile tests build)
SITE_FIXTURES = {"built_site", "site", "site_url", "isolated_site_url", "notice_site",
                 "clean_site", "broken_site", "site_copy"}
BROWSER_FIXTURES = {"browser", "page", "page_log", "snippets"}


@pytest.fixture(autouse=True)
def no_fake_client_faults_left():
    """Every test starts and ends with no pending fake_client fault in its context. A fault
    that a lesson program queued and never met (the program stopped first) would otherwise
    reach the next test on the same worker that calls an in-process client, whatever file
    it is in (a fast run met a first-steps `split_text` in the Responses contract tests)."""
    from fake_client import faults
    faults.clear()
    yield
    faults.clear()


@pytest.hookimpl(tryfirst=True)  # before `-m` deselects anything
def pytest_collection_modifyitems(config, items):
    config.stash[COLLECTED_FILES] = {item.path.relative_to(REPO).as_posix() for item in items}
    for item in items:
        asked = set(getattr(item, "fixturenames", ()))
        if asked & BROWSER_FIXTURES or item.path.parent.name == "browser":
            item.add_marker(pytest.mark.browser)
        if asked & SITE_FIXTURES:
            item.add_marker(pytest.mark.site)


def pytest_terminal_summary(terminalreporter):
    """The hostile suite's tally (tests/support/hostile_tally.py), one line per area."""
    lines = summary()
    if lines:
        terminalreporter.section("hostile suite")
        for line in lines:
            terminalreporter.write_line(line)


# Under pytest-xdist the cases run in the workers: each hands its tally to the main process.
def pytest_sessionfinish(session):
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:
        workeroutput["hostile_tally"] = counts()


@pytest.hookimpl(optionalhook=True)  # an xdist hook: there only when xdist is
def pytest_testnodedown(node, error):
    add(getattr(node, "workeroutput", {}).get("hostile_tally", {}))
