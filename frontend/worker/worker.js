// The worker script that hosts Python: one page's dedicated Worker, or a SharedWorker that
// every lesson page of a visit connects to (so that the next page finds Python ready).
// Its parameters come from its name (../shared/worker-params.js).
//
// Protocol (ARCHITECTURE.md, "Worker protocol"), plain objects {id, type, ...}, per page:
//   page → worker  init {interruptBuffer?}   run {code, setup, timeout, lang?, outputLimit, stopUrl?}
//                  (lang: the page's language, which fake_client answers in for this run)
//   worker → page  progress {phase, loaded, total}
//                  ready {interpreter, fresh, fromSnapshot, warning, lifeline}
//                  started (the run reached Python: its time limit starts now)
//                  stdout|stderr {text}   result {transcript}
//                  error {message}: the worker itself failed (Python did not start, ...)
//   worker → every page, no id: lost {reason: "closed"|"crashed", message}: this worker is
//                  going away (the program closed it, or Python died); a page ends its
//                  started run and connects again once the worker is gone (its lifeline)
// A dedicated worker is reached the same way as a shared one: through a MessagePort the page
// sends in a {type: "connect"} message, so that whatever learner code posts with
// `js.postMessage` never mixes with the protocol.
// `interpreter` names this interpreter (the same on every page that shares it); `fresh`
// says the page waited for it to start; `warning` says why it started without a snapshot;
// `lifeline` says it holds its lifeline lock (shared/worker-lifeline.js), which pages watch.
// Runs of all pages are served one at a time, in the order they arrive.

import { BOOT_PHASES, createOutputStream } from "./worker-output.js";
import { endedTranscript } from "../shared/transcripts.js";
import { startPython } from "./python-host.js";
import { stillWanted } from "../shared/stop-token.js";
import { decodeWorkerParams } from "../shared/worker-params.js";
import { holdLifeline } from "../shared/worker-lifeline.js";
import { guardClose, keepOriginals } from "./worker-guards.js";

/** How long after the start the warm-up waits for a page's own first run (the page posts
 * its run when it hears "ready"). */
const WARM_UP_DELAY_MS = 250;
/** How many times the warm-up's pieces are run. A snapshot holds Python's state, not the
 * engine's compiled code: the engine compiles its fastest code only for what ran often, and
 * a next page's first run took 70–150 ms after one round, 30–90 ms after two (Chromium). */
const WARM_UP_ROUNDS = 3;

const interpreter = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
let host = null;
let booting = null;
let lastProgress = null;
let warning = null;
const watchers = new Set(); // (message) => void of the pages waiting for the start
const pages = new Set(); // post functions of every page that connected
const originals = keepOriginals(self);
const lifeline = holdLifeline(interpreter);
let lost = null; // {reason, message} once this worker is going away

/** Tell every page, once, that this worker goes away (the caller then closes it). */
function goAway(reason, message) {
  if (lost) return;
  lost = { reason, message };
  for (const post of pages) post({ type: "lost", reason, message });
}
const closeNow = guardClose(self, () => goAway("closed", "the program closed the Python worker"));

function notify(message) {
  for (const watcher of watchers) watcher(message);
}

function boot() {
  if (booting) return booting;
  booting = (async () => {
    const params = decodeWorkerParams(self.name);
    const started = await startPython(params, {
      progress(phase) {
        lastProgress = { phase, loaded: BOOT_PHASES.indexOf(phase), total: BOOT_PHASES.length };
        notify({ type: "progress", ...lastProgress });
      },
      warn(message) {
        warning = message;
      },
      fatal(error) {
        goAway("crashed", String(error?.message || error));
        closeNow();
      },
    });
    // Throw-away runs warm what every run goes through, so that a Run clicked later is fast.
    setTimeout(() => warmUp(started), WARM_UP_DELAY_MS);
    host = started;
    return host;
  })();
  // A failed start is retried by the next page (or the next init) that asks.
  booting.catch(() => {
    booting = null;
  });
  return booting;
}

