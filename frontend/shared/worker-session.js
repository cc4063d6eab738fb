// The page's worker client as a pure state machine: `step(state, event)` returns the next
// state and the effects the client's shell (runtime/worker-client.js) performs: connect,
// post, close, watch a lifeline, start or cancel a timer, settle a promise. Nothing here
// holds a port, a timer or a promise, so every path of the protocol (ARCHITECTURE.md,
// "Worker protocol") is a table of events in a test, and time is an event like any other.
//
// Two regions. The session, this page's hold on a worker:
//   idle → connecting(shared|dedicated) → ready; a worker that goes away → lost (waiting
//   for the old shared worker to be gone) → connecting again.
// The run at the head of the page's queue (runs go one at a time):
//   booting (waiting for Python) → waiting (posted, behind other pages' runs) → running →
//   done; stopping (a stop or the time limit was sent); holding (a stop nobody here asked
//   for, believed only if the worker lives on).
// TRANSITIONS below is the table; ARCHITECTURE.md shows it and a test keeps the two equal.

import { endedTranscript, failedTranscript, lostTranscript } from "./transcripts.js";

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
   * worker of its own instead (connecting to the dying one would never be answered); also
   * how long a stop nobody here asked for waits for the lifeline before it is believed. */
  lingerMs: 3000,
  /** How long a connection made after a loss may wait for the worker's first word: a
   * connection that reached the dying worker is never answered (a fresh worker answers at
   * once, with its start-up progress). The browser may still hand out the dying worker
   * for a moment after it is gone: one more try, then a worker of the page's own. */
  firstAnswerMs: 1500,
};

/**
 * The state before anything happened: no worker, no run.
 * @param {object} options
 * @param {boolean} options.canShare a shared worker may be tried first
 * @param {boolean} options.isolated cross-origin isolated: a dedicated worker can be interrupted
 * @param {Partial<typeof DEFAULT_TIMINGS>} [options.timings]
 */
export function initialState({ canShare, isolated, timings = {} }) {
  return {
    timings: { ...DEFAULT_TIMINGS, ...timings },
    isolated,
    ownWorker: !canShare, // true once this page has left the shared worker
    nextId: 1, // message ids (init and run)
    nextConn: 1, // connection numbers: events of a connection left behind are ignored
    starts: 0, // interpreter starts this page waited for
    lostInterpreters: [], // whose lifeline is never watched again (a lock taken by learner code must not loop the page)
    progress: null, // the latest start-up progress, for a listener that comes late
    session: { phase: "idle" },
    jobs: [], // runs asked for, in order: {job, code, setup, timeout, lang, aborted, announced}
    run: null, // the head job in the worker's hands: {job, phase, id, conn, shared, started, endedBy, held, streamed}
  };
}

/** True once Python is started and waiting for code. */
export const isReady = (state) => state.session.phase === "ready";

/**
 * Events (from the shell): `prepare`; `run {job, code, setup, timeout, lang, aborted}`; `stop`;
 * `abort {job}`; `connected {conn, kind}` (connect returned); `message {conn, data}` (from
 * the worker); `failed {conn, message}` (the worker's script failed); `gone {conn, as}` (a
 * lifeline was granted: as "lifeline" of the current worker, or "gate" of a lost one);
 * `timer {name, id}`.
 * Effects (for the shell), in order: `connect {conn, shared}` (answer with `connected`),
 * `init {conn, id, interruptible}`, `close {conn}`, `watch {conn, as, interpreter}`,
 * `unwatch {conn, as}`, `startTimer {name, id, ms}`, `cancelTimer {name, id}`,
 * `progress {progress}`, `mark {name}`, `warn {message}`, `ready {info}`, `bootDone`,
 * `bootFailed {message}`, `onStart {job}`, `postRun {conn, id, job, code, setup, timeout, lang}`
 * (with a fresh stop token), `revoke {id}`, `interrupt {conn}`, `output {job, stream, text}`,
 * `finish {job, transcript}`.
 * @returns {{state: object, effects: object[]}}
 */
