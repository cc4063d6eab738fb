// Mounting a page's widgets where and when they are wanted, never all in one go: a long
// lesson has a dozen editors, and mounting them while the page starts stalls the learner's
// scrolling and typing. Widgets in or near the view mount first, one per task; the others
// when they come near the view, when keyboard focus enters them, or when the browser is idle
// (one per idle slice, in document order), so that every widget is there soon after start.

import { nextTask } from "./next-task.js";

// How far outside the view a widget counts as near: it mounts before it scrolls into sight.
const NEAR_PX = 400;
// The latest an idle slice waits for the browser to be idle.
const IDLE_TIMEOUT_MS = 1500;

function isNearView(element, win) {
  // A widget in a tab not shown has no box at all (its zero rectangle would read as "at the
  // top of the view"): it mounts when its tab opens, which the observer sees, or when idle.
  if (!element.getClientRects().length) return false;
  const box = element.getBoundingClientRect();
  return box.bottom > -NEAR_PX && box.top < win.innerHeight + NEAR_PX;
}

function whenIdle(win, work) {
  if (typeof win.requestIdleCallback === "function") win.requestIdleCallback(work, { timeout: IDLE_TIMEOUT_MS });
  else win.setTimeout(work, 50);
}

/**
 * Call `mountOne(root)` once for each of `roots` (in document order), the wanted ones first.
 * Resolves when all are mounted.
 * @param {HTMLElement[]} roots
 * @param {(root: HTMLElement) => void} mountOne
 * @param {Window} [win]
 * @param {{busy?: () => boolean}} [options] `busy()`: true while the idle ones should wait
 *   (a run is in flight)
 * @returns {Promise<void>}
 */
export function mountInTurn(roots, mountOne, win = globalThis.window, { busy = () => false } = {}) {
  const pending = [...roots];
  let finish;
  const finished = new Promise((resolve) => (finish = resolve));
  if (!pending.length) return Promise.resolve();

  const observer =
    typeof win.IntersectionObserver === "function"
      ? new win.IntersectionObserver(
          (entries) => entries.forEach((entry) => entry.isIntersecting && wanted(entry.target)),
          { rootMargin: `${NEAR_PX}px 0px` },
        )
      : null;
  const onFocus = (event) => mountNow(event.currentTarget, { keepFocus: true });

  function mountNow(root, { keepFocus = false } = {}) {
    const index = pending.indexOf(root);
    if (index < 0) return;
    pending.splice(index, 1);
    observer?.unobserve(root);
    root.removeEventListener("focusin", onFocus);
    mountOne(root);
    // Focus was on what mounting replaced: give it to the editor that took its place.
    if (keepFocus && !root.contains(root.ownerDocument.activeElement)) root.querySelector(".cm-content")?.focus();
    if (!pending.length) {
      observer?.disconnect();
      finish();
    }
  }

  // A widget wanted now mounts in the next task, ahead of the idle ones.
  let queued = [];
  let draining = false;
  function wanted(root) {
    if (!pending.includes(root) || queued.includes(root)) return;
    queued.push(root);
    if (!draining) drain();
  }
  async function drain() {
    draining = true;
    while (queued.length) {
      mountNow(queued.shift());
      await nextTask();
    }
    draining = false;
  }

  function idleSlice() {
    if (!pending.length) return;
    // While a run is in flight its output and result come in as the page's tasks: an idle
    // mount would hold them up. Those wanted (in view, focused) still mount.
    if (!draining && !busy()) mountNow(pending[0]);
    if (pending.length) whenIdle(win, idleSlice);
  }

  for (const root of pending) root.addEventListener("focusin", onFocus);
  // Measured once, before anything mounts: the widgets the learner sees as the page opens.
  for (const root of pending.filter((root) => isNearView(root, win))) wanted(root);
  for (const root of pending) observer?.observe(root);
  whenIdle(win, idleSlice);
  return finished;
}
