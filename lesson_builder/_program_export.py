"""Take the code home: a runnable snippet as a program for the real SDKs.

A program is, in order: a header comment in the page's language (what it is and, when it
talks to a model, the package to install and the API key's environment variable), the
``recording()`` helper when the code uses it, the course's models the code uses, as plain
assignments of the ids current when the site was built (``models:`` of the course file), every
snippet the snippet continues (its ``continues=`` chain, oldest first) and the snippet itself, each with ``fake_client``
swapped for the official SDK (``_sdk_imports``). The page gets ``before`` (everything above
the snippet's own code) and ``lines`` (the swap, line by line) so that it builds the same
program from the learner's edited code (``frontend/shared/program-export.js``).

A snippet whose program would still need ``fake_client`` is a problem at its file and line.
"""

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Optional

from ._course_models import names_used, setup_code
from ._model import Lesson
from ._problems import Problems
from ._recording_helper import recording_helper
from ._sdk_imports import Rewrite, apply_lines, remaining_uses, rewrite, sdks_used
from ._strings import ui_text

# The environment variable each SDK reads its API key from (both SDKs' documented default).
API_KEY_VARIABLE = {"anthropic": "ANTHROPIC_API_KEY", "openai": "OPENAI_API_KEY"}


@dataclass
class Program:
    """One snippet as a program: ``before`` + the snippet's code with ``lines`` applied."""

    file: str  # "<slug>-<snippet-id>.py"
    before: str
    lines: dict[str, str]
    code: str  # the snippet's own code, as the page shows it
    sdks: set[str] = field(default_factory=set)

    @property
    def text(self) -> str:
        return program_text(self.before, self.lines, self.code)

    def config(self) -> dict:
        """What the snippet's page config carries as ``program`` (ARCHITECTURE.md)."""
        return {"file": self.file, "before": self.before, "lines": self.lines}


@dataclass
class Piece:
    """One snippet of a chain: its id, its code and the file line of its opening fence."""

    id: str
    code: str
    line: int = 0


def program_text(before: str, lines: dict[str, str], code: str) -> str:
    """The program for ``code`` (the rule the page applies to the learner's code too)."""
    return before + apply_lines(code, lines).rstrip("\n") + "\n"


def lesson_programs(lesson: Lesson, root: Path, title: str, problems: Problems) -> dict[str, Program]:
    """The program of every shown snippet of ``lesson`` (``title``: its name in the header),
    with the course's models it uses (``lesson.models``); problems go to ``problems`` at the
    line of the code that causes them, once each."""
    reported: set[tuple[int, str]] = set()
    programs: dict[str, Program] = {}
    for snippet in lesson.snippets.values():
        if snippet.hidden:
            continue
        chain = [Piece(piece_id, lesson.snippets[piece_id].code, lesson.snippets[piece_id].line)
                 for piece_id in _chain_ids(lesson, snippet.id)]
        found: list[tuple[Piece, int, str]] = []
        program = build_program(chain, root=root, lang=lesson.lang, title=title,
                                file=f"{lesson.slug}-{snippet.id}.py", problems=found,
                                models=lesson.models)
        for piece, line, message in found:
            where = piece.line + line
            if (where, message) not in reported:
                reported.add((where, message))
                problems.add(lesson.path, where, f"snippet '{piece.id}' cannot be taken home as a program for "
                                                 f"the real SDK: {message}", f"snippet {piece.id}")
        if program is not None:
            programs[snippet.id] = program
    return programs


