// The one rule for "the same output": what the page compares a learner's run with. Pure:
// no DOM, no worker.

/**
 * The output text of a transcript, or the text itself when given a string.
 * Configs carry either the transcript dict of ARCHITECTURE.md (`{output, ...}`) or its text.
 * @param {string|{output?: string}|null|undefined} transcript
 * @returns {string}
 */
export function outputOf(transcript) {
  if (transcript == null) return "";
  if (typeof transcript === "string") return transcript;
  return typeof transcript.output === "string" ? transcript.output : "";
}

// Python's str.isspace() characters, so that the browser trims exactly what the build's
// `str.rstrip()` trims (JS `\s` differs: it lacks \x1c-\x1f and \x85, and has \ufeff).
const TRAILING_WHITESPACE = /[\t\n\v\f\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/u;

/**
 * Normalise an output for comparison: trailing whitespace goes, nothing else. That is the
 * whitespace at the very end of the whole text (final newlines, spaces); spaces at the end of
 * an inner line still count, as do leading whitespace, inner blank lines and case. The same
 * rule as `lesson_runtime.normalise_output` (`text.rstrip()`), which the build uses to prove
 * every quiz key: the browser must never accept what the build would refuse.
 * @param {string} text
 * @returns {string}
 */
export function normaliseOutput(text) {
  return String(text).replace(TRAILING_WHITESPACE, "");
}

/**
 * Whether two outputs (strings or transcripts) count as the same.
 * @returns {boolean}
 */
export function sameOutput(actual, expected) {
  return normaliseOutput(outputOf(actual)) === normaliseOutput(outputOf(expected));
}
