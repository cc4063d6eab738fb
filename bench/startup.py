"""Start-up benchmark of the snippet runner: prints figures, asserts nothing.

All in one run, in the same headless Chromium (Debian's), against the built site served from
127.0.0.1, each visit in a fresh browser context (empty cache):

  (a) floor: a bare page that starts the same self-hosted Pyodide in a worker on click and
      prints: click → output
  (b) ours: a lesson page, Run clicked as soon as the page has loaded: click → output
  (c) ours: the same page, Run clicked after the page has been idle 8 s
  (d) ours: a second run on that page
  (e) the longest main-thread task while the page loads and Python starts
  (f) bytes transferred before Python is needed (HTML + CSS + JS, gzipped), Pyodide,
      the worker and the Python packages excluded

Usage: .venv/bin/python bench/startup.py [--site site] [--page lessons/tool-loop/] [--repeat 3]
(bench/startup_visit.py measures a whole visit: next page, repeat visit, offline.)
(build the site first: npm run build && .venv/bin/mkdocs build).
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import socketserver
import json
import statistics
import sys
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests"))  # tests/support: the test helpers are the bench's too
from support.chromium import CHROMIUM, CHROMIUM_ARGS, END_STATES  # noqa: E402  (one place for the flags)

IDLE_SECONDS = 8

BARE_PAGE = """<!doctype html><meta charset="utf-8"><title>bare Pyodide</title>
<button id="run">Run</button><pre id="out"></pre>
<script type="module">
document.getElementById("run").addEventListener("click", () => {
  const worker = new Worker("bare-worker.js", { type: "module" });
  worker.onmessage = (event) => { document.getElementById("out").textContent = event.data; };
});
</script>"""

BARE_WORKER = """const indexURL = new URL("/assets/runtime/%(pyodide)s/", location.href).href;
const { loadPyodide } = await import(indexURL + "pyodide.mjs");
const pyodide = await loadPyodide({ indexURL });
let out = "";
pyodide.setStdout({ batched: (line) => { out += line + "\\n"; } });
pyodide.runPython('print("hello")');
postMessage(out);"""

# Runs in the page: click Run of a snippet and resolve with the ms until it ended.
CLICK_AND_TIME = """async (id) => {
  const root = document.querySelector(`[data-snippet="${id}"]`);
  const ended = () => %s.includes(root.dataset.state);
  const start = performance.now();
  root.querySelector('[data-action="run"]').click();
  await new Promise((resolve) => {
    const observer = new MutationObserver(() => { if (ended()) { observer.disconnect(); resolve(); } });
    observer.observe(root, { attributes: true, attributeFilter: ["data-state"] });
  });
  return { ms: performance.now() - start, state: root.dataset.state };
}""" % json.dumps(list(END_STATES))

CLICK_BARE = """async () => {
  const out = document.getElementById("out");
  const start = performance.now();
  document.getElementById("run").click();
  await new Promise((resolve) => {
    new MutationObserver((_, observer) => { observer.disconnect(); resolve(); })
      .observe(out, { childList: true, characterData: true, subtree: true });
  });
  return { ms: performance.now() - start, text: out.textContent };
}"""

# Installed before any page script: records every long task (> 50 ms) of the main thread.
LONG_TASKS = """window.__longTasks = [];
new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.__longTasks.push(entry.duration); })
  .observe({ type: "longtask", buffered: true });"""


def make_handler(site: Path, pyodide_dir: str):
    extra = {
        "/__bench__/bare.html": (BARE_PAGE.encode(), "text/html; charset=utf-8"),
        "/__bench__/bare-worker.js": ((BARE_WORKER % {"pyodide": pyodide_dir}).encode(), "text/javascript"),
    }

    class Handler(http.server.SimpleHTTPRequestHandler):
        extensions_map = {
            **http.server.SimpleHTTPRequestHandler.extensions_map,
            ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
        }

        def do_GET(self):
            path = self.path.split("?")[0]
            if path in extra:
                body, kind = extra[path]
                self.send_response(200)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            else:
                super().do_GET()

        def log_message(self, *args):
            pass

    return functools.partial(Handler, directory=str(site))


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True


def first_snippet_with_output(page) -> str:
    return page.evaluate(
        """() => [...document.querySelectorAll('.lesson-snippet[data-snippet]')]
              .find((root) => JSON.parse(root.querySelector('script[data-config]').textContent).expected !== null)
              .dataset.snippet"""
    )


def bare_floor(browser, base: str) -> float:
    context = browser.new_context()
    page = context.new_page()
    page.goto(base + "__bench__/bare.html")
    result = page.evaluate(CLICK_BARE)
    assert result["text"] == "hello\n", result
    context.close()
    return result["ms"]


def ours_at_load(browser, url: str) -> float:
    context = browser.new_context()
    page = context.new_page()
    page.goto(url, wait_until="load")
    snippet = first_snippet_with_output(page)
    # The widgets are mounted right after load (page/mount-widgets.js): click as soon as Run exists.
    page.wait_for_selector(f'[data-snippet="{snippet}"] [data-action="run"]', state="attached")
    result = page.evaluate(CLICK_AND_TIME, snippet)
    context.close()
    return result["ms"]


def ours_after_idle(browser, url: str) -> tuple[float, float, float, int]:
    """(c) click after idle, (d) second run, (e) longest task, (f) bytes before Python."""
    context = browser.new_context()
    context.add_init_script(LONG_TASKS)
    page = context.new_page()
    loaded: list = []
    page.on("response", lambda response: loaded.append(response))
    page.goto(url, wait_until="load")
    page.wait_for_timeout(IDLE_SECONDS * 1000)
    snippet = first_snippet_with_output(page)
    before_python = page_bytes_gzipped(loaded)
    longest = max(page.evaluate("window.__longTasks"), default=0.0)
    idle_click = page.evaluate(CLICK_AND_TIME, snippet)
    second = page.evaluate(CLICK_AND_TIME, snippet)
    context.close()
    return idle_click["ms"], second["ms"], longest, before_python


def page_bytes_gzipped(responses) -> int:
    """gzip -6 size of the page's HTML, CSS and JS, Python's own files left out."""
    total = 0
    for response in responses:
        url = response.url.split("?")[0]
        if "/pyodide-" in url or url.endswith(("/worker.js", "lessons-python.zip")):
            continue
        kind = response.headers.get("content-type", "")
        if not any(t in kind for t in ("html", "css", "javascript")):
            continue
        try:
            total += len(gzip.compress(response.body(), compresslevel=6))
        except Exception:  # a response without a body (redirect)
            pass
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=REPO / "site")
    parser.add_argument("--page", default="lessons/tool-loop/")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    pyodide_dirs = sorted(p.name for p in (args.site / "assets" / "runtime").glob("pyodide-*"))
    if not pyodide_dirs:
        raise SystemExit(f"{args.site} has no built runtime: npm run build && .venv/bin/mkdocs build")

    server = Server(("127.0.0.1", 0), make_handler(args.site, pyodide_dirs[-1]))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    url = base + args.page

    floor, at_load, idle, second, longest, sizes = [], [], [], [], [], []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        for _ in range(args.repeat):  # interleaved, so that machine load hits all alike
            floor.append(bare_floor(browser, base))
            at_load.append(ours_at_load(browser, url))
            c, d, e, f = ours_after_idle(browser, url)
            idle.append(c), second.append(d), longest.append(e), sizes.append(f)
        version = browser.version
        browser.close()
    server.shutdown()

    def line(label, values, unit="ms"):
        shown = ", ".join(f"{v:.0f}" for v in values)
        print(f"{label:<58} median {statistics.median(values):7.0f} {unit}   [{shown}]")

    print(f"Chromium {version}, {pyodide_dirs[-1]}, page /{args.page}, {args.repeat} runs each, fresh cache per visit")
    line("(a) floor: bare Pyodide in a worker, click -> output", floor)
    line("(b) ours: click at page load -> output", at_load)
    line(f"(c) ours: click after {IDLE_SECONDS} s idle -> output", idle)
    line("(d) ours: second run -> output", second)
    line("(e) longest main-thread task, load + Python start (0 = none > 50 ms)", longest)
    line("(f) HTML+CSS+JS before Python is needed, gzipped", [s / 1024 for s in sizes], "KB")
    ratio = statistics.median(at_load) / statistics.median(floor)
    print(f"(b)/(a) = {ratio:.2f}   (targets: (b) <= 1.15 x (a); (c) <= 200 ms; (d) <= 100 ms; "
          f"(e) <= 100 ms; (f) <= 300 KB)")


if __name__ == "__main__":
    main()
