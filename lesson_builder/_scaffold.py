"""``new <slug> <lang>``: start a lesson's page in a language, laid out like the lesson in a
language it is written in: the same snippets (code and outputs kept), the same quiz lines,
the same quizzes (ids, kinds, code, keys kept), every text to write marked ``TO-WRITE``,
the text strings inside the code too (``"TO-WRITE (ru): Къде е поръчка 1042?"``).
A lesson not in the course yet gets a short skeleton and its entry at the end of
``lessons/course.yaml``; a translation listed as in progress leaves its ``in_progress``.

The build refuses a page, quiz file or course file that still holds a ``TO-WRITE`` mark, so
nothing half-written is published: each mark is a problem at its line.
"""

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

import yaml

from ._course_file import COURSE_FILE, read_outline
from ._left_to_write import MARK
from ._lesson_parser import FENCE, QUIZ_LINE, _closing_fence
from ._mark_strings import is_text, mark_strings
from ._problems import Problems
from ._yaml_lines import load_located_yaml
from .kinds import text_fields

FIGURE_USE = re.compile(r"\{\{\s*run\.[^}]+\}\}")
HEADING = re.compile(r"^(?P<indent>[ \t]*)(?P<hashes>#{1,6})[ \t]+\S")
ADMONITION = re.compile(r"^(?P<head>[ \t]*(?:!!!|\?\?\?\+?)[ \t]+[\w-]+)(?P<title>[ \t]+\".*\")?[ \t]*$")
TAB = re.compile(r"^[ \t]*===\+?[ \t]+\"")
# Texts a quiz shows in the learner's language; everything else (code, keys, outputs) is kept.
QUIZ_TEXTS = text_fields("markdown")
QUIZ_CODE = text_fields("code")


class ScaffoldError(Exception):
    """The page cannot be started (it exists, the slug or language is unknown, …)."""


@dataclass
class Scaffold:
    """What ``new`` did: files written and what the author does next."""

    written: list[str] = field(default_factory=list)
    source: Optional[str] = None  # the language laid out, when the lesson existed
    marks: int = 0


def new_page(root: Path, slug: str, lang: str, source: Optional[str] = None, after: Optional[str] = None) -> Scaffold:
    """Write ``lessons/<slug>/<lang>.md`` and ``quizzes/<slug>/<lang>.yaml`` and update the
    course file. ``source`` picks the language to lay out (default: the course's first
    written one); ``after`` places a new lesson after that one (default: at the end)."""
    root = Path(root)
    outline = read_outline(root, Problems())
    if outline is None:
        raise ScaffoldError(f"no {COURSE_FILE} under {root}")
    if lang not in outline.languages:
        raise ScaffoldError(f"'{lang}' is not one of the course's languages ({', '.join(outline.languages)})")
    lesson_path = root / "lessons" / slug / f"{lang}.md"
    quiz_path = root / "quizzes" / slug / f"{lang}.yaml"
    for path in (lesson_path, quiz_path):
        if path.exists():
            raise ScaffoldError(f"{path.relative_to(root).as_posix()} already exists")
    result = Scaffold()
    entry = outline.lesson(slug)
    if after is not None and (entry is not None or outline.lesson(after) is None):
        raise ScaffoldError(f"--after places a new lesson; there is no lesson '{after}' in the course"
                            if entry is None else f"lesson '{slug}' is in the course already: move its entry in "
                            f"{COURSE_FILE} to change its place")
    if entry is None:
        lesson_text, quiz_text = _skeleton(slug, lang)
        _add_course_entry(root, slug, lang, outline, after)
        result.written.append(COURSE_FILE)
    else:
        written = [other for other in outline.languages if (root / "lessons" / slug / f"{other}.md").is_file()]
        source = source or (written[0] if written else None)
        if source not in written:
            raise ScaffoldError(f"lesson '{slug}' is not written in '{source}' (written: {', '.join(written)})")
        result.source = source
        lesson_text = scaffold_lesson((root / "lessons" / slug / f"{source}.md").read_text(encoding="utf-8"),
                                      f"{source}.md", lang)
        source_quizzes = root / "quizzes" / slug / f"{source}.yaml"
        quiz_text = scaffold_quizzes(source_quizzes.read_text(encoding="utf-8"), lang) \
            if source_quizzes.is_file() else None
        if lang in entry.in_progress:
            _leave_in_progress(root, entry, lang)
            result.written.append(COURSE_FILE)
    lesson_path.parent.mkdir(parents=True, exist_ok=True)
    lesson_path.write_text(lesson_text, encoding="utf-8")
    result.written.append(lesson_path.relative_to(root).as_posix())
    if quiz_text is not None:
        quiz_path.parent.mkdir(parents=True, exist_ok=True)
        quiz_path.write_text(quiz_text, encoding="utf-8")
        result.written.append(quiz_path.relative_to(root).as_posix())
    result.marks = sum((root / name).read_text(encoding="utf-8").count(MARK) for name in result.written)
    return result


