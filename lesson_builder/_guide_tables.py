"""The author guide's field tables (``docs/authoring/index.md``), generated from the
declarations: the common fields of every quiz, and each kind's own.

A table sits between ``<!-- fields: <kind> -->`` (or ``<!-- fields: every quiz -->``) and
``<!-- /fields -->``; ``python -m lesson_builder schema --write`` rewrites them, and a test
keeps the committed guide equal to what this module makes of it.
"""

import re

from ._fields import Field, ListOf, Record
from .kinds import COMMON_FIELDS, QUIZ_KINDS

GUIDE = "docs/authoring/index.md"
EVERY_QUIZ = "every quiz"
TABLE = re.compile(r"(<!-- fields: (?P<name>[^>]+?) -->\n)(?P<table>.*?)(<!-- /fields -->)", re.S)


def field_table(fields: list[Field]) -> str:
    """A markdown table of fields, a record's own fields under it (``options[].text``)."""
    rows = ["| field | |", "| --- | --- |"]
    for field in fields:
        rows += _rows(field, "")
    return "\n".join(rows) + "\n"


def _rows(field: Field, prefix: str) -> list[str]:
    doc = field.doc.replace("|", "\\|")
    rows = [f"| `{prefix}{field.name}` | {'*required.* ' if field.required else ''}{doc} |"]
    record = field.type.item if isinstance(field.type, ListOf) else field.type
    if isinstance(record, Record):
        inner = f"{prefix}{field.name}{'[]' if isinstance(field.type, ListOf) else ''}."
        for part in record.fields.values():
            rows += _rows(part, inner)
    return rows


def tables() -> dict[str, str]:
    """Name ("every quiz", or a kind) → its table."""
    return {EVERY_QUIZ: field_table(COMMON_FIELDS),
            **{name: field_table(kind.fields) for name, kind in QUIZ_KINDS.items()}}


def with_tables(guide: str) -> str:
    """The guide with every marked table made anew; a marker naming no kind is left as it is
    (the guide test says so)."""
    made = tables()
    return TABLE.sub(lambda m: m[1] + made.get(m["name"], m["table"]) + m[4], guide)


def missing_tables(guide: str) -> list[str]:
    """The kinds (and "every quiz") the guide has no marked table for."""
    present = {match["name"] for match in TABLE.finditer(guide)}
    return [name for name in tables() if name not in present]
