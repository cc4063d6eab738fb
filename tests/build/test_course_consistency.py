"""Checks across the course, on copies of real lessons: translations of a lesson have the
same snippet ids and quiz ids and kinds (a translation in progress is exempt); one language
never repeats a find-the-bug or a question in two lessons. Each problem at its file and line."""

import re
from pathlib import Path

import yaml

from support.authoring_copies import content_root, copy_sample
from lesson_builder import scan_course


def messages(root: Path) -> list[str]:
    """The problems, but those of the translation check: the Bulgarian page stands in for the
    Russian one here, and its Bulgarian strings and outputs are not what these tests are about
    (tests/build/test_authoring_tools.py holds that check's tests)."""
    return [str(p) for p in sorted(scan_course(root).problems, key=lambda p: (p.path, p.line))
            if ", not Russian: translate" not in p.message]


def translated(tmp_path: Path, in_progress=()) -> Path:
    """first-steps in bg, and the same page standing in for its Russian translation."""
    root = content_root(tmp_path, ["bg", "ru"], [{"slug": "first-steps", "in_progress": list(in_progress)}])
    copy_sample(root)
    if "ru" not in in_progress:
        copy_sample(root, as_lang="ru")
    return root


def line_of(path: Path, needle: str) -> int:
    return next(n for n, line in enumerate(path.read_text(encoding="utf-8").split("\n"), 1) if needle in line)


def test_translations_with_the_same_ids_pass(tmp_path):
    assert messages(translated(tmp_path)) == []


def test_a_translation_in_progress_is_exempt(tmp_path):
    assert messages(translated(tmp_path, in_progress=["ru"])) == []


def test_an_extra_snippet_in_a_translation_fails_at_its_line(tmp_path):
    root = translated(tmp_path)
    page = root / "lessons/first-steps/ru.md"
    page.write_text(page.read_text(encoding="utf-8") + "\n```python id=extra\nprint(1)\n```\n", encoding="utf-8")
    line = line_of(page, "id=extra")
    assert messages(root) == [f"lessons/first-steps/ru.md:{line}: snippet 'extra' is not in lessons/first-steps/bg.md: "
                              "translations of a lesson have the same snippet ids"]


def test_a_missing_snippet_and_quiz_are_named_with_the_line_in_the_other_language(tmp_path):
    root = translated(tmp_path)
    page, quizzes = root / "lessons/first-steps/ru.md", root / "quizzes/first-steps/ru.yaml"
    text = page.read_text(encoding="utf-8")
    page.write_text(re.sub(r"```python id=first-block continues=ask\n.*?```\n\n```output\n.*?```\n", "", text,
                           flags=re.S).replace("::: quiz who-does-what\n", ""), encoding="utf-8")
    items = quizzes.read_text(encoding="utf-8").split("\n- id: ")
    quizzes.write_text("\n- id: ".join(item for item in items if not item.startswith("who-does-what")),
                       encoding="utf-8")
    bg = root / "lessons/first-steps/bg.md"
    assert messages(root) == [
        f"lessons/first-steps/ru.md:1: snippet 'first-block' of lessons/first-steps/bg.md (line "
        f"{line_of(bg, 'id=first-block')}) is missing here: translations of a lesson have the same snippet ids",
        f"quizzes/first-steps/ru.yaml:1: quiz 'who-does-what' (multiple-choice) of quizzes/first-steps/bg.yaml (line "
        f"{line_of(root / 'quizzes/first-steps/bg.yaml', 'id: who-does-what')}) is missing here: translations of a "
        "lesson have the same quiz ids"]


def test_a_quiz_of_another_kind_in_a_translation_fails(tmp_path):
    root = translated(tmp_path)
    quizzes = root / "quizzes/first-steps/ru.yaml"
    text = quizzes.read_text(encoding="utf-8")
    # who-does-what as a find-bug would not read; an exercise with the same id reads fine
    start = text.index("- id: who-does-what")
    end = text.index("\n- id: ", start + 1)
    quizzes.write_text(text[:start] + "- id: who-does-what\n  kind: exercise\n  prompt: Напиши го.\n"
                       "  starter: print(1)\n  solution: print(2)\n" + text[end:], encoding="utf-8")
    line = line_of(quizzes, "kind: exercise")
    assert f"quizzes/first-steps/ru.yaml:{line}: quiz 'who-does-what' is a exercise here but a multiple-choice in " \
           f"quizzes/first-steps/bg.yaml" in "\n".join(messages(root))


def test_the_same_find_the_bug_in_two_lessons_of_a_language_fails_in_the_later_one(tmp_path):
    root = content_root(tmp_path, ["bg"], [{"slug": "first-steps"}, {"slug": "again", "prerequisites": ["first-steps"]}])
    copy_sample(root)
    quizzes = yaml.safe_load((root / "quizzes/first-steps/bg.yaml").read_text(encoding="utf-8"))
    # the same change of code under another id and prompt, in a lesson of its own
    bug = dict(next(quiz for quiz in quizzes if quiz["id"] == "find-the-id"), id="spot-it", prompt="Къде е грешката?")
    item = yaml.safe_dump([bug], allow_unicode=True, sort_keys=False)
    (root / "lessons/again").mkdir()
    (root / "lessons/again/bg.md").write_text('---\ntitle: "Пак"\nsummary: "Пак"\n---\n\n# Пак\n\n'
                                              "```python id=shop hidden\n" + _shop_code() + "```\n\n"
                                              "```python id=ask continues=shop\n" + _ask_code() + "```\n\n"
                                              "::: quiz spot-it\n", encoding="utf-8")
    (root / "quizzes/again").mkdir()
    (root / "quizzes/again/bg.yaml").write_text(item, encoding="utf-8")
    line = line_of(root / "quizzes/again/bg.yaml", "line:")
    first = line_of(root / "quizzes/first-steps/bg.yaml", "- id: find-the-id")
    assert messages(root) == [
        f"quizzes/again/bg.yaml:{line}: quiz 'spot-it' asks the same find-the-bug (the same faulty line and fix) as "
        f"quiz 'find-the-id' of quizzes/first-steps/bg.yaml (line {first}): one lesson per language asks it"]


def test_the_same_question_in_two_lessons_of_a_language_fails(tmp_path):
    root = content_root(tmp_path, ["bg"], [{"slug": "first-steps"}, {"slug": "again"}])
    copy_sample(root)
    copy_sample(root, as_slug="again")
    found = messages(root)
    assert found and all(problem.startswith("quizzes/again/bg.yaml:") for problem in found)
    assert any("asks the same question as quiz 'second-call' of quizzes/first-steps/bg.yaml" in p for p in found)


def _snippet(name: str) -> str:
    text = (Path(__file__).resolve().parents[2] / "lessons/first-steps/bg.md").read_text(encoding="utf-8")
    return re.search(rf"```python id={name}[^\n]*\n(.*?)```", text, re.S)[1]


def _shop_code() -> str:
    return _snippet("shop")


def _ask_code() -> str:
    return _snippet("ask")
