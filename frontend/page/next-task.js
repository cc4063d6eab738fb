// Yielding to the browser between pieces of start-up work, so that no single task blocks
// input or painting for long (the start-up benchmark measures the longest task).
//
// Not scheduler.yield(): its continuation goes ahead of every task already queued, so a page
// mounting a dozen widgets would hold back the Python worker's messages (the output of a Run
// the learner clicked meanwhile) until all of them were mounted. A message to ourselves
// queues behind what is already there, the worker's messages included, without the 4 ms that
// browsers add to nested timers.

let channel = null; // made on first use: nothing happens at import
const waiting = [];

function ownChannel() {
  if (!channel && typeof MessageChannel === "function") {
    channel = new MessageChannel();
    channel.port1.onmessage = () => waiting.shift()?.();
    channel.port1.unref?.(); // Node (the unit tests): an idle port must not keep the process alive
  }
  return channel;
}

/** Let the browser paint, handle input and deliver what is queued before the next piece of work. */
export function nextTask() {
  return new Promise((resolve) => {
    const port = ownChannel()?.port2;
    if (!port) return setTimeout(resolve, 0);
    waiting.push(resolve);
    port.postMessage(null);
  });
}
