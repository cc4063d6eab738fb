"""The build: read all content, run every chain once, check every output and answer key,
render every page. Problems are collected over the whole build, never raised one by one."""

import copy
import hashlib
import json
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Optional

from ._answer_length import check_answers_by_length
from ._course_checks import check_translations
from ._course_consistency import check_repeats, check_same_ids
from ._course_file import CourseOutline, read_outline
from ._course_models import check_models, names_used
from ._typed_models import check_typed_models
from ._scaffold import check_left_to_write
from ._discover import lesson_files, quiz_files, selected, slug_and_lang, unmatched
from ._glossary import glossary_pages
from ._han_line_breaks import check_han_line_breaks
from ._lesson_links import check_links, lesson_page
from ._reference_page import reference_page_paths
from ._place_words import check_place_words
from ._translation_check import check_translated
from ._figures import FigureError, format_figure, resolve_figure
from ._html import course_models_html, hidden_snippet_html, quiz_html, snippet_html
from ._lesson_parser import parse_lesson
from ._markdown import markdown_renderer
from ._model import Lesson, Quiz, QuizFile
from ._problems import Problems, output_diff, suggestion
from ._program_export import Program, lesson_programs
from ._quiz_parser import parse_quiz_file
from ._render import RenderedLesson, render_markdown
from ._run_picture import PictureError, RunPictures, renderer_fingerprint
from ._runner import ChainRunner, RunRequest
from ._sources import read_source
from ._strings import course_models_label, setup_code_label
from .kinds import KINDS_HOME, QUIZ_KINDS, QuizContext, page_config

from lesson_runtime import outputs_match

CACHE_FOLDER = ".lesson-cache"


@dataclass
class Course:
    """Everything one build found: lessons, quizzes, transcripts, problems, rendered pages."""

    root: Path
    outline: Optional[CourseOutline] = None  # lessons/course.yaml, when the content has one
    lessons: dict[str, Lesson] = field(default_factory=dict)  # key "<lang>/<slug>"
    quiz_files: dict[str, QuizFile] = field(default_factory=dict)
    problems: Problems = field(default_factory=Problems)
    # What the build says without failing: a course model that retires soon (_course_models).
    warnings: Problems = field(default_factory=Problems)
    # The course's models cannot be had: one is refused (unknown or retired: every run naming
    # it would be a 404) or the course file is unreadable (the course's setup is unknown). No
    # lesson runs until that is fixed: it is reported once, at the course file.
    models_unusable: bool = False
    snippet_runs: dict[str, dict[str, dict]] = field(default_factory=dict)  # lesson key → id → transcript
    quiz_runs: dict[str, dict[str, dict[str, dict]]] = field(default_factory=dict)  # lesson → quiz → name → t
    quiz_configs: dict[str, dict[str, dict]] = field(default_factory=dict)  # lesson → quiz → page config
    pages: dict[str, RenderedLesson] = field(default_factory=dict)
    programs: dict[str, dict[str, Program]] = field(default_factory=dict)  # lesson → snippet → take-home program
    failing: dict[str, set[str]] = field(default_factory=dict)  # lesson key → snippets reported failing
    sources: dict[str, str] = field(default_factory=dict)  # lesson or quiz file (relative path) → its text
    chains_run: int = 0  # chains this build ran (the others' transcripts came from the cache)
    pictures_drawn: int = 0  # run pictures this build's renderer drew (the others came from a cache)

    def transcript(self, lesson_key: str, snippet_id: str) -> Optional[dict]:
        return self.snippet_runs.get(lesson_key, {}).get(snippet_id)


