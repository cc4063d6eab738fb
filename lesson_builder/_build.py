"""The build: read all content, check the course, compile every lesson in every language
(``_compile``: its runs, checks, programs, quiz configs and page, as one artifact, loaded
when its inputs did not change), then check across the course over the artifacts. Problems
are collected over the whole build, never raised one by one."""

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Optional

from ._answer_length import check_answers_by_length
# CACHE_FOLDER and LessonMemo: the MkDocs plugin imports them from here.
from ._artifact import CACHE_FOLDER, LessonArtifact, LessonInputs, LessonMemo, strings_of  # noqa: F401
from ._compile import CompileTools, compile_lessons, compile_tools, validate_lesson
from ._course_checks import check_translations
from ._course_consistency import check_repeats, check_same_ids
from ._course_file import COURSE_FILE, CourseOutline, read_outline
from ._course_models import check_models
from ._typed_models import check_typed_models
from ._discover import lesson_files, quiz_files, selected, slug_and_lang, unmatched
from ._glossary import glossary_pages
from ._han_line_breaks import check_han_line_breaks
from ._left_to_write import check_left_to_write
from ._languages import Language, LanguageRegistryError, language
from ._lesson_links import check_links, check_quiz_links, lesson_page
from ._reference_page import reference_page_paths
from ._place_words import check_place_words
from ._translation_check import check_translated
from ._lesson_parser import parse_lesson
from ._markdown import markdown_renderer
from ._model import Lesson, QuizFile
from ._problems import Problems
from ._program_export import Program
from ._quiz_parser import parse_quiz_file
from ._render import RenderedLesson
from ._sources import read_source


@dataclass
class Course:
    """Everything one build found: the content as read, one artifact per lesson and language
    (``artifacts``, by ``"<lang>/<slug>"``), the problems of the whole build.

    ``snippet_runs``, ``quiz_runs``, ``quiz_configs``, ``pages``, ``programs`` and ``failing``
    are views of the artifacts, by lesson key."""

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
    sources: dict[str, str] = field(default_factory=dict)  # lesson or quiz file (relative path) → its text
    artifacts: dict[str, LessonArtifact] = field(default_factory=dict)  # lesson key → its artifact
    chains_run: int = 0  # chains this build ran (the others' transcripts came from the cache)
    pictures_drawn: int = 0  # run pictures this build's renderer drew (the others came from a cache)
    artifacts_compiled: int = 0  # artifacts this build compiled (the others were loaded)

    def lesson_inputs(self, key: str, tools: Optional[CompileTools] = None) -> LessonInputs:
        """What the lesson ``key`` (``"<lang>/<slug>"``) compiles from in this course, with the
        fingerprints of ``tools`` (see :class:`LessonInputs`; without tools, none: such inputs
        can be compiled but not kept)."""
        lesson = self.lessons[key]
        quiz_file = self.quiz_files.get(key)
        quiz_text = self.sources.get(quiz_file.path) if quiz_file is not None and not quiz_file.unreadable else None
        return LessonInputs(lesson=lesson, quiz_file=quiz_file, quiz_text=quiz_text, title=_short_title(self, lesson),
                            models_usable=not self.models_unusable, root=self.root,
                            strings=strings_of(self.root, lesson.lang),
                            runtime=tools.runner.fingerprint if tools else "", builder=tools.builder if tools else "",
                            markdown_settings=tools.markdown_settings if tools else "",
                            language=_language(self.root, lesson.lang))

    def transcript(self, lesson_key: str, snippet_id: str) -> Optional[dict]:
        artifact = self.artifacts.get(lesson_key)
        return artifact.snippet_runs.get(snippet_id) if artifact is not None else None

    @property
    def snippet_runs(self) -> dict[str, dict[str, dict]]:  # lesson key → snippet id → transcript
        return {key: artifact.snippet_runs for key, artifact in self.artifacts.items()}

    @property
    def quiz_runs(self) -> dict[str, dict[str, dict[str, dict]]]:  # lesson key → quiz → run name → transcript
        return {key: artifact.quiz_runs for key, artifact in self.artifacts.items()}

    @property
    def quiz_configs(self) -> dict[str, dict[str, dict]]:  # lesson key → quiz → page config
        return {key: artifact.quiz_configs for key, artifact in self.artifacts.items()}

    @property
    def pages(self) -> dict[str, RenderedLesson]:
        return {key: artifact.page for key, artifact in self.artifacts.items() if artifact.page is not None}

    @property
    def programs(self) -> dict[str, dict[str, Program]]:  # lesson key → snippet id → take-home program
        return {key: artifact.programs for key, artifact in self.artifacts.items()}

    @property
    def failing(self) -> dict[str, frozenset[str]]:  # lesson key → snippets reported failing
        return {key: artifact.failing for key, artifact in self.artifacts.items()}


