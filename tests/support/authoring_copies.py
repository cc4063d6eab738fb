"""Helpers for the authoring tests (no tests here): a content root holding copies of real
lessons, with a course file that names them."""

import shutil
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[2]
# The sample lesson the authoring, hostile and mutation tests break on purpose: a frozen copy
# of an early first-steps in Bulgarian (every quiz kind and optional field, no link to another
# lesson), so that rewriting the course's lessons never moves the ground under these tests.
SAMPLE_ROOT = REPO / "tests" / "sample"
SAMPLE_SLUG, SAMPLE_LANG = "first-steps", "bg"


def course_file(languages: list[str], lessons: list[dict]) -> str:
    """A course file: each lesson ``{"slug", "in_progress"?, "prerequisites"?}``, with a
    title and focus in every language, and the repository's models (the copied lessons use
    their names)."""
    entries = [{"slug": entry["slug"],
                "title": {lang: f"{entry['slug']} {lang}" for lang in languages},
                "focus": {lang: f"The focus of {entry['slug']}." for lang in languages},
                "prerequisites": entry.get("prerequisites", []),
                "in_progress": entry.get("in_progress", [])} for entry in lessons]
    models = yaml.safe_load((REPO / "lessons" / "course.yaml").read_text(encoding="utf-8"))["models"]
    return yaml.safe_dump({"languages": languages, "models": models, "lessons": entries}, allow_unicode=True,
                          sort_keys=False, default_flow_style=None, width=200)


def copy_lesson(root: Path, slug: str, lang: str, as_slug: str | None = None, as_lang: str | None = None,
                source: Path = REPO) -> None:
    """The lesson ``slug`` in ``lang`` (page and quiz file) of ``source`` (the repository)
    under ``root``."""
    for folder, suffix in (("lessons", "md"), ("quizzes", "yaml")):
        target = root / folder / (as_slug or slug) / f"{as_lang or lang}.{suffix}"
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source / folder / slug / f"{lang}.{suffix}", target)


def copy_sample(root: Path, as_slug: str | None = None, as_lang: str | None = None) -> None:
    """The sample lesson (``tests/sample``) under ``root``, as ``first-steps`` in ``bg`` unless
    told otherwise."""
    copy_lesson(root, SAMPLE_SLUG, SAMPLE_LANG, as_slug, as_lang, source=SAMPLE_ROOT)


def content_root(root: Path, languages: list[str], lessons: list[dict]) -> Path:
    """A course file, and each language's reference page (lessons link to it)."""
    (root / "lessons").mkdir(parents=True, exist_ok=True)
    (root / "lessons" / "course.yaml").write_text(course_file(languages, lessons), encoding="utf-8")
    for lang in languages:
        reference = REPO / "lessons" / f"REFERENCE.{lang}.yaml"
        if reference.is_file():
            shutil.copy2(reference, root / "lessons" / reference.name)
    return root
