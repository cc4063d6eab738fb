import { test } from "node:test";
import assert from "node:assert/strict";
import { drain } from "./steps.js";

test("drain runs a generator through its yields and returns its result", () => {
  let steps = 0;
  function* work() {
    for (let i = 0; i < 3; i += 1) {
      steps += 1;
      yield;
    }
    return "done";
  }
  assert.equal(drain(work()), "done");
  assert.equal(steps, 3);
});
