// A line diff of two outputs, to show the learner where their output and the expected one
// part ways (after the same normalisation as the comparison). Pure: no DOM, no worker.

import { normaliseOutput, outputOf } from "./same-run.js";

/**
 * Split a normalised output into lines; an empty output has no lines.
 * @param {string} text
 * @returns {string[]}
 */
function linesOf(text) {
  const normal = normaliseOutput(text);
  return normal === "" ? [] : normal.split("\n");
}

/**
 * A line diff of two outputs, after normalisation (longest common subsequence of lines).
 * Each entry is `{op, expected, actual}`:
 * - `"same"`: the line is in both (`expected === actual`);
 * - `"changed"`: a line of the expected output was replaced by one of the actual output;
 * - `"missing"`: a line of the expected output the actual one lacks (`actual` is null);
 * - `"extra"`: a line only the actual output has (`expected` is null).
 * Runs of removed and added lines are paired up as "changed" so that the two columns of the
 * feedback line up, the way a learner compares them.
 * @param {string|object} expected
 * @param {string|object} actual
 * @returns {{op: "same"|"changed"|"missing"|"extra", expected: string|null, actual: string|null}[]}
 */
export function diffLines(expected, actual) {
  const a = linesOf(outputOf(expected));
  const b = linesOf(outputOf(actual));
  // lcs[i][j]: length of the longest common subsequence of a[i:] and b[j:]
  const lcs = Array.from({ length: a.length + 1 }, () => new Array(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  const result = [];
  let removed = [];
  let added = [];
  const flush = () => {
    const paired = Math.min(removed.length, added.length);
    for (let k = 0; k < paired; k++) result.push({ op: "changed", expected: removed[k], actual: added[k] });
    for (const line of removed.slice(paired)) result.push({ op: "missing", expected: line, actual: null });
    for (const line of added.slice(paired)) result.push({ op: "extra", expected: null, actual: line });
    removed = [];
    added = [];
  };
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      flush();
      result.push({ op: "same", expected: a[i], actual: b[j] });
      i++;
      j++;
    } else if (j >= b.length || (i < a.length && lcs[i + 1][j] >= lcs[i][j + 1])) {
      removed.push(a[i++]);
    } else {
      added.push(b[j++]);
    }
  }
  flush();
  return result;
}

/**
 * Where two lines first differ (index of the first differing character), for marking the
 * spot inside a changed line. Equal lines give -1.
 * @param {string} expected
 * @param {string} actual
 * @returns {number}
 */
export function firstDifference(expected, actual) {
  const n = Math.min(expected.length, actual.length);
  for (let k = 0; k < n; k++) if (expected[k] !== actual[k]) return k;
  return expected.length === actual.length ? -1 : n;
}
