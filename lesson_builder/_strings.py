"""UI strings the builder renders, read from the front end's ``frontend/strings/<lang>.json``
(the one place for UI strings); a fallback keeps the build going while a key is missing."""

import json
from functools import lru_cache
from pathlib import Path

SETUP_CODE_KEYS = ("lesson.setupCode", "setupCode")
SETUP_CODE_FALLBACK = {
    "bg": "Код за подготовка",
    "fa": "کد آماده‌سازی",
    "zh": "准备代码",
    "ru": "Подготовительный код",
    "uk": "Підготовчий код",
}


@lru_cache(maxsize=None)
def _strings(path: Path, mtime: float) -> dict:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def ui_string(root: Path, lang: str, keys: tuple[str, ...], fallback: dict[str, str]) -> str:
    path = root / "frontend" / "strings" / f"{lang}.json"
    mtime = path.stat().st_mtime if path.exists() else 0.0
    strings = _strings(path, mtime)
    for key in keys:
        if isinstance(strings.get(key), str):
            return strings[key]
    return fallback.get(lang, "Setup code")


def setup_code_label(root: Path, lang: str) -> str:
    return ui_string(root, lang, SETUP_CODE_KEYS, SETUP_CODE_FALLBACK)
