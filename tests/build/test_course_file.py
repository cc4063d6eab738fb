"""The course file (lessons/course.yaml) and the checks of the course as a whole, without
MkDocs: every lesson in every language or marked in progress, links in the lesson's own
language, each problem at its file and line."""

import textwrap
from pathlib import Path

import yaml

from lesson_builder import scan_course
from lesson_builder._course_file import parse_outline
from lesson_builder._course_pages import frame_html, notice_markdown
from lesson_builder._problems import Problems
from lesson_builder._strings import ui_text
from support.languages import COURSE_LANGUAGES

REPO = Path(__file__).resolve().parents[2]

COURSE = """\
languages: [bg, ru]
lessons:
  - slug: one
    title: {bg: "Едно", ru: "Один"}
    focus: {bg: "Първият урок.", ru: "Первый урок."}
    prerequisites: []
    in_progress: [ru]
  - slug: two
    title: {bg: "Две", ru: "Два"}
    focus: {bg: "Вторият урок.", ru: "Второй урок."}
    prerequisites: [one]
    in_progress: []
"""


def lesson(body: str = "Текст.\n") -> str:
    return '---\ntitle: "Урок"\nsummary: "Кратко"\n---\n\n# Урок\n\n' + textwrap.dedent(body)


def make_course(root: Path, course: str = COURSE, pages: dict | None = None) -> Path:
    (root / "lessons").mkdir(parents=True, exist_ok=True)
    (root / "lessons" / "course.yaml").write_text(course, encoding="utf-8")
    for name, text in (pages or {"one/bg.md": lesson(), "two/bg.md": lesson(), "two/ru.md": lesson()}).items():
        (root / "lessons" / name).parent.mkdir(parents=True, exist_ok=True)
        (root / "lessons" / name).write_text(text, encoding="utf-8")
    return root


def problems_of(root: Path) -> list[str]:
    return [str(p) for p in sorted(scan_course(root).problems, key=lambda p: (p.path, p.line))]


def test_a_complete_course_has_no_problems_and_keeps_its_order(tmp_path):
    course = scan_course(make_course(tmp_path))
    assert [str(p) for p in course.problems] == []
    assert course.outline.slugs() == ["one", "two"]
    assert course.outline.next_of("one").slug == "two" and course.outline.next_of("two") is None
    assert course.outline.lesson("one").in_progress == {"ru"}


def test_the_repositorys_course_is_read_in_the_order_of_its_file():
    # Read from the file itself, never listed here: an author who adds a lesson changes no test.
    # The order is the course plan's (docs/authoring/plan.md): test_course_plan.py checks it.
    written = yaml.safe_load((REPO / "lessons" / "course.yaml").read_text(encoding="utf-8"))
    course = scan_course(REPO)
    assert [str(p) for p in course.problems] == []
    assert course.outline.slugs() == [entry["slug"] for entry in written["lessons"]]
    # The course's languages are the registry's (lessons/languages.yaml), not a second list here.
    assert "languages" not in written and course.outline.languages == list(COURSE_LANGUAGES)
    for entry in course.outline.lessons:
        for lang in course.outline.languages:
            written = (REPO / "lessons" / entry.slug / f"{lang}.md").is_file()
            assert written != (lang in entry.in_progress), f"{entry.slug}/{lang}"


def test_a_missing_translation_fails_unless_marked_in_progress(tmp_path):
    root = make_course(tmp_path, COURSE.replace("in_progress: [ru]", "in_progress: []"))
    assert problems_of(root) == [
        "lessons/course.yaml:7: lesson 'one' has no page in 'ru' (lessons/one/ru.md): write it, or list 'ru' "
        "in its in_progress to show a notice meanwhile"]


def test_a_mark_on_a_written_translation_must_go(tmp_path):
    root = make_course(tmp_path, COURSE.replace("prerequisites: [one]\n    in_progress: []",
                                                "prerequisites: [one]\n    in_progress: [ru]"))
    assert problems_of(root) == [
        "lessons/course.yaml:12: 'ru' of lesson 'two' is marked in progress, but lessons/two/ru.md exists: "
        "remove 'ru' from its in_progress"]


def test_a_lesson_outside_the_course_file_is_reported(tmp_path):
    root = make_course(tmp_path, pages={"one/bg.md": lesson(), "two/bg.md": lesson(), "two/ru.md": lesson(),
                                        "tow/bg.md": lesson()})
    assert problems_of(root) == [
        "lessons/tow/bg.md:1: lesson 'tow' is not in lessons/course.yaml: add it there in its place "
        "(did you mean 'two'?)"]


