"""The build's rule for "the same run" (lesson_runtime.same_run) on the case table that the
page's rule (frontend/shared/same-run.js) is tested on too: the browser never accepts what
the build would refuse, nor the other way round."""

import json
from pathlib import Path

import pytest

from lesson_runtime import run_chain, same_run

CASES = json.loads((Path(__file__).resolve().parents[2] / "frontend" / "shared" / "same-run-cases.json")
                   .read_text(encoding="utf-8"))["cases"]


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_same_run_follows_the_shared_table(case):
    assert same_run(case["actual"], case["expected"]) is case["same"]


def test_the_table_holds_the_two_wrong_answers_as_real_runs():
    """The table's sys.exit and endless-loop rows are what run_chain really returns."""
    expected = run_chain([], "print('Your order 1187 is on its way.')")
    exits = run_chain([], "import sys\nprint('Your order 1187 is on its way.')\nsys.exit(2)")
    loops = run_chain([], "print('Your order 1187 is on its way.')\nwhile True:\n    pass", timeout=0.5)
    rows = {case["name"]: case for case in CASES}
    for run, name in ((exits, "the expected output, then sys.exit(2)"),
                      (loops, "the expected output, then a loop until the time limit")):
        row = rows[name]
        assert {"status": run["status"], "output": run["output"]} == row["actual"]
        assert {"status": expected["status"], "output": expected["output"]} == row["expected"]
        assert not same_run(run, expected)
