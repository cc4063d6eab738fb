"""Checks of the course as a whole against ``lessons/course.yaml``: every lesson in every
language (or marked in progress), no lesson outside the course file."""

from pathlib import Path
from typing import Iterable

from ._course_file import COURSE_FILE, CourseOutline
from ._discover import lesson_files, slug_and_lang
from ._problems import Problems, suggestion


def check_translations(outline: CourseOutline, root: Path, problems: Problems,
                       slugs: Iterable[str] | None = None) -> None:
    """Each (lesson, language) has its page or an in-progress mark, never both; every lesson
    folder is in the course. ``slugs`` limits the check to some lessons (``check <path>``)."""
    present: dict[str, set[str]] = {}
    for path in lesson_files(root):
        slug, lang = slug_and_lang(path)
        present.setdefault(slug, set()).add(lang)
    wanted = set(slugs) if slugs is not None else None
    for stray in sorted((root / "lessons").glob("*/GLOSSARY.*.md")):
        lang = stray.name.split(".")[1]
        problems.add(stray.relative_to(root).as_posix(), 1, f"one glossary per language for the whole course: move "
                     f"these terms into lessons/GLOSSARY.{lang}.md and delete this file")
    for slug, langs in sorted(present.items()):
        if wanted is not None and slug not in wanted:
            continue
        if outline.lesson(slug) is None:
            for lang in sorted(langs):
                problems.add(f"lessons/{slug}/{lang}.md", 1, f"lesson '{slug}' is not in {COURSE_FILE}: add it "
                             f"there in its place{suggestion(slug, outline.slugs())}")
        for lang in sorted(langs - set(outline.languages)):
            problems.add(f"lessons/{slug}/{lang}.md", 1, f"'{lang}' is not one of the course's languages "
                                                         f"({', '.join(outline.languages)})")
    for entry in outline.lessons:
        if wanted is not None and entry.slug not in wanted:
            continue
        written = present.get(entry.slug, set())
        for lang in outline.languages:
            if lang in written and lang in entry.in_progress:
                problems.add(outline.path, entry.in_progress_line,
                             f"'{lang}' of lesson '{entry.slug}' is marked in progress, but "
                             f"lessons/{entry.slug}/{lang}.md exists: remove '{lang}' from its in_progress")
            elif lang not in written and lang not in entry.in_progress:
                problems.add(outline.path, entry.in_progress_line or entry.line,
                             f"lesson '{entry.slug}' has no page in '{lang}' (lessons/{entry.slug}/{lang}.md): "
                             f"write it, or list '{lang}' in its in_progress to show a notice meanwhile")
