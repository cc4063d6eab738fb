"""Reading the author's files: UTF-8 text, whatever the editor saved.

A leading byte-order mark is dropped and line ends are made `\\n` (as Python's text mode
reads them), so that a file from any editor reads the same. A file that is not UTF-8 is one
problem at the line of its first bad byte, and is not read further.
"""

from pathlib import Path
from typing import Optional

from ._problems import Problems


def read_source(root: Path, path: Path, problems: Problems) -> Optional[str]:
    """The text of ``path``; None (and a problem) when it is not UTF-8."""
    data = path.read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        problems.add(_relative(root, path), line, f"the file is not UTF-8 text (byte 0x{data[error.start]:02x} in "
                                                  f"column {column}): save it as UTF-8")
        return None
    return text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")


def _relative(root: Path, path: Path) -> str:
    try:
        return path.resolve().relative_to(Path(root).resolve()).as_posix()
    except ValueError:
        return path.as_posix()
