// The worker client's state machine as tables: each row is an event, the phases it leads to
// (`session / run`) and the effects it asks for, in a short notation (summary() below; start-up
// marks and timer cancellations left out). Time is only `timer` events here; the client's own
// tests (runtime/worker-client.test.js) run the real shell on a fake clock.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { DEFAULT_TIMINGS, TRANSITIONS, initialState, isReady, step } from "./worker-session.js";

// ---- events, as the shell sends them ----------------------------------------------------
const prepare = { type: "prepare" };
const stop = { type: "stop" };
const run = (job, { timeout = 10, aborted = false } = {}) => ({ type: "run", job, code: `code ${job}`, setup: [], timeout, aborted });
const abort = (job) => ({ type: "abort", job });
const connected = (conn, kind) => ({ type: "connected", conn, kind });
const failed = (conn, message) => ({ type: "failed", conn, message });
const gone = (conn, as = "lifeline") => ({ type: "gone", conn, as });
const timer = (name, id) => ({ type: "timer", name, id });
const say = (conn, data) => ({ type: "message", conn, data });
// Said about the connection being made, or about the run in the worker now.
const boot = (data) => (state) => say(state.session.conn, { id: state.session.initId, ...data });
const progress = boot({ type: "progress", phase: "runtime", loaded: 0, total: 2 });
const ready = (interpreter, extra = {}) => boot({ type: "ready", interpreter, fresh: true, fromSnapshot: true, lifeline: true, warning: null, ...extra });
const ofRun = (data) => (state) => say(state.run.conn, { id: state.run.id, ...data });
const started = ofRun({ type: "started" });
const stdout = (text) => ofRun({ type: "stdout", text });
const result = (status, output = "") => ofRun({ type: "result", transcript: { output, chunks: [["stdout", output]], status, error: null, calls: [] } });
const runError = (message) => ofRun({ type: "error", message });
const lost = (conn, reason) => say(conn, { type: "lost", reason, message: reason });

// ---- the notation -----------------------------------------------------------------------
function phases({ session, run: head }) {
  const host = session.phase === "connecting" ? `(${session.asked})` : session.phase === "ready" ? `(${session.kind})` : "";
  return `${session.phase}${host} / ${head?.phase ?? "none"}`;
}

function summary(effect) {
  switch (effect.type) {
    case "connect": return `connect ${effect.conn} ${effect.shared ? "shared" : "dedicated"}`;
    case "init": return `init ${effect.conn}${effect.interruptible ? " interruptible" : ""}`;
    case "close": return `close ${effect.conn}`;
    case "watch": case "unwatch": return `${effect.type} ${effect.conn} ${effect.as}`;
    case "startTimer": return `timer ${effect.name} ${effect.ms}`;
    case "progress": return `progress ${effect.progress.phase}`;
    case "ready": return `ready ${effect.info.host} ${effect.info.interpreter} starts ${effect.info.starts}`;
    case "bootFailed": return `bootFailed ${effect.message}`;
    case "onStart": return `onStart ${effect.job}`;
    case "postRun": return `post ${effect.job} on ${effect.conn}`;
    case "revoke": return "revoke";
    case "interrupt": return `interrupt ${effect.conn}`;
    case "output": return `output ${effect.text}`;
    case "finish": {
      const { status, output, error } = effect.transcript;
      return `finish ${effect.job} ${status}${error ? ` ${error.type}` : ""}${output ? ` ${JSON.stringify(output)}` : ""}`;
    }
    case "mark": case "cancelTimer": return null;
    default: return effect.type;
  }
}

const T = DEFAULT_TIMINGS;

/** Play `rows` ([event, phases after it, effects]) from `state`; every state is frozen, so a
 * step that changed one in place would throw. */
function play(rows, state = initialState({ canShare: true, isolated: false })) {
  for (const [index, [event, expectedPhases, expectedEffects]] of rows.entries()) {
    const given = typeof event === "function" ? event(state) : event;
    const next = step(deepFreeze(state), given);
    const where = `row ${index + 1} (${given.type}${given.data ? ` ${given.data.type}` : ""}${given.name ? ` ${given.name}` : ""})`;
    assert.equal(phases(next.state), expectedPhases, where);
    assert.deepEqual(next.effects.map(summary).filter(Boolean), expectedEffects, where);
    state = next.state;
  }
  return state;
}

