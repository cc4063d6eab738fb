import { test } from "node:test";
import assert from "node:assert/strict";
import { STORAGE_KEY, lessonKey, openProgress, sanitise } from "./storage.js";

/** A Web Storage stand-in with the same API (Node has no localStorage). */
function memoryStorage(initial = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key) => (items.has(key) ? items.get(key) : null),
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    items,
  };
}

const key = lessonKey("bg", "first-steps");

test("saves and reads back quiz entries and edits under the versioned key", () => {
  const storage = memoryStorage();
  const store = openProgress({ storage, now: () => 1700000000000 });
  store.setQuiz(key, "q1", { answer: { choice: 2 }, result: "correct" });
  store.setEdit(key, "ask-1", "print(1)");
  const saved = JSON.parse(storage.items.get(STORAGE_KEY));
  assert.deepEqual(saved, {
    lessons: {
      "bg/first-steps": {
        quizzes: { q1: { answer: { choice: 2 }, result: "correct" } },
        edits: { "ask-1": "print(1)" },
        touched: 1700000000000,
      },
    },
  });
  const again = openProgress({ storage });
  assert.deepEqual(again.getQuiz(key, "q1"), { answer: { choice: 2 }, result: "correct" });
  assert.equal(again.getEdit(key, "ask-1"), "print(1)");
  assert.deepEqual(again.answeredQuizzes(key), ["q1"]);
});

test("clearLesson forgets one lesson and keeps the others", () => {
  const storage = memoryStorage();
  const store = openProgress({ storage });
  const other = lessonKey("fa", "first-steps");
  store.setQuiz(key, "q1", { answer: null, result: "incorrect" });
  store.setQuiz(other, "q1", { answer: null, result: "correct" });
  store.clearLesson(key);
  assert.equal(store.getQuiz(key, "q1"), null);
  assert.equal(openProgress({ storage }).getQuiz(other, "q1").result, "correct");
});

test("garbage in our key is ignored and replaced on the next save", () => {
  const storage = memoryStorage({ [STORAGE_KEY]: "{not json" });
  const reasons = [];
  const store = openProgress({ storage, onUnavailable: (r) => reasons.push(r) });
  assert.equal(store.getQuiz(key, "q1"), null);
  assert.equal(store.saving, true);
  store.setQuiz(key, "q1", { answer: 1, result: "correct" });
  assert.equal(JSON.parse(storage.items.get(STORAGE_KEY)).lessons[key].quizzes.q1.result, "correct");
  assert.deepEqual(reasons, []);
});

test("a foreign shape keeps only what matches ours", () => {
  assert.deepEqual(sanitise([1, 2]), { lessons: {} });
  assert.deepEqual(sanitise({ lessons: "x" }), { lessons: {} });
  assert.deepEqual(
    sanitise({ lessons: { a: { quizzes: { ok: { result: "correct" }, bad: 3, worse: { answer: 1 } }, edits: { s: "x", t: 5 } }, b: null } }),
    { lessons: { a: { quizzes: { ok: { result: "correct" } }, edits: { s: "x" } } } },
  );
});

test("storage that throws on access means no saving, reported once, and memory still works", () => {
  const reasons = [];
  const store = openProgress({
    storage: () => {
      throw new DOMException("denied", "SecurityError");
    },
    onUnavailable: (r) => reasons.push(r),
  });
  assert.equal(store.saving, false);
  assert.equal(store.setQuiz(key, "q1", { answer: 1, result: "correct" }), false);
  store.setEdit(key, "s", "x");
  assert.equal(store.getQuiz(key, "q1").result, "correct");
  assert.equal(store.getEdit(key, "s"), "x");
  assert.deepEqual(reasons, ["unavailable"]);
});