def test_course_file_problems_name_their_lines():
    broken = (COURSE.replace('focus: {bg: "Вторият урок.", ru: "Второй урок."}', 'focus: {bg: "Вторият урок."}')
              .replace("prerequisites: []", "prerequisites: [two]")
              .replace("prerequisites: [one]", "prerequisites: [one, tree]")
              .replace("in_progress: [ru]", "in_progress: [ru, en]"))
    problems = Problems()
    parse_outline("lessons/course.yaml", broken, problems)
    assert problems.report().split("\n") == [
        "lessons/course.yaml:6: lesson 'one' needs 'two': a prerequisite must come earlier in the course",
        "lessons/course.yaml:7: 'en' in in_progress of 'one' is not one of the course's languages (bg, ru)",
        "lessons/course.yaml:10: lesson 'two' has no focus in 'ru'",
        "lessons/course.yaml:11: lesson 'two' needs 'tree': there is no lesson 'tree' in the course",
    ]


def test_a_language_in_progress_needs_no_title_or_focus_and_its_notice_says_so_in_its_language(tmp_path):
    # Lesson 'one' is written in Bulgarian only: its author writes no Russian line.
    course = COURSE.replace('title: {bg: "Едно", ru: "Один"}', 'title: {bg: "Едно"}').replace(
        'focus: {bg: "Първият урок.", ru: "Первый урок."}', 'focus: {bg: "Първият урок."}')
    problems = Problems()
    outline = parse_outline("lessons/course.yaml", course, problems)
    assert problems.report() == ""
    one = outline.lesson("one")
    assert one.title_in("ru") == ("Едно", "bg") and one.title_in("bg") == ("Едно", "bg")
    notice = notice_markdown(REPO, outline, one, "ru")
    assert '# <span lang="bg">Едно</span>' in notice and '<p><span lang="bg">Първият урок.</span></p>' in notice
    assert ui_text(REPO, "ru", "course.notice.untitled") in notice
    assert "не переведены на русский" in ui_text(REPO, "ru", "course.notice.untitled")
    # The next written page links to it under the written title, marked as Bulgarian.
    above, _ = frame_html(REPO, outline, "two", "ru")
    assert '<a href="../one/" data-prerequisite="one"><span lang="bg">Едно</span></a>' in above
    # A written language still needs both, and an empty line for a language in progress is a slip.
    problems = Problems()
    parse_outline("lessons/course.yaml", course.replace("in_progress: [ru]", "in_progress: []")
                  .replace('title: {bg: "Две", ru: "Два"}', 'title: {bg: "Две", ru: ""}'), problems)
    assert problems.report().split("\n") == [
        "lessons/course.yaml:4: lesson 'one' has no title in 'ru'",
        "lessons/course.yaml:5: lesson 'one' has no focus in 'ru'",
        "lessons/course.yaml:9: lesson 'two' has no title in 'ru'",
    ]
    # A notice whose language has its own title and focus says nothing of the kind.
    complete = parse_outline("lessons/course.yaml", COURSE, Problems())
    assert ui_text(REPO, "ru", "course.notice.untitled") not in notice_markdown(
        REPO, complete, complete.lesson("one"), "ru")


def test_links_resolve_in_the_lessons_language_and_name_their_line(tmp_path):
    body = """\
    Назад към [първия урок](../one/index.md), към [същия като папка](../one/), към
    [речника](../../glossary.md) и [пясъчника](../../playground.md).

    После [урок, който го няма](../three/index.md) и [руския урок](../../../ru/lessons/two/index.md).

    ```python
    print("[не е връзка](../nowhere/index.md)")
    ```

    И `[нито това](../nowhere/index.md)`, но <a href="../../nowhere.md">това е</a>.
    """
    root = make_course(tmp_path, pages={"one/bg.md": lesson(), "two/bg.md": lesson(body), "two/ru.md": lesson()})
    (root / "docs" / "bg").mkdir(parents=True)
    (root / "docs" / "bg" / "playground.md").write_text("# P\n", encoding="utf-8")
    (root / "lessons" / "GLOSSARY.bg.md").write_text("# Речник\n", encoding="utf-8")
    assert problems_of(root) == [
        "lessons/two/bg.md:11: link '../three/index.md' reaches no page (it resolves to "
        "bg/lessons/three/index.md); there is no lesson 'three' in lessons/course.yaml",
        "lessons/two/bg.md:11: link '../../../ru/lessons/two/index.md' leads to the 'ru' pages; links stay in the "
        "lesson's language (the language switcher changes languages)",
        "lessons/two/bg.md:17: link '../../nowhere.md' reaches no page (it resolves to bg/nowhere.md)",
    ]


