"""Caches of the MkDocs side of a build: what each of the five language builds, each
``mkdocs serve`` rebuild and each new ``mkdocs build`` would otherwise redo from scratch.

- :class:`TemplateCodeCache`: the theme's Jinja templates compiled once, not once per
  language build (Jinja's own bytecode cache protocol: a template is found by its name and
  used only when its source's checksum matches).
- :class:`PageRenderCache`: a page's Markdown rendered again only when it changed (in
  memory: what ``mkdocs serve`` rebuilds).
- :class:`SearchEntryCache`: the search index's entries of a page (Material's HTML parsing
  and jieba's Chinese segmentation, the costliest part of building a page), kept by a hash
  of everything they are made of: the page's HTML, table of contents, address, title and
  front matter, and the versions of Material and jieba. Those it does not know are made in
  a worker process while the build goes on (``_search_worker``).

The other two live in memory for the process and on disk under the build's cache folder (none
without one). What is on disk is only ever used when its key matches, so a changed page,
template or package is always made again.
"""

from __future__ import annotations

import copy
import hashlib
import json
import logging
import os
import threading
from importlib import metadata
from pathlib import Path
from typing import Callable, Optional

from jinja2 import BytecodeCache

from ._search_worker import SearchWorker, page_state

# Inside the build's cache folder, beside the transcripts (one JSON file each).
SEARCH_FILE = "site/search-entries.json"
TEMPLATES_FOLDER = "site/templates"


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


class _Pending:
    """Where a page's entries go in the index once the worker made them."""

    def __init__(self, key: str, future, state: dict) -> None:
        self.key, self.future, self.state = key, future, state


class SearchEntryCache:
    """A page's search entries by the hash of what they are made of (in ``file`` too)."""

    def __init__(self, file: Optional[Path], worker: Optional[SearchWorker] = None) -> None:
        self._file = file
        self._entries: Optional[dict[str, list]] = None
        self._used: set[str] = set()
        self._added = False
        self._salt = json.dumps([_version("mkdocs-material"), _version("jieba"), _version("mkdocs")])
        self._worker = worker
        self._early: dict[str, tuple] = {}  # key → (future, state): asked for as the page was rendered

    def prepare(self, index, page, html: str) -> None:
        """Ask the worker for the entries of ``page`` as soon as its HTML is made (its
        ``on_page_content``), not when the search plugin reaches it: the worker then works
        while the build renders the other pages. What the search plugin sees later is
        checked against the same key."""
        if self._worker is None:
            return
        state = page_state(page, html)
        key = self._key_of(state)
        if key in self._early or key in self._loaded():
            return
        future = self._worker.submit(index.config, state)
        if future is not None:
            self._early[key] = (future, state)

    def wrap(self, index) -> None:
        """Make ``index`` (Material's ``SearchIndex`` of one build) look up each page here.
        A page not known yet leaves a place in ``index.entries`` that :meth:`collect` fills."""
        compute: Callable = index.add_entry_from_context
        if getattr(compute, "_lessons_cached", False):
            return

        def add_entry_from_context(page) -> None:
            state = page_state(page)
            key = self._key_of(state)
            self._used.add(key)
            known = self._loaded().get(key)
            if known is not None:
                index.entries.extend(json.loads(json.dumps(known)))  # entries are changed later on
                return
            future, state = self._early.pop(key, (None, state))
            if future is None and self._worker is not None:
                future = self._worker.submit(index.config, state)
            if future is not None:
                index.entries.append(_Pending(key, future, state))
                return
            start = len(index.entries)
            compute(page)
            self._loaded()[key] = json.loads(json.dumps(index.entries[start:]))
            self._added = True

        add_entry_from_context._lessons_cached = True
        index.add_entry_from_context = add_entry_from_context

    def collect(self, index) -> None:
        """Put the entries the worker made in their places (before anything reads the index)."""
        if not any(isinstance(entry, _Pending) for entry in index.entries):
            return
        entries = []
        for entry in index.entries:
            if not isinstance(entry, _Pending):
                entries.append(entry)
                continue
            made = self._worker.result(entry.future, index.config, entry.state)
            self._loaded()[entry.key] = json.loads(json.dumps(made))
            self._added = True
            entries.extend(made)
        index.entries = entries
        self._early.clear()  # asked for pages the search plugin did not index (it excludes some)

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

    def _key_of(self, state: dict) -> str:
        """The hash of what a page's entries are made of (``page_state``)."""
        made_of = [self._salt, state["url"], state["title"], state["meta"], state["toc"]]
        digest = hashlib.sha256(json.dumps(made_of, ensure_ascii=False, sort_keys=True, default=repr).encode("utf-8"))
        digest.update(b"\0" + state["content"].encode("utf-8"))  # the HTML as it is, not JSON-escaped
        return digest.hexdigest()


class PageRenderCache:
    """``page.render`` (Markdown to HTML, table of contents, anchors) done again only when
    the page's Markdown, its address, the build's files or the Markdown settings changed:
    a ``mkdocs serve`` rebuild after one lesson's edit renders that lesson's page alone.

    In memory, for the process. A render that logged a warning (a broken link) is never
    kept, so the warning, and a strict build's failure, come again next time.
    """

    def __init__(self) -> None:
        self._known: dict[str, tuple[str, dict]] = {}  # page src_uri → (key, what render made)
        self._build_key = ""

    def start_build(self, files, config) -> None:
        """Called once a build's files are final (from ``on_nav``)."""
        made_of = [sorted((f.src_uri, f.dest_uri, f.url) for f in files),
                   [repr(extension) for extension in config["markdown_extensions"]],
                   repr(config["mdx_configs"])]
        self._build_key = hashlib.sha256(json.dumps(made_of).encode("utf-8")).hexdigest()

    def attach(self, page) -> None:
        """Make ``page.render`` look here first (called from ``on_pre_page``)."""
        page.render = lambda config, files: self._render(page, config, files)

    def _render(self, page, config, files) -> None:
        made_of = [self._build_key, page.file.src_uri, page.file.url, page.markdown]
        key = hashlib.sha256(json.dumps(made_of, ensure_ascii=False).encode("utf-8")).hexdigest()
        known = self._known.get(page.file.src_uri)
        if known is not None and known[0] == key:
            _restore(page, known[1], files)
            return
        warnings = _WarningCount()
        logger = logging.getLogger("mkdocs")
        logger.addHandler(warnings)
        try:
            type(page).render(page, config, files)
        finally:
            logger.removeHandler(warnings)
        if warnings.count:
            self._known.pop(page.file.src_uri, None)
            return
        self._known[page.file.src_uri] = (key, {
            "content": page.content, "toc": copy.deepcopy(page.toc),
            "title": page._title_from_render, "anchors": set(page.present_anchor_ids or ()),
            "links": {target.src_uri: dict(links) for target, links in (page.links_to_anchors or {}).items()},
        })


def _restore(page, made: dict, files) -> None:
    page.content = made["content"]
    page.toc = copy.deepcopy(made["toc"])
    page._title_from_render = made["title"]
    page.present_anchor_ids = set(made["anchors"])
    links = {}
    for src_uri, anchors in made["links"].items():
        target = files.get_file_from_path(src_uri)
        if target is not None:
            links[target] = dict(anchors)
    page.links_to_anchors = links


class _WarningCount(logging.Handler):
    def __init__(self) -> None:
        super().__init__(level=logging.WARNING)
        self.count = 0

    def emit(self, record) -> None:
        self.count += 1
