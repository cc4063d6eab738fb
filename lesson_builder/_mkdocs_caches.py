"""Caches of the MkDocs side of a build: what each of the five language builds, each
``mkdocs serve`` rebuild and each new ``mkdocs build`` would otherwise redo from scratch.

- :class:`TemplateCodeCache`: the theme's Jinja templates compiled once, not once per
  language build (Jinja's own bytecode cache protocol: a template is found by its name and
  used only when its source's checksum matches).
- :class:`SearchEntryCache`: the search index's entries of a page (Material's HTML parsing
  and jieba's Chinese segmentation, the costliest part of building a page), kept by a hash
  of everything they are made of: the page's HTML, table of contents, address, title and
  front matter, and the versions of Material and jieba.

Both live in memory for the process and on disk under the build's cache folder (none
without one). What is on disk is only ever used when its key matches, so a changed page,
template or package is always made again.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
from importlib import metadata
from pathlib import Path
from typing import Callable, Optional

from jinja2 import BytecodeCache

SEARCH_FILE = "search-entries.json"
TEMPLATES_FOLDER = "templates"


def _write_atomically(target: Path, data: bytes) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    temporary = target.with_name(f"{target.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    temporary.write_bytes(data)
    os.replace(temporary, target)


class TemplateCodeCache(BytecodeCache):
    """Compiled templates in memory, and in ``folder`` when given."""

    def __init__(self, folder: Optional[Path]) -> None:
        self._folder = folder
        self._memory: dict[str, bytes] = {}

    def load_bytecode(self, bucket) -> None:
        data = self._memory.get(bucket.key)
        if data is None and self._folder is not None:
            try:
                data = (self._folder / f"{bucket.key}.jinja").read_bytes()
            except OSError:
                return
        if data is not None:
            bucket.bytecode_from_string(data)  # checks the source's checksum: stale code is dropped

    def dump_bytecode(self, bucket) -> None:
        data = bucket.bytecode_to_string()
        self._memory[bucket.key] = data
        if self._folder is not None:
            _write_atomically(self._folder / f"{bucket.key}.jinja", data)


def _version(package: str) -> str:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return "-"


class SearchEntryCache:
    """A page's search entries by the hash of what they are made of (in ``file`` too)."""

    def __init__(self, file: Optional[Path]) -> None:
        self._file = file
        self._entries: Optional[dict[str, list]] = None
        self._used: set[str] = set()
        self._added = False
        self._salt = json.dumps([_version("mkdocs-material"), _version("jieba"), _version("mkdocs")])

    def wrap(self, index) -> None:
        """Make ``index`` (Material's ``SearchIndex`` of one build) look up each page here."""
        compute: Callable = index.add_entry_from_context
        if getattr(compute, "_lessons_cached", False):
            return

        def add_entry_from_context(page) -> None:
            key = self._key(page)
            known = self._loaded().get(key)
            if known is None:
                start = len(index.entries)
                compute(page)
                known = self._loaded()[key] = json.loads(json.dumps(index.entries[start:]))
                self._added = True
            else:
                index.entries.extend(json.loads(json.dumps(known)))  # entries are changed later on
            self._used.add(key)

        add_entry_from_context._lessons_cached = True
        index.add_entry_from_context = add_entry_from_context

    def save(self) -> None:
        """Write what this process added (keeping only the entries it used)."""
        if self._file is None or not self._added:
            return
        kept = {key: value for key, value in self._loaded().items() if key in self._used}
        _write_atomically(self._file, json.dumps(kept, ensure_ascii=False).encode("utf-8"))
        self._added = False

    def _loaded(self) -> dict[str, list]:
        if self._entries is None:
            self._entries = {}
            if self._file is not None:
                try:
                    self._entries = dict(json.loads(self._file.read_text(encoding="utf-8")))
                except (OSError, ValueError, TypeError):
                    pass
        return self._entries

    def _key(self, page) -> str:
        made_of = [self._salt, page.url, str(page.title), page.meta, page.content, _toc(page.toc)]
        text = json.dumps(made_of, ensure_ascii=False, sort_keys=True, default=repr)
        return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _toc(items) -> list:
    return [[item.id, item.url, item.title, item.level, _toc(item.children)] for item in items or ()]
