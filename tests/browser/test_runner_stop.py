"""Stopping a run: with an interrupt where the page is cross-origin isolated, else by the
stop token that lesson_runtime's trace function polls (issue 7). Either way Python stops in
place, the interpreter survives, and the next Run works. (A run stuck where Python cannot
stop it moves the page to a worker of its own: tests/browser/test_startup.py.)"""


FOREVER = 'print("started", flush=True)\nwhile True:\n    pass\n'


def python_starts(page) -> int:
    return int(page.locator("html").get_attribute("data-python-starts"))


def stop_a_running_loop(page, snippets):
    snippets.set_code("try-tools", FOREVER)
    snippets.root("try-tools").locator('[data-action="run"]').click()
    snippets.wait_state("try-tools", "running")
    # Output is streamed while the program still runs.
    output = snippets.root("try-tools").locator("[data-output]")
    page.wait_for_function("element => element.textContent === 'started\\n'", arg=output.element_handle(), timeout=10_000)
    snippets.root("try-tools").locator('[data-action="stop"]').click()
    assert snippets.wait_state("try-tools", ["stopped"], timeout=5_000) == "stopped"
    assert snippets.output("try-tools") == "started\n"


def test_stop_without_isolation_stops_python_in_place(page, site_url, snippets):
    page.goto(site_url("ru/playground/"))
    assert page.evaluate("crossOriginIsolated") is False
    stop_a_running_loop(page, snippets)
    assert python_starts(page) == 1  # the stop token ended the run; no new interpreter
    state, output = snippets.run("try-lookup")
    assert state == "done" and output.startswith("1042 ")


def test_stop_with_isolation_interrupts_python_in_place(page, isolated_site_url, snippets):
    page.goto(isolated_site_url("fa/playground/"))
    assert page.evaluate("crossOriginIsolated") is True
    stop_a_running_loop(page, snippets)
    assert python_starts(page) == 1  # the same interpreter goes on
    state, output = snippets.run("try-lookup")
    assert state == "done" and output.startswith("1042 ")
    state, _ = snippets.run("try-forever")  # the time limit, also by interrupt
    assert state == "timeout"
    assert python_starts(page) == 1
