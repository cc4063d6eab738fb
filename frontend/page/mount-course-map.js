// The course map of a language's home page (loaded by main.js only where there is one):
// hands the map widget the page's strings, language and progress store.

import { pageLanguage, t } from "./i18n.js";
import { lessonKey, pageProgress } from "./storage.js";
import { mountCourseMap } from "../widgets/course-map/course-map.js";

/** Mount every course map of the page. */
export function mountPageCourseMaps() {
  const lang = pageLanguage();
  for (const root of document.querySelectorAll("[data-course-map]")) {
    mountCourseMap(root, { t, store: pageProgress(), lang, keyFor: (slug) => lessonKey(lang, slug) });
  }
}
