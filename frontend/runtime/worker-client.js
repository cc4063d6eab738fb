// The page's one handle on Python: connects to the worker, runs code in it one run at a
// time, and stops runs. Every worker lifecycle detail (message ids, shared or dedicated
// worker, start-up, stops, moving to a worker of its own) stays inside this module;
// widgets only call run/stop.
//
// Where the browser has SharedWorker, every lesson page of a visit connects to one worker
// (worker.js), so that the next page finds Python ready. A page cannot terminate a shared
// worker, so a run is stopped from inside Python: the page revokes the run's stop token
// and lesson_runtime's trace function ends the run within 0.1 s. When even that fails (a
// long call into C), the page leaves the shared worker for a dedicated worker of its own,
// for the rest of its life; the other pages keep theirs.

import { registerOfflineCache } from "../offline/register-offline.js";
import { createStopToken } from "../shared/stop-token.js";
import { canShareWorker, connectWorker } from "./worker-connection.js";
import { encodeWorkerParams } from "../shared/worker-params.js";
import { pageRuntimeLocation } from "./location.js";
import { endedTranscript, failedTranscript } from "../shared/transcripts.js";

/** How long after its own limit a run may take before it is stopped from here: Python's
 * deadline (lesson_runtime) normally ends it first; this catches a long call into C. */
const BACKSTOP_MS = 1500;
/** How long a stopped run may take to answer before its worker is given up. */
const STOP_GRACE_MS = 1500;
/** How long a run may wait for other pages' runs in the shared worker before this page
 * moves to a worker of its own (a default run takes at most 10 s + backstop + grace). */
const QUEUE_LIMIT_MS = 15000;
/** Output characters streamed to the page at most (the output view shows no more). */
export const OUTPUT_LIMIT = 20000;

let connection = null;
let booting = null; // Promise that settles when the current connection is ready (or failed)
let ready = false;
let ownWorker = !canShareWorker(); // true once this page has left the shared worker
let interruptBuffer = null;
let nextId = 1;
let starts = 0;
let offlineRegistered = false;
let queue = Promise.resolve();
let current = null; // {end(reason)} of the run in the worker now
const handlers = new Map(); // message id → (message) => void
const progressListeners = new Set();
let lastProgress = null;

/** True once Python is started and waiting for code. */
export function isReady() {
  return ready;
}

/** How many interpreter starts this page waited for (0 when it found one ready). */
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

/** What tests and the benchmark read on <html>: which interpreter, how many starts. */
function showInterpreter(message, kind) {
  const data = document.documentElement.dataset;
  data.pythonStarts = String(starts);
  data.pythonInterpreter = message.interpreter;
  data.pythonHost = kind;
  data.pythonSnapshot = String(Boolean(message.fromSnapshot));
}

/**
 * Start the worker now (idempotent). Resolves when Python is ready; rejects when it could
 * not start (the next call tries again with a fresh worker).
 */
export function prepare() {
  if (booting) return booting;
  const location = pageRuntimeLocation();
  const shared = !ownWorker;
  let thisConnection = null;
  performance.mark("lessons:python-start");
  booting = new Promise((resolve, reject) => {
    const id = nextId++;
    const failed = (message) => {
      handlers.delete(id);
      discardConnection(thisConnection);
      if (shared) {
        // A shared worker that cannot start here: a dedicated one may still work.
        ownWorker = true;
        resolve(prepare());
      } else {
        reject(new Error(message));
      }
    };
    handlers.set(id, (message) => {
      if (message.type === "progress") emitProgress(message);
      else if (message.type === "ready") {
        handlers.delete(id);
        ready = true;
        if (message.fresh) starts += 1;
        showInterpreter(message, thisConnection.kind);
        performance.mark("lessons:python-ready");
        if (message.warning) console.warn(message.warning);
        emitProgress({ phase: "ready", loaded: 1, total: 1 });
        resolve();
        registerOfflineOnce(location);
      } else if (message.type === "error") failed(message.message);
    });
    thisConnection = connectWorker({
      shared,
      url: location.workerUrl,
      name: encodeWorkerParams(location),
      onMessage: (data) => handlers.get(data.id)?.(data),
      onError: (message) => failed(message),
    });
    connection = thisConnection;
    // Interrupting a running Python through shared memory needs a cross-origin isolated
    // page and a worker of its own; everywhere else a stop goes through the stop token.
    interruptBuffer =
      thisConnection.kind === "dedicated" && globalThis.crossOriginIsolated ? new Int32Array(new SharedArrayBuffer(4)) : null;
    thisConnection.post({ id, type: "init", interruptBuffer });
  });
  return booting;
}

