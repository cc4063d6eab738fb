"""Models in one place: ``models:`` of the course file, checked against fake_client's catalogue
on the build's day (unknown or retired: a problem at its line; retiring soon: a warning that
fails nothing); the course's setup that assigns them starts every run, in the build and in the
page's configs; lesson code that types a model id is refused at its line. Each check is shown
failing on a sample mistake, in a small course built for real (chains run)."""

import datetime
import os
import subprocess
import sys
from pathlib import Path

import pytest

from lesson_builder import build_course
from lesson_builder._course_file import parse_outline
from lesson_builder._course_models import check_models, setup_code
from lesson_builder._problems import Problems

REPO = Path(__file__).resolve().parents[2]

COURSE = """\
languages: [bg]

models:
  MODEL: claude-sonnet-5
  OPENAI_MODEL: gpt-5.6-terra

lessons:
  - slug: demo
    title: {bg: "Демо"}
    focus: {bg: "Урокът за проба."}
    prerequisites: []
    in_progress: []
"""

PAGE = """\
---
title: "Демо"
summary: "Кратко"
---

# Демо

Първо без модел.

```python id=plain
print("без модел")
```

```output
без модел
```

После с модела на курса.

```python id=ask
from fake_client import Anthropic

response = Anthropic().messages.create(model=MODEL, max_tokens=64,
                                       messages=[{"role": "user", "content": "Здравей!"}])
print(MODEL, response.model)
```

```output
claude-sonnet-5 claude-sonnet-5
```

```python id=again continues=ask
print(response.stop_reason)
```

```output
end_turn
```

::: quiz which-model
"""

QUIZZES = """\
- id: which-model
  kind: predict-output
  prompt: |
    Какво ще отпечата кодът?
  code: |
    print(MODEL)
  options:
    - output: "claude-sonnet-5"
      correct: true
      explanation: |
        Името идва от курса.
    - output: "MODEL"
      explanation: |
        Това е името на променливата, не стойността ѝ.
"""


def write_course(root: Path, course: str = COURSE, page: str = PAGE, quizzes: str = QUIZZES) -> Path:
    for relative, text in (("lessons/course.yaml", course), ("lessons/demo/bg.md", page),
                           ("quizzes/demo/bg.yaml", quizzes)):
        if not text:
            continue
        (root / relative).parent.mkdir(parents=True, exist_ok=True)
        (root / relative).write_text(text, encoding="utf-8")
    return root


def build(root: Path, **options):
    return build_course(root, use_cache=False, **{"render": False, **options})


def problems_of(course) -> list[str]:
    return [str(problem) for problem in sorted(course.problems, key=lambda p: (p.path, p.line))]


def line_of(text: str, needle: str) -> int:
    return next(number for number, line in enumerate(text.split("\n"), start=1) if needle in line)


# --- the course's setup: every run, the build's and the page's ---------------------------

def test_the_course_setup_starts_every_run_in_the_build_and_in_the_page_configs(tmp_path):
    course = build(write_course(tmp_path), render=True)
    assert problems_of(course) == [] and list(course.warnings) == []
    setup = setup_code({"MODEL": "claude-sonnet-5", "OPENAI_MODEL": "gpt-5.6-terra"})
    assert setup == 'MODEL = "claude-sonnet-5"\nOPENAI_MODEL = "gpt-5.6-terra"\n'
    assert course.transcript("bg/demo", "ask")["output"] == "claude-sonnet-5 claude-sonnet-5\n"
    # The page runs what the build ran: the course's setup first, then the continued chain.
    lesson = course.lessons["bg/demo"]
    assert lesson.setup("ask") == [setup, lesson.snippets["ask"].code]
    assert lesson.setup(None) == [setup]
    assert course.quiz_configs["bg/demo"]["which-model"]["setup"] == [setup]
    page = course.pages["bg/demo"]
    blocks = list(page.blocks.values())
    assert '"setup":["MODEL = \\"claude-sonnet-5\\"\\nOPENAI_MODEL = \\"gpt-5.6-terra\\"\\n"]' in blocks[1]


