import { test } from "node:test";
import assert from "node:assert/strict";
import { FLUSH_MS, createOutputStream } from "./worker-output.js";

function recorder() {
  const sent = [];
  let clock = 0;
  return { sent, send: (kind, text) => sent.push([kind, text]), now: () => clock, tick: (ms) => (clock += ms) };
}

test("writes are merged per stream until the flush interval passes", () => {
  const r = recorder();
  const stream = createOutputStream(r);
  stream.write("stdout", "a");
  stream.write("stdout", "b");
  stream.write("stderr", "c");
  assert.deepEqual(r.sent, []);
  r.tick(FLUSH_MS);
  stream.write("stderr", "d");
  assert.deepEqual(r.sent, [["stdout", "ab"], ["stderr", "cd"]]);
});

test("flush sends what is left", () => {
  const r = recorder();
  const stream = createOutputStream(r);
  stream.write("stdout", "x");
  stream.flush();
  assert.deepEqual(r.sent, [["stdout", "x"]]);
});

test("nothing is streamed past the limit", () => {
  const r = recorder();
  const stream = createOutputStream({ ...r, limit: 5 });
  stream.write("stdout", "abc");
  stream.write("stdout", "defgh");
  stream.write("stderr", "ignored");
  stream.flush();
  assert.deepEqual(r.sent, [["stdout", "abcde"]]);
});
