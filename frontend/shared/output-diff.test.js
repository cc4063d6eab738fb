import { test } from "node:test";
import assert from "node:assert/strict";
import { diffLines, firstDifference } from "./output-diff.js";

test("diffLines marks same, changed, missing and extra lines", () => {
  assert.deepEqual(diffLines("a\nb\nc", "a\nB\nc\nd"), [
    { op: "same", expected: "a", actual: "a" },
    { op: "changed", expected: "b", actual: "B" },
    { op: "same", expected: "c", actual: "c" },
    { op: "extra", expected: null, actual: "d" },
  ]);
  assert.deepEqual(diffLines("a\nb", "a"), [
    { op: "same", expected: "a", actual: "a" },
    { op: "missing", expected: "b", actual: null },
  ]);
});

test("diffLines of equal outputs (up to trailing whitespace) is all same", () => {
  const diff = diffLines("x\ny \n\n", "x\ny");
  assert.ok(diff.every((entry) => entry.op === "same"));
  assert.equal(diff.length, 2);
});

test("diffLines of an empty actual output lists every expected line as missing", () => {
  assert.deepEqual(diffLines("a\nb", ""), [
    { op: "missing", expected: "a", actual: null },
    { op: "missing", expected: "b", actual: null },
  ]);
});

test("firstDifference finds the first differing character", () => {
  assert.equal(firstDifference("tool_use", "tool_used"), 8);
  assert.equal(firstDifference("abc", "abd"), 2);
  assert.equal(firstDifference("same", "same"), -1);
});
