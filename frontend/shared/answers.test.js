import { test } from "node:test";
import assert from "node:assert/strict";
import { allListed, fillBlanks, helpOffered, nextLineIndex, sameChoice, shownOrder } from "./answers.js";

test("fillBlanks puts each answer between its segments", () => {
  assert.equal(fillBlanks(["if r.stop_reason == ", ":\n    run()\n"], ['"tool_use"']), 'if r.stop_reason == "tool_use":\n    run()\n');
  assert.equal(fillBlanks(["a", "b", "c"], ["1", "2"]), "a1b2c");
  assert.equal(fillBlanks(["a", "b"], []), "ab", "an empty blank stays empty");
  assert.equal(fillBlanks(["only"], []), "only");
});

test("allListed accepts only listed spellings (around whitespace ignored)", () => {
  const accepted = [['"tool_use"', "'tool_use'"], ["1"]];
  assert.ok(allListed([" 'tool_use' ", "1"], accepted));
  assert.ok(!allListed(['"tool-use"', "1"], accepted));
  assert.ok(!allListed(['"tool_use"', "2"], accepted));
});

test("sameChoice compares sets of indices", () => {
  assert.ok(sameChoice([2, 0], [0, 2]));
  assert.ok(!sameChoice([0], [0, 2]));
  assert.ok(!sameChoice([0, 1, 2], [0, 2]));
  assert.ok(sameChoice([1, 1], [1]));
});

test("nextLineIndex moves focus within the list and ignores other keys", () => {
  assert.equal(nextLineIndex("ArrowDown", 0, 3), 1);
  assert.equal(nextLineIndex("ArrowDown", 2, 3), 2);
  assert.equal(nextLineIndex("ArrowUp", 0, 3), 0);
  assert.equal(nextLineIndex("End", 0, 3), 2);
  assert.equal(nextLineIndex("Home", 2, 3), 0);
  assert.equal(nextLineIndex("PageDown", 1, 20), 6);
  assert.equal(nextLineIndex("a", 1, 3), null);
});

test("help comes once the wrong tries reach the kind's threshold, and never where it has none", () => {
  const after = { hint: 2, answer: 3 };
  assert.deepEqual([0, 1, 2, 3].map((n) => helpOffered(after, "hint", n)), [false, false, true, true]);
  assert.deepEqual([2, 3].map((n) => helpOffered(after, "answer", n)), [false, true]);
  assert.equal(helpOffered({ hint: 1 }, "answer", 99), false);
});

test("shownOrder takes the build's order when it is a permutation of the options, else the written one", () => {
  assert.deepEqual(shownOrder([2, 0, 1], 3), [2, 0, 1]);
  assert.deepEqual(shownOrder(undefined, 3), [0, 1, 2]);
  assert.deepEqual(shownOrder([0, 0, 1], 3), [0, 1, 2], "a repeated index");
  assert.deepEqual(shownOrder([1, 0], 3), [0, 1, 2], "too short");
  assert.deepEqual(shownOrder([3, 1, 0], 3), [0, 1, 2], "an index out of range");
  assert.deepEqual(shownOrder(["1", 0, 2], 3), [0, 1, 2], "not numbers");
});
