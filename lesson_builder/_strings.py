"""UI strings the builder renders, read from the front end's ``frontend/page/strings/<lang>.json``
(the one place for UI strings, shared with the browser)."""

import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Callable

from ._languages import PROJECT_ROOT, default_language, language

SETUP_CODE_KEY = "lesson.setupCode"
COURSE_MODELS_KEY = "lesson.courseModels"
# Only for a content root without the front end's strings (a bare test folder).
FALLBACK = "Setup code"
_PLACEHOLDER = re.compile(r"\{(\w+)\}")


@lru_cache(maxsize=None)
def _strings(path: Path, mtime: float) -> dict:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def _table(root: Path, lang: str) -> dict:
    path = root / "frontend" / "page" / "strings" / f"{lang}.json"
    mtime = path.stat().st_mtime if path.exists() else 0.0
    return _strings(path, mtime)


def ui_string(root: Path, lang: str, key: str) -> str:
    value = _table(root, lang).get(key)
    return value if isinstance(value, str) else FALLBACK


def ui_text(root: Path, lang: str, key: str, **values) -> str:
    """The string ``key`` of ``lang`` with its ``{name}`` placeholders filled; the default
    language's when ``lang`` lacks it (as the front end's translator does), else the key."""
    return translator(root, lang)(key, **values)


def translator(root: Path, lang: str) -> Callable[..., str]:
    """``ui_text`` of one language as a function ``t(key, **values)``, the tables read once."""
    own, default = _table(root, lang), _table(root, default_language(root).code)

    def t(key: str, **values) -> str:
        value = own.get(key)
        if not isinstance(value, str):
            value = default.get(key)
        if not isinstance(value, str):
            return key
        return _PLACEHOLDER.sub(lambda m: local_value(lang, values.get(m[1], m[0]), root), value)

    return t


def local_value(lang: str, value, root: Path = PROJECT_ROOT) -> str:
    """A placeholder's value as text; an int is written in the language's digits (the
    registry's, as the front end's translator writes them with Intl.NumberFormat)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return language(root, lang).local_digits(str(value))
    return str(value)


def setup_code_label(root: Path, lang: str) -> str:
    return ui_string(root, lang, SETUP_CODE_KEY)


def course_models_label(root: Path, lang: str) -> str:
    """The summary of the course's models block (``_html.course_models_html``)."""
    return ui_string(root, lang, COURSE_MODELS_KEY)
