"""compile_lesson: one lesson in one language → its artifact (``_artifact``).

A lesson compiles in four steps: its quizzes are validated against their kinds, its runs are
planned (every snippet's chain, every quiz's programs) and run, each run is checked against
what the page and the quiz file say, and the page is rendered with its run pictures. Nothing
outside the lesson's inputs is read, and what it finds goes into its own artifact: problems
included. An artifact the store holds for the same inputs is loaded instead.

:func:`compile_lessons` compiles many lessons in parallel: their runs go to the runner
together (each lesson's in worker processes of its own, forked from the zygote, as many at
once as the machine has room for; a chain two lessons share runs once), a lesson is checked
in this process as soon as its runs are done, while the others' still run, and the picture
renderer (one Node process) draws its pictures while the next lessons are checked.
"""

from __future__ import annotations

import re
from concurrent.futures import Future
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator, Optional

from lesson_runtime import outputs_match

from ._artifact import (ARTIFACTS_FOLDER, CACHE_FOLDER, ArtifactStore, LessonArtifact, LessonInputs,
                        builder_fingerprint)
from ._answer_length import repeated_option
from ._course_models import names_used
from ._figures import FIGURE, FigureError, format_figure, in_code_span, local_figure, resolve_figure
from ._html import course_models_html, hidden_snippet_html, quiz_html, snippet_html
from ._markdown import markdown_renderer
from ._model import Lesson, Quiz, QuizFile
from ._problems import Problems, output_diff, suggestion
from ._program_export import lesson_programs
from ._render import RenderedLesson, render_markdown
from ._run_picture import PictureError, RunPictures
from ._runner import ChainRunner, RunRequest
from ._strings import course_models_label, setup_code_label
from .kinds import QUIZ_KINDS, QuizContext, page_config


@dataclass
class CompileTools:
    """What compiling borrows from the build it is part of: the runner of chains (and its
    transcript cache), the picture renderer, markdown → HTML and the artifact store, and the
    fingerprints of the builder and of the markdown settings that name an artifact with its
    inputs. Each gives the same output for the same input, so an artifact stays a function
    of its inputs. Made by :func:`compile_tools`."""

    runner: ChainRunner
    pictures: Optional[RunPictures]
    markdown: Callable[[str], str]
    store: Optional[ArtifactStore] = None
    builder: str = ""  # builder_fingerprint()
    markdown_settings: str = ""


@contextmanager
def compile_tools(root: Path, *, cache_folder: Optional[Path] = None, use_cache: bool = True,
                  markdown: Optional[Callable[[str], str]] = None,
                  store: Optional[ArtifactStore] = None) -> Iterator[CompileTools]:
    """The tools of one build of the content under ``root``: transcripts, pictures and
    artifacts kept in ``cache_folder`` (default ``<root>/.lesson-cache``; none without
    ``use_cache``), artifacts also in ``store`` (a process's own, ``LessonMemo``). Without
    known markdown settings (a markdown function of the caller's) no artifact is kept: they
    are part of every artifact's inputs. The picture renderer is closed on leaving."""
    root = Path(root).resolve()
    cache = (cache_folder or root / CACHE_FOLDER) if use_cache else None
    to_html = markdown or markdown_renderer()
    settings = getattr(to_html, "settings", None) or getattr(store, "settings", None)
    folder = cache / ARTIFACTS_FOLDER if cache is not None else None
    if store is not None:
        store = store.with_folder(folder)
    elif settings is not None and folder is not None:
        store = ArtifactStore(folder)
    with RunPictures(root, cache) as pictures:  # Node, if a picture needs it, for this build only
        yield CompileTools(ChainRunner(root, cache), pictures, to_html, store, builder_fingerprint(), settings or "")


