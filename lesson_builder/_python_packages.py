"""The lesson packages (``fake_client`` and ``lesson_runtime``) as one zip for the browser's
Python, made from the repository's own source at every build (no second copy to keep in
sync)."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

from ._site_files import MissingRuntimeFile

PYTHON_PACKAGES = ("fake_client", "lesson_runtime")
# Source and data files only: no caches, no editors' or sed's temporary files.
PACKAGE_SUFFIXES = {".py", ".json", ".txt"}
# A fixed timestamp makes the zip byte-identical for identical sources.
ZIP_DATE = (1980, 1, 1, 0, 0, 0)


def python_packages_zip(root: Path) -> bytes:
    """The lesson packages under ``root`` as one zip, paths relative to ``root``."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for package in PYTHON_PACKAGES:
            folder = root / package
            if not (folder / "__init__.py").is_file():
                raise MissingRuntimeFile(f"the Python package {package}/ is missing")
            for path in sorted(folder.rglob("*")):
                if path.is_dir() or "__pycache__" in path.parts or path.suffix not in PACKAGE_SUFFIXES:
                    continue
                info = zipfile.ZipInfo(path.relative_to(root).as_posix(), date_time=ZIP_DATE)
                info.compress_type = zipfile.ZIP_DEFLATED
                info.external_attr = 0o644 << 16
                archive.writestr(info, path.read_bytes())
    return buffer.getvalue()