test("a full storage (setItem throws) stops saving after the first failure, reported once", () => {
  const storage = memoryStorage();
  storage.setItem = () => {
    throw new DOMException("full", "QuotaExceededError");
  };
  const reasons = [];
  const store = openProgress({ storage, onUnavailable: (r) => reasons.push(r) });
  assert.equal(store.saving, true);
  store.setQuiz(key, "q1", { answer: 1, result: "correct" });
  store.setQuiz(key, "q2", { answer: 1, result: "incorrect" });
  assert.equal(store.saving, false);
  assert.deepEqual(reasons, ["write-failed"]);
  assert.deepEqual(store.answeredQuizzes(key).sort(), ["q1", "q2"]);
});

test("a save merges with what another tab stored meanwhile", () => {
  const storage = memoryStorage();
  const tabA = openProgress({ storage });
  const tabB = openProgress({ storage });
  tabA.setQuiz(key, "q1", { answer: 1, result: "correct" });
  tabB.setQuiz(key, "q2", { answer: 2, result: "incorrect" });
  assert.deepEqual(openProgress({ storage }).answeredQuizzes(key).sort(), ["q1", "q2"]);
});

test("returned entries are copies: changing them changes nothing stored", () => {
  const store = openProgress({ storage: memoryStorage() });
  store.setQuiz(key, "q1", { answer: { blanks: ["a"] }, result: "correct" });
  store.getQuiz(key, "q1").answer.blanks.push("b");
  assert.deepEqual(store.getQuiz(key, "q1").answer.blanks, ["a"]);
});

test("setEdit(null) forgets an edit", () => {
  const store = openProgress({ storage: memoryStorage() });
  store.setEdit(key, "s", "x");
  store.setEdit(key, "s", null);
  assert.equal(store.getEdit(key, "s"), null);
});

test("a __proto__ key in stored data is dropped, never turned into a prototype", () => {
  const clean = sanitise(JSON.parse('{"lessons": {"__proto__": {"quizzes": {}}, "a": {"quizzes": {"__proto__": {"result": "correct"}}, "edits": {"__proto__": "x"}}}}'));
  assert.deepEqual(Object.keys(clean.lessons), ["a"]);
  assert.equal(Object.getPrototypeOf(clean.lessons.a.quizzes), Object.prototype);
  assert.equal(clean.lessons.a.quizzes.result, undefined);
  assert.equal(Object.getPrototypeOf(clean.lessons.a.edits), Object.prototype);
});

test("every save and every visit touches the lesson; the record gives verdicts and the time", () => {
  const storage = memoryStorage();
  let clock = 100;
  const store = openProgress({ storage, now: () => clock });
  const other = lessonKey("bg", "tool-loop");
  store.touchLesson(other);
  assert.deepEqual(store.lessonRecord(other), { verdicts: {}, touched: 100 });
  clock = 200;
  store.setQuiz(key, "q1", { answer: 1, result: "correct" });
  store.setQuiz(key, "q2", { answer: 1, result: "pending" }); // no verdict
  clock = 300;
  store.setQuiz(key, "q3", { answer: 2, result: "incorrect" });
  assert.deepEqual(openProgress({ storage }).lessonRecord(key), { verdicts: { q1: "correct", q3: "incorrect" }, touched: 300 });
  clock = 400;
  store.setEdit(key, "s", "x");
  assert.equal(store.lessonRecord(key).touched, 400);
  clock = 500;
  store.setEdit(key, "unknown", null); // nothing to forget: nothing happened
  assert.equal(store.lessonRecord(key).touched, 400);
  assert.deepEqual(store.lessonRecord(lessonKey("bg", "never")), { verdicts: {}, touched: null });
});

test("a touched time that is not a positive number is dropped", () => {
  const clean = sanitise({ lessons: { a: { quizzes: {}, edits: {}, touched: "yesterday" }, b: { touched: -1 }, c: { touched: 5 } } });
  assert.deepEqual(clean.lessons, { a: { quizzes: {}, edits: {} }, b: { quizzes: {}, edits: {} }, c: { quizzes: {}, edits: {}, touched: 5 } });
});