function deepFreeze(value) {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    Object.values(value).forEach(deepFreeze);
  }
  return value;
}

/** A page with Python ready in the shared worker py-1 (conn 1) and nothing running. */
const READY = [
  [prepare, "connecting(shared) / none", ["connect 1 shared"]],
  [connected(1, "shared"), "connecting(shared) / none", ["init 1"]],
  [progress, "connecting(shared) / none", ["progress runtime"]],
  [ready("py-1"), "ready(shared) / none", ["watch 1 lifeline", "progress ready", "ready shared py-1 starts 1", "bootDone"]],
];
/** …and run 1 in it, started and printing. */
const RUNNING = [
  ...READY,
  [run(1), "ready(shared) / waiting", ["onStart 1", `timer queue ${T.queueLimitMs}`, "post 1 on 1"]],
  [started, "ready(shared) / running", [`timer backstop ${10_000 + T.backstopMs}`]],
  [stdout("hi\n"), "ready(shared) / running", ["output hi\n"]],
];

test("a first run starts the shared worker, waits for it, and ends with Python's transcript", () => {
  play([
    [run(1), "connecting(shared) / booting", ["connect 1 shared"]],
    [connected(1, "shared"), "connecting(shared) / booting", ["init 1"]],
    [progress, "connecting(shared) / booting", ["progress runtime"]],
    [ready("py-1"), "ready(shared) / waiting",
      ["watch 1 lifeline", "progress ready", "ready shared py-1 starts 1", "bootDone", "onStart 1", `timer queue ${T.queueLimitMs}`, "post 1 on 1"]],
    [started, "ready(shared) / running", [`timer backstop ${10_000 + T.backstopMs}`]],
    [stdout("hi\n"), "ready(shared) / running", ["output hi\n"]],
    [result("done", "hi\n"), "ready(shared) / none", ["revoke", 'finish 1 done "hi\\n"']],
  ]);
});

test("the page's language goes with the run to the worker, and again when the run moves to another", () => {
  const posts = [];
  let state = play(READY);
  for (const event of [{ ...run(1), lang: "ru" }, timer("queue", 2), connected(2, "dedicated"), (s) => say(2, { id: s.session.initId, type: "ready", interpreter: "py-2", fresh: true, fromSnapshot: true, lifeline: true, warning: null })]) {
    const next = step(state, typeof event === "function" ? event(state) : event);
    posts.push(...next.effects.filter((effect) => effect.type === "postRun"));
    state = next.state;
  }
  assert.deepEqual(posts.map(({ conn, lang }) => [conn, lang]), [[1, "ru"], [2, "ru"]]);
  // A run that names no language leaves it to fake_client's guess.
  const plain = step(play(READY), run(1)).effects.find((effect) => effect.type === "postRun");
  assert.equal(plain.lang, null);
});

test("runs go one at a time; a run aborted while queued never reaches the worker", () => {
  play([
    ...RUNNING,
    [run(2), "ready(shared) / running", []],
    [run(3), "ready(shared) / running", []],
    [abort(2), "ready(shared) / running", []],
    [result("done", "hi\n"), "ready(shared) / waiting",
      ["revoke", 'finish 1 done "hi\\n"', "finish 2 stopped KeyboardInterrupt", "onStart 3", `timer queue ${T.queueLimitMs}`, "post 3 on 1"]],
  ]);
});

test("Stop revokes the token; Python's stopped transcript is the answer, else the worker is given up", () => {
  play([
    ...RUNNING,
    [stop, "ready(shared) / stopping", ["revoke", "interrupt 1", `timer grace ${T.stopGraceMs}`]],
    [stop, "ready(shared) / stopping", []],
    [result("stopped", "hi\n"), "ready(shared) / none", ["revoke", 'finish 1 stopped "hi\\n"']],
  ]);
  play([
    ...RUNNING,
    [abort(1), "ready(shared) / stopping", ["revoke", "interrupt 1", `timer grace ${T.stopGraceMs}`]],
    [timer("grace", 3), "ready(shared) / stopping", []], // another run's timer
    [timer("grace", 2), "connecting(dedicated) / none",
      ["unwatch 1 lifeline", "close 1", "connect 2 dedicated", "revoke", 'finish 1 stopped KeyboardInterrupt "hi\\n"']],
  ]);
});

