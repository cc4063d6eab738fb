// predict-output: the program, then its candidate outputs as a radio group. Choosing one gives
// the verdict and that option's explanation at once; then Run shows the live transcript from
// the worker and points at the option it matches (the keyed one: the build proved it).

import {
  button, codeBlock, h, localNumber, outputBlock, outputOf, outputPre, outputsMatch, runWithStatus, setBusy,
  shownOrder, trustedHtml, uniqueId, verdictLine
} from "../../frontend/widgets/quiz/kit.js";

/** @param {ReturnType<import("../../frontend/widgets/quiz/context.js").createQuizContext>} ctx */
export function mount(ctx) {
  const { config, t, body } = ctx;
  const options = Array.isArray(config.options) ? config.options : [];
  const explanations = Array.isArray(config.explanations_html) ? config.explanations_html : [];
  const name = uniqueId(`quiz-${ctx.id}-option`);
  const saved = ctx.savedAnswer && typeof ctx.savedAnswer === "object" ? ctx.savedAnswer : {};

  const legendId = uniqueId("quiz-legend");
  const group = h(
    "fieldset",
    { class: "quiz-options quiz-options--outputs", "aria-describedby": ctx.promptId || false },
    h("legend", { id: legendId, class: "quiz-legend" }, t("quiz.chooseOutput")),
  );
  // Indices are the written ones everywhere (config, saved answers); the page shows the
  // options in the build's `order` and names each by its place there ("Option 2").
  const order = shownOrder(config.order, options.length);
  const place = (index) => localNumber(order.indexOf(index) + 1);
  const labels = [];
  const radios = options.map((option, index) => {
    const radio = h("input", { type: "radio", name, value: index, class: "quiz-option-input" });
    labels.push(h(
      "label",
      { class: "quiz-option", "data-option": index },
      radio,
      h("span", { class: "quiz-option-name" }, t("quiz.optionN", { n: place(index) })),
      outputPre(outputOf(option).trim() ? outputOf(option) : t("quiz.noOutput"), { class: "quiz-option-output" }),
    ));
    return radio;
  });
  for (const index of order) group.append(labels[index]);

  const feedback = h("div", { class: "quiz-feedback", "data-feedback": "" });
  const runButton = button(t("quiz.runProgram"), { "data-action": "run", hidden: true });
  const runStatus = h("p", { class: "quiz-status", "data-status": "" });
  const live = h("div", { class: "quiz-live" });
  body.append(codeBlock(config.code || "", { class: "quiz-code" }), group, feedback, h("div", { class: "quiz-actions" }, runButton), runStatus, live);

  const explain = (choice) => {
    const right = choice === config.correct;
    const detail = t("quiz.youChoseOption", { n: place(choice) });
    feedback.replaceChildren(verdictLine(t, right ? "correct" : "incorrect", detail));
    if (explanations[choice]) feedback.append(trustedHtml("div", { class: "quiz-explanation" }, explanations[choice]));
    labels.forEach((label, index) => label.classList.toggle("quiz-option--chosen", index === choice));
    runButton.hidden = false;
    return right;
  };

  radios.forEach((radio, choice) => {
    radio.addEventListener("change", () => {
      if (!radio.checked) return;
      const right = explain(choice);
      const result = right ? "correct" : "incorrect";
      ctx.settle(result, { choice }, `${t(right ? "quiz.correct" : "quiz.incorrect")} ${t("quiz.youChoseOption", { n: place(choice) })}`);
    });
  });

  runButton.addEventListener("click", async () => {
    if (runButton.hasAttribute("aria-disabled")) return; // a run is under way
    setBusy(runButton, true);
    live.replaceChildren();
    try {
      const { transcript } = await runWithStatus(ctx, runStatus, config.code || "", t("quiz.running"));
      if (!transcript) return;
      // The options are predicted outputs, not runs: which one the live output shows.
      const match = options.findIndex((option) => outputsMatch(transcript, option));
      labels.forEach((label, index) => label.classList.toggle("quiz-option--matches", index === match));
      const said = match >= 0 ? t("quiz.liveMatchesOption", { n: place(match) }) : t("quiz.liveMatchesNone");
      runStatus.textContent = said;
      live.replaceChildren(outputBlock(t("quiz.liveOutput"), transcript, t));
      ctx.announce(said);
    } finally {
      setBusy(runButton, false);
    }
  });

  // Restore after a reload.
  if (Number.isInteger(saved.choice) && radios[saved.choice]) {
    radios[saved.choice].checked = true;
    explain(saved.choice);
  }
}