def build_course(
    root: Path,
    *,
    only: Optional[list[Path]] = None,
    markdown: Optional[Callable[[str], str]] = None,
    cache_folder: Optional[Path] = None,
    use_cache: bool = True,
    render: bool = True,
    memo: Optional[LessonMemo] = None,
) -> Course:
    """Read, run, check and (with ``render``) render the lessons under ``root``.

    ``only`` limits the build to some lesson/quiz files or folders. ``markdown`` turns quiz
    texts into HTML (default: Python-Markdown with the site's usual extensions). Each lesson's
    artifact is loaded from ``memo`` (a process's own store, ``mkdocs serve``) or the cache
    folder when its inputs did not change; ``use_cache`` False compiles and runs everything.
    """
    root = Path(root).resolve()
    course = Course(root=root)
    _read(course, only)
    _check_course(course, only)
    with compile_tools(root, cache_folder=cache_folder, use_cache=use_cache, markdown=markdown, store=memo) as tools:
        inputs = [course.lesson_inputs(key, tools) for key in course.lessons]
        course.artifacts = compile_lessons(inputs, tools, render=render)
        course.chains_run, course.pictures_drawn = tools.runner.ran, tools.pictures.drawn
    for artifact in course.artifacts.values():
        course.problems.extend(artifact.problems)
    course.artifacts_compiled = sum(1 for artifact in course.artifacts.values() if not artifact.loaded)
    _check_across(course, only)
    return course


def scan_course(root: Path, *, only: Optional[list[Path]] = None) -> Course:
    """Read and check the content without running anything (fast: ids, placements, fields)."""
    course = Course(root=Path(root).resolve())
    _read(course, only)
    _check_course(course, only)
    to_html = markdown_renderer()
    for key in course.lessons:
        validate_lesson(course.lesson_inputs(key), course.problems, to_html)
    course.artifacts = {key: LessonArtifact(lesson, course.quiz_files.get(key)) for key, lesson in course.lessons.items()}
    _check_across(course, only)
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
    slugs_in_course, languages = _course_shape(course)
    generated = {lesson_page(lang, slug) for slug in slugs_in_course for lang in languages}
    generated |= set(glossary_pages(root, languages))
    generated |= reference_page_paths(root, languages)
    docs = root / "docs"

    def page_exists(path: str) -> bool:
        return path in generated or (docs / path).is_file()

    for lesson in course.lessons.values():
        check_links(lesson, page_exists, languages, course.problems)
        check_quiz_links(lesson, course.quiz_files.get(lesson.key), _quiz_lines(course, lesson), page_exists,
                         languages, course.problems)
        check_place_words(lesson, course.problems)
        _check_translated(course, lesson)
        if outline is not None:  # a bare content folder has no course file to name its models in
            check_typed_models(lesson, course.quiz_files.get(lesson.key), _quiz_lines(course, lesson),
                               course.problems)
    files = [lesson.path for lesson in course.lessons.values()]
    files += [quiz_file.path for quiz_file in course.quiz_files.values()]
    check_left_to_write(root, files + ([COURSE_FILE] if (root / COURSE_FILE).is_file() else []), course.problems)
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


def _check_across(course: Course, only: Optional[list[Path]]) -> None:
    """The checks across the course (same ids and kinds in every translation, no question
    asked twice, no answer told by its length), over the artifacts. With ``only``, the other
    lessons are read quietly for them (only the selected files' problems are reported)."""
    if course.outline is not None and not course.outline.readable:
        return  # reported: nothing can be told against it
    artifacts = list(course.artifacts.values())
    if only:
        artifacts += [artifact for key, artifact in _read_quietly(course).items() if key not in course.artifacts]
    slugs_in_course, languages = _course_shape(course)
    check_across_course(artifacts, languages, slugs_in_course, course.problems,
                        set(course.lessons) if only else None)


def _course_shape(course: Course) -> tuple[list[str], list[str]]:
    """The course's lessons in order and its languages (a bare content folder: what is there)."""
    if course.outline is not None:
        return course.outline.slugs(), course.outline.languages
    found = [slug_and_lang(path) for path in lesson_files(course.root)]
    return sorted({slug for slug, _ in found}), sorted({lang for _, lang in found})


def check_across_course(artifacts: list[LessonArtifact], languages: list[str], lesson_order: list[str],
                        problems: Problems, report_on: Optional[set[str]] = None) -> None:
    """The checks across lessons and languages, over their artifacts (each one's lesson and
    quiz file as read); ``report_on``: the lesson keys whose problems are said (None: all)."""
    lessons = [artifact.lesson for artifact in artifacts]
    quiz_files = {artifact.key: artifact.quiz_file for artifact in artifacts if artifact.quiz_file is not None}
    check_same_ids(lessons, quiz_files, languages, problems, report_on)
    check_repeats(quiz_files, lesson_order, problems, report_on)
    check_answers_by_length(quiz_files.values(), problems, report_on)


def _read_quietly(course: Course) -> dict[str, LessonArtifact]:
    """Every lesson of the course as read, nothing reported: artifacts not compiled."""
    quiet = Course(root=course.root)
    _read(quiet, None)
    if course.outline is not None:
        quiet.outline = course.outline
        _drop_lessons_outside(quiet)
    return {key: LessonArtifact(lesson, quiet.quiz_files.get(key)) for key, lesson in quiet.lessons.items()}


def _language(root: Path, lang: str) -> Optional[Language]:
    """The registry's entry of ``lang`` (None: a language it lacks, reported elsewhere; its
    figures stay as Python writes them)."""
    try:
        return language(root, lang)
    except LanguageRegistryError:
        return None


def _short_title(course: Course, lesson: Lesson) -> str:
    """The lesson's name in the course file (its heading's title without one)."""
    entry = course.outline.lesson(lesson.slug) if course.outline else None
    return (entry.title_in(lesson.lang)[0] if entry else None) or str(lesson.meta.get("title") or lesson.slug)
