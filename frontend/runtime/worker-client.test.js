// The worker client against a stand-in worker: the protocol of ARCHITECTURE.md ("Worker
// protocol") spoken by a small script instead of Pyodide, so that queueing, stops, time
// limits and moving to a worker of its own are tested in Node. Real stop tokens (blob URLs).
// The client's decisions are its state machine's (shared/worker-session.test.js holds their
// table); these tests prove the shell performs them. Time is a fake clock that moves one
// millisecond whenever nothing else is left to do: the waits are the real ones, in order,
// without waiting for them.

import { test as nodeTest } from "node:test";
import assert from "node:assert/strict";
import { resolveObjectURL } from "node:buffer";
import { createWorkerClient } from "./worker-client.js";

const LOCATION = { workerUrl: "http://site/assets/runtime/worker.js?v=1", indexURL: "http://site/py/", packagesUrl: "http://site/p.zip" };
const FAST = { backstopMs: 30, stopGraceMs: 60, queueLimitMs: 80 };
const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

/** A test on the fake clock: setTimeout and setInterval (the client's, the stand-in's and
 * tick's) fire as the clock moves, one millisecond per turn of the real event loop, so
 * that every promise settled by one timer is followed before the next timer fires. */
function test(name, body) {
  nodeTest(name, async (t) => {
    t.mock.timers.enable({ apis: ["setTimeout", "setInterval"] });
    let running = true;
    const turn = () => {
      if (!running) return;
      t.mock.timers.tick(1);
      setImmediate(turn);
    };
    setImmediate(turn);
    try {
      await body(t);
    } finally {
      running = false;
    }
  });
}

/**
 * A stand-in for worker.js. `program(code)` says what a run does:
 * `{print: "text"}` prints and ends "done"; `{loop: true}` runs until its stop token is
 * revoked, then ends "stopped"; `{hang: true}` never answers (a long call into C);
 * `{crash: "why"}` answers with a worker error; `{goAway: "closed"|"crashed", linger}` prints,
 * says `lost` and goes away (its lifeline ends 5 ms later, or never with `linger`); `{die:
 * true}` goes away without a word. `start` is "ok" or "fail" per connection kind.
 * `watchGone` is the stand-in for the lifeline (shared/worker-lifeline.js). `silentShared` shared
 * connections after the first reach a dying worker: they are never answered.
 */
function standInWorkers({ start = { shared: "ok", dedicated: "ok" }, queueForever = false, silentShared = 0 } = {}) {
  const connections = [];
  const lifelines = new Map(); // interpreter → Set of onGone
  const watchGone = (interpreter, onGone) => {
    if (!lifelines.has(interpreter)) lifelines.set(interpreter, new Set());
    lifelines.get(interpreter).add(onGone);
    return () => lifelines.get(interpreter).delete(onGone);
  };
  const connect = ({ shared, url, name, onMessage, onError }) => {
    const kind = shared ? "shared" : "dedicated";
    const connection = { kind, url, name, posted: [], closed: false, dead: false };
    const answer = (message) => setTimeout(() => !connection.closed && !connection.dead && onMessage(message), 1);
    connection.goAway = ({ say, linger = false }) => {
      if (say) answer({ type: "lost", reason: say, message: `went away: ${say}` });
      setTimeout(() => (connection.dead = true), 2);
      if (!linger) setTimeout(() => [...(lifelines.get(connection.interpreter) || [])].forEach((gone) => gone()), 5);
    };
    connection.post = (message) => {
      connection.posted.push(message);
      if (message.type === "init") {
        const sharedBefore = connections.filter((other) => other.kind === "shared" && other !== connection).length;
        if (kind === "shared" && sharedBefore >= 1 && sharedBefore <= silentShared) return;
        if (start[kind] === "fail") return setTimeout(() => onError(`${kind} worker failed`), 1);
        connection.interpreter = `py-${connections.length}`;
        answer({ id: message.id, type: "progress", phase: "runtime", loaded: 0, total: 2 });
        answer({ id: message.id, type: "ready", interpreter: connection.interpreter, fresh: true, fromSnapshot: true, warning: null, lifeline: true });
      } else if (message.type === "run") {
        if (queueForever && kind === "shared") return; // other pages' runs hold it
        run(message, answer, connection);
      }
    };
    connection.close = () => (connection.closed = true);
    connections.push(connection);
    return connection;
  };
  const run = ({ id, code, stopUrl }, answer, connection) => {
    const program = JSON.parse(code);
    answer({ id, type: "started" });
    const done = (status, output) =>
      answer({ id, type: "result", transcript: { output, chunks: output ? [["stdout", output]] : [], status, error: null, calls: [] } });
    if (program.print !== undefined) {
      answer({ id, type: "stdout", text: program.print });
      done("done", program.print);
    } else if (program.loop) {
      answer({ id, type: "stdout", text: "looping\n" });
      const poll = setInterval(() => {
        if (resolveObjectURL(stopUrl) === undefined) {
          clearInterval(poll);
          done("stopped", "looping\n");
        }
      }, 5);
    } else if (program.crash) {
      answer({ id, type: "error", message: program.crash });
    } else if (program.hang) {
      answer({ id, type: "stdout", text: "stuck\n" });
    } else if (program.goAway) {
      answer({ id, type: "stdout", text: "bye\n" });
      connection.goAway({ say: program.goAway, linger: program.linger });
    } else if (program.die) {
      answer({ id, type: "stdout", text: "dying\n" });
      connection.goAway({});
    } else if (program.stopsItself) {
      // A worker torn down under the run: its read of the stop token fails, Python ends the
      // run as "stopped" and says so; with `thenDies`, the worker is gone a moment later.
      answer({ id, type: "stdout", text: "torn\n" });
      done("stopped", "torn\n");
      if (program.thenDies) connection.goAway({});
    } else if (program.forge) {
      answer({ id, type: "result", transcript: program.forge === "null" ? null : "junk" });
    }
  };
  return { connect, connections, watchGone };
}

