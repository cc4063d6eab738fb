"""What every quiz kind shares: the common fields of a quiz file and of the page config, the
run routine's inputs, the checks' vocabulary. A kind is a subclass in its own folder,
``quiz_kinds/<kind>/kind.py`` (the registry: ``kinds/__init__.py``)."""

from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Optional

from .._fields import Field, Identifier, Seconds, Text
from .._model import Lesson, Quiz
from .._problems import Problems, output_diff, quote_output
from ._config import ArrayOf, ConfigField, Number, Object, String

COMMON_FIELDS = [
    Field("id", Identifier(), required=True, doc="Unique in the file; placed in the lesson with `::: quiz <id>`."),
    Field("kind", Text(), required=True, doc="The quiz's kind: one of the kinds below (a folder of `quiz_kinds/` each)."),
    Field("prompt", Text("markdown"), required=True, doc="The question, in markdown."),
    Field("continues", Identifier(),
          doc="A snippet id of the lesson: its chain runs first, silently, before the quiz's code (so the "
              "quiz can use `client`, `TOOLS`, …)."),
    Field("timeout", Seconds(), doc="Seconds per run (default 10)."),
]

# What every quiz's page config carries besides its kind's fields.
COMMON_CONFIG = [
    ConfigField("id", String(), "the quiz id (progress is saved under it)"),
    ConfigField("kind", String(), "the quiz's kind"),
    ConfigField("setup", ArrayOf(String()), "code every run of the quiz executes first, in order: the course's "
                                             "setup, the chain of the snippet it continues, the kind's own"),
    ConfigField("timeout", Number(), "seconds a run may take"),
    # The build writes it into the page's HTML from here; no widget reads it from the config.
    ConfigField("prompt_html", String(), "the prompt, rendered (also the quiz's HTML)"),
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
    fields: ClassVar[list[Field]]  # of the quiz file, after COMMON_FIELDS
    page_config: ClassVar[list[ConfigField]]  # what config() returns, after COMMON_CONFIG
    short_name: ClassVar[Optional[str]] = None  # the column of `coverage` (the name when None)
    # The field holding each option's shown text, for a kind whose options are one right
    # answer among others (the course-wide check that the right one is not the longest).
    option_text: ClassVar[Optional[str]] = None

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
        """The kind's fields of the page's JSON config, as ``page_config`` declares them."""
        raise NotImplementedError

    # What no two quizzes of the kind in one language may share besides their question, said
    # as a problem at ``repeated_field``: e.g. "the same find-the-bug (...)" at "line".
    repeated: ClassVar[str] = ""
    repeated_field: ClassVar[str] = "prompt"

    def repeat_key(self, quiz: Quiz) -> Optional[tuple]:
        """The key of what ``repeated`` says, or None (the kind repeats nothing but questions)."""
        return None

    def rewrites(self, quiz: Quiz, runs: dict[str, dict]) -> list[tuple[int, str, str]]:
        """``(line, field, value)``: what `fix` may write into the quiz file from the real runs
        (a stale output), each a plain ``field:`` line."""
        return []


def page_config(kind: QuizKind, ctx: QuizContext, runs: dict[str, dict]) -> dict[str, Any]:
    """The quiz's whole page config, checked against the kind's declaration: a config that
    breaks it (a fault of the kind's code) is a problem at the quiz naming each field, so the
    build fails before a page carries it."""
    quiz = ctx.quiz
    config = {"id": quiz.id, "kind": quiz.kind, "setup": ctx.setup(), "timeout": float(quiz.data.get("timeout", 10)),
              "prompt_html": ctx.html("prompt") or ""}
    config.update(kind.config(ctx, runs))
    wrong = Object(COMMON_CONFIG + kind.page_config).errors(config, "")
    if wrong:
        ctx.problem(None, f"the page config of kind '{kind.name}' breaks its declaration (page_config in "
                          f"{kind_folder(kind.name)}/kind.py): " + "; ".join(wrong))
    return config


def kind_folder(name: str) -> str:
    """The folder of a kind, as the page finds it too ("fill-in" → quiz_kinds/fill_in)."""
    return "quiz_kinds/" + name.replace("-", "_")
