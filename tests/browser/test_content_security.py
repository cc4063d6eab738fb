"""The site under its own Content-Security-Policy, in real Chromium: every test server sends
the policy the build wrote (``_headers``) with every file, a lesson in each language runs
to its shown output with no violation (first visit with the shared worker, with a
dedicated worker, and offline from the service worker), and the watch that fails a test
on a violation does see one, from a page and from its workers."""

from __future__ import annotations

import shutil
import urllib.request

import pytest
from support.csp_support import REPORT_PATH, CspWatch, served_policy
from support.startup_support import LocalServer, close_shared_workers, first_checked_snippet, run_snippet, wait_offline_ready

LESSON = "lessons/first-steps/"


def lesson_path(lang: str) -> str:
    return LESSON if lang == "bg" else f"{lang}/{LESSON}"


def python_host(page) -> str:
    page.wait_for_function("() => document.documentElement.dataset.pythonHost", timeout=60_000)
    return page.evaluate("document.documentElement.dataset.pythonHost")


def test_every_file_is_served_with_the_built_policy(built_site, site_url):
    policy = served_policy(built_site)
    assert policy and "'wasm-unsafe-eval'" in policy
    runtime = next((built_site / "assets" / "runtime").glob("pyodide-*")).name
    for path in (LESSON, "assets/runtime/worker.js", f"assets/runtime/{runtime}/pyodide.asm.wasm",
                 f"assets/runtime/{runtime}/pyodide.asm.mjs", "sw.js", "assets/runtime/lessons-python.zip"):
        with urllib.request.urlopen(site_url(path)) as response:
            assert response.headers["Content-Security-Policy"] == f"{policy}; report-uri {REPORT_PATH}", path


# The policy is the same on every page (tests/build/test_content_security_policy.py reads it
# in every page's HTML); here it holds in a shared worker (bg), and below in a dedicated one
# (fa) and offline (zh).
@pytest.mark.parametrize("lang", ["bg"])
def test_a_lesson_runs_under_the_policy(page, site_url, lang):
    """A first visit (a fresh browser context): the shared worker starts Python, the lesson's
    first checked snippet prints what the lesson shows; the page fixture fails the test on
    any violation, of the page or of a worker."""
    page.goto(site_url(lesson_path(lang)))
    snippet_id, expected = first_checked_snippet(page)
    state, output = run_snippet(page, snippet_id)
    assert (state, output.rstrip()) == ("done", expected.rstrip())
    assert python_host(page) == "shared"


def test_a_lesson_runs_under_the_policy_in_a_dedicated_worker(page, isolated_site_url):
    """Where there is no SharedWorker (or on a cross-origin isolated page) Python runs in the
    page's own worker: the same policy, with COOP/COEP, still lets it start and stop."""
    page.add_init_script("delete globalThis.SharedWorker")
    page.goto(isolated_site_url(lesson_path("fa")))
    snippet_id, expected = first_checked_snippet(page)
    state, output = run_snippet(page, snippet_id)
    assert (state, output.rstrip()) == ("done", expected.rstrip())
    assert python_host(page) == "dedicated"


def test_offline_the_cached_pages_keep_the_policy_and_run(page, page_log, browser, built_site):
    server = LocalServer(built_site)
    try:
        page.goto(server.url(lesson_path("zh")))
        python_host(page)
        wait_offline_ready(page)
    finally:
        server.stop()
    close_shared_workers(browser)  # the next start must come from the cache
    response = page.goto(server.url(lesson_path("uk")))
    # The service worker answers with the response it cached, headers and all.
    assert response.headers.get("content-security-policy", "").startswith(served_policy(built_site))
    snippet_id, expected = first_checked_snippet(page)
    state, output = run_snippet(page, snippet_id)
    assert (state, output.rstrip()) == ("done", expected.rstrip())
    assert page_log.csp_violations(wait=True) == []


PROBE_PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>probe</title></head><body>
<script>window.inlineRan = true;</script>
<script src="probe.js"></script>
</body></html>"""
PROBE_SCRIPT = """new Worker("dedicated.js");
new SharedWorker("shared.js");
document.body.dataset.probed = "yes";"""
WORKER_EVAL = 'try { eval("1 + 1"); } catch (error) { /* blocked, as it must be */ }'


def test_the_watch_reports_violations_of_a_page_and_its_workers(browser, built_site, tmp_path):
    """The check can fail: a page with an inline script the policy does not list, whose
    dedicated and shared workers call eval, is reported three times over (page, dedicated
    worker, shared worker) and the inline script does not run."""
    folder = tmp_path / "probe"
    folder.mkdir()
    shutil.copy(built_site / "_headers", folder / "_headers")
    (folder / "index.html").write_text(PROBE_PAGE, encoding="utf-8")
    (folder / "probe.js").write_text(PROBE_SCRIPT, encoding="utf-8")
    (folder / "dedicated.js").write_text(WORKER_EVAL, encoding="utf-8")
    (folder / "shared.js").write_text(f"onconnect = () => {{}};\n{WORKER_EVAL}", encoding="utf-8")
    server = LocalServer(folder)
    context = browser.new_context()
    try:
        watch = CspWatch(context)
        page = context.new_page()
        page.goto(server.url())
        page.wait_for_selector("body[data-probed=yes]", state="attached")
        assert page.evaluate("window.inlineRan") is None
        found = []
        for _ in range(50):  # the workers' reports come when they have run
            found = watch.violations()
            if sum("report:" in line for line in found) >= 3:
                break
        reports = [line for line in found if line.startswith("report:")]
        assert any("script-src-elem blocked inline" in line and line.endswith(f"(document {server.url()})")
                   for line in reports), found
        assert any("dedicated.js" in line and "eval" in line for line in reports), found
        assert any("shared.js" in line and "eval" in line for line in reports), found
        assert any(line.startswith("console: Content Security Policy violation: script-src-elem") for line in found)
    finally:
        context.close()
        server.stop()
