import { test } from "node:test";
import assert from "node:assert/strict";
import { guardClose, keepOriginals } from "./worker-guards.js";

function scopeWithClose(events) {
  class Scope {}
  Scope.prototype.close = function close() {
    events.push(["closed", this]);
  };
  return new Scope();
}

test("close() announces itself, however it is reached, and the original stays the worker's", () => {
  const events = [];
  const scope = scopeWithClose(events);
  const closeNow = guardClose(scope, () => events.push(["announced"]));
  scope.close();
  Object.getPrototypeOf(scope).close.call(scope);
  assert.deepEqual(events, [["announced"], ["closed", scope], ["announced"], ["closed", scope]]);
  events.length = 0;
  closeNow();
  assert.deepEqual(events, [["closed", scope]], "the worker's own close says nothing");
});

test("a scope without close is left alone", () => {
  const closeNow = guardClose({}, () => assert.fail("announced"));
  closeNow();
});

test("the originals are kept as they were at start-up", () => {
  const scope = { XMLHttpRequest: class Original {} };
  const kept = keepOriginals(scope);
  scope.XMLHttpRequest = null;
  assert.equal(kept.XMLHttpRequest.name, "Original");
});
