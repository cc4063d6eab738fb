// Pure answer logic of the quiz kinds (no DOM, no worker), tested in answers.test.js.

/**
 * Whether a kind offers a kind of help after `wrongTries` wrong tries. Each kind's widget
 * declares after how many (`{hint, answer}`): a blank is quick to try again, a whole program
 * (an exercise) is not, so its hint comes sooner.
 * @param {{hint?: number, answer?: number}} after wrong tries before each help; none: never
 * @param {"hint"|"answer"} help
 * @param {number} wrongTries
 */
export function helpOffered(after, help, wrongTries) {
  const threshold = after?.[help];
  return threshold !== undefined && wrongTries >= threshold;
}

/**
 * The program with the learner's answers in the blanks.
 * @param {string[]} segments code split at the blanks (n blanks → n + 1 segments)
 * @param {string[]} answers one per blank
 */
export function fillBlanks(segments, answers) {
  return segments.reduce((code, segment, index) => code + (index > 0 ? answers[index - 1] ?? "" : "") + segment, "");
}

/** Whether every answer is one of its blank's listed spellings (checked by the build). */
export function allListed(answers, accepted) {
  return answers.every((answer, index) => (accepted[index] || []).some((spelling) => spelling.trim() === answer.trim()));
}

/**
 * The order to show `count` options in: the build's `order` (written indices, drawn from the
 * quiz id so that the right option has no usual place) when it is a permutation of them,
 * else the written order.
 * @param {unknown} order
 * @param {number} count
 * @returns {number[]}
 */
export function shownOrder(order, count) {
  const written = Array.from({ length: count }, (_, index) => index);
  if (!Array.isArray(order) || order.length !== count) return written;
  const sorted = [...order].sort((a, b) => a - b);
  return sorted.every((index, position) => index === position) ? [...order] : written;
}

/**
 * Whether a set of chosen indices is exactly the keyed set.
 * @param {number[]} chosen
 * @param {number[]} correct
 */
export function sameChoice(chosen, correct) {
  const a = [...new Set(chosen)].sort((x, y) => x - y);
  const b = [...new Set(correct)].sort((x, y) => x - y);
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

/**
 * Keyboard handling of a listbox whose selection does not follow focus: where focus goes
 * for a key, or null when the key is not ours.
 * @param {string} key
 * @param {number} current 0-based index of the focused item
 * @param {number} count number of items
 */
export function nextLineIndex(key, current, count) {
  switch (key) {
    case "ArrowDown":
      return Math.min(count - 1, current + 1);
    case "ArrowUp":
      return Math.max(0, current - 1);
    case "Home":
      return 0;
    case "End":
      return count - 1;
    case "PageDown":
      return Math.min(count - 1, current + 5);
    case "PageUp":
      return Math.max(0, current - 5);
    default:
      return null;
  }
}
