import { test } from "node:test";
import assert from "node:assert/strict";
import { courseProgress } from "./course-progress.js";

const LESSONS = [
  { slug: "one", written: true, quizzes: ["a", "b"] },
  { slug: "two", written: false, quizzes: [] }, // translation in progress
  { slug: "three", written: true, quizzes: ["c"] },
  { slug: "four", written: true, quizzes: ["d", "e"] },
];

const from = (records) => (slug) => records[slug] || { verdicts: {}, touched: null };

test("nothing stored: every lesson at 0, start with the first", () => {
  const progress = courseProgress(LESSONS, from({}));
  assert.deepEqual(progress.lessons.map((row) => [row.slug, row.answered, row.total, row.finished]), [
    ["one", 0, 2, false],
    ["two", 0, 0, false],
    ["three", 0, 1, false],
    ["four", 0, 2, false],
  ]);
  assert.deepEqual(progress.next, { slug: "one", index: 0, why: "start" });
});

test("answered counts only verdicts of the lesson's current quizzes", () => {
  const progress = courseProgress(LESSONS, from({ one: { verdicts: { a: "incorrect", gone: "correct" }, touched: 5 } }));
  assert.deepEqual(progress.lessons[0], { slug: "one", answered: 1, total: 2, finished: false });
  assert.deepEqual(progress.next, { slug: "one", index: 0, why: "continue" });
});

test("continue goes to the last lesson touched while it is unfinished", () => {
  const progress = courseProgress(LESSONS, from({
    one: { verdicts: { a: "correct" }, touched: 10 },
    four: { verdicts: {}, touched: 20 },
  }));
  assert.deepEqual(progress.next, { slug: "four", index: 3, why: "continue" });
});

test("a finished last lesson sends to the next unfinished one, skipping lessons not written", () => {
  const progress = courseProgress(LESSONS, from({ one: { verdicts: { a: "correct", b: "incorrect" }, touched: 10 } }));
  assert.equal(progress.lessons[0].finished, true);
  assert.deepEqual(progress.next, { slug: "three", index: 2, why: "continue" });
});

test("after the last lesson is finished, go back to the first unfinished one", () => {
  const progress = courseProgress(LESSONS, from({
    three: { verdicts: {}, touched: 1 },
    four: { verdicts: { d: "correct", e: "correct" }, touched: 30 },
  }));
  assert.deepEqual(progress.next, { slug: "one", index: 0, why: "continue" });
});

test("everything answered: nowhere to go on", () => {
  const progress = courseProgress(LESSONS, from({
    one: { verdicts: { a: "correct", b: "correct" }, touched: 1 },
    three: { verdicts: { c: "incorrect" }, touched: 2 },
    four: { verdicts: { d: "correct", e: "correct" }, touched: 3 },
  }));
  assert.equal(progress.next, null);
  assert.deepEqual(progress.lessons.map((row) => row.finished), [true, false, true, true]);
});

test("a lesson without quizzes is finished once opened; a touched lesson that is not written never counts", () => {
  const lessons = [{ slug: "read", written: true, quizzes: [] }, { slug: "draft", written: false, quizzes: [] }, LESSONS[2]];
  const progress = courseProgress(lessons, from({ read: { verdicts: {}, touched: 1 }, draft: { verdicts: {}, touched: 9 } }));
  assert.equal(progress.lessons[0].finished, true);
  assert.deepEqual(progress.next, { slug: "three", index: 2, why: "continue" });
});
