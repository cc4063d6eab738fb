"""The runnable snippet in a real browser: real Pyodide in its worker, real site pages.

The playground page of each language (docs/<lang>/playground.md) carries snippets in the
builder's HTML contract; lesson pages use the same widget.
"""

import json
import time

import pytest


def playground(lang: str) -> str:
    return "playground/" if lang == "bg" else f"{lang}/playground/"


def snippet_config(page, snippet_id: str) -> dict:
    text = page.locator(f'[data-snippet="{snippet_id}"] > script[data-config]').text_content()
    return json.loads(text)


# A right-to-left page and a Chinese one: the runner's code is the same on every page, and
# every snippet of every language is proven to print the same in Pyodide as at build time
# (tests/content/test_pyodide_parity.py).
@pytest.mark.parametrize("lang", ["fa", "zh"])
def test_run_prints_exactly_the_expected_output(page, site_url, snippets, lang):
    page.goto(site_url(playground(lang)))
    for snippet_id in ("try-tools", "try-lookup"):  # the second continues another snippet
        expected = snippet_config(page, snippet_id)["expected"]
        state, output = snippets.run(snippet_id)
        assert state == "done"
        assert output.rstrip() == expected.rstrip()
        shown = page.locator(f'[data-expected-for="{snippet_id}"]').text_content()
        assert output.rstrip() == shown.rstrip()


def test_edit_and_run_prints_the_new_output(page, site_url, snippets):
    page.goto(site_url("ru/playground/"))
    snippets.set_code("try-tools", 'for word in ["раз", "два"]:\n    print(word.upper())\nprint(1 / 0)\n')
    state, output = snippets.run("try-tools")
    assert state == "error"
    assert output.startswith("РАЗ\nДВА\nTraceback (most recent call last):\n")
    assert 'File "<snippet>", line 3' in output
    assert output.rstrip().endswith("ZeroDivisionError: division by zero")
    stderr = snippets.root("try-tools").locator('[data-output] [data-stream="stderr"]').text_content()
    assert stderr.startswith("Traceback")


def test_ctrl_enter_runs_and_tab_leaves_the_editor(page, site_url, snippets):
    page.goto(site_url("zh/playground/"))
    editor = snippets.root("try-tools").locator("[data-editor] .cm-content")
    editor.click()
    page.keyboard.press("Control+Enter")
    assert snippets.wait_state("try-tools") == "done"
    editor.click()
    page.keyboard.press("Tab")
    focused = page.evaluate("() => document.activeElement.closest('[data-editor]') === null")
    assert focused, "Tab must move focus out of the editor"


def test_endless_loop_is_stopped_and_the_page_stays_responsive(page, site_url, snippets):
    page.goto(site_url("uk/playground/"))
    snippets.root("try-forever").locator('[data-action="run"]').click()
    snippets.wait_state("try-forever", "running")
    time.sleep(0.5)
    # The page answers while Python loops: a click on another snippet's Reset is handled
    # while the loop is still running (no clock: a loaded machine makes clicks slow, not lost).
    snippets.set_code("try-tools", "print('still here')\n")
    snippets.root("try-tools").locator('[data-action="reset"]').click()
    assert "still here" not in snippets.code("try-tools")
    assert snippets.root("try-forever").get_attribute("data-state") == "running"
    snippets.root("try-forever").locator('[data-action="stop"]').click()
    assert snippets.wait_state("try-forever", ["stopped"], timeout=5000) == "stopped"
    state, output = snippets.run("try-tools")
    assert (state, output.rstrip()) == ("done", snippet_config(page, "try-tools")["expected"].rstrip())


def test_endless_loop_ends_at_its_time_limit(page, site_url, snippets):
    page.goto(site_url("fa/playground/"))
    assert snippet_config(page, "try-forever")["timeout"] == 3
    state, _ = snippets.run("try-forever")
    assert state == "timeout"
    # The limit is named in the page's digits (Persian on a Persian page).
    assert "۳" in snippets.root("try-forever").locator(".snippet-status").text_content()
    state, output = snippets.run("try-lookup")
    assert state == "done" and output.startswith("1042 ")


def test_printed_html_is_shown_as_text_and_runs_nothing(page, site_url, snippets):
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.goto(site_url("playground/"))
    markup = "<img src=x onerror=alert(1)>"
    snippets.set_code("try-tools", f'print("{markup}")\n')
    state, output = snippets.run("try-tools")
    assert (state, output) == ("done", markup + "\n")
    assert snippets.root("try-tools").locator("[data-output] img").count() == 0
    page.wait_for_timeout(300)
    assert dialogs == []


