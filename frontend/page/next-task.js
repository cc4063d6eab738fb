// Yielding to the browser between pieces of start-up work, so that no single task blocks
// input or painting for long (the start-up benchmark measures the longest task).
//
// Not scheduler.yield(): its continuation goes ahead of every task already queued, so a page
// mounting a dozen widgets would hold back the Python worker's messages (the output of a Run
// the learner clicked meanwhile) until all of them were mounted. A message to ourselves
// queues behind what is already there, the worker's messages included, without the 4 ms that
// browsers add to nested timers.

const channel = typeof MessageChannel === "function" ? new MessageChannel() : null;
const waiting = [];
if (channel) {
  channel.port1.onmessage = () => waiting.shift()?.();
  channel.port1.unref?.(); // Node (the unit tests): an idle port must not keep the process alive
}

/** Let the browser paint, handle input and deliver what is queued before the next piece of work. */
export function nextTask() {
  return new Promise((resolve) => {
    if (!channel) return setTimeout(resolve, 0);
    waiting.push(resolve);
    channel.port2.postMessage(null);
  });
}
