import assert from "node:assert/strict";
import { test } from "node:test";
import { decodeWorkerParams, encodeWorkerParams } from "./worker-params.js";

const params = {
  snapshotUrl: "http://h/assets/runtime/startup/snapshot-1.bin",
  indexURL: "http://h/assets/runtime/pyodide-314.0.7/",
  packagesUrl: "http://h/assets/runtime/lessons-python.zip?v=1",
  stdlibUrl: "http://h/assets/runtime/startup/stdlib-2.zip",
};

test("parameters survive the round trip through a worker name", () => {
  assert.deepEqual(decodeWorkerParams(encodeWorkerParams(params)), params);
});

test("the name does not depend on the order the parameters were given in", () => {
  const reordered = Object.fromEntries(Object.entries(params).reverse());
  assert.equal(encodeWorkerParams(reordered), encodeWorkerParams(params));
});

test("the start-up files are optional, the Pyodide folder and packages are not", () => {
  const bare = { indexURL: params.indexURL, packagesUrl: params.packagesUrl };
  assert.deepEqual(decodeWorkerParams(encodeWorkerParams({ ...bare, snapshotUrl: null })), bare);
  assert.throws(() => encodeWorkerParams({ indexURL: params.indexURL }), /packagesUrl/);
});

test("a worker started without parameters says so", () => {
  assert.throws(() => decodeWorkerParams(""), /without its parameters/);
  assert.throws(() => decodeWorkerParams('lesson-python:{"indexURL":"x"}'), /packagesUrl/);
});
