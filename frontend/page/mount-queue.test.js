// mountInTurn: each widget mounts once; those in view first, then those that come near the
// view or take focus, ahead of the idle ones, which mount one per idle slice in page order.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mountInTurn } from "./mount-queue.js";

const VIEW = 800;

/** A page of widgets at the given tops (px; null: hidden, in a tab not shown), with a fake
 * observer and idle queue. */
function fakePage(tops) {
  const idle = [];
  const observers = [];
  const win = {
    innerHeight: VIEW,
    requestIdleCallback: (work) => idle.push(work),
    setTimeout: (work) => idle.push(work),
    IntersectionObserver: class {
      constructor(callback) {
        this.callback = callback;
        this.watched = new Set();
        observers.push(this);
      }
      observe(element) {
        this.watched.add(element);
      }
      unobserve(element) {
        this.watched.delete(element);
      }
      disconnect() {
        this.watched.clear();
      }
    },
  };
  const doc = { activeElement: null };
  const roots = tops.map((top, index) => {
    const listeners = {};
    return {
      name: `w${index}`,
      ownerDocument: doc,
      // As in a browser: a hidden element has no boxes, and a rectangle of zeros.
      getClientRects: () => (top === null ? [] : [{ top, bottom: top + 200 }]),
      getBoundingClientRect: () => (top === null ? { top: 0, bottom: 0 } : { top, bottom: top + 200 }),
      addEventListener: (type, listener) => (listeners[type] = listener),
      removeEventListener: (type) => delete listeners[type],
      contains: () => false,
      querySelector: () => null,
      focus(target) {
        listeners.focusin?.({ currentTarget: target });
      },
      listeners,
    };
  });
  return {
    win,
    roots,
    runIdle() {
      const work = idle.shift();
      work?.({ timeRemaining: () => 10 });
      return Boolean(work);
    },
    scrollTo(root) {
      for (const observer of observers) {
        if (observer.watched.has(root)) observer.callback([{ target: root, isIntersecting: true }]);
      }
    },
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

/** Wait (a task at a time, at most a second) until `done()`; idle slices run when `idle`. */
async function until(done, page = null) {
  for (let waited = 0; !done(); waited += 1) {
    if (waited > 1000) assert.fail("timed out");
    if (page) page.runIdle();
    await tick();
  }
}

test("widgets in view mount first, the rest one per idle slice in page order", async () => {
  const page = fakePage([2000, 100, 600, 5000, 9000]);
  const order = [];
  const done = mountInTurn(page.roots, (root) => order.push(root.name), page.win);
  await until(() => order.length === 2);
  assert.deepEqual(order, ["w1", "w2"]);
  await until(() => order.length === 3, page);
  assert.deepEqual(order, ["w1", "w2", "w0"]);
  await until(() => order.length === 5, page);
  assert.deepEqual(order, ["w1", "w2", "w0", "w3", "w4"]);
  await done;
});

test("a widget that comes near the view or takes focus mounts before the idle ones, once", async () => {
  const page = fakePage([0, 3000, 6000, 9000]);
  const order = [];
  const done = mountInTurn(page.roots, (root) => order.push(root.name), page.win);
  await until(() => order.length === 1);
  page.scrollTo(page.roots[2]);
  await until(() => order.length === 2);
  page.roots[3].focus(page.roots[3]);
  page.scrollTo(page.roots[2]); // again: already mounted, nothing happens
  assert.deepEqual(order, ["w0", "w2", "w3"]);
  await until(() => order.length === 4, page);
  assert.deepEqual(order, ["w0", "w2", "w3", "w1"]);
  await done;
});

test("nothing to mount resolves at once", async () => {
  await mountInTurn([], () => assert.fail("nothing to mount"), fakePage([]).win);
});

test("a widget in a tab not shown is not taken for one at the top of the view", async () => {
  const page = fakePage([null, 300, 2000]);
  const order = [];
  mountInTurn(page.roots, (root) => order.push(root.name), page.win);
  await until(() => order.length === 1);
  assert.deepEqual(order, ["w1"], "only the shown widget in view mounts at once");
  page.scrollTo(page.roots[0]);
  await until(() => order.length === 2);
  assert.deepEqual(order, ["w1", "w0"], "the hidden one mounts when its tab opens");
});

test("while a run is in flight the idle ones wait, and those wanted still mount", async () => {
  const page = fakePage([0, 3000, 6000, 9000]);
  const order = [];
  let running = true;
  const done = mountInTurn(page.roots, (root) => order.push(root.name), page.win, { busy: () => running });
  await until(() => order.length === 1);
  for (let slice = 0; slice < 5; slice += 1) {
    assert.equal(page.runIdle(), true, "the idle slice is asked for again");
    await tick();
  }
  assert.deepEqual(order, ["w0"], "no idle mount during the run");
  page.scrollTo(page.roots[3]);
  await until(() => order.length === 2);
  assert.deepEqual(order, ["w0", "w3"], "one that comes near the view mounts anyway");
  running = false;
  await until(() => order.length === 4, page);
  assert.deepEqual(order, ["w0", "w3", "w1", "w2"]);
  await done;
});
