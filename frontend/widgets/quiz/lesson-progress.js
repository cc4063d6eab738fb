// The lesson's progress bar: "answered / total", a note when progress cannot be saved, and
// "Start the lesson over" (with an inline confirmation, so that no answers vanish by a slip).

import { h, button, localNumber, uniqueId } from "./dom.js";

/**
 * Where the bar goes: right after the lesson's title, else just before its first quiz.
 * @param {HTMLElement} firstQuiz
 */
function placeBar(bar, firstQuiz) {
  const article = firstQuiz.closest("article") || document.querySelector("article");
  const title = article && article.querySelector("h1");
  if (title) title.after(bar);
  else firstQuiz.before(bar);
}

/**
 * Mount the bar. `count()` returns {answered, correct, total}; `onStartOver()` clears the
 * lesson. Returns {update(), showStorageNote()}.
 * @param {{firstQuiz: HTMLElement, t: Function, announce: Function, count: () => {answered: number, correct: number, total: number}, onStartOver: () => void}} options
 */
export function mountLessonProgress({ firstQuiz, t, announce, count, onStartOver }) {
  const labelId = uniqueId("quiz-progress-label");
  const meter = h("progress", { class: "quiz-progress-meter", "aria-labelledby": labelId, max: 1, value: 0 });
  const label = h("span", { id: labelId, class: "quiz-progress-label", "data-progress-count": "" });
  const startOver = button(t("quiz.startOver"), { "data-action": "start-over", class: "md-button quiz-button quiz-button--secondary" });
  const confirmRow = h("div", { class: "quiz-progress-confirm", hidden: true, role: "group", "aria-label": t("quiz.startOver") });
  const note = h("p", { class: "quiz-storage-note", "data-storage-note": "", hidden: true });
  const bar = h(
    "section",
    { class: "quiz-progress", "data-lesson-progress": "", "aria-label": t("quiz.progressRegion") },
    h("div", { class: "quiz-progress-row" }, label, meter, startOver),
    confirmRow,
    note,
  );

  const confirmButton = button(t("quiz.startOverConfirm"), { "data-action": "confirm-start-over", class: "md-button md-button--primary quiz-button" });
  const cancelButton = button(t("quiz.startOverCancel"), { "data-action": "cancel-start-over", class: "md-button quiz-button quiz-button--secondary" });
  confirmRow.append(h("span", { class: "quiz-progress-question" }, t("quiz.startOverQuestion")), confirmButton, cancelButton);

  const closeConfirm = () => {
    confirmRow.hidden = true;
    startOver.hidden = false;
    startOver.focus();
  };
  startOver.addEventListener("click", () => {
    confirmRow.hidden = false;
    startOver.hidden = true;
    cancelButton.focus();
  });
  cancelButton.addEventListener("click", closeConfirm);
  confirmRow.addEventListener("keydown", (event) => {
    if (event.key === "Escape") closeConfirm();
  });
  confirmButton.addEventListener("click", () => {
    onStartOver();
    closeConfirm();
    announce(t("quiz.startedOver"));
  });

  const update = () => {
    const { answered, correct, total } = count();
    label.textContent = t("quiz.progress", { answered: localNumber(answered), total: localNumber(total), correct: localNumber(correct) });
    meter.max = Math.max(1, total);
    meter.value = answered;
    bar.dataset.answered = String(answered);
    bar.dataset.total = String(total);
  };

  placeBar(bar, firstQuiz);
  update();
  return {
    update,
    /** Say once, in the bar, that answers will not be kept. */
    showStorageNote() {
      if (!note.hidden) return;
      note.textContent = t("runner.storageUnavailable");
      note.hidden = false;
    },
  };
}
