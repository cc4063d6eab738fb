"""The site's Content-Security-Policy against hostile code, in real Chromium on the real built
site (every test server sends the policy, ``tests/support/csp_support.py``), and against an
author who writes inline code into a lesson, through a real ``mkdocs build``:

- learner code that reaches for JavaScript's eval, another origin or a data: address is
  blocked by the policy (the violation is reported), the run ends with the browser's error
  as Python sees it, and the next run on the page prints what the lesson shows;
- an inline ``<script>``, an ``onclick=`` or a ``javascript:`` link in a lesson fails the
  build at its file and line, so the policy never grows by what a page's content writes.

Each case is counted in the hostile tally ("content security: N tried, N handled")."""

from __future__ import annotations

import pytest
from support.hostile_tally import case
from support.startup_support import first_checked_snippet
from support.site_copy import make_site_copy, mkdocs_build

AREA = "content security"
LESSON = "lessons/first-steps/"
# name: (learner code, what the output must hold, the directive the browser reports)
LEARNER_CASES = {
    "js.eval": ('import js\nprint(js.eval("6 * 7"))', "EvalError", "script-src"),
    "js.Function": ('import js\nprint(js.Function.new("return 6 * 7")())', "EvalError", "script-src"),
    "a request to another origin": (
        'import js\nrequest = js.XMLHttpRequest.new()\nrequest.open("GET", "https://example.com/", False)\n'
        'request.send()\nprint(request.responseText)', "NetworkError", "connect-src"),
    "a request to a data: address": (
        'import js\nrequest = js.XMLHttpRequest.new()\nrequest.open("GET", "data:text/plain,smuggled", False)\n'
        'request.send()\nprint(request.responseText)', "NetworkError", "connect-src"),
}


@pytest.mark.parametrize("name", LEARNER_CASES)
def test_learner_code_cannot_get_past_the_policy(page, page_log, site_url, snippets, name):
    code, says, directive = LEARNER_CASES[name]
    page_log.allow_csp_violation(directive)
    page.goto(site_url(LESSON))
    snippet_id, expected = first_checked_snippet(page)
    original = snippets.code(snippet_id)
    with case(AREA):
        snippets.set_code(snippet_id, code)
        state, output = snippets.run(snippet_id)
        assert (state, says in output) == ("error", True), output
        reported = page_log.watch.violations()
        assert any(directive in line for line in reported), reported
        snippets.set_code(snippet_id, original)
        state, output = snippets.run(snippet_id)
        assert (state, output.rstrip()) == ("done", expected.rstrip())


PAGE = "lessons/first-steps/bg.md"
ANCHOR = "## Първото запитване"
# name: (what the author adds before ANCHOR, the text on the line the build must name)
AUTHOR_CASES = {
    "an inline <script> in a lesson": ("<script>\n  document.title = 'mine';\n</script>", "document.title = 'mine';"),
    "an onclick= in a lesson": ('<button onclick="alert(1)">Пробвай</button>', "onclick="),
    "a javascript: link in a lesson": ('<a href="javascript:alert(1)">Пробвай</a>', "javascript:"),
}


@pytest.fixture(scope="module")
def site_copy(tmp_path_factory):
    return make_site_copy(tmp_path_factory.mktemp("site"))


@pytest.mark.parametrize("name", AUTHOR_CASES)
def test_inline_code_in_a_lesson_fails_the_build_at_its_line(site_copy, name):
    added, needle = AUTHOR_CASES[name]
    lesson = site_copy / PAGE
    clean = lesson.read_text(encoding="utf-8")
    with case(AREA):
        try:
            lesson.write_text(clean.replace(ANCHOR, f"{added}\n\n{ANCHOR}", 1), encoding="utf-8")
            line = next(number for number, text in enumerate(lesson.read_text(encoding="utf-8").split("\n"), 1)
                        if needle in text)
            built = mkdocs_build(site_copy)
        finally:
            lesson.write_text(clean, encoding="utf-8")
        report = built.stdout + built.stderr
        assert built.returncode != 0, report
        assert f"{PAGE}:{line}: " in report and "Content-Security-Policy" in report, report
        assert "Traceback" not in report, report
