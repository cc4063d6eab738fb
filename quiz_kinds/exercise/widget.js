// exercise: an editor with the starter code and the expected output beside it. Check runs
// the learner's program and compares transcripts, the difference marked. A hint is offered
// after a wrong try (HELP_AFTER); the reference solution can be revealed after any check.

import {
  button, codeBlock, createEditor, debounce, editorCode, editorExtensions, h, helpOffered, mismatchDetail,
  outputBlock, outputOf, outputPre, runForCheck, sameRun, setBusy, setEditorCode, transcriptComparison,
  trustedHtml, verdictLine
} from "../../frontend/widgets/quiz/kit.js";
import {
  checkList, failedChecksDetail, faultControl, judgeConversation, markFailedCalls, setupWithFaults
} from "./conversation.js";

const SAVE_DELAY_MS = 300;
// The hint after the first wrong try: a whole program is slow to try again (the solution comes
// after any check instead).
const HELP_AFTER = Object.freeze({ hint: 1 });

/** @param {ReturnType<import("../../frontend/widgets/quiz/context.js").createQuizContext>} ctx */
export function mount(ctx) {
  const { config, t, body, root } = ctx;
  const saved = ctx.savedAnswer && typeof ctx.savedAnswer === "object" ? ctx.savedAnswer : {};
  let wrongTries = Number.isInteger(saved.wrongTries) ? saved.wrongTries : 0;
  let checked = Boolean(ctx.result);
  const hasHint = Boolean(config.hint_html);

  // The task is usually the prompt already on the page; show task_html only when it is not.
  const prompt = root.querySelector(".quiz-prompt");
  const promptText = prompt ? prompt.textContent.trim() : "";
  if (config.task_html && !promptText) body.append(trustedHtml("div", { class: "quiz-task" }, config.task_html));

  const editorHolder = h("div", { class: "quiz-editor" });
  const grid = h(
    "div",
    { class: "quiz-exercise" },
    h("div", { class: "quiz-exercise-code" }, h("p", { class: "quiz-compare-title" }, t("quiz.yourProgram")), editorHolder),
    h("div", { class: "quiz-exercise-expected" }, h("p", { class: "quiz-compare-title" }, t("quiz.expectedOutput")), outputPre(outputOf(config.expected), { "data-expected-output": "" })),
  );
  // Graded on the conversation: the run's recorded calls are judged on named checks, under
  // the faults the model commits (the exercise's, and any the learner turns on).
  const grading = config.grading === "conversation";
  if (grading) root.setAttribute("data-grading", "conversation");
  const faults = grading ? faultControl(t, config) : null;
  const checkButton = button(t("quiz.check"), { "data-action": "check" });
  const stopButton = button(t("runner.stop"), { "data-action": "stop", hidden: true, class: "md-button quiz-button quiz-button--secondary" });
  const resetButton = button(t("quiz.resetCode"), { "data-action": "reset", class: "md-button quiz-button quiz-button--secondary" });
  const hintButton = button(t("quiz.showHint"), { "data-action": "hint", hidden: true, class: "md-button quiz-button quiz-button--secondary" });
  const solutionButton = button(t("quiz.showSolution"), { "data-action": "reveal", hidden: true, class: "md-button quiz-button quiz-button--secondary" });
  const statusLine = h("p", { class: "quiz-status", "data-status": "" });
  const hintBox = h("div", { class: "quiz-hint", "data-hint": "", hidden: true });
  const feedback = h("div", { class: "quiz-feedback", "data-feedback": "" });
  const solutionBox = h("div", { class: "quiz-solution", "data-solution": "", hidden: true });
  body.append(grid, faults ? faults.element : null, h("div", { class: "quiz-actions" }, checkButton, stopButton, resetButton, hintButton, solutionButton), statusLine, hintBox, feedback, solutionBox);

  const starter = config.starter || "";
  const editor = createEditor(editorHolder, {
    doc: ctx.savedEdit() ?? starter,
    onRun: () => check(),
    onChange: debounce((code) => ctx.saveEdit(code === starter ? null : code), SAVE_DELAY_MS),
    label: t("quiz.exerciseEditorLabel"),
    extensions: editorExtensions,
  });
  ctx.onTeardown(() => editor.destroy());

  const updateOffers = () => {
    hintButton.hidden = !hasHint || !hintBox.hidden || !helpOffered(HELP_AFTER, "hint", wrongTries);
    solutionButton.hidden = !config.solution || !checked || !solutionBox.hidden;
  };

  hintButton.addEventListener("click", () => {
    hintBox.replaceChildren(h("p", { class: "quiz-hint-title" }, t("quiz.hint")), trustedHtml("div", {}, config.hint_html));
    hintBox.hidden = false;
    updateOffers();
    hintBox.setAttribute("tabindex", "-1");
    hintBox.focus();
  });

  solutionButton.addEventListener("click", () => {
    const useIt = button(t("quiz.useSolution"), { "data-action": "use-solution", class: "md-button quiz-button quiz-button--secondary" });
    useIt.addEventListener("click", () => {
      setEditorCode(editor, config.solution);
      ctx.saveEdit(config.solution);
      editor.focus();
    });
    solutionBox.replaceChildren(h("p", { class: "quiz-compare-title" }, t("quiz.referenceSolution")), codeBlock(config.solution), useIt);
    solutionBox.hidden = false;
    updateOffers();
    solutionBox.setAttribute("tabindex", "-1");
    solutionBox.focus();
  });

  resetButton.addEventListener("click", () => {
    setEditorCode(editor, starter);
    ctx.saveEdit(null);
    editor.focus();
  });

  let checking = false;
  async function check() {
    if (checking) return true;
    checking = true;
    setBusy(checkButton, true);
    feedback.replaceChildren();
    const code = editorCode(editor);
    ctx.saveEdit(code === starter ? null : code);
    try {
      const extra = faults ? faults.chosen() : [];
      const setup = grading ? setupWithFaults(config.setup || [], [...(config.faults || []), ...extra]) : undefined;
      const transcript = await runForCheck(ctx, statusLine, code, { stopButton, returnFocusTo: checkButton, setup });
      if (!transcript) return true;
      if (grading) {
        await settleConversation(transcript, extra);
        return true;
      }
      const right = sameRun(transcript, config.expected);
      checked = true;
      if (right) {
        feedback.replaceChildren(verdictLine(t, "correct"), outputBlock(t("quiz.yourOutput"), transcript, t));
        ctx.settle("correct", { wrongTries }, t("quiz.correct"));
      } else {
        wrongTries += 1;
        const detail = mismatchDetail(t, transcript, config.expected);
        feedback.replaceChildren(verdictLine(t, "incorrect", detail), transcriptComparison(t, outputOf(config.expected), transcript));
        ctx.settle("incorrect", { wrongTries }, `${t("quiz.incorrect")} ${detail}`);
      }
      updateOffers();
    } finally {
      checking = false;
      setBusy(checkButton, false);
    }
    return true;
  }
  checkButton.addEventListener("click", () => check());

  // The verdict of a run graded on the conversation: correct when every check holds and the
  // program prints the expected output. With faults the learner added, the run is a trial:
  // its checks and picture are shown, the verdict stays as it was.
  async function settleConversation(transcript, extra) {
    const verdicts = await judgeConversation(ctx, config.checks || [], transcript);
    if (!verdicts) {
      ctx.abandon(t("quiz.checksUnavailable"));
      statusLine.textContent = t("quiz.checksUnavailable");
      return;
    }
    await ctx.pictureShown();
    markFailedCalls(root, t, verdicts);
    const list = checkList(t, verdicts);
    const kept = verdicts.every((verdict) => verdict.passed);
    if (extra.length) {
      feedback.replaceChildren(h("p", { class: "quiz-trial", "data-trial": "" }, t("quiz.trialRun")), list, outputBlock(t("quiz.yourOutput"), transcript, t));
      ctx.abandon(t("quiz.trialRun"));
      return;
    }
    checked = true;
    if (kept && sameRun(transcript, config.expected)) {
      feedback.replaceChildren(verdictLine(t, "correct"), list, outputBlock(t("quiz.yourOutput"), transcript, t));
      ctx.settle("correct", { wrongTries }, t("quiz.correct"));
    } else {
      wrongTries += 1;
      const detail = kept ? mismatchDetail(t, transcript, config.expected) : failedChecksDetail(t, verdicts);
      const comparison = sameRun(transcript, config.expected) ? outputBlock(t("quiz.yourOutput"), transcript, t) : transcriptComparison(t, outputOf(config.expected), transcript);
      feedback.replaceChildren(verdictLine(t, "incorrect", detail), list, comparison);
      ctx.settle("incorrect", { wrongTries }, `${t("quiz.incorrect")} ${detail}`);
    }
    updateOffers();
  }

  if (ctx.result) feedback.replaceChildren(verdictLine(t, ctx.result, ctx.result === "correct" ? "" : t("quiz.tryAgain")));
  updateOffers();
}
