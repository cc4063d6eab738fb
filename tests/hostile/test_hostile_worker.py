"""Learner code that takes the Python worker down, in real Chromium on the real built site
(fixtures of ``tests/support/browser_harness.py``): the program closes the worker
(``js.close()``), Python dies in it (a fatal error: the C stack overflows, or Pyodide's fatal
error hook), or the browser ends it under a running program. Two lesson pages of one visit
share the worker: the run that was going on ends at once as ``error`` with the page's own
message, both pages move to one fresh shared interpreter, and the next run on each prints what
the lesson shows.

Where a page has no SharedWorker (the dedicated-worker fallback, forced here by removing it),
what learner code posts with ``js.postMessage`` never reaches the page's protocol, an error it
leaves behind in the worker does not cost the page its worker, and a closed worker is
replaced too.

Each case is counted in the hostile tally ("learner code in the browser")."""

from __future__ import annotations

import time

import pytest
from support.hostile_tally import case
from support.startup_support import close_shared_workers
from test_hostile_browser import (BROWSER, assert_both_pages_run, open_two_pages, python_ready, status_text, strings,
                                  wait_output)


@pytest.fixture
def two_pages(page, site_url):
    """Page A (the playground) and page B (a lesson) of a visit of its own: the worker these
    cases take down is not shared with another test."""
    other = page.context.new_page()
    open_two_pages(page, other, site_url)
    yield page, other
    other.close()


STARTED = "import js\nprint('started', flush=True)\n"
# name: (code, the status key, what the worker says in the console)
GOING_AWAY = {
    "js.close()": (STARTED + "js.close()\nprint('after')", "runner.lost.closed", "the program closed"),
    "C stack overflow through __repr__": (
        "class A:\n    def __repr__(self):\n        return repr(self)\nprint('started', flush=True)\nrepr(A())",
        "runner.lost.crashed", "Maximum call stack size exceeded"),
    "C stack overflow in repr of nested lists": (
        "x = None\nfor _ in range(200_000):\n    x = [x]\nprint('started', flush=True)\nprint(len(repr(x)))",
        "runner.lost.crashed", "Maximum call stack size exceeded"),
    "Pyodide's fatal error": (STARTED + "import pyodide_js\npyodide_js._api.fatal_error(js.Error.new('boom'))\nprint('after')",
                              "runner.lost.crashed", "boom"),
}
# Learner code posting from a dedicated worker: junk, and messages shaped like the protocol's,
# then an error left behind for the worker's event loop (a timer calling JSON.parse on junk:
# `new Function` would need eval, which the site's policy rightly blocks).
POSTS = (
    "import js\nfrom pyodide.ffi import to_js\n"
    "def obj(**fields):\n    return to_js(fields, dict_converter=js.Object.fromEntries)\n"
    "for junk in (None, 'text', 42, js.Object.new(), obj(id=1, type='result', transcript=None),\n"
    "             obj(id=2, type='ready'), obj(type='lost', reason='closed')):\n"
    "    js.postMessage(junk)\n"
    "js.setTimeout(js.JSON.parse, 0, '{left behind')\n"
    "print('posted')"
)
NO_SHARED_WORKER = "delete window.SharedWorker;"


def interpreter(page) -> str:
    return page.evaluate("() => document.documentElement.dataset.pythonInterpreter")


def wait_new_interpreter(page, old: str, timeout: int = 60_000) -> dict:
    page.wait_for_function("(old) => (document.documentElement.dataset.pythonInterpreter || old) !== old",
                           arg=old, timeout=timeout)
    return page.evaluate("() => ({...document.documentElement.dataset})")


def run_until_end(snippets, code: str, *, running=None) -> tuple[str, str, str]:
    snippets.set_code("try-tools", code)
    snippets.root("try-tools").locator('[data-action="run"]').click()
    if running:
        running()
    state = snippets.wait_state("try-tools", timeout=60_000)
    return state, snippets.output("try-tools"), status_text(snippets.page, "try-tools")


