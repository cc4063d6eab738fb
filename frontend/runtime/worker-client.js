// The page's one handle on Python: starts the worker, runs code in it one run at a time,
// and stops runs. Every worker lifecycle detail (message ids, start-up, restarts after a
// terminate, the interrupt buffer) stays inside this module; widgets only call run/stop.

import { pageRuntimeLocation } from "./location.js";
import { endedTranscript, failedTranscript } from "./transcripts.js";

/** How long after its own limit a run may take before the worker is terminated: Python's
 * deadline (lesson_runtime) normally ends it first; this catches a long call into C. */
const BACKSTOP_MS = 1500;
/** How long an interrupted run may take to answer before the worker is terminated. */
const INTERRUPT_GRACE_MS = 1000;
/** Output characters streamed to the page at most (the output view shows no more). */
export const OUTPUT_LIMIT = 20000;

let worker = null;
let booting = null; // Promise that settles when the current worker is ready (or failed)
let ready = false;
let interruptBuffer = null;
let nextId = 1;
let starts = 0;
let queue = Promise.resolve();
let current = null; // {end(reason)} of the run in the worker now
const handlers = new Map(); // message id → (message) => void
const progressListeners = new Set();
let lastProgress = null;

/** True once Python is started and waiting for code. */
export function isReady() {
  return ready;
}

/** How many times an interpreter was started on this page (restarts included). */
export function startCount() {
  return starts;
}

/**
 * Be told about start-up progress: `{phase, loaded, total}`, and `{phase: "ready"}` at the
 * end. A listener added during start-up hears the latest progress at once.
 * @returns {() => void} unsubscribe
 */
export function onProgress(listener) {
  progressListeners.add(listener);
  if (lastProgress && !ready) listener(lastProgress);
  return () => progressListeners.delete(listener);
}

function emitProgress(progress) {
  lastProgress = progress;
  for (const listener of progressListeners) listener(progress);
}

/**
 * Start the worker now (idempotent). Resolves when Python is ready; rejects when it could
 * not start (the next call tries again with a fresh worker).
 */
export function prepare() {
  if (booting) return booting;
  const location = pageRuntimeLocation();
  worker = new Worker(location.workerUrl, { type: "module", name: "lesson-python" });
  starts += 1;
  document.documentElement.dataset.pythonStarts = String(starts);
  // Interrupting a running Python needs shared memory, which only cross-origin isolated
  // pages have; elsewhere a stop terminates the worker.
  interruptBuffer = globalThis.crossOriginIsolated ? new Int32Array(new SharedArrayBuffer(4)) : null;
  worker.onmessage = ({ data }) => handlers.get(data.id)?.(data);
  const thisWorker = worker;
  booting = new Promise((resolve, reject) => {
    const id = nextId++;
    handlers.set(id, (message) => {
      if (message.type === "progress") emitProgress(message);
      else if (message.type === "ready") {
        handlers.delete(id);
        ready = true;
        emitProgress({ phase: "ready", loaded: 1, total: 1 });
        resolve();
      } else if (message.type === "error") {
        handlers.delete(id);
        discardWorker(thisWorker);
        reject(new Error(message.message));
      }
    });
    worker.onerror = (event) => {
      event.preventDefault?.();
      handlers.delete(id);
      discardWorker(thisWorker);
      reject(new Error(event.message || "the Python worker could not be loaded"));
    };
    worker.postMessage({ id, type: "init", indexURL: location.indexURL, packagesUrl: location.packagesUrl, interruptBuffer });
  });
  return booting;
}

function discardWorker(which) {
  if (which !== worker) return;
  worker.terminate();
  worker = null;
  booting = null;
  ready = false;
  lastProgress = null;
}

/** Terminate the worker and start a fresh one at once, so that the next run waits less. */
function restart() {
  discardWorker(worker);
  prepare().catch(() => {}); // a failure shows up on the next run
}

/**
 * Run `code` after the `setup` snippets, in a fresh namespace.
 * @param {string} code
 * @param {object} [options]
 * @param {string[]} [options.setup] code of the snippets this one continues, in order
 * @param {number} [options.timeout] seconds (default 10)
 * @param {(stream: "stdout"|"stderr", text: string) => void} [options.onOutput] streamed output
 * @param {AbortSignal} [options.signal] aborting it stops this run (queued or running)
 * @param {() => void} [options.onStart] called when the run reaches Python (after start-up and queue)
 * @returns {Promise<object>} the transcript (ARCHITECTURE.md), status one of
 *   "done" | "error" | "timeout" | "stopped", or "failed" when Python could not start
 */
export function run(code, { setup = [], timeout = 10, onOutput = () => {}, signal, onStart = () => {} } = {}) {
  const job = queue.then(() => execute(code, setup, timeout, onOutput, signal, onStart));
  queue = job.catch(() => {});
  return job;
}

/** Stop the run that is in the worker now (if any); it ends with status "stopped". */
export function stop() {
  current?.end("stopped");
}

async function execute(code, setup, timeout, onOutput, signal, onStart) {
  if (signal?.aborted) return endedTranscript("stopped", [], timeout);
  try {
    await waitUnlessAborted(prepare(), signal);
  } catch (error) {
    if (signal?.aborted) return endedTranscript("stopped", [], timeout);
    return failedTranscript(String(error.message || error));
  }
  if (signal?.aborted) return endedTranscript("stopped", [], timeout);
  onStart();
  return new Promise((resolve) => {
    const id = nextId++;
    const streamed = [];
    const running = worker;
    let endedBy = null;
    let backstop = null;
    let grace = null;

    const finish = (transcript) => {
      clearTimeout(backstop);
      clearTimeout(grace);
      handlers.delete(id);
      signal?.removeEventListener("abort", onAbort);
      if (current === control) current = null;
      resolve(transcript);
    };
    const kill = (reason) => {
      if (running === worker) restart();
      finish(endedTranscript(reason, streamed, timeout));
    };
    const control = {
      end(reason) {
        if (endedBy) return;
        endedBy = reason;
        if (interruptBuffer) {
          interruptBuffer[0] = 2; // SIGINT: Python raises KeyboardInterrupt, run_chain says "stopped"
          grace = setTimeout(() => kill(reason), INTERRUPT_GRACE_MS);
        } else {
          kill(reason);
        }
      },
    };
    const onAbort = () => control.end("stopped");

    handlers.set(id, (message) => {
      if (message.type === "stdout" || message.type === "stderr") {
        streamed.push([message.type, message.text]);
        onOutput(message.type, message.text);
      } else if (message.type === "result") {
        const transcript = message.transcript;
        // An interrupt we sent for the time limit comes back as "stopped": say "timeout".
        if (endedBy === "timeout" && transcript.status === "stopped") transcript.status = "timeout";
        finish(transcript);
      } else if (message.type === "error") {
        restart();
        finish(failedTranscript(message.message));
      }
    });
    current = control;
    signal?.addEventListener("abort", onAbort);
    backstop = setTimeout(() => control.end("timeout"), timeout * 1000 + BACKSTOP_MS);
    if (interruptBuffer) interruptBuffer[0] = 0;
    running.postMessage({ id, type: "run", code, setup, timeout, outputLimit: OUTPUT_LIMIT });
  });
}

function waitUnlessAborted(promise, signal) {
  if (!signal) return promise;
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(new Error("aborted"));
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}
