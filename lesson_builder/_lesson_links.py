"""Links in a lesson's prose: each relative link must reach a page of the built site, and a
link to another lesson or to a page of the site stays in the lesson's own language.

A lesson ``lessons/<slug>/<lang>.md`` becomes the page ``<lang>/lessons/<slug>/index.md``, so
it links to another lesson as ``../<other>/index.md`` (or ``../<other>/``) and to a page of
its language as ``../../<page>.md``. Code blocks and code spans are not prose: their
brackets are never links.
"""

import posixpath
import re
from typing import Callable

from ._lesson_parser import FENCE, _closing_fence
from ._model import Lesson
from ._problems import Problems

INLINE_LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?(?P<target>[^)\s>]+)>?(?:\s+[\"'(][^)]*)?\)")
REFERENCE = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(?P<target>\S+?)>?(?:\s+.*)?$")
CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1")
HTML_LINK = re.compile(r"""<a\s[^>]*href\s*=\s*["'](?P<target>[^"']+)["']""", re.I)
EXTERNAL = re.compile(r"^(?:[a-z][a-z0-9+.-]*:|//|#|/)", re.I)


def lesson_page(lang: str, slug: str) -> str:
    """The docs path of a lesson's page (``docs/<lang>/``'s layout)."""
    return f"{lang}/lessons/{slug}/index.md"


def check_links(lesson: Lesson, page_exists: Callable[[str], bool], languages: list[str],
                problems: Problems) -> None:
    """Report every relative link of ``lesson`` that reaches no page, or another language."""
    page = lesson_page(lesson.lang, lesson.slug)
    for line, target in _prose_links(lesson.text):
        if EXTERNAL.match(target):
            continue
        path = target.split("#", 1)[0].split("?", 1)[0]
        if not path:
            continue
        resolved = posixpath.normpath(posixpath.join(posixpath.dirname(page), path))
        if path.endswith("/") or not posixpath.splitext(resolved)[1]:
            resolved = posixpath.join(resolved, "index.md")
        other = _other_language(resolved, lesson.lang, languages)
        if other:
            problems.add(lesson.path, line, f"link '{target}' leads to the '{other}' pages; links stay in the "
                                            f"lesson's language (the language switcher changes languages)")
        elif resolved.startswith("../") or not page_exists(resolved):
            hint = _lesson_hint(resolved, lesson.lang)
            problems.add(lesson.path, line, f"link '{target}' reaches no page (it resolves to {resolved}){hint}")


def _other_language(resolved: str, lang: str, languages: list[str]) -> str:
    """The language a resolved link leads to when it is not the page's own, else "".

    Docs paths start with the language; a URL-style link from a default-language page
    (``../../fa/lessons/x/``) resolves to ``bg/fa/...``, which the site serves as ``/fa/...``."""
    parts = resolved.split("/")
    if parts[0] in languages and parts[0] != lang:
        return parts[0]
    if len(parts) > 1 and parts[0] == lang and parts[1] in languages:
        return parts[1]
    return ""


def _lesson_hint(resolved: str, lang: str) -> str:
    parts = resolved.split("/")
    if len(parts) == 4 and parts[1] == "lessons":
        return f"; there is no lesson '{parts[2]}' in lessons/course.yaml"
    if len(parts) >= 2 and parts[0] != lang:
        return "; a lesson links to a page of its language as ../../<page>.md"
    return ""


def _prose_links(text: str):
    """(1-based line, target) of each link outside code blocks and code spans."""
    lines = text.split("\n")
    index = _body_start(lines)
    while index < len(lines):
        fence = FENCE.match(lines[index])
        if fence:
            index = _closing_fence(lines, index, fence) + 1
            continue
        prose = CODE_SPAN.sub("", lines[index])
        for pattern in (INLINE_LINK, REFERENCE, HTML_LINK):
            for match in pattern.finditer(prose):
                yield index + 1, match["target"]
        index += 1


def _body_start(lines: list[str]) -> int:
    if lines and lines[0].strip() == "---":
        for index in range(1, len(lines)):
            if lines[index].strip() in ("---", "..."):
                return index + 1
    return 0
