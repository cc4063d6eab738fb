"""Mutation tests: break the sample lesson one way at a time, in a copy of the site, and a
real `mkdocs build --strict` must fail naming the file and the line; the content tree of the
copy and the repository stay as they were."""

import re
import shutil

import pytest
from mkdocs.config import load_config
from mkdocs.livereload import LiveReloadServer

from support.authoring_copies import SAMPLE_ROOT
from support.site_copy import COURSE_FILE, SAMPLE, make_site_copy, mkdocs_build, tree_digest

LESSON, QUIZZES = SAMPLE


@pytest.fixture(scope="module")
def clean_site(tmp_path_factory):
    site = make_site_copy(tmp_path_factory.mktemp("site"))
    result = mkdocs_build(site)
    assert result.returncode == 0, result.stdout + result.stderr
    html = (site / "site" / "lessons" / "first-steps" / "index.html").read_text(encoding="utf-8")
    assert 'data-snippet="ask"' in html and 'data-kind="find-bug"' in html
    notice = (site / "site" / "ru" / "lessons" / "first-steps" / "index.html").read_text(encoding="utf-8")
    assert 'data-lesson-notice="first-steps"' in notice and "data-snippet" not in notice
    return site


def line_number(text: str, needle: str, occurrence: int = 1) -> int:
    lines = text.split("\n")
    found = [i for i, line in enumerate(lines, start=1) if needle in line]
    return found[occurrence - 1]


def change_output_character(text: str):
    line = line_number(text, "get_order_status {'order_id': '1042'}")
    lines = text.split("\n")
    lines[line - 1] = lines[line - 1].replace("'1042'", "'1043'")
    return "\n".join(lines), line


def key_wrong_predict_option(text: str):
    start = line_number(text, "id: second-call")
    lines = text.split("\n")
    keyed = next(i for i in range(start, len(lines)) if lines[i].strip() == "correct: true")
    del lines[keyed]
    second = next(i for i in range(keyed, len(lines)) if lines[i].strip().startswith("- output:"))
    lines.insert(second + 1, "      correct: true")
    return "\n".join(lines), second + 1


def mark_wrong_bug_line(text: str):
    line = line_number(text, "  line: 4")
    return text.replace("  line: 4\n", "  line: 3\n"), line


def break_yaml(text: str):
    line = line_number(text, "kind: predict-output")
    lines = text.split("\n")
    lines[line - 1] = "  kind: predict-output: [oops"
    return "\n".join(lines), line


def duplicate_quiz_id(text: str):
    line = line_number(text, "- id: second-call")
    return text.replace("- id: second-call", "- id: stop-reason"), line


def add_endless_snippet(text: str):
    lines = text.split("\n")
    at = line_number(text, "## Упражнение")
    lines[at - 1:at - 1] = ["```python id=spin timeout=1", "while True: pass", "```", ""]
    return "\n".join(lines), at + 1  # the line of the loop itself


def unmark_a_missing_translation(text: str):
    line = line_number(text, "in_progress: [fa, zh, ru, uk]")
    return text.replace("in_progress: [fa, zh, ru, uk]", "in_progress: [fa, zh, uk]"), line


def link_a_missing_lesson(text: str):
    lines = text.split("\n")
    at = line_number(text, "## Упражнение")
    lines[at - 1:at - 1] = ["Следва [урок, който го няма](../no-such-lesson/index.md).", ""]
    return "\n".join(lines), at


MUTATIONS = {
    "one-character-of-an-output": (LESSON, change_output_character, "shown output of snippet 'ask' differs"),
    "wrong-predict-output-key": (QUIZZES, key_wrong_predict_option, "is keyed correct, but the code prints"),
    "wrong-find-bug-line": (QUIZZES, mark_wrong_bug_line, "with the fix on line 3"),
    "broken-yaml": (QUIZZES, break_yaml, "malformed YAML"),
    "duplicate-quiz-id": (QUIZZES, duplicate_quiz_id, "duplicate quiz id 'stop-reason'"),
    "endless-snippet": (LESSON, add_endless_snippet, "snippet 'spin' does not finish"),
    "missing-translation-not-marked": (COURSE_FILE, unmark_a_missing_translation,
                                       "lesson 'first-steps' has no page in 'ru'"),
    "link-to-a-missing-lesson": (LESSON, link_a_missing_lesson, "link '../no-such-lesson/index.md' reaches no page"),
}


@pytest.mark.parametrize("name", list(MUTATIONS))
def test_each_mutation_fails_the_strict_build_with_file_and_line(name, clean_site, tmp_path):
    relative, mutate, message = MUTATIONS[name]
    repository_before = {path: (SAMPLE_ROOT / path).read_bytes() for path in SAMPLE}
    site = tmp_path / "site"
    shutil.copytree(clean_site, site, symlinks=True, ignore=shutil.ignore_patterns("site"))
    target = site / relative
    mutated, line = mutate(target.read_text(encoding="utf-8"))
    target.write_text(mutated, encoding="utf-8")
    before = tree_digest(site)

    result = mkdocs_build(site)

    report = result.stdout + result.stderr
    assert result.returncode != 0, report
    assert re.search(rf"{re.escape(relative)}:{line}: .*{re.escape(message)}", report), report
    assert tree_digest(site) == before
    assert {path: (SAMPLE_ROOT / path).read_bytes() for path in SAMPLE} == repository_before


def test_serve_watches_lessons_quizzes_and_the_fake_client(clean_site):
    config = load_config(str(clean_site / "mkdocs.yml"))
    plugin = config.plugins["lessons"]
    config.plugins.on_config(config)
    server = LiveReloadServer(builder=lambda: None, host="127.0.0.1", port=0, root=str(clean_site / "site"))
    try:
        plugin.on_serve(server, config=config, builder=lambda: None)
        watched = set(server._watched_paths)
    finally:
        server.server_close()
    for folder in ("lessons", "quizzes", "fake_client", "lesson_runtime"):
        assert str(clean_site / folder) in watched
