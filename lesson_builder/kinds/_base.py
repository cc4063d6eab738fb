"""What every quiz kind shares: the common fields, the run routine's inputs, the checks'
vocabulary. A kind is a subclass registered in ``kinds/__init__.py``."""

from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Optional


from .._fields import Field, Identifier, Seconds, Text
from .._model import Lesson, Quiz
from .._problems import Problems, output_diff, quote_output

COMMON_FIELDS = [
    Field("id", Identifier(), required=True, doc="Unique in the lesson; placed with '::: quiz <id>'."),
    Field("kind", Text(), required=True, doc="fill-in, predict-output, find-bug, multiple-choice or exercise."),
    Field("prompt", Text("markdown"), required=True, doc="The question (markdown)."),
    Field("continues", Identifier(),
          doc="A snippet id of the lesson: its chain runs first, silently, before the quiz's code."),
    Field("timeout", Seconds(), doc="Seconds a run may take (default 10)."),
]


@dataclass
class QuizContext:
    """What a kind may use while checking and rendering one quiz."""

    lesson: Lesson
    quiz: Quiz
    problems: Problems
    markdown: Callable[[str], str]  # markdown → HTML, with the site's extensions
    snippet_transcript: Callable[[str], Optional[dict]]  # a lesson snippet's own run
    # More programs to run after the quiz's chain, name → code → name → transcript: for a
    # problem's hint only (a check that failed), never for what a correct quiz needs.
    run_more: Optional[Callable[[dict[str, str]], dict[str, dict]]] = None

    def problem(self, key: Optional[str], message: str) -> None:
        """A problem about the field ``key`` of this quiz (None: the quiz as a whole)."""
        self.problem_at(self.quiz.line_of(key) if key else self.quiz.line, message)

    def problem_at(self, line: int, message: str) -> None:
        self.problems.add(self.quiz.path, line, f"quiz '{self.quiz.id}': {message}", f"quiz {self.quiz.id}")

    def setup(self) -> list[str]:
        """What the quiz's runs execute first (the page's config carries it): the course's
        setup, then the chain of the snippet it continues."""
        return self.lesson.setup(self.quiz.data.get("continues"))

    def html(self, key: str) -> Optional[str]:
        text = self.quiz.data.get(key)
        return self.markdown(text) if isinstance(text, str) else None


def browser_transcript(transcript: dict) -> dict:
    """The part of a transcript the page compares against (calls stay out of the page)."""
    return {"output": transcript["output"], "status": transcript["status"], "error": transcript["error"]}


def describe_run(transcript: dict) -> str:
    if transcript["status"] == "timeout":
        return f"does not finish ({transcript['error']['message']})"
    if transcript["status"] == "error":
        error = transcript["error"]
        where = f" (line {error['line']})" if error.get("line") else ""
        return f"raises {error['type']}: {error['message']}{where} and prints:\n" + quote_output(transcript["output"])
    return "prints:\n" + quote_output(transcript["output"])


def diff_runs(expected: dict, actual: dict, expected_label: str, actual_label: str) -> str:
    status = "" if expected["status"] == actual["status"] else \
        f"status {expected['status']} expected, got {actual['status']}\n"
    return status + output_diff(expected["output"], actual["output"], expected_label, actual_label)


class QuizKind:
    """One quiz kind: its fields, the code it runs, what it checks, the config it renders."""

    name: ClassVar[str]
    fields: ClassVar[list[Field]]

    def validate(self, ctx: QuizContext) -> bool:
        """Checks that need no run (counts, ranges). Return False to skip running."""
        return True

    def runs(self, quiz: Quiz) -> dict[str, str]:
        """Name → program to run (after the quiz's ``continues`` chain), from the quiz's data
        alone: the runs are planned before any check or rendering."""
        return {}

    def setup_after(self, quiz: Quiz) -> list[str]:
        """Setup code run after the quiz's ``continues`` chain and before each of its runs
        (an exercise's faults); the page runs the same (the kind's config carries it)."""
        return []

    def check(self, ctx: QuizContext, runs: dict[str, dict]) -> None:
        """Add a problem for every key or answer the runs do not bear out."""

    def config(self, ctx: QuizContext, runs: dict[str, dict]) -> dict[str, Any]:
        """The kind's fields of the page's JSON config (ARCHITECTURE.md, "Rendered HTML")."""
        raise NotImplementedError
