"""Find the content: ``lessons/<slug>/<lang>.md`` and ``quizzes/<slug>/<lang>.yaml``."""

import re
from pathlib import Path
from typing import Iterable, Optional

from ._problems import suggestion

LANG_FILE = re.compile(r"^[a-z]{2,3}$")  # bg.md, fa.yaml … (GLOSSARY.bg.md and notes are not lessons)


def lesson_files(root: Path) -> list[Path]:
    return sorted(p for p in (root / "lessons").glob("*/*.md") if LANG_FILE.match(p.stem))


def quiz_files(root: Path) -> list[Path]:
    return sorted(p for p in (root / "quizzes").glob("*/*.yaml") if LANG_FILE.match(p.stem))


def slug_and_lang(path: Path) -> tuple[str, str]:
    return path.parent.name, path.stem


def selected(paths: Iterable[Path], root: Path, only: Optional[list[Path]]) -> list[Path]:
    """Keep the files named in ``only`` (files or folders, e.g. lessons/first-steps), or all.

    A lesson and its quiz file go together: naming either selects both."""
    paths = list(paths)
    if not only:
        return paths
    wanted = {p.resolve() for p in only}
    keep = []
    for path in paths:
        slug, lang = slug_and_lang(path)
        partners = {root / "lessons" / slug / f"{lang}.md", root / "quizzes" / slug / f"{lang}.yaml"}
        related = {p.resolve() for p in partners} | {(root / "lessons" / slug).resolve(),
                                                       (root / "quizzes" / slug).resolve()}
        if wanted & related or any(path.resolve().is_relative_to(w) for w in wanted):
            keep.append(path)
    return keep


def unmatched(root: Path, only: Optional[list[Path]]) -> list[tuple[str, str]]:
    """``(path, message)`` for each path of ``only`` that selects no lesson or quiz file: a
    typo in ``check lessons/firs-steps`` must not pass for "no problems"."""
    if not only:
        return []
    everything = lesson_files(root) + quiz_files(root)
    known = sorted({_shown(root, p) for path in everything for p in (path, path.parent)})
    found = []
    for wanted in only:
        if selected(everything, root, [wanted]):
            continue
        shown = _shown(root, wanted)
        if wanted.exists():
            found.append((shown, "holds no lesson (lessons/<slug>/<lang>.md) or quiz file (quizzes/<slug>/<lang>.yaml)"))
        else:
            found.append((shown, f"no such file or folder{suggestion(shown, known)}"))
    return found


def _shown(root: Path, path: Path) -> str:
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return str(path)
