"""``TO-WRITE``: the mark ``lesson_builder new`` leaves on every text it could not write. The
build refuses a page, quiz file or course file that still holds one, so nothing half-written
is published: each mark is a problem at its line."""

from pathlib import Path
from typing import Iterable

from ._problems import Problems
from ._sources import read_source

MARK = "TO-WRITE"


def check_left_to_write(root: Path, files: Iterable[str], problems: Problems) -> None:
    """Each ``TO-WRITE`` mark left in ``files`` (paths relative to ``root``)."""
    for relative in files:
        text = read_source(root, root / relative, Problems())  # one not UTF-8 is reported already
        for number, line in enumerate((text or "").split("\n"), start=1):
            if MARK in line:
                problems.add(relative, number, f"text left to write ({MARK} from `lesson_builder new`): "
                                               f"{line.strip()[:100]}")
