import { test } from "node:test";
import assert from "node:assert/strict";
import { normaliseOutput, outputOf, sameOutput } from "./same-run.js";

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