function client(workers, options = {}) {
  const ready = [];
  const python = createWorkerClient({
    locate: () => LOCATION,
    connect: workers.connect,
    watchGone: workers.watchGone,
    canShare: true,
    isolated: false,
    onReady: (info) => ready.push(info),
    timings: FAST,
    ...options,
  });
  return { python, ready };
}

const code = (program) => JSON.stringify(program);

test("nothing happens until the first run; then one start, its progress, and the transcript", async () => {
  const workers = standInWorkers();
  const { python, ready } = client(workers);
  await tick(5);
  assert.equal(workers.connections.length, 0, "creating a client connects nothing");
  const progress = [];
  python.onProgress((step) => progress.push(step.phase));
  const streamed = [];
  const transcript = await python.run(code({ print: "hi\n" }), { onOutput: (stream, text) => streamed.push([stream, text]) });
  assert.equal(transcript.status, "done");
  assert.equal(transcript.output, "hi\n");
  assert.deepEqual(streamed, [["stdout", "hi\n"]]);
  assert.deepEqual(progress, ["runtime", "ready"]);
  assert.deepEqual(ready.map((info) => [info.host, info.starts, info.fromSnapshot]), [["shared", 1, true]]);
  assert.equal(python.isReady(), true);
  assert.equal(python.startCount(), 1);
  const [connection] = workers.connections;
  assert.ok(connection.name.startsWith("lesson-python:"), "the parameters travel in the worker's name");
  const runMessage = connection.posted.find((message) => message.type === "run");
  assert.deepEqual(Object.keys(runMessage).sort(), ["code", "id", "lang", "outputLimit", "setup", "stopUrl", "timeout", "type"]);
  assert.equal(runMessage.lang, null, "a client told no language leaves it to fake_client's guess");
});

test("every run message carries the page's language; a run may name its own", async () => {
  const workers = standInWorkers();
  const { python } = client(workers, { lang: "ru" });
  await python.run(code({ print: "a\n" }));
  await python.run(code({ print: "b\n" }), { lang: "uk" });
  await python.run(code({ print: "c\n" }));
  const runs = workers.connections[0].posted.filter((message) => message.type === "run");
  assert.deepEqual(runs.map((message) => message.lang), ["ru", "uk", "ru"]);
});

test("a run sent again to a worker of its own keeps its language", async () => {
  const workers = standInWorkers({ queueForever: true });
  const { python } = client(workers, { lang: "fa" });
  assert.equal((await python.run(code({ print: "mine\n" }))).output, "mine\n");
  const posted = workers.connections.flatMap((connection) => connection.posted.filter((message) => message.type === "run"));
  assert.deepEqual(posted.map((message) => message.lang), ["fa", "fa"]);
  assert.deepEqual(workers.connections.map((c) => c.kind), ["shared", "dedicated"]);
});

