"""The site's Content-Security-Policy, computed from the built pages themselves.

The policy allows scripts from the site's own origin only, plus WebAssembly compilation
(Pyodide) and the inline scripts the theme writes, each by its SHA-256 hash: Material for
MkDocs writes two small ones into every page (``__md_scope``, which depends on the page's
depth, and the tab restorer). A page's *content* (lesson or docs markdown) may hold no
executable inline script, no inline event handler (``onclick=``) and no ``javascript:``
address: the build fails on one (``content_problems``), so the policy can only grow by
what the theme writes, and never silently.

Why each source is there (measured in Chromium 156 with Pyodide 314.0.7):

- ``'wasm-unsafe-eval'``: Pyodide compiles its ``.wasm`` (and small trampolines) at run time.
  Nothing needs ``'unsafe-eval'``: Pyodide's own ``eval`` calls serve ``js.eval``,
  ``pyodide.code.run_js`` and loading C extensions, which the lessons never use.
- ``img-src data:``: Material's stylesheet draws its icons (admonitions, navigation, the copy
  button) from ``data:image/svg+xml`` addresses.
- ``connect-src blob:``: the Stop button of a page that is not cross-origin isolated is a
  ``blob:`` address the worker reads (``frontend/shared/stop-token.js``); a ``blob:`` address
  can only be made by the site's own scripts.
- ``style-src 'unsafe-inline'``: CodeMirror 6 writes its theme into a ``<style>`` element at
  run time (style-mod) and the run picture sizes its bars with ``style`` attributes. A
  static host cannot hand out a fresh nonce per response, and a fixed nonce is public, so
  it would be no stricter. Styles cannot run script, and ``img-src``, ``font-src`` and
  ``connect-src`` keep a ``url()`` in an injected style from reaching any other origin.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import html
import re
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import Iterable

# The script types a browser runs (HTML's JavaScript MIME types, modules, import maps and
# speculation rules, which CSP also governs); any other type is a data block (our widgets'
# JSON configuration), which the browser never runs and CSP does not look at.
_RUN_TYPES = {
    "", "module", "importmap", "speculationrules",
    "text/javascript", "application/javascript", "application/ecmascript", "application/x-ecmascript",
    "application/x-javascript", "text/ecmascript", "text/javascript1.0", "text/javascript1.1",
    "text/javascript1.2", "text/javascript1.3", "text/javascript1.4", "text/javascript1.5",
    "text/jscript", "text/livescript", "text/x-ecmascript", "text/x-javascript",
}

# Directive → sources, in the order they are written. ``{hashes}`` is replaced by the
# hashes of the inline scripts.
_DIRECTIVES = (
    ("default-src", "'self'"),
    ("script-src", "'self' 'wasm-unsafe-eval' {hashes}"),
    ("style-src", "'self' 'unsafe-inline'"),
    ("img-src", "'self' data:"),
    ("font-src", "'self'"),
    ("connect-src", "'self' blob:"),
    ("worker-src", "'self'"),
    ("object-src", "'none'"),
    ("base-uri", "'self'"),
    ("form-action", "'self'"),
    # Another site may not frame a lesson (clickjacking); a host that embeds the site in
    # its own pages (a learning platform) names its origin here.
    ("frame-ancestors", "'self'"),
)
# A <meta> element cannot carry these (browsers ignore them there, with a console error).
_NOT_IN_META = {"frame-ancestors"}

HEADERS_FILE = "_headers"  # Netlify's and Cloudflare Pages' format; see README ("Hosting")


@dataclass(frozen=True)
class InlineCode:
    """Something in a page that runs script without a file: ``kind`` is ``script``,
    ``handler`` (an ``on…`` attribute) or ``url`` (a ``javascript:`` address)."""

    kind: str
    line: int
    text: str  # the script's text, the attribute's name, or the address


class _InlineCodeFinder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.found: list[InlineCode] = []
        self._script: list[str] | None = None
        self._script_line = 0

    def handle_starttag(self, tag, attrs):
        line = self.getpos()[0]
        for name, value in attrs:
            if name.startswith("on"):
                self.found.append(InlineCode("handler", line, f"<{tag} {name}=…>"))
            elif value and re.match(r"\s*javascript:", html.unescape(value), re.IGNORECASE):
                self.found.append(InlineCode("url", line, f'<{tag} {name}="{value[:40]}">'))
        if tag == "script":
            values = dict(attrs)
            kind = (values.get("type") or "").split(";")[0].strip().lower()
            runs = kind in _RUN_TYPES and values.get("src") is None
            self._script = [] if runs else None
            self._script_line = line

    def handle_data(self, data):
        if self._script is not None and self.lasttag == "script":
            self._script.append(data)

    def handle_endtag(self, tag):
        if tag == "script" and self._script is not None:
            self.found.append(InlineCode("script", self._script_line, "".join(self._script)))
            self._script = None


# Under `mkdocs serve`, a rebuild after one edit gives most pages back unchanged (and each
# page is looked at twice: its content, then the whole page): parsing them again was half
# of the rebuild. An HTML string that was parsed already is found by its hash and length.
@functools.lru_cache(maxsize=256)
def inline_code(page_html: str) -> tuple[InlineCode, ...]:
    """Every inline script, inline event handler and ``javascript:`` address of a page."""
    finder = _InlineCodeFinder()
    # The HTML parser of a browser turns CR LF and CR into LF before it hashes a script.
    finder.feed(page_html.replace("\r\n", "\n").replace("\r", "\n"))
    finder.close()
    return tuple(finder.found)


def script_hash(text: str) -> str:
    """The CSP source that allows the inline script ``text``: ``'sha256-…'``."""
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode('ascii')}'"


def page_script_hashes(page_html: str) -> set[str]:
    """The hashes of a page's inline scripts; raises ``ValueError`` if the page holds inline
    code a hash cannot allow (an event handler or a ``javascript:`` address)."""
    found = inline_code(page_html)
    unhashable = [code for code in found if code.kind != "script"]
    if unhashable:
        first = unhashable[0]
        raise ValueError(f"line {first.line}: {first.text} runs script inline, which the site's "
                         "Content-Security-Policy forbids (it allows no event handler attributes and no "
                         "javascript: addresses); attach the handler from a script file instead")
    return {script_hash(code.text) for code in found}


def content_problems(content_html: str) -> list[tuple[str, str]]:
    """What in a page's content (its markdown, rendered) the policy would not run: one
    ``(text to find it by in the source, sentence)`` each. The theme's inline scripts are
    hashed; the content's are refused, so that a lesson cannot widen the whole site's policy."""
    problems = []
    for code in inline_code(content_html):
        if code.kind == "script":
            lines = [line.strip() for line in code.text.splitlines() if line.strip()]
            problems.append((lines[0] if lines else "<script", "an inline <script>: the site's Content-Security-Policy "
                             "runs no script written into a page; put the code in frontend/, which the build "
                             "bundles into the site's script files"))
        else:
            needle = code.text.split(" ", 1)[1].split("=", 1)[0] + "=" if code.kind == "handler" else "javascript:"
            problems.append((needle, f"{code.text} runs script inline, which the site's Content-Security-Policy "
                             "forbids; attach behaviour from frontend/ instead"))
    return problems


def inline_code_refusal(source: Path, shown: str, needle: str, sentence: str) -> str:
    """The build's message for inline code in a page: ``shown`` (the page's source as the
    author knows it) at the line of ``source`` that holds ``needle``."""
    try:
        line = line_in(source.read_text(encoding="utf-8"), needle)
    except (OSError, UnicodeDecodeError):
        line = 0
    return f"{shown}{f':{line}' if line else ''}: {sentence}"


def line_in(source: str, needle: str) -> int:
    """The first line of ``source`` holding ``needle`` (case-insensitive), or 0."""
    for number, line in enumerate(source.splitlines(), start=1):
        if needle.lower() in line.lower():
            return number
    return 0


def policy(hashes: Iterable[str], *, meta: bool = False) -> str:
    """The policy allowing the inline scripts of ``hashes``; ``meta``: for a ``<meta>``
    element (without the directives a meta element cannot carry)."""
    listed = " ".join(sorted(set(hashes)))
    parts = []
    for name, sources in _DIRECTIVES:
        if meta and name in _NOT_IN_META:
            continue
        parts.append(f"{name} {sources.format(hashes=listed)}".strip())
    return "; ".join(parts)


def with_meta_policy(page_html: str, hashes: Iterable[str]) -> str:
    """The page with the policy allowing ``hashes`` (its own inline scripts') as the first
    element of its ``<head>`` (after the charset), for hosts that cannot send headers."""
    tag = f'<meta http-equiv="Content-Security-Policy" content="{_attribute(policy(hashes, meta=True))}">'
    match = re.search(r"<head\b[^>]*>(\s*<meta charset=[^>]*>)?", page_html, re.IGNORECASE)
    if match is None:
        return page_html
    return page_html[: match.end()] + tag + page_html[match.end():]


def site_script_hashes(site_dir: Path) -> set[str]:
    """The hashes of the inline scripts of every page of a built site."""
    hashes: set[str] = set()
    for path in sorted(site_dir.rglob("*.html")):
        try:
            hashes |= page_script_hashes(path.read_text(encoding="utf-8"))
        except ValueError as error:
            raise ValueError(f"{path.relative_to(site_dir).as_posix()}, {error}") from None
    return hashes


def _attribute(text: str) -> str:
    """``text`` inside a double-quoted attribute (its single quotes kept as they are)."""
    return html.escape(text, quote=False).replace('"', "&quot;")


def headers_file(hashes: Iterable[str]) -> str:
    """The ``_headers`` file (Netlify, Cloudflare Pages) sending the policy with every file."""
    return ("# Written by the site build (lesson_builder): the site's Content-Security-Policy,\n"
            "# allowing exactly the inline scripts of the built pages. See README, \"Hosting\".\n"
            f"/*\n  Content-Security-Policy: {policy(hashes)}\n")


def policy_from_headers_file(text: str) -> str:
    """The policy a ``_headers`` file written by ``headers_file`` sends."""
    for line in text.splitlines():
        name, _, value = line.strip().partition(":")
        if name.lower() == "content-security-policy" and value.strip():
            return value.strip()
    raise ValueError("no Content-Security-Policy line")
