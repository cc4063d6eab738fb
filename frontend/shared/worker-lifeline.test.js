import { test } from "node:test";
import assert from "node:assert/strict";
import { canWatchLifeline, holdLifeline, watchLifeline } from "./worker-lifeline.js";

/** A small Web Locks stand-in: one exclusive holder, shared waiters granted when it lets go. */
function standInLocks() {
  const held = new Map(); // name → release()
  const waiting = new Map(); // name → [{callback, signal}]
  const grantWaiters = (name) => {
    for (const { callback, signal } of waiting.get(name) || []) if (!signal?.aborted) callback();
    waiting.delete(name);
  };
  return {
    request(name, options, callback) {
      if (options.mode === "exclusive") {
        return new Promise((resolve) => {
          const result = callback();
          held.set(name, () => {
            held.delete(name);
            grantWaiters(name);
          });
          result.then(resolve);
        });
      }
      if (!held.has(name)) return Promise.resolve(callback());
      waiting.set(name, [...(waiting.get(name) || []), { callback, signal: options.signal }]);
      return new Promise(() => {});
    },
    /** The holder's worker ends. */
    end: (name) => held.get(name)?.(),
  };
}

test("pages are told once the worker that holds the lifeline is gone, not before", async () => {
  const locks = standInLocks();
  assert.equal(await holdLifeline("py-1", locks), true);
  const told = [];
  watchLifeline("py-1", () => told.push("page A"), locks);
  watchLifeline("py-1", () => told.push("page B"), locks);
  const stopped = watchLifeline("py-1", () => told.push("page C, left"), locks);
  stopped();
  assert.deepEqual(told, []);
  locks.end("lesson-python-alive:py-1");
  assert.deepEqual(told, ["page A", "page B"]);
});

test("without Web Locks there is no lifeline, and nothing is ever said", async () => {
  assert.equal(canWatchLifeline(undefined), false);
  assert.equal(await holdLifeline("py-1", undefined), false);
  const stop = watchLifeline("py-1", () => assert.fail("told"), undefined);
  stop();
});