test("a run still behind other pages' runs ends at once when stopped, or moves to a worker of its own", () => {
  play([
    ...READY,
    [run(1), "ready(shared) / waiting", ["onStart 1", `timer queue ${T.queueLimitMs}`, "post 1 on 1"]],
    [stop, "ready(shared) / none", ["revoke", "finish 1 stopped KeyboardInterrupt"]],
  ]);
  play([
    ...READY,
    [run(1), "ready(shared) / waiting", ["onStart 1", `timer queue ${T.queueLimitMs}`, "post 1 on 1"]],
    [timer("queue", 2), "connecting(dedicated) / booting", ["revoke", "unwatch 1 lifeline", "close 1", "connect 2 dedicated"]],
    [connected(2, "dedicated"), "connecting(dedicated) / booting", ["init 2"]],
    [ready("py-2", { lifeline: false }), "ready(dedicated) / waiting", ["progress ready", "ready dedicated py-2 starts 2", "bootDone", "post 1 on 2"]],
  ]);
});

test("the backstop ends a run past its limit as a timeout; Python's stopped then reads timeout", () => {
  play([
    ...RUNNING,
    [timer("backstop", 2), "ready(shared) / stopping", ["revoke", "interrupt 1", `timer grace ${T.stopGraceMs}`]],
    [result("stopped", "hi\n"), "ready(shared) / none", ["revoke", 'finish 1 timeout "hi\\n"']],
  ]);
});

test("a dedicated worker of a cross-origin isolated page is interrupted; it runs without a queue limit", () => {
  play([
    [run(1), "connecting(dedicated) / booting", ["connect 1 dedicated"]],
    [connected(1, "dedicated"), "connecting(dedicated) / booting", ["init 1 interruptible"]],
    [ready("py-1"), "ready(dedicated) / waiting", ["watch 1 lifeline", "progress ready", "ready dedicated py-1 starts 1", "bootDone", "onStart 1", "post 1 on 1"]],
    [stop, "ready(dedicated) / stopping", ["revoke", "interrupt 1", `timer grace ${T.stopGraceMs}`]],
    [failed(1, "learner code's leftover callback threw"), "ready(dedicated) / stopping", []],
    [timer("grace", 2), "connecting(dedicated) / none",
      ["unwatch 1 lifeline", "close 1", "connect 2 dedicated", "revoke", "finish 1 stopped KeyboardInterrupt"]],
  ], initialState({ canShare: false, isolated: true }));
});

test("a shared worker that cannot start gives way to a dedicated one; when none can, the run fails", () => {
  const state = play([
    [run(1), "connecting(shared) / booting", ["connect 1 shared"]],
    [connected(1, "shared"), "connecting(shared) / booting", ["init 1"]],
    [failed(1, "no shared worker"), "connecting(dedicated) / booting", ["close 1", "connect 2 dedicated"]],
    [connected(2, "dedicated"), "connecting(dedicated) / booting", ["init 2"]],
    [boot({ type: "error", message: "no worker at all" }), "idle / none",
      ["close 2", "bootFailed no worker at all", "finish 1 failed RuntimeUnavailable"]],
    [run(2), "connecting(dedicated) / booting", ["connect 3 dedicated"]],
  ]);
  assert.equal(isReady(state), false);
});

test("a worker error during a run fails it and replaces the worker; an unreadable result fails it only", () => {
  play([
    ...RUNNING,
    [runError("out of memory"), "connecting(dedicated) / none", ["unwatch 1 lifeline", "close 1", "connect 2 dedicated", "revoke", "finish 1 failed RuntimeUnavailable"]],
  ]);
  play([
    ...RUNNING,
    [ofRun({ type: "result", transcript: "junk" }), "ready(shared) / none", ["revoke", "finish 1 failed RuntimeUnavailable"]],
  ]);
});

