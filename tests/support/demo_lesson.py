"""A demo lesson for the build's tests (no tests here): a content root written to a
temporary folder with one lesson in Bulgarian (its `shop` and `ask` snippets) and, when
asked, a quiz file; the problems a build finds in it; each quiz kind's sample quiz
(``quiz_kinds/<kind>/sample.yaml``), written to be placed after those snippets."""

import textwrap
from pathlib import Path

from lesson_builder import build_course
from lesson_builder.kinds import kind_folder

REPO = Path(__file__).resolve().parents[2]

FRONT = """---
title: "Демо"
summary: "Кратко"
---
"""

SHOP = '''```python id=shop hidden
from fake_client import Anthropic

TOOLS = [{"name": "get_order_status", "description": "Статус на поръчка. Ползвай го, когато клиентът пита къде е поръчката.",
          "input_schema": {"type": "object", "properties": {"order_id": {"type": "string"}}, "required": ["order_id"]}}]
client = Anthropic()
```

```python id=ask continues=shop
response = client.messages.create(model="claude-haiku-4-5", max_tokens=100, tools=TOOLS,
                                  messages=[{"role": "user", "content": "Къде е поръчка 1042?"}])
print(response.stop_reason)
```

```output
tool_use
```
'''


def write(root: Path, lesson: str, quizzes: str = "") -> Path:
    (root / "lessons" / "demo").mkdir(parents=True, exist_ok=True)
    (root / "lessons" / "demo" / "bg.md").write_text(FRONT + textwrap.dedent(lesson), encoding="utf-8")
    if quizzes:
        (root / "quizzes" / "demo").mkdir(parents=True, exist_ok=True)
        (root / "quizzes" / "demo" / "bg.yaml").write_text(textwrap.dedent(quizzes), encoding="utf-8")
    return root


def problems_of(root: Path, **options) -> list[str]:
    course = build_course(root, **{"use_cache": False, **options})
    return [str(problem) for problem in sorted(course.problems, key=lambda p: (p.path, p.line))]


def one_problem(root: Path) -> str:
    problems = problems_of(root)
    assert len(problems) == 1, "\n".join(problems)
    return problems[0]


def quiz_lesson(*quiz_ids: str) -> str:
    return SHOP + "\n" + "\n".join(f"::: quiz {quiz_id}\n" for quiz_id in quiz_ids)


def line_of(root: Path, relative: str, needle: str) -> int:
    lines = (root / relative).read_text(encoding="utf-8").split("\n")
    return next(i for i, line in enumerate(lines, start=1) if needle in line)


def sample(kind: str) -> str:
    """The kind's sample quiz, as quiz-file text (its opening comment left out, so that lines
    count from the quiz's first line)."""
    text = (REPO / kind_folder(kind) / "sample.yaml").read_text(encoding="utf-8")
    return "".join(line for line in text.splitlines(keepends=True) if not line.startswith("#"))


def sample_id(kind: str) -> str:
    return sample(kind).split("\n", 1)[0].removeprefix("- id: ").strip()


def quiz_config(root: Path, quiz_id: str) -> dict:
    """The page config the build writes for a quiz of the demo lesson (no problem allowed)."""
    course = build_course(root, use_cache=False)
    assert not course.problems, course.problems.report()
    return course.quiz_configs["bg/demo"][quiz_id]
