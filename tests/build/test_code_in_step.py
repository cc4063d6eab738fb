"""Translations of a lesson run the same code with their own words: the build refuses a
snippet whose code differs beyond its strings, print calls and comments (unless it says
why, differs=), and `sync` carries one translation's code into the others."""

import subprocess
import sys
import textwrap
from pathlib import Path

from lesson_builder import build_course
from lesson_builder._code_shape import carry_code, code_shape, same_code

FRONT = '---\ntitle: "{title}"\nsummary: "{title}"\n---\n\n'


def shape(code: str) -> list[str]:
    return [token.text for token in code_shape(textwrap.dedent(code))]


def test_words_are_not_code_but_names_numbers_and_calls_are():
    assert same_code('q = "Къде е 1042?"  # въпрос\n', "q = 'Где заказ 1042?'\n")
    assert same_code('d = ("дълго "\n     "описание")\n', 'd = "描述"\n'), "a literal split and grouped"
    assert same_code("t = [1, 2,]\n", "t = [1, 2]\n"), "a comma after the last item"
    assert same_code('print("отговор:", n, "броя")\n', 'print(f"ответ: {n} шт.")\n'), "a printed sentence"
    assert not same_code('print("отговор:", n)\n', 'print(f"ответ: {m}")\n'), "it prints something else"
    assert not same_code("history = []\n", "messages = []\n")
    assert not same_code("MAX_TOKENS = 1024\n", "MAX_TOKENS = 4096\n")
    assert not same_code('f("a")\n', 'f(("a"))\nf\n')
    assert not same_code('x = f("a")\n', 'x = "a"\n'), "a call's parentheses are code"
    assert shape('print("a")\n') == ["print", "(", "<printed>", ")"]


def test_carry_code_puts_this_pages_words_into_the_other_code():
    source = 'MAX = 8\nq = "Къде е 1042?"  # бг\nprint("общо:", MAX)\n'
    target = 'MAX = 10\nq = "订单1042在哪？"  # 中文\nprint(f"共{MAX}")\n'
    assert carry_code(source, target) == ('MAX = 8\nq = "订单1042在哪？"  # 中文\nprint(f"共{MAX}")\n', "")
    code, why = carry_code(source, 'MAX = 10\nq = "a" + "b"\nprint(MAX)\n')
    assert code is None and why == "it has 2 string literals and the other 1: carry it by hand"


def lesson(snippet: str, title: str) -> str:
    return FRONT.format(title=title) + "```python id=ask\n" + snippet + "```\n"


def write_course(root: Path, bg: str, ru: str, ru_fence: str = "id=ask") -> Path:
    (root / "lessons" / "demo").mkdir(parents=True)
    (root / "lessons" / "course.yaml").write_text(textwrap.dedent("""\
        languages: [bg, ru]
        lessons:
          - slug: demo
            title: {bg: Демо, ru: Демо}
            focus: {bg: Демо, ru: Демо}
        """), encoding="utf-8")
    (root / "lessons" / "demo" / "bg.md").write_text(lesson(bg, "Демо"), encoding="utf-8")
    (root / "lessons" / "demo" / "ru.md").write_text(lesson(ru, "Демо").replace("id=ask", ru_fence), encoding="utf-8")
    return root


BG = 'MAX_STEPS = 4\nquestion = "Къде е поръчка 1042?"\nprint("въпрос:", question)\n'
RU = 'MAX_STEPS = 5\nquestion = "Где заказ 1042?"\nprint(f"вопрос: {question}")\n'


def code_problems(root: Path) -> list[str]:
    return [str(p) for p in build_course(root, use_cache=False, render=False).problems if "with other words" in str(p)
            or "differs=" in str(p)]


def test_a_translation_whose_code_differs_is_refused_at_the_line_where_it_parts(tmp_path):
    root = write_course(tmp_path, BG, RU)
    assert code_problems(root) == [
        "lessons/demo/ru.md:7: snippet 'ask' is not the code of lessons/demo/bg.md (line 6) with other words: here "
        "`5`, there `4` (its line 7). Make it the same code (python -m lesson_builder sync demo --from bg carries it "
        "over and keeps this page's words), or say why it differs with differs=<reason> on its fence"]


def test_a_snippet_that_says_why_it_differs_is_left_alone_and_a_reason_is_required(tmp_path):
    assert code_problems(write_course(tmp_path / "a", BG, RU, "id=ask differs=steps-per-language")) == []
    problems = code_problems(write_course(tmp_path / "b", BG, RU, "id=ask differs="))
    assert problems == ["lessons/demo/ru.md:6: differs= needs a reason (one word or words-joined-by-dashes): why "
                        "this snippet's code is not the other translations' code"]


def test_sync_carries_the_code_keeps_the_words_and_then_the_build_agrees(tmp_path):
    root = write_course(tmp_path, BG, RU)
    done = subprocess.run([sys.executable, "-m", "lesson_builder", "--root", str(root), "sync", "demo", "--from", "bg"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "lessons/demo/ru.md: code of ask carried over from bg\n"
    assert (root / "lessons/demo/ru.md").read_text(encoding="utf-8") == lesson(
        'MAX_STEPS = 4\nquestion = "Где заказ 1042?"\nprint(f"вопрос: {question}")\n', "Демо")
    assert code_problems(root) == []
    again = subprocess.run([sys.executable, "-m", "lesson_builder", "--root", str(root), "sync", "demo", "--from", "bg"],
                           capture_output=True, text=True)
    assert again.stdout == "every translation of 'demo' already runs the code of bg\n"


def test_sync_names_what_it_cannot_carry_and_an_unknown_lesson(tmp_path):
    root = write_course(tmp_path, BG, 'MAX_STEPS = 5\nquestion = "Где" + "заказ?"\nprint(question)\n')
    done = subprocess.run([sys.executable, "-m", "lesson_builder", "--root", str(root), "sync", "demo", "--from", "bg"],
                          capture_output=True, text=True)
    assert done.returncode == 1
    assert done.stderr == ("lessons/demo/ru.md:6: snippet 'ask': it has 2 string literals and the other 1: carry it "
                           "by hand\n")
    unknown = subprocess.run([sys.executable, "-m", "lesson_builder", "--root", str(root), "sync", "dmeo", "--from",
                              "bg"], capture_output=True, text=True)
    assert (unknown.returncode, unknown.stderr) == (2, "sync: no lesson 'dmeo' (lessons: demo)\n")
