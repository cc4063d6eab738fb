import { test } from "node:test";
import assert from "node:assert/strict";
import { isProtocolMessage } from "./worker-connection.js";

test("only plain objects with a string type are protocol messages", () => {
  for (const junk of [null, undefined, "text", 42, {}, { type: 7 }, []]) assert.equal(isProtocolMessage(junk), false, String(junk));
  assert.equal(isProtocolMessage({ id: 1, type: "result" }), true);
  assert.equal(isProtocolMessage({ type: "lost", reason: "closed" }), true);
});
