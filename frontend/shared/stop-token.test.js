import assert from "node:assert/strict";
import { test } from "node:test";
import { createStopToken, stillWanted } from "./stop-token.js";

test("a token is a blob URL until it is revoked", async () => {
  const token = createStopToken();
  assert.match(token.url, /^blob:/);
  assert.equal(await (await fetch(token.url)).text(), "run");
  token.revoke();
  token.revoke(); // twice is harmless
  await assert.rejects(fetch(token.url));
});

function fakeRequest(outcome) {
  return class {
    open(method, url, async) {
      assert.equal(method, "GET");
      assert.equal(async, false);
    }
    send() {
      if (outcome instanceof Error) throw outcome;
      this.status = outcome;
    }
  };
}

test("the worker reads the token synchronously: 200 means go on", () => {
  assert.equal(stillWanted("blob:x", fakeRequest(200)), true);
});

test("a failed read (revoked token) or another status means stop", () => {
  assert.equal(stillWanted("blob:x", fakeRequest(new Error("NetworkError"))), false);
  assert.equal(stillWanted("blob:x", fakeRequest(404)), false);
});