def scaffold_lesson(text: str, source_name: str, lang: str) -> str:
    """The lesson ``text`` with its prose replaced by marks; code, outputs and quiz lines kept."""
    lines = text.split("\n")
    out: list[str] = []
    index = 0
    if lines and lines[0].strip() == "---":
        end = next((i for i in range(1, len(lines)) if lines[i].strip() in ("---", "...")), 0)
        out.append("---")
        for number, line in enumerate(lines[1:end], start=2):
            key = line.split(":", 1)[0]
            if key in ("title", "summary"):
                out.append(f'{key}: "{MARK} ({lang}): the {key} ({source_name}, line {number})"')
            elif not line.startswith((" ", "\t")):  # keep the other keys (hide, search), not their values' text
                out.append(line)
        out.append("---")
        index = end + 1
    while index < len(lines):
        line = lines[index]
        fence = FENCE.match(line)
        if fence:
            close = min(_closing_fence(lines, index, fence), len(lines) - 1)
            body = "\n".join(lines[index + 1:close])
            if fence["info"].split()[:1] == ["python"]:  # its text strings are to translate, not its names
                body, _ = mark_strings(body, f"{MARK} ({lang}): ")
            out.extend([line, *(body.split("\n") if close > index + 1 else []), lines[close]][:close - index + 1])
            index = close + 1
            continue
        if TAB.match(line) and is_text(line):
            out.append(re.sub(r'"', f'"{MARK} ({lang}): ', line, count=1))
            index += 1
            continue
        if not line.strip() or QUIZ_LINE.match(line) or TAB.match(line):
            out.append(line)
            index += 1
            continue
        admonition = ADMONITION.match(line)
        if admonition:
            out.append(admonition["head"] + (f' "{MARK} ({lang})"' if admonition["title"] else ""))
            index += 1
            continue
        heading = HEADING.match(line)
        if heading:
            out.append(f"{heading['indent']}{heading['hashes']} {MARK} ({lang}): heading ({source_name}, "
                       f"line {index + 1})")
            index += 1
            continue
        start = index
        while index < len(lines) and lines[index].strip() and not (
                FENCE.match(lines[index]) or QUIZ_LINE.match(lines[index]) or TAB.match(lines[index])
                or ADMONITION.match(lines[index]) or HEADING.match(lines[index])):
            index += 1
        indent = line[: len(line) - len(line.lstrip())]
        span = f"line {start + 1}" if index - start == 1 else f"lines {start + 1}-{index}"
        figures = sorted(set(FIGURE_USE.findall("\n".join(lines[start:index]))))
        uses = f"; its figures: {' '.join(figures)}" if figures else ""
        out.append(f"{indent}{MARK} ({lang}): write what {source_name} says at {span}{uses}")
    return "\n".join(out)


def scaffold_quizzes(text: str, lang: str) -> str:
    """The quiz file ``text`` with every text to show marked; ids, kinds, code and keys kept."""
    quizzes = _plain(load_located_yaml(text) or [])
    for quiz in quizzes:
        _mark_texts(quiz, lang, quiz.get("id", "?"))
    header = "# yaml-language-server: $schema=../../schemas/quiz.schema.json\n"
    return header + yaml.dump(quizzes, Dumper=_Dumper, allow_unicode=True, sort_keys=False, width=100)


def _mark_texts(value, lang: str, quiz_id: str, where: str = "") -> None:
    if isinstance(value, dict):
        for key in list(value):
            here = f"{where}.{key}" if where else str(key)
            if key in QUIZ_TEXTS and isinstance(value[key], str):
                value[key] = f"{MARK} ({lang}): {here} of quiz {quiz_id}"
            elif key in QUIZ_CODE and isinstance(value[key], str):  # kept, its text strings marked
                value[key] = mark_strings(value[key], f"{MARK} ({lang}): ")[0]
            elif key == "line_hints" and isinstance(value[key], dict):
                value[key] = {n: f"{MARK} ({lang}): hint for line {n} of quiz {quiz_id}" for n in value[key]}
            else:
                _mark_texts(value[key], lang, quiz_id, here)
    elif isinstance(value, list):
        for number, item in enumerate(value, start=1):
            _mark_texts(item, lang, quiz_id, f"{where}[{number}]")


