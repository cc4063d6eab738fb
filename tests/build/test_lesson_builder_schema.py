"""schemas/quiz.schema.json: generated from the kinds' fields, committed, and in agreement
with the builder on real quiz files and on broken ones."""

import copy
import json
from pathlib import Path

import jsonschema
import pytest
import yaml

from lesson_builder import QUIZ_KINDS, quiz_schema
from lesson_builder._problems import Problems
from lesson_builder._quiz_parser import parse_quiz_file
from support.authoring_copies import SAMPLE_ROOT

REPO = Path(__file__).resolve().parents[2]
SCHEMA_FILE = REPO / "schemas" / "quiz.schema.json"
QUIZ_FILES = sorted((REPO / "quizzes").glob("*/*.yaml"))


def as_json(data):
    """YAML data as a JSON document has it (line numbers of find-bug hints become text keys)."""
    return json.loads(json.dumps(data))


def validator():
    schema = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def test_committed_schema_is_the_generated_one():
    assert json.loads(SCHEMA_FILE.read_text(encoding="utf-8")) == quiz_schema(), \
        "run: python -m lesson_builder schema > schemas/quiz.schema.json"


@pytest.mark.parametrize("path", QUIZ_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_quiz_files_the_builder_accepts_are_valid_for_the_schema(path):
    problems = Problems()
    parse_quiz_file(path.name, path.read_text(encoding="utf-8"), path.parent.name, path.stem, problems)
    data = as_json(yaml.safe_load(path.read_text(encoding="utf-8")))
    errors = [error.message for error in validator().iter_errors(data)]
    assert (not problems) == (not errors), f"builder: {problems.report()}\nschema: {errors}"


SAMPLE = yaml.safe_load((SAMPLE_ROOT / "quizzes/first-steps/bg.yaml").read_text(encoding="utf-8"))


def _by_kind(kind):
    return copy.deepcopy(next(quiz for quiz in SAMPLE if quiz["kind"] == kind))


BROKEN = {
    "unknown kind": lambda: {**_by_kind("exercise"), "kind": "essay"},
    "missing prompt": lambda: {k: v for k, v in _by_kind("exercise").items() if k != "prompt"},
    "unknown field": lambda: {**_by_kind("exercise"), "hnit": "typo"},
    "bad id": lambda: {**_by_kind("exercise"), "id": "Bad Id"},
    "find-bug line 0": lambda: {**_by_kind("find-bug"), "line": 0},
    "option without explanation": lambda: {**_by_kind("predict-output"),
                                           "options": [{"output": "a", "correct": True}, {"output": "b",
                                                                                           "explanation": "x"}]},
    "one option": lambda: {**_by_kind("multiple-choice"), "options": _by_kind("multiple-choice")["options"][:1]},
    "timeout too long": lambda: {**_by_kind("exercise"), "timeout": 600},
}


@pytest.mark.parametrize("name", list(BROKEN))
def test_schema_and_builder_both_reject(name):
    quiz = BROKEN[name]()
    problems = Problems()
    parse_quiz_file("q.yaml", yaml.safe_dump([quiz], allow_unicode=True), "s", "bg", problems)
    assert problems, "the builder accepted it"
    assert list(validator().iter_errors(as_json([quiz]))), "the schema accepted it"


def test_sample_uses_every_kind_and_optional_field():
    kinds = {quiz["kind"] for quiz in SAMPLE}
    assert kinds == set(QUIZ_KINDS)
    used = {key for quiz in SAMPLE for key in quiz}
    assert {"continues", "accept", "wrong", "hint", "explanation", "line_hints", "check", "multiple", "timeout"} <= used