def assert_both_on_one_fresh_shared_interpreter(page, other, old: str, timeout_s: float = 60) -> None:
    # Both pages notice the loss; on a loaded machine one may see a fresh interpreter a moment
    # before the other joins it, so they are read until they agree (or the time is up).
    deadline = time.monotonic() + timeout_s
    while True:
        mine, theirs = wait_new_interpreter(page, old), wait_new_interpreter(other, old)
        if mine["pythonInterpreter"] == theirs["pythonInterpreter"] or time.monotonic() > deadline:
            break
        page.wait_for_timeout(200)
    assert mine["pythonInterpreter"] == theirs["pythonInterpreter"], "the pages share the fresh interpreter"
    assert (mine["pythonHost"], theirs["pythonHost"]) == ("shared", "shared")


@pytest.mark.parametrize("name", list(GOING_AWAY))
def test_a_worker_that_goes_away_is_replaced_for_every_page(two_pages, snippets, page_log, name):
    page, other = two_pages
    code, key, said = GOING_AWAY[name]
    old = interpreter(page)
    assert interpreter(other) == old
    with case(BROWSER):
        state, output, status = run_until_end(snippets, code)
        assert state == "error", (state, output[-300:], status)
        assert output == "started\n", "the output streamed before is kept, and nothing after"
        assert status == strings("bg")[key]
        assert any(said in text for kind, text in page_log.console if kind == "warning"), page_log.console[-5:]
        assert_both_on_one_fresh_shared_interpreter(page, other, old)
        assert_both_pages_run(page, other, snippets)


# With the page visible, a shared worker closed (DevTools) under a running program used to end
# the run as "stopped": Python, its stop token unreadable in a worker being torn down, ends the
# run and says so before the lifeline tells the page. The page now waits for the lifeline
# before it believes a stop it did not ask for (worker-client.js).
def test_a_worker_ended_under_a_running_program_is_noticed_through_its_lifeline(two_pages, snippets, browser):
    page, other = two_pages
    old = interpreter(page)
    with case(BROWSER):
        def end_the_worker():
            wait_output(page, "try-tools", "started")
            assert close_shared_workers(browser) == 1
        # A time limit far away: only the lifeline can end this run soon.
        state, output, status = run_until_end(snippets, "print('started', flush=True)\nwhile True:\n    pass",
                                              running=end_the_worker)
        assert (state, output) == ("error", "started\n")
        assert status == strings("bg")["runner.lost.crashed"]
        assert_both_on_one_fresh_shared_interpreter(page, other, old)
        assert_both_pages_run(page, other, snippets)


@pytest.fixture
def two_pages_without_shared_worker(page, site_url):
    """Two pages of one visit where the browser has no SharedWorker: a dedicated worker each."""
    page.context.add_init_script(NO_SHARED_WORKER)
    other = page.context.new_page()
    page.goto(site_url("playground/"))
    other.goto(site_url("lessons/first-steps/"))
    for each in (page, other):
        python_ready(each)
        assert each.evaluate("() => document.documentElement.dataset.pythonHost") == "dedicated"
    yield page, other
    other.close()


def test_what_learner_code_posts_from_a_dedicated_worker_never_reaches_the_page(two_pages_without_shared_worker, snippets,
                                                                                page_log):
    page, other = two_pages_without_shared_worker
    before = interpreter(page)
    with case(BROWSER):
        state, output, status = run_until_end(snippets, POSTS)
        assert (state, output) == ("done", "posted\n"), status
        assert page_log.errors == [], "the page threw on a message"
        assert_both_pages_run(page, other, snippets)
        # The error the program left behind in its worker did not cost the page its worker.
        assert interpreter(page) == before


def test_a_closed_dedicated_worker_is_replaced(two_pages_without_shared_worker, snippets):
    page, other = two_pages_without_shared_worker
    old, others = interpreter(page), interpreter(other)
    with case(BROWSER):
        state, output, status = run_until_end(snippets, GOING_AWAY["js.close()"][0])
        assert (state, output) == ("error", "started\n")
        assert status == strings("bg")["runner.lost.closed"]
        assert wait_new_interpreter(page, old)["pythonHost"] == "dedicated"
        assert interpreter(other) == others, "the other page's own worker is not touched"
        assert_both_pages_run(page, other, snippets)