def compile_lesson(inputs: LessonInputs, tools: Optional[CompileTools] = None, *,
                   render: bool = True) -> LessonArtifact:
    """The artifact of one lesson in one language: loaded from ``tools.store`` when it holds
    one made from the same inputs, else compiled (and kept there when it has no problem).
    Without ``tools``, those of a build of the lesson's content root, for this call."""
    if tools is None:
        with compile_tools(inputs.root) as own:
            return compile_lessons([inputs], own, render=render)[inputs.key]
    return compile_lessons([inputs], tools, render=render)[inputs.key]


def compile_lessons(many: list[LessonInputs], tools: CompileTools, *, render: bool = True) -> dict[str, LessonArtifact]:
    """:func:`compile_lesson` of each, their runs and pictures asked for together; by lesson key."""
    artifacts: dict[str, LessonArtifact] = {}
    to_do: list[_Compiling] = []
    for inputs in many:
        digest = inputs.digest(render) if _made_with(inputs, tools) else ""  # "": never kept
        found = _load(tools.store, inputs, digest, render) if digest else None
        if found is not None:
            artifacts[inputs.key] = found
        else:
            to_do.append(_Compiling(inputs, tools.markdown, digest))
    plans = [work.plan() for work in to_do]
    asked: dict[str, dict[str, Future]] = {}
    # Each lesson is checked as soon as its runs are done, while the others still run; its
    # pictures are asked for then, and the renderer draws them while the next are checked.
    for index, results in tools.runner.run_groups_as_done([list(plan.values()) for plan in plans]):
        work = to_do[index]
        work.take_runs(plans[index], results)
        if render:
            asked[work.key] = work.ask_pictures(tools.pictures)
        work.check(tools.runner)
        if work.problems:
            tools.runner.forget(plans[index].values())
    for work in to_do:
        if render:
            work.render(work.drawn_pictures(asked[work.key], tools.pictures))
        artifact = artifacts[work.key] = work.artifact()
        if tools.store is not None:
            tools.store.save(artifact)
    return {inputs.key: artifacts[inputs.key] for inputs in many}


def validate_lesson(inputs: LessonInputs, problems: Problems, markdown: Optional[Callable[[str], str]] = None) -> None:
    """The checks of a lesson's quizzes that need no run (``scan_course``), into ``problems``."""
    work = _Compiling(inputs, markdown or markdown_renderer(), "")
    work.validate()
    problems.extend(work.problems)


def plan_runs(inputs: LessonInputs) -> dict[tuple, RunRequest]:
    """Every run the lesson needs (its quizzes validated first): ("snippet", id) or
    ("quiz", id, run name) → request."""
    return _Compiling(inputs, markdown_renderer(), "").plan()


def _made_with(inputs: LessonInputs, tools: CompileTools) -> bool:
    """Whether ``inputs`` carry the fingerprints of ``tools`` (the runtime, the builder, the
    markdown settings): only then does their digest say what the artifact is made of."""
    return (inputs.runtime, inputs.builder, inputs.markdown_settings) == (
        tools.runner.fingerprint, tools.builder, tools.markdown_settings)


def _load(store: Optional[ArtifactStore], inputs: LessonInputs, digest: str, render: bool) -> Optional[LessonArtifact]:
    if store is None:
        return None
    found = store.load(inputs, digest)
    if found is None and not render:  # a rendered artifact holds everything an unrendered one does
        found = store.load(inputs, inputs.digest(True))
        if found is not None:
            found.page = None
    return found