def build_course(
    root: Path,
    *,
    only: Optional[list[Path]] = None,
    markdown: Optional[Callable[[str], str]] = None,
    cache_folder: Optional[Path] = None,
    use_cache: bool = True,
    render: bool = True,
    memo: Optional["LessonMemo"] = None,
) -> Course:
    """Read, run, check and (with ``render``) render the lessons under ``root``.

    ``only`` limits the build to some lesson/quiz files or folders. ``markdown`` turns quiz
    texts into HTML (default: Python-Markdown with the site's usual extensions). ``memo``
    keeps each lesson's checked and rendered outcome for the next build in this process
    (``mkdocs serve``), where a lesson whose inputs did not change is not done again.
    """
    root = Path(root).resolve()
    course = Course(root=root)
    to_html = markdown or markdown_renderer()
    _read(course, only)
    _check_course(course, only)
    runnable = _validate_quizzes(course, to_html)
    if course.models_unusable:
        runnable = {}
        for lesson in course.lessons.values():
            lesson.not_run |= set(lesson.snippets)
    cache = (cache_folder or root / CACHE_FOLDER) if use_cache else None
    runner = ChainRunner(root, cache)
    plan = {key: _plan(course.lessons[key], runnable.get(key, [])) for key in course.lessons}
    results = runner.run_groups([list(requests.values()) for requests in plan.values()])
    course.chains_run = runner.ran
    for key, lesson in course.lessons.items():
        by_name = {name: results[request] for name, request in plan[key].items()}
        course.snippet_runs[key] = {sid: by_name[("snippet", sid)] for sid in lesson.snippets
                                    if ("snippet", sid) in by_name}
        quiz_runs: dict[str, dict[str, dict]] = {}
        for (what, owner, *rest), transcript in by_name.items():
            if what == "quiz":
                quiz_runs.setdefault(owner, {})[rest[0]] = transcript
        course.quiz_runs[key] = quiz_runs
    memo_keys = {key: memo.key(course, lesson, runnable.get(key, []), render)
                 for key, lesson in course.lessons.items()} if memo is not None else {}
    to_do = [key for key in course.lessons if memo is None or not memo.restore(course, key, memo_keys[key])]
    with RunPictures(root, cache) as pictures:  # Node, if a picture needs it, for this build only
        # Every picture asked for at once: the renderer draws them while the lessons are checked.
        asked = {key: _ask_pictures(course, course.lessons[key], pictures) for key in to_do} if render else {}
        for key in to_do:
            lesson, quiz_runs = course.lessons[key], course.quiz_runs[key]
            problems_before = len(course.problems)
            failing = course.failing[key] = _check_snippets(course, lesson)
            _check_figures(course, lesson)
            course.programs[key] = lesson_programs(lesson, root, _short_title(course, lesson), course.problems)
            configs = course.quiz_configs.setdefault(key, {})
            for quiz in runnable.get(key, []):
                ctx = _context(course, lesson, quiz, to_html, runner)
                continues = quiz.data.get("continues")
                if not (continues and failing & {continues, *_ancestors(lesson, continues)}):  # else: said already
                    QUIZ_KINDS[quiz.kind].check(ctx, quiz_runs.get(quiz.id, {}))
                configs[quiz.id] = _quiz_config(ctx, quiz_runs.get(quiz.id, {}))
            if render:
                drawn = _drawn_pictures(course, lesson, asked[key], pictures)
                course.pages[key] = _render(course, lesson, runnable.get(key, []), to_html, drawn)
            if memo is not None and len(course.problems) == problems_before:  # a lesson with problems: always again
                memo.keep(course, key, memo_keys[key])
    course.pictures_drawn = pictures.drawn
    return course


class LessonMemo:
    """The per-lesson part of a build (checks, programs, quiz configs, the rendered page),
    kept in memory by a hash of everything it reads: the lesson's and its quiz file's text,
    the quizzes fit to run, every transcript of the lesson, its name in the course file, the
    UI strings, the markdown settings and the builder's own code. Only a lesson that had no
    problem is kept; what is handed back is a copy (the preview's stubs change pages)."""

    def __init__(self, markdown_settings: str = "") -> None:
        self._known: dict[str, tuple[str, tuple]] = {}  # lesson key → (hash, outcome)
        self._salt = markdown_settings + _builder_fingerprint() + renderer_fingerprint()

    def key(self, course: Course, lesson: Lesson, quizzes: list[Quiz], render: bool) -> str:
        quiz_path = course.quiz_files[lesson.key].path if lesson.key in course.quiz_files else ""
        strings = course.root / "frontend" / "page" / "strings"
        made_of = [self._salt, render, lesson.path, lesson.text, quiz_path, course.sources.get(quiz_path),
                   [quiz.id for quiz in quizzes], course.snippet_runs.get(lesson.key), course.quiz_runs.get(lesson.key),
                   _short_title(course, lesson), lesson.models,
                   [_file_text(strings / f"{lang}.json") for lang in sorted({lesson.lang, "bg"})]]
        text = json.dumps(made_of, ensure_ascii=False, sort_keys=True, default=repr)
        return hashlib.sha256(text.encode("utf-8")).hexdigest()

    def restore(self, course: Course, key: str, memo_key: str) -> bool:
        known = self._known.get(key)
        if known is None or known[0] != memo_key:
            return False
        failing, programs, configs, page = known[1]
        course.failing[key], course.programs[key] = set(failing), dict(programs)
        course.quiz_configs[key] = copy.deepcopy(configs)
        if page is not None:
            markdown, blocks = page
            course.pages[key] = RenderedLesson(lesson=course.lessons[key], markdown=markdown, blocks=dict(blocks))
        return True

    def keep(self, course: Course, key: str, memo_key: str) -> None:
        page = course.pages.get(key)
        outcome = (set(course.failing.get(key, ())), dict(course.programs.get(key, {})),
                   copy.deepcopy(course.quiz_configs.get(key, {})),
                   (page.markdown, dict(page.blocks)) if page is not None else None)
        self._known[key] = (memo_key, outcome)


