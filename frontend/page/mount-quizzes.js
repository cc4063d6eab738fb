// Mounting the quiz widgets: finds every `[data-quiz]` on the page, mounts the widget of its
// kind from the registry (widgets/quiz/kinds.js: quiz_kinds/<kind>/widget.js), and keeps the
// lesson's progress bar.
// mount-widgets.js calls mountQuizzes(); importing this module does nothing by itself.

import { t } from "./i18n.js";
import { claimStorageNotice, lessonKeyFor, onProgressUnavailable, pageProgress } from "./storage.js";
import { announce, prepareAnnouncer } from "../widgets/quiz/announcer.js";
import { createQuizContext, readConfig } from "../widgets/quiz/context.js";
import { h } from "../widgets/quiz/dom.js";
import { loadWidget } from "../widgets/quiz/kinds.js";
import { mountLessonProgress } from "../widgets/quiz/lesson-progress.js";
import { mountInTurn } from "./mount-queue.js";

/** Tell the snippet widgets of the page that a lesson's saved edits were cleared. */
export const LESSON_RESET_EVENT = "tool-lessons:lesson-reset";

function showBroken(root, message) {
  root.setAttribute("data-broken", "");
  root.append(h("p", { class: "quiz-broken", role: "note" }, message));
}

/**
 * Mount every quiz under `scope`, one per task, those in view first (a lesson has up to ten
 * quizzes: mounting them in one go makes a long main-thread task). Resolves to the mounted
 * quizzes, in page order.
 * @param {ReturnType<import("./python.js").createPagePython>} python the page's Python
 * @param {ParentNode} [scope]
 * @param {{busy?: () => boolean}} [options] `busy()`: true while a run is in flight (the
 *   quizzes not in view wait)
 */
export async function mountQuizzes(python, scope = document, { busy } = {}) {
  const roots = [...scope.querySelectorAll("[data-quiz]")].filter((root) => !root.hasAttribute("data-mounted"));
  if (!roots.length) return [];
  prepareAnnouncer();
  const store = pageProgress();
  const lessonKey = lessonKeyFor(roots[0]);
  const mounted = [];
  let bar = null;

  const services = {
    t,
    store,
    lessonKey,
    announce,
    run: python.run,
    onProgress: python.onProgress,
    onVerdict: () => bar && bar.update(),
  };

  const mountOne = (entry) => {
    const { root, mount, config } = entry;
    entry.ctx = createQuizContext(root, config, services);
    try {
      mount(entry.ctx);
    } catch (error) {
      entry.ctx.teardown();
      entry.ctx = null;
      showBroken(root, t("quiz.broken"));
      console.error(`quiz ${root.dataset.quiz}:`, error);
    }
  };

  // Each kind's widget once, all at once: a page has a few kinds, each its own chunk.
  for (const root of roots) root.setAttribute("data-mounted", "");
  const kinds = [...new Set(roots.map((root) => root.dataset.kind))];
  const widgets = new Map(await Promise.all(kinds.map(async (kind) => [kind, await loadWidget(kind)])));
  for (const root of roots) {
    const mount = widgets.get(root.dataset.kind);
    const config = readConfig(root);
    if (!mount || !config) {
      showBroken(root, t("quiz.broken"));
      continue;
    }
    mounted.push({ root, mount, config, ctx: null });
  }
  // Where and when they are wanted (mount-queue.js), like the snippets: a coding exercise
  // mounts an editor, and mounting ten quizzes as the page starts would hold up a Run
  // clicked meanwhile. The progress bar comes once every quiz is there.
  const entryOf = new Map(mounted.map((entry) => [entry.root, entry]));
  await mountInTurn([...entryOf.keys()], (root) => mountOne(entryOf.get(root)), globalThis.window, { busy });

  bar = mountLessonProgress({
    firstQuiz: roots[0],
    t,
    announce,
    count: () => {
      const results = mounted.map((entry) => entry.ctx && entry.ctx.result);
      return {
        total: roots.length,
        answered: results.filter((r) => r === "correct" || r === "incorrect").length,
        correct: results.filter((r) => r === "correct").length,
      };
    },
    onStartOver: () => {
      store.clearLesson(lessonKey);
      for (const entry of mounted) {
        if (entry.ctx) entry.ctx.teardown();
        mountOne(entry);
      }
      document.dispatchEvent(new CustomEvent(LESSON_RESET_EVENT, { detail: { lessonKey } }));
      bar.update();
    },
  });
  onProgressUnavailable(() => {
    if (claimStorageNotice()) bar.showStorageNote();
  });
  return mounted;
}
