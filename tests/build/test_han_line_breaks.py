"""A line break inside a Chinese sentence shows as a space in Chromium and Safari: the build
reports each one in the prose of a zh lesson and in its quizzes' markdown fields, at its line,
and leaves code, Latin text and the other languages alone."""

from pathlib import Path

from support.authoring_copies import content_root
from lesson_builder import scan_course

MESSAGE = ("line break inside a Chinese sentence: browsers show it as a space; join the lines "
           "(one line per paragraph)")

PAGE = """---
title: "演示"
summary: "一句话。"
---

# 演示

程序送回结果，
模型作答。

说明见
`text_of`，它只取 text 块。

!!! note "提示"
    缩进的段落也一样：结果
    送回去。

```text
代码块里的中文
可以换行
```

::: quiz pick
"""

QUIZZES = """- id: pick
  kind: multiple-choice
  prompt: |
    哪一个
    是对的？

    ```text
    代码里的中文
    照样换行
    ```
  options:
    - text: 这个
      correct: true
      explanation: 因为它折行时
        会变成空格。
    - text: 那个
      explanation: |
        它不对。
"""


def problems(tmp_path: Path, page: str = PAGE, quizzes: str = QUIZZES) -> list[str]:
    root = content_root(tmp_path, ["zh", "bg"], [{"slug": "demo"}])
    for lang in ("zh", "bg"):  # the same text under bg: only the zh page is written in Han
        (root / "lessons" / "demo").mkdir(parents=True, exist_ok=True)
        (root / "lessons" / "demo" / f"{lang}.md").write_text(page, encoding="utf-8")
        (root / "quizzes" / "demo").mkdir(parents=True, exist_ok=True)
        (root / "quizzes" / "demo" / f"{lang}.yaml").write_text(quizzes, encoding="utf-8")
    return [str(p) for p in sorted(scan_course(root).problems, key=lambda p: (p.path, p.line))]


def line_of(text: str, needle: str) -> int:
    return next(n for n, line in enumerate(text.split("\n"), 1) if line.rstrip().endswith(needle))


def test_breaks_between_han_in_prose_and_quiz_texts_are_reported_at_their_lines(tmp_path):
    assert problems(tmp_path) == [
        f"lessons/demo/zh.md:{line_of(PAGE, '程序送回结果，')}: {MESSAGE}",
        f"lessons/demo/zh.md:{line_of(PAGE, '缩进的段落也一样：结果')}: {MESSAGE}",
        f"quizzes/demo/zh.yaml:{line_of(QUIZZES, '哪一个')}: {MESSAGE}",
        f"quizzes/demo/zh.yaml:{line_of(QUIZZES, '因为它折行时')}: {MESSAGE}",
    ]


def test_pages_with_one_line_per_paragraph_pass(tmp_path):
    page = PAGE.replace("结果，\n模型", "结果，模型").replace("结果\n    送回", "结果送回")
    quizzes = (QUIZZES.replace("哪一个\n    是对的", "哪一个是对的")
               .replace("折行时\n        会变成", "折行时会变成"))
    assert problems(tmp_path, page, quizzes) == []
