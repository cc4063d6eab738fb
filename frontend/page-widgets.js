// The front end's entry point (bundled by esbuild into assets/runtime/main.js and linked
// from every page by frontend/mkdocs_hook.py): mounts the runnable snippets, loads the quiz
// widgets, and starts Python in its worker as soon as the page is idle.

import "./styles/site.css";
import "./quiz/index.js";
import { t } from "./i18n.js";
import { prepare } from "./runtime/worker-client.js";
import { mountSnippet } from "./snippet/snippet-widget.js";
import { claimStorageNotice, lessonKeyFor, onProgressUnavailable, pageProgress } from "./storage.js";

/** Sent by the quiz widgets' "Start the lesson over": saved edits are gone, show the lesson's code. */
const LESSON_RESET_EVENT = "tool-lessons:lesson-reset";

function mountSnippets() {
  const roots = [...document.querySelectorAll(".lesson-snippet[data-snippet]")];
  if (!roots.length) return [];
  const store = pageProgress();
  const widgets = roots.map((root) => mountSnippet(root, { t, store, lessonKey: lessonKeyFor(root) })).filter(Boolean);
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
  return widgets;
}

/** Start Python when the browser has nothing better to do, not on the first click. */
function prepareWhenIdle() {
  const start = () => prepare().catch((error) => console.warn("Python could not start:", error));
  if ("requestIdleCallback" in window) requestIdleCallback(start, { timeout: 2000 });
  else setTimeout(start, 200);
}

function main() {
  const widgets = mountSnippets();
  if (widgets.length || document.querySelector("[data-quiz]")) prepareWhenIdle();
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", main);
else main();
