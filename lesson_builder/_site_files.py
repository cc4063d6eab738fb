"""Writing into a built site only what changed.

The runtime's files are shared by every language's pages, so a file is copied or written
only when it would change (a rebuild of ``mkdocs serve`` then rewrites nothing it need not).
"""

from __future__ import annotations

import posixpath
import shutil
from pathlib import Path

# Material's language switcher fetches `sitemap.xml` relative to each `<link rel=alternate>`
# of the page, and the plugin points those at the same page in each language, so
# it asks for `<lang>/<page>/sitemap.xml`: without a file there, every page logs 404s as
# console errors. An empty one is valid and lets the switcher follow its own link (which
# already keeps the learner on the same page); the site's real sitemap stays at the root.
EMPTY_SITEMAP = (
    b'<?xml version="1.0" encoding="UTF-8"?>\n'
    b'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></urlset>\n'
)


class MissingRuntimeFile(Exception):
    """A file the site's runtime needs is not there (the message says how to make it)."""


def copy_if_changed(source: Path, target: Path) -> None:
    if target.exists() and target.stat().st_size == source.stat().st_size:
        if target.stat().st_mtime >= source.stat().st_mtime:
            return
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(source, target)


def write_if_changed(target: Path, data: bytes) -> None:
    if target.exists() and target.read_bytes() == data:
        return
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data)


def remove_others(folder: Path, keep: set[str]) -> None:
    """Delete the files of ``folder`` not named in ``keep`` (what earlier builds left)."""
    if folder.is_dir():
        for path in folder.iterdir():
            if path.is_file() and path.name not in keep:
                path.unlink()


def write_empty_sitemap(site_dir: Path, page_dest_uri: str) -> None:
    """An empty ``sitemap.xml`` beside the page (not at the site root: the real one is there)."""
    page_dir = posixpath.dirname(page_dest_uri)
    if page_dir:
        write_if_changed(site_dir / page_dir / "sitemap.xml", EMPTY_SITEMAP)
