// The front end's entry point, linked from every page by the `lessons` plugin (bundled
// by esbuild into assets/runtime/main.js + main.css). It is small on purpose: the editor,
// the runner and the quiz widgets (mount-widgets.js) are loaded only on pages that have
// runnable snippets or quizzes, the course map's progress (mount-course-map.js) only on home
// pages, so other pages neither download nor evaluate them.

import "./site.css";
// The quiz widgets' styles, here too: CSS imported only by a dynamically loaded chunk would
// end in a stylesheet that nothing links.
import "../widgets/quiz/quiz.css";
import { watchScrollRegions } from "./scroll-regions.js";
import "../widgets/run-picture/run-picture.css";
import { loadPageStrings } from "./i18n.js";
import { connectEarly, pythonRanInThisTab } from "../runtime/early-connection.js";
import { pageRuntimeLocation, workerAddress } from "../runtime/location.js";
import { canShareWorker } from "../runtime/worker-connection.js";

const WIDGETS = ".lesson-snippet[data-snippet], [data-quiz]";

function main() {
  watchScrollRegions(document);
  const hasMap = document.querySelector("[data-course-map]");
  const hasWidgets = document.querySelector(WIDGETS);
  if (!hasMap && !hasWidgets) return;
  if (hasWidgets) connectToPythonEarly();
  // The page's own strings download alongside the widgets' code; both must be there first.
  const strings = loadPageStrings(document);
  const mount = (load, name) => Promise.all([load(), strings]).then(([module]) => module[name]());
  if (hasMap) mount(() => import("./mount-course-map.js"), "mountPageCourseMaps");
  if (hasWidgets) mount(() => import("./mount-widgets.js"), "mountPageWidgets");
}

/** Open the connection to the visit's shared Python worker before the widgets' code has
 * even downloaded: it is the slowest step of the next page's first run. Only to a worker
 * already running: one started this early would compete with the page's own start-up. */
function connectToPythonEarly() {
  if (!canShareWorker() || !pythonRanInThisTab()) return;
  try {
    connectEarly(workerAddress(pageRuntimeLocation(document)));
  } catch (error) {
    console.warn("Python: no early connection:", error); // the page's client connects itself
  }
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", main);
else main();
