// Everything a page with runnable snippets or quizzes needs (loaded by main.js only on such
// pages): mounts the quiz widgets and the snippets, and starts Python in its worker as soon
// as the page is idle.

import { LESSON_RESET_EVENT, mountQuizzes } from "./mount-quizzes.js";
import { t } from "./i18n.js";
import { nextTask } from "./next-task.js";
import { prepare } from "../runtime/worker-client.js";
import { mountSnippet } from "../widgets/snippet/snippet-widget.js";
import { claimStorageNotice, lessonKeyFor, onProgressUnavailable, pageProgress } from "./storage.js";

/**
 * Mount every snippet of the page, one per task: a lesson page has a dozen editors, and
 * mounting them in one go would block the page for a long task.
 */
async function mountSnippets(roots) {
  const store = pageProgress();
  const widgets = [];
  document.addEventListener(LESSON_RESET_EVENT, () => widgets.forEach((widget) => widget.reset()));
  // Said once per page: the quiz progress bar may have claimed the notice already.
  onProgressUnavailable(() => {
    if (!claimStorageNotice()) return;
    const note = document.createElement("p");
    note.className = "storage-note";
    note.setAttribute("role", "note");
    note.textContent = t("runner.storageUnavailable");
    roots[0].before(note);
  });
  for (const root of roots) {
    const started = performance.now();
    const widget = mountSnippet(root, { t, store, lessonKey: lessonKeyFor(root) });
    if (widget) widgets.push(widget);
    performance.measure("lessons:mount-snippet", { start: started });
    await nextTask();
  }
  return widgets;
}

/** Start Python when the browser has nothing better to do, not on the first click. */
function prepareWhenIdle() {
  const start = () => prepare().catch((error) => console.warn("Python could not start:", error));
  if ("requestIdleCallback" in window) requestIdleCallback(start, { timeout: 2000 });
  else setTimeout(start, 200);
}

/** Mount the page's widgets and start Python early. */
export function mountPageWidgets() {
  mountQuizzes();
  const roots = [...document.querySelectorAll(".lesson-snippet[data-snippet]")];
  if (roots.length) mountSnippets(roots);
  prepareWhenIdle();
}
