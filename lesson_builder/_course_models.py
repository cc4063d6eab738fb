"""The course's models: ``models:`` of ``lessons/course.yaml``, a Python name per model id.

Lesson code never types a model id; it says ``model=MODEL``. The course file names each id
once, and every run (at build time and on the page) starts with the course's setup, which
assigns them (``setup_code``); a program taken home carries the same assignments, so it
names the ids that were current when the site was built.

The build judges each id as the API would on the day of the build (fake_client's catalogue,
``fake_client._models``, and its ``today()``, which ``FAKE_CLIENT_TODAY`` pins for tests): an
id the catalogue does not know, or one it marks retired, is a problem at its line of the course
file; one that retires within ``LESSON_MARGIN_DAYS`` is a warning, printed, not failing, so
that the course moves to a current model before the day comes.
"""

import datetime
import io
import json
import re
import tokenize
from dataclasses import dataclass
from typing import Optional

from fake_client._models import CATALOGUE, LESSON_MARGIN_DAYS, retired, today as catalogue_today

from ._problems import Problems, suggestion
from ._yaml_lines import LocatedDict, keep_source_text

MODELS_KEY = "models"
# The name lesson code uses: a constant, as the course's code conventions write it.
NAME = re.compile(r"[A-Z][A-Z0-9_]*")


@dataclass(frozen=True)
class CourseModel:
    """One entry of ``models:``: the Python name lesson code uses, the model id, its line."""

    name: str
    id: str
    line: int


def read_models(path: str, data: LocatedDict, problems: Problems) -> list[CourseModel]:
    """The ``models:`` mapping of the course file (none: the course has no models)."""
    if MODELS_KEY not in data:
        return []
    value = data[MODELS_KEY]
    if not isinstance(value, LocatedDict):
        problems.add(path, data.line_of(MODELS_KEY), "'models' maps the name lesson code uses to a model id, "
                                                     "e.g. 'MODEL: claude-sonnet-5'")
        return []
    keep_source_text(value, list(value))
    models = []
    for name, model_id in value.items():
        line = value.line_of(name)
        if not isinstance(name, str) or not NAME.fullmatch(name):
            problems.add(path, line, f"model name '{name}' must be a Python constant (upper-case letters, digits "
                                     "and '_', e.g. MODEL): lesson code uses it as written")
        elif not isinstance(model_id, str) or not model_id.strip():
            problems.add(path, line, f"model '{name}' needs a model id, e.g. '{name}: claude-sonnet-5'")
        else:
            models.append(CourseModel(name, model_id.strip(), line))
    return models


def check_models(path: str, models: list[CourseModel], problems: Problems, warnings: Problems,
                 on: Optional[datetime.date] = None) -> bool:
    """Each id as the API judges it on day ``on`` (the catalogue's today by default): a problem
    for one it does not know or has retired, a warning for one that retires within
    ``LESSON_MARGIN_DAYS``. True when some id is refused (every run naming it would be a 404)."""
    day = on or catalogue_today()
    refused = False
    for model in models:
        card = CATALOGUE.get(model.id)
        if card is None:
            problems.add(path, model.line, f"model '{model.id}' ({model.name}) is not in fake_client's catalogue "
                                           f"(fake_client/_models.py){suggestion(model.id, CATALOGUE)}: the API "
                                           "answers 404 to a model it does not know")
            refused = True
        elif retired(card, day):
            problems.add(path, model.line, f"model '{model.id}' ({model.name}) retired on "
                                           f"{card.retires.isoformat()}: the API refuses it since; name a current "
                                           "model (the provider's deprecations page names the replacement)")
            refused = True
        elif card.retires is not None and (card.retires - day).days <= LESSON_MARGIN_DAYS:
            days = (card.retires - day).days
            warnings.add(path, model.line, f"model '{model.id}' ({model.name}) retires on {card.retires.isoformat()}, "
                                           f"in {days} day{'s' if days != 1 else ''}: move the course to a current "
                                           "model before then (the provider's deprecations page names the replacement)")
    return refused


def setup_code(models: dict[str, str]) -> str:
    """The course's setup: one assignment per model, the code every run starts with."""
    return "".join(f"{name} = {json.dumps(model_id)}\n" for name, model_id in models.items())


def names_used(code: str, names) -> set[str]:
    """Which of ``names`` the code uses as Python names (not inside strings or comments)."""
    wanted = set(names)
    found: set[str] = set()
    try:
        for token in tokenize.generate_tokens(io.StringIO(code).readline):
            if token.type == tokenize.NAME and token.string in wanted:
                found.add(token.string)
    except (tokenize.TokenError, SyntaxError, IndentationError):
        pass
    return found
