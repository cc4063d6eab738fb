"""The authors' commands on temporary copies of real lessons: `coverage` counts what the
files hold, `new` lays a translation out like the written lesson, `fix` rewrites stale
outputs from the real run and prints the diff. And the built site: the author guide, with
the coverage table, linked from every page of every language and in no language's menu."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

from support.authoring_copies import REPO, content_root, copy_sample
from lesson_builder import scan_course
from lesson_builder._coverage import SITE_WORDS_TO, CoverageRow, coverage, coverage_markdown
from lesson_builder._mark_strings import is_text
from lesson_builder._text_language import foreign_language
from lesson_builder._translation_check import string_literals
from support.repo_course import repo_course

LANGUAGES = repo_course().outline.languages


def run_builder(root: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "lesson_builder", "--root", str(root), *args], cwd=REPO,
                          capture_output=True, text=True, timeout=900)


def test_coverage_counts_snippets_quizzes_and_marks_translations_in_progress(tmp_path):
    root = content_root(tmp_path, ["bg", "ru"], [{"slug": "first-steps", "in_progress": ["ru"]}])
    copy_sample(root)
    page = (root / "lessons/first-steps/bg.md").read_text(encoding="utf-8")
    quizzes = (root / "quizzes/first-steps/bg.yaml").read_text(encoding="utf-8")
    written, notice = coverage(scan_course(root))
    assert (written.slug, written.lang, written.page) == ("first-steps", "bg", "written")
    assert written.snippets == len(re.findall(r"^```python id=(?![^\n]*hidden)", page, re.M))
    assert written.quizzes == {kind: len(re.findall(rf"^  kind: {kind}$", quizzes, re.M))
                               for kind in set(re.findall(r"^  kind: (\S+)$", quizzes, re.M))}
    assert 100 < written.words < len(page.split())  # the prose only, code left out
    assert (notice.lang, notice.page, notice.snippets) == ("ru", "in progress", 0)
    printed = run_builder(root, "coverage")
    assert printed.returncode == 0, printed.stderr
    assert re.search(rf"^\| first-steps +\| bg +\| written +\| {written.snippets} +\|", printed.stdout, re.M)
    assert re.search(r"^\| first-steps +\| ru +\| in progress +\|", printed.stdout, re.M)


def test_the_guides_table_rounds_words_so_an_edited_sentence_leaves_it_as_it_was():
    # The default language's pages hold the guide: a table that changed at every edit would
    # build that language again whenever any language's sentence is edited under `mkdocs serve`.
    def table(words: int, **rounding) -> str:
        return coverage_markdown([CoverageRow("tool-loop", "ru", "written", 3, {}, words)], **rounding)
    assert table(2545, words_to=SITE_WORDS_TO) == table(2546, words_to=SITE_WORDS_TO)
    assert re.search(r"\| 2500 +\|$", table(2549, words_to=SITE_WORDS_TO), re.M)
    assert re.search(r"\| 2600 +\|$", table(2550, words_to=SITE_WORDS_TO), re.M)
    assert table(2545) != table(2546)  # the command's table: exact


def test_new_lays_a_translation_out_like_the_written_lesson(tmp_path):
    root = content_root(tmp_path, ["bg", "ru"], [{"slug": "first-steps", "in_progress": ["ru"]}])
    copy_sample(root)
    made = run_builder(root, "new", "first-steps", "ru")
    assert made.returncode == 0, made.stderr
    course = scan_course(root)
    bg, ru = course.lessons["bg/first-steps"], course.lessons["ru/first-steps"]
    unmarked = lambda text: text.replace("TO-WRITE (ru): ", "")  # noqa: E731
    assert [(s.id, unmarked(s.code), s.output, s.hidden, s.continues) for s in ru.snippets.values()] == \
           [(s.id, s.code, s.output, s.hidden, s.continues) for s in bg.snippets.values()]
    # Every text string of the code is marked; names, ids and keys (ASCII) are not.
    for snippet in ru.snippets.values():
        for _, literal in string_literals(snippet.code):
            assert ("TO-WRITE (ru): " in literal) == is_text(unmarked(literal)), (snippet.id, literal)
    assert '"TO-WRITE (ru): Къде е поръчка 1042?"' in ru.text and '"get_order_status"' in ru.text
    assert [p.id for p in ru.placements] == [p.id for p in bg.placements]
    bg_quizzes, ru_quizzes = course.quiz_files["bg/first-steps"].quizzes, course.quiz_files["ru/first-steps"].quizzes
    assert {q.id: q.kind for q in ru_quizzes.values()} == {q.id: q.kind for q in bg_quizzes.values()}
    for quiz_id, quiz in ru_quizzes.items():
        kept = {key: value for key, value in bg_quizzes[quiz_id].data.items() if key in ("code", "line", "fix", "output")}
        assert {key: unmarked(quiz.data[key]) if isinstance(quiz.data[key], str) else quiz.data[key]
                for key in kept} == kept
        assert quiz.data["prompt"].startswith("TO-WRITE (ru)")
    # no Bulgarian prose left in the Russian page; every text to write is a problem at its line,
    # and every copied output (Bulgarian until `fix` runs the translated code) too
    heading = re.search(r"^# (.+)$", bg.text, re.M)[1]
    assert heading not in ru.text and "TO-WRITE (ru)" in ru.text
    assert course.outline.lesson("first-steps").in_progress == set()
    problems = [str(p) for p in course.problems]
    assert problems and all("text left to write" in p or "is in Bulgarian" in p for p in problems), problems
    assert any(p.startswith("lessons/first-steps/ru.md:") and "output of snippet" in p for p in problems)
    assert any(p.startswith("quizzes/first-steps/ru.yaml:") for p in problems)
    again = run_builder(root, "new", "first-steps", "ru")
    assert again.returncode == 2 and "already exists" in again.stderr


def test_a_translation_whose_code_strings_or_outputs_are_in_another_language_is_refused(tmp_path):
    # The Bulgarian lesson copied as the Russian page, as if every mark had been deleted
    # without translating: a Bulgarian question on a Russian page.
    root = content_root(tmp_path, ["bg", "ru"], [{"slug": "first-steps"}])
    copy_sample(root)
    copy_sample(root, as_lang="ru")
    page = (root / "lessons/first-steps/ru.md").read_text(encoding="utf-8").split("\n")
    question = next(n for n, row in enumerate(page, 1) if '"Къде е поръчка 1042?"' in row)
    problems = [str(p) for p in scan_course(root).problems]
    assert (f"lessons/first-steps/ru.md:{question}: a string of snippet 'ask' is in Bulgarian ('ъ' in "
            "'\"Къде е поръчка 1042?\"'), not Russian: translate it (the model answers in the language it is "
            "asked in), then `fix` writes the outputs") in problems
    assert any(p.startswith("lessons/first-steps/ru.md:") and "the output of snippet" in p and "is in Bulgarian" in p
               for p in problems)
    assert any(p.startswith("quizzes/first-steps/ru.yaml:") and "is in Bulgarian" in p for p in problems)
    assert not any(p.startswith("lessons/first-steps/bg.md") or p.startswith("quizzes/first-steps/bg.yaml")
                   for p in problems)


def test_the_language_of_a_text_is_told_by_the_letters_and_words_only_it_has():
    cases = [("Къде е поръчка 1042?", "ru", "bg"), ("Где заказ SP-1024?", "bg", "ru"), ("Де моє замовлення?", "ru", "uk"),
             ("Что это?", "uk", "ru"), ("سفارش کجاست؟", "zh", "fa"), ("订单在哪里？", "fa", "zh"),
             ("Къде е поръчка?", "zh", "bg"), ("Заказ 1042", "zh", "bg/ru/uk"), ("budget-۲۰۲۵.md", "bg", None), ("объект", "bg", None),
             ("объект подъезд", "ru", None), ("order 1042", "uk", None), ("Заказ 1042", "bg", None)]
    assert [(text, page, (foreign_language(text, page) or (None,))[0]) for text, page, _ in cases] == cases


def test_new_adds_a_lesson_to_the_course_with_a_skeleton(tmp_path):
    root = content_root(tmp_path, ["bg", "ru"], [{"slug": "first-steps", "in_progress": ["ru"]}])
    copy_sample(root)
    made = run_builder(root, "new", "next-one", "ru")
    assert made.returncode == 0, made.stderr
    course = scan_course(root)
    entry = course.outline.lesson("next-one")
    assert entry.position == 2 and entry.prerequisites == ["first-steps"] and entry.in_progress == {"bg"}
    # A title and focus to write in the new page's language only: Bulgarian is in progress.
    assert entry.title == {"ru": "TO-WRITE (ru)"} and entry.focus == {"ru": "TO-WRITE (ru)"}
    problems = [str(p) for p in course.problems]
    assert problems and all("text left to write" in p for p in problems), problems
    # Every command it suggests runs as printed, where it was typed (no bare `python`, which
    # outside the venv lacks the packages): fix fills the output, check lists the marks left.
    commands = re.findall(r"^  \d+\. (\S*python -m .*?)(?:\s+#.*)?$", made.stdout, re.M)
    assert len(commands) == 2 and not re.search(r"(^|\s)python ", made.stdout), made.stdout
    for command in commands:
        ran = subprocess.run(command, shell=True, cwd=REPO, capture_output=True, text=True, timeout=900)
        assert ran.returncode in (0, 1) and "text left to write" in ran.stdout + ran.stderr, (command, ran.stderr)
    assert "end_turn" in (root / "lessons/next-one/ru.md").read_text(encoding="utf-8")  # fix wrote the output


def test_new_places_a_lesson_after_the_one_named(tmp_path):
    root = content_root(tmp_path, ["bg", "ru"], [{"slug": "first-steps"}, {"slug": "later"}])
    made = run_builder(root, "new", "middle", "bg", "--after", "first-steps")
    assert made.returncode == 0, made.stderr
    assert "added to the course after 'first-steps'" in made.stdout
    outline = scan_course(root).outline
    assert outline.slugs() == ["first-steps", "middle", "later"]
    assert outline.lesson("middle").prerequisites == ["first-steps"] and outline.lesson("middle").in_progress == {"ru"}
    unknown = run_builder(root, "new", "other", "bg", "--after", "nowhere")
    assert unknown.returncode == 2 and unknown.stderr == (
        "new: --after places a new lesson; there is no lesson 'nowhere' in the course\n")
    at_the_end = run_builder(root, "new", "last-one", "bg")
    assert "at the end of the course (--after <slug> places it elsewhere)" in at_the_end.stdout


@pytest.fixture
def stale_copy(tmp_path):
    """first-steps in bg with a stale output block and a stale find-bug output."""
    root = content_root(tmp_path, ["bg"], [{"slug": "first-steps"}])
    copy_sample(root)
    page, quizzes = root / "lessons/first-steps/bg.md", root / "quizzes/first-steps/bg.yaml"
    originals = {page: page.read_text(encoding="utf-8"), quizzes: quizzes.read_text(encoding="utf-8")}
    page.write_text(originals[page].replace("{'order_id': '1042'}", "{'order_id': '1043'}", 1), encoding="utf-8")
    found = re.search(r"(- id: find-the-id\n(?:.*\n)*?  output: \|\n)((?:    .*\n)+)", originals[quizzes])
    quizzes.write_text(originals[quizzes].replace(found[0], found[1] + "    something else\n", 1), encoding="utf-8")
    assert scan_course(root).problems.items == []  # only a run can tell
    return root, originals


def test_fix_rewrites_stale_outputs_in_place_and_prints_the_diff(stale_copy):
    root, originals = stale_copy
    fixed = run_builder(root, "fix", "--no-cache")
    assert fixed.returncode == 0, fixed.stdout + fixed.stderr
    for path, text in originals.items():
        assert path.read_text(encoding="utf-8") == text, path
    assert "--- a/lessons/first-steps/bg.md" in fixed.stdout
    assert re.search(r"^-.*'order_id': '1043'", fixed.stdout, re.M)
    assert re.search(r"^\+.*'order_id': '1042'", fixed.stdout, re.M)
    assert re.search(r"^-    something else$", fixed.stdout, re.M)
    assert "2 output(s) rewritten in 2 file(s)" in fixed.stderr
    checked = run_builder(root, "check")
    assert checked.returncode == 0, checked.stdout + checked.stderr


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_links_to_the_one_author_guide(site, lang):
    prefix = site if lang == LANGUAGES[0] else site / lang
    for page in [prefix / "index.html", prefix / "lessons" / "first-steps" / "index.html"]:
        html = page.read_text(encoding="utf-8")
        link = re.search(r'<a href="([^"]+)" data-author-guide hreflang="en">([^<]+)</a>', html)
        assert link, page
        assert (page.parent / link[1] / "index.html").resolve() == (site / "authoring" / "index.html").resolve()
        primary = html[html.index("md-nav--primary"):html.index("md-sidebar--secondary")] \
            if "md-sidebar--secondary" in html else html[html.index("md-nav--primary"):]
        assert "authoring/" not in primary  # in no language's menu
        # the footer says nothing in English on a page in another language (Material's
        # "Made with Material for MkDocs" is left out of the copyright partial)
        footer = html[html.index('<div class="md-copyright">'):]
        assert "Made with" not in footer and "Material for MkDocs" not in footer


def test_the_author_guide_shows_the_coverage_table_and_the_commands(site):
    html = (site / "authoring" / "index.html").read_text(encoding="utf-8")
    text = re.sub(r"<[^>]+>", "", html)
    for command in ("coverage", "new tool-loop fa", "fix"):
        assert f"python -m lesson_builder {command}" in text
    table = html[html.index("<th>lesson</th>"):]
    table = table[:table.index("</table>")]
    outline = scan_course(REPO).outline
    for entry in outline.lessons:
        rows = re.findall(rf"<td>{entry.slug}</td>\s*<td>(\w+)</td>\s*<td>([\w ]+)</td>", table)
        assert {lang for lang, _ in rows} == set(outline.languages)
        assert {lang for lang, page in rows if page == "in progress"} == entry.in_progress
    words = re.findall(r"<td>(\d+)</td>\s*</tr>", table)
    assert words and all(int(count) % SITE_WORDS_TO == 0 for count in words)
