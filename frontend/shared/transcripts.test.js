import { test } from "node:test";
import assert from "node:assert/strict";
import { endedTranscript, mergeChunks } from "./transcripts.js";

test("a terminated run keeps what it streamed, merged per stream", () => {
  const t = endedTranscript("timeout", [["stdout", "1\n"], ["stdout", "2\n"], ["stderr", "w\n"], ["stdout", ""]], 3);
  assert.deepEqual(t.chunks, [["stdout", "1\n2\n"], ["stderr", "w\n"]]);
  assert.equal(t.output, "1\n2\nw\n");
  assert.equal(t.status, "timeout");
  assert.equal(t.error.type, "Timeout");
  assert.match(t.error.message, /3 s/);
  assert.deepEqual(t.calls, []);
});

test("a stopped run says KeyboardInterrupt like Python's own stop", () => {
  assert.equal(endedTranscript("stopped", [], 10).error.type, "KeyboardInterrupt");
});

test("mergeChunks leaves its input alone", () => {
  const input = [["stdout", "a"], ["stdout", "b"]];
  mergeChunks(input);
  assert.deepEqual(input, [["stdout", "a"], ["stdout", "b"]]);
});
