"""``fix``: rewrite in place what a lesson types but its code decides, from the real run, and
show the change as a diff. After a change to fake_client, one command brings the lessons
back in line; the diff is what the author reviews.

What it rewrites: a snippet's ```` ```output ```` block; a find-bug's ``output`` (what the
fixed program prints); a predict-output's keyed option, when the code now prints something
no option says. What it leaves to the author, still reported by ``check``: a key that moved
to another option, a quiz whose code no longer runs, a snippet that now raises or loops.
Figures (``{{ run.… }}``) are never typed, so there is nothing to rewrite for them.
"""

import difflib
import re
from dataclasses import dataclass, field
from pathlib import Path

from lesson_runtime import outputs_match

from ._build import Course
from ._yaml_lines import YamlProblem, load_located_yaml
from .kinds import QUIZ_KINDS


@dataclass
class FixResult:
    diffs: dict[str, str] = field(default_factory=dict)  # file → unified diff of what changed
    fixed: set[tuple[str, str]] = field(default_factory=set)  # (file, "snippet <id>" / "quiz <id>")
    skipped: list[str] = field(default_factory=list)  # rewrites not made, and why


def fix_course(course: Course, *, write: bool = True) -> FixResult:
    """Rewrite every stale output of the course's lessons and quiz files (``course`` was
    built with its runs); return the diffs."""
    result = FixResult()
    for key, lesson in course.lessons.items():
        lines = lesson.text.split("\n")
        for snippet in sorted(lesson.snippets.values(), key=lambda s: -s.line):  # bottom up: spans stay
            run = course.transcript(key, snippet.id)
            if snippet.output is None or run is None or run["status"] == "timeout":
                continue
            if outputs_match(run["output"], snippet.output):
                continue
            first, end = snippet.output_line, snippet.span[1] - 1  # the block's content lines
            body = run["output"].rstrip("\n")
            lines[first:end] = [snippet.indent + line for line in body.split("\n")] if body else []
            result.fixed.add((lesson.path, f"snippet {snippet.id}"))
        _store(course.root, lesson.path, lesson.text, "\n".join(lines), result, write)
    for key, quiz_file in course.quiz_files.items():
        path = course.root / quiz_file.path
        text = path.read_text(encoding="utf-8")
        lines = text.split("\n")
        rewrites = []  # (1-based line of the key, key, new value, quiz id)
        for quiz in quiz_file.quizzes.values():
            runs = course.quiz_runs.get(key, {}).get(quiz.id, {})
            rewrites += _quiz_rewrites(quiz, runs)
        for line, name, value, quiz_id in sorted(rewrites, reverse=True):
            if _rewrite_value(lines, line, name, value):
                result.fixed.add((quiz_file.path, f"quiz {quiz_id}"))
            else:
                result.skipped.append(f"{quiz_file.path}:{line}: '{name}' of quiz '{quiz_id}' is not a plain "
                                      f"'{name}:' line; rewrite it by hand")
        new = "\n".join(lines)
        if new != text and not _same_values(text, new, rewrites):
            result.skipped.append(f"{quiz_file.path}: the rewrite would change more than the outputs; "
                                  "nothing written")
            continue
        _store(course.root, quiz_file.path, text, new, result, write)
    return result


def _quiz_rewrites(quiz, runs: dict) -> list[tuple[int, str, str, str]]:
    return [(line, name, value, quiz.id) for line, name, value in QUIZ_KINDS[quiz.kind].rewrites(quiz, runs)]


def _rewrite_value(lines: list[str], line: int, name: str, value: str) -> bool:
    """Replace the value of ``name:`` on 1-based ``line`` (and its continuation lines) by a
    literal block holding ``value``."""
    match = re.match(rf"^(?P<prefix>[ \t]*(?:-[ \t]+)?){re.escape(name)}:(?P<rest>.*)$", lines[line - 1])
    if match is None:
        return False
    column = len(match["prefix"])
    end = line  # 0-based index just past the value's last line
    for index in range(line, len(lines)):
        text = lines[index]
        if text.strip() and len(text) - len(text.lstrip()) <= column:
            break
        if text.strip():
            end = index + 1
    body = value.rstrip("\n")
    indent = " " * (column + 2)
    if not body:
        block = [f'{match["prefix"]}{name}: ""']
    else:
        indicator = "2" if body[:1] in (" ", "\t") else ""
        block = [f"{match['prefix']}{name}: |{indicator}"] + [indent + text if text else "" for text in body.split("\n")]
    lines[line - 1:end] = block
    return True


def _same_values(old: str, new: str, rewrites) -> bool:
    """The new file reads as YAML, and the rewritten outputs read back as the runs printed."""
    try:
        load_located_yaml(new)
    except YamlProblem:
        return False
    wanted = sorted(value.rstrip() for _, _, value, _ in rewrites)
    found = []

    def collect(node):
        if isinstance(node, dict):
            for key, item in node.items():
                if key == "output" and isinstance(item, str) and item.rstrip() in wanted:
                    found.append(item.rstrip())
                collect(item)
        elif isinstance(node, list):
            for item in node:
                collect(item)

    collect(load_located_yaml(new))
    return all(value in found for value in wanted)


def _store(root: Path, relative: str, old: str, new: str, result: FixResult, write: bool) -> None:
    if new == old:
        return
    diff = difflib.unified_diff(old.split("\n"), new.split("\n"), f"a/{relative}", f"b/{relative}", lineterm="")
    result.diffs[relative] = "\n".join(diff)
    if write:
        (root / relative).write_text(new, encoding="utf-8")
