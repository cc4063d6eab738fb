"""lesson_runtime in real Pyodide (Python 3.14, the npm package the site ships, run by Node):
the same transcripts as CPython 3.11, edge cases included (timeouts, tracebacks, syntax errors),
and no run leaking into the next in one interpreter (as in the browser's shared worker).

``run_in_pyodide`` is also used by tests/content/test_pyodide_parity.py."""

import json
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from lesson_runtime import run_chain

REPO = Path(__file__).resolve().parents[2]
PYODIDE = REPO / "node_modules" / "pyodide"

# Loads Pyodide, copies the two packages into its file system, runs the jobs read from a
# JSON file through lesson_runtime.run_chain and prints the transcripts as JSON.
RUNNER = r"""
import { loadPyodide } from "%(pyodide)s/pyodide.mjs";
import fs from "node:fs";
import path from "node:path";
const [repo, jobsFile] = process.argv.slice(2);
const py = await loadPyodide({ indexURL: "%(pyodide)s/" });
function copy(dir) {
  for (const name of fs.readdirSync(dir)) {
    const full = path.join(dir, name);
    const inside = "/home/pyodide/" + path.relative(repo, full);
    if (fs.statSync(full).isDirectory()) {
      if (name !== "__pycache__") { py.FS.mkdirTree(inside); copy(full); }
    } else if (name.endsWith(".py")) {
      py.FS.writeFile(inside, fs.readFileSync(full));
    }
  }
}
for (const name of ["lesson_runtime", "fake_client"]) { py.FS.mkdirTree("/home/pyodide/" + name); copy(path.join(repo, name)); }
py.globals.set("jobs_json", fs.readFileSync(jobsFile, "utf8"));
process.stdout.write(py.runPython(`
import json, sys
sys.path.insert(0, "/home/pyodide")
import lesson_runtime
# Looked up on the module for every job, as the browser's worker does.
json.dumps([lesson_runtime.run_chain(j["setup"], j["code"], timeout=j["timeout"]) for j in json.loads(jobs_json)],
           ensure_ascii=False)
`));
"""




def pyodide_available() -> bool:
    return shutil.which("node") is not None and (PYODIDE / "pyodide.mjs").exists()


def run_in_pyodide(jobs: list[dict]) -> list[dict]:
    """Run ``{"setup", "code", "timeout"}`` jobs through run_chain inside Pyodide."""
    with tempfile.TemporaryDirectory() as folder:
        script, data = Path(folder) / "run.mjs", Path(folder) / "jobs.json"
        script.write_text(RUNNER % {"pyodide": PYODIDE.as_posix()}, encoding="utf-8")
        data.write_text(json.dumps(jobs, ensure_ascii=False), encoding="utf-8")
        result = subprocess.run(["node", str(script), str(REPO), str(data)], capture_output=True, text=True,
                                timeout=900)
    assert result.returncode == 0, result.stderr[-3000:]
    return json.loads(result.stdout)


CASES = {
    "prints": ([], "print('a', 1)\nimport sys\nprint('b', file=sys.stderr)\nprint('c')"),
    "one-line-loop": ([], "print('start')\nwhile True: pass"),
    "comprehension-loop": ([], "import itertools\n[n for n in itertools.count() if n < 0]"),
    "traceback-through-setup": (["def check(n):\n    raise ValueError(f'няма {n}')"], "x = 1\ncheck(9999)"),
    "chained": ([], "try:\n    {}['id']\nexcept KeyError as e:\n    raise LookupError('no id') from e"),
    "syntax-error": ([], "x = (\n"),
    "random": ([], "import random\nprint(random.randint(1, 10**9))"),
    "sys-exit": ([], "import sys\nsys.exit('bye')"),
    "input": ([], "input('?')"),
    "fake-client-error": ([], "from fake_client import Anthropic\nAnthropic().messages.create(model='claude-haiku-4-5', "
                              "max_tokens=5, messages=[{'role': 'assistant', 'content': 'hi'}])"),
}


@pytest.fixture(scope="module")
def in_pyodide():
    if not pyodide_available():
        pytest.skip("needs node and node_modules/pyodide (npm ci)")
    jobs = [{"setup": setup, "code": code, "timeout": 0.5} for setup, code in CASES.values()]
    return dict(zip(CASES, run_in_pyodide(jobs)))


@pytest.mark.parametrize("name", list(CASES))
def test_pyodide_transcript_equals_cpython(in_pyodide, name):
    setup, code = CASES[name]
    assert in_pyodide[name] == run_chain(setup, code, timeout=0.5)


# Each of these changes the interpreter; the run after it must print what it prints in a
# fresh one. In the browser one worker runs every page of a visit.
TAMPERING = {
    "print replaced": "import builtins\nbuiltins.print = lambda *a, **k: None",
    "runaway recursion under setrecursionlimit(10**6)":
        "import sys\nsys.setrecursionlimit(10**6)\ndef f(n):\n    return f(n + 1)\nf(0)",
    "fake_client deleted": "import sys\nfor name in list(sys.modules):\n    if name.startswith('fake_client'):\n"
                           "        del sys.modules[name]",
    "fake_client's client replaced": "import fake_client\nfake_client.Anthropic = None",
    "lesson_runtime tampered with": "import lesson_runtime, lesson_runtime._capture as c\n"
                                    "lesson_runtime.run_chain = None\nc.StreamToLog.write = lambda self, text: 0",
    "every builtin deleted": "import builtins\nbuiltins.__dict__.clear()",
    "stdout replaced": "import sys\nsys.stdout = None\nsys.__stdout__ = None",
    "a swallowed time limit": "while True:\n    try:\n        while True:\n            len('x')\n    except:\n        pass",
    "time.sleep(100)": "import time\ntime.sleep(100)",
}
CLEAN = ("from fake_client import Anthropic\nimport random, sys\n"
         "reply = Anthropic().messages.create(model='claude-haiku-4-5', max_tokens=50, "
         "messages=[{'role': 'user', 'content': 'Благодаря!'}])\n"
         "print(reply.content[0].text, len('abc'), random.random(), sys.getrecursionlimit())\n"
         "def f(n):\n    return f(n + 1)\nf(0)")


@pytest.fixture(scope="module")
def tampering_in_pyodide():
    if not pyodide_available():
        pytest.skip("needs node and node_modules/pyodide (npm ci)")
    jobs = [{"setup": [], "code": code, "timeout": 1} for name in TAMPERING for code in (TAMPERING[name], CLEAN)]
    transcripts = run_in_pyodide(jobs)
    return {name: (transcripts[2 * i], transcripts[2 * i + 1]) for i, name in enumerate(TAMPERING)}


@pytest.mark.parametrize("name", list(TAMPERING))
def test_a_run_does_not_leak_into_the_next_in_pyodide(tampering_in_pyodide, name):
    tampered, after = tampering_in_pyodide[name]
    clean = run_chain([], CLEAN, timeout=1)
    assert clean["status"] == "error" and "[Previous line repeated 994 more times]" in clean["output"]
    assert after == clean
    assert tampered == run_chain([], TAMPERING[name], timeout=1)
