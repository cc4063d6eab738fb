// A lesson page notes in the progress store that the learner opened it, so that the home
// page's course map can offer to continue there.

import { lessonKey } from "./storage.js";

/**
 * Touch the lesson of this page (its frame `nav[data-lesson-course="<slug>"]`); other pages
 * (the playground, notices) are no lesson and touch nothing.
 * @param {Document} doc
 * @param {ReturnType<import("./storage.js").openProgress>} store
 */
export function recordLessonVisit(doc, store) {
  const slug = doc.querySelector("nav[data-lesson-course]")?.getAttribute("data-lesson-course");
  if (!slug) return;
  const lang = (doc.documentElement.getAttribute("lang") || "").split("-")[0];
  store.touchLesson(lessonKey(lang, slug));
}
