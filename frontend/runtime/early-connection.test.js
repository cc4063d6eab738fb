// The early connection: taken over once by the client that asks for the same worker, with
// what the worker said meanwhile; anything else gets a connection of its own.
import { test } from "node:test";
import assert from "node:assert/strict";
import { adoptOrConnect, connectEarly, pythonRanInThisTab, rememberPythonRan } from "./early-connection.js";

const WORKER = { url: "http://site/assets/runtime/worker.js?v=1", name: "lesson-python:{}" };

/** A stand-in for connectWorker: records the connections it opens. */
function fakeConnect(kind = "shared") {
  const opened = [];
  const connect = (options) => {
    const connection = { kind, options, closed: false, posted: [], post: (m) => connection.posted.push(m), close: () => (connection.closed = true) };
    opened.push(connection);
    return connection;
  };
  return { connect, opened };
}

test("the client takes over the early connection, with what the worker said before", async () => {
  const { connect, opened } = fakeConnect();
  connectEarly(WORKER, connect);
  opened[0].options.onMessage({ type: "lost", reason: "closed" });
  const heard = [];
  const connection = adoptOrConnect({ shared: true, ...WORKER, onMessage: (m) => heard.push(m), onError: () => {} }, connect);
  assert.equal(connection, opened[0], "no second connection");
  assert.deepEqual(heard, [], "told only after the client holds the connection");
  await Promise.resolve();
  assert.deepEqual(heard, [{ type: "lost", reason: "closed" }]);
  opened[0].options.onMessage({ type: "ready", id: 1 });
  assert.deepEqual(heard.at(-1), { type: "ready", id: 1 }, "later messages go straight to the client");
  const again = adoptOrConnect({ shared: true, ...WORKER, onMessage() {}, onError() {} }, connect);
  assert.notEqual(again, opened[0], "taken once: a reconnection opens its own");
  assert.equal(opened.length, 2);
});

test("a connection asked for another worker, or a dedicated one, is opened anew", () => {
  const { connect, opened } = fakeConnect();
  connectEarly(WORKER, connect);
  const other = adoptOrConnect({ shared: true, ...WORKER, name: "other", onMessage() {}, onError() {} }, connect);
  assert.equal(other, opened[1]);
  assert.equal(opened[0].closed, true, "the early one that nobody wants is left");
  connectEarly(WORKER, connect);
  const dedicated = adoptOrConnect({ shared: false, ...WORKER, onMessage() {}, onError() {} }, connect);
  assert.equal(dedicated, opened[3]);
  assert.equal(opened[2].closed, true);
});

test("where no shared worker could be made, nothing is kept open", () => {
  const { connect, opened } = fakeConnect("dedicated");
  connectEarly(WORKER, connect);
  assert.equal(opened[0].closed, true);
  const own = adoptOrConnect({ shared: true, ...WORKER, onMessage() {}, onError() {} }, connect);
  assert.equal(own, opened[1]);
});

test("a tab remembers that Python ran in it; storage that throws means 'not known'", () => {
  const values = new Map();
  const storage = { getItem: (key) => values.get(key) ?? null, setItem: (key, value) => values.set(key, value) };
  assert.equal(pythonRanInThisTab(storage), false);
  rememberPythonRan(storage);
  assert.equal(pythonRanInThisTab(storage), true);
  const broken = { getItem() { throw new Error("SecurityError"); }, setItem() { throw new Error("QuotaExceededError"); } };
  assert.doesNotThrow(() => rememberPythonRan(broken));
  assert.equal(pythonRanInThisTab(broken), false);
  assert.equal(pythonRanInThisTab(undefined), false);
});
