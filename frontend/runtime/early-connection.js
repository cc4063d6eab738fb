// Connecting a page to the shared Python worker that the previous page of the visit left
// running is the slowest step of that page's first run (about 0.1 s in Chromium here,
// however warm the interpreter). The entry point starts it at once (connectEarly), while the
// widgets' code still downloads and mounts; the page's worker client then takes the
// connection over (adoptOrConnect) instead of opening its own. Until then, what the worker
// says (it says nothing before a page's "init", except "lost") waits in a buffer.
// Only where an earlier page of this tab had Python running (pythonRanInThisTab): on a
// visit's first page, a worker started this early would compete with the page's own start.

import { connectWorker } from "./worker-connection.js";

const RAN_KEY = "tool-lessons:python-ran"; // the prefix of the site's other keys (page/storage.js)

/** Said by the page once Python is ready: the next page of this tab may connect early. */
export function rememberPythonRan(storage = globalThis.sessionStorage) {
  try {
    storage?.setItem(RAN_KEY, "1");
  } catch {
    // storage disabled or full: the next page connects when its widgets mount, as without
  }
}

/** Whether an earlier page of this tab had Python running (its worker likely still is). */
export function pythonRanInThisTab(storage = globalThis.sessionStorage) {
  try {
    return storage?.getItem(RAN_KEY) === "1";
  } catch {
    return false;
  }
}

/** @type {null | {url: string, name: string, connection: import("./worker-connection.js").WorkerConnection, listeners: {onMessage: Function, onError: Function}, said: Array<[string, unknown]>}} */
let early = null;

/**
 * Open the shared worker connection now, for the page's worker client to take later.
 * Only a shared worker: a dedicated one would start a whole interpreter of its own.
 * @param {{url: string, name: string}} where the worker script and its name (parameters)
 * @param {typeof connectWorker} [connect]
 */
export function connectEarly({ url, name }, connect = connectWorker) {
  if (early) return;
  const said = [];
  const listeners = {
    onMessage: (message) => said.push(["message", message]),
    onError: (message) => said.push(["error", message]),
  };
  const connection = connect({
    shared: true,
    url,
    name,
    onMessage: (message) => listeners.onMessage(message),
    onError: (message) => listeners.onError(message),
  });
  if (connection.kind !== "shared") {
    connection.close(); // no SharedWorker after all: the client decides what to start
    return;
  }
  early = { url, name, connection, listeners, said };
}

/**
 * A `connect` for createWorkerClient: the early connection when it is the one asked for
 * (shared, same script and name), taken once; otherwise a new one (an early one that does
 * not match is left).
 * @param {Parameters<typeof connectWorker>[0]} options
 * @param {typeof connectWorker} [connect]
 */
export function adoptOrConnect(options, connect = connectWorker) {
  const taken = early;
  early = null;
  if (!taken || !options.shared || taken.url !== options.url || taken.name !== options.name) {
    taken?.connection.close();
    return connect(options);
  }
  taken.listeners.onMessage = options.onMessage;
  taken.listeners.onError = options.onError;
  // Told after the client holds the connection (it keeps it from connect's return value).
  if (taken.said.length) {
    queueMicrotask(() => {
      for (const [kind, value] of taken.said) (kind === "message" ? options.onMessage : options.onError)(value);
    });
  }
  return taken.connection;
}
