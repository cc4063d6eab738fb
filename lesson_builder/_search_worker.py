"""A page's search entries, made in a process of their own while the build goes on.

Material's search plugin parses each page's HTML into sections and segments their Chinese
text with jieba (whose dictionary alone takes a second to load): about 2.4 s of a cold build,
all of it on the build's one thread while the machine's other cores sit idle, since the
snippet runs are over by then. Here a page's entries are made by Material's own code
(``SearchIndex.add_entry_from_context``), on a stand-in of the page that holds what that code
reads, in one worker process; the build renders the next pages meanwhile and collects the
entries, in page order, before anything reads the index (``SearchEntryCache.collect``).

Where the worker cannot start or goes away, the entries are made in the build's own process,
as Material would.
"""

from __future__ import annotations

import concurrent.futures
import logging
import os
import pickle
import queue
import subprocess
import sys
import threading
from pathlib import Path
from typing import Optional

from ._child_pipes import feed_requests

log = logging.getLogger("mkdocs.plugins.lessons")

BUILDER_HOME = Path(__file__).resolve().parent.parent


class _TocItem:
    """What Material's ``_find_toc_by_id`` reads of a table-of-contents item."""

    def __init__(self, item: list) -> None:
        self.id, self.url, self.title, self.level, children = item
        self.children = [_TocItem(child) for child in children]


class _Page:
    """What Material's ``add_entry_from_context`` reads of a page."""

    def __init__(self, state: dict) -> None:
        self.content = state["content"]
        self.url = state["url"]
        self.title = state["title"]
        self.meta = state["meta"]
        self.toc = [_TocItem(item) for item in state["toc"]]


def page_state(page, content: Optional[str] = None) -> dict:
    """What the entries of ``page`` are made of (its HTML: ``content``, else ``page.content``),
    as plain data that crosses to a process."""
    return {"content": (page.content if content is None else content) or "", "url": page.url,
            "title": str(page.title), "meta": dict(page.meta), "toc": toc_data(page.toc)}


def toc_data(items) -> list:
    """A table of contents as plain nested lists: ``[id, url, title, level, children]``."""
    return [[item.id, item.url, item.title, item.level, toc_data(item.children)] for item in items or ()]


def entries_for(config: dict, state: dict) -> list[dict]:
    """The page's search entries, as Material's search index of ``config`` makes them."""
    from material.plugins.search.plugin import SearchIndex

    index = SearchIndex(**config)
    index.add_entry_from_context(_Page(state))
    return index.entries


class WorkerGone(RuntimeError):
    """The worker process ended, or could not start: make the entries here."""


class SearchWorker:
    """One worker process for the build's session (``mkdocs serve`` keeps it, jieba loaded),
    ``python -m lesson_builder._search_worker``: pickled requests on its stdin, pickled
    replies on its stdout, each with its number. Requests are written by a thread of their
    own: a page's HTML is larger than a pipe holds, and the build must not wait for the
    worker to take it."""

    def __init__(self) -> None:
        self._process: Optional[subprocess.Popen] = None
        self._requests: Optional[queue.SimpleQueue] = None
        self._waiting: dict[int, concurrent.futures.Future] = {}
        self._lock = threading.Lock()
        self._count = 0
        self._unavailable = False

    def submit(self, config: dict, state: dict) -> Optional[concurrent.futures.Future]:
        """The entries to come, or None where there is no worker (then make them here)."""
        with self._lock:
            if self._unavailable:
                return None
            try:
                if self._process is None:
                    self._start()
                self._count += 1
                future: concurrent.futures.Future = concurrent.futures.Future()
                self._waiting[self._count] = future
                self._requests.put(pickle.dumps((self._count, dict(config), state)))
                return future
            except (OSError, ValueError, pickle.PicklingError) as error:
                self._waiting.pop(self._count, None)
                self._give_up(error)
                return None

    def result(self, future: concurrent.futures.Future, config: dict, state: dict) -> list[dict]:
        """The entries of ``future``, or made here if the worker went away first."""
        try:
            return future.result()
        except WorkerGone:
            return entries_for(config, state)

    def close(self) -> None:
        with self._lock:
            process, self._process = self._process, None
        if process is not None:
            self._requests.put(None)  # after the last request, the end of its input: it exits
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()

    def _start(self) -> None:
        environment = dict(os.environ)
        environment["PYTHONPATH"] = os.pathsep.join(
            [str(BUILDER_HOME)] + ([environment["PYTHONPATH"]] if environment.get("PYTHONPATH") else []))
        self._process = subprocess.Popen([sys.executable, "-m", "lesson_builder._search_worker"],
                                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=environment)
        self._requests = queue.SimpleQueue()
        threading.Thread(target=feed_requests, args=(self._process, self._requests), daemon=True).start()
        threading.Thread(target=self._read, args=(self._process,), daemon=True).start()


    def _read(self, process: subprocess.Popen) -> None:
        while True:
            try:
                number, ok, value = pickle.load(process.stdout)
            except Exception as error:  # noqa: BLE001 - end of file, or a broken reply: it is gone
                with self._lock:
                    if self._process is process:
                        self._give_up(error)
                return
            with self._lock:
                future = self._waiting.pop(number, None)
            if future is not None:
                future.set_result(value) if ok else future.set_exception(value)

    def _give_up(self, error: BaseException) -> None:
        """Called holding the lock: from now on, every page's entries are made here."""
        if not self._unavailable:
            log.info("lessons: search entries made in the build's process (%s)", error)
        self._unavailable = True
        for future in self._waiting.values():
            future.set_exception(WorkerGone(str(error)))
        self._waiting.clear()
        if self._process is not None:
            self._process.kill()
            self._process = None


def main() -> None:
    """The worker: answer each request read from stdin until its end."""
    try:
        import jieba  # its dictionary loads on the first Chinese text: only builds with some pay
        jieba.setLogLevel(logging.WARNING)
    except ImportError:
        pass
    requests, replies = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr  # nothing printed may break the replies
    while True:
        try:
            number, config, state = pickle.load(requests)
        except EOFError:
            return
        try:
            reply = (number, True, entries_for(config, state))
        except Exception as error:  # noqa: BLE001 - raised in the build, as Material's own would be
            reply = (number, False, error)
        pickle.dump(reply, replies)
        replies.flush()


if __name__ == "__main__":
    main()
