"""The browser tests' fixtures come from ``browser_harness.py`` (shared with tests/hostile)."""

from browser_harness import (browser, built_site, isolated_site_url, notice_site, page, page_log,  # noqa: F401
                             site_url, snippets)
