"""Field types of the quiz format: one declaration gives both the build's own checks (with
clear messages and lines) and the published JSON Schema, so the two cannot disagree."""

from dataclasses import dataclass
from typing import Any, Callable, Optional

from ._problems import suggestion
from ._yaml_lines import as_text

# Reports one problem: (line, message).
Report = Callable[[int, str], None]


class FieldType:
    description = ""

    def schema(self) -> dict:
        raise NotImplementedError

    def check(self, value: Any, line: int, label: str, report: Report) -> bool:
        """Report what is wrong with ``value``; return True when it is usable."""
        raise NotImplementedError

    def written(self, value: Any, text: Optional[str]) -> Any:
        """``value`` as the field takes it, ``text`` being how it was written unquoted (or
        None): a field of text takes the text, whatever YAML 1.1 made of it."""
        return value


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


class Text(FieldType):
    """Non-empty text (markdown where the field says so)."""

    def __init__(self, description: str = "text"):
        self.description = description

    def schema(self) -> dict:
        return {"type": "string", "minLength": 1}

    def written(self, value, text):
        return as_text(value, text)

    def check(self, value, line, label, report):
        if isinstance(value, bool):
            report(line, f"'{label}' must be {self.description}, but YAML read it as {str(value).lower()} "
                         "(yes/no/on/off/true/false are booleans in YAML): put the text in quotes")
            return False
        if not isinstance(value, str) or not value.strip():
            report(line, f"'{label}' must be non-empty {self.description}")
            return False
        return True


class Identifier(FieldType):
    PATTERN = "^[a-z0-9][a-z0-9_-]*$"

    def schema(self) -> dict:
        return {"type": "string", "pattern": self.PATTERN}

    def written(self, value, text):
        return as_text(value, text)

    def check(self, value, line, label, report):
        import re

        if not isinstance(value, str) or not re.match(self.PATTERN, value):
            report(line, f"'{label}' must be an id of lower-case letters, digits, '-' or '_', not {value!r}")
            return False
        return True


class Integer(FieldType):
    def __init__(self, minimum: int):
        self.minimum = minimum

    def schema(self) -> dict:
        return {"type": "integer", "minimum": self.minimum}

    def check(self, value, line, label, report):
        if not isinstance(value, int) or isinstance(value, bool) or value < self.minimum:
            report(line, f"'{label}' must be a whole number ≥ {self.minimum}, not {value!r}")
            return False
        return True


class Seconds(FieldType):
    def schema(self) -> dict:
        return {"type": "number", "exclusiveMinimum": 0, "maximum": 120}

    def check(self, value, line, label, report):
        if not _is_number(value) or not 0 < value <= 120:
            report(line, f"'{label}' must be a number of seconds (0 < n ≤ 120), not {value!r}")
            return False
        return True


class Boolean(FieldType):
    def schema(self) -> dict:
        return {"type": "boolean"}

    def check(self, value, line, label, report):
        if not isinstance(value, bool):
            report(line, f"'{label}' must be true or false, not {value!r}")
            return False
        return True


class Scalar(FieldType):
    """A value a figure can have: text, a number or true/false."""

    def schema(self) -> dict:
        return {"type": ["string", "number", "boolean"]}

    def check(self, value, line, label, report):
        if not isinstance(value, (str, int, float, bool)):
            report(line, f"'{label}' must be text, a number or true/false")
            return False
        return True


class Constant(FieldType):
    def __init__(self, value: str):
        self.value = value

    def schema(self) -> dict:
        return {"const": self.value}

    def check(self, value, line, label, report):
        return value == self.value


class Choice(FieldType):
    """One of a fixed set of names (a conversation check, a fault of fake_client)."""

    def __init__(self, values: list[str], what: str):
        self.values = list(values)
        self.what = what

    def schema(self) -> dict:
        return {"type": "string", "enum": self.values}

    def written(self, value, text):
        return as_text(value, text)

    def check(self, value, line, label, report):
        if value in self.values:
            return True
        hint = suggestion(str(value), self.values)
        report(line, f"'{label}' must be a {self.what}, not {value!r}{hint}; the {self.what}s are: "
                     + ", ".join(self.values))
        return False


