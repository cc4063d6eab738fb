// Makes the memory snapshot inside headless Chromium, in a Web Worker like the ones that
// will load it. Why not in Node: the snapshot holds the interpreter's whole memory,
// including what Pyodide found out about the engine when it started. Node 20 has no
// JavaScript Promise Integration (stack switching); a snapshot made there tells Python,
// even in a browser that has it, that `time.sleep` and `asyncio.run` cannot block. Made in
// the browser engine itself, the snapshot and the browser agree.
//
// A tiny local server hands the browser the pinned Pyodide files, the precompiled stdlib
// and the lesson packages, and receives the snapshot back; nothing else is involved.

import { spawn } from "node:child_process";
import { createServer } from "node:http";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { findChromium } from "./chromium.mjs";

const RECIPE = new URL("../../frontend/worker/recipe.js", import.meta.url);
const TIME_LIMIT_MS = 180_000;
// What loadPyodide fetches when the stdlib comes from stdLibURL.
const PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json"];

const MAKER_PAGE = `<!doctype html><meta charset="utf-8"><title>snapshot</title>
<script type="module">
const worker = new Worker("/maker-worker.js", { type: "module" });
worker.onerror = (event) => fetch("/failed", { method: "POST", body: "worker: " + event.message });
</script>`;

const MAKER_WORKER = `
import { PACKAGES_DIR, PRELOAD_PYTHON, WARM_UP_PYTHON } from "/recipe.js";
try {
  const { loadPyodide } = await import("/pyodide/pyodide.mjs");
  const pyodide = await loadPyodide({
    indexURL: location.origin + "/pyodide/",
    stdLibURL: "/stdlib.zip",
    _makeSnapshot: true,
  });
  const packages = await (await fetch("/packages.zip")).arrayBuffer();
  pyodide.unpackArchive(packages, "zip", { extractDir: PACKAGES_DIR });
  pyodide.runPython(PRELOAD_PYTHON);
  pyodide.runPython(WARM_UP_PYTHON);
  await fetch("/snapshot", { method: "POST", body: pyodide.makeMemorySnapshot() });
} catch (error) {
  await fetch("/failed", { method: "POST", body: String(error && (error.stack || error)) });
}
`;

const TYPES = { ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm", ".json": "application/json" };
const typeOf = (name) => TYPES[name.slice(name.lastIndexOf("."))] || "application/octet-stream";

function readBody(request) {
  return new Promise((resolve, reject) => {
    const parts = [];
    request.on("data", (part) => parts.push(part));
    request.on("end", () => resolve(Buffer.concat(parts)));
    request.on("error", reject);
  });
}

/**
 * @param {object} inputs
 * @param {string} inputs.pyodideDir folder of the pinned Pyodide package
 * @param {string} inputs.stdlibPath the precompiled stdlib zip (the browser must load the same)
 * @param {Uint8Array} inputs.packagesZip fake_client + lesson_runtime
 * @returns {Promise<Uint8Array>} the gzipped snapshot
 */
export async function makeSnapshotInBrowser({ pyodideDir, stdlibPath, packagesZip }) {
  const chromium = await findChromium();
  if (!chromium) throw new Error("no Chromium found (set CHROMIUM to its path)");
  const files = {
    "/make.html": [MAKER_PAGE, "text/html"],
    "/maker-worker.js": [MAKER_WORKER, "text/javascript"],
    "/recipe.js": [await readFile(RECIPE), "text/javascript"],
    "/stdlib.zip": [await readFile(stdlibPath), "application/zip"],
    "/packages.zip": [Buffer.from(packagesZip), "application/zip"],
  };
  for (const name of PYODIDE_FILES) {
    files[`/pyodide/${name}`] = [await readFile(join(pyodideDir, name)), typeOf(name)];
  }

  let settle;
  const outcome = new Promise((resolve, reject) => (settle = { resolve, reject }));
  const server = createServer(async (request, response) => {
    const path = new URL(request.url, "http://x").pathname;
    if (request.method === "POST") {
      const body = await readBody(request);
      response.end();
      if (path === "/snapshot") settle.resolve(body);
      else settle.reject(new Error(`the browser could not make the snapshot: ${body.toString().split("\n")[0]}`));
      return;
    }
    const file = files[path];
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "Content-Type": file[1] }).end(file[0]);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const profile = await mkdtemp(join(tmpdir(), "snapshot-chromium-"));
  const browser = spawn(
    chromium,
    [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      `--user-data-dir=${profile}`,
      `http://127.0.0.1:${server.address().port}/make.html`,
    ],
    { stdio: "ignore" },
  );
  browser.on("exit", (code) => settle.reject(new Error(`Chromium exited (${code}) before the snapshot was made`)));
  const timer = setTimeout(() => settle.reject(new Error("the browser took too long to make the snapshot")), TIME_LIMIT_MS);
  try {
    return gzipSync(await outcome, { level: 6 });
  } finally {
    clearTimeout(timer);
    if (browser.exitCode === null) {
      const exited = new Promise((resolve) => browser.once("exit", resolve));
      browser.kill();
      await exited;
    }
    server.close();
    await rm(profile, { recursive: true, force: true });
  }
}
