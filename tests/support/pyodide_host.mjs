// One Pyodide (the npm package the site ships) for a whole pytest process. Loading it costs
// about two seconds of CPU, so it is loaded once and then asked for many runs: one JSON
// request per line on stdin, one JSON answer per line on stdout (tests/support/pyodide_host.py).
//
//   {"chains": [{"setup": [...], "code": "...", "timeout": 1, "lang": "ru"}, ...]}  (lang optional)
//       → {"transcripts": [...]}  each job through lesson_runtime.run_chain, in order, as the
//         browser's worker runs a visit's snippets one after another in one interpreter
//   {"program": "<python source>"}
//       → {"stdout": "..."}  the program run as a script would be, fake_client imported afresh
//   any failure → {"error": "<Python or JavaScript traceback>"}
//
// Usage: node tests/support/pyodide_host.mjs <repo>
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { pathToFileURL } from "node:url";

const [repo] = process.argv.slice(2);
const pyodideDir = path.join(repo, "node_modules", "pyodide");
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: pyodideDir + path.sep });

function copyPackage(source, target) {
  py.FS.mkdirTree(target);
  for (const name of fs.readdirSync(source)) {
    const full = path.join(source, name);
    if (fs.statSync(full).isDirectory()) {
      if (name !== "__pycache__") copyPackage(full, `${target}/${name}`);
    } else if (name.endsWith(".py")) {
      py.FS.writeFile(`${target}/${name}`, fs.readFileSync(full));
    }
  }
}

for (const name of ["lesson_runtime", "fake_client"]) copyPackage(path.join(repo, name), `/home/pyodide/${name}`);
// The day fake_client's catalogue judges retirement by, pinned by the tests (tests/conftest.py).
if (process.env.FAKE_CLIENT_TODAY) {
  py.runPython(`import os; os.environ["FAKE_CLIENT_TODAY"] = ${JSON.stringify(process.env.FAKE_CLIENT_TODAY)}`);
}

py.runPython(`
import contextlib, io, json, sys
sys.path.insert(0, "/home/pyodide")

def _host_chains(jobs_json):
    import lesson_runtime  # looked up on the module for every request, as the worker does
    jobs = json.loads(jobs_json)
    return json.dumps({"transcripts": [lesson_runtime.run_chain(job["setup"], job["code"], timeout=job["timeout"],
                                                                lang=job.get("lang"))
                                       for job in jobs]}, ensure_ascii=False)

def _host_program(source):
    # A script run in a new interpreter imports fake_client for the first time: its module
    # state (ids, counters) starts afresh here too.
    for name in [name for name in sys.modules if name == "fake_client" or name.startswith("fake_client.")]:
        del sys.modules[name]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(source, "program.py", "exec"), {"__name__": "__main__"})
    return json.dumps({"stdout": out.getvalue()}, ensure_ascii=False)
`);
const chains = py.globals.get("_host_chains");
const program = py.globals.get("_host_program");

for await (const line of readline.createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  if (!line.trim()) continue;
  let answer;
  try {
    const request = JSON.parse(line);
    if ("chains" in request) answer = chains(JSON.stringify(request.chains));
    else if ("program" in request) answer = program(request.program);
    else answer = JSON.stringify({ error: `unknown request: ${Object.keys(request).join(", ")}` });
  } catch (error) {
    answer = JSON.stringify({ error: String(error && error.message ? error.message : error) });
  }
  process.stdout.write(answer + "\n");
}
