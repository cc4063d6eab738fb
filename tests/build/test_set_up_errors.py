"""Set-up gaps said in one line with what to do, never as a traceback: the command line run
by a Python without the project's packages (a bare `python` outside the venv), or from a
folder that holds no lessons. (A busy port of scripts/serve: tests/build/test_serve_errors.py.)"""

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def builder(*args: str, cwd: Path, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "lesson_builder", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=300, env={**os.environ, **(env or {})})


def test_a_python_without_the_packages_is_told_to_use_the_venvs(tmp_path):
    # A package of the lock that this Python cannot import, as outside the venv.
    (tmp_path / "markdown.py").write_text("raise ModuleNotFoundError(\"No module named 'markdown'\", name='markdown')\n",
                                          encoding="utf-8")
    ran = builder("check", cwd=REPO, env={"PYTHONPATH": str(tmp_path)})
    assert ran.returncode == 1 and "Traceback" not in ran.stderr
    assert ran.stderr.splitlines() == [
        f"lesson_builder: this Python ({sys.executable}) lacks the package 'markdown' that requirements.txt "
        "installs: run the command with .venv/bin/python (scripts/serve or scripts/test --fast makes .venv with "
        "every package)"]


def test_a_folder_without_lessons_is_said_not_checked_as_an_empty_course(tmp_path):
    for command in (["check"], ["fix"], ["coverage"]):
        ran = builder(*command, cwd=tmp_path)
        assert ran.returncode == 2 and ran.stdout == ""
        assert ran.stderr.splitlines() == [
            f"lesson_builder: no lessons/ folder in {tmp_path.resolve()}: run it from the repository's folder, or "
            "name that folder with --root"]