test("a run aborted before its turn never connects", () => {
  play([[run(1, { aborted: true }), "idle / none", ["finish 1 stopped KeyboardInterrupt"]]]);
  play([
    [run(1), "connecting(shared) / booting", ["connect 1 shared"]],
    [stop, "connecting(shared) / booting", []], // Stop is for a run in the worker
    [abort(1), "connecting(shared) / none", ["finish 1 stopped KeyboardInterrupt"]],
  ]);
});

test("a worker that says it goes away: the started run is lost, the page waits for the old worker's end", () => {
  for (const [reason, type] of [["closed", "WorkerClosed"], ["crashed", "PythonCrashed"]]) {
    play([
      ...RUNNING,
      [lost(1, reason), "lost / none",
        ["warn", "unwatch 1 lifeline", "close 1", "watch 2 gate", `timer linger ${T.lingerMs}`, "revoke", `finish 1 lost ${type} "hi\\n"`]],
      [lost(1, reason), "lost / none", ["warn"]], // the old worker's word again: said, nothing more
      [gone(2, "gate"), "connecting(shared) / none", ["unwatch 2 gate", "connect 3 shared", `timer silence ${T.firstAnswerMs}`]],
      [connected(3, "shared"), "connecting(shared) / none", ["init 3"]],
      // A fresh worker answers with its progress; the lost interpreter is never watched again.
      [progress, "connecting(shared) / none", ["progress runtime"]],
      [ready("py-1"), "ready(shared) / none", ["progress ready", "ready shared py-1 starts 2", "bootDone"]],
    ]);
  }
});

test("a lost shared worker that lingers past lingerMs is left for a dedicated worker", () => {
  play([
    ...RUNNING,
    [lost(1, "closed"), "lost / none", ["warn", "unwatch 1 lifeline", "close 1", "watch 2 gate", `timer linger ${T.lingerMs}`, "revoke", 'finish 1 lost WorkerClosed "hi\\n"']],
    [timer("linger", 2), "connecting(dedicated) / none", ["unwatch 2 gate", "connect 3 dedicated"]],
  ]);
});

test("a worker that dies without a word is noticed through its lifeline, and not waited for", () => {
  play([
    ...RUNNING,
    [gone(1), "connecting(shared) / none", ["unwatch 1 lifeline", "close 1", "connect 2 shared", `timer silence ${T.firstAnswerMs}`, "revoke", 'finish 1 lost PythonCrashed "hi\\n"']],
    [gone(1), "connecting(shared) / none", []],
  ]);
  play([
    ...READY,
    [gone(1), "connecting(shared) / none", ["unwatch 1 lifeline", "close 1", "connect 2 shared", `timer silence ${T.firstAnswerMs}`]],
  ]);
});

test("a stop nobody here asked for waits lingerMs for the lifeline before it is believed", () => {
  play([
    ...RUNNING,
    [result("stopped", "hi\n"), "ready(shared) / holding", [`timer hold ${T.lingerMs}`]],
    [gone(1), "connecting(shared) / none", ["unwatch 1 lifeline", "close 1", "connect 2 shared", `timer silence ${T.firstAnswerMs}`, "revoke", 'finish 1 lost PythonCrashed "hi\\n"']],
  ]);
  play([
    ...RUNNING,
    [result("stopped", "hi\n"), "ready(shared) / holding", [`timer hold ${T.lingerMs}`]],
    [timer("hold", 2), "ready(shared) / none", ["revoke", 'finish 1 stopped "hi\\n"']],
  ]);
});

test("a run still waiting when its worker goes away is sent to the next worker, its onStart not said again", () => {
  play([
    ...READY,
    [run(1), "ready(shared) / waiting", ["onStart 1", `timer queue ${T.queueLimitMs}`, "post 1 on 1"]],
    [lost(1, "crashed"), "lost / booting", ["warn", "unwatch 1 lifeline", "close 1", "watch 2 gate", `timer linger ${T.lingerMs}`, "revoke"]],
    [gone(2, "gate"), "connecting(shared) / booting", ["unwatch 2 gate", "connect 3 shared", `timer silence ${T.firstAnswerMs}`]],
    [connected(3, "shared"), "connecting(shared) / booting", ["init 3"]],
    [ready("py-2"), "ready(shared) / waiting", ["watch 3 lifeline", "progress ready", "ready shared py-2 starts 2", "bootDone", `timer queue ${T.queueLimitMs}`, "post 1 on 3"]],
  ]);
});

