"""Read ``lessons/<slug>/<lang>.md``: front matter, snippets, outputs, quiz lines, figures.

Everything is checked as it is read; problems go to a Problems collector with the file and
line, and parsing goes on so that one build reports every problem.
"""

import re
from typing import Any

from ._figures import FIGURE
from ._model import DEFAULT_TIMEOUT, FigureUse, Lesson, QuizPlacement, Snippet
from ._problems import Problems, suggestion
from ._yaml_lines import LocatedDict, YamlProblem, keep_source_text, load_located_yaml

FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*(?P<info>[^`]*?)[ \t]*$")
QUIZ_LINE = re.compile(r"^(?P<indent>[ \t]*):::[ \t]*quiz\b[ \t]*(?P<id>\S*)[ \t]*(?P<rest>.*)$")
SNIPPET_ID = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
SNIPPET_FLAGS = ("id", "continues", "hidden", "timeout", "differs")
REQUIRED_META = {"title": str, "summary": str}
# Marks an output block's snippet that was refused (and reported): the block goes with it.
_REFUSED = object()
# A lesson's place, prerequisites and next lesson live in lessons/course.yaml, for every
# language at once; a lesson file that still says them would disagree with it sooner or later.
MOVED_META = ("order", "prerequisites", "next")


def parse_lesson(path: str, text: str, slug: str, lang: str, problems: Problems) -> Lesson:
    lesson = Lesson(slug=slug, lang=lang, path=path, text=text)
    if not text.strip():
        problems.add(path, 1, "the page is empty: a lesson starts with front matter ('---', then title and "
                              "summary, then '---'), then its text")
        lesson.empty = True
        return lesson
    lines = text.split("\n")
    body_start = _parse_front_matter(lesson, lines, problems)
    _parse_body(lesson, lines, body_start, problems)
    _check_continues(lesson, problems)
    return lesson


def _parse_front_matter(lesson: Lesson, lines: list[str], problems: Problems) -> int:
    """Fill lesson.meta; return the index of the first body line."""
    if not lines or lines[0].strip() != "---":
        problems.add(lesson.path, 1, "the lesson must start with front matter ('---', then "
                                     "title and summary, then '---')")
        return 0
    end = next((i for i in range(1, len(lines)) if lines[i].strip() in ("---", "...")), None)
    if end is None:
        problems.add(lesson.path, 1, "front matter is not closed by a line '---'")
        return 0
    try:
        meta = load_located_yaml("\n".join(lines[1:end])) or LocatedDict()
    except YamlProblem as error:
        problems.add(lesson.path, error.line + 1, f"front matter: {error.message}")
        return end + 1
    if not isinstance(meta, dict):
        problems.add(lesson.path, 2, "front matter must be a mapping of 'key: value' lines")
        return end + 1
    keep_source_text(meta, REQUIRED_META)  # `title: 1:30` is that text, not 90
    lesson.meta = dict(meta)

    def line_of(key: str) -> int:
        return meta.line_of(key) + 1 if isinstance(meta, LocatedDict) else 1

    misspelled = set()
    for key in meta:
        if key in REQUIRED_META or key in MOVED_META:
            continue
        close = suggestion(str(key), [name for name in REQUIRED_META if name not in meta])
        misspelled |= {name for name in REQUIRED_META if close == f" (did you mean '{name}'?)"}
        problems.add(lesson.path, line_of(key), f"unknown front matter key '{key}'{close}; a lesson's front "
                                                "matter holds title and summary")
    for key, wanted in REQUIRED_META.items():
        if key not in meta:
            if key not in misspelled:  # already said, at the misspelled line
                problems.add(lesson.path, 1, f"front matter lacks '{key}'")
        elif not isinstance(meta[key], wanted) or isinstance(meta[key], bool):
            problems.add(lesson.path, line_of(key), f"front matter '{key}' must be text")
    for key in MOVED_META:
        if key in meta:
            problems.add(lesson.path, line_of(key), f"front matter '{key}': a lesson's place, prerequisites and "
                                                    "next lesson are in lessons/course.yaml; delete this line")
    return end + 1


def _parse_body(lesson: Lesson, lines: list[str], start: int, problems: Problems) -> None:
    last_snippet: Any = None  # a snippet an output block may still follow (or _REFUSED)
    index = start
    while index < len(lines):
        line = lines[index]
        fence = FENCE.match(line)
        if fence:
            close = _closing_fence(lines, index, fence)
            info = fence["info"].split()
            language = info[0] if info else ""
            if close >= len(lines):
                # Reported once; the lines after it are read as the page goes on, so that what
                # they hold (quiz lines, snippets) is not reported missing too.
                problems.add(lesson.path, index + 1, f"code block opened here is never closed ({fence['fence']})")
                if language == "python":
                    lesson.refused |= {word[3:].casefold() for word in info[1:] if word.startswith("id=")}
                elif language == "output" and isinstance(last_snippet, Snippet):
                    lesson.not_run.add(last_snippet.id)  # its output cannot be told
                last_snippet = None
                index += 1
                continue
            content = _dedent(lines[index + 1:close], fence["indent"])
            if language == "python" and any(word.startswith("id=") for word in info[1:]):
                last_snippet = _add_snippet(lesson, info[1:], content, index, close, fence["indent"], problems)
            elif language == "output":
                _attach_output(lesson, last_snippet, content, index, close, problems)
                last_snippet = None
            else:
                last_snippet = None
                # Figures work in any other block too (a number inside a ```text block).
                for number in range(index + 1, close):
                    for figure in FIGURE.finditer(lines[number]):
                        lesson.figures.append(FigureUse(figure["id"], figure["path"], number + 1))
            index = close + 1
            continue
        quiz = QUIZ_LINE.match(line)
        if quiz:
            if not quiz["id"] or quiz["rest"]:
                problems.add(lesson.path, index + 1, "a quiz line is '::: quiz <quiz-id>', alone on its line")
            else:
                lesson.placements.append(QuizPlacement(quiz["id"], index + 1, index, quiz["indent"]))
        for figure in FIGURE.finditer(line):
            lesson.figures.append(FigureUse(figure["id"], figure["path"], index + 1))
        if line.strip():
            last_snippet = None
        index += 1


def _closing_fence(lines: list[str], opening: int, fence: re.Match) -> int:
    mark = fence["fence"]
    pattern = re.compile(rf"^[ \t]*{re.escape(mark[0])}{{{len(mark)},}}[ \t]*$")
    for index in range(opening + 1, len(lines)):
        if pattern.match(lines[index]):
            return index
    return len(lines)


def _dedent(content: list[str], indent: str) -> str:
    stripped = [line[len(indent):] if line.startswith(indent) else line.lstrip(" \t") for line in content]
    return "\n".join(stripped) + ("\n" if stripped else "")


def _add_snippet(lesson: Lesson, words: list[str], code: str, opening: int, close: int,
                 indent: str, problems: Problems) -> Any:
    """The snippet of a fence; ``_REFUSED`` (reported) when it cannot be one."""
    line = opening + 1
    options: dict[str, str] = {}
    unknown = False
    for word in words:
        key, _, value = word.partition("=")
        if key not in SNIPPET_FLAGS:
            problems.add(lesson.path, line, f"unknown snippet option '{key}'{suggestion(key, SNIPPET_FLAGS)}; "
                                           "known: id=, continues=, hidden, timeout=, differs=")
            unknown = True
            continue
        options[key] = value
    snippet_id = options.get("id", "")
    if not SNIPPET_ID.match(snippet_id):
        problems.add(lesson.path, line, f"snippet id '{snippet_id}' must be lower-case letters, digits, '-' or '_'")
        lesson.refused.add(snippet_id.casefold())
        return _REFUSED
    if snippet_id in lesson.snippets:
        first = lesson.snippets[snippet_id].line
        problems.add(lesson.path, line, f"duplicate snippet id '{snippet_id}' (first used at line {first})")
        return _REFUSED
    timeout = DEFAULT_TIMEOUT
    if "timeout" in options:
        try:
            timeout = float(options["timeout"])
            if not 0 < timeout <= 120:
                raise ValueError
        except ValueError:
            problems.add(lesson.path, line, f"timeout={options['timeout']} must be a number of seconds (0 < n ≤ 120)")
    if "hidden" in options and options["hidden"] not in ("", "true"):
        problems.add(lesson.path, line, "'hidden' takes no value")
    if "differs" in options and not options["differs"]:
        problems.add(lesson.path, line, "differs= needs a reason (one word or words-joined-by-dashes): why this "
                                        "snippet's code is not the other translations' code")
    snippet = Snippet(id=snippet_id, code=code, line=line, continues=options.get("continues") or None,
                      hidden="hidden" in options, timeout=timeout, span=(opening, close + 1), indent=indent,
                      differs=options.get("differs"))
    if "continues" in options and not options["continues"]:
        problems.add(lesson.path, line, "continues= needs a snippet id")
    lesson.snippets[snippet_id] = snippet
    if unknown:  # what the option meant is anybody's guess: the snippet is not run
        lesson.not_run.add(snippet_id)
    return snippet


def _attach_output(lesson: Lesson, snippet: Any, content: str, opening: int, close: int,
                   problems: Problems) -> None:
    if snippet is _REFUSED:
        return  # the output of a snippet already reported
    if snippet is None:
        problems.add(lesson.path, opening + 1, "an ```output block must come right after a ```python id=... snippet")
        return
    if snippet.hidden:
        problems.add(lesson.path, opening + 1, f"snippet '{snippet.id}' is hidden: a hidden snippet shows no output")
        return
    snippet.output = content
    snippet.output_line = opening + 1
    snippet.span = (snippet.span[0], close + 1)


def _check_continues(lesson: Lesson, problems: Problems) -> None:
    """Each continues= leads to a snippet, never in a circle. Each broken chain is reported
    once: a snippet whose chain breaks is not run, nor is anything that continues it."""
    broken: set[str] = set()
    reported_circles: set[frozenset] = set()
    for snippet in lesson.snippets.values():
        if snippet.continues is None:
            continue
        if snippet.continues not in lesson.snippets:
            broken.add(snippet.id)
            if not lesson.reported(snippet.continues):
                problems.add(lesson.path, snippet.line,
                             f"snippet '{snippet.id}' continues unknown snippet '{snippet.continues}'"
                             f"{suggestion(snippet.continues, lesson.snippets)}")
            continue
        seen = [snippet.id]
        current = lesson.snippets[snippet.continues]
        while current is not None:
            if current.id in seen:
                circle = seen[seen.index(current.id):]
                broken.update(circle)
                if frozenset(circle) not in reported_circles:
                    reported_circles.add(frozenset(circle))
                    first = min(circle, key=lambda sid: lesson.snippets[sid].line)
                    at = circle.index(first)
                    ordered = circle[at:] + circle[:at] + [first]
                    problems.add(lesson.path, lesson.snippets[first].line,
                                 f"snippets continue each other in a circle: {' → '.join(ordered)}")
                break
            seen.append(current.id)
            current = lesson.snippets.get(current.continues) if current.continues else None
    lesson.not_run |= broken
    # Whatever continues a snippet that is not run is not run either (and not reported).
    changed = True
    while changed:
        changed = False
        for snippet in lesson.snippets.values():
            if snippet.id not in lesson.not_run and snippet.continues is not None and (
                    snippet.continues in lesson.not_run or snippet.continues not in lesson.snippets):
                lesson.not_run.add(snippet.id)
                changed = True
