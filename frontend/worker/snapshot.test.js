import assert from "node:assert/strict";
import { test } from "node:test";
import { gzipSync } from "node:zlib";
import { fetchSnapshot, isGzip } from "./snapshot.js";

const respond = (body, status = 200) => async () => new Response(body, { status });

test("gzip is told by its magic bytes", () => {
  assert.equal(isGzip(gzipSync(Buffer.from("x"))), true);
  assert.equal(isGzip(new Uint8Array([0x1f])), false);
  assert.equal(isGzip(new Uint8Array([0, 97, 115, 109])), false);
});

test("a gzipped snapshot is unpacked", async () => {
  const raw = new Uint8Array(70000).map((_, i) => i % 251);
  const bytes = await fetchSnapshot("s.bin", respond(gzipSync(raw)));
  assert.deepEqual(bytes, raw);
});

test("bytes that are not gzip are handed over as they are", async () => {
  const bytes = await fetchSnapshot("s.bin", respond(new Uint8Array([1, 2, 3])));
  assert.deepEqual(bytes, new Uint8Array([1, 2, 3]));
});

test("an HTTP error or a cut gzip stream rejects", async () => {
  await assert.rejects(fetchSnapshot("s.bin", respond("gone", 404)), /HTTP 404/);
  const cut = gzipSync(Buffer.alloc(100000, 7)).subarray(0, 60);
  await assert.rejects(fetchSnapshot("s.bin", respond(cut)));
});
