"""The hostile suite: bad requests to fake_client and its server, author mistakes through the
real build, learner code that misbehaves. Each area prints one line at the end of the session
("bad requests: 412 tried, 412 handled"; tests/conftest.py prints them)."""

import sys
from pathlib import Path


HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
for folder in (HERE, REPO / "tests" / "build", REPO / "tests" / "unit", REPO / "tests" / "browser"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

# The browser cases use the browser tests' fixtures (one site build per session).
from browser_harness import browser, built_site, isolated_site_url, page, page_log, site_url, snippets  # noqa: E402,F401

