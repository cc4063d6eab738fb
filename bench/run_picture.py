"""Run picture benchmark: prints figures, asserts nothing.

In Debian's headless Chromium, against the built site served from 127.0.0.1:

  (a) rendering the picture of a 10-call run (a tool loop forced with `tool_choice` any, its
      history growing to 21 messages), run live in a lesson page after a warm-up run: the
      render's time from start to end and its longest slice (the `lessons:run-picture`
      measure), and the longest main-thread task from the click on Run until the picture is
      on the page (long tasks are the ones over 50 ms; 0 = none); once with the picture
      closed (as pictures start), once open (the learner opened it before running again)
  (b) each lesson page's HTML, CSS and JS before Python is needed, gzipped (Pyodide, the worker
      and the Python packages left out; bench/startup.py's rule), with the share of the build's
      run pictures in the HTML

Usage: .venv/bin/python bench/run_picture.py [--site site] [--repeat 5] [--lang bg fa]
(build the site first: npm run build && .venv/bin/mkdocs build).
"""

from __future__ import annotations

import argparse
import gzip
import re
import statistics
import sys
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests"))  # tests/support: the test helpers are the bench's too
sys.path.insert(0, str(Path(__file__).resolve().parent))
from support.chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from support.languages import COURSE_LANGUAGES  # noqa: E402
from startup import Server, make_handler, page_bytes_gzipped  # noqa: E402  (the same server and byte rule)

PAGE = "lessons/tool-loop/"
SNIPPET = "ask-1042"
TEN_CALLS = '''from fake_client import Anthropic

client = Anthropic()
tools = [{"name": "get_order_status", "description": "Връща докъде е стигнала поръчката.",
          "input_schema": {"type": "object", "properties": {"order_id": {"type": "string"}},
                           "required": ["order_id"]}}]
messages = [{"role": "user", "content": "Кога ще получа поръчка 1042?"}]
for step in range(10):
    reply = client.messages.create(model="claude-sonnet-5", max_tokens=1024, tools=tools,
                                   tool_choice={"type": "any"}, messages=messages)
    messages.append({"role": "assistant", "content": reply.content})
    messages.append({"role": "user", "content": [
        {"type": "tool_result", "tool_use_id": block.id, "content": "изпратена, доставка 03.11"}
        for block in reply.content if block.type == "tool_use"]})
print(len(messages), reply.stop_reason)
'''

# Long tasks from now on, and the picture's own render measures.
WATCH = """() => {
  window.__tasks = [];
  performance.clearMeasures("lessons:run-picture");
  window.__observer?.disconnect();
  window.__observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__tasks.push([e.startTime, e.duration]);
  });
  window.__observer.observe({ type: "longtask" });
}"""
# The picture's tasks: those that overlap its render or start within 50 ms of its end (the
# insertion, style and layout); the others belong to the run itself (streaming, the editor).
RESULT = """(id) => {
  const [measure] = performance.getEntriesByName("lessons:run-picture");
  const end = measure.startTime + measure.duration;
  const ours = window.__tasks.filter(([start, length]) => start + length > measure.startTime && start < end + 50);
  return {
    calls: document.querySelectorAll(`[data-snippet="${id}"] [data-run-picture] .rp-calls > [data-call]`).length,
    render: [measure.duration, measure.detail.longestSlice],
    picture: Math.max(0, ...ours.map(([, length]) => length)),
    any: Math.max(0, ...window.__tasks.map(([, length]) => length)),
  };
}"""


def run_once(page) -> dict:
    """Run the 10-call program; what its picture's render cost."""
    page.evaluate(WATCH)
    root = page.locator(f'[data-snippet="{SNIPPET}"]')
    root.locator('[data-action="run"]').click()
    page.wait_for_function("""(id) => performance.getEntriesByName("lessons:run-picture").length > 0
        && document.querySelector(`[data-snippet="${id}"] [data-run-picture]`)?.dataset.source === "live"
        && document.querySelector(`[data-snippet="${id}"]`).dataset.state === "done" """, arg=SNIPPET, timeout=60_000)
    page.wait_for_timeout(300)  # let the observer report
    result = page.evaluate(RESULT, SNIPPET)
    if result["calls"] != 10:
        raise SystemExit(f"the run drew {result['calls']} calls, not 10")
    wall, slice_ms = result["render"]
    return {"wall": wall, "slice": slice_ms, "task": result["picture"], "any": result["any"]}


