"""Offline-update benchmark: what a returning learner downloads after a one-lesson edit.
Prints figures, asserts nothing.

All in one run, in headless Chromium (Debian's), two real builds served one after the other
on one 127.0.0.1 address (the same origin, so the same service worker): the given site, and a
copy of the project built again with one sentence added to one lesson
(tests/support/offline_update_support.py). Each repeat in a fresh browser context:

  (a) the full offline cache: every file the service worker's manifest lists, on disk
      (what a cache versioned as a whole downloads again after any edit)
  (b) first visit: what the server sent from the first page until everything is cached
  (c) the returning learner: the server switched to the edited build, the page reloaded;
      what the server sent until the new worker has every file (the reloaded page and
      sw.js included)

Bytes are response bodies as our static server sends them (no compression).

Usage: .venv/bin/python bench/offline_update.py [--site site] [--repeat 2]
(--site must be a build of this checkout: npm run build && .venv/bin/mkdocs build).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests"))  # tests/support: the test helpers are the bench's too
from support.chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402  (one place for the flags)
from support.offline_update_support import (  # noqa: E402
    EDITED_PAGE,
    SwitchingServer,
    changed_urls,
    file_of,
    manifest_of,
    rebuild_with_one_lesson_edited,
)
from support.startup_support import wait_offline_ready  # noqa: E402


def one_visit(browser, old_site: Path, new_site: Path) -> tuple[list, list]:
    """The server's log of (b) the first visit and (c) the reload after the edit."""
    server = SwitchingServer(old_site)
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(server.url(EDITED_PAGE))
        wait_offline_ready(page, manifest_of(old_site)["version"], timeout_s=300)
        first = list(server.log)
        server.switch_to(new_site)
        page.reload()
        wait_offline_ready(page, manifest_of(new_site)["version"], timeout_s=300)
        return first, list(server.log)
    finally:
        context.close()
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=REPO / "site")
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()
    if not (args.site / "sw.js").is_file():
        raise SystemExit(f"{args.site} has no service worker: npm run build && .venv/bin/mkdocs build")

    with tempfile.TemporaryDirectory(prefix="offline-update-") as folder:
        new_site = rebuild_with_one_lesson_edited(Path(folder), sys.executable)
        entries = manifest_of(args.site)["entries"]
        full_bytes = sum(file_of(args.site, entry["url"]).stat().st_size for entry in entries)
        changed = sorted(changed_urls(args.site, new_site))

        firsts, updates = [], []
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            for _ in range(args.repeat):
                first, update = one_visit(browser, args.site, new_site)
                firsts.append(first), updates.append(update)
            version = browser.version
            browser.close()

    def line(label, logs):
        counts = [len(log) for log in logs]
        sizes = [sum(sent.bytes for sent in log) / 1e6 for log in logs]
        print(f"{label:<52} files min {min(counts):4d} median {statistics.median(counts):6.1f}   "
              f"MB min {min(sizes):7.3f} median {statistics.median(sizes):7.3f}")
        return statistics.median(counts), statistics.median(sizes)

    print(f"Chromium {version}, page /{EDITED_PAGE} edited (one sentence), {args.repeat} runs, fresh context each")
    print(f"{'(a) the full offline cache (manifest, on disk)':<52} files {len(entries):13d}   MB {full_bytes / 1e6:21.3f}")
    line("(b) first visit, until everything is cached", firsts)
    files, megabytes = line("(c) returning learner after the edit", updates)
    print(f"(c)/(a): files {files / len(entries):.3f}, bytes {megabytes * 1e6 / full_bytes:.4f}")
    print(f"the rebuild changed {len(changed)} listed files: {', '.join(changed)}")
    fetched = sorted({sent.url for sent in updates[-1]})
    print(f"(c) fetched: {', '.join(url or '/' for url in fetched)}")


if __name__ == "__main__":
    main()
