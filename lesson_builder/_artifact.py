"""A lesson's artifact: what one lesson in one language compiles to, and where it is kept.

``LessonInputs`` is everything :func:`lesson_builder._compile.compile_lesson` reads: the page
and its quiz file (texts and their parse), the lesson's course entry (short title, models,
whether they can be had), the UI strings it renders with, the fingerprints of the runtime
(what a transcript depends on besides its chain), of the builder and of the picture renderer,
and the markdown settings. Its :meth:`LessonInputs.digest` names the artifact: two builds
with the same digest make the same artifact, so the second loads it.

``ArtifactStore`` keeps artifacts by digest: in memory for the process (``mkdocs serve``'s
rebuilds) and on disk under ``.lesson-cache/artifacts/`` (a warm ``mkdocs build``, ``check``),
the few used last of each lesson and language.
Only an artifact without problems is kept: a problem may be the machine's (a run stopped by
its time limit, Node gone), and an author fixing one expects it to be looked at again.
"""

from __future__ import annotations

import glob
import hashlib
import json
import os
import pickle
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Optional

from ._model import Lesson, QuizFile
from ._problems import Problem
from ._program_export import Program
from ._render import RenderedLesson
from ._languages import Language, default_language

# The build's cache folder in the content root (transcripts, pictures, artifacts, ...).
CACHE_FOLDER = ".lesson-cache"
# Inside it, beside the transcripts and the pictures.
ARTIFACTS_FOLDER = "artifacts"
# Kept in memory at once: a course's lessons in every language, twice over.
_IN_MEMORY = 256
# Kept on disk per lesson and language: the rendered one and the one `check` makes, each
# also as it was before the last edit (an edit undone loads it again).
_ON_DISK_PER_LESSON = 4
_DIGEST_LENGTH = 64  # hex digits of a SHA-256


@dataclass
class LessonInputs:
    """Everything one lesson in one language is compiled from (see the module's docstring)."""

    lesson: Lesson  # the page as read (its text, snippets, placements; ``models`` from the course file)
    quiz_file: Optional[QuizFile]  # its quiz file as read, None without one
    quiz_text: Optional[str]  # that file's text (None: none, or unreadable)
    title: str  # the lesson's short title in the course file (the take-home programs' header)
    models_usable: bool  # False: a course model is refused or the course file unreadable: nothing runs
    root: Path  # the content root: UI strings and the runtime's sources are read from it
    strings: tuple[tuple[str, Optional[str]], ...]  # (language, text of its strings file) it renders with
    runtime: str  # fingerprint of what a transcript depends on besides its chain (_runner)
    builder: str  # fingerprint of the builder's code and the picture renderer's (:func:`builder_fingerprint`)
    markdown_settings: str  # the markdown extensions and their settings, as text
    language: Optional[Language] = None  # the registry's entry of the lesson's language (figures in prose)

    @property
    def key(self) -> str:
        """``<lang>/<slug>``."""
        return self.lesson.key

    def _number_signs(self) -> Optional[list[str]]:
        """What of the language a figure in prose is written with (its digits and signs)."""
        found = self.language
        return [found.digits, found.group, found.decimal] if found is not None else None

    def digest(self, render: bool) -> str:
        """The artifact's name: a hash of every input (``render``: with the rendered page)."""
        quiz_path = self.quiz_file.path if self.quiz_file is not None else ""
        made_of = [self.builder, render, self.runtime,
                   self.markdown_settings, self.lesson.path, self.lesson.text, quiz_path, self.quiz_text,
                   self.title, self.lesson.models, self.models_usable, list(self.strings), self._number_signs()]
        text = json.dumps(made_of, ensure_ascii=False, sort_keys=True)
        return hashlib.sha256(text.encode("utf-8")).hexdigest()


def strings_of(root: Path, lang: str) -> tuple[tuple[str, Optional[str]], ...]:
    """The UI strings a lesson in ``lang`` renders with: its language's and the default's."""
    folder = Path(root) / "frontend" / "page" / "strings"
    return tuple((name, _file_text(folder / f"{name}.json")) for name in sorted({lang, default_language(root).code}))


@dataclass
class LessonArtifact:
    """One lesson in one language, compiled: the lesson and quiz file it was made from, every
    transcript, the problems found, the snippets reported failing, each quiz's page config,
    each shown snippet's take-home program and the rendered page (its markdown and the HTML
    of every block, run pictures included; None when not rendered).

    An artifact that was only read (``compiled`` False: ``scan_course``, or a lesson outside
    ``check``'s paths) has its lesson and quiz file and nothing else: the checks across the
    course read no more than that."""

    lesson: Lesson
    quiz_file: Optional[QuizFile]
    compiled: bool = False
    digest: str = ""
    snippet_runs: dict[str, dict] = field(default_factory=dict)  # snippet id → transcript
    quiz_runs: dict[str, dict[str, dict]] = field(default_factory=dict)  # quiz id → run name → transcript
    problems: list[Problem] = field(default_factory=list)
    failing: frozenset[str] = frozenset()  # snippets reported failing: nothing that uses them is reported again
    quiz_configs: dict[str, dict] = field(default_factory=dict)
    programs: dict[str, Program] = field(default_factory=dict)
    page: Optional[RenderedLesson] = None
    loaded: bool = False  # given back by a store, not compiled by this build

    @property
    def key(self) -> str:
        return self.lesson.key

    def outcome(self) -> tuple:
        """What compiling made (not what it was made from): the part that is stored."""
        page = (self.page.markdown, self.page.blocks) if self.page is not None else None
        return (self.snippet_runs, self.quiz_runs, self.problems, set(self.failing), self.quiz_configs,
                self.programs, page)

    @classmethod
    def from_outcome(cls, inputs: LessonInputs, digest: str, outcome: tuple) -> "LessonArtifact":
        snippet_runs, quiz_runs, problems, failing, configs, programs, page = outcome
        rendered = RenderedLesson(lesson=inputs.lesson, markdown=page[0], blocks=page[1]) if page else None
        return cls(lesson=inputs.lesson, quiz_file=inputs.quiz_file, compiled=True, digest=digest,
                   snippet_runs=snippet_runs, quiz_runs=quiz_runs, problems=problems, failing=frozenset(failing),
                   quiz_configs=configs, programs=programs, page=rendered, loaded=True)


