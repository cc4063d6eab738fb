"""Reading the manifest: every folder of ``quiz_kinds/`` with a ``kind.py`` is a kind, in the
order of the folders' names. The folder is named after the kind ("_" for "-"), which is how
the page finds its widget; a folder that breaks the convention stops the build at once,
naming the folder and what to change."""

import importlib
import inspect
from pathlib import Path

from ._base import QuizKind

PACKAGE = "quiz_kinds"


class KindFolderError(Exception):
    """A folder of quiz_kinds/ that is not a kind as the registries read it."""


def kinds_home() -> Path:
    """The folder of the kind folders."""
    return Path(importlib.import_module(PACKAGE).__file__).resolve().parent


def discover() -> dict[str, QuizKind]:
    kinds = [_kind(folder) for folder in sorted(kinds_home().iterdir()) if (folder / "kind.py").is_file()]
    return {kind.name: kind for kind in kinds}


def _kind(folder: Path) -> QuizKind:
    module = importlib.import_module(f"{PACKAGE}.{folder.name}.kind")
    declared = [value for value in vars(module).values()
                if inspect.isclass(value) and issubclass(value, QuizKind) and value.__module__ == module.__name__]
    where = f"quiz_kinds/{folder.name}/kind.py"
    if len(declared) != 1:
        raise KindFolderError(f"{where}: declares {len(declared)} subclasses of QuizKind; a kind's folder declares one")
    kind = declared[0]()
    if kind.name.replace("-", "_") != folder.name:
        raise KindFolderError(f"{where}: the kind '{kind.name}' must live in quiz_kinds/"
                              f"{kind.name.replace('-', '_')}/ (the page finds its widget by its name)")
    if not (folder / "widget.js").is_file():
        raise KindFolderError(f"quiz_kinds/{folder.name}/: the kind '{kind.name}' has no widget.js "
                              "(it exports mount(ctx), written with frontend/widgets/quiz/kit.js)")
    return kind
