"""A returning learner after a rebuild (issue 19), in real Chromium with two real builds of
the site: the second has one lesson edited. Served one after the other on one address, the
service worker downloads only the files whose revision changed, keeps the previous build's
copies while a page that was open at the update still is, and afterwards every page opens
offline and a snippet runs."""

from __future__ import annotations

import pytest
from support.offline_update_support import (
    ADDED_SENTENCE,
    CACHED_KEYS,
    EDITED_PAGE,
    SERVICE_WORKER,
    SwitchingServer,
    changed_urls,
    manifest_of,
    rebuild_with_one_lesson_edited,
    site_pages,
)
from support.startup_support import close_shared_workers, first_checked_snippet, run_snippet, wait_offline_ready

OTHER_PAGE = "lessons/tool-loop/"


@pytest.fixture(scope="module")
def rebuilt_site(built_site, tmp_path_factory):
    return rebuild_with_one_lesson_edited(tmp_path_factory.mktemp("rebuild"))


def python_ready(page) -> None:
    page.wait_for_function("() => document.documentElement.dataset.pythonInterpreter", timeout=60_000)


def revision_key(server, site, url) -> str:
    (revision,) = [entry["revision"] for entry in manifest_of(site)["entries"] if entry["url"] == url]
    return f"{server.url(url)}?__revision={revision}"


def test_after_a_one_lesson_edit_only_the_changed_files_are_downloaded(page, browser, built_site, rebuilt_site):
    changed = changed_urls(built_site, rebuilt_site)
    # The edit's own page is among them; the runtime (and so the 10 MB of Pyodide) is not.
    assert EDITED_PAGE in changed
    assert not [url for url in changed if url.startswith("assets/")], changed
    old_version, new_version = manifest_of(built_site)["version"], manifest_of(rebuilt_site)["version"]
    assert old_version != new_version

    server = SwitchingServer(built_site)
    try:
        page.goto(server.url(EDITED_PAGE))
        python_ready(page)
        assert wait_offline_ready(page) == old_version
        # A page of the first build stays open in another tab through the update.
        old_tab = page.context.new_page()
        old_tab.goto(server.url(OTHER_PAGE))

        server.switch_to(rebuilt_site)
        page.reload()
        wait_offline_ready(page, new_version)
        fetched = [sent.url for sent in server.log]
        # The reloaded page itself (pages come from the network first) and the new worker's
        # script, and else only what the rebuild changed, each once.
        assert sorted(set(fetched)) == sorted(changed | {EDITED_PAGE, SERVICE_WORKER}), fetched
        assert fetched.count(EDITED_PAGE) <= 2 and all(fetched.count(url) == 1 for url in changed - {EDITED_PAGE})
        assert ADDED_SENTENCE in page.locator("article").inner_text()

        # The first build's copy of the edited page is kept while the tab opened before the
        # update is open; once it (and the Python worker of that visit) is gone, it goes.
        old_copy = revision_key(server, built_site, EDITED_PAGE)
        new_copy = revision_key(server, rebuilt_site, EDITED_PAGE)
        keys = page.evaluate(CACHED_KEYS)
        assert old_copy in keys and new_copy in keys
        old_tab.close()
        close_shared_workers(browser)
        page.goto(server.url(OTHER_PAGE))
        deadline_ms = 20_000
        while old_copy in page.evaluate(CACHED_KEYS):
            assert deadline_ms > 0, "the previous build's copy was never deleted"
            wait_offline_ready(page, new_version)  # a message to the worker: it checks again
            page.wait_for_timeout(300)
            deadline_ms -= 300
        keys = page.evaluate(CACHED_KEYS)
        assert new_copy in keys
        assert len(keys) == len(manifest_of(rebuilt_site)["entries"]), "one copy of each file, nothing else"
    finally:
        server.stop()

    # Offline: every page of the new build opens, under its folder address and index.html.
    close_shared_workers(browser)
    for path in site_pages(rebuilt_site):
        for address in (path, path + "index.html"):
            response = page.goto(server.url(address))
            assert response is not None and response.ok, f"{address}: {response and response.status}"
            assert page.locator("article, main").count() > 0, address
    page.goto(server.url(EDITED_PAGE))
    assert ADDED_SENTENCE in page.locator("article").inner_text(), "offline, the edited page is the new one"
    snippet_id, expected = first_checked_snippet(page)
    state, output = run_snippet(page, snippet_id)
    assert (state, output.rstrip()) == ("done", expected.rstrip())
