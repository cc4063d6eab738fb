// What a quiz says back: the verdict line, and the two transcripts side by side with the
// differing lines marked (by colour, by a sign in the margin, and by words for screen readers).

import { h, localNumber, outputPre } from "./dom.js";
import { diffLines, firstDifference } from "../../shared/output-diff.js";
import { outputOf, runDifference } from "../../shared/same-run.js";

/**
 * The verdict paragraph: "Correct!" / "Not quite." plus an optional detail sentence.
 * @param {(key: string, vars?: object) => string} t
 * @param {"correct"|"incorrect"} result
 * @param {string} [detail]
 */
export function verdictLine(t, result, detail) {
  return h(
    "p",
    { class: `quiz-verdict quiz-verdict--${result}` },
    h("span", { class: "quiz-verdict-mark", "aria-hidden": "true" }, result === "correct" ? "✓" : "✗"),
    " ",
    h("strong", {}, t(result === "correct" ? "quiz.correct" : "quiz.incorrect")),
    detail ? ` ${detail}` : "",
  );
}

/**
 * Why a run is not the expected one, in a sentence: its output differs, it ran out of time,
 * or it printed the expected output but ended with an error (e.g. `sys.exit(2)`).
 * @param {(key: string, vars?: object) => string} t
 * @param {object} actual the learner's transcript
 * @param {object} expected
 */
export function mismatchDetail(t, actual, expected) {
  if (runDifference(actual, expected) === "status") {
    if (actual.status === "timeout") return t("quiz.timedOut");
    if (actual.status === "error" && actual.error) {
      const { type, message } = actual.error;
      return t("quiz.endsWithError", { error: message ? `${type}: ${message}` : type });
    }
  }
  return t("quiz.outputsDiffer");
}

// One line of a diff column. `text` null means "this side has no such line": a gap that keeps
// the two columns aligned.
function diffLine(t, op, text, otherText) {
  if (text == null) {
    return h("span", { class: "quiz-diff-line quiz-diff--gap" }, h("span", { class: "quiz-visually-hidden" }, t(op === "missing" ? "quiz.diffMissingHere" : "quiz.diffExtraThere")), "\n");
  }
  const marked = op !== "same";
  const line = h("span", { class: `quiz-diff-line quiz-diff--${op}` });
  if (marked) line.append(h("span", { class: "quiz-visually-hidden" }, `${t(`quiz.diff_${op}`)}: `));
  if (op === "changed" && otherText != null) {
    const at = firstDifference(text, otherText);
    line.append(text.slice(0, at), h("mark", {}, text.slice(at) || " "));
  } else if (marked) {
    line.append(h("mark", {}, text || " "));
  } else {
    line.append(text);
  }
  line.append("\n");
  return line;
}

/**
 * Expected and actual output side by side, differing lines marked.
 * @param {(key: string, vars?: object) => string} t
 * @param {string|object} expected transcript or its output
 * @param {string|object} actual transcript or its output
 */
export function transcriptComparison(t, expected, actual) {
  const diff = diffLines(expected, actual);
  const expectedCode = h("samp");
  const actualCode = h("samp");
  for (const entry of diff) {
    expectedCode.append(diffLine(t, entry.op, entry.expected, entry.actual));
    actualCode.append(diffLine(t, entry.op, entry.actual, entry.expected));
  }
  const emptyNote = (code, text) => {
    if (!outputOf(text).trim()) code.append(h("span", { class: "quiz-diff-empty" }, t("quiz.noOutput")));
  };
  emptyNote(expectedCode, expected);
  emptyNote(actualCode, actual);
  const differing = diff.filter((entry) => entry.op !== "same").length;
  const timedOut = actual && typeof actual === "object" && actual.status === "timeout";
  return h(
    "div",
    { class: "quiz-compare", "data-compare": "" },
    timedOut ? h("p", { class: "quiz-compare-summary", "data-timed-out": "" }, t("quiz.timedOut")) : null,
    differing ? h("p", { class: "quiz-compare-summary" }, t("quiz.diffSummary", { count: localNumber(differing) })) : null,
    h(
      "div",
      { class: "quiz-compare-columns" },
      h("div", { class: "quiz-compare-column" }, h("p", { class: "quiz-compare-title" }, t("quiz.expectedOutput")), h("pre", { dir: "ltr", class: "quiz-pre quiz-diff", "data-expected-output": "" }, expectedCode)),
      h("div", { class: "quiz-compare-column" }, h("p", { class: "quiz-compare-title" }, t("quiz.yourOutput")), h("pre", { dir: "ltr", class: "quiz-pre quiz-diff", "data-output": "" }, actualCode)),
    ),
  );
}

/**
 * A program's output under a title (the live run of predict-output and find-bug).
 * @param {string} title
 * @param {string|object} transcript
 * @param {(key: string, vars?: object) => string} t
 */
export function outputBlock(title, transcript, t) {
  const text = outputOf(transcript);
  return h(
    "div",
    { class: "quiz-output" },
    h("p", { class: "quiz-compare-title" }, title),
    outputPre(text.trim() ? text : t("quiz.noOutput"), { "data-output": "" }),
  );
}
