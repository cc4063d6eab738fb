// Runs a Python file in Pyodide (Node) with the repository's fake_client package copied into
// its file system; prints what the program prints. Usage: node run_in_pyodide.mjs <repo> <script.py>
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [repo, script] = process.argv.slice(2);
const pyodideDir = path.join(repo, "node_modules", "pyodide");
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: pyodideDir + path.sep, stdout: (line) => console.log(line) });

function copyPackage(source, target) {
  py.FS.mkdirTree(target);
  for (const name of fs.readdirSync(source)) {
    const full = path.join(source, name);
    if (fs.statSync(full).isDirectory()) {
      if (name !== "__pycache__") copyPackage(full, `${target}/${name}`);
    } else if (name.endsWith(".py")) {
      py.FS.writeFile(`${target}/${name}`, fs.readFileSync(full, "utf8"));
    }
  }
}

copyPackage(path.join(repo, "fake_client"), "/home/pyodide/fake_client");
// The day the model catalogue judges retirement by, pinned for the tests (tests/conftest.py).
if (process.env.FAKE_CLIENT_TODAY) {
  py.runPython(`import os; os.environ["FAKE_CLIENT_TODAY"] = ${JSON.stringify(process.env.FAKE_CLIENT_TODAY)}`);
}
py.runPython(fs.readFileSync(script, "utf8"));
