import { test } from "node:test";
import assert from "node:assert/strict";
import { fitToLimit } from "./output-view.js";

test("text that fits is kept whole", () => {
  assert.deepEqual(fitToLimit(0, "abc", 10), { part: "abc", cut: false });
  assert.deepEqual(fitToLimit(7, "abc", 10), { part: "abc", cut: false });
});

test("text past the limit is cut and says so", () => {
  assert.deepEqual(fitToLimit(8, "abc", 10), { part: "ab", cut: true });
  assert.deepEqual(fitToLimit(10, "abc", 10), { part: "", cut: true });
});