test("a worker lost while it starts is waited for lingerMs (nothing to watch), then left", () => {
  play([
    [prepare, "connecting(shared) / none", ["connect 1 shared"]],
    [connected(1, "shared"), "connecting(shared) / none", ["init 1"]],
    [lost(1, "crashed"), "lost / none", ["warn", "close 1", `timer linger ${T.lingerMs}`]],
    [prepare, "lost / none", []],
    [timer("linger", 2), "connecting(dedicated) / none", ["unwatch 2 gate", "connect 3 dedicated"]],
  ]);
});

test("a connection after a loss that is never answered is tried once more, then left for a dedicated worker", () => {
  play([
    ...READY,
    [gone(1), "connecting(shared) / none", ["unwatch 1 lifeline", "close 1", "connect 2 shared", `timer silence ${T.firstAnswerMs}`]],
    [connected(2, "shared"), "connecting(shared) / none", ["init 2"]],
    [timer("silence", 2), "connecting(shared) / none", ["close 2", "connect 3 shared", `timer silence ${T.firstAnswerMs}`]],
    [connected(3, "shared"), "connecting(shared) / none", ["init 3"]],
    [timer("silence", 3), "connecting(dedicated) / none", ["close 3", "connect 4 dedicated"]],
  ]);
  play([
    ...READY,
    [gone(1), "connecting(shared) / none", ["unwatch 1 lifeline", "close 1", "connect 2 shared", `timer silence ${T.firstAnswerMs}`]],
    [connected(2, "shared"), "connecting(shared) / none", ["init 2"]],
    [progress, "connecting(shared) / none", ["progress runtime"]],
    [timer("silence", 2), "connecting(shared) / none", []], // answered: its timer was cancelled, a late one changes nothing
  ]);
});

test("what a connection left behind says changes nothing", () => {
  play([
    ...RUNNING,
    [runError("boom"), "connecting(dedicated) / none", ["unwatch 1 lifeline", "close 1", "connect 2 dedicated", "revoke", "finish 1 failed RuntimeUnavailable"]],
    [say(1, { id: 1, type: "ready", interpreter: "py-1" }), "connecting(dedicated) / none", []],
    [say(1, { id: 2, type: "result", transcript: { status: "done" } }), "connecting(dedicated) / none", []],
    [failed(1, "late"), "connecting(dedicated) / none", []],
    [gone(1), "connecting(dedicated) / none", []],
  ]);
});

test("the worker's warning is said; prepare while starting or ready asks nothing more", () => {
  play([
    [prepare, "connecting(shared) / none", ["connect 1 shared"]],
    [prepare, "connecting(shared) / none", []],
    [connected(1, "shared"), "connecting(shared) / none", ["init 1"]],
    [ready("py-1", { fresh: false, warning: "slow start", lifeline: false }), "ready(shared) / none",
      ["warn", "progress ready", "ready shared py-1 starts 0", "bootDone"]],
    [prepare, "ready(shared) / none", []],
  ]);
});

test("ARCHITECTURE.md's table of the worker client is this module's transition table", () => {
  const doc = readFileSync(new URL("../../ARCHITECTURE.md", import.meta.url), "utf8");
  const rows = [...doc.matchAll(/^\| (session|run) \| `(\w+)` \| (.+) \|$/gm)].map(([, region, phase, events]) => [
    `${region} ${phase}`,
    [...events.matchAll(/`(\w+)`/g)].map(([, name]) => name).sort(),
  ]);
  const table = Object.entries(TRANSITIONS).flatMap(([region, byPhase]) =>
    Object.entries(byPhase).map(([phase, events]) => [`${region} ${phase}`, [...events].sort()]),
  );
  assert.deepEqual(rows, table);
});
