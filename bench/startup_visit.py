"""Start-up benchmark of a whole visit (issue 7): how soon Python answers, on the first
page, after a prewarm, on the next page, on a repeat visit and offline, in one run, in
headless Chromium. (bench/startup.py measures one page: idle click, second run, bytes.)

    .venv/bin/python bench/startup_visit.py [--site SITE_DIR] [--repeat 3]

Builds the site first when no --site is given. Prints figures (min / median over
``--repeat`` rounds) and their ratios; asserts nothing. Every figure is click → the run's
end state (its output shown), except (f):

(a) floor: a bare page that loads the same Pyodide in a worker on click and prints
(b) ours, cold first visit: a lesson page in a fresh browser profile, Run clicked at load
(c) ours, Run clicked after the page started Python in the background (prewarm)
(d) the first run on the next lesson page of the visit (the shared interpreter)
(e) a repeat visit: same profile, every page closed and the interpreter gone, Run at load
(f) the longest main-thread task while Python starts, in (b): from the runner's
    ``lessons:python-start`` mark to its ``lessons:python-ready`` mark (also printed: the
    longest task of the whole page load, the page's own rendering included)
(g) (e) with the server stopped (offline, from the service worker's cache)
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))  # tests/support: the test helpers are the bench's too

from support.chromium import CHROMIUM, CHROMIUM_ARGS, END_STATES  # noqa: E402
from support.startup_support import (  # noqa: E402  (the test helpers are the bench's helpers too)
    LocalServer,
    close_shared_workers,
    first_checked_snippet,
    wait_offline_ready,
)

FIRST_PAGE = "site/lessons/first-steps/"
NEXT_PAGE = "site/lessons/tool-loop/"
PREWARM_IDLE_S = 8

BARE_PAGE = """<!doctype html><meta charset="utf-8"><title>bare Pyodide</title>
<button id="run">Run</button><pre id="out"></pre>
<script type="module">
document.getElementById("run").onclick = () => {
  const worker = new Worker("worker.js", { type: "module" });
  worker.onmessage = ({ data }) => { document.getElementById("out").textContent = data; };
};
</script>"""
BARE_WORKER = """
const { loadPyodide } = await import("../site/assets/runtime/PYODIDE_DIR/pyodide.mjs");
const pyodide = await loadPyodide({ indexURL: new URL("../site/assets/runtime/PYODIDE_DIR/", location.href).href });
let printed = "";
pyodide.setStdout({ batched: (text) => { printed += text; } });
pyodide.runPython("print('hello from Python')");
self.postMessage(printed);
"""

# Long tasks on the page, recorded from its very start (added before any page script).
LONG_TASKS = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
}).observe({ type: "longtask", buffered: true });
"""

# [longest task overlapping the start of Python, longest task of the whole page load]
LONGEST_TASKS = """() => {
  const start = performance.getEntriesByName("lessons:python-start")[0]?.startTime ?? 0;
  const ready = performance.getEntriesByName("lessons:python-ready")[0]?.startTime ?? performance.now();
  const during = window.__longTasks.filter(([at, length]) => at + length > start && at < ready);
  return [Math.max(0, ...during.map(([, length]) => length)), Math.max(0, ...window.__longTasks.map(([, length]) => length))];
}"""

CLICK_AND_WAIT = """async ([id, states]) => {
  const root = document.querySelector(`[data-snippet="${id}"]`);
  const start = performance.now();
  root.querySelector('[data-action="run"]').click();
  await new Promise((resolve) => {
    const check = () => states.includes(root.dataset.state) ? resolve() : requestAnimationFrame(check);
    check();
  });
  return [performance.now() - start, root.dataset.state];
}"""


def build_site() -> Path:
    target = Path(tempfile.mkdtemp(prefix="bench-site-"))
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    subprocess.run(["npm", "run", "build"], cwd=REPO, check=True, env=env, stdout=subprocess.DEVNULL)
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(target)],
        cwd=REPO,
        check=True,
        env=env,
    )
    return target


def bench_root(site: Path) -> Path:
    """A folder serving the site under /site/ and the bare floor page under /bare/."""
    root = Path(tempfile.mkdtemp(prefix="bench-root-"))
    (root / "site").symlink_to(site.resolve())
    pyodide_dir = next((site / "assets" / "runtime").glob("pyodide-*")).name
    (root / "bare").mkdir()
    (root / "bare" / "index.html").write_text(BARE_PAGE, encoding="utf-8")
    (root / "bare" / "worker.js").write_text(BARE_WORKER.replace("PYODIDE_DIR", pyodide_dir), encoding="utf-8")
    return root