class _Compiling:
    """One lesson while it compiles: what the steps found so far."""

    def __init__(self, inputs: LessonInputs, to_html: Callable[[str], str], digest: str) -> None:
        self.inputs = inputs
        self.lesson: Lesson = inputs.lesson
        self.quiz_file: Optional[QuizFile] = inputs.quiz_file
        self.key = inputs.key
        self.digest = digest
        self.to_html = to_html
        self.problems = Problems()
        self.runnable: list[Quiz] = []
        self.snippet_runs: dict[str, dict] = {}
        self.quiz_runs: dict[str, dict[str, dict]] = {}
        self.failing: set[str] = set()
        self.programs: dict = {}
        self.quiz_configs: dict[str, dict] = {}
        self.page: Optional[RenderedLesson] = None

    def artifact(self) -> LessonArtifact:
        return LessonArtifact(lesson=self.lesson, quiz_file=self.quiz_file, compiled=True, digest=self.digest,
                              snippet_runs=self.snippet_runs, quiz_runs=self.quiz_runs, problems=list(self.problems),
                              failing=frozenset(self.failing), quiz_configs=self.quiz_configs,
                              programs=self.programs, page=self.page)

    # --- validate: placements against the quiz file, each quiz against its kind -------------

    def validate(self) -> None:
        """Cross-check placements and the quiz file; keep the quizzes fit to run."""
        lesson, quiz_file = self.lesson, self.quiz_file
        if not self._quiz_file_usable():
            return
        problems = self.problems
        quizzes = quiz_file.quizzes
        placed: dict[str, int] = {}
        explained: set[str] = set()  # unplaced quizzes an unknown quiz line already points at
        unknown = [placement for placement in lesson.placements
                   if placement.id not in quizzes and not (quiz_file.unreadable or placement.id in quiz_file.invalid_ids)]
        duplicates = list(quiz_file.duplicates)
        for placement in lesson.placements:
            if placement.id in placed:
                problems.add(lesson.path, placement.line,
                             f"quiz '{placement.id}' is already placed at line {placed[placement.id]}")
            elif placement in unknown and duplicates and len(unknown) <= len(quiz_file.duplicates):
                line, repeated = duplicates.pop(0)
                explained.add(placement.id)
                problems.add(quiz_file.path, line, f"duplicate quiz id '{repeated}' (first used at line "
                             f"{quizzes[repeated].line}); is it '{placement.id}', which {lesson.path} "
                             f"places at line {placement.line}?", f"quiz {repeated}")
            elif placement in unknown:
                unplaced = [quiz_id for quiz_id in quizzes if quiz_id not in {p.id for p in lesson.placements}]
                hint = suggestion(placement.id, unplaced) or suggestion(placement.id, quizzes)
                explained |= {quiz_id for quiz_id in unplaced if hint == f" (did you mean '{quiz_id}'?)"}
                problems.add(lesson.path, placement.line, f"unknown quiz id '{placement.id}'{hint} "
                                                          f"(looked in {quiz_file.path})")
            placed.setdefault(placement.id, placement.line)
        for line, repeated in duplicates:
            problems.add(quiz_file.path, line, f"duplicate quiz id '{repeated}' (first used at line "
                                               f"{quizzes[repeated].line})", f"quiz {repeated}")
        for quiz in quizzes.values():
            if quiz.id not in placed and quiz.id not in explained:
                problems.add(quiz.path, quiz.line, f"quiz '{quiz.id}' is not placed in {lesson.path} "
                                                   f"(add a line '::: quiz {quiz.id}')", f"quiz {quiz.id}")
            continues = quiz.data.get("continues")
            if continues is not None and not lesson.runs(continues):
                if not lesson.reported(continues):
                    problems.add(quiz.path, quiz.line_of("continues"), f"quiz '{quiz.id}' continues unknown "
                                 f"snippet '{continues}'{suggestion(continues, lesson.snippets)} of "
                                 f"{lesson.path}", f"quiz {quiz.id}")
                continue
            same = repeated_option(quiz)
            if same is not None:
                options = quiz.data["options"]
                line = options.line_of(same[1]) if hasattr(options, "line_of") else quiz.line_of("options")
                problems.add(quiz.path, line, f"quiz '{quiz.id}': option {same[1] + 1} shows the same text as option "
                                              f"{same[0] + 1}: remove one or make it say something else",
                             f"quiz {quiz.id}")
            if QUIZ_KINDS[quiz.kind].validate(self._context(quiz)):
                self.runnable.append(quiz)

    def _quiz_file_usable(self) -> bool:
        """False (one problem said) when the page places quizzes but there are none to read."""
        lesson, quiz_file = self.lesson, self.quiz_file
        first = lesson.placements[0] if lesson.placements else None
        if quiz_file is None or quiz_file.empty:
            if first is None:
                return False
            ids = ", ".join(dict.fromkeys(placement.id for placement in lesson.placements))
            if quiz_file is None:
                self.problems.add(lesson.path, first.line, f"the page places quizzes ({ids}), but "
                                                           f"quizzes/{lesson.slug}/{lesson.lang}.yaml does not exist")
            else:
                self.problems.add(quiz_file.path, 1, f"the quiz file is empty, but {lesson.path} places quizzes "
                                                     f"({ids})")
            return False
        return True

    # --- plan and run -------------------------------------------------------------------

    def plan(self) -> dict[tuple, RunRequest]:
        """Validate, then every run the lesson needs: ("snippet", id) or ("quiz", id, name) → request.
        With the course's models unusable nothing runs (every run would meet the same 404)."""
        self.validate()
        if not self.inputs.models_usable:
            return {}
        lesson = self.lesson
        plan: dict[tuple, RunRequest] = {}
        for snippet in lesson.snippets.values():
            if snippet.id not in lesson.not_run:
                plan[("snippet", snippet.id)] = RunRequest(tuple(lesson.setup(snippet.continues)), snippet.code,
                                                           snippet.timeout, lesson.lang)
        for quiz in self.runnable:
            for name, code in QUIZ_KINDS[quiz.kind].runs(quiz).items():
                plan[("quiz", quiz.id, name)] = self._quiz_request(quiz, code)
        return plan

    def _quiz_request(self, quiz: Quiz, code: str) -> RunRequest:
        setup = tuple(self.lesson.setup(quiz.data.get("continues"))) + tuple(QUIZ_KINDS[quiz.kind].setup_after(quiz))
        return RunRequest(setup, code, float(quiz.data.get("timeout", 10)), self.lesson.lang)

    def take_runs(self, plan: dict[tuple, RunRequest], results: dict[RunRequest, dict]) -> None:
        by_name = {name: results[request] for name, request in plan.items()}
        self.snippet_runs = {sid: by_name[("snippet", sid)] for sid in self.lesson.snippets if ("snippet", sid) in by_name}
        for (what, owner, *rest), transcript in by_name.items():
            if what == "quiz":
                self.quiz_runs.setdefault(owner, {})[rest[0]] = transcript

    # --- check ----------------------------------------------------------------------------

    def check(self, runner: ChainRunner) -> None:
        """Every run against what the page and the quiz file say; the programs; the quiz configs."""
        lesson = self.lesson
        if not self.inputs.models_usable:
            self.runnable = []  # reported once, at the course file
        self._check_snippets()
        for use in lesson.figures:
            self._figure_value(use.snippet_id, use.path, lesson.path, use.line)
        self.programs = lesson_programs(lesson, self.inputs.root, self.inputs.title, self.problems)
        for quiz in self.runnable:
            ctx = self._context(quiz, runner)
            runs = self.quiz_runs.get(quiz.id, {})
            continues = quiz.data.get("continues")
            if not (continues and self.failing & {continues, *_ancestors(lesson, continues)}):  # else: said already
                QUIZ_KINDS[quiz.kind].check(ctx, runs)
            self.quiz_configs[quiz.id] = _quiz_config(ctx, runs)

    def _check_snippets(self) -> None:
        """Report each snippet whose run is not what the page says; keep those reported for
        failing (raising, running out of time, a crash). A snippet that fails only because
        a snippet it continues failed is not reported again (nor is a quiz that continues it)."""
        lesson, failing, problems = self.lesson, self.failing, self.problems
        for snippet in sorted(lesson.snippets.values(), key=lambda s: len(_ancestors(lesson, s.id))):
            run = self.snippet_runs.get(snippet.id)
            if run is None:  # not run: its problem is already reported
                continue
            where = f"snippet '{snippet.id}'"
            error = run["error"] or {}
            if run["status"] in ("error", "timeout") and error.get("line") is None and \
                    failing & set(_ancestors(lesson, snippet.id)):
                failing.add(snippet.id)  # it stopped inside a continued snippet that is reported
            elif error.get("type") == "RunnerCrashed":  # the process, not the code, said nothing more
                problems.add(lesson.path, snippet.line, f"{where}: {error['message']}", f"snippet {snippet.id}")
                failing.add(snippet.id)
            elif run["status"] == "timeout":
                problems.add(lesson.path, snippet.line + (error["line"] or 0),
                             f"{where} does not finish: {error['message']} (an endless loop?)", f"snippet {snippet.id}")
                failing.add(snippet.id)
            elif snippet.output is not None:
                if not outputs_match(run["output"], snippet.output):
                    self._report_stale_output(snippet, run)
            elif run["status"] == "error":
                line = snippet.line + error["line"] if error["line"] else snippet.line
                problems.add(lesson.path, line, f"{where} raises {error['type']}: {error['message']}\n"
                             f"    (if that is the point, show the traceback in an ```output block after it)",
                             f"snippet {snippet.id}")
                failing.add(snippet.id)

    def _report_stale_output(self, snippet, run: dict) -> None:
        shown = snippet.output.rstrip().split("\n")
        real = run["output"].rstrip().split("\n")
        first = next((i for i, (a, b) in enumerate(zip(shown, real)) if a != b), min(len(shown), len(real)))
        line = snippet.output_line + 1 + min(first, max(len(shown) - 1, 0))
        path = self.lesson.path
        diff = output_diff(snippet.output, run["output"], f"{path} (shown)", f"snippet '{snippet.id}' (real run)")
        self.problems.add(path, line, f"shown output of snippet '{snippet.id}' differs from what it prints:\n{diff}",
                          f"snippet {snippet.id}")

    def _figure_value(self, snippet_id: str, path: str, file: str, line: int, report: bool = True) -> Optional[str]:
        lesson = self.lesson
        transcript = self.snippet_runs.get(snippet_id)
        if snippet_id in self.failing:
            return None  # its run failed, and that is reported: it has no figures to give
        if transcript is None:
            if report and not lesson.reported(snippet_id) and snippet_id not in lesson.snippets:
                self.problems.add(file, line, f"figure run.{snippet_id}.{path}: unknown snippet '{snippet_id}'"
                                              f"{suggestion(snippet_id, lesson.snippets)}")
            return None
        try:
            return format_figure(resolve_figure(transcript, path))
        except FigureError as error:
            if report:
                self.problems.add(file, line, f"figure run.{snippet_id}.{path}: {error}")
            return None

    def _local(self, figure: str, in_code: bool) -> str:
        """A figure in the prose, as the page's language writes a number (never inside code)."""
        found = self.inputs.language
        return local_figure(figure, found.local_number if found is not None else str, in_code)

    def _context(self, quiz: Quiz, runner: Optional[ChainRunner] = None) -> QuizContext:
        def run_more(programs: dict[str, str]) -> dict[str, dict]:
            requests = {name: self._quiz_request(quiz, code) for name, code in programs.items()}
            results = runner.run_groups([list(requests.values())])
            return {name: results[request] for name, request in requests.items()}

        def markdown_with_figures(text: str) -> str:
            def value(match: re.Match) -> str:
                found = self._figure_value(match["id"], match["path"], quiz.path, quiz.line)
                return self._local(found, in_code_span(text, match.start())) if found is not None else match[0]

            return self.to_html(FIGURE.sub(value, text))

        def transcript(snippet_id: str) -> Optional[dict]:  # None for a run reported failing
            return None if snippet_id in self.failing else self.snippet_runs.get(snippet_id)

        return QuizContext(lesson=self.lesson, quiz=quiz, problems=self.problems, markdown=markdown_with_figures,
                           snippet_transcript=transcript, run_more=run_more if runner is not None else None)

    # --- render ---------------------------------------------------------------------------

    def ask_pictures(self, pictures: RunPictures) -> dict[str, Future]:
        """The run picture to come of each shown snippet whose run called the model, by snippet id."""
        runs = self.snippet_runs
        return {snippet.id: pictures.ask(runs[snippet.id]["calls"], self.lesson.lang)
                for snippet in self.lesson.snippets.values()
                if not snippet.hidden and runs.get(snippet.id) and runs[snippet.id]["calls"]}

    def drawn_pictures(self, asked: dict[str, Future], pictures: RunPictures) -> dict[str, str]:
        """The HTML of the pictures ``asked`` for; one that could not be drawn is a problem at
        the snippet's line, and its page shows none."""
        drawn: dict[str, str] = {}
        for snippet_id, future in asked.items():
            try:
                drawn[snippet_id] = pictures.html(future)
            except PictureError as error:
                self.problems.add(self.lesson.path, self.lesson.snippets[snippet_id].line,
                                  f"snippet '{snippet_id}': its run picture could not be drawn: {error}",
                                  f"snippet {snippet_id}")
        return drawn

    def render(self, pictures: dict[str, str]) -> None:
        """The lesson's page; ``pictures``: the run picture of each snippet that has one."""
        lesson, root = self.lesson, self.inputs.root
        label = setup_code_label(root, lesson.lang)
        models_label = course_models_label(root, lesson.lang)
        models_shown = False  # the course's models are shown once, before the first snippet that uses them
        by_id = {quiz.id: quiz for quiz in self.runnable if quiz.id in self.quiz_configs}

        def snippet_block(snippet_id: str) -> str:
            nonlocal models_shown
            snippet = lesson.snippets[snippet_id]
            models = ""
            if not models_shown and names_used(snippet.code, lesson.models):
                models_shown = True
                models = course_models_html(lesson.setup(None)[0], models_label) + "\n"
            if snippet.hidden:
                return models + hidden_snippet_html(snippet.id, snippet.code, label)
            run = self.snippet_runs.get(snippet.id)  # None: not run, a problem the build reports
            shown = snippet.output is not None and run is not None
            program = self.programs.get(snippet.id)
            return models + snippet_html(snippet.id, snippet.code, lesson.setup(snippet.continues), snippet.timeout,
                                         snippet.output if shown else None, run["output"] if shown else None,
                                         pictures.get(snippet.id, ""), program=program.config() if program else None)

        def quiz_block(quiz_id: str) -> str:
            quiz = by_id.get(quiz_id)
            if quiz is None:  # unknown or invalid: already a problem; the page shows nothing for it
                return ""
            config = self.quiz_configs[quiz.id]
            return quiz_html(quiz.id, quiz.kind, lesson.slug, config, config["prompt_html"])

        def figure(snippet_id: str, path: str, line: int, in_code: bool) -> str:
            found = self._figure_value(snippet_id, path, lesson.path, line, report=False)
            return self._local(found, in_code) if found is not None else f"{{{{ run.{snippet_id}.{path} }}}}"

        self.page = render_markdown(lesson, snippet_block, quiz_block, figure)


def _ancestors(lesson: Lesson, snippet_id: str) -> list[str]:
    """The snippets ``snippet_id`` continues, nearest first."""
    found: list[str] = []
    current = lesson.snippets.get(snippet_id)
    while current is not None and current.continues and current.continues not in found:
        found.append(current.continues)
        current = lesson.snippets.get(current.continues)
    return found


def _quiz_config(ctx: QuizContext, runs: dict[str, dict]) -> dict:
    return page_config(QUIZ_KINDS[ctx.quiz.kind], ctx, runs)
