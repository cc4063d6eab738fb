"""The browser tests run under the site's Content-Security-Policy: every test server sends the
policy the build wrote into the served folder's ``_headers`` with every response (pages,
worker scripts, wasm, the service worker), plus a ``report-uri`` of its own, so that a
violation anywhere (a page, a dedicated, shared or service worker) is posted back to it.

``PolicyHandlerMixin``
    Put before ``http.server.SimpleHTTPRequestHandler`` in a handler class: sends the policy
    and collects the reports into ``REPORTS``.
``CspWatch``
    Watches one browser context: the reports that arrive while it is open, the pages'
    ``securitypolicyviolation`` events and every console message (pages and workers) that
    mentions Content Security Policy. ``violations()`` lists them, one line each.
"""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

from lesson_builder._content_security import HEADERS_FILE, policy_from_headers_file

REPORT_PATH = "/__csp-report"
# Chromium posts a report a few milliseconds after the violation; wait this long for late ones.
REPORT_GRACE_S = 0.2
# A page's violations as console errors with this prefix (Chromium's own message mentions
# "Content Security Policy" too).
_VIOLATION_LISTENER = """addEventListener("securitypolicyviolation", (event) => {
    console.error(`Content Security Policy violation: ${event.effectiveDirective} blocked `
        + `${event.blockedURI || "inline code"} at ${event.sourceFile || event.documentURI}:${event.lineNumber}`);
}, true);"""


class _Reports:
    """The violation reports every test server received, in arrival order (thread-safe)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._items: list[str] = []

    def add(self, line: str) -> None:
        with self._lock:
            self._items.append(line)

    def mark(self) -> int:
        with self._lock:
            return len(self._items)

    def since(self, mark: int) -> list[str]:
        with self._lock:
            return self._items[mark:]


REPORTS = _Reports()
_policies: dict[Path, tuple[float, str | None]] = {}


def served_policy(folder: Path) -> str | None:
    """The policy of the built site in ``folder`` (from its ``_headers``), or None."""
    path = folder / HEADERS_FILE
    try:
        mtime = path.stat().st_mtime
    except FileNotFoundError:
        return None
    cached = _policies.get(folder)
    if cached is None or cached[0] != mtime:
        cached = _policies[folder] = (mtime, policy_from_headers_file(path.read_text(encoding="utf-8")))
    return cached[1]


def describe_report(report: dict) -> str:
    where = report.get("source-file") or report.get("document-uri", "?")
    line = report.get("line-number")
    return (f"{report.get('effective-directive') or report.get('violated-directive', '?')} blocked "
            f"{report.get('blocked-uri') or 'inline code'} at {where}{f':{line}' if line else ''}"
            f" (document {report.get('document-uri', '?')})")


class PolicyHandlerMixin:
    """Sends the served site's policy with every response and takes its violation reports."""

    def end_headers(self):
        policy = served_policy(Path(self.directory))
        if policy is None:
            REPORTS.add(f"no policy: {self.directory} holds no {HEADERS_FILE} (the site build writes it)")
        else:
            self.send_header("Content-Security-Policy", f"{policy}; report-uri {REPORT_PATH}")
        super().end_headers()

    def do_POST(self):
        if self.path.split("?", 1)[0] != REPORT_PATH:
            self.send_error(405)
            return
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        try:
            REPORTS.add(describe_report(json.loads(body).get("csp-report", {})))
        except (ValueError, AttributeError):
            REPORTS.add(f"unreadable report: {body[:200]!r}")
        self.send_response(204)
        self.end_headers()


def mentions_policy(text: str) -> bool:
    return "Content Security Policy" in text or "Content-Security-Policy" in text


class CspWatch:
    """The violations seen from one browser context while it is watched."""

    def __init__(self, context) -> None:
        self._mark = REPORTS.mark()
        self.console: list[str] = []
        context.add_init_script(_VIOLATION_LISTENER)
        context.on("console", lambda message: mentions_policy(message.text) and self.console.append(message.text))

    def violations(self, wait: bool = True) -> list[str]:
        """Reports received since the watch began (after a short wait for late ones) and the
        console's messages about the policy."""
        if wait:
            time.sleep(REPORT_GRACE_S)
        return [f"report: {line}" for line in REPORTS.since(self._mark)] + [f"console: {text}" for text in self.console]
