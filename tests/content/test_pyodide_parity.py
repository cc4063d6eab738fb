"""The browser prints what the build proved: every snippet chain of every lesson, run in
real Pyodide (the npm package the site ships, in Node) through the same lesson_runtime and
fake_client, gives the transcript CPython gave at build time."""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from lesson_builder import build_course

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
from lesson_runtime import run_chain
json.dumps([run_chain(j["setup"], j["code"], timeout=j["timeout"]) for j in json.loads(jobs_json)], ensure_ascii=False)
`));
"""


@pytest.fixture(scope="module")
def course():
    return build_course(REPO, render=False)


@pytest.fixture(scope="module")
def pyodide_runs(course, tmp_path_factory):
    if shutil.which("node") is None or not (PYODIDE / "pyodide.mjs").exists():
        pytest.skip("needs node and node_modules/pyodide (npm ci)")
    jobs, keys = [], []
    for key, lesson in sorted(course.lessons.items()):
        for snippet in lesson.snippets.values():
            chain = lesson.chain(snippet.id)
            jobs.append({"setup": chain[:-1], "code": chain[-1], "timeout": snippet.timeout})
            keys.append((key, snippet.id))
    folder = tmp_path_factory.mktemp("pyodide")
    (folder / "run.mjs").write_text(RUNNER % {"pyodide": PYODIDE.as_posix()}, encoding="utf-8")
    (folder / "jobs.json").write_text(json.dumps(jobs, ensure_ascii=False), encoding="utf-8")
    result = subprocess.run(["node", str(folder / "run.mjs"), str(REPO), str(folder / "jobs.json")],
                            capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, result.stderr[-3000:]
    return dict(zip(keys, json.loads(result.stdout)))


def _snippets():
    from lesson_builder import scan_course

    scanned = scan_course(REPO)
    for key, lesson in sorted(scanned.lessons.items()):
        for snippet_id in lesson.snippets:
            yield pytest.param(key, snippet_id, id=f"{key}::snippet:{snippet_id}")


# Node 20 has no WebAssembly stack switching (JSPI), which Pyodide needs to block on an
# event loop (asyncio.run); Chromium has it, and the browser tests run those snippets there.
NEEDS_JSPI = "WebAssembly stack switching not supported"


@pytest.mark.parametrize("key, snippet_id", list(_snippets()))
def test_pyodide_prints_what_cpython_printed(course, pyodide_runs, key, snippet_id):
    in_browser = pyodide_runs[(key, snippet_id)]
    at_build = course.snippet_runs[key][snippet_id]
    if NEEDS_JSPI in in_browser["output"] and NEEDS_JSPI not in at_build["output"]:
        pytest.xfail("asyncio.run needs JSPI, which Node 20 lacks (Chromium has it)")
    assert in_browser["output"] == at_build["output"]
    assert in_browser == at_build
