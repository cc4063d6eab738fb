"""The browser tests' fixtures come from ``browser_harness.py`` (shared with tests/hostile)."""

from browser_harness import browser, built_site, isolated_site_url, page, page_log, site_url, snippets  # noqa: F401
