import { test } from "node:test";
import assert from "node:assert/strict";
import { BURST, FLUSH_MS, createOutputStream } from "./worker-output.js";

function recorder() {
  const sent = [];
  let clock = 0;
  return { sent, send: (kind, text) => sent.push([kind, text]), now: () => clock, tick: (ms) => (clock += ms) };
}

test("a few writes are sent at once, each", () => {
  const r = recorder();
  const stream = createOutputStream(r);
  stream.write("stdout", "started");
  stream.write("stdout", "\n");
  assert.deepEqual(r.sent, [["stdout", "started"], ["stdout", "\n"]]);
});

test("a burst is merged per stream and sent with the first write after the window", () => {
  const r = recorder();
  const stream = createOutputStream(r);
  for (let i = 0; i < BURST; i++) stream.write("stdout", "x");
  stream.write("stdout", "a");
  stream.write("stdout", "b");
  stream.write("stderr", "c");
  assert.equal(r.sent.length, BURST);
  r.tick(FLUSH_MS);
  stream.write("stderr", "d");
  assert.deepEqual(r.sent.slice(BURST), [["stdout", "ab"], ["stderr", "cd"]]);
});

test("flush sends what is left", () => {
  const r = recorder();
  const stream = createOutputStream(r);
  for (let i = 0; i <= BURST; i++) stream.write("stdout", String(i));
  stream.flush();
  assert.deepEqual(r.sent.at(-1), ["stdout", String(BURST)]);
});

test("nothing is streamed past the limit", () => {
  const r = recorder();
  const stream = createOutputStream({ ...r, limit: 5 });
  stream.write("stdout", "abc");
  stream.write("stdout", "defgh");
  stream.write("stderr", "ignored");
  stream.flush();
  assert.deepEqual(r.sent, [["stdout", "abc"], ["stdout", "de"]]);
});
