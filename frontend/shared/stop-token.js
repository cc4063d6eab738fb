// How a page stops a run in a worker it cannot terminate and shares no memory with (a
// SharedWorker on a page that is not cross-origin isolated): a tiny blob URL per run.
// The page revokes it to say "stop"; the worker, blocked in Python, can still read it with
// a synchronous request, and reading fails once it is revoked. A page that goes away
// revokes its blob URLs with it, so its runs stop too.

/** Page side: a fresh token for one run. */
export function createStopToken() {
  const url = URL.createObjectURL(new Blob(["run"]));
  let revoked = false;
  return {
    url,
    /** Say "stop" (idempotent). */
    revoke() {
      if (revoked) return;
      revoked = true;
      URL.revokeObjectURL(url);
    },
  };
}

/**
 * Worker side: true while the page still wants the run whose token is `url`.
 * Synchronous on purpose: it is called from inside running Python.
 * @param {string} url
 * @param {typeof XMLHttpRequest} [Request]
 */
export function stillWanted(url, Request = globalThis.XMLHttpRequest) {
  try {
    const request = new Request();
    request.open("GET", url, false);
    request.send();
    return request.status === 200;
  } catch {
    return false; // revoked: the blob URL no longer resolves
  }
}
