"""The build-time start-up files of the browser's Python: the standard library precompiled
to ``.pyc`` and a memory snapshot with the lesson packages imported, made by
``tools/startup/make-startup-files.mjs`` (Pyodide in Node, the snapshot in headless
Chromium; it caches across builds in ``build/startup-cache/``). Without Node or Chromium,
or when it fails, the site still works and Python starts the slow way.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Optional

MAKER = Path("tools") / "startup" / "make-startup-files.mjs"
MAKER_TIME_LIMIT_S = 600


@dataclass(frozen=True)
class StartupFileSet:
    """Where the made files are; ``None`` for each one that could not be made."""

    stdlib: Optional[Path] = None
    snapshot: Optional[Path] = None

    def made(self) -> dict[str, Path]:
        """``{"stdlib": path, "snapshot": path}`` for the files there are."""
        return {kind: path for kind, path in (("stdlib", self.stdlib), ("snapshot", self.snapshot)) if path}


class StartupFiles:
    """Makes the start-up files for a packages zip, once per zip for the life of this object
    (one ``mkdocs serve`` session rebuilds many times; each language build asks again)."""

    def __init__(self, root: Path, report: Callable[[str], None]) -> None:
        self._root = root
        self._report = report  # told, once per zip, why a file could not be made
        self._made: dict[str, StartupFileSet] = {}

    def for_packages(self, packages_zip: bytes) -> StartupFileSet:
        key = hashlib.sha256(packages_zip).hexdigest()
        if key not in self._made:
            self._made[key] = self._make(packages_zip)
        return self._made[key]

    def _make(self, packages_zip: bytes) -> StartupFileSet:
        with tempfile.TemporaryDirectory(prefix="lessons-python-") as folder:
            packages = Path(folder) / "lessons-python.zip"
            packages.write_bytes(packages_zip)
            try:
                result = subprocess.run(
                    ["node", str(self._root / MAKER), "--packages", str(packages)],
                    cwd=self._root, capture_output=True, text=True, timeout=MAKER_TIME_LIMIT_S,
                )
            except (OSError, subprocess.TimeoutExpired) as error:
                self._report(f"no start-up files ({error}); Python will start the slow way")
                return StartupFileSet()
        if result.returncode != 0:
            self._report(f"no start-up files; Python will start the slow way:\n{result.stderr.strip()}")
            return StartupFileSet()
        made = json.loads(result.stdout.strip().splitlines()[-1])
        if not made["snapshot"]:
            self._report(f"no memory snapshot ({made['snapshotError']}); Python will start without it")
        return StartupFileSet(Path(made["stdlib"]), Path(made["snapshot"]) if made["snapshot"] else None)
