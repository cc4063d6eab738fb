// The run picture on the page: elements from the shared markup tree (the same structure the
// build writes, frontend/shared/run-picture-markup.js), then what only a page can do: step
// through the calls one at a time, copy a call's JSON. Loaded by picture-slot.js on demand.

import { toDomSteps } from "../../shared/markup-tree.js";
import { localDigits } from "../../shared/plurals.js";
import { pictureModelSteps } from "../../shared/run-picture-model.js";
import { pictureTreeSteps } from "../../shared/run-picture-markup.js";

const COPIED_MS = 2500;
// A render gives the page back after this much work: a long run's picture never holds the
// main thread for a long task (the model, the tree and the elements are made in slices).
const SLICE_MS = 10;

/**
 * The picture of a run's `calls`, ready to use, made over as many tasks as it takes.
 * @param {Document} doc
 * @param {Array<object>} calls a transcript's `calls`
 * @param {{t: Function, lang: string, source?: string}} options
 * @returns {Promise<HTMLElement>}
 */
export async function renderPicture(doc, calls, { t, lang, source = "live" }) {
  await nextTask(); // not in the task that ends the run: that one has the output to show
  const started = performance.now();
  const slices = [];
  const model = await sliced(pictureModelSteps(calls), slices);
  const tree = await sliced(pictureTreeSteps(model, t, lang), slices);
  const picture = /** @type {HTMLElement} */ (await sliced(toDomSteps(doc, tree), slices));
  enhancePicture(picture, { t, lang, source });
  performance.measure("lessons:run-picture", { start: started, detail: { calls: calls.length, longestSlice: Math.max(...slices) } });
  return picture;
}

/** Run a generator (shared/steps.js) to its end, yielding to the page every SLICE_MS. */
async function sliced(steps, slices) {
  let start = performance.now();
  for (;;) {
    const { value, done } = steps.next();
    const now = performance.now();
    if (done) {
      slices.push(now - start);
      return value;
    }
    if (now - start > SLICE_MS) {
      slices.push(now - start);
      await nextTask();
      start = performance.now();
    }
  }
}

function nextTask() {
  if (globalThis.scheduler?.yield) return globalThis.scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Turn on the controls of a rendered picture (the build's or a live one): step-through, copy.
 * @param {HTMLElement} picture `[data-run-picture]`
 * @param {{t: Function, lang: string, source?: string}} options
 */
export function enhancePicture(picture, { t, lang, source = "build" }) {
  if (picture.dataset.enhanced) return;
  picture.dataset.enhanced = "";
  picture.dataset.source = source;
  stepThrough(picture, t, lang);
  for (const button of picture.querySelectorAll('[data-action="copy-json"]')) copyButton(button, t);
}

function stepThrough(picture, t, lang) {
  const steps = picture.querySelector(".rp-steps");
  const calls = [...picture.querySelectorAll(".rp-calls > [data-call]")];
  const rows = [...picture.querySelectorAll("[data-token-row]")];
  if (!steps || !calls.length) return;
  const [prev, next, all] = ["step-prev", "step-next", "step-all"].map((action) => steps.querySelector(`[data-action="${action}"]`));
  const position = steps.querySelector(".rp-position");
  const total = calls.length;
  let at = 0; // 0: every call shown; k: calls 1..k shown, k the current one

  const disable = (button, off) => button.setAttribute("aria-disabled", String(off));
  const show = (k) => {
    at = k;
    calls.forEach((call, index) => {
      call.hidden = k > 0 && index >= k;
      call.toggleAttribute("data-current", k > 0 && index === k - 1);
    });
    rows.forEach((row, index) => (row.hidden = k > 0 && index >= k));
    disable(prev, k <= 1);
    disable(next, k === total);
    all.hidden = k === 0;
    picture.dataset.step = String(k);
    position.textContent = k ? t("picture.stepPosition", { n: localDigits(lang, k), total: localDigits(lang, total) }) : t("picture.stepAllShown", { total: localDigits(lang, total) });
    if (k) {
      picture.open = true;
      calls[k - 1].scrollIntoView?.({ block: "nearest" });
    }
  };
  const go = (k) => show(Math.max(1, Math.min(total, k)));
  prev.addEventListener("click", () => at > 1 && go(at - 1));
  next.addEventListener("click", () => at < total && go(at + 1));
  all.addEventListener("click", () => {
    show(0);
    next.focus(); // the button that had focus is gone
  });
  // Arrow keys step too; on a right-to-left page the arrow that points ahead is the left one.
  steps.addEventListener("keydown", (event) => {
    const rtl = getComputedStyle(picture).direction === "rtl";
    const ahead = rtl ? "ArrowLeft" : "ArrowRight";
    const back = rtl ? "ArrowRight" : "ArrowLeft";
    const target = { [ahead]: at + 1, [back]: at - 1, Home: 1, End: total }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    go(at === 0 && event.key === back ? 1 : target);
  });
  show(0);
  steps.hidden = total < 2; // one call is the whole loop already
}

function copyButton(button, t) {
  const part = button.closest(".rp-json-part");
  const code = part?.querySelector("[data-json]");
  if (!code) return;
  const status = button.ownerDocument.createElement("span");
  status.className = "rp-copy-status";
  status.setAttribute("role", "status");
  button.after(status);
  let timer = null;
  const say = (text) => {
    status.textContent = text;
    clearTimeout(timer);
    timer = setTimeout(() => (status.textContent = ""), COPIED_MS);
  };
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(code.textContent);
      say(t("picture.copied"));
    } catch {
      // No clipboard (an insecure page, a refused permission): select it for Ctrl+C.
      const range = button.ownerDocument.createRange();
      range.selectNodeContents(code);
      const selection = button.ownerDocument.getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
      say(t("picture.copyManual"));
    }
  });
  button.hidden = false;
}
