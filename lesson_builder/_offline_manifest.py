"""The service worker's manifest: every page and file of the built site to keep for offline
use, each with a revision, so that after a rebuild a returning browser downloads only the
files whose revision changed (``frontend/offline/service-worker.js``).

An entry is ``{"url": ..., "revision": ...}``: the site-relative URL the pages request, and
the file's content hash. A URL that already changes with the content (the runtime's files
under the build's ``?v=`` query, the start-up files named by their hash) needs no revision:
its entry has the URL alone. The manifest is derived from the files of the built site, so
that any file a build adds (a new bundle chunk, a page) is kept without a list to update.
"""

from __future__ import annotations

import hashlib
import json
import posixpath
from pathlib import Path

SERVICE_WORKER = "sw.js"  # at the site root: a service worker serves only below its folder
# Never kept for offline use: source maps, compressed sitemaps, temporary files.
NOT_PRECACHED_SUFFIXES = (".map", ".gz", ".tmp")
# 64 bits of SHA-256: a revision is compared only with the same URL's earlier revision.
REVISION_CHARS = 16
# Files for the host, not for browsers (Netlify and Cloudflare Pages do not serve them).
NOT_PRECACHED_NAMES = ("_headers",)


def precache_entries(
    site_dir: Path, versioned: dict[str, str], skip: set[str], named_by_content: frozenset[str] = frozenset()
) -> list[dict[str, str]]:
    """Every page and file of the built site, in path order, as manifest entries: a page by
    its folder (``fa/lessons/x/``), a file of ``versioned`` (site-relative path → query) with
    its query and no revision, a file of ``named_by_content`` with no revision, any other
    with the hash of its content."""
    entries = []
    for path in sorted(site_dir.rglob("*")):
        if not path.is_file() or path.name.endswith(NOT_PRECACHED_SUFFIXES):
            continue
        relative = path.relative_to(site_dir).as_posix()
        if relative == SERVICE_WORKER or relative in skip or relative in NOT_PRECACHED_NAMES:
            continue
        if relative in versioned:
            entries.append({"url": f"{relative}?{versioned[relative]}"})
        elif relative in named_by_content:
            entries.append({"url": relative})
        else:
            url = relative[: -len("index.html")] if path.name == "index.html" else relative
            revision = hashlib.sha256(path.read_bytes()).hexdigest()[:REVISION_CHARS]
            entries.append({"url": url, "revision": revision})
    return entries


def manifest_version(entries: list[dict[str, str]]) -> str:
    """Changes whenever any entry does: the service worker's script then differs byte for
    byte, which is what makes browsers install the new one."""
    return hashlib.sha256(json.dumps(entries, sort_keys=True).encode()).hexdigest()[:16]


def service_worker_script(
    site_dir: Path, source: bytes, versioned: dict[str, str], skip: set[str],
    named_by_content: frozenset[str] = frozenset(),
) -> bytes:
    """The service worker's source with this build's manifest in front of it."""
    entries = precache_entries(site_dir, versioned, skip, named_by_content)
    manifest = {"version": manifest_version(entries), "entries": entries}
    # One entry per line: a rebuild's diff of sw.js reads as the list of changed files.
    body = ",\n".join(json.dumps(entry, ensure_ascii=False) for entry in entries)
    return (
        f'self.__LESSONS_PRECACHE__ = {{"version": "{manifest["version"]}", "entries": [\n{body}\n]}};\n'.encode()
        + source
    )


def read_manifest(script: str) -> dict:
    """The manifest in front of a built ``sw.js`` (tests and benchmarks)."""
    prefix = "self.__LESSONS_PRECACHE__ = "
    start = script.index(prefix) + len(prefix)
    end = script.index("};\n", start) + 1
    return json.loads(script[start:end])


def relative_service_worker(from_folder: str) -> str:
    """The service worker's URL relative to a site folder."""
    return posixpath.relpath(SERVICE_WORKER, from_folder)
