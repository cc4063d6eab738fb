// The course map of a home page (built by lesson_builder/_course_map.py, plain HTML that
// works without JavaScript): adds the learner's progress from the page's progress store,
// answered quizzes per lesson (`data-progress="<answered>/<total>"`) and a link to go on with,
// and keeps them current when another tab saves or the page comes back from the back button.

import { courseProgress } from "../../shared/course-progress.js";

/**
 * Read the map's JSON config (`{lessons: [{slug, title, written, quizzes}]}`); null when
 * missing or unreadable.
 * @param {HTMLElement} root
 */
export function readCourseMapConfig(root) {
  try {
    const config = JSON.parse(root.querySelector(":scope > script[data-config]")?.textContent ?? "null");
    return config && Array.isArray(config.lessons) ? config : null;
  } catch {
    return null;
  }
}

/**
 * Mount the progress on one course map.
 * @param {HTMLElement} root `[data-course-map]`
 * @param {object} services
 * @param {(key: string, vars?: object) => string} services.t UI strings
 * @param {ReturnType<import("../../page/storage.js").openProgress>} services.store progress store
 * @param {(slug: string) => string} services.keyFor the store's key of a lesson in this language
 * @param {string} services.lang the page's language (for its digits)
 * @returns {{refresh: () => void}|null}
 */
export function mountCourseMap(root, { t, store, keyFor, lang }) {
  const config = readCourseMapConfig(root);
  if (!config) return null;
  const doc = root.ownerDocument;
  const number = localNumber(lang);
  const items = new Map([...root.querySelectorAll("[data-course-lesson]")].map((item) => [item.dataset.courseLesson, item]));
  const continueLine = root.querySelector("[data-course-continue]");

  const refresh = () => {
    // Without working storage there is no progress to show: the map stays as built.
    if (!store.saving) return;
    store.reload();
    const progress = courseProgress(config.lessons, (slug) => store.lessonRecord(keyFor(slug)));
    progress.lessons.forEach((row, index) => {
      const item = items.get(row.slug);
      if (!item) return;
      item.dataset.progress = `${row.answered}/${row.total}`;
      item.toggleAttribute("data-finished", row.finished);
      const text = item.querySelector("[data-course-progress]");
      if (!text || !config.lessons[index].written || !row.total) return;
      text.textContent = t("courseMap.progress", { answered: number(row.answered), total: number(row.total) });
      text.hidden = false;
    });
    if (continueLine) showNext(continueLine, progress.next);
  };

  const showNext = (line, next) => {
    if (!next) {
      line.replaceChildren(t("courseMap.allDone"));
    } else {
      const lesson = config.lessons[next.index];
      const link = doc.createElement("a");
      link.href = items.get(next.slug)?.querySelector("a")?.getAttribute("href") ?? `lessons/${next.slug}/`;
      link.dataset.continueLesson = next.slug;
      link.textContent = t("courseMap.lesson", { n: number(next.index + 1), title: lesson.title });
      line.replaceChildren(t(next.why === "start" ? "courseMap.start" : "courseMap.continue"), " ", link);
    }
    line.hidden = false;
  };

  const view = doc.defaultView;
  view?.addEventListener("storage", (event) => {
    if (event.key === null || event.key === store.key) refresh();
  });
  // Back from a lesson, the page may come from the back-forward cache as it was left.
  view?.addEventListener("pageshow", (event) => event.persisted && refresh());
  refresh();
  root.setAttribute("data-mounted", ""); // tests wait on it, with or without progress to show
  return { refresh };
}

function localNumber(lang) {
  try {
    const format = new Intl.NumberFormat(lang || undefined, { useGrouping: false });
    return (value) => format.format(value);
  } catch {
    return String;
  }
}
