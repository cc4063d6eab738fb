"""Fixtures of the build tests: the built site, shared by every test of the folder."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from support.run_kind import refuse_in_fast_run

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Path:
    """The site built by scripts/test (SITE_DIR, already strict), or built here once."""
    refuse_in_fast_run("the built site")
    given = os.environ.get("SITE_DIR")
    if given and (Path(given) / "index.html").is_file():
        return Path(given)
    target = tmp_path_factory.mktemp("site")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    if not (REPO / "frontend" / "dist" / "main.js").is_file():
        subprocess.run(["npm", "run", "build"], cwd=REPO, check=True, env=env)
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(target)],
        cwd=REPO, env=env, capture_output=True, text=True,
    )
    assert result.returncode == 0, f"mkdocs build --strict failed:\n{result.stdout}\n{result.stderr}"
    return target
