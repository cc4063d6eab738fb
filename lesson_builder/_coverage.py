"""``coverage``: the course as a table of lessons × languages: whether the page is written
(or a notice while in progress), its runnable snippets, its quizzes per kind and its words.
Read from the sources without running anything; the author guide shows the same table.
"""

import re
from dataclasses import dataclass, field
from functools import lru_cache

from ._build import Course
from ._lesson_parser import FENCE, QUIZ_LINE, _closing_fence
from .kinds import QUIZ_KINDS

HAN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
WORD = re.compile(r"[^\W\d_](?:[^\W_]|['’\u200c-])*", re.UNICODE)
MARKUP = re.compile(r"\{\{[^}]*\}\}|<[^>]+>|\]\([^)]*\)|`[^`]*`")


# The author guide's table rounds words to hundreds: it compares the lengths of a lesson's pages,
# and exact counts would change the default language's pages (which hold the guide) at every
# edit of a sentence in any language, so that `mkdocs serve` built that language again too.
SITE_WORDS_TO = 100


@dataclass
class CoverageRow:
    slug: str
    lang: str
    page: str  # "written", "in progress" (a notice page) or "missing"
    snippets: int = 0  # runnable snippets shown as editors (hidden setup code not counted)
    quizzes: dict[str, int] = field(default_factory=dict)  # kind → how many
    words: int = 0  # prose only: code, outputs and markup left out; a Han character is a word


def count_words(text: str) -> int:
    """Words of a lesson's prose (front matter, code blocks, code spans, links' targets left out)."""
    han, words = prose_counts(text)
    return han + words


@lru_cache(maxsize=512)  # a pure count, asked again at every rebuild of `mkdocs serve`
def prose_counts(text: str) -> tuple[int, int]:
    """(Han characters, other words) of a lesson's prose, as ``count_words`` counts them."""
    lines = text.split("\n")
    index = 0
    if lines and lines[0].strip() == "---":
        index = next((i + 1 for i in range(1, len(lines)) if lines[i].strip() in ("---", "...")), 0)
    prose = []
    while index < len(lines):
        fence = FENCE.match(lines[index])
        if fence:
            index = _closing_fence(lines, index, fence) + 1
            continue
        if not QUIZ_LINE.match(lines[index]):
            prose.append(MARKUP.sub(" ", lines[index]))
        index += 1
    text = "\n".join(prose)
    return len(HAN.findall(text)), len(WORD.findall(HAN.sub(" ", text)))


def coverage(course: Course) -> list[CoverageRow]:
    """One row per lesson and language, in the course's order (``course`` from scan_course)."""
    outline = course.outline
    if outline is not None:
        slugs, languages = outline.slugs(), outline.languages
    else:
        slugs = sorted({lesson.slug for lesson in course.lessons.values()})
        languages = sorted({lesson.lang for lesson in course.lessons.values()})
    rows = []
    for slug in slugs:
        entry = outline.lesson(slug) if outline else None
        for lang in languages:
            lesson = course.lessons.get(f"{lang}/{slug}")
            if lesson is None:
                page = "in progress" if entry is not None and lang in entry.in_progress else "missing"
                rows.append(CoverageRow(slug, lang, page))
                continue
            quiz_file = course.quiz_files.get(lesson.key)
            kinds: dict[str, int] = {}
            for quiz in (quiz_file.quizzes.values() if quiz_file else []):
                kinds[quiz.kind] = kinds.get(quiz.kind, 0) + 1
            shown = sum(1 for snippet in lesson.snippets.values() if not snippet.hidden)
            rows.append(CoverageRow(slug, lang, "written", shown, kinds, count_words(lesson.text)))
    return rows


def coverage_markdown(rows: list[CoverageRow], *, words_to: int = 1) -> str:
    """The table as markdown (a terminal reads it as well as the site does); words rounded to
    the nearest ``words_to`` (the author guide's table: ``SITE_WORDS_TO``)."""
    kinds = list(QUIZ_KINDS)
    words = "words" if words_to == 1 else f"words (nearest {words_to})"
    head = ["lesson", "lang", "page", "snippets"] + [QUIZ_KINDS[kind].short_name or kind for kind in kinds] + [words]
    body = []
    for row in rows:
        if row.page != "written":
            body.append([row.slug, row.lang, row.page] + ["–"] * (len(head) - 3))
            continue
        body.append([row.slug, row.lang, row.page, str(row.snippets)]
                    + [str(row.quizzes.get(kind, 0)) for kind in kinds] + [str(_rounded(row.words, words_to))])
    widths = [max(len(cells[i]) for cells in [head] + body) for i in range(len(head))]

    def line(cells: list[str]) -> str:
        return "| " + " | ".join(cell.ljust(width) for cell, width in zip(cells, widths)) + " |"

    rule = "| " + " | ".join("-" * width for width in widths) + " |"
    return "\n".join([line(head), rule] + [line(cells) for cells in body])


def _rounded(count: int, to: int) -> int:
    return count if to == 1 else (count + to // 2) // to * to