def test_a_link_to_a_lesson_in_progress_is_fine(tmp_path):
    root = make_course(tmp_path, pages={"one/bg.md": lesson(), "two/bg.md": lesson(),
                                        "two/ru.md": lesson("Сначала [первый урок](../one/index.md).\n")})
    assert problems_of(root) == []


def test_a_lessons_own_glossary_must_join_the_course_glossary(tmp_path):
    root = make_course(tmp_path)
    (root / "lessons" / "one" / "GLOSSARY.bg.md").write_text("# Речник\n", encoding="utf-8")
    assert problems_of(root) == [
        "lessons/one/GLOSSARY.bg.md:1: one glossary per language for the whole course: move these terms into "
        "lessons/GLOSSARY.bg.md and delete this file"]


PLACE_PROSE = {  # one phrase a language, the forms prose uses
    "bg": "Повече за това — в\nследващия урок.",
    "ru": "Сам цикл ты построил в прошлом уроке.",
    "uk": "Про них коротко скаже наступний урок.",
    "fa": "حلقه را در درس قبل ساختید.",
    "zh": "下一课会把两种写法并排展示。",
}


def test_prose_that_names_a_lesson_by_its_place_is_refused_in_every_language(tmp_path):
    languages = list(PLACE_PROSE)
    course = (f"languages: [{', '.join(languages)}]\nlessons:\n"
              "  - slug: one\n    title: {bg: \"Едно\"}\n    focus: {bg: \"Първият урок.\"}\n"
              "    prerequisites: []\n    in_progress: []\n")
    body = "Текст.\n\n{prose}\n\n```python\nprint('следващия урок, 下一课')\n```\n\nИ `в следващия урок` в код.\n"
    pages = {f"one/{lang}.md": lesson(body.format(prose=prose)) for lang, prose in PLACE_PROSE.items()}
    root = make_course(tmp_path, course.replace('title: {bg: "Едно"}', "title: {" + ", ".join(
        f'{lang}: "x"' for lang in languages) + "}").replace('focus: {bg: "Първият урок."}', "focus: {" + ", ".join(
        f'{lang}: "y"' for lang in languages) + "}"), pages)
    words = {"bg": "следващия урок", "ru": "прошлом уроке", "uk": "наступний урок", "fa": "درس قبل", "zh": "下一课"}
    assert problems_of(root) == [
        f"lessons/one/{lang}.md:{11 if lang == 'bg' else 10}: '{words[lang]}' names a lesson by its place in the "
        "course, which only lessons/course.yaml holds (the page shows the next lesson under the lesson): name the "
        "lesson instead, as a link, e.g. [its title](../<slug>/index.md)" for lang in sorted(languages)]
    # Named by a link, the same sentence holds in any order of the course; "earlier lessons" names no place.
    pages = {f"one/{lang}.md": lesson("Виж [„Едно“](../one/index.md) и предишните уроци.\n") for lang in languages}
    assert problems_of(make_course(tmp_path, root.joinpath("lessons/course.yaml").read_text(encoding="utf-8"),
                                   pages)) == []


def test_links_in_a_quiz_text_resolve_from_the_lessons_page_and_name_their_line(tmp_path):
    root = make_course(tmp_path, pages={"one/bg.md": lesson(), "two/bg.md": lesson("Текст.\n\n::: quiz q\n"),
                                        "two/ru.md": lesson()})
    (root / "lessons" / "GLOSSARY.bg.md").write_text("# Речник\n", encoding="utf-8")
    (root / "quizzes" / "two").mkdir(parents=True)
    (root / "quizzes" / "two" / "bg.yaml").write_text(textwrap.dedent("""\
        - id: q
          kind: multiple-choice
          prompt: Кое? Виж [първия урок](../one/index.md).
          options:
            - text: Това
              correct: true
              explanation: |
                Така е: [речника](../../glossary.md), но не и
                [урок, който го няма](../three/index.md).
            - text: Онова
              explanation: Не, виж [руския урок](../../../ru/lessons/two/index.md).
        """), encoding="utf-8")
    found = [problem for problem in problems_of(root) if problem.startswith("quizzes/two/bg.yaml")]
    assert found == [
        "quizzes/two/bg.yaml:9: link '../three/index.md' reaches no page (it resolves to "
        "bg/lessons/three/index.md); there is no lesson 'three' in lessons/course.yaml",
        "quizzes/two/bg.yaml:11: link '../../../ru/lessons/two/index.md' leads to the 'ru' pages; links stay in the "
        "lesson's language (the language switcher changes languages)",
    ]
