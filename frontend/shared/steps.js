// Work written as generators, so that a page can spread it over several tasks: a generator
// yields between pieces of its work and returns its result. `drain` runs one to the end at once
// (Node, tests, small work); the page's slicer (widgets/run-picture) pauses at the yields.

/**
 * Run a generator to its end and return what it returns.
 * @template T
 * @param {Generator<unknown, T>} steps
 * @returns {T}
 */
export function drain(steps) {
  for (;;) {
    const { value, done } = steps.next();
    if (done) return value;
  }
}