def set_code(page, code: str) -> None:
    page.locator(f'[data-snippet="{SNIPPET}"] [data-editor] .cm-content').click()
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.press("Delete")
    page.keyboard.insert_text(code)


def render_ten_calls(browser, url: str) -> tuple[dict, dict]:
    """The first live picture of the page (closed, as pictures start) and the next, opened.

    A page's first run has long tasks of its own, picture or not (measured: 50-200 ms with a
    program that prints one line): a warm-up run that calls no model comes first."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(url)
    root = page.locator(f'[data-snippet="{SNIPPET}"]')
    page.wait_for_function("() => document.documentElement.dataset.pythonInterpreter !== undefined",
                           timeout=120_000)
    set_code(page, "print('warm-up')\n")
    root.locator('[data-action="run"]').click()
    page.wait_for_function("(id) => document.querySelector(`[data-snippet=\"${id}\"]`).dataset.state === 'done'",
                           arg=SNIPPET)
    page.wait_for_timeout(2000)
    set_code(page, TEN_CALLS)
    closed = run_once(page)
    root.locator("[data-run-picture] > summary").click()  # the next picture keeps it open
    opened = run_once(page)
    context.close()
    return closed, opened


def lesson_pages(site: Path, languages: list[str]) -> list[str]:
    pages = []
    for lang in languages:
        folder = site / ("lessons" if lang == "bg" else f"{lang}/lessons")
        pages += sorted(f"{path.parent.relative_to(site).as_posix()}/" for path in folder.glob("*/index.html"))
    return pages


def picture_share(site: Path, page: str) -> tuple[int, int]:
    """(pictures in the page, gzipped bytes of their HTML alone)."""
    html = (site / page / "index.html").read_text(encoding="utf-8")
    pictures = re.findall(r'<details class="run-picture".*?</table></div></details>', html, flags=re.S)
    return len(pictures), len(gzip.compress("".join(pictures).encode(), compresslevel=6))


def bytes_before_python(browser, url: str) -> int:
    context = browser.new_context()
    page = context.new_page()
    responses: list = []
    page.on("response", lambda response: responses.append(response))
    page.goto(url, wait_until="load")
    page.wait_for_function("() => [...document.querySelectorAll('[data-run-picture]')]"
                           ".every((p) => p.dataset.enhanced !== undefined)")
    page.wait_for_timeout(500)
    size = page_bytes_gzipped(responses)
    context.close()
    return size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=REPO / "site")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--lang", nargs="*", default=list(COURSE_LANGUAGES))
    args = parser.parse_args()
    pyodide_dirs = sorted(p.name for p in (args.site / "assets" / "runtime").glob("pyodide-*"))
    if not pyodide_dirs:
        raise SystemExit(f"{args.site} has no built runtime: npm run build && .venv/bin/mkdocs build")
    server = Server(("127.0.0.1", 0), make_handler(args.site, pyodide_dirs[-1]))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        runs = [render_ten_calls(browser, base + PAGE) for _ in range(args.repeat)]
        sizes = [(page, bytes_before_python(browser, base + page)) for page in lesson_pages(args.site, args.lang)]
        version = browser.version
        browser.close()
    server.shutdown()

    print(f"Chromium {version}, {args.repeat} visits of /{PAGE}, each: a live run of a 10-call tool loop "
          "(picture closed), then another with the picture open")

    def line(label, values):
        print(f"    {label:<76} median {statistics.median(values):6.1f} ms   [{', '.join(f'{v:.1f}' for v in values)}]")

    for name, index in (("closed", 0), ("open", 1)):
        print(f"(a) picture {name}:")
        line("render, start to end (in slices of ~10 ms)", [run[index]["wall"] for run in runs])
        line("longest slice of the render", [run[index]["slice"] for run in runs])
        line("longest task of the picture: render, insertion, layout (0 = none > 50 ms)",
             [run[index]["task"] for run in runs])
        line("longest task of the whole run, Run -> picture (the run's own included)",
             [run[index]["any"] for run in runs])
    print("(b) HTML+CSS+JS before Python is needed, gzipped (target <= 300 KB); of it, the build's pictures:")
    for page, size in sizes:
        count, pictures = picture_share(args.site, page)
        print(f"    /{page:<40} {size / 1024:7.1f} KB   {count:2d} pictures {pictures / 1024:6.1f} KB")
    print(f"    largest: {max(size for _, size in sizes) / 1024:.1f} KB")


if __name__ == "__main__":
    main()
