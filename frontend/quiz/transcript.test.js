import { test } from "node:test";
import assert from "node:assert/strict";
import { diffLines, firstDifference, normaliseOutput, outputOf, sameOutput } from "./transcript.js";

test("outputOf accepts a transcript dict, a string, or nothing", () => {
  assert.equal(outputOf({ output: "hi\n", status: "done" }), "hi\n");
  assert.equal(outputOf("hi"), "hi");
  assert.equal(outputOf(null), "");
  assert.equal(outputOf({ status: "done" }), "");
});

test("normaliseOutput trims the trailing whitespace of the whole text, nothing else", () => {
  assert.equal(normaliseOutput("a\nb\t \n\n\n"), "a\nb");
  assert.equal(normaliseOutput("a\r\nb\r\n"), "a\r\nb");
  assert.equal(normaliseOutput("  indented\n\ninner blank"), "  indented\n\ninner blank");
  assert.equal(normaliseOutput("inner  \nline"), "inner  \nline", "an inner line keeps its trailing spaces");
});

test("normaliseOutput trims what Python's str.rstrip() trims", () => {
  assert.equal(normaliseOutput("x\x1c\x1f\x85\u3000\u00a0"), "x");
  assert.equal(normaliseOutput("x\ufeff"), "x\ufeff", "U+FEFF is not whitespace to Python");
});

test("sameOutput ignores trailing whitespace only", () => {
  assert.ok(sameOutput("stop_reason: tool_use\n", { output: "stop_reason: tool_use   " }));
  assert.ok(!sameOutput("Stop_reason: tool_use", "stop_reason: tool_use"));
  assert.ok(!sameOutput(" a", "a"), "leading whitespace counts");
  assert.ok(!sameOutput("a\n\nb", "a\nb"), "inner blank lines count");
  assert.ok(!sameOutput("a \nb", "a\nb"), "trailing spaces of an inner line count, as in the build");
});

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