def _plain(value):
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_plain(item) for item in value]
    return value


class _Dumper(yaml.SafeDumper):
    """Code and outputs as literal blocks (``|``), as authors write them."""


def _represent_text(dumper: yaml.SafeDumper, text: str):
    style = "|" if "\n" in text and not any(line != line.rstrip() for line in text.split("\n")) else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", text, style=style)


_Dumper.add_representer(str, _represent_text)


def _leave_in_progress(root: Path, entry, lang: str) -> None:
    """Take ``lang`` off the lesson's ``in_progress: [...]`` line of the course file."""
    path = root / COURSE_FILE
    lines = path.read_text(encoding="utf-8").split("\n")
    match = re.match(r"^(?P<head>\s*in_progress:\s*)\[(?P<items>[^\]]*)\](?P<tail>.*)$",
                     lines[entry.in_progress_line - 1])
    if match is None:
        raise ScaffoldError(f"{COURSE_FILE}:{entry.in_progress_line}: write in_progress as [a, b] to let `new` "
                            f"update it, or remove '{lang}' there yourself")
    kept = [item.strip() for item in match["items"].split(",") if item.strip() and item.strip() != lang]
    lines[entry.in_progress_line - 1] = f"{match['head']}[{', '.join(kept)}]{match['tail']}"
    path.write_text("\n".join(lines), encoding="utf-8")


def _add_course_entry(root: Path, slug: str, lang: str, outline, after: Optional[str]) -> None:
    """The new lesson's entry, after the lesson ``after`` (default: the last), which it
    then builds on."""
    path = root / COURSE_FILE
    text = path.read_text(encoding="utf-8")
    dash = (re.findall(r"^([ \t]*)- slug:", text, re.M) or ["  "])[-1]  # as the entries above are indented
    key = dash + "  "
    # Only the language being written: the others are in progress and need no title or focus.
    per_language = f'{key}  {lang}: "{MARK} ({lang})"'
    previous = after or (outline.lessons[-1].slug if outline.lessons else None)
    others = ", ".join(other for other in outline.languages if other != lang)
    entry = (f"{dash}- slug: {slug}\n{key}title:\n{per_language}\n{key}focus:\n{per_language}\n"
             f"{key}prerequisites: [{previous or ''}]\n{key}in_progress: [{others}]\n")
    following = outline.next_of(after) if after else None
    if following is None:
        path.write_text(text.rstrip("\n") + "\n\n" + entry, encoding="utf-8")
        return
    lines = text.split("\n")
    at = following.line - 1  # the next lesson's `- slug:` line; the new entry goes right before it
    lines[at:at] = entry.split("\n")
    path.write_text("\n".join(lines), encoding="utf-8")


def _skeleton(slug: str, lang: str) -> tuple[str, str]:
    """A new lesson: a client, one snippet with its output (run `fix` to fill it), one quiz."""
    lesson = f'''---
title: "{MARK} ({lang}): the lesson's heading"
summary: "{MARK} ({lang}): what the learner can do afterwards"
---

# {MARK} ({lang}): heading

{MARK} ({lang}): the first paragraph (see the author guide).

```python id=setup hidden
from fake_client import Anthropic

client = Anthropic()
```

```python id=ask continues=setup
response = client.messages.create(model=MODEL, max_tokens=256,
                                  messages=[{{"role": "user", "content": "{MARK} ({lang}): the question to the model, in the language of the page"}}])
print(response.stop_reason)
```

```output
```

::: quiz first-question
'''
    quizzes = f'''# yaml-language-server: $schema=../../schemas/quiz.schema.json
- id: first-question
  kind: multiple-choice
  prompt: "{MARK} ({lang}): the question"
  check:
    run: ask
    figure: calls[0].response.stop_reason
  options:
    - text: "`end_turn`"
      value: end_turn
      correct: true
      explanation: "{MARK} ({lang}): why"
    - text: "`tool_use`"
      value: tool_use
      explanation: "{MARK} ({lang}): why not"
'''
    return lesson, quizzes
