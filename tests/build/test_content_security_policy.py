"""The site's Content-Security-Policy as the build computes it (``lesson_builder._content_security``)
and as it lands in the built site: ``_headers`` allows exactly the inline scripts of the
built pages, every page carries its own policy in a ``<meta>``, page content may add no
inline script, and the policy names no other origin and no ``'unsafe-eval'``."""

from __future__ import annotations

import html
import re

import pytest

from lesson_builder._offline_manifest import read_manifest
from lesson_builder._content_security import (HEADERS_FILE, content_problems, inline_code, line_in,
                                              page_script_hashes, policy, policy_from_headers_file,
                                              script_hash, site_script_hashes, with_meta_policy)

META = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">')


def directives(text: str) -> dict[str, list[str]]:
    return {part.split()[0]: part.split()[1:] for part in text.split("; ")}


def test_the_policy_allows_the_site_itself_and_wasm_and_nothing_else():
    allowed = directives(policy({script_hash("go()")}))
    assert allowed["default-src"] == ["'self'"]
    assert allowed["script-src"] == ["'self'", "'wasm-unsafe-eval'", script_hash("go()")]
    assert allowed["object-src"] == ["'none'"] and allowed["base-uri"] == ["'self'"]
    assert allowed["worker-src"] == ["'self'"] and allowed["frame-ancestors"] == ["'self'"]
    sources = [source for values in allowed.values() for source in values]
    assert "'unsafe-eval'" not in sources
    # No other origin: every source is a keyword, a hash, or one of the two local schemes.
    assert {source for source in sources if not source.startswith("'")} == {"data:", "blob:"}
    assert allowed["img-src"] == ["'self'", "data:"] and allowed["connect-src"] == ["'self'", "blob:"]
    assert [name for name, values in allowed.items() if "'unsafe-inline'" in values] == ["style-src"]


def test_a_meta_policy_leaves_out_what_a_meta_element_cannot_carry():
    assert "frame-ancestors" not in directives(policy(set(), meta=True))
    assert directives(policy(set(), meta=True))["script-src"] == ["'self'", "'wasm-unsafe-eval'"]


def test_only_scripts_that_run_count_and_data_blocks_do_not():
    page = ('<script>a()</script>\n<script type="module">b()</script>\n<script src="c.js"></script>\n'
            '<script type="application/json" data-config>{"x": "<b onclick=no>"}</script>\n'
            '<script type="text/JavaScript; charset=utf-8">d()</script>')
    found = inline_code(page)
    assert [(code.kind, code.line, code.text) for code in found] == [
        ("script", 1, "a()"), ("script", 2, "b()"), ("script", 5, "d()")]


def test_the_hash_is_the_one_a_browser_computes():
    # From the CSP specification's example: 'sha256-' of "alert('Hello, world.');".
    assert script_hash("alert('Hello, world.');") == "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='"
    assert page_script_hashes("<script>x()\r\n</script>") == {script_hash("x()\n")}


@pytest.mark.parametrize("content, needle, line", [
    ("<p>text</p>\n<script>\n  steal(document.cookie)\n</script>", "steal(document.cookie)", 5),
    ('<button onclick="go()">go</button>', "onclick=", 3),
    ('<a href="JavaScript:go()">go</a>', "javascript:", 3),
    ('<a href="&#106;avascript:go()">go</a>', "javascript:", 0),  # found, but not by its text
])
def test_inline_code_in_a_page_content_is_refused(content, needle, line):
    problems = content_problems(content)
    assert len(problems) == 1 and problems[0][0] == needle
    assert "Content-Security-Policy" in problems[0][1]
    assert line_in(f"# Title\n\n{content}", needle) == line


def test_the_theme_may_not_write_an_event_handler():
    with pytest.raises(ValueError, match="line 2: <body onload=…> runs script inline"):
        page_script_hashes("<head></head>\n<body onload=\"go()\"></body>")


def test_the_meta_element_comes_first_in_the_head_and_lists_the_page_scripts():
    page = '<html><head>\n<meta charset="utf-8"><title>t</title><script>go()</script></head></html>'
    placed = with_meta_policy(page, page_script_hashes(page))
    assert placed.startswith('<html><head>\n<meta charset="utf-8"><meta http-equiv="Content-Security-Policy"')
    assert html.unescape(META.search(placed)[1]) == policy({script_hash("go()")}, meta=True)
    assert page_script_hashes(placed) == page_script_hashes(page)


# ---------------------------------------------------------------------------------------------
# The built site

def test_headers_allow_exactly_the_inline_scripts_of_the_built_pages(site):
    sent = policy_from_headers_file((site / HEADERS_FILE).read_text(encoding="utf-8"))
    hashes = site_script_hashes(site)
    assert sent == policy(hashes)
    # Material's two scripts (one of them per page depth), and nothing of our own.
    assert 2 <= len(hashes) <= 8


def test_every_page_carries_its_own_policy_before_its_first_script(site):
    checked = 0
    for path in sorted(site.rglob("*.html")):
        text = path.read_text(encoding="utf-8")
        meta = META.search(text)
        assert meta, f"{path.relative_to(site)} has no Content-Security-Policy <meta>"
        assert html.unescape(meta[1]) == policy(page_script_hashes(text), meta=True), path
        assert meta.start() < text.index("<script"), path
        checked += 1
    assert checked >= 20


def test_the_headers_file_is_not_kept_for_offline_use(site):
    urls = [entry["url"] for entry in read_manifest((site / "sw.js").read_text(encoding="utf-8"))["entries"]]
    assert HEADERS_FILE not in urls and urls
