"""A quiz kind's declaration and what is generated from it: the committed schemas and guide
tables are current, the build checks every page config it writes against the kind's
declaration (a drifted config is a problem at the quiz), the real course's configs are valid
for the committed config schemas, and a folder of quiz_kinds/ that breaks the convention
stops the registry with its folder named."""

import json
from pathlib import Path

import jsonschema
import pytest

from lesson_builder import QUIZ_KINDS, build_course
from lesson_builder._generated import generated_files
from lesson_builder._guide_tables import GUIDE, missing_tables, with_tables
from lesson_builder.kinds import KindFolderError, kind_folder
from lesson_builder.kinds._manifest import _kind
from support.demo_lesson import problems_of, quiz_lesson, sample, write

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name", sorted(generated_files(REPO)))
def test_every_generated_file_is_committed_as_generated(name):
    assert (REPO / name).read_text(encoding="utf-8") == generated_files(REPO)[name], \
        "run: python -m lesson_builder schema --write"


def test_the_guide_has_a_field_table_for_every_kind_and_a_stale_one_is_rewritten():
    guide = (REPO / GUIDE).read_text(encoding="utf-8")
    assert missing_tables(guide) == []
    stale = guide.replace("| `line_hints` |", "| `line_hint` |")
    assert stale != guide and with_tables(stale) == guide
    assert missing_tables(guide.replace("<!-- fields: find-bug -->", "")) == ["find-bug"]


def test_a_page_config_that_breaks_its_declaration_is_a_problem_at_the_quiz(tmp_path, monkeypatch):
    kind = QUIZ_KINDS["predict-output"]

    def drifted(ctx, runs):  # the mistake the page config had: a field no widget reads
        return {**type(kind).config(kind, ctx, runs), "transcript": runs["code"], "correct": "1"}

    monkeypatch.setattr(kind, "config", drifted)
    assert problems_of(write(tmp_path, quiz_lesson("guess"), sample("predict-output"))) == [
        "quizzes/demo/bg.yaml:1: quiz 'guess': the page config of kind 'predict-output' breaks its declaration "
        "(page_config in quiz_kinds/predict_output/kind.py): 'transcript' is not declared; "
        "'correct' must be integer, not '1'"]


def test_the_configs_of_the_sample_lesson_are_valid_for_the_committed_schemas():
    course = build_course(REPO, only=[REPO / "lessons/first-steps/bg.md"], render=False)
    configs = course.quiz_configs["bg/first-steps"]
    assert {config["kind"] for config in configs.values()} == set(QUIZ_KINDS)
    for config in configs.values():
        schema = json.loads((REPO / kind_folder(config["kind"]) / "config.schema.json").read_text(encoding="utf-8"))
        jsonschema.Draft202012Validator.check_schema(schema)
        assert list(jsonschema.Draft202012Validator(schema).iter_errors(config)) == [], config["id"]


def test_a_kind_folder_must_be_named_after_its_kind_and_hold_a_widget(tmp_path, monkeypatch):
    package = tmp_path / "quiz_kinds_sample"
    (package / "order_step").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "order_step" / "kind.py").write_text(
        "from lesson_builder.kinds.kit import QuizKind\n\n"
        "class OrderSteps(QuizKind):\n    name = 'order-steps'\n    fields = []\n    page_config = []\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr("lesson_builder.kinds._manifest.PACKAGE", "quiz_kinds_sample")
    with pytest.raises(KindFolderError, match=r"quiz_kinds/order_step/kind.py: the kind 'order-steps' must live "
                                              r"in quiz_kinds/order_steps/"):
        _kind(package / "order_step")
    (package / "order_step").rename(package / "order_steps")
    with pytest.raises(KindFolderError, match=r"quiz_kinds/order_steps/: the kind 'order-steps' has no widget.js"):
        _kind(package / "order_steps")
    (package / "order_steps" / "widget.js").write_text("export function mount(ctx) {}\n")
    assert _kind(package / "order_steps").name == "order-steps"
