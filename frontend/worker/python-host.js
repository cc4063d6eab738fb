// Starts Python (Pyodide) inside a worker, from the build's memory snapshot when it can,
// and runs snippet chains in it. Used by the worker script, whether it is a dedicated
// Worker of one page or a SharedWorker serving every page of a visit.

import { AFTER_RESTORE_PYTHON, PACKAGES_DIR, PRELOAD_PYTHON, WARM_UP_CHAINS_PYTHON } from "./recipe.js";
import { fetchSnapshot } from "./snapshot.js";

// The page's entry point into Python, defined after every start (it is not part of the
// snapshot, so that a change here never needs a new one).
//
// `lang` is the page's language: fake_client answers in it for this run (lesson_runtime
// sets and clears it), as it did when the build ran the same chain.
//
// `still_wanted` is how a page stops a run in a SharedWorker, which it cannot terminate
// and which (without cross-origin isolation) shares no memory with it: lesson_runtime asks
// `should_stop` every 0.1 s of running Python, and the run ends as "stopped".
const RUN_PYTHON = `
import json
import lesson_runtime

def _run_for_page(setup_json, code, timeout, emit, still_wanted, lang=None):
    should_stop = (lambda: not still_wanted()) if still_wanted is not None else None
    transcript = lesson_runtime.run_chain(
        json.loads(setup_json), code, timeout=timeout,
        on_output=lambda stream, text: emit(stream, text), should_stop=should_stop, lang=lang,
    )
    return json.dumps(transcript, ensure_ascii=False)
`;

/**
 * @typedef {object} PythonParams  where the files are (absolute URLs)
 * @property {string} indexURL     folder of the Pyodide files, ends with "/"
 * @property {string} packagesUrl  zip of fake_client + lesson_runtime
 * @property {string} [stdlibUrl]  the precompiled standard library (build-time)
 * @property {string} [snapshotUrl] the memory snapshot made with that stdlib (build-time)
 */

async function loadFromSnapshot(loadPyodide, params, snapshot) {
  const pyodide = await loadPyodide({ indexURL: params.indexURL, stdLibURL: params.stdlibUrl, _loadSnapshot: snapshot });
  pyodide.runPython(AFTER_RESTORE_PYTHON);
  return pyodide;
}

/** Pyodide's fatal-error hook (`_api.on_fatal`, private: used only where it is there). Its
 * public API throws "Pyodide already fatally failed" after that; a run that throws is the
 * other sign the worker reads. */
function watchFatalErrors(pyodide, fatal) {
  const api = pyodide._api;
  if (!api || typeof api !== "object") return;
  const before = api.on_fatal;
  api.on_fatal = (error) => {
    if (typeof before === "function") before(error);
    fatal(error);
  };
}

/** Start downloading at once; the promise is awaited later (no unhandled rejection meanwhile). */
function early(promise) {
  promise.catch(() => {});
  return promise;
}

/**
 * Start Python. Tries the snapshot first; when there is none, or it cannot be fetched or
 * loaded (another Pyodide build, a broken file), starts normally and says why through
 * `warn` (once). Resolves to a host that runs snippet chains.
 * @param {PythonParams} params
 * @param {object} hooks
 * @param {(phase: "runtime"|"packages") => void} hooks.progress
 * @param {(message: string) => void} hooks.warn
 * @param {(error: unknown) => void} [hooks.fatal] told when Pyodide fails fatally: it cannot
 *   run anything after that
 */
export async function startPython(params, { progress, warn, fatal = () => {} }) {
  progress("runtime");
  const useSnapshot = Boolean(params.snapshotUrl && params.stdlibUrl);
  // The snapshot and the packages download while Pyodide's own files load.
  const snapshot = useSnapshot ? early(fetchSnapshot(params.snapshotUrl)) : null;
  const packages = early(
    fetch(params.packagesUrl).then((response) => {
      if (!response.ok) throw new Error(`${params.packagesUrl}: HTTP ${response.status}`);
      return response.arrayBuffer();
    }),
  );
  const { loadPyodide } = await import(/* the versioned folder, known only at run time */ `${params.indexURL}pyodide.mjs`);

  let pyodide = null;
  let fromSnapshot = false;
  if (!useSnapshot) warn("Python starts without a snapshot (slower): the build made none");
  if (useSnapshot) {
    try {
      pyodide = await loadFromSnapshot(loadPyodide, params, snapshot);
      fromSnapshot = true;
    } catch (error) {
      warn(`Python starts without its snapshot (slower): ${String(error?.message || error).split("\n")[0]}`);
    }
  }
  if (!pyodide) pyodide = await loadPyodide({ indexURL: params.indexURL, stdLibURL: params.stdlibUrl });

  watchFatalErrors(pyodide, fatal);
  progress("packages");
  // Also after a snapshot: it holds the imported modules, not their files, and tracebacks
  // and linecache read the files.
  pyodide.unpackArchive(await packages, "zip", { extractDir: PACKAGES_DIR });
  pyodide.runPython(PRELOAD_PYTHON);
  pyodide.runPython(RUN_PYTHON);
  const runForPage = pyodide.globals.get("_run_for_page");
  // With JSPI (stack switching), Python may block on JavaScript promises, which is what
  // `asyncio.run(...)` needs in Pyodide's event loop; a plain synchronous call cannot.
  const canSwitchStacks = typeof WebAssembly.Suspending === "function" && typeof runForPage.callPromising === "function";

  /**
   * Run one chain. While it runs, the worker answers nothing else, except where a
   * suspended run (JSPI) lets other messages in: callers run one chain at a time.
   * @param {{code: string, setup?: string[], timeout?: number, lang?: string|null}} job
   * @param {(kind: "stdout"|"stderr", text: string) => void} emit
   * @param {(() => boolean) | null} stillWanted polled while running; false stops the run
   * @returns {Promise<object>} the transcript (ARCHITECTURE.md)
   */
  async function run({ code, setup = [], timeout = 10, lang = null }, emit, stillWanted = null) {
    // undefined reaches Python as None (null would arrive as a JsNull object).
    const args = [JSON.stringify(setup), code, timeout, emit, stillWanted ?? undefined, typeof lang === "string" ? lang : undefined];
    const json = canSwitchStacks ? await runForPage.callPromising(...args) : runForPage(...args);
    return JSON.parse(json);
  }

  return {
    pyodide,
    fromSnapshot,
    /** The warm-up's runs (lesson_runtime.WARM_UP_CHAINS), for the worker to make again. */
    warmUpChains: JSON.parse(pyodide.runPython(WARM_UP_CHAINS_PYTHON)),
    run,
  };
}
