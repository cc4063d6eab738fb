// The module Web Worker that hosts Python (Pyodide) for one page.
//
// Protocol (ARCHITECTURE.md, "Worker protocol"), plain objects {id, type, ...}:
//   page → worker  init {indexURL, packagesUrl, interruptBuffer?}   run {code, setup, timeout, outputLimit}
//   worker → page  progress {phase, loaded, total}   ready   stdout|stderr {text}   result {transcript}
//                  error {message}: the worker itself failed (Python did not start, ...)
// Only worker-client.js talks to this file.

import { BOOT_PHASES, createOutputStream } from "./worker-output.js";

// Runs inside Python once the packages are unpacked: the one entry point the page uses.
// The transcript crosses to JavaScript as JSON text: plain data, no proxies to free.
const BOOT_PYTHON = `
import json, sys
sys.path.insert(0, "/lessons")
import lesson_runtime
import fake_client  # imported now so that the first Run does not pay for it

def _run_for_page(setup_json, code, timeout, emit):
    transcript = lesson_runtime.run_chain(
        json.loads(setup_json), code, timeout=timeout, on_output=lambda stream, text: emit(stream, text)
    )
    return json.dumps(transcript, ensure_ascii=False)
`;

let runForPage = null;
// With JSPI (stack switching), Python may block on JavaScript promises, which is what
// `asyncio.run(...)` needs in Pyodide's event loop; a plain synchronous call cannot.
let canSwitchStacks = false;

const post = (message) => self.postMessage(message);

async function boot({ id, indexURL, packagesUrl, interruptBuffer }) {
  const progress = (phase) =>
    post({ id, type: "progress", phase, loaded: BOOT_PHASES.indexOf(phase), total: BOOT_PHASES.length });
  progress("runtime");
  const { loadPyodide } = await import(/* the versioned folder, known only at run time */ `${indexURL}pyodide.mjs`);
  const packagesResponse = fetch(packagesUrl); // downloads while Python starts
  const pyodide = await loadPyodide({ indexURL });
  progress("packages");
  const response = await packagesResponse;
  if (!response.ok) throw new Error(`${packagesUrl}: HTTP ${response.status}`);
  pyodide.unpackArchive(await response.arrayBuffer(), "zip", { extractDir: "/lessons" });
  pyodide.runPython(BOOT_PYTHON);
  runForPage = pyodide.globals.get("_run_for_page");
  canSwitchStacks = typeof WebAssembly.Suspending === "function" && typeof runForPage.callPromising === "function";
  if (interruptBuffer) pyodide.setInterruptBuffer(interruptBuffer);
  post({ id, type: "ready" });
}

async function run({ id, code, setup = [], timeout = 10, outputLimit = Infinity }) {
  const stream = createOutputStream({
    limit: outputLimit,
    send: (kind, text) => post({ id, type: kind, text }),
  });
  const args = [JSON.stringify(setup), code, timeout, (kind, text) => stream.write(kind, text)];
  const json = canSwitchStacks ? await runForPage.callPromising(...args) : runForPage(...args);
  stream.flush();
  post({ id, type: "result", transcript: JSON.parse(json) });
}

self.onmessage = async ({ data }) => {
  try {
    if (data.type === "init") await boot(data);
    else if (data.type === "run") await run(data);
    else throw new Error(`unknown message type ${data.type}`);
  } catch (error) {
    post({ id: data.id, type: "error", message: String(error?.message || error) });
  }
};
