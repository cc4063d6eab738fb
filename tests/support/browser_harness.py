"""Browser test harness (a pytest plugin, registered once in ``tests/conftest.py``): the real built site, served from 127.0.0.1, in Debian's Chromium
driven by Python Playwright. Nothing is mocked: real mkdocs build, real Pyodide in a real
worker.

Fixtures (any test may ask for them; asking marks it ``browser`` or ``site``, tests/conftest.py):

``built_site`` (session)
    ``Path`` of a built site. Built once per session (``npm run build`` if the bundle is
    missing, then ``mkdocs build --strict`` into a temporary folder), or, when the
    environment variable ``SITE_DIR`` names a folder with an ``index.html``, that folder as
    it is (``scripts/test`` builds once and passes it, so that the build is not repeated).

``site_url`` (session)
    ``site_url(path="")`` → absolute URL of a page, e.g. ``site_url("fa/playground/")``.
    The site is served by a threaded static server on a free port of 127.0.0.1.

``isolated_site_url`` (session)
    Like ``site_url``, from a second server that sends COOP/COEP headers, so that pages
    are cross-origin isolated (the runner then stops Python with an interrupt, not a
    worker restart).

``notice_site`` (session)
    A built site whose course has a translation in progress (so notice pages), as
    ``.url(path)`` and ``.outline`` (its ``lesson_builder`` course outline): the real site
    while the course has one, else a copy of the site cut down to the sample lesson,
    written in Bulgarian only (the mutation tests' copy, ``site_copy.py``),
    built and served once.

``browser`` (session)
    Playwright ``Browser``: ``/usr/bin/chromium`` headless with the flags of DESIGN.md.

``page`` (function)
    A fresh context and page. When the test ends, the test FAILS if the page logged any
    console error or uncaught exception, if anything requested a host other than
    127.0.0.1 (such requests are also aborted), or if anything broke the site's
    Content-Security-Policy: every server here sends the policy of the site it serves (its
    ``_headers``) with every response, and collects violations of pages and workers alike
    (``csp_support.py``). Tests that provoke an error on purpose call
    ``page_log.allow_console_error("substring")`` (or ``allow_csp_violation``) first.

``page_log`` (function)
    What the page did: ``.console`` (list of ``(type, text)``), ``.errors`` (uncaught
    exceptions), ``.requests`` (every URL), ``.outside`` (URLs of other hosts),
    ``.csp_violations()`` (so far, in the whole context).

``snippets`` (function)
    Helpers over the snippet DOM hooks (DESIGN.md): ``snippets.run(id)`` clicks Run and
    waits for an end state, returning ``(state, output_text)``; ``.wait_state(id, states)``;
    ``.output(id)``; ``.set_code(id, code)`` replaces the editor's code by typing;
    ``.code(id)``; ``.root(id)`` → Locator. Default waits allow for a cold Python start.
"""

from __future__ import annotations

import atexit
import functools
import http.server
import os
import shutil
import socketserver
import subprocess
import sys
import tempfile
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable
from urllib.parse import urlparse

import pytest
from support.chromium import CHROMIUM, CHROMIUM_ARGS, END_STATES, in_front
from support.csp_support import CspWatch, PolicyHandlerMixin, mentions_policy
from support.run_kind import refuse_in_fast_run

REPO = Path(__file__).resolve().parents[2]
# A cold start of Pyodide takes 4-8 s on a loaded 2-core machine; leave room.
PYTHON_START_MS = 60_000


def bundle_sources() -> list[Path]:
    """What `npm run build` bundles from: the front end's modules and strings, the quiz kinds'
    widgets, and the build script itself."""
    frontend = REPO / "frontend"
    return [*(path for path in frontend.rglob("*") if path.is_file() and path.relative_to(frontend).parts[0] != "dist"),
            *(REPO / "quiz_kinds").rglob("*.js"), REPO / "tools" / "build-frontend.mjs"]


def bundle_is_stale() -> bool:
    """True when frontend/dist is missing or older than a file it is built from: a strings file
    or a module edited since the last `npm run build` (scripts/test always bundles first; a
    browser test run on its own would otherwise test the old bundle)."""
    main = REPO / "frontend" / "dist" / "main.js"
    if not main.is_file():
        return True
    built = main.stat().st_mtime
    return any(source.stat().st_mtime > built for source in bundle_sources())