def build_program(chain: list[Piece], *, root: Path, lang: str, title: str, file: str,
                  problems: list, models: Optional[dict[str, str]] = None) -> Optional[Program]:
    """The program of ``chain[-1]`` run after the rest of ``chain`` (and the assignments of
    the ``models`` it uses); None when some code does not parse (a snippet that shows a
    SyntaxError is no program) or a problem is appended to ``problems`` as
    ``(piece, 1-based line in its code, message)``."""
    sdks = frozenset().union(*(_sdks_of(piece.code) for piece in chain))
    rewrites = [_rewrite_of(piece.code, sdks) for piece in chain]
    if any(result is None for result in rewrites):
        return None
    before_count = len(problems)
    for piece, result in zip(chain, rewrites):
        problems.extend((piece, line, message) for line, message in _blocking_of(piece.code, sdks))
    if len(problems) > before_count:
        return None
    snippet = chain[-1]
    before = _header(root, lang, snippet.id, title, sdks)
    if any(result.recording for result in rewrites):
        before += recording_helper(sdks, ui_text(root, lang, "export.header.recording")) + "\n\n"
    names = frozenset(models or {})
    used = set().union(*(_names_of(piece.code, names) for piece in chain))
    if used:  # in the course file's order
        before += (f"# --- {ui_text(root, lang, 'export.header.models')} ---\n"
                   + setup_code({name: model_id for name, model_id in models.items() if name in used}) + "\n\n")
    for piece, result in zip(chain[:-1], rewrites[:-1]):
        before += _part(root, lang, piece.id) + apply_lines(piece.code, result.lines).strip("\n") + "\n\n\n"
    before += _part(root, lang, snippet.id)
    return Program(file=file, before=before, lines=dict(rewrites[-1].lines), code=snippet.code, sdks=set(sdks))


# A snippet is a piece of the chain of every snippet that continues it: each piece is parsed
# once per build (and once per `mkdocs serve` session while its code stays the same), not
# once per chain it is in. Pure functions of the code's text; callers copy what they keep.
@lru_cache(maxsize=4096)
def _sdks_of(code: str) -> frozenset:
    return frozenset(sdks_used(code))


@lru_cache(maxsize=4096)
def _names_of(code: str, names: frozenset) -> frozenset:
    return frozenset(names_used(code, names))


@lru_cache(maxsize=4096)
def _rewrite_of(code: str, sdks: frozenset) -> Optional[Rewrite]:
    return rewrite(code, set(sdks))


@lru_cache(maxsize=4096)
def _blocking_of(code: str, sdks: frozenset) -> tuple[tuple[int, str], ...]:
    result = _rewrite_of(code, sdks)
    return tuple(_blocking(Piece("", code), result)) if result is not None else ()


def _chain_ids(lesson: Lesson, snippet_id: str) -> list[str]:
    """The snippets a run of ``snippet_id`` executes, oldest first (as ``Lesson.chain``)."""
    ids: list[str] = []
    current = snippet_id
    while current in lesson.snippets and current not in ids:
        ids.insert(0, current)
        current = lesson.snippets[current].continues
    return ids


def _blocking(piece: Piece, result: Rewrite) -> list[tuple[int, str]]:
    """What keeps ``piece`` from running without fake_client, as (line, message)."""
    if result.problems:
        return result.problems
    return [(line, f"the exported program would still need fake_client here ({what})")
            for line, what in remaining_uses(apply_lines(piece.code, result.lines))]


def _header(root: Path, lang: str, snippet_id: str, title: str, sdks: set[str]) -> str:
    if not sdks:
        return f"# {ui_text(root, lang, 'export.header.plain', lesson=title, snippet=snippet_id)}\n\n"
    lines = [ui_text(root, lang, "export.header.title", lesson=title, snippet=snippet_id),
             ui_text(root, lang, "export.header.install", packages=" ".join(sorted(sdks)))]
    lines += [ui_text(root, lang, "export.header.key", variable=API_KEY_VARIABLE[sdk]) for sdk in sorted(sdks)]
    lines.append(ui_text(root, lang, "export.header.differs"))
    return "\n".join(f"# {line}" for line in lines) + "\n\n"


def _part(root: Path, lang: str, snippet_id: str) -> str:
    return f"# --- {ui_text(root, lang, 'export.header.part', snippet=snippet_id)} ---\n"
