// fill-in: the code with an input box in place of each blank. Check puts the answers into
// the code, runs the whole program in the worker and compares its transcript with the
// expected one, so any answer that reproduces it is right (not only the listed spelling).
// After a few wrong tries the hint is offered, then the answer (HELP_AFTER says when).

import {
  allListed, button, fillBlanks, h, helpOffered, localNumber, mismatchDetail, outputOf, runForCheck, sameRun,
  setBusy, transcriptComparison, trustedHtml, verdictLine
} from "../../frontend/widgets/quiz/kit.js";

// A blank is quick to try again: the hint after two wrong tries, the answer after three.
const HELP_AFTER = Object.freeze({ hint: 2, answer: 3 });

const widthFor = (text) => `${Math.max(4, [...text].length + 2)}ch`;

/** @param {ReturnType<import("../../frontend/widgets/quiz/context.js").createQuizContext>} ctx */
export function mount(ctx) {
  const { config, t, body } = ctx;
  const segments = Array.isArray(config.segments) && config.segments.length ? config.segments : [""];
  const accepted = Array.isArray(config.answers) ? config.answers : [];
  const blankCount = segments.length - 1;
  const saved = ctx.savedAnswer && typeof ctx.savedAnswer === "object" ? ctx.savedAnswer : {};
  let wrongTries = Number.isInteger(saved.wrongTries) ? saved.wrongTries : 0;
  let hintShown = Boolean(saved.hintShown);

  const inputs = [];
  const code = h("code");
  segments.forEach((segment, index) => {
    if (index > 0) {
      const blank = index - 1;
      const initial = Array.isArray(saved.blanks) && typeof saved.blanks[blank] === "string" ? saved.blanks[blank] : "";
      const longest = Math.max(4, ...(accepted[blank] || []).map((s) => s.length));
      const input = h("input", {
        type: "text",
        class: "quiz-blank",
        "data-blank": blank,
        dir: "ltr",
        autocomplete: "off",
        autocapitalize: "off",
        autocorrect: "off",
        spellcheck: "false",
        "aria-label": t("quiz.blankLabel", { n: localNumber(blank + 1), total: localNumber(blankCount) }),
        placeholder: "…",
      });
      input.value = initial;
      input.style.width = widthFor(initial || "x".repeat(longest));
      input.addEventListener("input", () => {
        input.style.width = widthFor(input.value || "x".repeat(longest));
      });
      input.addEventListener("keydown", (event) => {
        if (event.key === "Enter") {
          event.preventDefault();
          check();
        }
      });
      inputs.push(input);
      code.append(input);
    }
    code.append(segment);
  });
  const program = h("pre", { class: "quiz-pre quiz-code", dir: "ltr" }, code);

  const checkButton = button(t("quiz.check"), { "data-action": "check" });
  const hintButton = button(t("quiz.showHint"), { "data-action": "hint", hidden: true, class: "md-button quiz-button quiz-button--secondary" });
  const revealButton = button(t("quiz.revealAnswer"), { "data-action": "reveal", hidden: true, class: "md-button quiz-button quiz-button--secondary" });
  const statusLine = h("p", { class: "quiz-status", "data-status": "" });
  const hintBox = h("div", { class: "quiz-hint", "data-hint": "", hidden: true });
  const feedback = h("div", { class: "quiz-feedback", "data-feedback": "" });
  body.append(program, h("div", { class: "quiz-actions" }, checkButton, hintButton, revealButton), statusLine, hintBox, feedback);

  const answers = () => inputs.map((input) => input.value);
  const answerRecord = () => ({ blanks: answers(), wrongTries, hintShown });
  const hasHint = Boolean(config.hint_html);

  const updateOffers = () => {
    hintButton.hidden = !hasHint || hintShown || !helpOffered(HELP_AFTER, "hint", wrongTries);
    revealButton.hidden = !helpOffered(HELP_AFTER, "answer", wrongTries) || accepted.length < blankCount;
  };

  const showHint = () => {
    hintBox.replaceChildren(h("p", { class: "quiz-hint-title" }, t("quiz.hint")), trustedHtml("div", {}, config.hint_html));
    hintBox.hidden = false;
  };

  hintButton.addEventListener("click", () => {
    hintShown = true;
    showHint();
    updateOffers();
    ctx.remember(answerRecord());
    hintBox.setAttribute("tabindex", "-1");
    hintBox.focus();
  });

  revealButton.addEventListener("click", () => {
    inputs.forEach((input, index) => {
      input.value = (accepted[index] || [""])[0];
      input.dispatchEvent(new Event("input"));
    });
    statusLine.textContent = t("quiz.answerRevealed");
    ctx.announce(t("quiz.answerRevealed"));
    inputs[0]?.focus();
  });

  let checking = false;
  async function check() {
    if (checking) return;
    checking = true;
    setBusy(checkButton, true);
    feedback.replaceChildren();
    const given = answers();
    try {
      const transcript = await runForCheck(ctx, statusLine, fillBlanks(segments, given));
      if (!transcript) {
        // The worker could not run it. A listed spelling was proved right by the build.
        if (allListed(given, accepted)) judge(given, null, true);
        return;
      }
      judge(given, transcript, sameRun(transcript, config.expected));
    } finally {
      checking = false;
      setBusy(checkButton, false);
    }
  }

  function judge(given, transcript, right) {
    if (!right) wrongTries += 1;
    const record = { blanks: given, wrongTries, hintShown };
    if (right) {
      feedback.replaceChildren(verdictLine(t, "correct"), config.explanation_html ? trustedHtml("div", { class: "quiz-explanation" }, config.explanation_html) : "");
      ctx.settle("correct", record, t("quiz.correct"));
    } else {
      const tail = helpOffered(HELP_AFTER, "answer", wrongTries)
        ? t("quiz.offerReveal")
        : helpOffered(HELP_AFTER, "hint", wrongTries) && hasHint && !hintShown
          ? t("quiz.offerHint")
          : t("quiz.tryAgain");
      feedback.replaceChildren(verdictLine(t, "incorrect", tail), transcriptComparison(t, outputOf(config.expected), transcript));
      ctx.settle("incorrect", record, `${t("quiz.incorrect")} ${mismatchDetail(t, transcript, config.expected)} ${tail}`);
    }
    updateOffers();
  }

  checkButton.addEventListener("click", check);

  // Restore after a reload: the answers are in the inputs; say the saved verdict.
  if (ctx.result === "correct" || ctx.result === "incorrect") {
    feedback.replaceChildren(verdictLine(t, ctx.result, ctx.result === "correct" ? "" : t("quiz.tryAgain")));
    if (ctx.result === "correct" && config.explanation_html) feedback.append(trustedHtml("div", { class: "quiz-explanation" }, config.explanation_html));
  }
  if (hintShown && hasHint) showHint();
  updateOffers();
}
