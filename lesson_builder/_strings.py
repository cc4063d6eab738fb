"""UI strings the builder renders, read from the front end's ``frontend/page/strings/<lang>.json``
(the one place for UI strings, shared with the browser)."""

import json
from functools import lru_cache
from pathlib import Path

SETUP_CODE_KEY = "lesson.setupCode"
# Only for a content root without the front end's strings (a bare test folder).
FALLBACK = "Setup code"


@lru_cache(maxsize=None)
def _strings(path: Path, mtime: float) -> dict:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def ui_string(root: Path, lang: str, key: str) -> str:
    path = root / "frontend" / "page" / "strings" / f"{lang}.json"
    mtime = path.stat().st_mtime if path.exists() else 0.0
    value = _strings(path, mtime).get(key)
    return value if isinstance(value, str) else FALLBACK


def setup_code_label(root: Path, lang: str) -> str:
    return ui_string(root, lang, SETUP_CODE_KEY)
