"""The launcher that runs exported programs (tests/support/program_launcher.py): a program that
ends at once is reported at once, a program past its time is killed, and the launcher goes on
serving the next program correctly after either."""

import os
import subprocess

import pytest

from support.program_launcher import ProgramLauncher


@pytest.fixture(scope="module")
def launcher():
    launcher = ProgramLauncher()
    yield launcher
    launcher.close()


def _program(folder, text):
    path = folder / "program.py"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_program_that_ends_at_once_is_reported_without_waiting(launcher, tmp_path):
    # Both of the launcher's lines come together here; the exit code must not be waited for.
    result = launcher.run(_program(tmp_path, "raise SystemExit(3)\n"), dict(os.environ), timeout=20)
    assert result.returncode == 3


def test_a_program_past_its_time_is_killed_and_the_next_run_is_read_right(launcher, tmp_path):
    (tmp_path / "slow").mkdir()
    with pytest.raises(subprocess.TimeoutExpired):
        launcher.run(_program(tmp_path / "slow", "import time\ntime.sleep(60)\n"), dict(os.environ), timeout=1)
    (tmp_path / "quick").mkdir()
    result = launcher.run(_program(tmp_path / "quick", "print('hello')\n"), dict(os.environ), timeout=20)
    assert (result.returncode, result.stdout) == (0, "hello\n")