export function step(state, event) {
  const tx = { state, effects: [] };
  const [region, phase, name] = route(state, event);
  const table = region === "session" ? SESSION : RUN;
  table[phase]?.[name]?.(tx, event);
  return tx;
}

/** Which region, in which phase, an event is for, and its name there: a worker message is
 * named by its type, a timer by its name; an event of a connection left behind is for
 * nobody. */
function route(state, event) {
  const { session, run } = state;
  const runPhase = run?.phase;
  switch (event.type) {
    case "prepare":
      return ["session", session.phase, "prepare"];
    case "connected":
    case "failed":
      return ["session", event.conn === session.conn ? session.phase : "left", event.type];
    case "gone":
      return ["session", event.conn === session.conn ? session.phase : "left", event.as];
    case "run":
      return ["run", runPhase || "none", "run"];
    case "stop":
      return ["run", runPhase || "none", "stop"];
    case "abort":
      return ["run", run?.job === event.job ? runPhase : "none", "abort"];
    case "timer":
      if (event.name === "silence" || event.name === "linger") {
        return ["session", event.id === session.conn ? session.phase : "left", event.name];
      }
      return ["run", run?.id === event.id ? runPhase : "none", event.name];
    case "message": {
      const { data, conn } = event;
      if (data.type === "lost") return ["session", conn === session.conn ? session.phase : "left", "lost"];
      if (conn === session.conn && data.id === session.initId) {
        return ["session", session.phase, ["progress", "ready", "error"].includes(data.type) ? data.type : "other"];
      }
      if (run && conn === run.conn && data.id === run.id) return ["run", runPhase, data.type === "stderr" ? "stdout" : data.type];
      return ["session", "left", "ignored"];
    }
    default:
      return ["session", "left", "ignored"];
  }
}

// ---- the session ----------------------------------------------------------------------

const SESSION = {
  idle: {
    prepare: (tx) => connect(tx, { afterLoss: false, retries: 0 }),
  },
  connecting: {
    connected(tx, { conn, kind }) {
      set(tx, { session: { ...tx.state.session, kind } });
      emit(tx, { type: "init", conn, id: tx.state.session.initId, interruptible: kind === "dedicated" && tx.state.isolated });
    },
    progress(tx, { data }) {
      answered(tx);
      setProgress(tx, data);
    },
    ready: becomeReady,
    other: answered,
    error: (tx, { data }) => cannotStart(tx, data.message),
    failed: (tx, { message }) => cannotStart(tx, message),
    silence: silent,
    lost: (tx, event) => lose(tx, lostReason(tx, event), false),
  },
  ready: {
    lost: (tx, event) => lose(tx, lostReason(tx, event), false),
    lifeline: (tx) => lose(tx, "crashed", true),
    // An error after "ready" is learner code's uncaught error in a dedicated worker (a
    // callback it left behind): the worker lives on.
  },
  lost: {
    gate: leaveGate,
    linger: leaveGate,
  },
  left: {
    // Of a connection left behind; it still may say it goes away.
    lost: (tx, event) => lostReason(tx, event),
  },
};

/** Open a connection: to the shared worker unless this page has left it. */
function connect(tx, { afterLoss, retries }) {
  const { ownWorker, nextConn: conn, nextId: initId, timings } = tx.state;
  const asked = ownWorker ? "dedicated" : "shared";
  set(tx, {
    nextConn: conn + 1,
    nextId: initId + 1,
    session: { phase: "connecting", conn, asked, kind: null, initId, retries, answered: false },
  });
  emit(tx, { type: "mark", name: "lessons:python-start" }, { type: "connect", conn, shared: asked === "shared" });
  // Only a connection that follows a loss may have reached the dying worker.
  if (afterLoss && asked === "shared") startTimer(tx, "silence", conn, timings.firstAnswerMs);
}

function answered(tx) {
  const { session } = tx.state;
  if (session.answered) return;
  set(tx, { session: { ...session, answered: true } });
  cancelTimer(tx, "silence", session.conn);
}

function setProgress(tx, progress) {
  set(tx, { progress });
  emit(tx, { type: "progress", progress });
}