def test_the_models_are_shown_once_collapsed_before_the_first_snippet_that_uses_them(tmp_path):
    page = build(write_course(tmp_path), render=True).pages["bg/demo"]
    plain, ask, again = (page.blocks[token] for token in list(page.blocks)[:3])
    assert "data-course-models" not in plain  # it uses no model: nothing to show yet
    assert ask.startswith('<details class="lesson-setup" data-course-models><summary>')
    assert 'MODEL = &quot;claude-sonnet-5&quot;' in ask and ask.index("</details>") < ask.index("data-snippet")
    assert "data-course-models" not in again
    assert sum("data-course-models" in block for block in page.blocks.values()) == 1


def test_a_course_without_models_runs_without_a_setup(tmp_path):
    page = PAGE.split("После с модела")[0]
    course = build(write_course(tmp_path, COURSE.replace(
        "models:\n  MODEL: claude-sonnet-5\n  OPENAI_MODEL: gpt-5.6-terra\n\n", ""), page, ""))
    assert course.lessons["bg/demo"].setup(None) == []
    assert problems_of(course) == []


# --- the ids, judged on the build's day ------------------------------------------------

def test_an_id_the_catalogue_does_not_know_is_one_problem_at_its_line_and_nothing_runs(tmp_path):
    course_text = COURSE.replace("MODEL: claude-sonnet-5", "MODEL: claude-sonet-5")
    course = build(write_course(tmp_path, course_text))
    assert problems_of(course) == [
        f"lessons/course.yaml:{line_of(course_text, 'claude-sonet-5')}: model 'claude-sonet-5' (MODEL) is not in "
        "fake_client's catalogue (fake_client/_models.py) (did you mean 'claude-sonnet-5'?): the API answers 404 "
        "to a model it does not know"]
    assert course.chains_run == 0  # every run would be that 404, said again per snippet and quiz


def test_an_id_is_refused_from_its_retirement_day_and_warned_of_before(tmp_path, monkeypatch):
    course_text = COURSE.replace("OPENAI_MODEL: gpt-5.6-terra", "OPENAI_MODEL: gpt-5")  # shut down 2026-12-11
    root = write_course(tmp_path, course_text)
    line = line_of(course_text, "gpt-5")
    monkeypatch.setenv("FAKE_CLIENT_TODAY", "2026-12-11")
    retired = build(root)
    assert problems_of(retired) == [
        f"lessons/course.yaml:{line}: model 'gpt-5' (OPENAI_MODEL) retired on 2026-12-11: the API refuses it "
        "since; name a current model (the provider's deprecations page names the replacement)"]
    monkeypatch.setenv("FAKE_CLIENT_TODAY", "2026-12-10")
    day_before = build(root)
    assert problems_of(day_before) == []
    assert [str(warning) for warning in day_before.warnings] == [
        f"lessons/course.yaml:{line}: model 'gpt-5' (OPENAI_MODEL) retires on 2026-12-11, in 1 day: move the "
        "course to a current model before then (the provider's deprecations page names the replacement)"]


def test_a_warning_is_printed_by_check_and_fails_nothing(tmp_path):
    root = write_course(tmp_path, COURSE.replace("OPENAI_MODEL: gpt-5.6-terra", "OPENAI_MODEL: gpt-5"))
    checked = subprocess.run([sys.executable, "-m", "lesson_builder", "--root", str(root), "check"], cwd=REPO,
                             env={**os.environ, "FAKE_CLIENT_TODAY": "2026-12-05"}, capture_output=True, text=True,
                             timeout=300)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "warning: lessons/course.yaml:5: model 'gpt-5' (OPENAI_MODEL) retires on 2026-12-11, in 6 days" \
        in checked.stderr


