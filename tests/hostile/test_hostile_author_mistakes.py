"""Author mistakes, made as a new author makes them, on copies of the sample lesson, through the
real build core: ``python -m lesson_builder check`` for every kind, and a real ``mkdocs build``
of a site copy for the known failures of issue 18 and the kinds whose pages are rendered.
Each is one problem naming its file and line (a second, knock-on problem is a failure), never
a Python traceback of the build, and the author's files stay as they were."""

import contextlib
import io
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from support.author_mistakes import HARMLESS, MISTAKES, PAGE, QUIZZES, crash_once, edit, not_utf8, replace_line
from support.authoring_copies import REPO, content_root, copy_sample
from support.hostile_tally import case
from lesson_builder import build_course, scan_course
from lesson_builder.__main__ import main as cli_main
from support.site_copy import make_site_copy, mkdocs_build, tree_digest

AREA = "author mistakes"
# A problem line: path[:line]: message (messages may go on over more lines: a diff, an output).
PROBLEM = re.compile(r"^(?P<path>(?:lessons|quizzes|docs|schemas)/[^\s:]*)(?::(?P<line>\d+))?: (?P<message>.+)$", re.M)
# A traceback of the build itself (one of a snippet names "<snippet>" or "<setup-N>").
BUILD_TRACEBACK = re.compile(r'^\s*File "(?!<snippet>|<setup-)', re.M)


def check_as_author(root: Path, *arguments: str) -> subprocess.CompletedProcess:
    """`python -m lesson_builder check`, run in the content root as an author runs it."""
    return subprocess.run([sys.executable, "-m", "lesson_builder", "check", *arguments], cwd=root,
                          env={**os.environ, "PYTHONPATH": str(REPO)}, capture_output=True, text=True, timeout=600)