function becomeReady(tx, { data }) {
  answered(tx);
  const { session, lostInterpreters } = tx.state;
  const interpreter = String(data.interpreter);
  // Watched only where the worker holds its lifeline, and never twice for one interpreter.
  const watched = Boolean(data.lifeline) && !lostInterpreters.includes(interpreter);
  const starts = tx.state.starts + (data.fresh ? 1 : 0);
  set(tx, { starts, session: { phase: "ready", conn: session.conn, kind: session.kind, interpreter, watched } });
  if (watched) emit(tx, { type: "watch", conn: session.conn, as: "lifeline", interpreter });
  emit(tx, { type: "mark", name: "lessons:python-ready" });
  if (data.warning) emit(tx, { type: "warn", message: data.warning });
  setProgress(tx, { phase: "ready", loaded: 1, total: 1 });
  emit(tx, {
    type: "ready",
    info: { interpreter: data.interpreter, host: session.kind, fromSnapshot: Boolean(data.fromSnapshot), starts, warning: data.warning || null },
  });
  emit(tx, { type: "bootDone" });
  if (tx.state.run?.phase === "booting") postRun(tx);
}

/** The connection being made failed: a shared worker may give way to a dedicated one. */
function cannotStart(tx, message) {
  const { asked, retries } = tx.state.session;
  discard(tx);
  if (asked === "shared") {
    set(tx, { ownWorker: true });
    connect(tx, { afterLoss: false, retries });
    return;
  }
  emit(tx, { type: "bootFailed", message });
  if (tx.state.run?.phase === "booting") finishRun(tx, failedTranscript(message));
}

/** A connection after a loss got no first word: it reached the dying worker. */
function silent(tx) {
  const { retries, answered: heard } = tx.state.session;
  if (heard) return;
  if (retries <= 0) return cannotStart(tx, "the shared Python worker did not answer");
  discard(tx);
  connect(tx, { afterLoss: true, retries: retries - 1 });
}

/** The reason a `lost` message gives, said in the console whoever's worker it was. */
function lostReason(tx, { data }) {
  emit(tx, { type: "warn", message: `The Python worker goes away: ${data.message || data.reason}` });
  return data.reason === "closed" ? "closed" : "crashed";
}

/** The worker went away (it said so, or its lifeline says it is gone): end or resend this
 * page's run, and connect again, once the old worker is gone if it was the shared one. */
function lose(tx, reason, gone) {
  const { session, timings } = tx.state;
  if (session.interpreter) set(tx, { lostInterpreters: [...tx.state.lostInterpreters, session.interpreter] });
  discard(tx);
  if (session.kind === "shared" && !gone) {
    // Until the old worker is gone, a new connection would reach it and never be answered.
    const conn = tx.state.nextConn;
    set(tx, { nextConn: conn + 1, session: { phase: "lost", conn } });
    if (session.interpreter && session.watched) emit(tx, { type: "watch", conn, as: "gate", interpreter: session.interpreter });
    startTimer(tx, "linger", conn, timings.lingerMs);
  } else {
    connect(tx, { afterLoss: true, retries: 1 });
  }
  if (tx.state.run && tx.state.run.phase !== "booting") RUN[tx.state.run.phase].lose(tx, reason);
}

/** The lost shared worker is gone (gate), or lingers too long (linger): connect again, to a
 * worker of this page's own if it lingers. */
function leaveGate(tx, event) {
  const { conn } = tx.state.session;
  emit(tx, { type: "unwatch", conn, as: "gate" });
  cancelTimer(tx, "linger", conn);
  if (event.type === "timer") set(tx, { ownWorker: true });
  connect(tx, { afterLoss: true, retries: 1 });
}

/** Leave the current connection (connecting or ready) behind. */
function discard(tx) {
  const { session } = tx.state;
  if (session.answered === false) cancelTimer(tx, "silence", session.conn);
  if (session.watched) emit(tx, { type: "unwatch", conn: session.conn, as: "lifeline" });
  emit(tx, { type: "close", conn: session.conn });
  set(tx, { session: { phase: "idle" }, progress: null });
}

