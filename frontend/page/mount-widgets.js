// Everything a page with runnable snippets or quizzes needs (loaded by main.js only on such
// pages): makes the page's Python, starts it early, and mounts the quiz widgets and the
// snippets.

import { LESSON_RESET_EVENT, mountQuizzes } from "./mount-quizzes.js";
import { stringsAsked, t } from "./i18n.js";
import { mountInTurn } from "./mount-queue.js";
import { nextTask } from "./next-task.js";
import { createPagePython, startPythonEarly } from "./python.js";
import { mountSnippet, readSnippetConfig } from "../widgets/snippet/snippet-widget.js";
import { editorCode } from "../widgets/editor/editor.js";
import { mountTakeHome } from "../widgets/take-home/take-home.js";
import { recordLessonVisit } from "./lesson-visit.js";
import { claimStorageNotice, lessonKeyFor, onProgressUnavailable, pageProgress } from "./storage.js";

/**
 * Mount the page's snippets where and when they are wanted (mount-queue.js): a lesson page
 * has a dozen editors, and mounting them in one go would block the page for a long task.
 * One mounted late still reads the learner's saved edits, as it mounts.
 */
function mountSnippets(roots, python, busy) {
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
  return mountInTurn(roots, (root) => {
    const started = performance.now();
    const widget = mountSnippet(root, { t, store, lessonKey: lessonKeyFor(root), python });
    if (widget) {
      widgets.push(widget);
      const config = readSnippetConfig(root);
      mountTakeHome(root, { t, program: config.program, original: config.code, code: () => editorCode(widget.editor) });
    }
    performance.measure("lessons:mount-snippet", { start: started });
  }, window, { busy });
}

/** The page's Python, counting the runs in flight (queued or running), for the mount queue. */
function countingRuns(python) {
  let inFlight = 0;
  const run = (...args) => {
    inFlight += 1;
    return python.run(...args).finally(() => (inFlight -= 1));
  };
  return { python: { ...python, run }, busy: () => inFlight > 0 };
}

/** Mount the page's widgets and start Python early. The widgets' code (the editor's most of
 * all) was just evaluated in this task: the rest goes in tasks of its own, or this one grew
 * long (70 ms on the longest lesson). The snippets first: a Run clicked as the page shows. */
export async function mountPageWidgets() {
  // For translators (and the strings test): the keys this page's widgets asked for.
  globalThis.toolLessons = { ...globalThis.toolLessons, stringsAsked };
  await nextTask();
  recordLessonVisit(document, pageProgress());
  const { python, busy } = countingRuns(createPagePython());
  startPythonEarly(python);
  const roots = [...document.querySelectorAll(".lesson-snippet[data-snippet]")];
  if (roots.length) mountSnippets(roots, python, busy);
  await nextTask();
  mountQuizzes(python, document, { busy });
}
