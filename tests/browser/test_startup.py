"""Python ready before the learner asks (issue 7), in real Chromium with the real site:
one interpreter shared by the pages of a visit, stops that do not disturb other pages,
offline after one visit, and a normal start when the snapshot is broken.

Hooks the runner puts on <html>: ``data-python-starts`` (interpreter starts this page waited
for), ``data-python-interpreter`` (the name of the interpreter the page uses, the same on
every page that shares it), ``data-python-host`` (``shared`` or ``dedicated``).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from support.startup_support import (
    LocalServer,
    close_shared_workers,
    first_checked_snippet,
    run_snippet,
    wait_offline_ready,
)

FIRST_PAGE = "lessons/first-steps/"
SECOND_PAGE = "lessons/tool-loop/"
PLAYGROUND = "playground/"


def python_ready(page, timeout: int = 60_000) -> dict:
    page.wait_for_function("() => document.documentElement.dataset.pythonInterpreter", timeout=timeout)
    return page.evaluate(
        """() => ({starts: document.documentElement.dataset.pythonStarts,
                   interpreter: document.documentElement.dataset.pythonInterpreter,
                   host: document.documentElement.dataset.pythonHost})"""
    )


def test_next_page_runs_without_a_new_interpreter_start(page, site_url, snippets):
    page.goto(site_url(FIRST_PAGE))
    snippet_id, expected = first_checked_snippet(page)
    state, output = snippets.run(snippet_id)
    assert (state, output.rstrip()) == ("done", expected.rstrip())
    first = python_ready(page)
    assert first["host"] == "shared"
    assert first["starts"] == "1"

    page.goto(site_url(SECOND_PAGE))
    snippet_id, expected = first_checked_snippet(page)
    state, output = snippets.run(snippet_id, timeout=10_000)
    assert (state, output.rstrip()) == ("done", expected.rstrip())
    second = python_ready(page)
    assert second["interpreter"] == first["interpreter"], "the second page started its own interpreter"
    assert second["starts"] == "0"


def test_stopping_a_loop_on_one_page_leaves_the_other_page_working(page, site_url, snippets):
    other = page.context.new_page()
    try:
        page.goto(site_url(PLAYGROUND))
        other.goto(site_url(FIRST_PAGE))
        assert python_ready(page)["interpreter"] == python_ready(other)["interpreter"]

        snippets.set_code("try-tools", 'print("started", flush=True)\nn = 0\nwhile True:\n    n += 1\n')
        snippets.root("try-tools").locator('[data-action="run"]').click()
        output = snippets.root("try-tools").locator("[data-output]")
        page.wait_for_function("element => element.textContent === 'started\\n'", arg=output.element_handle(), timeout=10_000)
        snippets.root("try-tools").locator('[data-action="stop"]').click()
        assert snippets.wait_state("try-tools", timeout=5_000) == "stopped"

        snippet_id, expected = first_checked_snippet(other)
        state, output = run_snippet(other, snippet_id, timeout=10_000)
        assert (state, output.rstrip()) == ("done", expected.rstrip())
        # The stopped page runs again too, in the same shared interpreter.
        state, output = snippets.run("try-lookup", timeout=10_000)
        assert state == "done"
        assert python_ready(page)["host"] == "shared"
    finally:
        other.close()


def test_a_run_stuck_where_python_cannot_stop_it_moves_the_page_to_its_own_worker(page, site_url, snippets):
    page.goto(site_url(PLAYGROUND))
    shared = python_ready(page)["interpreter"]
    # One long call into C: the trace function never runs, so only a worker of its own helps.
    snippets.set_code("try-tools", 'print("started", flush=True)\nprint(sum(range(10**10)))\n')
    snippets.root("try-tools").locator('[data-action="run"]').click()
    # Stopped once it runs in Python (a run still waiting in the queue is simply dropped).
    output = snippets.root("try-tools").locator("[data-output]")
    page.wait_for_function("element => element.textContent === 'started\\n'", arg=output.element_handle(), timeout=10_000)
    snippets.root("try-tools").locator('[data-action="stop"]').click()
    assert snippets.wait_state("try-tools", timeout=10_000) == "stopped"
    state, _ = snippets.run("try-lookup", timeout=60_000)
    assert state == "done"
    now = python_ready(page)
    assert now["host"] == "dedicated"
    assert now["interpreter"] != shared


@pytest.fixture
def own_server(built_site, page):
    servers = []

    def serve(folder: Path = built_site) -> LocalServer:
        server = LocalServer(folder)
        servers.append(server)
        return server

    yield serve
    # The page leaves before its servers stop: a request still in flight (the service
    # worker's script) would otherwise fail as the test ends and log a console error.
    page.goto("about:blank")
    for server in servers:
        server.stop()


def test_with_the_server_stopped_after_one_visit_a_lesson_loads_and_runs(page, own_server, browser, snippets):
    server = own_server()
    page.goto(server.url(FIRST_PAGE))
    python_ready(page)
    wait_offline_ready(page)
    server.stop()
    # The next start must come from the cache, not from the interpreter still alive. The
    # page leaves first: an open page would notice the worker's end (its lifeline) and start
    # the next interpreter itself.
    page.goto("about:blank")
    close_shared_workers(browser)

    page.goto(server.url(SECOND_PAGE))
    snippet_id, expected = first_checked_snippet(page)
    state, output = snippets.run(snippet_id)
    assert (state, output.rstrip()) == ("done", expected.rstrip())
    assert python_ready(page)["starts"] == "1"

    # The same page under the address a static host also answers to: …/index.html.
    page.goto(server.url(SECOND_PAGE + "index.html"))
    assert page.locator(f'[data-snippet="{snippet_id}"]').count() == 1
    state, output = snippets.run(snippet_id)
    assert (state, output.rstrip()) == ("done", expected.rstrip())


def test_a_broken_snapshot_falls_back_to_a_normal_start(page, page_log, own_server, built_site, tmp_path, snippets):
    broken_site = tmp_path / "site"
    shutil.copytree(built_site, broken_site)
    snapshots = list((broken_site / "assets" / "runtime" / "startup").glob("snapshot-*.bin"))
    assert snapshots, "the build made no snapshot"
    for snapshot in snapshots:
        snapshot.write_bytes(snapshot.read_bytes()[:4096])  # a cut download
    server = own_server(broken_site)

    page.goto(server.url(PLAYGROUND))
    expected = json.loads(page.locator('[data-snippet="try-tools"] > script[data-config]').text_content())["expected"]
    state, output = snippets.run("try-tools")
    assert (state, output.rstrip()) == ("done", expected.rstrip())
    warnings = [text for kind, text in page_log.console if kind == "warning" and "snapshot" in text]
    assert len(warnings) == 1, page_log.console