/** Give up the worker `conn` and connect again at once (to a worker of this page's own
 * when it was the shared one), so that the next run waits less. */
function replaceWorker(tx, conn) {
  const { session } = tx.state;
  if (session.phase !== "ready" || session.conn !== conn) return;
  if (session.kind === "shared") set(tx, { ownWorker: true });
  discard(tx);
  connect(tx, { afterLoss: false, retries: 0 });
}

// ---- the run at the head of the queue ------------------------------------------------

const end = (reason) => (tx) => endRun(tx, reason);
const output = (tx, { data }) => {
  set(tx, { run: { ...tx.state.run, streamed: [...tx.state.run.streamed, [data.type, data.text]] } });
  emit(tx, { type: "output", job: tx.state.run.job, stream: data.type, text: data.text });
};
const started = (tx) => {
  const { run, timings } = tx.state;
  const job = jobOf(tx.state);
  set(tx, { run: { ...run, started: true, phase: run.phase === "waiting" ? "running" : run.phase } });
  startTimer(tx, "backstop", run.id, job.timeout * 1000 + timings.backstopMs);
};
const workerError = (tx, { data }) => {
  replaceWorker(tx, tx.state.run.conn);
  finishRun(tx, failedTranscript(data.message));
};
const lostRun = (tx, reason) => {
  const { run } = tx.state;
  if (run.endedBy) finishRun(tx, endedTranscript(run.endedBy, run.streamed, jobOf(tx.state).timeout));
  else if (run.started) finishRun(tx, lostTranscript(reason, run.streamed));
  else resend(tx); // It never reached Python: send it to the next worker, as if just asked.
};
const posted = { run: enqueue, started, stdout: output, result, error: workerError, lose: lostRun };

const RUN = {
  none: { run: enqueue, abort: abortQueued },
  booting: {
    run: enqueue,
    abort: (tx) => finishRun(tx, endedTranscript("stopped", [], jobOf(tx.state).timeout)),
  },
  waiting: { ...posted, stop: end("stopped"), abort: end("stopped"), queue: moveOn },
  running: { ...posted, stop: end("stopped"), abort: end("stopped"), backstop: end("timeout") },
  holding: {
    ...posted,
    stop: end("stopped"),
    abort: end("stopped"),
    backstop: end("timeout"),
    hold: (tx) => finishRun(tx, tx.state.run.held),
  },
  stopping: {
    ...posted,
    grace(tx) {
      // Python did not answer: the worker is stuck in a call it cannot leave.
      const { run } = tx.state;
      replaceWorker(tx, run.conn);
      finishRun(tx, endedTranscript(run.endedBy, run.streamed, jobOf(tx.state).timeout));
    },
    hold: (tx) => finishRun(tx, tx.state.run.held),
  },
};

const jobOf = (state) => state.jobs[0];

function enqueue(tx, { job, code, setup, timeout, lang = null, aborted = false }) {
  set(tx, { jobs: [...tx.state.jobs, { job, code, setup, timeout, lang, aborted, announced: false }] });
  if (!tx.state.run) nextRun(tx);
}

/** A run not at the head yet remembers its abort for when its turn comes. */
function abortQueued(tx, { job }) {
  set(tx, { jobs: tx.state.jobs.map((queued) => (queued.job === job ? { ...queued, aborted: true } : queued)) });
}

/** The head of the queue goes to the worker, once Python is ready. */
function nextRun(tx) {
  const job = jobOf(tx.state);
  if (!job) return;
  set(tx, { run: { job: job.job, phase: "booting" } });
  if (job.aborted) return finishRun(tx, endedTranscript("stopped", [], job.timeout));
  if (isReady(tx.state)) postRun(tx);
  else SESSION[tx.state.session.phase].prepare?.(tx);
}

