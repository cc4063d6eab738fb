"""Helpers of the offline-update test (test_offline_update.py) and its benchmark
(bench/offline_update.py): a second real build of the site with one lesson edited, what its
service worker's manifest lists differently, and a server that serves one build after the
other on one address (the same origin, so the same service worker) and logs what it sent."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlsplit

from lesson_builder._offline_manifest import SERVICE_WORKER, read_manifest
from support.startup_support import _QuietHandler, _ThreadingServer

REPO = Path(__file__).resolve().parents[2]
EDITED_LESSON = "lessons/first-steps/bg.md"  # the sample lesson, in the default language
EDITED_PAGE = "lessons/first-steps/"
# The sentence the edit adds (a plain paragraph under the lesson's title).
ADDED_SENTENCE = "Този абзац е добавен след първото посещение."
# Made by earlier builds and reused by this one: finished snippet runs, the start-up files.
BUILD_CACHES = (".lesson-cache", "build/startup-cache")


def rebuild_with_one_lesson_edited(target: Path, python: str = sys.executable) -> Path:
    """Build a copy of the project, with ``ADDED_SENTENCE`` added to ``EDITED_LESSON``,
    into ``target/site``; returns that folder."""
    project = target / "project"
    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard"], cwd=REPO, capture_output=True,
                            text=True, check=True).stdout.split("\n")
    for name in listed:
        if name and (REPO / name).is_file():
            (project / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(REPO / name, project / name)
    for folder in BUILD_CACHES + ("frontend/dist",):
        if (REPO / folder).is_dir():
            shutil.copytree(REPO / folder, project / folder, dirs_exist_ok=True)
    (project / "node_modules").symlink_to(REPO / "node_modules")
    lesson = project / EDITED_LESSON
    text = lesson.read_text(encoding="utf-8")
    title_end = text.index("\n", text.index("\n# ") + 1)
    lesson.write_text(f"{text[:title_end]}\n\n{ADDED_SENTENCE}\n{text[title_end:]}", encoding="utf-8")
    site = target / "site"
    result = subprocess.run([python, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)], cwd=project,
                            capture_output=True, text=True, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    if result.returncode != 0:
        raise RuntimeError(f"mkdocs build of the edited copy failed:\n{result.stdout}\n{result.stderr}")
    return site


def manifest_of(site: Path) -> dict:
    return read_manifest((site / SERVICE_WORKER).read_text(encoding="utf-8"))


def file_of(site: Path, url: str) -> Path:
    """The file of the built site that a manifest URL (site-relative, maybe with a query) names."""
    path = url.split("?")[0]
    return site / (path + "index.html" if path.endswith("/") or not path else path)


def changed_urls(old_site: Path, new_site: Path) -> set[str]:
    """The URLs the new build's manifest lists with another revision, or that are new."""
    old = {entry["url"]: entry.get("revision") for entry in manifest_of(old_site)["entries"]}
    return {entry["url"] for entry in manifest_of(new_site)["entries"]
            if entry["url"] not in old or old[entry["url"]] != entry.get("revision")}


@dataclass
class Sent:
    url: str  # site-relative, as the manifest writes it (decoded, query kept)
    status: int
    bytes: int


class _LoggingHandler(_QuietHandler):
    def __init__(self, request, client_address, server):
        self._status = 0
        self._sent = 0
        super().__init__(request, client_address, server, directory=str(server.folder))

    def send_response(self, code, message=None):
        self._status = code
        super().send_response(code, message)

    def copyfile(self, source, outputfile):
        data = source.read()
        outputfile.write(data)
        self._sent += len(data)

    def do_GET(self):
        super().do_GET()
        parts = urlsplit(self.path)
        url = unquote(parts.path).lstrip("/") + (f"?{parts.query}" if parts.query else "")
        self.server.log.append(Sent(url, self._status, self._sent))


class SwitchingServer:
    """Serves ``folder`` on a free port of 127.0.0.1; ``switch_to(other)`` serves another
    build at the same address. ``log`` lists every GET answered (``Sent``)."""

    def __init__(self, folder: Path):
        self._server = _ThreadingServer(("127.0.0.1", 0), _LoggingHandler)
        self._server.folder = folder
        self._server.log = []
        self.base = f"http://127.0.0.1:{self._server.server_address[1]}/"
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        self.running = True

    @property
    def log(self) -> list[Sent]:
        return self._server.log

    def switch_to(self, folder: Path) -> None:
        self._server.folder = folder
        self._server.log.clear()

    def url(self, path: str = "") -> str:
        return self.base + path.lstrip("/")

    def stop(self) -> None:
        if self.running:
            self.running = False
            self._server.shutdown()
            self._server.server_close()


# The cache keys the site's service worker holds (one cache for every build).
CACHED_KEYS = """async () => {
    const cache = await caches.open("tool-lessons-offline");
    return (await cache.keys()).map((request) => request.url);
}"""


def site_pages(site: Path) -> list[str]:
    """Every page of the built site, as its folder address ("" for the root)."""
    pages = []
    for index in sorted(site.rglob("index.html")):
        folder = index.parent.relative_to(site).as_posix()
        if not folder.startswith("assets"):
            pages.append("" if folder == "." else folder + "/")
    return pages

