// How a page learns that its Python worker is gone, whatever ended it (the program closed
// it, Python crashed, the browser killed it): the worker holds a Web Lock named after its
// interpreter for as long as it lives, and each page asks for that lock too. The browser
// grants it to the pages only once the worker's global scope is destroyed, so the grant is
// the worker's death notice; no message is needed, and no timer guesses.
// Where the browser has no Web Locks (an insecure origin), there is no notice: callers keep
// their own backstop.

const PREFIX = "lesson-python-alive:";

/** True where workers and pages can hold Web Locks. */
export function canWatchLifeline(locks = globalThis.navigator?.locks) {
  return Boolean(locks && typeof locks.request === "function");
}

/**
 * Worker side: hold the lifeline of `interpreter` until this worker ends.
 * @param {string} interpreter
 * @returns {Promise<boolean>} true once the lock is held (false where there are no locks);
 *   a page may watch the lifeline only after that
 */
export function holdLifeline(interpreter, locks = globalThis.navigator?.locks) {
  if (!canWatchLifeline(locks)) return Promise.resolve(false);
  return new Promise((held) => {
    locks
      .request(PREFIX + interpreter, { mode: "exclusive" }, () => {
        held(true);
        return new Promise(() => {}); // never settles: released when the worker dies
      })
      .catch(() => held(false));
  });
}

/**
 * Page side: call `onGone` once the worker that holds the lifeline of `interpreter` is gone.
 * @param {string} interpreter
 * @param {() => void} onGone
 * @returns {() => void} stop watching (the page left that worker on its own accord)
 */
export function watchLifeline(interpreter, onGone, locks = globalThis.navigator?.locks) {
  if (!canWatchLifeline(locks)) return () => {};
  const watching = new AbortController();
  locks
    // Shared: every page waiting on one worker is told at the same moment.
    .request(PREFIX + interpreter, { mode: "shared", signal: watching.signal }, () => {
      if (!watching.signal.aborted) onGone();
    })
    .catch(() => {}); // aborted
  return () => watching.abort();
}