def build_site(target: Path) -> None:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    if bundle_is_stale():
        subprocess.run(["npm", "run", "build"], cwd=REPO, check=True, env=env)
    mkdocs = [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(target)]
    result = subprocess.run(mkdocs, cwd=REPO, env=env, capture_output=True, text=True)
    if result.returncode != 0:
        pytest.fail(f"mkdocs build --strict failed:\n{result.stdout}\n{result.stderr}", pytrace=False)


# The session's build, shared by every conftest that imports this module (each one's
# session fixture is a fixture of its own, but they all come here).
_built: list[Path] = []
_folders: list[Path] = []


@atexit.register
def _remove_builds() -> None:
    for folder in _folders:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def built_site():
    refuse_in_fast_run("the built site")
    given = os.environ.get("SITE_DIR")
    if given and (Path(given) / "index.html").is_file():
        return Path(given)
    if not _built:
        folder = Path(tempfile.mkdtemp(prefix="site-"))
        _folders.append(folder)
        build_site(folder)
        _built.append(folder)
    return _built[0]


class QuietHandler(PolicyHandlerMixin, http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
    }

    def log_message(self, format, *args):  # keep test output readable
        pass


class IsolatingHandler(QuietHandler):
    """Sends the headers that make a page cross-origin isolated (SharedArrayBuffer, and so
    Pyodide's interrupt buffer, become available)."""

    def end_headers(self):
        self.send_header("Cross-Origin-Opener-Policy", "same-origin")
        self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        super().end_headers()


