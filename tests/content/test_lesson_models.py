"""Models in one place: lesson code types no model id (the course file names them, the
course's setup assigns them), and the course's models do not retire soon, judged against the
real date (not the pinned one the other tests use): the build only warns within
``LESSON_MARGIN_DAYS`` of a retirement, so this test is what turns CI red in time to move the
course to a current model, well before the retirement day makes the build fail."""

import datetime
import re
from pathlib import Path

from fake_client._models import CATALOGUE, LESSON_MARGIN_DAYS
from lesson_builder._course_models import check_models
from lesson_builder._problems import Problems
from lesson_builder._translation_check import QUIZ_CODE, quiz_texts, string_literals
from support.repo_course import repo_course

REPO = Path(__file__).resolve().parents[2]
# Anything shaped like a model id, known to the catalogue or not (placeholders such as "gpt-x" aside).
MODEL_ID = re.compile(r"""^[rbuRBU]?["'](claude-[a-z0-9.-]+|gpt-[0-9][a-z0-9.-]*|o[0-9][a-z0-9.-]*)["']$""")


def typed_ids() -> list[str]:
    """'<file>:<line>: <id>' for every string literal of lesson or quiz code shaped like a model id."""
    course = repo_course()
    found = []
    for lesson in course.lessons.values():
        for snippet in lesson.snippets.values():
            found += [f"{lesson.path}:{snippet.line + row}: {text}" for row, text in string_literals(snippet.code)
                      if MODEL_ID.match(text)]
        quiz_file = course.quiz_files.get(lesson.key)
        lines = (REPO / quiz_file.path).read_text(encoding="utf-8").split("\n") if quiz_file else []
        for quiz in (quiz_file.quizzes.values() if quiz_file else []):
            for key, code, line in quiz_texts(quiz.data, lines):
                if key in QUIZ_CODE:
                    found += [f"{quiz.path}:{line + row - 1}: {text}" for row, text in string_literals(code)
                              if MODEL_ID.match(text)]
    return found


def test_no_lesson_code_types_a_model_id():
    # Stricter than the build (which lets an unknown or retired id be typed to show its 404):
    # no lesson does that today, so none may slip in unseen.
    assert typed_ids() == []


def test_the_check_sees_an_id_typed_in_a_snippet():
    assert [text for _, text in string_literals('client.messages.create(model="claude-sonnet-5")')
            if MODEL_ID.match(text)] == ['"claude-sonnet-5"']


def test_the_course_names_its_models_and_the_lessons_use_them():
    outline = repo_course().outline
    assert {"MODEL", "OPENAI_MODEL"} <= set(outline.model_ids())
    assert CATALOGUE[outline.model_ids()["MODEL"]].provider == "anthropic"
    assert CATALOGUE[outline.model_ids()["OPENAI_MODEL"]].provider == "openai"


def test_no_course_model_retires_soon():
    today = datetime.datetime.now(datetime.timezone.utc).date()
    outline = repo_course().outline
    problems, warnings = Problems(), Problems()
    check_models(outline.path, outline.models, problems, warnings, on=today)
    assert [str(problem) for problem in [*problems, *warnings]] == [], (
        f"move these to a current model before their retirement (within {LESSON_MARGIN_DAYS} days of "
        f"{today.isoformat()}): the provider's deprecations page names the replacement")


def test_the_author_guide_names_only_models_of_the_catalogue():
    named = set()
    for path in REPO.glob("docs/authoring/*.md"):
        named |= set(re.findall(r"""["'`](claude-[a-z0-9.-]+|gpt-[0-9][a-z0-9.-]*)["'`]""",
                                path.read_text(encoding="utf-8")))
    assert sorted(model for model in named if model not in CATALOGUE) == []
