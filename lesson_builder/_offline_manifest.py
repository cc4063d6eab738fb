"""The service worker's manifest: every page and file of the built site to keep for offline
use, and a version that changes whenever any of them changes (so that browsers install the
new service worker and drop the old cache)."""

from __future__ import annotations

import hashlib
import json
import posixpath
from pathlib import Path

SERVICE_WORKER = "sw.js"  # at the site root: a service worker serves only below its folder
# Never kept for offline use: source maps, compressed sitemaps, temporary files.
NOT_PRECACHED_SUFFIXES = (".map", ".gz", ".tmp")
# Files for the host, not for browsers (Netlify and Cloudflare Pages do not serve them).
NOT_PRECACHED_NAMES = ("_headers",)


def precache_urls(site_dir: Path, versioned: dict[str, str], skip: set[str]) -> list[str]:
    """Every page and file of the built site as site-relative URLs the way pages request
    them: a page by its folder (``fa/lessons/x/``), a file of ``versioned`` (site-relative
    path → query) with its query."""
    urls = []
    for path in sorted(site_dir.rglob("*")):
        if not path.is_file() or path.name.endswith(NOT_PRECACHED_SUFFIXES):
            continue
        relative = path.relative_to(site_dir).as_posix()
        if relative == SERVICE_WORKER or relative in skip or relative in NOT_PRECACHED_NAMES:
            continue
        if path.name == "index.html":
            urls.append(relative[: -len("index.html")])
        elif relative in versioned:
            urls.append(f"{relative}?{versioned[relative]}")
        else:
            urls.append(relative)
    return urls


def service_worker_script(site_dir: Path, source: bytes, versioned: dict[str, str], skip: set[str]) -> bytes:
    """The service worker's source with this build's manifest in front of it."""
    urls = precache_urls(site_dir, versioned, skip)
    # The cache's version: every file's URL and content, so that any change of the site
    # (a page's text too, which the runtime's version does not see) replaces the cache.
    content = hashlib.sha256()
    for url in urls:
        relative = url.split("?")[0]
        path = site_dir / (relative + "index.html" if relative.endswith("/") or not relative else relative)
        content.update(url.encode() + b"\0")
        content.update(path.read_bytes())
    manifest = {"version": content.hexdigest()[:16], "urls": urls}
    return f"self.__LESSONS_PRECACHE__ = {json.dumps(manifest, ensure_ascii=False)};\n".encode() + source


def relative_service_worker(from_folder: str) -> str:
    """The service worker's URL relative to a site folder."""
    return posixpath.relpath(SERVICE_WORKER, from_folder)