class ListOf(FieldType):
    def __init__(self, item: FieldType, min_items: int = 0):
        self.item = item
        self.min_items = min_items

    def schema(self) -> dict:
        schema = {"type": "array", "items": self.item.schema()}
        if self.min_items:
            schema["minItems"] = self.min_items
        return schema

    def written(self, value, text):
        if isinstance(value, list):
            texts = getattr(value, "texts", {})
            for index, item in enumerate(value):
                value[index] = self.item.written(item, texts.get(index))
        return value

    def check(self, value, line, label, report):
        if not isinstance(value, list):
            report(line, f"'{label}' must be a list")
            return False
        if len(value) < self.min_items:
            report(line, f"'{label}' needs at least {self.min_items} item{'s' if self.min_items > 1 else ''}")
            return False
        usable = True
        for index, item in enumerate(value):
            item_line = value.line_of(index) if hasattr(value, "line_of") else line
            usable &= self.item.check(item, item_line, f"{label}[{index + 1}]", report)
        return usable


class TextOrTexts(FieldType):
    """One text (a quiz with one blank) or a list of texts (one per blank)."""

    def schema(self) -> dict:
        return {"oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]}

    def written(self, value, text):
        if isinstance(value, list):
            texts = getattr(value, "texts", {})
            for index, item in enumerate(value):
                value[index] = as_text(item, texts.get(index))
            return value
        return as_text(value, text)

    def check(self, value, line, label, report):
        if isinstance(value, str) or (isinstance(value, list) and all(isinstance(v, str) for v in value)):
            return True
        report(line, f"'{label}' must be text, or a list of texts (one per blank)")
        return False


class LineMap(FieldType):
    """Line number → markdown, e.g. hints for the lines of a find-bug quiz."""

    def schema(self) -> dict:
        return {"type": "object", "patternProperties": {"^[1-9][0-9]*$": {"type": "string", "minLength": 1}},
                "additionalProperties": False}

    def check(self, value, line, label, report):
        if not isinstance(value, dict):
            report(line, f"'{label}' must map line numbers to text")
            return False
        usable = True
        for key in list(value):
            key_line = value.line_of(key) if hasattr(value, "line_of") else line
            number = int(key) if isinstance(key, str) and key.isdigit() else key  # keys are read as written
            text = as_text(value[key], getattr(value, "texts", {}).get(key))
            if not (isinstance(number, int) and not isinstance(number, bool) and number >= 1) or not isinstance(text, str):
                report(key_line, f"'{label}' must map line numbers (1, 2, …) to text; got {key!r}")
                usable = False
                continue
            del value[key]
            value[number] = text
            if hasattr(value, "lines"):
                value.lines[number] = key_line
        return usable


@dataclass
class Field:
    name: str
    type: FieldType
    required: bool = False
    doc: str = ""


class Record(FieldType):
    """A mapping with named fields; an unknown field is an error (a typo caught early)."""

    def __init__(self, fields: list[Field], what: str = "mapping"):
        self.fields = {field.name: field for field in fields}
        self.what = what

    def schema(self) -> dict:
        properties = {}
        for field in self.fields.values():
            properties[field.name] = dict(field.type.schema())
            if field.doc:
                properties[field.name]["description"] = field.doc
        schema: dict = {"type": "object", "properties": properties, "additionalProperties": False}
        required = [field.name for field in self.fields.values() if field.required]
        if required:
            schema["required"] = required
        return schema

    def check(self, value, line, label, report, known_elsewhere: Optional[set] = None):
        if not isinstance(value, dict):
            report(line, f"'{label}' must be a {self.what} of 'field: value' lines")
            return False
        usable = True
        here = value.line if hasattr(value, "line") else line
        texts = getattr(value, "texts", {})
        unknown = [name for name in value if name not in self.fields and name not in (known_elsewhere or ())]
        missing = [name for name, field in self.fields.items() if field.required and name not in value]
        # A misspelled field is one mistake: said at its line, not also as a required field lacking.
        meant = {name: suggestion(str(name), missing) for name in unknown}
        for name, field in self.fields.items():
            if name not in value:
                if field.required and not any(hint == f" (did you mean '{name}'?)" for hint in meant.values()):
                    report(here, f"{label} lacks required field '{name}'")
                usable = usable and not field.required
                continue
            value[name] = field.type.written(value[name], texts.get(name))
            field_line = value.line_of(name) if hasattr(value, "line_of") else line
            usable &= field.type.check(value[name], field_line, name, report)
        for name in unknown:
            field_line = value.line_of(name) if hasattr(value, "line_of") else line
            report(field_line, f"unknown field '{name}' in {label}{meant[name] or suggestion(str(name), self.fields)}")
            usable = False
        return usable
