"""Prose that names a lesson by its place ("the next lesson", "下一课") is refused.

A lesson's place is lessons/course.yaml's alone: the frame under every lesson shows the next
one, above it its prerequisites, in the page's language, from that file. A sentence that says
"the next lesson" is a second copy of the place, which moving or adding one lesson silently
makes wrong in five languages. Checking such a sentence against the course file would need to
know which lesson it means ("more on that in the next lesson" names none), so the build asks
for the lesson's name instead (a link to it, which the link check proves), true in any order.

The words per language are here, in one table; a match may run over a line break.
"""

import re

from ._lesson_links import _body_start
from ._lesson_parser import FENCE, _closing_fence
from ._model import Lesson
from ._problems import Problems

_CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1", re.S)

# "the next / previous lesson" in each course language, in the forms prose uses.
PLACE_WORDS: dict[str, str] = {  # one lesson (the plural, "earlier lessons", names no place)
    "bg": r"\b(?:следващ|предишн|предходн|минал)(?:ия|ият|ото)\s+урок(?:а|ът)?\b",
    "ru": r"\b(?:следующ|предыдущ|прошл)(?:ий|ем|его|ему|им|ом|ый|ого|ому|ым)\s+урок(?:а|у|ом|е)?\b",
    "uk": r"\b(?:наступн|попередн|минул)(?:ий|ій|ого|ому|ім|им|ього|ьому)\s+урок(?:у|ом|ові|і)?\b",
    "fa": r"درس\s*(?:بعد|قبل|پیش|آینده|گذشته)(?:ی)?(?![\w\u200c])",
    "zh": r"[上下前后]一\s*(?:课|节课|讲)",
}


def check_place_words(lesson: Lesson, problems: Problems) -> None:
    """A problem at every phrase of the lesson's prose that names a lesson by its place."""
    pattern = PLACE_WORDS.get(lesson.lang)
    if pattern is None:
        return
    prose = prose_only(lesson.text)
    for match in re.finditer(pattern, prose, re.I):
        line = prose.count("\n", 0, match.start()) + 1
        words = " ".join(match[0].split())
        problems.add(lesson.path, line, f"'{words}' names a lesson by its place in the course, which only "
                                        f"lessons/course.yaml holds (the page shows the next lesson under the "
                                        f"lesson): name the lesson instead, as a link, e.g. "
                                        f"[its title](../<slug>/index.md)")


def prose_only(text: str) -> str:
    """``text`` with front matter, code blocks and code spans blanked, every line kept in its place."""
    lines = text.split("\n")
    start = _body_start(lines)
    kept = [""] * start
    index = start
    while index < len(lines):
        fence = FENCE.match(lines[index])
        if fence:
            end = min(_closing_fence(lines, index, fence), len(lines) - 1)
            kept.extend([""] * (end - index + 1))
            index = end + 1
            continue
        kept.append(lines[index])
        index += 1
    return _CODE_SPAN.sub(lambda m: re.sub(r"[^\n]", " ", m[0]), "\n".join(kept))
