// A worker's parameters (where the Python files are) travel in its `name`, not in its URL
// query: a service worker that serves the script from its cache must not lose them, and a
// SharedWorker is shared exactly by the pages that pass the same URL and the same name, so
// pages of one build share one interpreter and a new build gets a new one.

const PREFIX = "lesson-python:";
const REQUIRED = ["indexURL", "packagesUrl"];
const OPTIONAL = ["stdlibUrl", "snapshotUrl"];

/**
 * @param {import("../worker/python-host.js").PythonParams} params
 * @returns {string} the worker name
 */
export function encodeWorkerParams(params) {
  const plain = {};
  for (const key of [...REQUIRED, ...OPTIONAL]) {
    if (params[key] != null) plain[key] = String(params[key]);
  }
  for (const key of REQUIRED) {
    if (!plain[key]) throw new Error(`worker parameter ${key} is missing`);
  }
  return PREFIX + JSON.stringify(plain); // keys in a fixed order: one name per build
}

/**
 * @param {string} name the worker's `self.name`
 * @returns {import("../worker/python-host.js").PythonParams}
 */
export function decodeWorkerParams(name) {
  if (typeof name !== "string" || !name.startsWith(PREFIX)) {
    throw new Error("the Python worker was started without its parameters (worker name)");
  }
  const parsed = JSON.parse(name.slice(PREFIX.length));
  const params = {};
  for (const key of [...REQUIRED, ...OPTIONAL]) {
    if (typeof parsed[key] === "string" && parsed[key]) params[key] = parsed[key];
  }
  for (const key of REQUIRED) {
    if (!params[key]) throw new Error(`worker parameter ${key} is missing`);
  }
  return params;
}