test("runs go to the worker one at a time, in order", async () => {
  const workers = standInWorkers();
  const { python } = client(workers);
  const first = python.run(code({ loop: true }));
  const second = python.run(code({ print: "second\n" }));
  await tick(30);
  const runs = () => workers.connections[0].posted.filter((message) => message.type === "run");
  assert.equal(runs().length, 1, "the second run waits for the first");
  python.stop();
  assert.equal((await first).status, "stopped");
  assert.equal((await second).output, "second\n");
  assert.equal(runs().length, 2);
});

test("Stop revokes the run's token and Python's own stopped transcript is the answer", async () => {
  const workers = standInWorkers();
  const { python } = client(workers);
  const controller = new AbortController();
  const running = python.run(code({ loop: true }), { signal: controller.signal });
  await tick(30);
  controller.abort();
  const transcript = await running;
  assert.equal(transcript.status, "stopped");
  assert.equal(transcript.output, "looping\n");
  assert.equal(workers.connections.length, 1, "the worker answered: it is kept");
});

test("a worker that does not answer a stop is left for a dedicated worker of the page's own", async () => {
  const workers = standInWorkers();
  const { python } = client(workers);
  const running = python.run(code({ hang: true }));
  await tick(30);
  python.stop();
  const transcript = await running;
  assert.equal(transcript.status, "stopped");
  assert.equal(transcript.output, "stuck\n", "what was streamed before the stop is kept");
  assert.equal(transcript.error.type, "KeyboardInterrupt");
  const [shared, own] = workers.connections;
  assert.equal(shared.closed, true);
  assert.equal(own.kind, "dedicated");
  assert.equal((await python.run(code({ print: "again\n" }))).output, "again\n");
});

test("the page's backstop ends a run past its time limit as a timeout", async () => {
  const workers = standInWorkers();
  const { python } = client(workers);
  const transcript = await python.run(code({ loop: true }), { timeout: 0.02 });
  assert.equal(transcript.status, "timeout", "the worker said stopped: the page asked for the time limit");
});

test("a shared worker that cannot start gives way to a dedicated one", async () => {
  const workers = standInWorkers({ start: { shared: "fail", dedicated: "ok" } });
  const { python, ready } = client(workers);
  assert.equal((await python.run(code({ print: "ok\n" }))).status, "done");
  assert.deepEqual(workers.connections.map((c) => [c.kind, c.closed]), [["shared", true], ["dedicated", false]]);
  assert.equal(ready[0].host, "dedicated");
});

test("when no worker can start, a run says so (failed) and the next run tries again", async () => {
  const workers = standInWorkers({ start: { shared: "fail", dedicated: "fail" } });
  const { python } = client(workers);
  const transcript = await python.run(code({ print: "x" }));
  assert.equal(transcript.status, "failed");
  assert.equal(transcript.error.type, "RuntimeUnavailable");
  assert.match(transcript.error.message, /dedicated worker failed/);
  const before = workers.connections.length;
  await python.run(code({ print: "x" }));
  assert.ok(workers.connections.length > before);
});

test("a worker error during a run fails that run and replaces the worker", async () => {
  const workers = standInWorkers();
  const { python } = client(workers);
  const transcript = await python.run(code({ crash: "out of memory" }));
  assert.equal(transcript.status, "failed");
  assert.equal(transcript.error.message, "out of memory");
  assert.equal(workers.connections[0].closed, true);
  assert.equal((await python.run(code({ print: "fine\n" }))).output, "fine\n");
});

test("a run kept waiting behind other pages' runs moves to a worker of its own", async () => {
  const workers = standInWorkers({ queueForever: true });
  const { python } = client(workers);
  const transcript = await python.run(code({ print: "mine\n" }));
  assert.equal(transcript.output, "mine\n");
  assert.deepEqual(workers.connections.map((c) => c.kind), ["shared", "dedicated"]);
});

test("a run stopped before it starts never reaches the worker", async () => {
  const workers = standInWorkers();
  const { python } = client(workers);
  const controller = new AbortController();
  controller.abort();
  const transcript = await python.run(code({ print: "never" }), { signal: controller.signal });
  assert.equal(transcript.status, "stopped");
  assert.equal(workers.connections.length, 0);
});

