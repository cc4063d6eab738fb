import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { normaliseOutput, outputOf, outputsMatch, runDifference, sameRun } from "./same-run.js";

// The table pytest reads too (tests/unit/test_same_run.py): the page and the build agree.
const { cases } = JSON.parse(readFileSync(new URL("./same-run-cases.json", import.meta.url), "utf8"));

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

test("outputsMatch compares outputs of strings or transcripts, trailing whitespace aside", () => {
  assert.ok(outputsMatch("stop_reason: tool_use\n", { output: "stop_reason: tool_use   " }));
  assert.ok(!outputsMatch("Stop_reason: tool_use", "stop_reason: tool_use"));
});

for (const { name, actual, expected, same } of cases) {
  test(`sameRun, shared case: ${name}`, () => {
    assert.equal(sameRun(actual, expected), same);
  });
}

test("the shared table has cases on both sides", () => {
  assert.ok(cases.some((c) => c.same) && cases.some((c) => !c.same));
});

test("runDifference says what differs: the output first, then the ending", () => {
  const done = { status: "done", output: "ok\n" };
  assert.equal(runDifference({ status: "done", output: "ok" }, done), null);
  assert.equal(runDifference({ status: "error", output: "ok\n" }, done), "status");
  assert.equal(runDifference({ status: "timeout", output: "no\n" }, done), "output");
});
