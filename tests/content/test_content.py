"""Every lesson of the repository, found automatically: each snippet's shown output, each
quiz's answer key, and each snippet's golden transcript. Test ids name the lesson, the
language and the snippet or quiz (``bg/tool-loop::snippet:loop``).

Regenerate the golden transcripts after an intended change with ``FIX_TESTS=1 pytest
tests/content`` and review the diff of ``tests/content/golden/``.
"""

import json
import os
from pathlib import Path

import pytest

from support.repo_course import repo_course, built_repo_course

REPO = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).resolve().parent / "golden"
SCANNED = repo_course()
LESSON_KEYS = sorted(SCANNED.lessons)


def _subjects():
    for key in LESSON_KEYS:
        lesson = SCANNED.lessons[key]
        for snippet_id in lesson.snippets:
            yield pytest.param(key, f"snippet {snippet_id}", id=f"{key}::snippet:{snippet_id}")
        quiz_file = SCANNED.quiz_files.get(key)
        for quiz_id in (quiz_file.quizzes if quiz_file else {}):
            yield pytest.param(key, f"quiz {quiz_id}", id=f"{key}::quiz:{quiz_id}")


@pytest.fixture(scope="session")
def course():
    return built_repo_course()


def _problems(course, key: str, subject: str = "") -> list[str]:
    lesson = course.lessons[key]
    paths = {lesson.path, f"quizzes/{lesson.slug}/{lesson.lang}.yaml"}
    return [str(p) for p in course.problems if p.path in paths and p.subject == subject]


@pytest.mark.parametrize("key", LESSON_KEYS)
def test_lesson_reads_cleanly(course, key):
    """Front matter, fences, placements, figures: everything not about one snippet or quiz."""
    assert _problems(course, key) == []


@pytest.mark.parametrize("key, subject", list(_subjects()))
def test_snippet_or_quiz_is_proven(course, key, subject):
    assert _problems(course, key, subject) == []


def golden_path(key: str) -> Path:
    lang, slug = key.split("/", 1)
    return GOLDEN / f"{slug}.{lang}.json"


@pytest.mark.parametrize("key", LESSON_KEYS)
def test_golden_transcripts(course, key):
    actual = {snippet_id: course.snippet_runs[key][snippet_id] for snippet_id in course.lessons[key].snippets}
    path = golden_path(key)
    if os.environ.get("FIX_TESTS") == "1":
        path.write_text(json.dumps(actual, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    assert path.exists(), f"no golden file {path.name}: run FIX_TESTS=1 pytest tests/content"
    expected = json.loads(path.read_text(encoding="utf-8"))
    assert sorted(actual) == sorted(expected), "snippets added or removed: FIX_TESTS=1 and review the diff"
    for snippet_id in actual:
        assert actual[snippet_id] == expected[snippet_id], f"snippet '{snippet_id}' changed its transcript"


def test_every_golden_file_belongs_to_a_lesson():
    known = {golden_path(key).name for key in LESSON_KEYS}
    assert sorted(p.name for p in GOLDEN.glob("*.json") if p.name not in known) == []
