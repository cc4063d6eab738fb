"""The page config of a quiz kind (the build's JSON, read by the kind's widget), declared once.

One declaration gives both the JSON Schema the widget's test reads
(``quiz_kinds/<kind>/config.schema.json``) and the check the build runs on every config it
writes, so the two sides of the seam cannot drift apart unnoticed.
"""

from dataclasses import dataclass
from typing import Any


class ConfigType:
    def schema(self) -> dict:
        raise NotImplementedError

    def errors(self, value: Any, where: str) -> list[str]:
        """What is wrong with ``value`` (``where`` names it: ``answers[2]``), or nothing."""
        raise NotImplementedError


class _Typed(ConfigType):
    json_type = ""
    python_types: tuple = ()

    def schema(self) -> dict:
        return {"type": self.json_type}

    def errors(self, value, where):
        if isinstance(value, self.python_types) and not (isinstance(value, bool) and bool not in self.python_types):
            return []
        return [f"'{where}' must be {self.json_type}, not {_shown(value)}"]


class String(_Typed):
    json_type, python_types = "string", (str,)


class Number(_Typed):
    json_type, python_types = "number", (int, float)


class Boolean(_Typed):
    json_type, python_types = "boolean", (bool,)


class Integer(_Typed):
    json_type, python_types = "integer", (int,)

    def __init__(self, minimum: int = 0):
        self.minimum = minimum

    def schema(self) -> dict:
        return {"type": "integer", "minimum": self.minimum}

    def errors(self, value, where):
        wrong = super().errors(value, where)
        if not wrong and value < self.minimum:
            return [f"'{where}' must be ≥ {self.minimum}, not {value}"]
        return wrong


class OneOf(ConfigType):
    def __init__(self, *values: str):
        self.values = list(values)

    def schema(self) -> dict:
        return {"enum": self.values}

    def errors(self, value, where):
        return [] if value in self.values else [f"'{where}' must be one of {', '.join(self.values)}, not {_shown(value)}"]


class Nullable(ConfigType):
    """The type, or null (a field the quiz file may leave out, e.g. a hint)."""

    def __init__(self, inner: ConfigType):
        self.inner = inner

    def schema(self) -> dict:
        return {"anyOf": [self.inner.schema(), {"type": "null"}]}

    def errors(self, value, where):
        return [] if value is None else self.inner.errors(value, where)


class ArrayOf(ConfigType):
    def __init__(self, item: ConfigType):
        self.item = item

    def schema(self) -> dict:
        return {"type": "array", "items": self.item.schema()}

    def errors(self, value, where):
        if not isinstance(value, list):
            return [f"'{where}' must be an array, not {_shown(value)}"]
        return [error for index, item in enumerate(value) for error in self.item.errors(item, f"{where}[{index}]")]


@dataclass
class ConfigField:
    name: str
    type: ConfigType
    doc: str
    optional: bool = False  # sent only by some quizzes of the kind (an exercise's grading)


class Object(ConfigType):
    """Named fields, nothing else: a field no widget reads is not sent either."""

    def __init__(self, fields: list[ConfigField]):
        self.fields = fields

    def schema(self) -> dict:
        return {"type": "object",
                "properties": {field.name: {**field.type.schema(), "description": field.doc} for field in self.fields},
                "required": [field.name for field in self.fields if not field.optional],
                "additionalProperties": False}

    def errors(self, value, where):
        if not isinstance(value, dict):
            return [f"'{where}' must be an object, not {_shown(value)}"]
        known = {field.name: field for field in self.fields}
        inside = f"{where}." if where else ""
        wrong = [f"'{inside}{name}' is not declared" for name in value if name not in known]
        for field in self.fields:
            if field.name in value:
                wrong += field.type.errors(value[field.name], inside + field.name)
            elif not field.optional:
                wrong.append(f"'{inside}{field.name}' is missing")
        return wrong


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


TRANSCRIPT = Object([
    ConfigField("output", String(), "everything printed, then a normalised traceback"),
    ConfigField("status", OneOf("done", "error", "timeout", "stopped"), "how the run ended"),
    ConfigField("error", Nullable(Object([
        ConfigField("type", String(), "the exception's type"),
        ConfigField("message", String(), "its message"),
        ConfigField("line", Nullable(Integer(1)), "the line of the quiz's code it was raised at"),
    ])), "the exception that ended the run, or null"),
])


def config_schema(kind_name: str, common: list[ConfigField], own: list[ConfigField]) -> dict:
    """The JSON Schema of one kind's page config. ``x-common`` names the fields every kind's
    config has (the quiz context reads them, frontend/widgets/quiz/context.js): the widget's
    test wants each of the others read by the widget."""
    return {"$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": f"The page config of a {kind_name} quiz",
            "description": "Generated from the kind's declaration (python -m lesson_builder schema --write): "
                           "the build checks every config it writes against the declaration, and the "
                           "widget's test checks what the widget reads against this file.",
            **Object(common + own).schema(),
            "x-common": [field.name for field in common]}
Field = ConfigField  # as a kind names it: page.Field(...)
