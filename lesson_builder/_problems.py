"""Problems an author can act on: ``path:line: message``, collected over a whole build."""

import difflib
from dataclasses import dataclass, field
from typing import Iterable, Optional


@dataclass(frozen=True)
class Problem:
    """One thing wrong with the content, at a file and line (1-based; 0 = whole file)."""

    path: str
    line: int
    message: str
    subject: str = ""  # "snippet <id>" or "quiz <id>" when it is about one of them

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else self.path
        return f"{where}: {self.message}"


@dataclass
class Problems:
    """Collects problems instead of stopping at the first, so one build reports them all."""

    items: list[Problem] = field(default_factory=list)

    def add(self, path: str, line: int, message: str, subject: str = "") -> None:
        self.items.append(Problem(path, line, message, subject))

    def extend(self, problems: Iterable[Problem]) -> None:
        self.items.extend(problems)

    def __bool__(self) -> bool:
        return bool(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def __iter__(self):
        return iter(self.items)

    def report(self) -> str:
        ordered = sorted(self.items, key=lambda p: (p.path, p.line))
        return "\n".join(str(problem) for problem in ordered)


class ContentError(Exception):
    """Raised when a build found problems; ``problems`` holds every one of them."""

    def __init__(self, problems: Iterable[Problem]):
        self.problems = list(problems)
        count = len(self.problems)
        listing = "\n".join(str(p) for p in sorted(self.problems, key=lambda p: (p.path, p.line)))
        super().__init__(f"{count} problem{'s' if count != 1 else ''} in the lessons:\n{listing}")


def suggestion(word: str, choices: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` for a likely typo, else an empty string."""
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""


def output_diff(shown: str, actual: str, shown_label: str, actual_label: str) -> str:
    """A unified diff between what the page shows and what the code really prints."""
    lines = difflib.unified_diff(
        _visible_ends(shown), _visible_ends(actual),
        fromfile=shown_label, tofile=actual_label, lineterm="",
    )
    return "\n".join(lines)


def _visible_ends(text: str) -> list[str]:
    """Lines with trailing spaces and tabs shown as '·' and '→', which a diff would hide."""
    shown = []
    for line in text.rstrip().splitlines():
        body = line.rstrip(" \t")
        shown.append(body + line[len(body):].replace(" ", "·").replace("\t", "→"))
    return shown


def quote_output(text: Optional[str], limit: int = 20) -> str:
    """An output indented for a message, cut after ``limit`` lines."""
    lines = (text or "").rstrip().splitlines() or ["(nothing)"]
    if len(lines) > limit:
        lines = lines[:limit] + [f"… ({len(lines) - limit} more lines)"]
    return "\n".join("    | " + line for line in lines)