async function init(post, { id, interruptBuffer }) {
  const fresh = !host;
  const watcher = (message) => post({ id, ...message });
  if (fresh) {
    if (lastProgress) watcher({ type: "progress", ...lastProgress });
    watchers.add(watcher);
  }
  try {
    await boot();
  } finally {
    watchers.delete(watcher);
  }
  // Only a page's own dedicated worker may be interrupted through shared memory.
  if (interruptBuffer && !isShared()) host.pyodide.setInterruptBuffer(interruptBuffer);
  // A page may watch the lifeline from "ready" on, and only if this worker holds it.
  const holdsLifeline = await lifeline;
  post({ id, type: "ready", interpreter, fresh, fromSnapshot: host.fromSnapshot, warning: fresh ? warning : null, lifeline: holdsLifeline });
}

// Runs of every page, one at a time in arrival order: a run suspended on a promise (JSPI)
// lets other messages in, and two runs must never share sys.stdout or __main__.
let runs = Promise.resolve();

function enqueue(work) {
  const next = runs.then(work);
  runs = next.catch(() => {});
  return next;
}

let runsWaiting = 0; // asked and not over yet

function run(post, job) {
  // A run that finds others before it may be stopped while it waits; one that starts at once
  // was asked for just now (and asking the page is a synchronous request).
  const queued = runsWaiting > 0 || !host;
  runsWaiting += 1;
  return enqueue(() => runNow(post, job, queued)).finally(() => (runsWaiting -= 1));
}

/** The warm-up's pieces (lesson_runtime/_warm_up.py), through the same call as a page's
 * run, each one only while no page's run waits: a run asked meanwhile waits for one piece
 * at most (10–30 ms). */
async function warmUp(started) {
  const ignore = () => {};
  for (let round = 0; round < WARM_UP_ROUNDS; round += 1) {
    for (const chain of started.warmUpChains) {
      while (runsWaiting > 0) await runs;
      if (lost) return;
      try {
        await enqueue(() => started.run(chain, ignore));
      } catch (error) {
        // As in runNow: a run that throws means the interpreter itself broke.
        goAway("crashed", String(error?.message || error));
        closeNow();
        return;
      }
    }
  }
}

async function runNow(post, { id, code, setup = [], timeout = 10, lang = null, outputLimit = Infinity, stopUrl = null }, queued) {
  await boot();
  // Once the worker goes away, Python stops the run within 0.1 s, so that it ends soon.
  const wanted = () => !lost && (!stopUrl || stillWanted(stopUrl, originals.XMLHttpRequest));
  if (queued && !wanted()) {
    // Stopped while it waited for another page's run: never started.
    post({ id, type: "result", transcript: endedTranscript("stopped", [], timeout) });
    return;
  }
  post({ id, type: "started" });
  const stream = createOutputStream({ limit: outputLimit, send: (kind, text) => post({ id, type: kind, text }) });
  let transcript;
  try {
    transcript = await host.run({ code, setup, timeout, lang }, (kind, text) => stream.write(kind, text), wanted);
  } catch (error) {
    // run_chain turns whatever Python does into a transcript: a throw here means the
    // interpreter itself broke (the C stack overflowed, a fatal error). Nothing can run in
    // it again, for any page: replace this worker.
    stream.flush();
    goAway("crashed", String(error?.message || error));
  }
  if (lost) {
    closeNow();
    return;
  }
  stream.flush();
  post({ id, type: "result", transcript });
}

function serve(post) {
  pages.add(post);
  return async ({ data }) => {
    if (!data || typeof data !== "object") return;
    if (lost) {
      post({ type: "lost", ...lost });
      return;
    }
    try {
      if (data.type === "init") await init(post, data);
      else if (data.type === "run") await run(post, data);
      else throw new Error(`unknown message type ${data.type}`);
    } catch (error) {
      post({ id: data.id, type: "error", message: String(error?.message || error) });
    }
  };
}

function isShared() {
  return typeof SharedWorkerGlobalScope === "function" && self instanceof SharedWorkerGlobalScope;
}

function servePort(port) {
  port.onmessage = serve((message) => port.postMessage(message));
  port.start();
}

// Listeners, not `onconnect` / `onmessage`: learner code may set those to None.
if (isShared()) {
  self.addEventListener("connect", ({ ports: [port] }) => servePort(port));
} else {
  self.addEventListener("message", ({ data, ports }) => {
    if (data?.type === "connect" && ports?.[0]) servePort(ports[0]);
  });
}
