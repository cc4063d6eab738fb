"""The parsed content: lessons, their snippets and quiz placements, and quizzes."""

from dataclasses import dataclass, field
from typing import Any, Optional

from ._course_models import setup_code

DEFAULT_TIMEOUT = 10.0


@dataclass
class Snippet:
    """A runnable ```` ```python id=... ```` block of a lesson."""

    id: str
    code: str
    line: int  # 1-based line of the opening fence
    continues: Optional[str] = None
    hidden: bool = False
    timeout: float = DEFAULT_TIMEOUT
    differs: Optional[str] = None  # why its code differs from the other translations' (differs=<reason>; "" reported)
    output: Optional[str] = None  # the ```output block shown after it, if any
    output_line: int = 0
    # 0-based line span [start, end) of the fences (and the output block) in the file
    span: tuple[int, int] = (0, 0)
    indent: str = ""


@dataclass
class QuizPlacement:
    """A ``::: quiz <id>`` line."""

    id: str
    line: int
    index: int  # 0-based line index in the file
    indent: str = ""


@dataclass
class FigureUse:
    """A ``{{ run.<snippet-id>.<path> }}`` in the prose."""

    snippet_id: str
    path: str
    line: int


@dataclass
class Lesson:
    slug: str
    lang: str
    path: str  # relative to the content root, e.g. lessons/first-steps/bg.md
    text: str
    meta: dict = field(default_factory=dict)
    snippets: dict[str, Snippet] = field(default_factory=dict)
    placements: list[QuizPlacement] = field(default_factory=list)
    figures: list[FigureUse] = field(default_factory=list)
    # Already reported, so whatever refers to them is not reported again: snippets that are
    # not run (an unknown option, a continues= that leads nowhere or in a circle, or one of
    # these before them), and the ids of snippet fences refused (lower-cased: `id=Ask` is
    # what `continues=ask` meant).
    not_run: set[str] = field(default_factory=set)
    refused: set[str] = field(default_factory=set)
    empty: bool = False  # nothing in the file: reported once, nothing else is checked
    # The course's models (name lesson code uses → id, from lessons/course.yaml): every run of
    # the lesson starts with their assignments (``setup``), at build time and on the page.
    models: dict[str, str] = field(default_factory=dict)

    @property
    def key(self) -> str:
        return f"{self.lang}/{self.slug}"

    def runs(self, snippet_id: str) -> bool:
        """True when the snippet is there and is run."""
        return snippet_id in self.snippets and snippet_id not in self.not_run

    def reported(self, snippet_id: str) -> bool:
        """True when a reference to ``snippet_id`` fails for a reason already reported."""
        return snippet_id in self.not_run or str(snippet_id).casefold() in self.refused

    def setup(self, continues: Optional[str]) -> list[str]:
        """What a run executes before its own code: the course's setup, then the chain of
        ``continues`` (a snippet id, or None), oldest first."""
        course = [setup_code(self.models)] if self.models else []
        return course + (self.chain(continues) if continues else [])

    def chain(self, snippet_id: str) -> list[str]:
        """Code of ``snippet_id`` preceded by everything it continues, oldest first."""
        codes: list[str] = []
        seen: set[str] = set()
        current: Optional[str] = snippet_id
        while current is not None and current in self.snippets and current not in seen:
            seen.add(current)
            codes.insert(0, self.snippets[current].code)
            current = self.snippets[current].continues
        return codes


@dataclass
class Quiz:
    """One quiz of a ``quizzes/<slug>/<lang>.yaml`` file, validated against its kind."""

    id: str
    kind: str
    data: Any  # the LocatedDict from YAML
    path: str
    line: int

    def line_of(self, key: str) -> int:
        return self.data.line_of(key) if hasattr(self.data, "line_of") else self.line


@dataclass
class QuizFile:
    slug: str
    lang: str
    path: str
    quizzes: dict[str, Quiz] = field(default_factory=dict)
    invalid_ids: set[str] = field(default_factory=set)  # quizzes already reported as malformed
    unreadable: bool = False  # not valid YAML: already reported, its ids unknown
    empty: bool = False  # no quiz at all in the file
    duplicates: list[tuple[int, str]] = field(default_factory=list)  # (line, id) of quizzes whose id repeats