class ArtifactStore:
    """Artifacts by digest, in memory (for the process) and, with a folder, on disk. What
    :meth:`load` gives is always a fresh copy: a caller may change it (the preview's stubs)."""

    def __init__(self, folder: Optional[Path] = None) -> None:
        self.folder = folder
        self._memory: "OrderedDict[str, bytes]" = OrderedDict()
        self._lock = threading.Lock()

    def with_folder(self, folder: Optional[Path]) -> "ArtifactStore":
        """This store's memory, kept on disk in ``folder`` (None: in memory only)."""
        self.folder = folder
        return self

    def load(self, inputs: LessonInputs, digest: str) -> Optional[LessonArtifact]:
        with self._lock:
            data = self._memory.get(digest)
            if data is not None:
                self._memory.move_to_end(digest)
        if data is None and self.folder is not None:
            path = self._path(inputs.key, digest)
            try:
                data = path.read_bytes()
                os.utime(path)  # used now: the last one of its lesson to be let go
            except OSError:
                return None
            self._remember(digest, data)
        if data is None:
            return None
        try:
            return LessonArtifact.from_outcome(inputs, digest, pickle.loads(data))
        except Exception:  # noqa: BLE001 - a damaged or foreign file is no artifact: compiled again
            return None

    def save(self, artifact: LessonArtifact) -> None:
        """Keep ``artifact`` (only one without problems: see the module's docstring)."""
        if artifact.problems or not artifact.digest:
            return
        data = pickle.dumps(artifact.outcome(), protocol=pickle.HIGHEST_PROTOCOL)
        self._remember(artifact.digest, data)
        if self.folder is None:
            return
        target = self._path(artifact.key, artifact.digest)
        temporary = target.with_name(f"{target.name}.{os.getpid()}.{threading.get_ident()}.tmp")
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            temporary.write_bytes(data)
            os.replace(temporary, target)
        except OSError:  # a full disk: compiled again next time
            temporary.unlink(missing_ok=True)
        self._let_go(artifact.key)

    def _path(self, key: str, digest: str) -> Path:
        lang, slug = key.split("/", 1)
        return self.folder / f"{lang}.{slug}.{digest}.pickle"

    def _let_go(self, key: str) -> None:
        """Delete the lesson's artifacts on disk but the ones used last: every edit of a lesson
        (or of the builder) makes a new one, and the folder would only grow."""
        lang, slug = key.split("/", 1)
        kept = [path for path in self.folder.glob(f"{glob.escape(lang)}.{glob.escape(slug)}.*.pickle")
                if len(path.name) == len(lang) + len(slug) + _DIGEST_LENGTH + len("...pickle")]
        try:
            kept.sort(key=lambda path: path.stat().st_mtime_ns, reverse=True)
            for path in kept[_ON_DISK_PER_LESSON:]:
                path.unlink(missing_ok=True)
        except OSError:  # another build let it go first
            pass

    def _remember(self, digest: str, data: bytes) -> None:
        with self._lock:
            self._memory[digest] = data
            while len(self._memory) > _IN_MEMORY:
                self._memory.popitem(last=False)


class LessonMemo(ArtifactStore):
    """The artifact store of a process that builds again and again (``mkdocs serve``): the
    artifacts it compiled or loaded stay in memory (and on disk, in the build's cache
    folder), so a rebuild compiles only the lessons whose inputs changed.
    ``markdown_settings``: the markdown extensions and their settings, as text, for a
    markdown function that does not say its own (``markdown_renderer``'s do)."""

    def __init__(self, markdown_settings: str = "") -> None:
        super().__init__()
        self.settings = markdown_settings


def builder_fingerprint() -> str:
    """Hash of the builder's own files (its code, and whatever else a quiz kind's folder
    holds) and of the picture renderer's (its script, the modules it imports, the Node it
    runs on): a change to how lessons compile makes every artifact new."""
    from ._run_picture import renderer_fingerprint

    from .kinds import KINDS_HOME

    homes = (Path(__file__).resolve().parent, KINDS_HOME)  # the kinds' folders compile lessons too
    files = sorted((home, path) for home in homes for path in home.rglob("*")
                   if path.is_file() and "__pycache__" not in path.parts)
    return _fingerprint(tuple((home, path, path.stat().st_mtime_ns) for home, path in files)) + renderer_fingerprint()


@lru_cache(maxsize=4)
def _fingerprint(files: tuple) -> str:
    digest = hashlib.sha256()
    for home, path, _ in files:
        digest.update(f"{home.name}/{path.relative_to(home).as_posix()}".encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def _file_text(path: Path) -> Optional[str]:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
