"""The JSON Schema of a quiz file, generated from the kinds' field declarations.

``schemas/quiz.schema.json`` is this function's output (``python -m lesson_builder schema``);
a test keeps the committed file equal to it.
"""

from ._quiz_parser import quiz_record
from .kinds import QUIZ_KINDS

SCHEMA_ID = "https://tool-lessons.invalid/schemas/quiz.schema.json"


def quiz_schema() -> dict:
    per_kind = []
    for name in QUIZ_KINDS:
        record = quiz_record(name).schema()
        record["properties"]["kind"] = {"const": name}
        per_kind.append({"if": {"properties": {"kind": {"const": name}}, "required": ["kind"]}, "then": record})
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": "Quizzes of one lesson in one language (quizzes/<slug>/<lang>.yaml)",
        "description": "A list of quizzes; each is placed in the lesson with '::: quiz <id>'. "
                       "See docs/authoring/index.md.",
        "type": "array",
        "items": {
            "type": "object",
            "required": ["id", "kind", "prompt"],
            "properties": {"kind": {"enum": list(QUIZ_KINDS)}},
            "allOf": per_kind,
        },
    }
