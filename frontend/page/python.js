// The page's Python: one worker client per page (runtime/worker-client.js), with what the
// page does when Python is ready: say so on <html> (tests and the benchmark wait on it) and,
// once, register the offline cache (filling it never competes with the first start). Every
// run it makes says the page's language (<html lang>), which fake_client answers in.

import { registerOfflineCache } from "../offline/register-offline.js";
import { pageRuntimeLocation } from "../runtime/location.js";
import { canShareWorker } from "../runtime/worker-connection.js";
import { createWorkerClient } from "../runtime/worker-client.js";
import { adoptOrConnect, rememberPythonRan } from "../runtime/early-connection.js";

/** Run `work` when the browser has nothing better to do (at the latest after `timeout` ms;
 * after `fallback` ms where there is no requestIdleCallback). */
function whenIdle(work, timeout, fallback) {
  if ("requestIdleCallback" in window) requestIdleCallback(work, { timeout });
  else setTimeout(work, fallback);
}

/**
 * The language every run of the page answers in: the primary subtag of `<html lang>`
 * ("zh-Hans" → "zh"), or null when the page says none (fake_client then guesses). Not
 * i18n's pageLanguage, which falls back to Bulgarian for its strings: a page in a language the
 * course does not have gets the fake's guess, not Bulgarian answers.
 * @param {Document} doc
 * @returns {string|null}
 */
export function runLanguage(doc) {
  const lang = (doc.documentElement.getAttribute("lang") || "").trim().toLowerCase().split("-")[0];
  return lang || null;
}

/**
 * Make the page's worker client. Nothing starts until prepare() or run().
 * @param {Document} [doc]
 */
export function createPagePython(doc = document) {
  let offlineRegistered = false;
  return createWorkerClient({
    locate: () => pageRuntimeLocation(doc),
    // The connection main.js opened as the page started, if it did (early-connection.js).
    connect: adoptOrConnect,
    lang: runLanguage(doc),
    onReady({ interpreter, host, fromSnapshot, starts }) {
      const data = doc.documentElement.dataset;
      data.pythonStarts = String(starts);
      data.pythonInterpreter = interpreter;
      data.pythonHost = host;
      data.pythonSnapshot = String(fromSnapshot);
      rememberPythonRan();
      if (offlineRegistered) return;
      offlineRegistered = true;
      const { serviceWorkerUrl } = pageRuntimeLocation(doc);
      whenIdle(() => registerOfflineCache(serviceWorkerUrl), 3000, 500);
    },
  });
}

/**
 * Start Python early. On every page of a visit after the first, the shared interpreter is
 * already running and connecting to it costs the page nothing: connect at once, so that a
 * Run clicked while the page is still settling finds Python ready. A page that must start
 * its own interpreter waits until it is idle.
 * @param {ReturnType<typeof createPagePython>} python
 */
export function startPythonEarly(python) {
  const start = () => python.prepare().catch((error) => console.warn("Python could not start:", error));
  if (canShareWorker()) start();
  else whenIdle(start, 2000, 200);
}
