import assert from "node:assert/strict";
import { test } from "node:test";
import { cacheEntriesToPrune, snapshotFileName, stdlibFileName } from "./names.js";

test("file names carry the hash and a kind prefix", () => {
  assert.equal(stdlibFileName("ab12"), "stdlib-ab12.zip");
  assert.equal(snapshotFileName("cd34"), "snapshot-cd34.bin");
});

test("the cache keeps the files in use and the newest others, per kind", () => {
  const entries = [
    { name: "snapshot-a.bin", mtimeMs: 1 },
    { name: "snapshot-b.bin", mtimeMs: 5 },
    { name: "snapshot-c.bin", mtimeMs: 3 },
    { name: "snapshot-d.bin", mtimeMs: 4 },
    { name: "stdlib-x.zip", mtimeMs: 1 },
    { name: "stdlib-y.zip", mtimeMs: 2 },
    { name: "snapshot-e.bin.123.tmp", mtimeMs: 0 },
    { name: "README", mtimeMs: 0 },
  ];
  const doomed = cacheEntriesToPrune(entries, ["snapshot-a.bin", "stdlib-y.zip"], 2);
  // snapshot: a in use + newest other (b); c and d go. stdlib: y in use + x (room for 2).
  assert.deepEqual(doomed.sort(), ["snapshot-c.bin", "snapshot-d.bin"]);
});

test("a limit of one keeps only what is in use", () => {
  const entries = [
    { name: "stdlib-x.zip", mtimeMs: 9 },
    { name: "stdlib-y.zip", mtimeMs: 2 },
  ];
  assert.deepEqual(cacheEntriesToPrune(entries, ["stdlib-y.zip"], 1), ["stdlib-x.zip"]);
});
