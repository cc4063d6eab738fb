// Build-time start-up files made with the pinned Pyodide in Node (DESIGN.md, "Start-up:
// what was measured"): the standard library precompiled to .pyc by Pyodide's own CPython
// (the npm zip holds .py only, and compiling ~190 modules from source is most of a cold
// start), and the fingerprint that names every start-up file. The memory snapshot is made
// in the browser engine (browser-snapshot.mjs).

import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";

export const PYODIDE_DIR = fileURLToPath(new URL("../../node_modules/pyodide/", import.meta.url));

// Compiles every module of the zip Pyodide mounted at start-up into an unchecked
// hash-based .pyc (valid without its source, which is left out: zipimport finds the .pyc
// beside where the .py was). A file that does not compile stays as source. Fixed dates
// make the zip byte-identical for identical inputs.
const COMPILE_STDLIB_PYTHON = `
import importlib.util, io, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

def _compile_stdlib(source_path, target_path):
    compiled = kept = 0
    with zipfile.ZipFile(source_path) as source, zipfile.ZipFile(target_path, "w") as target:
        for info in source.infolist():
            name, data = info.filename, source.read(info)
            if name.endswith(".py"):
                try:
                    code = compile(data, f"{source_path}/{name}", "exec", dont_inherit=True)
                except SyntaxError:
                    kept += 1
                else:
                    data = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))
                    name += "c"
                    compiled += 1
            entry = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o644 << 16
            target.writestr(entry, data)
    return compiled, kept
`;

/** Short content hash used in file names (changes whenever an input changes). */
export function digest(...parts) {
  const hash = createHash("sha256");
  for (const part of parts) {
    hash.update(typeof part === "string" ? part : Buffer.from(part));
    hash.update("\0"); // ["ab", "c"] and ["a", "bc"] differ
  }
  return hash.digest("hex").slice(0, 16);
}

/** The inputs every startup file depends on: the exact Pyodide build and this code. */
export async function pyodideFingerprint() {
  const files = ["package.json", "pyodide.asm.wasm", "pyodide.asm.mjs", "python_stdlib.zip"];
  const contents = await Promise.all(files.map((name) => readFile(PYODIDE_DIR + name)));
  const code = await Promise.all(
    ["startup-files.mjs", "browser-snapshot.mjs", "../../frontend/worker/recipe.js"].map((name) =>
      readFile(new URL(name, import.meta.url)),
    ),
  );
  return digest(...contents, ...code);
}

async function startPyodide(options = {}) {
  const { loadPyodide } = await import(PYODIDE_DIR + "pyodide.mjs");
  return loadPyodide({ indexURL: PYODIDE_DIR, ...options });
}

/**
 * The standard library zip with every module precompiled.
 * @returns {Promise<{zip: Uint8Array, compiled: number, kept: number}>}
 */
export async function compileStdlib() {
  const pyodide = await startPyodide();
  const [major, minor] = pyodide.runPython("import sys; sys.version_info[:2]").toJs();
  pyodide.runPython(COMPILE_STDLIB_PYTHON);
  const compile = pyodide.globals.get("_compile_stdlib");
  const counts = compile(`/lib/python${major}${minor}.zip`, "/tmp/stdlib-pyc.zip");
  const [compiled, kept] = counts.toJs();
  counts.destroy();
  compile.destroy();
  return { zip: pyodide.FS.readFile("/tmp/stdlib-pyc.zip"), compiled, kept };
}
