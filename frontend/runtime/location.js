// Where the runtime files are: beside the bundle's own <script> (the `lessons` plugin
// writes its data-pyodide and data-packages attributes, and a ?v= version that we pass on
// to every file we load, so that a browser never mixes files of two builds).

import { encodeWorkerParams } from "../shared/worker-params.js";

/**
 * @typedef {object} RuntimeLocation
 * @property {string} workerUrl  the module worker script
 * @property {string} indexURL   folder of the Pyodide files (ends with "/")
 * @property {string} packagesUrl zip of fake_client + lesson_runtime
 * @property {string} [stdlibUrl] the standard library precompiled at build time
 * @property {string} [snapshotUrl] the memory snapshot made with it at build time
 * @property {string} [serviceWorkerUrl] the site's service worker (offline use)
 */

/**
 * Compute the runtime URLs from the bundle's script URL and its data attributes.
 * @param {string} scriptUrl absolute URL of main.js (with its ?v= query)
 * @param {{pyodide?: string, packages?: string, stdlib?: string, snapshot?: string,
 *   serviceWorker?: string}} data the script's dataset
 * @returns {RuntimeLocation}
 */
export function runtimeLocation(scriptUrl, data = {}) {
  const base = new URL(scriptUrl);
  const version = base.searchParams.get("v");
  const versioned = (relative) => {
    const url = new URL(relative, base);
    if (version) url.searchParams.set("v", version);
    return url.href;
  };
  // The start-up files and the service worker need no version: their names change with
  // their content (start-up files) or the browser checks them itself (service worker).
  const plain = (relative) => (relative ? new URL(relative, base).href : undefined);
  return {
    workerUrl: versioned("worker.js"),
    indexURL: new URL(data.pyodide || "pyodide/", base).href,
    packagesUrl: versioned(data.packages || "lessons-python.zip"),
    stdlibUrl: plain(data.stdlib),
    snapshotUrl: plain(data.snapshot),
    serviceWorkerUrl: plain(data.serviceWorker),
  };
}

/**
 * The runtime location of this page, read from the bundle's script element.
 * @param {Document} [doc]
 */
export function pageRuntimeLocation(doc = document) {
  const script = doc.querySelector("script[data-pyodide]");
  if (!script) throw new Error("the page does not include the runtime bundle (script[data-pyodide])");
  return runtimeLocation(script.src, script.dataset);
}

/**
 * The Python worker of `location`, as every page must ask for it to share one interpreter:
 * the same script URL and the same name (its parameters, ../shared/worker-params.js).
 * @param {RuntimeLocation} location
 * @returns {{url: string, name: string}}
 */
export function workerAddress(location) {
  return { url: location.workerUrl, name: encodeWorkerParams(location) };
}
