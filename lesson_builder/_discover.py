"""Find the content: ``lessons/<slug>/<lang>.md`` and ``quizzes/<slug>/<lang>.yaml``."""

import re
from pathlib import Path
from typing import Iterable, Optional

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