def test_persian_page_is_right_to_left_with_the_editor_left_to_right(page, site_url, snippets):
    page.goto(site_url("fa/playground/"))
    direction = page.evaluate("() => getComputedStyle(document.querySelector('.md-content')).direction")
    assert direction == "rtl"
    editor = snippets.root("try-tools").locator("[data-editor]")
    assert editor.get_attribute("dir") == "ltr"
    assert editor.evaluate("node => getComputedStyle(node).direction") == "ltr"
    output = snippets.root("try-tools").locator("[data-output]")
    assert output.get_attribute("dir") == "ltr"
    code_span = page.locator(".md-typeset p code").first
    assert code_span.evaluate("node => getComputedStyle(node).unicodeBidi") == "isolate"
    # The Persian string inside the code is kept in one piece, in the code's order.
    first_line = snippets.root("try-tools").locator(".cm-line").first.inner_text()
    assert first_line == 'tools = ["یافتن_سفارش", "ارسال_ایمیل"]'


def test_an_edit_survives_a_reload_and_reset_restores_the_original(page, site_url, snippets):
    page.goto(site_url("playground/"))
    original = snippet_config(page, "try-tools")["code"]
    snippets.set_code("try-tools", "print('моя промяна')\n")
    page.wait_for_timeout(600)  # edits are saved a moment after typing stops
    page.reload()
    assert snippets.code("try-tools").strip() == "print('моя промяна')"
    assert snippets.root("try-tools").get_attribute("data-edited") is not None
    state, output = snippets.run("try-tools")
    assert (state, output) == ("done", "моя промяна\n")
    snippets.root("try-tools").locator('[data-action="reset"]').click()
    assert snippets.code("try-tools").strip() == original.strip()
    assert snippets.state("try-tools") == "idle"
    page.reload()
    assert snippets.code("try-tools").strip() == original.strip()
    stored = page.evaluate("() => JSON.parse(localStorage.getItem('tool-lessons:v1'))")
    assert stored["lessons"]["bg/playground"]["edits"] == {}


def test_run_before_python_is_ready_shows_localized_progress(page, site_url, snippets):
    page.goto(site_url("zh/playground/"))
    # Clicked at once: Python takes seconds to start, so the run must wait for it.
    snippets.root("try-tools").locator('[data-action="run"]').click()
    assert snippets.state("try-tools") == "loading"
    progress = snippets.root("try-tools").locator(".snippet-progress")
    progress.wait_for(state="visible", timeout=5000)
    assert progress.locator(".snippet-progress__label").text_content() in (
        "正在加载 Python（首次约 4 MB）…",
        "正在加载课程用的库…",
    )
    assert snippets.wait_state("try-tools") == "done"
    assert progress.is_hidden()


def test_asyncio_run_works_in_the_worker(page, site_url, snippets):
    # Lessons show concurrent tool calls with asyncio.gather; asyncio.run must block in
    # Pyodide's event loop, which needs stack switching (JSPI) in the worker.
    page.goto(site_url("zh/playground/"))
    code = (
        "import asyncio\n"
        "async def tool(name, seconds):\n"
        "    await asyncio.sleep(seconds)\n"
        "    return name\n"
        "async def main():\n"
        "    print(await asyncio.gather(tool('北京', 0.3), tool('上海', 0.1)))\n"
        "asyncio.run(main())\n"
    )
    snippets.set_code("try-tools", code)
    state, output = snippets.run("try-tools")
    assert (state, output) == ("done", "['北京', '上海']\n")


def test_a_lesson_snippet_uses_fake_client_in_the_browser(page, site_url, snippets):
    # Every snippet of a built lesson page prints, in the browser, what the build printed.
    page.goto(site_url("lessons/tool-loop/"))
    checked = 0
    for root in page.locator(".lesson-snippet[data-snippet]").all()[:3]:
        snippet_id = root.get_attribute("data-snippet")
        expected = snippet_config(page, snippet_id)["expected"]
        if expected is None:
            continue
        state, output = snippets.run(snippet_id)
        assert output.rstrip() == expected.rstrip(), snippet_id
        checked += 1
    assert checked >= 1
