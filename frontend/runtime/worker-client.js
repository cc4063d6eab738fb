// The page's one handle on Python: connects to the worker, runs code in it one run at a
// time, and stops runs. Every worker lifecycle detail (message ids, shared or dedicated
// worker, start-up, stops, moving to a worker of its own) stays inside the client that
// createWorkerClient returns; widgets only call run/stop.
//
// Where the browser has SharedWorker, every lesson page of a visit connects to one worker
// (frontend/worker/worker.js), so that the next page finds Python ready. A page cannot
// terminate a shared worker, so a run is stopped from inside Python: the page revokes the
// run's stop token and lesson_runtime ends the run within 0.1 s. When even that fails (a
// long call into C), the page leaves the shared worker for a dedicated worker of its own,
// for the rest of its life; the other pages keep theirs.
//
// A worker can also go away under every page at once: the program closed it (`js.close()`),
// or Python died in it (a fatal error, the C stack overflowed). The worker says so to every
// page (`lost`), and its lifeline (shared/worker-lifeline.js) tells when it is really gone,
// also when it died without a word. Then a run that had reached Python ends as `lost`, a run
// still waiting is sent again, and the page connects to a fresh worker, shared again.

import { createStopToken } from "../shared/stop-token.js";
import { endedTranscript, failedTranscript, lostTranscript } from "../shared/transcripts.js";
import { watchLifeline } from "../shared/worker-lifeline.js";
import { canShareWorker, connectWorker } from "./worker-connection.js";
import { workerAddress } from "./location.js";

/** Output characters streamed to the page at most (the output view shows no more). */
export const OUTPUT_LIMIT = 20000;

/** The client's waits, in milliseconds (tests shorten them). */
export const DEFAULT_TIMINGS = {
  /** How long after its own limit a run may take before it is stopped from here: Python's
   * deadline (lesson_runtime) normally ends it first; this catches a long call into C. */
  backstopMs: 1500,
  /** How long a stopped run may take to answer before its worker is given up. */
  stopGraceMs: 1500,
  /** How long a run may wait for other pages' runs in the shared worker before this page
   * moves to a worker of its own (a default run takes at most 10 s + backstop + grace). */
  queueLimitMs: 15000,
  /** How long a lost shared worker may take to be gone before this page connects to a
   * worker of its own instead (connecting to the dying one would never be answered). */
  lingerMs: 3000,
  /** How long a connection made after a loss may wait for the worker's first word: a
   * connection that reached the dying worker is never answered (a fresh worker answers at
   * once, with its start-up progress). The browser may still hand out the dying worker
   * for a moment after it is gone: one more try, then a worker of the page's own. */
  firstAnswerMs: 1500,
};

/**
 * @typedef {object} ReadyInfo  what the worker said when Python became ready
 * @property {string} interpreter  names the interpreter (the same on every page sharing it)
 * @property {"shared"|"dedicated"} host
 * @property {boolean} fromSnapshot
 * @property {number} starts  interpreter starts this page waited for so far
 * @property {string|null} warning  why Python started the slow way, if it did
 */

/**
 * A client over the Python worker. Nothing happens until the first prepare() or run().
 * @param {object} options
 * @param {() => import("./location.js").RuntimeLocation} options.locate where the runtime's files are
 * @param {typeof connectWorker} [options.connect] opens a connection (a stand-in in tests)
 * @param {boolean} [options.canShare] whether a shared worker may be tried first
 * @param {boolean} [options.isolated] cross-origin isolated: a dedicated worker can be interrupted
 * @param {typeof createStopToken} [options.createToken]
 * @param {(info: ReadyInfo) => void} [options.onReady] told each time Python becomes ready
 * @param {typeof watchLifeline} [options.watchGone] calls back once a worker is gone
 * @param {Partial<typeof DEFAULT_TIMINGS>} [options.timings]
 */
