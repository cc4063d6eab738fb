import { test } from "node:test";
import assert from "node:assert/strict";
import { checksProgram, faultsSetup, readVerdicts } from "./conversation-checks.js";

test("faultsSetup writes the line the build writes", () => {
  assert.equal(faultsSetup(["unoffered_tool", "rate_limit"]), '__import__("fake_client").faults.next("unoffered_tool", "rate_limit")');
});

test("checksProgram carries any text of the run as a Python literal", () => {
  const program = checksProgram(["every_call_answered"], { calls: [{ text: 'он сказал "да"\n\\ \u2028 😀' }], status: "done", output: "x" });
  const literal = program.split("\n")[2];
  assert.match(literal, /^print\(json\.dumps\(run_checks\(json\.loads\(".*"\), json\.loads\(".*"\)\)\)\)$/);
  assert.ok(!/[\n\u2028\u2029]/.test(literal));
});

test("readVerdicts takes only a finished run's verdict list", () => {
  const verdicts = [{ name: "every_call_answered", passed: false, call: 1 }];
  assert.deepEqual(readVerdicts({ status: "done", output: JSON.stringify(verdicts) + "\n" }), verdicts);
  assert.equal(readVerdicts({ status: "error", output: JSON.stringify(verdicts) }), null);
  assert.equal(readVerdicts({ status: "done", output: "not json" }), null);
  assert.equal(readVerdicts({ status: "done", output: '[{"name": 1}]' }), null);
});
