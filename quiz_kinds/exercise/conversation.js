// An exercise graded on the conversation, on the page: the fault control (`<select
// data-faults>`), running the named checks on a run in the worker, the list of checks with
// each one's verdict (`data-check`, `data-passed`), and the mark on the run picture's call
// where a check failed. The rules themselves are Python (lesson_runtime.conversation_checks).

import { checksProgram, faultsSetup, h, localNumber, readVerdicts } from "../../frontend/widgets/quiz/kit.js";

/**
 * The control for the faults a learner may add to the exercise's own: a multiple choice
 * whose option values are fake_client's fault names (shown as they are: they are the API's
 * and the library's words).
 * @param {(key: string, vars?: object) => string} t
 * @param {{faults?: string[], fault_choices?: string[]}} config
 * @returns {{element: HTMLElement, chosen(): string[]}}
 */
export function faultControl(t, config) {
  const own = new Set(config.faults || []);
  const choices = (config.fault_choices || []).filter((name) => !own.has(name));
  const select = h("select", { multiple: true, "data-faults": "", size: String(Math.min(4, Math.max(2, choices.length))), dir: "ltr", class: "quiz-faults-select" }, choices.map((name) => h("option", { value: name }, name)));
  const id = `quiz-faults-${Math.random().toString(36).slice(2, 8)}`;
  select.id = id;
  const element = h(
    "div",
    { class: "quiz-faults" },
    own.size ? h("p", { class: "quiz-faults-own" }, t("quiz.faultsOwn"), " ", ...[...own].flatMap((name, i) => [i ? ", " : "", h("code", { dir: "ltr" }, name)])) : null,
    h("label", { for: id, class: "quiz-faults-label" }, t("quiz.faultsLabel")),
    select,
  );
  return { element, chosen: () => [...select.selectedOptions].map((option) => option.value) };
}

/**
 * The setup of a checked run: the quiz's chain, then the faults (the exercise's, then the
 * learner's).
 * @param {string[]} setup
 * @param {string[]} faults
 */
export function setupWithFaults(setup, faults) {
  return faults.length ? [...setup, faultsSetup(faults)] : [...setup];
}

/**
 * Judge a finished run on the named checks, in the worker's Python.
 * @param {{evaluate(code: string): Promise<object>}} ctx
 * @param {string[]} names
 * @param {object} transcript
 * @returns {Promise<{name: string, passed: boolean, call: number|null}[] | null>} null when
 *   the checks could not run
 */
export async function judgeConversation(ctx, names, transcript) {
  return readVerdicts(await ctx.evaluate(checksProgram(names, transcript)));
}

/** A check's name in the page's language. */
export function checkLabel(t, name) {
  return t(`quiz.checkName.${name}`);
}

/**
 * The verdict of each check, one element each.
 * @param {(key: string, vars?: object) => string} t
 * @param {{name: string, passed: boolean, call: number|null}[]} verdicts
 */
export function checkList(t, verdicts) {
  return h(
    "div",
    { class: "quiz-checks" },
    h("p", { class: "quiz-compare-title" }, t("quiz.checksTitle")),
    h(
      "ul",
      { class: "quiz-check-list" },
      verdicts.map((verdict) =>
        h(
          "li",
          { class: `quiz-check quiz-check--${verdict.passed ? "passed" : "failed"}`, "data-check": verdict.name, "data-passed": String(verdict.passed) },
          h("span", { class: "quiz-verdict-mark", "aria-hidden": "true" }, verdict.passed ? "✓" : "✗"),
          " ",
          checkLabel(t, verdict.name),
          h("span", { class: "quiz-check-state" }, " — ", verdict.passed ? t("quiz.checkPassed") : verdict.call ? t("quiz.checkFailedAt", { n: localNumber(verdict.call) }) : t("quiz.checkFailed")),
        ),
      ),
    ),
  );
}

/** "Checks broken: a; b." for the verdict line, in the page's language. */
export function failedChecksDetail(t, verdicts) {
  const failed = verdicts.filter((verdict) => !verdict.passed).map((verdict) => checkLabel(t, verdict.name));
  return failed.length ? t("quiz.checksFailed", { checks: failed.join("; ") }) : "";
}

/**
 * Mark, in the run picture inside `root`, each call where a check failed: `data-check-failed`
 * (the names, space-separated) and a line naming them.
 * @param {HTMLElement} root
 * @param {(key: string, vars?: object) => string} t
 * @param {{name: string, passed: boolean, call: number|null}[]} verdicts
 */
export function markFailedCalls(root, t, verdicts) {
  const byCall = new Map();
  for (const verdict of verdicts) {
    if (verdict.passed || !verdict.call) continue;
    byCall.set(verdict.call, [...(byCall.get(verdict.call) || []), verdict.name]);
  }
  for (const [call, names] of byCall) {
    const item = root.querySelector(`[data-run-picture] [data-call="${call}"]`);
    if (!item) continue;
    item.setAttribute("data-check-failed", names.join(" "));
    item.prepend(h("p", { class: "rp-check-failed" }, t("quiz.checkFailedHere", { checks: names.map((name) => checkLabel(t, name)).join("; ") })));
  }
}