def click_run(page, snippet_id: str) -> float:
    page.wait_for_selector(f'[data-snippet="{snippet_id}"] [data-action="run"]')
    elapsed, state = page.evaluate(CLICK_AND_WAIT, [snippet_id, list(END_STATES)])
    if state != "done":
        raise RuntimeError(f"{page.url}: run ended {state}")
    return elapsed


def measure_floor(browser, server) -> float:
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(server.url("bare/"))
        start = time.perf_counter()
        page.click("#run")
        page.wait_for_function("() => document.getElementById('out').textContent.includes('hello')", timeout=120_000)
        return (time.perf_counter() - start) * 1000
    finally:
        context.close()


def measure_page_without_python(browser, server) -> float:
    """Longest task of the site's home page, which has no snippet and starts no Python:
    what the theme itself costs the main thread, for comparison with (f)."""
    context = browser.new_context()
    try:
        context.add_init_script(LONG_TASKS)
        page = context.new_page()
        page.goto(server.url("site/"))
        page.wait_for_timeout(2000)
        return page.evaluate(LONGEST_TASKS)[1]
    finally:
        context.close()


def measure_visit(browser, server) -> dict:
    """(b), (f), (c), (d), (e), (g) in one browser profile, in that order."""
    figures = {}
    context = browser.new_context()
    try:
        context.add_init_script(LONG_TASKS)
        page = context.new_page()
        page.goto(server.url(FIRST_PAGE), wait_until="domcontentloaded")
        snippet_id, _ = first_checked_snippet(page)
        figures["b"] = click_run(page, snippet_id)
        figures["f"], figures["f0"] = page.evaluate(LONGEST_TASKS)

        # (c): a fresh page whose Python is started in the background before the click.
        page.close()
        close_shared_workers(browser)
        page = context.new_page()
        page.goto(server.url(FIRST_PAGE))
        page.wait_for_function("() => document.documentElement.dataset.pythonInterpreter", timeout=120_000)
        page.wait_for_timeout(PREWARM_IDLE_S * 1000)
        figures["c"] = click_run(page, snippet_id)

        page.goto(server.url(NEXT_PAGE), wait_until="domcontentloaded")
        next_id, _ = first_checked_snippet(page)
        figures["d"] = click_run(page, next_id)

        wait_offline_ready(page)
        page.close()
        close_shared_workers(browser)
        page = context.new_page()
        page.goto(server.url(FIRST_PAGE), wait_until="domcontentloaded")
        figures["e"] = click_run(page, snippet_id)

        page.close()
        close_shared_workers(browser)
        server.stop()
        page = context.new_page()
        try:
            page.goto(server.url(FIRST_PAGE), wait_until="domcontentloaded")
            figures["g"] = click_run(page, snippet_id)
        except Exception as error:  # the benchmark reports, never fails
            figures["g"] = None
            print(f"(g) offline repeat visit did not work: {error}", file=sys.stderr)
    finally:
        context.close()
    return figures


def summary(values: list) -> str:
    values = [value for value in values if value is not None]
    if not values:
        return "did not work"
    return f"{min(values):8.0f} / {statistics.median(values):8.0f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--site", type=Path, help="a built site (default: build one now)")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    site = args.site or build_site()
    root = bench_root(site)

    from playwright.sync_api import sync_playwright

    rounds = {key: [] for key in ["a", "b", "c", "d", "e", "f", "f0", "f1", "g"]}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        for _ in range(args.repeat):
            server = LocalServer(root)
            try:
                rounds["a"].append(measure_floor(browser, server))
                rounds["f1"].append(measure_page_without_python(browser, server))
                for key, value in measure_visit(browser, server).items():
                    rounds[key].append(value)
            finally:
                server.stop()
        browser.close()

    labels = {
        "a": "(a) floor: bare Pyodide, worker started on click",
        "b": "(b) ours, cold first visit, Run at load",
        "c": f"(c) ours, Run after {PREWARM_IDLE_S} s of prewarm",
        "d": "(d) first run on the next page of the visit",
        "e": "(e) repeat visit, Run at load",
        "f": "(f) longest main-thread task while Python starts",
        "f0": "    longest task of the whole page load (reference)",
        "f1": "    longest task of the home page, no Python (reference)",
        "g": "(g) repeat visit with the server stopped",
    }
    print(f"Start-up benchmark, {args.repeat} rounds, min / median (click → output unless noted)")
    for key, label in labels.items():
        print(f"  {label:52} {summary(rounds[key])}")
    floor = statistics.median(rounds["a"])
    for key, target in (("b", 0.4), ("e", 0.4)):
        values = [value for value in rounds[key] if value is not None]
        if values:
            print(f"  ({key})/(a) median ratio: {statistics.median(values) / floor:.2f} (target ≤ {target})")
    print("  targets: (c) ≤ 100 ms, (d) ≤ 200 ms, (f) ≤ 50 ms, (g) works")


if __name__ == "__main__":
    main()
