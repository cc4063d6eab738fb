"""Links in a lesson's prose and in the markdown of its quizzes (shown on the lesson's page):
each relative link must reach a page of the built site, and a link to another lesson or to a
page of the site stays in the lesson's own language.

A lesson ``lessons/<slug>/<lang>.md`` becomes the page ``<lang>/lessons/<slug>/index.md``, so
it links to another lesson as ``../<other>/index.md`` (or ``../<other>/``) and to a page of
its language as ``../../<page>.md``. Code blocks and code spans are not prose: their
brackets are never links.
"""

import posixpath
import re
from typing import Callable, Optional

from ._han_line_breaks import field_end, markdown_field_lines
from ._lesson_parser import FENCE, _closing_fence
from ._model import Lesson, QuizFile
from ._problems import Problems
from ._quiz_parser import quiz_record

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
    for line, target in _prose_links(lesson.text):
        _check_link(lesson.path, line, target, lesson, page_exists, languages, problems)


def check_quiz_links(lesson: Lesson, quiz_file: Optional[QuizFile], lines: list[str],
                     page_exists: Callable[[str], bool], languages: list[str], problems: Problems) -> None:
    """The same for the markdown fields of the lesson's quizzes (``lines``: its quiz file's)."""
    if quiz_file is None or not lines:
        return
    for quiz in quiz_file.quizzes.values():
        for key_line in sorted(set(markdown_field_lines(quiz_record(quiz.kind), quiz.data))):
            for index in range(key_line - 1, field_end(lines, key_line - 1)):
                for pattern in (INLINE_LINK, REFERENCE, HTML_LINK):
                    for match in pattern.finditer(CODE_SPAN.sub("", lines[index])):
                        _check_link(quiz_file.path, index + 1, match["target"], lesson, page_exists, languages,
                                    problems)


def _check_link(path_in_repo: str, line: int, target: str, lesson: Lesson, page_exists: Callable[[str], bool],
                languages: list[str], problems: Problems) -> None:
    if EXTERNAL.match(target):
        return
    path = target.split("#", 1)[0].split("?", 1)[0]
    if not path:
        return
    page = lesson_page(lesson.lang, lesson.slug)
    resolved = posixpath.normpath(posixpath.join(posixpath.dirname(page), path))
    if path.endswith("/") or not posixpath.splitext(resolved)[1]:
        resolved = posixpath.join(resolved, "index.md")
    other = _other_language(resolved, lesson.lang, languages)
    if other:
        problems.add(path_in_repo, line, f"link '{target}' leads to the '{other}' pages; links stay in the "
                                         f"lesson's language (the language switcher changes languages)")
    elif resolved.startswith("../") or not page_exists(resolved):
        hint = _lesson_hint(resolved, lesson.lang)
        problems.add(path_in_repo, line, f"link '{target}' reaches no page (it resolves to {resolved}){hint}")


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
