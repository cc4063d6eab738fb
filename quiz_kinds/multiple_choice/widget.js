// multiple-choice: radio buttons (one answer) or checkboxes (several), then Check. Once
// checked, every option shows whether it is right and why, whatever the learner chose.

import {
  button, h, sameChoice, shownOrder, trustedHtml, uniqueId, verdictLine
} from "../../frontend/widgets/quiz/kit.js";

/** @param {ReturnType<import("../../frontend/widgets/quiz/context.js").createQuizContext>} ctx */
export function mount(ctx) {
  const { config, t, body } = ctx;
  const options = Array.isArray(config.options_html) ? config.options_html : [];
  const correct = (Array.isArray(config.correct) ? config.correct : [config.correct]).filter(Number.isInteger);
  const multiple = Boolean(config.multiple);
  const explanations = Array.isArray(config.explanations_html) ? config.explanations_html : [];
  const name = uniqueId(`quiz-${ctx.id}-choice`);
  const saved = ctx.savedAnswer && typeof ctx.savedAnswer === "object" ? ctx.savedAnswer : {};

  const group = h(
    "fieldset",
    { class: "quiz-options", "aria-describedby": ctx.promptId || false },
    h("legend", { class: "quiz-legend" }, t(multiple ? "quiz.chooseAll" : "quiz.chooseOne")),
  );
  const notes = [];
  // Indices are the written ones everywhere (config, saved answers); only the rows' order on
  // the page is the build's `order`.
  const rows = [];
  const inputs = options.map((html, index) => {
    const input = h("input", { type: multiple ? "checkbox" : "radio", name, value: index, class: "quiz-option-input" });
    const note = h("div", { class: "quiz-option-explanation", hidden: true });
    notes.push(note);
    rows.push(h("div", { class: "quiz-option-row" }, h("label", { class: "quiz-option", "data-option": index }, input, trustedHtml("span", { class: "quiz-option-text" }, html)), note));
    return input;
  });
  for (const index of shownOrder(config.order, options.length)) group.append(rows[index]);

  const checkButton = button(t("quiz.check"), { "data-action": "check" });
  const statusLine = h("p", { class: "quiz-status", "data-status": "" });
  const feedback = h("div", { class: "quiz-feedback", "data-feedback": "" });
  body.append(group, h("div", { class: "quiz-actions" }, checkButton), statusLine, feedback);

  const chosen = () => inputs.flatMap((input, index) => (input.checked ? [index] : []));

  const explainAll = (picked) => {
    const right = sameChoice(picked, correct);
    feedback.replaceChildren(verdictLine(t, right ? "correct" : "incorrect", right ? "" : t("quiz.tryAgain")));
    notes.forEach((note, index) => {
      const isKeyed = correct.includes(index);
      const wasPicked = picked.includes(index);
      note.replaceChildren(
        h(
          "p",
          { class: `quiz-option-judgement quiz-option-judgement--${isKeyed ? "right" : "wrong"}` },
          h("span", { "aria-hidden": "true" }, isKeyed ? "✓ " : "✗ "),
          t(isKeyed ? "quiz.optionIsRight" : "quiz.optionIsWrong"),
          wasPicked ? ` (${t("quiz.yourChoice")})` : "",
        ),
      );
      if (explanations[index]) note.append(trustedHtml("div", { class: "quiz-explanation" }, explanations[index]));
      note.hidden = false;
      note.parentElement.classList.toggle("quiz-option-row--keyed", isKeyed);
    });
    return right;
  };

  const hideNotes = () => notes.forEach((note) => (note.hidden = true));
  inputs.forEach((input) => input.addEventListener("change", () => (statusLine.textContent = "")));

  checkButton.addEventListener("click", () => {
    const picked = chosen();
    if (!picked.length) {
      statusLine.textContent = t("quiz.chooseFirst");
      ctx.announce(t("quiz.chooseFirst"));
      return;
    }
    hideNotes();
    const right = explainAll(picked);
    ctx.settle(right ? "correct" : "incorrect", { choices: picked }, `${t(right ? "quiz.correct" : "quiz.incorrect")} ${t("quiz.explanationsShown")}`);
  });

  // Restore after a reload.
  if (Array.isArray(saved.choices) && saved.choices.length && ctx.result) {
    saved.choices.forEach((index) => {
      if (inputs[index]) inputs[index].checked = true;
    });
    explainAll(saved.choices.filter((index) => inputs[index]));
  }
}