class ThreadingServer(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def serve(directory: Path, handler_class):
    handler = functools.partial(handler_class, directory=str(directory))
    server = ThreadingServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


@pytest.fixture(scope="session")
def site_url(built_site):
    server, base = serve(built_site, QuietHandler)
    yield lambda path="": base + path.lstrip("/")
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def isolated_site_url(built_site):
    server, base = serve(built_site, IsolatingHandler)
    yield lambda path="": base + path.lstrip("/")
    server.shutdown()
    server.server_close()


_playwright: dict = {}


@dataclass
class NoticeSite:
    url: Callable[..., str]
    outline: object


@pytest.fixture(scope="session")
def notice_site(request):
    from lesson_builder import scan_course

    outline = scan_course(REPO).outline
    if any(entry.in_progress for entry in outline.lessons):
        yield NoticeSite(request.getfixturevalue("site_url"), outline)
        return
    # Every translation is written: notices exist only in a copy that marks some in progress.
    from support.site_copy import make_site_copy, mkdocs_build

    folder = Path(tempfile.mkdtemp(prefix="notice-site-"))
    try:
        copy = make_site_copy(folder)
        result = mkdocs_build(copy)
        if result.returncode != 0:
            pytest.fail(f"mkdocs build --strict of the site copy failed:\n{result.stdout}\n{result.stderr}",
                        pytrace=False)
        server, base = serve(copy / "site", QuietHandler)
        try:
            yield NoticeSite(lambda path="": base + path.lstrip("/"), scan_course(copy).outline)
        finally:
            server.shutdown()
            server.server_close()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def browser():
    refuse_in_fast_run("Chromium")
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: apt-get install -y chromium (scripts/test does it)", pytrace=False)
    # One Playwright per process (a second sync one refuses to start): shared by every
    # conftest that imports this module, closed when the last of them is done.
    if not _playwright:
        from playwright.sync_api import sync_playwright

        playwright = sync_playwright().start()
        launched = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        _playwright.update(playwright=playwright, browser=launched, users=0)
    _playwright["users"] += 1
    yield _playwright["browser"]
    _playwright["users"] -= 1
    if not _playwright["users"]:
        _playwright["browser"].close()
        _playwright.pop("playwright").stop()
        _playwright.clear()


@dataclass
class PageLog:
    console: list = field(default_factory=list)
    errors: list = field(default_factory=list)
    requests: list = field(default_factory=list)
    outside: list = field(default_factory=list)
    allowed: list = field(default_factory=list)
    allowed_csp: list = field(default_factory=list)
    watch: CspWatch | None = None

    def allow_console_error(self, substring: str) -> None:
        self.allowed.append(substring)

    def allow_csp_violation(self, substring: str) -> None:
        """A violation that mentions ``substring`` (e.g. a directive) is expected."""
        self.allowed_csp.append(substring)

    def console_errors(self) -> list:
        # Violations of the policy are counted apart (csp_violations).
        return [
            text
            for kind, text in self.console
            if kind == "error" and not mentions_policy(text) and not any(allowed in text for allowed in self.allowed)
        ]

    def csp_violations(self, wait: bool = False) -> list:
        found = self.watch.violations(wait=wait) if self.watch else []
        return [line for line in found if not any(allowed in line for allowed in self.allowed_csp)]


@pytest.fixture
def page_log():
    return PageLog()


def is_local(url: str) -> bool:
    parsed = urlparse(url)
    return parsed.scheme in ("data", "blob", "about") or parsed.hostname == "127.0.0.1"


def watched_context(browser, page_log: PageLog):
    """A fresh browser context that aborts (and logs in ``page_log``) every request to another
    host, logs every request and watches the Content-Security-Policy."""
    context = browser.new_context()

    def guard(route):
        if is_local(route.request.url):
            route.continue_()
        else:
            page_log.outside.append(route.request.url)
            route.abort()

    context.route("**/*", guard)
    context.on("request", lambda request: page_log.requests.append(request.url))
    page_log.watch = CspWatch(context)
    return context


def watched_page(context, page_log: PageLog):
    """A new page of ``context`` whose console messages and uncaught exceptions go to ``page_log``."""
    page = context.new_page()
    page.on("console", lambda message: page_log.console.append((message.type, message.text)))
    page.on("pageerror", lambda error: page_log.errors.append(str(error)))
    return page


def page_problems(page_log: PageLog, violations: list, since: "PageLog | None" = None) -> list[str]:
    """What makes a browser test fail whatever it asserts: policy violations, console errors,
    uncaught exceptions, requests to other hosts (those after ``since``, a copy of the log's
    counts taken earlier, when given)."""
    start = since or PageLog()
    problems = []
    if violations:
        problems.append(f"Content-Security-Policy violations: {violations}")
    errors = page_log.console_errors()[len(start.console):]
    if errors:
        problems.append(f"console errors: {errors}")
    if page_log.errors[len(start.errors):]:
        problems.append(f"uncaught exceptions: {page_log.errors[len(start.errors):]}")
    outside = page_log.outside[len(start.outside):] + [url for url in page_log.requests[len(start.requests):]
                                                       if not is_local(url)]
    if outside:
        problems.append(f"requests to other hosts: {sorted(set(outside))}")
    return problems


def log_counts(page_log: PageLog) -> PageLog:
    """How far ``page_log`` had got, for ``page_problems(..., since=...)``."""
    return PageLog(console=page_log.console_errors(), errors=list(page_log.errors),
                   requests=list(page_log.requests), outside=list(page_log.outside))


@pytest.fixture
def page(browser, page_log):
    context = watched_context(browser, page_log)
    page = watched_page(context, page_log)
    yield page
    violations = page_log.csp_violations(wait=True)
    context.close()
    problems = page_problems(page_log, violations)
    if problems:
        pytest.fail("; ".join(problems), pytrace=False)


class Snippets:
    """Drives runnable snippets through their DOM hooks only."""

    def __init__(self, page):
        self.page = page

    def root(self, snippet_id: str):
        return self.page.locator(f'[data-snippet="{snippet_id}"]')

    def state(self, snippet_id: str) -> str:
        return self.root(snippet_id).get_attribute("data-state")

    def wait_state(self, snippet_id: str, states=END_STATES, timeout: int = PYTHON_START_MS) -> str:
        states = [states] if isinstance(states, str) else list(states)
        in_front(self.page)
        self.page.wait_for_function(
            "([id, states]) => states.includes(document.querySelector(`[data-snippet=\"${id}\"]`)?.dataset.state)",
            arg=[snippet_id, states],
            timeout=timeout,
        )
        return self.state(snippet_id)

    def output(self, snippet_id: str) -> str:
        return self.root(snippet_id).locator("[data-output]").text_content()

    def run(self, snippet_id: str, timeout: int = PYTHON_START_MS) -> tuple[str, str]:
        in_front(self.page)
        self.root(snippet_id).locator('[data-action="run"]').click()
        state = self.wait_state(snippet_id, END_STATES, timeout)
        return state, self.output(snippet_id)

    def code(self, snippet_id: str) -> str:
        return self.root(snippet_id).locator("[data-editor] .cm-content").inner_text()

    def set_code(self, snippet_id: str, code: str) -> None:
        in_front(self.page)
        content = self.root(snippet_id).locator("[data-editor] .cm-content")
        content.click()
        self.page.keyboard.press("ControlOrMeta+a")
        self.page.keyboard.press("Delete")
        # insert_text: typing would let the editor auto-indent after each newline
        self.page.keyboard.insert_text(code)


@pytest.fixture
def snippets(page):
    return Snippets(page)
