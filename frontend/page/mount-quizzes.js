// Mounting the quiz widgets: finds every `[data-quiz]` on the page, mounts the module of its
// kind from the registry (widgets/quiz/kinds.js), and keeps the lesson's progress bar.
// mount-widgets.js calls mountQuizzes(); importing this module does nothing by itself.

import { t } from "./i18n.js";
import { claimStorageNotice, lessonKeyFor, onProgressUnavailable, pageProgress } from "./storage.js";
import { announce, prepareAnnouncer } from "../widgets/quiz/announcer.js";
import { createQuizContext, readConfig } from "../widgets/quiz/context.js";
import { h } from "../widgets/quiz/dom.js";
import { KINDS } from "../widgets/quiz/kinds.js";
import { mountLessonProgress } from "../widgets/quiz/lesson-progress.js";
import { nextTask } from "./next-task.js";

/** Tell the snippet widgets of the page that a lesson's saved edits were cleared. */
export const LESSON_RESET_EVENT = "tool-lessons:lesson-reset";

function showBroken(root, message) {
  root.setAttribute("data-broken", "");
  root.append(h("p", { class: "quiz-broken", role: "note" }, message));
}

/**
 * Mount every quiz under `scope`, one per task (a lesson has up to ten quizzes: mounting them
 * in one go makes a long main-thread task). Resolves to the mounted quizzes.
 * @param {ReturnType<import("./python.js").createPagePython>} python the page's Python
 * @param {ParentNode} [scope]
 */
export async function mountQuizzes(python, scope = document) {
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

  for (const root of roots) {
    root.setAttribute("data-mounted", "");
    const mount = KINDS[root.dataset.kind];
    const config = readConfig(root);
    if (!mount || !config) {
      showBroken(root, t("quiz.broken"));
      continue;
    }
    const entry = { root, mount, config, ctx: null };
    mounted.push(entry);
    mountOne(entry);
    await nextTask();
  }

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
