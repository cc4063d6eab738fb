// Page side of the Python worker: a SharedWorker where the browser has one (every lesson
// page of a visit then shares one interpreter), a dedicated Worker elsewhere, behind one
// small interface, so that worker-client.js does not care which one it talks to.
// Either way the protocol goes through a MessagePort: a dedicated worker gets its port in a
// {type: "connect"} message, so that what learner code posts with `js.postMessage` arrives
// beside the protocol, never in it. Only plain objects with a string `type` are passed on.

/** True where a page can share a worker with the other pages of the site. */
export function canShareWorker() {
  return typeof SharedWorker === "function";
}

/**
 * @typedef {object} WorkerConnection
 * @property {"shared"|"dedicated"} kind
 * @property {(message: object) => void} post
 * @property {() => void} close  a dedicated worker is terminated; a shared one is only
 *   left (the other pages keep it)
 */

/**
 * @param {object} options
 * @param {boolean} options.shared try a SharedWorker (falls back to a Worker if it throws)
 * @param {string} options.url the worker script
 * @param {string} options.name the worker's name: its parameters (worker-params.js)
 * @param {(message: object) => void} options.onMessage  protocol messages only
 * @param {(message: string) => void} options.onError the script could not be loaded or failed
 * @returns {WorkerConnection}
 */
export function connectWorker({ shared, url, name, onMessage, onError }) {
  const failed = (event) => {
    event.preventDefault?.();
    onError(event.message || "the Python worker could not be loaded");
  };
  const receive = ({ data }) => {
    if (isProtocolMessage(data)) onMessage(data);
  };
  if (shared && canShareWorker()) {
    try {
      // Every page passes the very same options, or Chromium refuses to connect it to the
      // running worker. extendedLifetime keeps it alive across a navigation to the next
      // page (Chromium 148+); other browsers ignore it and start one per page.
      const worker = new SharedWorker(url, { type: "module", name, extendedLifetime: true });
      worker.onerror = failed;
      worker.port.onmessage = receive;
      worker.port.start();
      return { kind: "shared", post: (message) => worker.port.postMessage(message), close: () => worker.port.close() };
    } catch {
      // fall through to a dedicated worker
    }
  }
  const worker = new Worker(url, { type: "module", name });
  worker.onerror = failed;
  // What the worker's own global scope posts comes from learner code: ignored.
  worker.onmessage = () => {};
  const channel = new MessageChannel();
  channel.port1.onmessage = receive;
  worker.postMessage({ type: "connect" }, [channel.port2]);
  return {
    kind: "dedicated",
    post: (message) => channel.port1.postMessage(message),
    close: () => {
      channel.port1.close();
      worker.terminate();
    },
  };
}

/** A message of the worker protocol: a plain object with a string `type` (a page-addressed
 * one also has a numeric `id`; the worker-wide `lost` has none). */
export function isProtocolMessage(data) {
  return Boolean(data) && typeof data === "object" && typeof data.type === "string";
}
