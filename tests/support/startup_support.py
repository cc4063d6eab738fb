"""Helpers of the start-up tests (test_startup*.py) and the benchmark: a static server that
can be stopped (to go offline; it sends the site's Content-Security-Policy as every test
server does, csp_support.py), the offline cache's readiness, and shared workers closed
from outside (so that the next page must start Python again)."""

from __future__ import annotations

import functools
import http.server
import json
import socketserver
import threading
import time
from pathlib import Path

from support.chromium import END_STATES, in_front
from support.csp_support import PolicyHandlerMixin


class _QuietHandler(PolicyHandlerMixin, http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
    }

    def log_message(self, format, *args):
        pass


class _ThreadingServer(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


class LocalServer:
    """Serves ``folder`` on a free port of 127.0.0.1 until ``stop()``."""

    def __init__(self, folder: Path):
        handler = functools.partial(_QuietHandler, directory=str(folder))
        self._server = _ThreadingServer(("127.0.0.1", 0), handler)
        self.base = f"http://127.0.0.1:{self._server.server_address[1]}/"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()
        self.running = True

    def url(self, path: str = "") -> str:
        return self.base + path.lstrip("/")

    def stop(self) -> None:
        if self.running:
            self.running = False
            self._server.shutdown()
            self._server.server_close()


# The active service worker's answer: its version once every file is in its cache, else null.
_PRECACHE_STATUS = """() => new Promise((resolve) => {
    if (!navigator.serviceWorker) return resolve(null);
    navigator.serviceWorker.getRegistration().then((registration) => {
        const active = registration?.active;
        if (!active || active.state !== "activated") return resolve(null);
        const asked = Math.random();
        const answer = (event) => {
            if (event.data?.type !== "precache-status" || event.data.asked !== asked) return;
            navigator.serviceWorker.removeEventListener("message", answer);
            resolve(event.data.missing === 0 ? event.data.version : null);
        };
        navigator.serviceWorker.addEventListener("message", answer);
        active.postMessage({type: "precache-status", asked});
        setTimeout(() => resolve(null), 2000);
    });
})"""


# The state of each of the registration's workers (installing, waiting, active); with ``check``,
# and no newer worker already on its way, the registration is also asked to look for one (as a
# navigation does).
_REGISTRATION_STATE = """(check) => navigator.serviceWorker.getRegistration().then((registration) => {
    if (!registration) return null;
    const state = (worker) => worker && worker.state;
    const answer = {
        installing: state(registration.installing),
        waiting: state(registration.waiting),
        active: state(registration.active),
    };
    if (check && !registration.installing && !registration.waiting) {
        answer.checked = true;
        // A failed check (the server switched off) is reported, not thrown.
        return registration.update().then(() => answer, (error) => ({...answer, checkFailed: String(error)}));
    }
    return answer;
})"""

# Chromium looks for a newer worker about a second after a navigation's page and its first
# requests have loaded, and puts the check off again with every request a page sends through
# the worker (content/browser/service_worker: ScheduleUpdate, DeferScheduledUpdate). On a
# loaded machine a page starting Python can put it off for long; a test waiting for the new
# build then asks for the check itself, as the next navigation would.
_ASK_FOR_UPDATE_AFTER_S = 10


def wait_offline_ready(page, version: str | None = None, timeout_s: float = 120) -> str:
    """Wait until the active service worker (of the site's ``version``, if given) has every
    file of the site in its cache; returns the version of the site it keeps."""
    started = time.monotonic()
    deadline = started + timeout_s
    asked_at = started
    while True:
        answer = page.evaluate(_PRECACHE_STATUS)
        if answer and (version is None or answer == version):
            return answer
        now = time.monotonic()
        if now > deadline:
            workers = page.evaluate(_REGISTRATION_STATE, False)
            raise TimeoutError(
                f"the site was not kept for offline use (last answer: {answer}; workers: {workers})"
            )
        if version is not None and answer and now - asked_at > _ASK_FOR_UPDATE_AFTER_S:
            # The active worker keeps another build: make sure the browser has looked for this one.
            page.evaluate(_REGISTRATION_STATE, True)
            asked_at = now
        page.wait_for_timeout(300)


def close_shared_workers(browser) -> int:
    """Close every SharedWorker of the browser (DevTools protocol); returns how many."""
    session = browser.new_browser_cdp_session()
    try:
        targets = session.send("Target.getTargets")["targetInfos"]
        shared = [target for target in targets if target["type"] == "shared_worker"]
        for target in shared:
            session.send("Target.closeTarget", {"targetId": target["targetId"]})
        return len(shared)
    finally:
        session.detach()


def first_checked_snippet(page) -> tuple[str, str]:
    """(id, expected output) of the page's first snippet whose output the lesson shows."""
    page.wait_for_selector(".lesson-snippet[data-snippet] > script[data-config]", state="attached")
    for text in page.locator(".lesson-snippet[data-snippet] > script[data-config]").all_text_contents():
        config = json.loads(text)
        if config.get("expected") is not None:
            return config["id"], config["expected"]
    raise AssertionError(f"{page.url} has no snippet with a shown output")


def run_snippet(page, snippet_id: str, timeout: int = 60_000) -> tuple[str, str]:
    """Click Run on ``snippet_id`` and wait for an end state: (state, output)."""
    in_front(page)
    root = page.locator(f'[data-snippet="{snippet_id}"]')
    root.locator('[data-action="run"]').click()
    page.wait_for_function(
        "([id, states]) => states.includes(document.querySelector(`[data-snippet=\"${id}\"]`)?.dataset.state)",
        arg=[snippet_id, list(END_STATES)],
        timeout=timeout,
    )
    return root.get_attribute("data-state"), root.locator("[data-output]").text_content()
