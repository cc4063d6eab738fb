"""``sync <slug> --from <lang>``: carry one translation's code over to the others, each page
keeping its own words.

Translations of a lesson run the same code (``_course_consistency`` refuses a snippet that
differs beyond its words, ``_code_shape``). When the code of one translation changes, this
puts the change into the others: each snippet whose code differs is rewritten as the source's
code with this page's string literals, print calls and comments in their places. A snippet
that says ``differs=`` on either side is left alone, and so is one whose words cannot be
matched one to one (another number of strings, a print call that reads other names): it is
named, to carry by hand. Outputs may change with the code: ``fix`` rewrites them next.
"""

from dataclasses import dataclass, field
from pathlib import Path

from ._build import scan_course
from ._code_shape import carry_code, same_code


@dataclass
class SyncResult:
    carried: dict[str, list[str]] = field(default_factory=dict)  # page → snippet ids rewritten
    by_hand: list[str] = field(default_factory=list)  # "page:line: snippet 'x': why" for each left alone


class SyncError(Exception):
    """The command cannot run: no such lesson or language (the message says what there is)."""


def sync_lesson(root: Path, slug: str, source_lang: str) -> SyncResult:
    course = scan_course(root)
    pages = {lesson.lang: lesson for lesson in course.lessons.values() if lesson.slug == slug}
    if not pages:
        known = sorted({lesson.slug for lesson in course.lessons.values()})
        raise SyncError(f"no lesson '{slug}' (lessons: {', '.join(known)})")
    if source_lang not in pages:
        raise SyncError(f"lesson '{slug}' has no page in '{source_lang}' (written in: {', '.join(sorted(pages))})")
    source = pages[source_lang]
    result = SyncResult()
    for lang, lesson in sorted(pages.items()):
        if lang == source_lang:
            continue
        lines = lesson.text.split("\n")
        carried = []
        for snippet in sorted(lesson.snippets.values(), key=lambda s: -s.line):  # bottom up: lines stay put
            theirs = source.snippets.get(snippet.id)
            if theirs is None or snippet.differs is not None or theirs.differs is not None:
                continue
            if same_code(snippet.code, theirs.code):
                continue
            code, why = carry_code(theirs.code, snippet.code)
            if code is None:
                result.by_hand.append(f"{lesson.path}:{snippet.line}: snippet '{snippet.id}': {why}")
                continue
            first = snippet.line  # 0-based index of the first code line (the fence is line - 1)
            last = first + len(snippet.code.rstrip("\n").split("\n"))
            lines[first:last] = [snippet.indent + line if line else line for line in code.rstrip("\n").split("\n")]
            carried.append(snippet.id)
        if carried:
            text = "\n".join(lines)
            (root / lesson.path).write_text(text, encoding="utf-8")
            result.carried[lesson.path] = sorted(carried)
    result.by_hand.sort()
    return result

