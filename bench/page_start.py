"""Page start-up benchmark for a course of many pages (issue 19), in headless Chromium, every
figure with its baseline from the same run:

(a) floor: a bare page that loads the same Pyodide in a worker on click and prints
    (bench/startup_visit.py's floor page)
(n) the next lesson page of a visit (the learner read the first one for two seconds: the
    shared interpreter is warm): from the page's load event to the output of a Run clicked,
    in the page, as soon as its button exists after the load event; as (n)/(a)
(t) total blocking time (the sum over long tasks of their time past 50 ms) of the longest
    lesson page (most snippets and quizzes), cold, from navigation until Python is ready,
    against (t0), the author guide's (a plain page of the site, no widgets) over the same span
(w) the longest lesson page's HTML + CSS + JS before Python, gzipped

    .venv/bin/python bench/page_start.py [--site SITE_DIR] [--repeat 5]

Builds the site first when no --site is given. Prints min / median over ``--repeat``
rounds and the ratios; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

from startup import page_bytes_gzipped  # noqa: E402
from startup_visit import CHROMIUM, CHROMIUM_ARGS, END_STATES, LONG_TASKS, LocalServer, bench_root, build_site, measure_floor  # noqa: E402

FIRST_PAGE = "site/lessons/first-steps/"
AUTHOR_GUIDE = "site/authoring/"
PYTHON_READY_MS = 120_000

# Sum over long tasks of their time past 50 ms, from navigation up to `until` (ms since start).
BLOCKING_TIME = """(until) => window.__longTasks
    .filter(([at]) => at < until)
    .reduce((sum, [, length]) => sum + Math.max(0, length - 50), 0)"""

# Installed before the next page starts: as soon as the page has loaded and the first snippet
# with an output has its Run button, click it in the page itself (a round trip through the
# driver would add its own latency), and time from the load event to the run's end state.
CLICK_AT_LOAD = """
window.__runAfterLoad = new Promise((resolve) => {
  const ends = %s;
  const firstWithOutput = () => [...document.querySelectorAll(".lesson-snippet[data-snippet] > script[data-config]")]
    .map((script) => JSON.parse(script.textContent)).find((config) => config.expected != null);
  const clickWhenThere = () => {
    const config = firstWithOutput();
    const root = config && document.querySelector(`[data-snippet="${config.id}"]`);
    const button = root?.querySelector('[data-action="run"]');
    if (!button) return false;
    button.click();
    new MutationObserver(() => {
      if (ends.includes(root.dataset.state)) {
        const loaded = performance.getEntriesByType("navigation")[0].loadEventEnd;
        resolve([performance.now() - loaded, root.dataset.state]);
      }
    }).observe(root, { attributes: true, attributeFilter: ["data-state"] });
    return true;
  };
  addEventListener("load", () => {
    if (clickWhenThere()) return;
    const watcher = new MutationObserver(() => clickWhenThere() && watcher.disconnect());
    watcher.observe(document, { subtree: true, childList: true });
  });
});
"""
# How long the learner stays on the first page before going on: its warm-up run is over.
READ_FIRST_PAGE_MS = 2000


def longest_lesson(site: Path) -> str:
    """The lesson page (Bulgarian) with the most snippets and quizzes: the heaviest start."""
    def widgets(page: Path) -> int:
        html = page.read_text(encoding="utf-8")
        return len(re.findall(r'data-snippet="', html)) + len(re.findall(r"data-quiz=\"", html))

    pages = sorted((site / "lessons").glob("*/index.html"))
    heaviest = max(pages, key=widgets)
    return f"site/lessons/{heaviest.parent.name}/"


def measure_next_page(browser, server, next_page: str) -> float:
    """(n): the first page of the visit starts the shared interpreter; then the next page."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(server.url(FIRST_PAGE))
        page.wait_for_function("() => document.documentElement.dataset.pythonInterpreter", timeout=PYTHON_READY_MS)
        page.wait_for_timeout(READ_FIRST_PAGE_MS)
        page.add_init_script(CLICK_AT_LOAD % json.dumps(list(END_STATES)))
        page.goto(server.url(next_page), wait_until="load")
        elapsed, state = page.evaluate("() => window.__runAfterLoad")
        if state != "done":
            raise RuntimeError(f"{page.url}: run ended {state}")
        return elapsed
    finally:
        context.close()


def measure_blocking(browser, server, path: str, *, until_python: bool, span_ms: float | None = None):
    """Total blocking time of a cold page from navigation until Python is ready (or over
    ``span_ms`` for a page without Python); with the span and the page's bytes."""
    context = browser.new_context()
    try:
        context.add_init_script(LONG_TASKS)
        page = context.new_page()
        loaded: list = []
        page.on("response", lambda response: loaded.append(response))
        page.goto(server.url(path), wait_until="load")
        if until_python:
            page.wait_for_function("() => performance.getEntriesByName('lessons:python-ready').length",
                                   timeout=PYTHON_READY_MS)
            span = page.evaluate("() => performance.getEntriesByName('lessons:python-ready')[0].startTime")
        else:
            span = span_ms
            page.wait_for_timeout(max(0.0, span - page.evaluate("() => performance.now()")) + 100)
        page.wait_for_timeout(100)  # the long task observer reports a little late
        return page.evaluate(BLOCKING_TIME, span), span, page_bytes_gzipped(loaded)
    finally:
        context.close()


def summary(values: list[float], unit: str = "ms") -> str:
    return f"{min(values):8.0f} / {statistics.median(values):8.0f} {unit}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--site", type=Path, help="a built site (default: build one now)")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    site = args.site or build_site()
    root = bench_root(site)
    heaviest = longest_lesson(site)

    from playwright.sync_api import sync_playwright

    rounds = {key: [] for key in ("a", "n", "t", "t0", "w")}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        for _ in range(args.repeat):
            server = LocalServer(root)
            try:
                rounds["a"].append(measure_floor(browser, server))
                rounds["n"].append(measure_next_page(browser, server, heaviest))
                blocking, span, weight = measure_blocking(browser, server, heaviest, until_python=True)
                rounds["t"].append(blocking)
                rounds["w"].append(weight / 1024)
                rounds["t0"].append(measure_blocking(browser, server, AUTHOR_GUIDE, until_python=False, span_ms=span)[0])
            finally:
                server.stop()
        browser.close()

    median = {key: statistics.median(values) for key, values in rounds.items()}
    print(f"Page start-up benchmark, {args.repeat} rounds, min / median; the longest lesson: {heaviest}")
    print(f"  (a)  floor: bare Pyodide, worker started on click          {summary(rounds['a'])}")
    print(f"  (n)  next page: load → output, Run clicked at load        {summary(rounds['n'])}")
    print(f"  (t)  total blocking time, navigation → Python ready      {summary(rounds['t'])}")
    print(f"  (t0) the author guide's, over the same span              {summary(rounds['t0'])}")
    print(f"  (w)  HTML + CSS + JS before Python, gzipped               {summary(rounds['w'], 'KB')}")
    print(f"  (n)/(a) median ratio: {median['n'] / median['a']:.3f} (target ≤ 0.05)")
    print(f"  (t)/(t0) median ratio: {median['t'] / max(median['t0'], 1):.2f} (target ≤ 1.25)")
    print(f"  (w) median: {median['w']:.0f} KB (target ≤ 300 KB)")


if __name__ == "__main__":
    main()
