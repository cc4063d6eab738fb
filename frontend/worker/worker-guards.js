// What the worker takes from its own global scope before any learner code runs: `import js`
// in a snippet reaches that scope, so a program can close the worker (`js.close()`) or
// replace what the worker calls later (`js.XMLHttpRequest = None`). The worker keeps the
// originals it needs, and makes closing announce itself.
// A guard against mistakes and curiosity, not against an attacker: a worker that dies
// without a word is still noticed by its pages through its lifeline (shared/worker-lifeline.js).

/**
 * Replace `close()` of `scope` (where it is defined, on its prototype chain) by one that calls
 * `announce()` first, so that the pages hear why their worker goes away.
 * @param {object} scope the worker's global scope
 * @param {() => void} announce
 * @returns {() => void} the original close, for the worker itself
 */
export function guardClose(scope, announce) {
  let owner = scope;
  while (owner && !Object.prototype.hasOwnProperty.call(owner, "close")) owner = Object.getPrototypeOf(owner);
  const original = owner?.close;
  if (typeof original !== "function") return () => {};
  const closeNow = () => original.call(scope);
  Object.defineProperty(owner, "close", {
    configurable: true,
    writable: true,
    value: function close() {
      announce();
      closeNow();
    },
  });
  return closeNow;
}

/** The constructors the worker calls while learner code runs, as they were at start-up. */
export function keepOriginals(scope) {
  return { XMLHttpRequest: scope.XMLHttpRequest };
}
