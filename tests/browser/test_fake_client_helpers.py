"""The SDK helpers of fake_client (streaming, structured output) in real Pyodide, in the
browser's worker: a program typed into the playground prints what it prints in CPython."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from support.helper_programs import STREAMING, STRUCTURED

REPO = Path(__file__).resolve().parents[2]


def cpython_output(program: str) -> str:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run([sys.executable, "-c", program], capture_output=True, check=True,
                          env=env).stdout.decode("utf-8")


# Each program on the playground of the language it asks in: a page answers in its own
# language (the run carries it), and CPython, told nothing, guesses that same language.
@pytest.mark.parametrize("program, marker, playground", [(STREAMING, "input_json_delta", "playground/"),
                                                         (STRUCTURED, "Order(order_id='1042'", "ru/playground/")],
                         ids=["streaming", "structured"])
def test_the_helpers_print_in_pyodide_what_they_print_in_cpython(page, site_url, snippets, program,
                                                                 marker, playground):
    expected = cpython_output(program)
    assert marker in expected  # the program ran as meant in CPython
    page.goto(site_url(playground))
    snippets.set_code("try-tools", program)
    state, output = snippets.run("try-tools")
    assert state == "done", output
    assert output.rstrip() == expected.rstrip()