def check(root: Path, *arguments: str) -> subprocess.CompletedProcess:
    """The same command line, run in this process from the content root: the same code from
    argument parsing to exit status, without an interpreter and a zygote started for each of
    some fifty mistakes (the zygote of the first check serves them all, `_zygote.ZYGOTES`).
    The clean course is checked by the real command (`clean_root`)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.chdir(root), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = cli_main(["check", *arguments])
        except SystemExit as exit:  # argparse's own refusals
            status = exit.code if isinstance(exit.code, int) else 1
    return subprocess.CompletedProcess(["lesson_builder", "check", *arguments], status, out.getvalue(),
                                       err.getvalue())


@pytest.fixture(scope="module")
def clean_root(tmp_path_factory) -> Path:
    """The sample lesson alone in a one-language course, checked once (its runs cached)."""
    root = content_root(tmp_path_factory.mktemp("clean"), ["bg"], [{"slug": "first-steps"}])
    copy_sample(root)
    checked = check_as_author(root)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.endswith("every output and answer key checked, no problems\n"), checked.stdout
    return root


def copy_of(clean: Path, target: Path) -> Path:
    shutil.copytree(clean, target, symlinks=True, ignore=shutil.ignore_patterns("site"))
    return target


def assert_one_problem_at(report: str, where: tuple, says: str, count: int = 1) -> None:
    problems = list(PROBLEM.finditer(report))
    assert not BUILD_TRACEBACK.search(report), report
    assert "line None" not in report, report
    assert len(problems) == count, "\n".join(match[0] for match in problems) or report
    if count:
        path, line = where
        found = problems[0]
        assert (found["path"], int(found["line"] or 0)) == (path, line), found[0]
        assert says in found["message"], found[0]


@pytest.mark.parametrize("name", list(MISTAKES))
def test_check_reports_each_mistake_once_at_its_file_and_line(name, clean_root, tmp_path):
    mistake = MISTAKES[name]
    root = copy_of(clean_root, tmp_path / "copy")
    with case(AREA):
        where = mistake.make(root)
        before = tree_digest(root)
        checked = check(root, *mistake.check)
        report = checked.stdout + checked.stderr
        assert checked.returncode == (1 if mistake.problems else 0), report
        assert_one_problem_at(report, where, mistake.says, mistake.problems)
        assert tree_digest(root) == before


def test_a_run_killed_by_the_system_is_not_remembered_by_the_cache(clean_root, tmp_path):
    root = copy_of(clean_root, tmp_path / "copy")
    with case(AREA):
        where = crash_once(root)
        first = check(root)
        assert_one_problem_at(first.stdout + first.stderr, where, "was killed by SIGKILL")
        again = check(root)  # the cache kept no transcript of the crash: the snippet runs again, and passes
        assert again.returncode == 0, again.stdout + again.stderr


@pytest.mark.parametrize("name", list(HARMLESS))
def test_what_an_editor_may_do_builds_as_if_it_had_not(name, clean_root, tmp_path):
    root = copy_of(clean_root, tmp_path / "copy")
    with case(AREA):
        clean = build_course(clean_root, render=False)
        HARMLESS[name](root)
        changed = build_course(root, render=False)
        assert not changed.problems, changed.problems.report()
        assert changed.snippet_runs == clean.snippet_runs and changed.quiz_configs == clean.quiz_configs


def test_text_fields_keep_their_text_as_written_not_what_yaml_1_1_makes_of_it(clean_root, tmp_path):
    root = copy_of(clean_root, tmp_path / "copy")
    quizzes = root / QUIZZES
    text = quizzes.read_text(encoding="utf-8")
    text = text.replace('    - output: "4 end_turn"', "    - output: 1:30", 1)  # sexagesimal 90 in YAML 1.1
    text = text.replace('    - output: "3 tool_use"', "    - output: 010", 1)  # octal 8
    text = text.replace("- text: Чете базата с поръчки.", "- text: yes", 1)  # true
    quizzes.write_text(text, encoding="utf-8")
    edit(PAGE, replace_line("summary:", "summary: 1:30"))(root)
    with case(AREA):
        course = scan_course(root)
        assert not course.problems, course.problems.report()
        quiz_file = course.quiz_files["bg/first-steps"]
        assert [option["output"] for option in quiz_file.quizzes["second-call"].data["options"]] == \
               ["3 end_turn", "1:30", "010"]
        assert quiz_file.quizzes["who-does-what"].data["options"][0]["text"] == "yes"
        assert course.lessons["bg/first-steps"].meta["summary"] == "1:30"


# The known failures of issue 18, and the kinds whose snippets or quizzes are then rendered
# into pages, through a real mkdocs build (the others: `check`, above, runs the same core).
THROUGH_MKDOCS = ["a page that is not UTF-8", "a quiz file that is not UTF-8", "a course file that is not UTF-8",
                  "a page in a language the course does not have", "a continues= to a misspelled snippet",
                  "an upper-case snippet id", "a find-bug output given as a YAML number",
                  "snippets that continue each other in a circle", "a duplicate snippet id",
                  "a code fence never closed", "a missing quiz file", "broken YAML in the course file"]


@pytest.fixture(scope="module")
def clean_site(tmp_path_factory) -> Path:
    site = make_site_copy(tmp_path_factory.mktemp("site"))
    built = mkdocs_build(site)
    assert built.returncode == 0, built.stdout + built.stderr
    return site


@pytest.mark.parametrize("name", THROUGH_MKDOCS)
def test_a_real_mkdocs_build_fails_with_the_one_problem(name, clean_site, tmp_path):
    mistake = MISTAKES[name]
    site = copy_of(clean_site, tmp_path / "site")
    with case(AREA):
        where = mistake.make(site)
        before = tree_digest(site)
        built = mkdocs_build(site)
        report = built.stdout + built.stderr
        assert built.returncode != 0, report
        assert not BUILD_TRACEBACK.search(report), report
        problems = list(PROBLEM.finditer(report))
        assert len(problems) == 1, "\n".join(match[0] for match in problems)
        assert (problems[0]["path"], int(problems[0]["line"] or 0)) == where and mistake.says in problems[0][0]
        assert tree_digest(site) == before


def test_a_glossary_that_is_not_utf8_fails_the_build_at_its_line(clean_site, tmp_path):
    site = copy_of(clean_site, tmp_path / "site")
    with case(AREA):
        relative = "lessons/GLOSSARY.bg.md"
        glossary = site / relative
        shutil.copy2(REPO / relative, glossary)
        text = glossary.read_text(encoding="utf-8")
        needle = next(line for line in text.split("\n") if line.strip() and not line.isascii())
        where = not_utf8(relative, needle)(site)
        built = mkdocs_build(site)
        report = built.stdout + built.stderr
        assert built.returncode != 0 and not BUILD_TRACEBACK.search(report), report
        assert f"{where[0]}:{where[1]}: the file is not UTF-8 text" in report


def test_a_sys_stdout_writing_snippet_and_a_killed_runner_in_a_real_build(clean_site, tmp_path):
    site = copy_of(clean_site, tmp_path / "site")
    with case(AREA):
        MISTAKES["a snippet that writes to sys.__stdout__"].make(site)
        where = crash_once(site)
        first = mkdocs_build(site)
        report = first.stdout + first.stderr
        assert first.returncode != 0 and not BUILD_TRACEBACK.search(report), report
        assert [match[0] for match in PROBLEM.finditer(report)] == [
            f"{where[0]}:{where[1]}: snippet 'crashes': the Python process running this chain was killed by SIGKILL "
            "before the chain finished (os._exit(), a signal, or the system ran out of memory)"]
        again = mkdocs_build(site)  # nothing of the crash was cached
        assert again.returncode == 0, again.stdout + again.stderr
