import { test } from "node:test";
import assert from "node:assert/strict";
import { runtimeLocation, workerAddress } from "./location.js";
import { decodeWorkerParams } from "../shared/worker-params.js";

test("runtime files sit beside the bundle and carry its version", () => {
  const where = runtimeLocation("http://127.0.0.1:8000/assets/runtime/main.js?v=abc123", {
    pyodide: "pyodide-314.0.7/",
    packages: "lessons-python.zip",
  });
  assert.equal(where.workerUrl, "http://127.0.0.1:8000/assets/runtime/worker.js?v=abc123");
  assert.equal(where.indexURL, "http://127.0.0.1:8000/assets/runtime/pyodide-314.0.7/");
  assert.equal(where.packagesUrl, "http://127.0.0.1:8000/assets/runtime/lessons-python.zip?v=abc123");
});

test("without a version the URLs have no query", () => {
  const where = runtimeLocation("https://example.org/site/assets/runtime/main.js", {});
  assert.equal(where.workerUrl, "https://example.org/site/assets/runtime/worker.js");
  assert.equal(where.indexURL, "https://example.org/site/assets/runtime/pyodide/");
});

test("the start-up files and the service worker are found beside the bundle, without a version", () => {
  const where = runtimeLocation("http://127.0.0.1:8000/assets/runtime/main.js?v=abc123", {
    pyodide: "pyodide-314.0.7/",
    packages: "lessons-python.zip",
    stdlib: "startup/stdlib-1f.zip",
    snapshot: "startup/snapshot-2e.bin",
    serviceWorker: "../../sw.js",
  });
  assert.equal(where.stdlibUrl, "http://127.0.0.1:8000/assets/runtime/startup/stdlib-1f.zip");
  assert.equal(where.snapshotUrl, "http://127.0.0.1:8000/assets/runtime/startup/snapshot-2e.bin");
  assert.equal(where.serviceWorkerUrl, "http://127.0.0.1:8000/sw.js");
});

test("a build without start-up files leaves them out", () => {
  const where = runtimeLocation("http://127.0.0.1:8000/assets/runtime/main.js?v=abc123", { pyodide: "p/" });
  assert.equal(where.stdlibUrl, undefined);
  assert.equal(where.snapshotUrl, undefined);
  assert.equal(where.serviceWorkerUrl, undefined);
});

test("a page asks for its worker by the script URL and a name holding its parameters", () => {
  const where = runtimeLocation("http://h/assets/runtime/main.js?v=1", { pyodide: "pyodide-314.0.7/", packages: "p.zip" });
  const { url, name } = workerAddress(where);
  assert.equal(url, "http://h/assets/runtime/worker.js?v=1");
  assert.deepEqual(decodeWorkerParams(name), { indexURL: where.indexURL, packagesUrl: where.packagesUrl });
});