/** The offline cache is filled once Python is ready, so that it never slows the start. */
function registerOfflineOnce(location) {
  if (offlineRegistered) return;
  offlineRegistered = true;
  const register = () => registerOfflineCache(location.serviceWorkerUrl);
  if ("requestIdleCallback" in window) requestIdleCallback(register, { timeout: 3000 });
  else setTimeout(register, 500);
}

function discardConnection(which) {
  if (!which || which !== connection) return;
  connection.close();
  connection = null;
  booting = null;
  ready = false;
  lastProgress = null;
}

/** Give up the current worker and connect again at once (to a worker of this page's own
 * when it was the shared one), so that the next run waits less. */
function replaceWorker(which) {
  if (which !== connection) return;
  if (which.kind === "shared") ownWorker = true;
  discardConnection(which);
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
    const running = connection;
    const token = createStopToken();
    let endedBy = null;
    let started = false;
    const timers = new Set();
    const later = (ms, action) => timers.add(setTimeout(action, ms));

    const settle = () => {
      timers.forEach(clearTimeout);
      token.revoke();
      handlers.delete(id);
      signal?.removeEventListener("abort", onAbort);
      if (current === control) current = null;
    };
    const finish = (transcript) => {
      settle();
      resolve(transcript);
    };
    const control = {
      end(reason) {
        if (endedBy) return;
        endedBy = reason;
        if (!started && running.kind === "shared") {
          // Still waiting behind another page's run: the worker will skip it.
          finish(endedTranscript(reason, streamed, timeout));
          return;
        }
        token.revoke(); // Python sees it within 0.1 s and ends the run as "stopped"
        if (interruptBuffer) interruptBuffer[0] = 2; // SIGINT, also inside a call into C
        later(STOP_GRACE_MS, () => {
          // Python did not answer: the worker is stuck in a call it cannot leave.
          replaceWorker(running);
          finish(endedTranscript(reason, streamed, timeout));
        });
      },
    };
    const onAbort = () => control.end("stopped");

    handlers.set(id, (message) => {
      if (message.type === "started") {
        started = true;
        later(timeout * 1000 + BACKSTOP_MS, () => control.end("timeout"));
      } else if (message.type === "stdout" || message.type === "stderr") {
        streamed.push([message.type, message.text]);
        onOutput(message.type, message.text);
      } else if (message.type === "result") {
        const transcript = message.transcript;
        // A stop we sent for the time limit comes back as "stopped": say "timeout".
        if (endedBy === "timeout" && transcript.status === "stopped") transcript.status = "timeout";
        finish(transcript);
      } else if (message.type === "error") {
        replaceWorker(running);
        finish(failedTranscript(message.message));
      }
    });
    current = control;
    signal?.addEventListener("abort", onAbort);
    if (running.kind === "shared") {
      // Other pages' runs go first; if they hold the worker too long, go elsewhere.
      later(QUEUE_LIMIT_MS, () => {
        if (started || endedBy) return;
        settle(); // the token is revoked: the shared worker will skip this run
        replaceWorker(running);
        resolve(execute(code, setup, timeout, onOutput, signal, () => {}));
      });
    }
    if (interruptBuffer) interruptBuffer[0] = 0;
    running.post({ id, type: "run", code, setup, timeout, outputLimit: OUTPUT_LIMIT, stopUrl: token.url });
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

// On every page of a visit after the first, the shared interpreter is already running and
// connecting to it costs the page nothing: connect now, not when the page is idle, so that
// a Run clicked while the page is still settling finds Python ready.
if (!ownWorker) {
  try {
    prepare().catch(() => {}); // a failure shows up on the first run
  } catch {
    // not a page with the runtime bundle
  }
}
