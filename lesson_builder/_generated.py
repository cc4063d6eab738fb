"""Every file generated from the quiz kinds' declarations, committed beside what it describes:
the quiz file's JSON Schema, each kind's page-config schema, the author guide's field
tables. ``python -m lesson_builder schema --write`` writes them; a test keeps each equal
to what this module makes."""

import json
from pathlib import Path

from ._guide_tables import GUIDE, with_tables
from ._schema import quiz_schema
from .kinds import KINDS_HOME, QUIZ_KINDS, kind_config_schema, kind_folder

# The project's folder: the one holding quiz_kinds/ (a copy of the project has its own).
PROJECT = KINDS_HOME.parent
QUIZ_SCHEMA = "schemas/quiz.schema.json"
CONFIG_SCHEMA = "config.schema.json"


def as_json(value: dict) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False) + "\n"


def generated_files(project: Path = PROJECT) -> dict[str, str]:
    """Path (from the project's folder) → the content it should have."""
    files = {QUIZ_SCHEMA: as_json(quiz_schema())}
    for name, kind in QUIZ_KINDS.items():
        files[f"{kind_folder(name)}/{CONFIG_SCHEMA}"] = as_json(kind_config_schema(kind))
    guide = project / GUIDE
    if guide.is_file():
        files[GUIDE] = with_tables(guide.read_text(encoding="utf-8"))
    return files


def write_generated(project: Path = PROJECT) -> list[str]:
    """Write what differs; the paths written."""
    written = []
    for name, content in generated_files(project).items():
        path = project / name
        if not path.is_file() or path.read_text(encoding="utf-8") != content:
            path.write_text(content, encoding="utf-8")
            written.append(name)
    return written
