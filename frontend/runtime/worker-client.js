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
//
// What to do when is decided by a pure state machine (shared/worker-session.js); this
// module is its shell: it owns the connections, timers, stop tokens, lifeline watches and
// promises, turns what they say into events and performs the effects the machine returns.

import { createStopToken } from "../shared/stop-token.js";
import { DEFAULT_TIMINGS, initialState, isReady, step } from "../shared/worker-session.js";
import { watchLifeline } from "../shared/worker-lifeline.js";
import { canShareWorker, connectWorker } from "./worker-connection.js";
import { workerAddress } from "./location.js";

export { DEFAULT_TIMINGS };

/** Output characters streamed to the page at most (the output view shows no more). */
export const OUTPUT_LIMIT = 20000;

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
 * @param {string|null} [options.lang] the page's language (`bg`, `fa`, `zh`, `ru`, `uk`): every
 *   run answers in it (a run's own `lang` option overrides it); null leaves it to fake_client's guess
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
  lang: pageLang = null,
}) {
  let state = initialState({ canShare, isolated, timings });
  const connections = new Map(); // conn → {connection, interruptBuffer}
  const watches = new Map(); // `${conn}:${as}` → stop watching
  const timers = new Map(); // `${name}:${id}` → timeout
  const tokens = new Map(); // run message id → stop token
  const jobs = new Map(); // job → {resolve, onOutput, onStart, signal, onAbort}
  const bootWaiters = [];
  const progressListeners = new Set();
  let nextJob = 1;

  // Events wait their turn: an effect may cause one (connect answers `connected`, a
  // listener calls stop()), and the machine takes one event at a time.
  const pending = [];
  let stepping = false;
  function dispatch(event, { first = false } = {}) {
    if (first) pending.unshift(event);
    else pending.push(event);
    if (stepping) return;
    stepping = true;
    try {
      while (pending.length) {
        const next = step(state, pending.shift());
        state = next.state;
        for (const effect of next.effects) perform(effect);
      }
    } finally {
      stepping = false;
    }
  }

  const EFFECTS = {
    connect({ conn, shared }) {
      const on = (event) => dispatch({ ...event, conn });
      let connection;
      try {
        connection = connect({
          shared,
          ...workerAddress(locate()),
          onMessage: (data) => on({ type: "message", data }),
          onError: (message) => on({ type: "failed", message }),
        });
      } catch (error) {
        return on({ type: "failed", message: String(error?.message || error) });
      }
      connections.set(conn, { connection, interruptBuffer: null });
      dispatch({ type: "connected", conn, kind: connection.kind }, { first: true });
    },
    init({ conn, id, interruptible }) {
      const held = connections.get(conn);
      // Interrupting a running Python through shared memory needs a cross-origin isolated
      // page and a worker of its own; everywhere else a stop goes through the stop token.
      held.interruptBuffer = interruptible ? new Int32Array(new SharedArrayBuffer(4)) : null;
      held.connection.post({ id, type: "init", interruptBuffer: held.interruptBuffer });
    },
    close({ conn }) {
      connections.get(conn)?.connection.close();
      connections.delete(conn);
    },
    watch({ conn, as, interpreter }) {
      watches.set(`${conn}:${as}`, watchGone(interpreter, () => dispatch({ type: "gone", conn, as })));
    },
    unwatch({ conn, as }) {
      watches.get(`${conn}:${as}`)?.();
      watches.delete(`${conn}:${as}`);
    },
    startTimer({ name, id, ms }) {
      const key = `${name}:${id}`;
      clearTimeout(timers.get(key));
      timers.set(key, setTimeout(() => {
        timers.delete(key);
        dispatch({ type: "timer", name, id });
      }, ms));
    },
    cancelTimer({ name, id }) {
      clearTimeout(timers.get(`${name}:${id}`));
      timers.delete(`${name}:${id}`);
    },
    progress({ progress }) {
      for (const listener of progressListeners) tell(listener, progress);
    },
    mark({ name }) {
      globalThis.performance?.mark?.(name);
    },
    warn({ message }) {
      console.warn(message);
    },
    ready({ info }) {
      tell(onReady, info);
    },
    bootDone() {
      for (const waiter of bootWaiters.splice(0)) waiter.resolve();
    },
    bootFailed({ message }) {
      for (const waiter of bootWaiters.splice(0)) waiter.reject(new Error(message));
    },
    onStart({ job }) {
      tell(jobs.get(job).onStart);
    },
    postRun({ conn, id, code, setup, timeout, lang }) {
      const token = createToken();
      tokens.set(id, token);
      const { connection, interruptBuffer } = connections.get(conn);
      if (interruptBuffer) interruptBuffer[0] = 0;
      connection.post({ id, type: "run", code, setup, timeout, lang, outputLimit: OUTPUT_LIMIT, stopUrl: token.url });
    },
    revoke({ id }) {
      tokens.get(id)?.revoke();
      tokens.delete(id);
    },
    interrupt({ conn }) {
      const buffer = connections.get(conn)?.interruptBuffer;
      if (buffer) buffer[0] = 2; // SIGINT, also inside a call into C
    },
    output({ job, stream, text }) {
      tell(jobs.get(job).onOutput, stream, text);
    },
    finish({ job, transcript }) {
      const { resolve, signal, onAbort } = jobs.get(job);
      jobs.delete(job);
      signal?.removeEventListener("abort", onAbort);
      resolve(transcript);
    },
  };

  function perform(effect) {
    EFFECTS[effect.type](effect);
  }

  function prepare() {
    if (isReady(state)) return Promise.resolve();
    const started = new Promise((resolve, reject) => bootWaiters.push({ resolve, reject }));
    dispatch({ type: "prepare" });
    return started;
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
     * @param {string|null} [options.lang] the language fake_client answers in (default: the client's `lang`)
     * @param {(stream: "stdout"|"stderr", text: string) => void} [options.onOutput] streamed output
     * @param {AbortSignal} [options.signal] aborting it stops this run (queued or running)
     * @param {() => void} [options.onStart] called when the run reaches Python (after start-up and queue)
     * @returns {Promise<object>} the transcript (ARCHITECTURE.md), status one of
     *   "done" | "error" | "timeout" | "stopped", "failed" when Python could not start, or
     *   "lost" when the worker went away under the run (error type WorkerClosed or
     *   PythonCrashed; the next run gets a fresh worker)
     */
    run(code, { setup = [], timeout = 10, lang = pageLang, onOutput = () => {}, signal, onStart = () => {} } = {}) {
      const job = nextJob++;
      return new Promise((resolve) => {
        const onAbort = () => dispatch({ type: "abort", job });
        jobs.set(job, { resolve, onOutput, onStart, signal, onAbort });
        signal?.addEventListener("abort", onAbort);
        dispatch({ type: "run", job, code, setup, timeout, lang, aborted: Boolean(signal?.aborted) });
      });
    },

    /** Stop the run that is in the worker now (if any); it ends with status "stopped". */
    stop() {
      dispatch({ type: "stop" });
    },

    /**
     * Be told about start-up progress: `{phase, loaded, total}`, and `{phase: "ready"}` at
     * the end. A listener added during start-up hears the latest progress at once.
     * @returns {() => void} unsubscribe
     */
    onProgress(listener) {
      progressListeners.add(listener);
      if (state.progress && !isReady(state)) listener(state.progress);
      return () => progressListeners.delete(listener);
    },

    /** True once Python is started and waiting for code. */
    isReady: () => isReady(state),

    /** How many interpreter starts this page waited for (0 when it found one ready). */
    startCount: () => state.starts,
  };
}

/** Call the page's `callback`: one that throws is reported as uncaught, and the client goes
 * on with the effects after it (a run is never left half-sent). */
function tell(callback, ...args) {
  try {
    callback(...args);
  } catch (error) {
    queueMicrotask(() => {
      throw error;
    });
  }
}
