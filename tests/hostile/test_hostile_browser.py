"""The browser half of the hostile suite, in real Chromium on the real built site (fixtures of
``tests/support/browser_harness.py``):

- learner code in the browser: two pages of one visit share one Python worker; hostile code on
  one page ends in its right state with the page's own message, and the next run on this page
  and on the other page prints what it must (code that takes the worker down:
  ``test_hostile_worker.py``);
- storage: localStorage disabled, full, corrupt, foreign, or written by two tabs at once;
- no network: every page of every language opens from the offline cache, under its folder
  address and under ``index.html``, a lesson runs offline, and nothing leaves the site.

Each case is counted in the hostile tally (one summary line per area)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest
from support.browser_harness import PageLog, Snippets, log_counts, page_problems, watched_context, watched_page
from support.hostile_tally import case
from support.languages import COURSE_LANGUAGES
from support.startup_support import LocalServer, close_shared_workers, first_checked_snippet, run_snippet, wait_offline_ready
from support.quiz_support import STORAGE_KEY, Quizzes, lesson_path

REPO = Path(__file__).resolve().parents[2]
PLAYGROUND = "playground/"
LESSON = "lessons/first-steps/"
LANGUAGES = COURSE_LANGUAGES


def strings(lang: str = "bg") -> dict:
    return json.loads((REPO / "frontend" / "page" / "strings" / f"{lang}.json").read_text(encoding="utf-8"))


def status_text(page, snippet_id: str) -> str:
    return page.locator(f'[data-snippet="{snippet_id}"] .snippet-status').text_content()


def snippet_config(page, snippet_id: str) -> dict:
    return json.loads(page.locator(f'[data-snippet="{snippet_id}"] > script[data-config]').text_content())


def python_ready(page, timeout: int = 60_000) -> None:
    page.wait_for_function("() => document.documentElement.dataset.pythonInterpreter", timeout=timeout)


def wait_output(page, snippet_id: str, text: str, timeout: int = 20_000) -> None:
    page.wait_for_function(
        "([id, text]) => document.querySelector(`[data-snippet=\"${id}\"] [data-output]`)?.textContent.includes(text)",
        arg=[snippet_id, text],
        timeout=timeout,
    )


# ---------------------------------------------------------------------------------------------
# Learner code in the browser

BROWSER = "learner code in the browser"
ENDLESS = 'print("started", flush=True)\nwhile True:\n    pass\n'
# name: (code, end state, text the output must hold, press Stop once "started" is printed)
LEARNER_CASES = {
    "builtins.print replaced": ("import builtins\nbuiltins.print = lambda *a, **k: None\nprint('hidden')", "done", "", False),
    "fake_client.Anthropic = None": ("import fake_client\nfake_client.Anthropic = None", "done", "", False),
    "runaway recursion under setrecursionlimit(10**6)": (
        "import sys\nsys.setrecursionlimit(10**6)\ndef f(n):\n    return f(n + 1)\nf(0)", "error", "RecursionError", False),
    "endless loop, Stop": (ENDLESS, "stopped", "started", True),
    "endless loop, time limit": (ENDLESS, "timeout", "started", False),
    "10 MB of output in one print": ("print('x' * 10_000_000)", "done", "xxxxxxxxxx", False),
    "10 MB of output in many lines": ("for n in range(200_000):\n    print(n, 'y' * 45)", "done", "0 yyyyy", False),
    "input()": ("name = input('name: ')\nprint(name)", "error", "EOFError", False),
    "sys.exit()": ("import sys\nprint('bye')\nsys.exit()", "done", "bye", False),
    "raise SystemExit": ("raise SystemExit('leaving')", "error", "leaving", False),
    "time.sleep(100), Stop": ("import time\nprint('started', flush=True)\ntime.sleep(100)\nprint('woke')", "stopped", "started", True),
    "js.postMessage(...)": (
        "import js\nfor junk in (None, 'text', 42, js.Object.new()):\n    try:\n        js.postMessage(junk)\n"
        "    except Exception as error:\n        print(type(error).__name__)\nprint('posted')", None, "", False),
    "js.onconnect and js.onmessage replaced": (
        "import js\njs.onconnect = None\njs.onmessage = None\nprint('replaced')", "done", "replaced", False),
}
HTML_OUTPUT = "<script>window.__pwned = 1</script><img src=x onerror=\"window.__pwned = 2\"><b>bold</b> & &amp;"


def open_two_pages(page, other, site_url) -> None:
    """Page A: the playground (whose snippets the cases overwrite); page B: a lesson. Both of
    one visit, sharing its Python worker once it is ready."""
    page.goto(site_url(PLAYGROUND))
    other.goto(site_url(LESSON))
    python_ready(page)
    python_ready(other)


@dataclass
class Visit:
    """Page A (the playground, whose snippets we overwrite) and page B (a lesson) of one visit,
    sharing one Python worker, with what they logged (``browser_harness.PageLog``)."""

    page: object
    other: object
    snippets: Snippets
    log: PageLog


@pytest.fixture(scope="module")
def visit(browser, site_url):
    """One visit for every learner case: each case must leave both pages working (it checks
    that the next runs print what they must), so the next case starts where a learner would
    after it; one cold start of Python instead of one per case."""
    log = PageLog()
    context = watched_context(browser, log)
    page, other = watched_page(context, log), watched_page(context, log)
    open_two_pages(page, other, site_url)
    yield Visit(page, other, Snippets(page), log)
    context.close()


@pytest.fixture
def two_pages(visit):
    """The visit's two pages and the snippets of A; the test fails on any console error,
    uncaught exception, outside request or policy violation while it ran."""
    before, violations_before = log_counts(visit.log), len(visit.log.csp_violations())
    yield visit.page, visit.other, visit.snippets
    problems = page_problems(visit.log, visit.log.csp_violations(wait=True)[violations_before:], since=before)
    if problems:
        pytest.fail("; ".join(problems), pytrace=False)


def assert_both_pages_run(page, other, snippets) -> None:
    """The next run on A (another snippet) and on B prints the output the lesson shows."""
    expected = snippet_config(page, "try-lookup")["expected"]
    state, output = snippets.run("try-lookup", timeout=60_000)
    assert (state, output.rstrip()) == ("done", expected.rstrip()), "the next run on this page"
    snippet_id, expected = first_checked_snippet(other)
    state, output = run_snippet(other, snippet_id, timeout=60_000)
    assert (state, output.rstrip()) == ("done", expected.rstrip()), "the next run on the other page"
    # And A's own snippet, back to its lesson code.
    snippets.root("try-tools").locator('[data-action="reset"]').click()
    expected = snippet_config(page, "try-tools")["expected"]
    state, output = snippets.run("try-tools", timeout=60_000)
    assert (state, output.rstrip()) == ("done", expected.rstrip()), "the hostile snippet, reset"


@pytest.mark.parametrize("name", list(LEARNER_CASES))
def test_hostile_code_on_one_page_leaves_both_pages_working(two_pages, name):
    page, other, snippets = two_pages
    code, end_state, shows, press_stop = LEARNER_CASES[name]
    text = strings("bg")
    with case(BROWSER):
        snippets.set_code("try-tools", code)
        run = snippets.root("try-tools").locator('[data-action="run"]')
        run.click()
        if press_stop:
            wait_output(page, "try-tools", "started")
            snippets.root("try-tools").locator('[data-action="stop"]').click()
        state = snippets.wait_state("try-tools", timeout=60_000)
        output = snippets.output("try-tools")
        status = status_text(page, "try-tools")
        if end_state is not None:
            assert state == end_state, (state, output[-500:], status)
        else:
            assert state in ("done", "error"), (state, output[-500:], status)
        assert shows in output, output[-500:]
        said = text[f"runner.status.{state}"].replace("{seconds}", "10")
        assert status.startswith(said), f"{status!r} does not start with {said!r}"
        if "output" in name:
            assert len(output) <= snippets.page.evaluate("() => 20000") + 1, len(output)
            assert text["runner.truncated"].split("{")[0] in status, status
            # Responsive: the page still answers and its editor still takes text.
            assert page.evaluate("() => document.querySelectorAll('[data-snippet]').length") > 0
        assert_both_pages_run(page, other, snippets)


def test_output_with_html_is_shown_as_text(two_pages):
    page, other, snippets = two_pages
    with case(BROWSER):
        snippets.set_code("try-tools", f"print({HTML_OUTPUT!r})\nimport sys\nprint({HTML_OUTPUT!r}, file=sys.stderr)")
        state, output = snippets.run("try-tools")
        assert state == "done"
        assert output == f"{HTML_OUTPUT}\n{HTML_OUTPUT}\n"
        tags = page.evaluate(
            "() => [...document.querySelectorAll('[data-snippet=\"try-tools\"] [data-output] *')].map((e) => e.tagName)"
        )
        assert set(tags) <= {"SPAN"}, tags
        assert page.evaluate("() => window.__pwned") is None
        assert_both_pages_run(page, other, snippets)


# ---------------------------------------------------------------------------------------------
# Storage

STORAGE = "storage"
STORAGE_SCRIPTS = {
    "disabled": """Object.defineProperty(window, 'localStorage', {configurable: true,
        get() { throw new DOMException('The operation is insecure.', 'SecurityError'); }});""",
    "full": """Storage.prototype.setItem = function () {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); };""",
}
STORED_GARBAGE = {
    "corrupt JSON": '{"lessons": {"bg/first-steps": {"quizzes": {',
    "foreign data": json.dumps({"lessons": "mine", "user": {"name": "other app"}, "version": 7}),
    "foreign lesson entries": json.dumps({"lessons": {"bg/first-steps": [1, 2], "bg/x": {"quizzes": [], "edits": "no"}}}),
}


def answer_two(quizzes: Quizzes) -> None:
    """Answer the predict-output and multiple-choice quizzes rightly (no Python needed)."""
    predict = quizzes.config("predict-output")
    quizzes.root("predict-output").locator(f'[data-option="{predict["correct"]}"]').click()
    for index in quizzes.config("multiple-choice")["correct"]:
        quizzes.root("multiple-choice").locator(f'[data-option="{index}"]').click()
    quizzes.check("multiple-choice")


@pytest.mark.parametrize("name", list(STORAGE_SCRIPTS))
def test_storage_that_throws_leaves_the_page_working(page, site_url, name):
    with case(STORAGE):
        quizzes = Quizzes(page, site_url)
        page.add_init_script(STORAGE_SCRIPTS[name])
        quizzes.open()
        answer_two(quizzes)
        assert quizzes.result("predict-output") == "correct"
        assert quizzes.result("multiple-choice") == "correct"
        # A snippet edit and a run still work (the runner shares the store).
        snippet_id, expected = first_checked_snippet(page)
        state, output = run_snippet(page, snippet_id)
        assert (state, output.rstrip()) == ("done", expected.rstrip())
        notes = page.locator("[data-storage-note]:visible, .storage-note:visible")
        assert notes.count() == 1, "said once"
        assert notes.first.text_content().strip(), "the note says something"


@pytest.mark.parametrize("name", list(STORED_GARBAGE))
def test_unreadable_stored_progress_is_replaced_and_nothing_new_is_lost(page, site_url, name):
    with case(STORAGE):
        quizzes = Quizzes(page, site_url)
        quizzes.open()
        page.evaluate("([key, value]) => localStorage.setItem(key, value)", [STORAGE_KEY, STORED_GARBAGE[name]])
        page.reload()
        page.wait_for_selector("[data-lesson-progress]")
        assert page.locator("[data-storage-note]:visible").count() == 0, "storage works: no note"
        answer_two(quizzes)
        page.reload()
        page.wait_for_selector("[data-lesson-progress]")
        assert quizzes.result("predict-output") == "correct"
        assert quizzes.result("multiple-choice") == "correct"


def test_two_tabs_answering_at_once_lose_nothing(page, site_url):
    with case(STORAGE):
        first = Quizzes(page, site_url)
        second = Quizzes(page.context.new_page(), site_url)
        try:
            first.open()
            second.open()
            # Tab 1 answers one quiz, then tab 2 (opened before that) another, then each
            # edits a snippet: every write re-reads what the other tab saved.
            predict = first.config("predict-output")
            first.root("predict-output").locator(f'[data-option="{predict["correct"]}"]').click()
            for index in second.config("multiple-choice")["correct"]:
                second.root("multiple-choice").locator(f'[data-option="{index}"]').click()
            second.check("multiple-choice")
            snippet_ids = [json.loads(text)["id"] for text in
                           page.locator(".lesson-snippet[data-snippet] > script[data-config]").all_text_contents()][:2]
            for tab, snippet_id in zip((first, second), snippet_ids):
                tab.page.locator(f'[data-snippet="{snippet_id}"] [data-editor] .cm-content').click()
                tab.page.keyboard.press("ControlOrMeta+End")
                tab.page.keyboard.insert_text(f"\n# {snippet_id}")
                tab.page.wait_for_timeout(600)  # the editor saves 300 ms after the last keystroke
            stored = first.stored()["lessons"]["bg/first-steps"]
            predict_id = first.root("predict-output").get_attribute("data-quiz")
            choice_id = first.root("multiple-choice").get_attribute("data-quiz")
            assert stored["quizzes"][predict_id]["result"] == "correct", "tab 1's answer is kept"
            assert stored["quizzes"][choice_id]["result"] == "correct", "tab 2's answer is kept"
            for snippet_id in snippet_ids:
                assert stored["edits"][snippet_id].endswith(f"# {snippet_id}"), f"the edit of {snippet_id} is kept"
            third = page.context.new_page()
            third.goto(site_url(lesson_path("bg")))
            third.wait_for_selector("[data-lesson-progress]")
            assert third.locator("[data-lesson-progress]").get_attribute("data-answered") == "2"
            third.close()
        finally:
            second.page.close()


# ---------------------------------------------------------------------------------------------
# No network

NETWORK = "no network"


def site_pages(site: Path) -> list[str]:
    """Every page of the built site, as its folder address ("" for the root)."""
    pages = []
    for index in sorted(site.rglob("index.html")):
        folder = index.parent.relative_to(site).as_posix()
        if folder.startswith("assets"):
            continue
        pages.append("" if folder == "." else folder + "/")
    return pages


def test_every_page_opens_offline_and_a_lesson_runs(page, page_log, built_site, browser):
    pages = site_pages(built_site)
    for lang in LANGUAGES[1:]:
        assert any(path.startswith(f"{lang}/") for path in pages), f"no page of {lang}"
    server = LocalServer(built_site)
    try:
        page.goto(server.url(LESSON))
        python_ready(page)
        wait_offline_ready(page)
    finally:
        server.stop()
    close_shared_workers(browser)
    for path in pages:
        for address in (path, path + "index.html"):
            with case(NETWORK):
                response = page.goto(server.url(address))
                assert response is not None and response.ok, f"{address}: {response and response.status}"
                assert page.locator("article, main").count() > 0, address
                lang = page.evaluate("() => document.documentElement.lang")
                top = address.split("/")[0]
                assert lang == (top if top in LANGUAGES[1:] else "bg"), (address, lang)
    with case(NETWORK):
        page.goto(server.url("fa/" + LESSON))
        snippet_id, expected = first_checked_snippet(page)
        state, output = run_snippet(page, snippet_id)
        assert (state, output.rstrip()) == ("done", expected.rstrip())
    with case(NETWORK):
        outside = [url for url in page_log.requests if not url.startswith(server.base) and not url.startswith(("blob:", "data:"))]
        assert outside == [], sorted(set(outside))[:10]