test("a worker that says it goes away ends the started run as lost; the next run gets a fresh shared worker", async () => {
  for (const [reason, type] of [["closed", "WorkerClosed"], ["crashed", "PythonCrashed"]]) {
    const workers = standInWorkers();
    const { python, ready } = client(workers);
    const transcript = await python.run(code({ goAway: reason }));
    assert.equal(transcript.status, "lost");
    assert.equal(transcript.error.type, type);
    assert.equal(transcript.output, "bye\n", "what was streamed before is kept");
    assert.equal((await python.run(code({ print: "fresh\n" }))).output, "fresh\n");
    assert.deepEqual(workers.connections.map((c) => [c.kind, c.closed]), [["shared", true], ["shared", false]]);
    assert.deepEqual(ready.map((info) => info.interpreter), ["py-1", "py-2"]);
  }
});

test("a worker that dies without a word is noticed through its lifeline", async () => {
  const workers = standInWorkers();
  const { python } = client(workers);
  const transcript = await python.run(code({ die: true }), { timeout: 60 });
  assert.equal(transcript.status, "lost");
  assert.equal(transcript.error.type, "PythonCrashed");
  assert.equal(transcript.output, "dying\n");
  assert.equal((await python.run(code({ print: "again\n" }))).output, "again\n");
  assert.equal(workers.connections[1].kind, "shared");
});

test("a run that Python says was stopped, when nobody stopped it, ends as lost if its worker dies just after", async () => {
  const workers = standInWorkers();
  const { python } = client(workers);
  const transcript = await python.run(code({ stopsItself: true, thenDies: true }), { timeout: 60 });
  assert.equal(transcript.status, "lost", "the worker's end, not a stop the learner asked for");
  assert.equal(transcript.error.type, "PythonCrashed");
  assert.equal(transcript.output, "torn\n");
  assert.equal((await python.run(code({ print: "again\n" }))).output, "again\n");
});

test("a run that Python says was stopped, when nobody stopped it and its worker lives on, ends as stopped", async () => {
  const workers = standInWorkers();
  const { python } = client(workers, { timings: { ...FAST, lingerMs: 40 } });
  const transcript = await python.run(code({ stopsItself: true }), { timeout: 60 });
  assert.equal(transcript.status, "stopped");
  assert.equal(transcript.output, "torn\n");
  assert.equal((await python.run(code({ print: "same worker\n" }))).output, "same worker\n");
  assert.equal(workers.connections.length, 1);
});

test("an idle page whose worker dies connects to a fresh one before its next run", async () => {
  const workers = standInWorkers();
  const { python, ready } = client(workers);
  await python.prepare();
  workers.connections[0].goAway({});
  await tick(30);
  assert.equal(ready.length, 2, "connected again at once");
  assert.equal(python.isReady(), true);
  assert.equal((await python.run(code({ print: "ok\n" }))).output, "ok\n");
});

test("a run still waiting when its worker goes away is sent to the next worker", async () => {
  const workers = standInWorkers({ queueForever: true });
  const { python } = client(workers, { timings: { ...FAST, queueLimitMs: 10_000 } });
  const waiting = python.run(code({ print: "mine\n" }));
  await tick(20);
  workers.connections[0].goAway({ say: "crashed" });
  const transcript = await waiting;
  assert.equal(transcript.status, "done");
  assert.equal(transcript.output, "mine\n");
});

test("a lost shared worker that lingers is left for a dedicated worker of the page's own", async () => {
  const workers = standInWorkers();
  const { python } = client(workers, { timings: { ...FAST, lingerMs: 40 } });
  assert.equal((await python.run(code({ goAway: "closed", linger: true }))).status, "lost");
  assert.equal((await python.run(code({ print: "own\n" }))).output, "own\n");
  assert.deepEqual(workers.connections.map((c) => c.kind), ["shared", "dedicated"]);
});

test("an unreadable result fails its run instead of throwing", async () => {
  for (const forge of ["null", "junk"]) {
    const workers = standInWorkers();
    const { python } = client(workers);
    const transcript = await python.run(code({ forge }));
    assert.equal(transcript.status, "failed");
    assert.equal((await python.run(code({ print: "next\n" }))).output, "next\n");
  }
});

test("a connection after a loss that reaches the dying worker is tried once more, then left for a worker of its own", async () => {
  for (const [silentShared, kinds] of [[1, ["shared", "shared", "shared"]], [2, ["shared", "shared", "shared", "dedicated"]]]) {
    const workers = standInWorkers({ silentShared });
    const { python } = client(workers, { timings: { ...FAST, firstAnswerMs: 20 } });
    assert.equal((await python.run(code({ goAway: "crashed" }))).status, "lost");
    assert.equal((await python.run(code({ print: "after\n" }))).output, "after\n");
    assert.deepEqual(workers.connections.map((c) => c.kind), kinds);
  }
});