def _file_text(path: Path) -> Optional[str]:
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return None


def _builder_fingerprint() -> str:
    digest = hashlib.sha256()
    for home in (Path(__file__).resolve().parent, KINDS_HOME):  # the kinds' checks and configs too
        for path in sorted(home.rglob("*.py")):
            digest.update(f"{home.name}/{path.relative_to(home).as_posix()}".encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def scan_course(root: Path, *, only: Optional[list[Path]] = None) -> Course:
    """Read and check the content without running anything (fast: ids, placements, fields)."""
    course = Course(root=Path(root).resolve())
    _read(course, only)
    _check_course(course, only)
    _validate_quizzes(course, markdown_renderer())
    return course


def _read(course: Course, only: Optional[list[Path]]) -> None:
    root = course.root
    for wanted, message in unmatched(root, only):
        course.problems.add(wanted, 0, message)
    unread: set[str] = set()  # pages that could not be read: their quiz files wait for them
    for path in selected(lesson_files(root), root, only):
        slug, lang = slug_and_lang(path)
        relative = path.relative_to(root).as_posix()
        text = read_source(root, path, course.problems)
        if text is None:
            unread.add(f"{lang}/{slug}")
            continue
        course.sources[relative] = text
        lesson = parse_lesson(relative, text, slug, lang, course.problems)
        if lesson.empty:
            unread.add(lesson.key)
            continue
        course.lessons[lesson.key] = lesson
    for path in selected(quiz_files(root), root, only):
        slug, lang = slug_and_lang(path)
        if f"{lang}/{slug}" in unread:
            continue
        relative = path.relative_to(root).as_posix()
        text = read_source(root, path, course.problems)
        if text is not None:
            course.sources[relative] = text
        quiz_file = parse_quiz_file(relative, text, slug, lang, course.problems) if text is not None else None
        if quiz_file is None:
            from ._model import QuizFile

            quiz_file = QuizFile(slug=slug, lang=lang, path=relative, unreadable=True)
        course.quiz_files[f"{lang}/{slug}"] = quiz_file
        if f"{lang}/{slug}" not in course.lessons:
            course.problems.add(relative, 0, f"no lesson lessons/{slug}/{lang}.md for this quiz file")


def _check_course(course: Course, only: Optional[list[Path]]) -> None:
    """The course file, every lesson in every language, links that reach a page in the
    lesson's language."""
    root = course.root
    course.outline = read_outline(root, course.problems)
    outline = course.outline
    for path in glossary_pages(root, outline.languages if outline else []).values():
        read_source(root, path, course.problems)  # one that is not UTF-8 is a problem here, not a crash later
    if outline is not None and not outline.readable:  # reported: nothing can be told against it
        course.models_unusable = True
        return
    if outline is not None:
        course.models_unusable = check_models(outline.path, outline.models, course.problems, course.warnings)
        for lesson in course.lessons.values():
            lesson.models = outline.model_ids()
        slugs = {lesson.slug for lesson in course.lessons.values()} if only else None
        check_translations(outline, root, course.problems, slugs)
        _drop_lessons_outside(course)
        slugs_in_course, languages = outline.slugs(), outline.languages
    else:  # a bare content folder: the lessons there are the course
        found = [slug_and_lang(path) for path in lesson_files(root)]
        slugs_in_course, languages = sorted({s for s, _ in found}), sorted({lang for _, lang in found})
    generated = {lesson_page(lang, slug) for slug in slugs_in_course for lang in languages}
    generated |= set(glossary_pages(root, languages))
    generated |= reference_page_paths(root, languages)
    docs = root / "docs"

    def page_exists(path: str) -> bool:
        return path in generated or (docs / path).is_file()

    for lesson in course.lessons.values():
        check_links(lesson, page_exists, languages, course.problems)
        check_place_words(lesson, course.problems)
        _check_translated(course, lesson)
        if outline is not None:  # a bare content folder has no course file to name its models in
            check_typed_models(lesson, course.quiz_files.get(lesson.key), _quiz_lines(course, lesson),
                               course.problems)
    lessons, quiz_files = _whole_course(course) if only else (course.lessons, course.quiz_files)
    report_on = set(course.lessons) if only else None
    check_same_ids(lessons.values(), quiz_files, languages, course.problems, report_on)
    check_repeats(quiz_files, slugs_in_course, course.problems, report_on)
    check_answers_by_length(quiz_files.values(), course.problems, report_on)
    check_left_to_write(course)
    check_han_line_breaks(root, course.lessons.values(), course.quiz_files.values(), course.problems)


def _check_translated(course: Course, lesson: Lesson) -> None:
    check_translated(lesson, course.quiz_files.get(lesson.key), _quiz_lines(course, lesson), course.problems)


def _quiz_lines(course: Course, lesson: Lesson) -> list[str]:
    """The lines of the lesson's quiz file (none when it has none or it is unreadable)."""
    quiz_file = course.quiz_files.get(lesson.key)
    text = course.sources.get(quiz_file.path) if quiz_file and not quiz_file.unreadable else None
    return (text or "").split("\n")


def _drop_lessons_outside(course: Course) -> None:
    """A page of a lesson the course file does not list, or in a language it does not have,
    is reported (``check_translations``) and not checked further: nobody would see it."""
    outline = course.outline
    for key, lesson in list(course.lessons.items()):
        if outline.lesson(lesson.slug) is None or lesson.lang not in outline.languages:
            del course.lessons[key]
            course.quiz_files.pop(key, None)


def _whole_course(course: Course) -> tuple[dict[str, Lesson], dict[str, QuizFile]]:
    """Every lesson and quiz file, the ones outside ``only`` read quietly: the checks across
    lessons need them, but only the selected files' problems are reported."""
    quiet = Course(root=course.root)
    _read(quiet, None)
    if course.outline is not None:
        quiet.outline = course.outline
        _drop_lessons_outside(quiet)
    return {**quiet.lessons, **course.lessons}, {**quiet.quiz_files, **course.quiz_files}


def _validate_quizzes(course: Course, to_html: Callable[[str], str]) -> dict[str, list[Quiz]]:
    """Cross-check placements and quiz files; return, per lesson, the quizzes fit to run."""
    runnable: dict[str, list[Quiz]] = {}
    for key, lesson in course.lessons.items():
        quiz_file = course.quiz_files.get(key)
        if not _quiz_file_usable(course, lesson, quiz_file):
            continue
        quizzes = quiz_file.quizzes if quiz_file else {}
        placed: dict[str, int] = {}
        explained: set[str] = set()  # unplaced quizzes an unknown quiz line already points at
        unknown = [placement for placement in lesson.placements
                   if placement.id not in quizzes and not (quiz_file.unreadable or placement.id in quiz_file.invalid_ids)]
        duplicates = list(quiz_file.duplicates)
        for placement in lesson.placements:
            if placement.id in placed:
                course.problems.add(lesson.path, placement.line,
                                    f"quiz '{placement.id}' is already placed at line {placed[placement.id]}")
            elif placement in unknown and duplicates and len(unknown) <= len(quiz_file.duplicates):
                line, repeated = duplicates.pop(0)
                explained.add(placement.id)
                course.problems.add(quiz_file.path, line, f"duplicate quiz id '{repeated}' (first used at line "
                                    f"{quizzes[repeated].line}); is it '{placement.id}', which {lesson.path} "
                                    f"places at line {placement.line}?", f"quiz {repeated}")
            elif placement in unknown:
                unplaced = [quiz_id for quiz_id in quizzes if quiz_id not in {p.id for p in lesson.placements}]
                hint = suggestion(placement.id, unplaced) or suggestion(placement.id, quizzes)
                explained |= {quiz_id for quiz_id in unplaced if hint == f" (did you mean '{quiz_id}'?)"}
                course.problems.add(lesson.path, placement.line, f"unknown quiz id '{placement.id}'{hint} "
                                                                 f"(looked in {quiz_file.path})")
            placed.setdefault(placement.id, placement.line)
        for line, repeated in duplicates:
            course.problems.add(quiz_file.path, line, f"duplicate quiz id '{repeated}' (first used at line "
                                                      f"{quizzes[repeated].line})", f"quiz {repeated}")
        for quiz in quizzes.values():
            if quiz.id not in placed:
                if quiz.id not in explained:
                    course.problems.add(quiz.path, quiz.line, f"quiz '{quiz.id}' is not placed in {lesson.path} "
                                        f"(add a line '::: quiz {quiz.id}')", f"quiz {quiz.id}")
            continues = quiz.data.get("continues")
            if continues is not None and not lesson.runs(continues):
                if not lesson.reported(continues):
                    course.problems.add(quiz.path, quiz.line_of("continues"), f"quiz '{quiz.id}' continues unknown "
                                        f"snippet '{continues}'{suggestion(continues, lesson.snippets)} of "
                                        f"{lesson.path}", f"quiz {quiz.id}")
                continue
            if QUIZ_KINDS[quiz.kind].validate(_context(course, lesson, quiz, to_html)):
                runnable.setdefault(key, []).append(quiz)
    return runnable


def _quiz_file_usable(course: Course, lesson: Lesson, quiz_file: Optional[QuizFile]) -> bool:
    """False (one problem said) when the page places quizzes but there are none to read."""
    first = lesson.placements[0] if lesson.placements else None
    if quiz_file is None or quiz_file.empty:
        if first is None:
            return False
        ids = ", ".join(dict.fromkeys(placement.id for placement in lesson.placements))
        if quiz_file is None:
            course.problems.add(lesson.path, first.line, f"the page places quizzes ({ids}), but "
                                f"quizzes/{lesson.slug}/{lesson.lang}.yaml does not exist")
        else:
            course.problems.add(quiz_file.path, 1, f"the quiz file is empty, but {lesson.path} places quizzes "
                                                   f"({ids})")
        return False
    return True


def _plan(lesson: Lesson, quizzes: list[Quiz]) -> dict[tuple, RunRequest]:
    plan: dict[tuple, RunRequest] = {}
    for snippet in lesson.snippets.values():
        if snippet.id in lesson.not_run:
            continue
        plan[("snippet", snippet.id)] = RunRequest(tuple(lesson.setup(snippet.continues)), snippet.code,
                                                   snippet.timeout, lesson.lang)
    for quiz in quizzes:
        kind = QUIZ_KINDS[quiz.kind]
        setup = tuple(lesson.setup(quiz.data.get("continues"))) + tuple(kind.setup_after(quiz))
        timeout = float(quiz.data.get("timeout", 10))
        for name, code in kind.runs(quiz).items():
            plan[("quiz", quiz.id, name)] = RunRequest(setup, code, timeout, lesson.lang)
    return plan


def _context(course: Course, lesson: Lesson, quiz: Quiz, to_html: Callable[[str], str],
             runner: Optional[ChainRunner] = None) -> QuizContext:
    def run_more(programs: dict[str, str]) -> dict[str, dict]:
        setup = tuple(lesson.setup(quiz.data.get("continues"))) + tuple(QUIZ_KINDS[quiz.kind].setup_after(quiz))
        timeout = float(quiz.data.get("timeout", 10))
        requests = {name: RunRequest(setup, code, timeout, lesson.lang) for name, code in programs.items()}
        results = runner.run_groups([list(requests.values())])
        return {name: results[request] for name, request in requests.items()}

    def markdown_with_figures(text: str) -> str:
        return to_html(_substitute_figures(course, lesson, text, quiz.path, quiz.line))

    def transcript(snippet_id: str) -> Optional[dict]:  # None for a run reported failing
        failed = snippet_id in course.failing.get(lesson.key, ())
        return None if failed else course.transcript(lesson.key, snippet_id)

    return QuizContext(lesson=lesson, quiz=quiz, problems=course.problems, markdown=markdown_with_figures,
                       snippet_transcript=transcript, run_more=run_more if runner is not None else None)


def _ancestors(lesson: Lesson, snippet_id: str) -> list[str]:
    """The snippets ``snippet_id`` continues, nearest first."""
    found: list[str] = []
    current = lesson.snippets.get(snippet_id)
    while current is not None and current.continues and current.continues not in found:
        found.append(current.continues)
        current = lesson.snippets.get(current.continues)
    return found


def _check_snippets(course: Course, lesson: Lesson) -> set[str]:
    """Report each snippet whose run is not what the page says; return the snippets reported
    for failing (raising, running out of time, a crash). A snippet that fails only because
    a snippet it continues failed is not reported again (nor is a quiz that continues it)."""
    failing: set[str] = set()
    runs = course.snippet_runs[lesson.key]
    for snippet in sorted(lesson.snippets.values(), key=lambda s: len(_ancestors(lesson, s.id))):
        run = runs.get(snippet.id)
        if run is None:  # not run: its problem is already reported
            continue
        where = f"snippet '{snippet.id}'"
        broke = run["status"] in ("error", "timeout")
        if broke and (run["error"] or {}).get("line") is None and failing & set(_ancestors(lesson, snippet.id)):
            failing.add(snippet.id)  # it stopped inside a continued snippet that is reported
            continue
        if (run["error"] or {}).get("type") == "RunnerCrashed":  # the process, not the code, said nothing more
            course.problems.add(lesson.path, snippet.line, f"{where}: {run['error']['message']}",
                                f"snippet {snippet.id}")
            failing.add(snippet.id)
            continue
        if run["status"] == "timeout":
            course.problems.add(lesson.path, snippet.line + (run["error"]["line"] or 0),
                                f"{where} does not finish: {run['error']['message']} (an endless loop?)",
                                f"snippet {snippet.id}")
            failing.add(snippet.id)
            continue
        if snippet.output is not None:
            if not outputs_match(run["output"], snippet.output):
                _report_stale_output(course, lesson, snippet, run)
            continue
        if run["status"] == "error":
            error = run["error"]
            line = snippet.line + error["line"] if error["line"] else snippet.line
            course.problems.add(lesson.path, line, f"{where} raises {error['type']}: {error['message']}\n"
                                f"    (if that is the point, show the traceback in an ```output block after it)",
                                f"snippet {snippet.id}")
            failing.add(snippet.id)
    return failing


def _report_stale_output(course: Course, lesson: Lesson, snippet, run: dict) -> None:
    shown = snippet.output.rstrip().split("\n")
    real = run["output"].rstrip().split("\n")
    first = next((i for i, (a, b) in enumerate(zip(shown, real)) if a != b), min(len(shown), len(real)))
    line = snippet.output_line + 1 + min(first, max(len(shown) - 1, 0))
    diff = output_diff(snippet.output, run["output"], f"{lesson.path} (shown)", f"snippet '{snippet.id}' (real run)")
    course.problems.add(lesson.path, line, f"shown output of snippet '{snippet.id}' differs from what it "
                                           f"prints:\n{diff}", f"snippet {snippet.id}")


def _check_figures(course: Course, lesson: Lesson) -> None:
    for use in lesson.figures:
        _figure_value(course, lesson, use.snippet_id, use.path, lesson.path, use.line)


def _figure_value(course: Course, lesson: Lesson, snippet_id: str, path: str, file: str, line: int,
                  report: bool = True) -> Optional[str]:
    transcript = course.transcript(lesson.key, snippet_id)
    if snippet_id in course.failing.get(lesson.key, ()):
        return None  # its run failed, and that is reported: it has no figures to give
    if transcript is None:
        if report and not lesson.reported(snippet_id) and snippet_id not in lesson.snippets:
            course.problems.add(file, line, f"figure run.{snippet_id}.{path}: unknown snippet '{snippet_id}'"
                                            f"{suggestion(snippet_id, lesson.snippets)}")
        return None
    try:
        return format_figure(resolve_figure(transcript, path))
    except FigureError as error:
        if report:
            course.problems.add(file, line, f"figure run.{snippet_id}.{path}: {error}")
        return None


def _substitute_figures(course: Course, lesson: Lesson, text: str, file: str, line: int) -> str:
    import re

    from ._figures import FIGURE

    def value(match: re.Match) -> str:
        found = _figure_value(course, lesson, match["id"], match["path"], file, line)
        return found if found is not None else match[0]

    return FIGURE.sub(value, text)


def _quiz_config(ctx: QuizContext, runs: dict[str, dict]) -> dict:
    return page_config(QUIZ_KINDS[ctx.quiz.kind], ctx, runs)


def _short_title(course: Course, lesson: Lesson) -> str:
    """The lesson's name in the course file (its heading's title without one)."""
    entry = course.outline.lesson(lesson.slug) if course.outline else None
    return (entry.title_in(lesson.lang)[0] if entry else None) or str(lesson.meta.get("title") or lesson.slug)


def _render(course: Course, lesson: Lesson, quizzes: list[Quiz], to_html: Callable[[str], str],
            pictures: dict[str, str]) -> RenderedLesson:
    """The lesson's page; ``pictures``: the run picture of each snippet that has one."""
    runs = course.snippet_runs[lesson.key]
    label = setup_code_label(course.root, lesson.lang)
    models_label = course_models_label(course.root, lesson.lang)
    models_shown = False  # the course's models are shown once, before the first snippet that uses them
    by_id = {quiz.id: quiz for quiz in quizzes if quiz.id in course.quiz_configs.get(lesson.key, {})}

    def snippet_block(snippet_id: str) -> str:
        nonlocal models_shown
        snippet = lesson.snippets[snippet_id]
        models = ""
        if not models_shown and names_used(snippet.code, lesson.models):
            models_shown = True
            models = course_models_html(lesson.setup(None)[0], models_label) + "\n"
        if snippet.hidden:
            return models + hidden_snippet_html(snippet.id, snippet.code, label)
        run = runs.get(snippet.id)  # None: not run, a problem the build reports
        shown = snippet.output is not None and run is not None
        picture = pictures.get(snippet.id, "")
        program = course.programs.get(lesson.key, {}).get(snippet.id)
        return models + snippet_html(snippet.id, snippet.code, lesson.setup(snippet.continues), snippet.timeout,
                                     snippet.output if shown else None, run["output"] if shown else None,
                                     picture, program=program.config() if program else None)

    def quiz_block(quiz_id: str) -> str:
        quiz = by_id.get(quiz_id)
        if quiz is None:  # unknown or invalid: already a problem; the page shows nothing for it
            return ""
        config = course.quiz_configs[lesson.key][quiz.id]
        return quiz_html(quiz.id, quiz.kind, lesson.slug, config, config["prompt_html"])

    def figure(snippet_id: str, path: str, line: int) -> str:
        found = _figure_value(course, lesson, snippet_id, path, lesson.path, line, report=False)
        return found if found is not None else f"{{{{ run.{snippet_id}.{path} }}}}"

    return render_markdown(lesson, snippet_block, quiz_block, figure)


def _ask_pictures(course: Course, lesson: Lesson, pictures: RunPictures) -> dict[str, Future]:
    """The run picture to come of each shown snippet whose run called the model, by snippet id."""
    runs = course.snippet_runs[lesson.key]
    return {snippet.id: pictures.ask(runs[snippet.id]["calls"], lesson.lang) for snippet in lesson.snippets.values()
            if not snippet.hidden and runs.get(snippet.id) and runs[snippet.id]["calls"]}


def _drawn_pictures(course: Course, lesson: Lesson, asked: dict[str, Future], pictures: RunPictures) -> dict[str, str]:
    """The HTML of the pictures ``asked`` for; one that could not be drawn is a problem at the
    snippet's line, and its page shows none."""
    drawn: dict[str, str] = {}
    for snippet_id, future in asked.items():
        try:
            drawn[snippet_id] = pictures.html(future)
        except PictureError as error:
            snippet = lesson.snippets[snippet_id]
            course.problems.add(lesson.path, snippet.line, f"snippet '{snippet_id}': its run picture could not be "
                                                           f"drawn: {error}", f"snippet {snippet_id}")
    return drawn
