"""A new author's path, end to end, on a copy of the project: `new` adds a lesson written in
Bulgarian (every other language in progress, with no title or focus there), the author
writes the marked texts, runs the commands `new` printed, and the content checks, the
content tests, the course-file tests and the strict site build are green. No test of the
repository names the course's lessons, so none fails for the lesson it did not know.

Kept cheap: the copy holds the sample lesson only (tests/build/site_copy.py), and the
new lesson is `new`'s skeleton (one snippet, one quiz)."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from lesson_builder._strings import ui_text
from support.site_copy import make_site_copy, mkdocs_build

SLUG = "parallel-calls"
WRITTEN = "Паралелни извиквания на инструменти"  # what the author writes in place of every mark


@pytest.fixture
def site_copy(tmp_path):
    site = make_site_copy(tmp_path / "project")
    # The copy's golden transcripts are those of its own lessons (the sample lesson's).
    for golden in (site / "tests/content/golden").glob("*.json"):
        if golden.name != "first-steps.bg.json":
            golden.unlink()
    return site


def run(command, cwd: Path, **env) -> subprocess.CompletedProcess:
    # The inner pytest must not take this run's settings (its worker, its fast-run flag).
    environment = {key: value for key, value in os.environ.items()
                   if not key.startswith(("PYTEST_", "TESTS_FAST", "FIX_TESTS"))}
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=900, shell=isinstance(command, str),
                          env={**environment, **env})


def write_the_marks(site: Path) -> None:
    """What the author does after `new`: each `TO-WRITE (bg): …` becomes Bulgarian text."""
    for name in ("lessons/course.yaml", f"lessons/{SLUG}/bg.md", f"quizzes/{SLUG}/bg.yaml"):
        path = site / name
        path.write_text(re.sub(r"TO-WRITE \(bg\)(?:: [^\"'\n]*)?", WRITTEN, path.read_text(encoding="utf-8")),
                        encoding="utf-8")


def test_a_lesson_added_with_new_keeps_the_checks_and_the_build_green(site_copy):
    site = site_copy
    made = run([sys.executable, "-m", "lesson_builder", "new", SLUG, "bg"], cwd=site)
    assert made.returncode == 0, made.stderr
    course = yaml.safe_load((site / "lessons/course.yaml").read_text(encoding="utf-8"))
    entry = course["lessons"][-1]
    assert entry["slug"] == SLUG and set(entry["title"]) == {"bg"} and set(entry["in_progress"]) == {
        "fa", "zh", "ru", "uk"}
    write_the_marks(site)

    # The commands `new` printed, as printed: fix writes the output, check is green.
    printed = re.findall(r"^  \d+\. (\S*python -m lesson_builder .*?)(?:\s+#.*)?$", made.stdout, re.M)
    assert [command.split()[3] for command in printed] == ["fix", "check"], made.stdout
    for command in printed:
        ran = run(command, cwd=site)
        assert ran.returncode == 0, (command, ran.stdout + ran.stderr)

    # The content tests and the course-file tests of the copy, its new lesson's golden
    # transcripts recorded first (the guide's step).
    tests = [sys.executable, "-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider"]
    recorded = run(tests + ["tests/content", "-k", SLUG], cwd=site, FIX_TESTS="1")
    assert recorded.returncode == 0, recorded.stdout[-3000:]
    assert (site / "tests/content/golden" / f"{SLUG}.bg.json").is_file()
    checked = run(tests + ["tests/content", "tests/build/test_course_file.py"], cwd=site)
    assert checked.returncode == 0 and "skipped" not in checked.stdout, checked.stdout[-3000:]  # Pyodide's too
    collected = run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", "tests/content"],
                    cwd=site).stdout
    assert f"bg/{SLUG}::snippet:ask" in collected and f"bg/{SLUG}::quiz:first-question" in collected, collected

    # The strict site build: the lesson in Bulgarian, a notice in every other language that
    # says, in its language, that the title is not translated yet.
    built = mkdocs_build(site)
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    assert 'data-snippet="ask"' in (site / "site/lessons" / SLUG / "index.html").read_text(encoding="utf-8")
    for lang in ("fa", "zh", "ru", "uk"):
        notice = (site / "site" / lang / "lessons" / SLUG / "index.html").read_text(encoding="utf-8")
        assert f'data-lesson-notice="{SLUG}"' in notice and ui_text(site, lang, "course.notice.untitled") in notice
        assert f'<span lang="bg">{WRITTEN}</span>' in notice