@pytest.mark.parametrize(("day", "said"), [
    ("2026-10-11", ""),  # 61 days before: nothing yet
    ("2026-10-12", "warning"),  # 60 days before
    ("2026-12-10", "warning"),
    ("2026-12-11", "problem"),  # the day itself: the API refuses it
    ("2027-03-01", "problem"),
])
def test_the_margin_is_sixty_days_and_the_day_itself_is_refused(day, said):
    models = parse_outline("lessons/course.yaml", COURSE.replace("gpt-5.6-terra", "gpt-5-mini"), Problems()).models
    problems, warnings = Problems(), Problems()
    refused = check_models("lessons/course.yaml", models, problems, warnings, on=datetime.date.fromisoformat(day))
    assert ("problem" if problems else "warning" if warnings else "") == said
    assert refused == (said == "problem")


@pytest.mark.parametrize(("models", "at", "says"), [
    ("models:\n  model: claude-sonnet-5\n", "model:", "model name 'model' must be a Python constant"),
    ("models:\n  MODEL:\n", "MODEL:", "model 'MODEL' needs a model id"),
    ("models: [claude-sonnet-5]\n", "models:", "'models' maps the name lesson code uses to a model id"),
    ("model:\n  MODEL: claude-sonnet-5\n", "model:", "unknown key 'model' in the course file (did you mean 'models'?)"),
])
def test_the_models_entry_is_read_with_its_lines(models, at, says):
    text = COURSE.replace("models:\n  MODEL: claude-sonnet-5\n  OPENAI_MODEL: gpt-5.6-terra\n", models)
    problems = Problems()
    outline = parse_outline("lessons/course.yaml", text, problems)
    assert [str(problem) for problem in problems] == [
        f"lessons/course.yaml:{line_of(text, at)}: {problem.message}" for problem in problems]
    assert len(problems) == 1 and says in next(iter(problems)).message
    assert outline.model_ids() == {}


# --- lesson code names no model id ------------------------------------------------------

def test_a_model_id_typed_in_a_snippet_is_refused_at_its_line(tmp_path):
    typed = 'model="claude-sonnet-5",'
    page = PAGE.replace("model=MODEL,", typed)
    course = build(write_course(tmp_path, page=page))
    assert problems_of(course) == [
        f"lessons/demo/bg.md:{line_of(page, typed)}: snippet 'ask' types the model id "
        "'claude-sonnet-5': lesson code names no model id; use MODEL, which the course's setup defines (the build "
        "checks the course's ids against the catalogue)"]


def test_a_model_id_the_course_does_not_name_is_refused_too_and_told_where_to_name_it(tmp_path):
    page = PAGE.replace("model=MODEL,", 'model="claude-haiku-4-5",').replace(
        "claude-sonnet-5 claude-sonnet-5", "claude-sonnet-5 claude-haiku-4-5")
    problems = problems_of(build(write_course(tmp_path, page=page)))
    assert len(problems) == 1 and "types the model id 'claude-haiku-4-5'" in problems[0]
    assert "add it to 'models:' in lessons/course.yaml under a name, and use that name" in problems[0]


def test_a_model_id_typed_in_a_quizs_code_is_refused_at_its_line(tmp_path):
    quizzes = QUIZZES.replace("print(MODEL)", 'print("gpt-5.6-terra" and MODEL)')
    problems = problems_of(build(write_course(tmp_path, quizzes=quizzes)))
    assert problems == [f"quizzes/demo/bg.yaml:{line_of(quizzes, 'print(')}: quiz 'which-model' types the model id "
                        "'gpt-5.6-terra': lesson code names no model id; use OPENAI_MODEL, which the course's setup "
                        "defines (the build checks the course's ids against the catalogue)"]


def test_a_retired_id_may_be_typed_to_show_the_404_it_gets(tmp_path):
    page = PAGE.replace("model=MODEL,", 'model="claude-sonnet-4-0",')
    course = build(write_course(tmp_path, page=page))
    # Not refused as typed: the run gets the API's 404 (here a problem only because the page
    # shows another output; a lesson about it would show the traceback).
    assert [p for p in problems_of(course) if "types the model id" in p] == []
    assert "NotFoundError" in course.transcript("bg/demo", "ask")["output"]
    assert "model: claude-sonnet-4-0" in course.transcript("bg/demo", "ask")["output"]
