// The one rule for "the same run", by which the page judges a learner's run: it ends the same
// way (status) and prints the same, trailing whitespace aside. The build judges every answer
// key by the same rule (lesson_runtime.same_run); same-run-cases.json holds the cases both
// are tested on. Pure: no DOM, no worker.

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
 * Whether two outputs (strings or transcripts) agree once trailing whitespace is trimmed
 * (`lesson_runtime.outputs_match`). Output only: to judge an answer, use sameRun.
 * @returns {boolean}
 */
export function outputsMatch(actual, expected) {
  return normaliseOutput(outputOf(actual)) === normaliseOutput(outputOf(expected));
}

/**
 * Whether a learner's run counts as the expected one: the same status ("done", "error",
 * "timeout", ...) and matching outputs. A program that prints the expected output and then
 * exits with an error, or loops until its time runs out, is not the same run.
 * @param {{status: string, output: string}} actual
 * @param {{status: string, output: string}} expected
 * @returns {boolean}
 */
export function sameRun(actual, expected) {
  return runDifference(actual, expected) === null;
}

/**
 * How two runs differ, for the feedback: "output" when they print differently, else
 * "status" when they end differently, else null (the same run).
 * @returns {"output"|"status"|null}
 */
export function runDifference(actual, expected) {
  if (!outputsMatch(actual, expected)) return "output";
  if (actual?.status !== expected?.status) return "status";
  return null;
}