function postRun(tx) {
  const { session, nextId: id, timings } = tx.state;
  const job = jobOf(tx.state);
  const shared = session.kind === "shared";
  set(tx, { nextId: id + 1, run: { job: job.job, phase: "waiting", id, conn: session.conn, shared, started: false, endedBy: null, held: null, streamed: [] } });
  if (!job.announced) {
    set(tx, { jobs: [{ ...job, announced: true }, ...tx.state.jobs.slice(1)] });
    emit(tx, { type: "onStart", job: job.job });
  }
  // Other pages' runs go first; if they hold the worker too long, go elsewhere.
  if (shared) startTimer(tx, "queue", id, timings.queueLimitMs);
  // The page's language goes with every run (also a run sent again to a new worker), so that
  // fake_client answers in it whichever page's worker runs it.
  emit(tx, { type: "postRun", conn: session.conn, id, job: job.job, code: job.code, setup: job.setup, timeout: job.timeout, lang: job.lang });
}

function endRun(tx, reason) {
  const { run, timings } = tx.state;
  if (!run.started && run.shared) {
    // Still waiting behind another page's run: the worker will skip it (its token is revoked).
    return finishRun(tx, endedTranscript(reason, run.streamed, jobOf(tx.state).timeout));
  }
  set(tx, { run: { ...run, endedBy: reason, phase: "stopping" } });
  // Python sees the revoked token within 0.1 s and ends the run as "stopped"; a worker of
  // the page's own is also interrupted, inside a call into C too.
  emit(tx, { type: "revoke", id: run.id }, { type: "interrupt", conn: run.conn });
  startTimer(tx, "grace", run.id, timings.stopGraceMs);
}

function result(tx, { data }) {
  const { run, timings } = tx.state;
  let transcript = data.transcript;
  if (!transcript || typeof transcript !== "object" || typeof transcript.status !== "string") {
    return finishRun(tx, failedTranscript("the Python worker sent an unreadable result"));
  }
  // A stop we sent for the time limit comes back as "stopped": say "timeout".
  if (run.endedBy === "timeout" && transcript.status === "stopped") transcript = { ...transcript, status: "timeout" };
  if (transcript.status === "stopped" && !run.endedBy) {
    // Nobody here stopped it: Python could not read the run's stop token, which is what a
    // worker being torn down under the run does (DevTools, the browser). Its lifeline tells
    // within moments; until then this is not the learner's stop.
    set(tx, { run: { ...run, held: transcript, phase: "holding" } });
    startTimer(tx, "hold", run.id, timings.lingerMs);
    return;
  }
  finishRun(tx, transcript);
}

/** Other pages' runs held the shared worker too long: this run moves to a worker of the
 * page's own (its token is revoked, so the shared worker will skip it). */
function moveOn(tx) {
  const { conn } = tx.state.run;
  settle(tx);
  replaceWorker(tx, conn);
  resend(tx);
}

/** The run goes back to waiting for Python, on the next worker. */
function resend(tx) {
  settle(tx);
  nextRun(tx);
}

/** The worker no longer has this run: its timers and token go. */
function settle(tx) {
  const { run } = tx.state;
  if (run?.id === undefined) return;
  for (const name of ["queue", "backstop", "grace", "hold"]) cancelTimer(tx, name, run.id);
  emit(tx, { type: "revoke", id: run.id });
  set(tx, { run: { job: run.job, phase: "booting" } });
}

function finishRun(tx, transcript) {
  settle(tx);
  const job = jobOf(tx.state);
  set(tx, { run: null, jobs: tx.state.jobs.slice(1) });
  emit(tx, { type: "finish", job: job.job, transcript });
  nextRun(tx);
}

// ---- the transaction ------------------------------------------------------------------

function set(tx, changes) {
  tx.state = { ...tx.state, ...changes };
}

function emit(tx, ...effects) {
  tx.effects.push(...effects);
}

function startTimer(tx, name, id, ms) {
  emit(tx, { type: "startTimer", name, id, ms });
}

function cancelTimer(tx, name, id) {
  emit(tx, { type: "cancelTimer", name, id });
}

/** The transition table: for each region and phase, the events it answers. */
export const TRANSITIONS = Object.fromEntries(
  Object.entries({ session: SESSION, run: RUN }).map(([region, table]) => [
    region,
    Object.fromEntries(Object.entries(table).map(([phase, events]) => [phase, Object.keys(events)])),
  ]),
);