export function createWorkerClient({
  locate,
  connect = connectWorker,
  canShare = canShareWorker(),
  isolated = Boolean(globalThis.crossOriginIsolated),
  createToken = createStopToken,
  onReady = () => {},
  watchGone = watchLifeline,
  timings = {},
}) {
  const { backstopMs, stopGraceMs, queueLimitMs, lingerMs, firstAnswerMs } = { ...DEFAULT_TIMINGS, ...timings };
  let connection = null;
  let booting = null; // settles when the current connection is ready (or failed)
  let resumeBoot = null; // settles `booting` with another attempt, while it is pending
  let reconnectGate = null; // what the next connection waits for: the lost worker's end
  const lostInterpreters = new Set(); // interpreters whose worker this page saw go away
  let afterLoss = false; // the next connection follows a lost worker
  let silentRetries = 0; // connections after a loss that may still go unanswered
  let ready = false;
  let ownWorker = !canShare; // true once this page has left the shared worker
  let interruptBuffer = null;
  let nextId = 1;
  let starts = 0;
  let queue = Promise.resolve();
  let current = null; // {end(reason)} of the run in the worker now
  const handlers = new Map(); // message id → (message) => void
  const progressListeners = new Set();
  let lastProgress = null;

  function emitProgress(progress) {
    lastProgress = progress;
    for (const listener of progressListeners) listener(progress);
  }

  function prepare() {
    if (booting) return booting;
    const gate = reconnectGate;
    reconnectGate = null;
    booting = gate ? gate.then(connectAndStart) : connectAndStart();
    return booting;
  }

  function connectAndStart() {
    const location = locate();
    const shared = !ownWorker;
    let thisConnection = null;
    globalThis.performance?.mark?.("lessons:python-start");
    const watchFirstAnswer = afterLoss;
    afterLoss = false;
    return new Promise((resolve, reject) => {
      const id = nextId++;
      let answered = false;
      let silence = null;
      resumeBoot = (next) => {
        clearTimeout(silence);
        handlers.delete(id);
        resolve(next);
      };
      const failed = (message) => {
        // An error event after "ready" is learner code's uncaught error in a dedicated
        // worker (a callback it left behind): the worker lives on.
        if (thisConnection?.interpreter) return;
        clearTimeout(silence);
        resumeBoot = null;
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
        answered = true;
        clearTimeout(silence);
        if (message.type === "progress") emitProgress(message);
        else if (message.type === "ready") {
          handlers.delete(id);
          resumeBoot = null;
          ready = true;
          const connected = thisConnection;
          connected.interpreter = String(message.interpreter);
          // Watched only where the worker holds its lifeline, and never twice for one
          // interpreter (a lock taken from it by learner code must not loop the page).
          if (message.lifeline && !lostInterpreters.has(connected.interpreter)) {
            connected.stopWatching = watchGone(connected.interpreter, () => {
              connected.gone = true;
              loseWorker(connected, connected.lostReason || "crashed");
            });
          }
          if (message.fresh) starts += 1;
          globalThis.performance?.mark?.("lessons:python-ready");
          if (message.warning) console.warn(message.warning);
          emitProgress({ phase: "ready", loaded: 1, total: 1 });
          onReady({
            interpreter: message.interpreter,
            host: thisConnection.kind,
            fromSnapshot: Boolean(message.fromSnapshot),
            starts,
            warning: message.warning || null,
          });
          resolve();
        } else if (message.type === "error") failed(message.message);
      });
      thisConnection = connect({
        shared,
        ...workerAddress(location),
        onMessage: (data) => {
          if (data.type === "lost") {
            thisConnection.lostReason = data.reason === "closed" ? "closed" : "crashed";
            console.warn(`The Python worker goes away: ${data.message || data.reason}`);
            loseWorker(thisConnection, thisConnection.lostReason);
          } else handlers.get(data.id)?.(data);
        },
        onError: (message) => failed(message),
      });
      connection = thisConnection;
      // Interrupting a running Python through shared memory needs a cross-origin isolated
      // page and a worker of its own; everywhere else a stop goes through the stop token.
      interruptBuffer = thisConnection.kind === "dedicated" && isolated ? new Int32Array(new SharedArrayBuffer(4)) : null;
      thisConnection.post({ id, type: "init", interruptBuffer });
      if (watchFirstAnswer && shared) {
        silence = setTimeout(() => {
          if (answered) return;
          if (silentRetries <= 0) return failed("the shared Python worker did not answer");
          silentRetries -= 1;
          resumeBoot = null;
          handlers.delete(id);
          discardConnection(thisConnection);
          afterLoss = true;
          resolve(prepare());
        }, firstAnswerMs);
      }
    });
  }

  function discardConnection(which) {
    if (!which || which !== connection) return;
    connection.stopWatching?.();
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

  /** The worker behind `which` goes away (it said so, or its lifeline says it is gone):
   * end or resend this page's run, and connect again once the old worker is gone. */
  function loseWorker(which, reason) {
    if (which !== connection) return;
    if (which.interpreter) lostInterpreters.add(which.interpreter);
    const resume = resumeBoot;
    resumeBoot = null;
    discardConnection(which);
    afterLoss = true;
    silentRetries = 1;
    if (which.kind === "shared" && !which.gone) {
      // Until the old worker is gone, a new connection would reach it and never be answered.
      reconnectGate = whenGone(which).then((gone) => {
        if (!gone) ownWorker = true;
      });
    }
    if (resume) resume(prepare());
    current?.lose(reason);
    if (!booting) prepare().catch(() => {});
  }

  /** Resolves true once the worker of `which` is gone, false if it still lingers. */
  function whenGone(which) {
    return new Promise((resolve) => {
      if (!which.interpreter || !which.stopWatching) return setTimeout(() => resolve(false), lingerMs);
      const timer = setTimeout(() => resolve(false), lingerMs);
      const stop = watchGone(which.interpreter, () => {
        clearTimeout(timer);
        resolve(true);
      });
      setTimeout(stop, lingerMs);
    });
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
      const token = createToken();
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
          later(stopGraceMs, () => {
            // Python did not answer: the worker is stuck in a call it cannot leave.
            replaceWorker(running);
            finish(endedTranscript(reason, streamed, timeout));
          });
        },
        /** The worker went away under this run (loseWorker). */
        lose(reason) {
          if (endedBy) finish(endedTranscript(endedBy, streamed, timeout));
          else if (started) finish(lostTranscript(reason, streamed));
          else {
            // It never reached Python: send it to the next worker, as if just asked.
            settle();
            resolve(execute(code, setup, timeout, onOutput, signal, () => {}));
          }
        },
      };
      const onAbort = () => control.end("stopped");

      handlers.set(id, (message) => {
        if (message.type === "started") {
          started = true;
          later(timeout * 1000 + backstopMs, () => control.end("timeout"));
        } else if (message.type === "stdout" || message.type === "stderr") {
          streamed.push([message.type, message.text]);
          onOutput(message.type, message.text);
        } else if (message.type === "result") {
          const transcript = message.transcript;
          if (!transcript || typeof transcript !== "object" || typeof transcript.status !== "string") {
            finish(failedTranscript("the Python worker sent an unreadable result"));
            return;
          }
          // A stop we sent for the time limit comes back as "stopped": say "timeout".
          if (endedBy === "timeout" && transcript.status === "stopped") transcript.status = "timeout";
          if (transcript.status === "stopped" && !endedBy) {
            // Nobody here stopped it: Python could not read the run's stop token, which is
            // what a worker being torn down under the run does (DevTools, the browser). Its
            // lifeline tells within moments; until then this is not the learner's stop.
            later(lingerMs, () => finish(transcript));
            return;
          }
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
        later(queueLimitMs, () => {
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

  return {
    /** Output characters a run streams at most. */
    outputLimit: OUTPUT_LIMIT,

    /**
     * Start the worker now (idempotent). Resolves when Python is ready; rejects when it
     * could not start (the next call tries again with a fresh worker).
     * @returns {Promise<void>}
     */
    prepare,

    /**
     * Run `code` after the `setup` snippets, in a fresh namespace. Runs go one at a time.
     * @param {string} code
     * @param {object} [options]
     * @param {string[]} [options.setup] code of the snippets this one continues, in order
     * @param {number} [options.timeout] seconds (default 10)
     * @param {(stream: "stdout"|"stderr", text: string) => void} [options.onOutput] streamed output
     * @param {AbortSignal} [options.signal] aborting it stops this run (queued or running)
     * @param {() => void} [options.onStart] called when the run reaches Python (after start-up and queue)
     * @returns {Promise<object>} the transcript (ARCHITECTURE.md), status one of
     *   "done" | "error" | "timeout" | "stopped", "failed" when Python could not start, or
     *   "lost" when the worker went away under the run (error type WorkerClosed or
     *   PythonCrashed; the next run gets a fresh worker)
     */
    run(code, { setup = [], timeout = 10, onOutput = () => {}, signal, onStart = () => {} } = {}) {
      const job = queue.then(() => execute(code, setup, timeout, onOutput, signal, onStart));
      queue = job.catch(() => {});
      return job;
    },

    /** Stop the run that is in the worker now (if any); it ends with status "stopped". */
    stop() {
      current?.end("stopped");
    },

    /**
     * Be told about start-up progress: `{phase, loaded, total}`, and `{phase: "ready"}` at
     * the end. A listener added during start-up hears the latest progress at once.
     * @returns {() => void} unsubscribe
     */
    onProgress(listener) {
      progressListeners.add(listener);
      if (lastProgress && !ready) listener(lastProgress);
      return () => progressListeners.delete(listener);
    },

    /** True once Python is started and waiting for code. */
    isReady: () => ready,

    /** How many interpreter starts this page waited for (0 when it found one ready). */
    startCount: () => starts,
  };
}

function waitUnlessAborted(promise, signal) {
  if (!signal) return promise;
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(new Error("aborted"));
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}
