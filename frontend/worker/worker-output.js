// Streaming a run's output from the worker to the page without flooding it. Python blocks
// the worker while it runs, so nothing can be sent "later" by a timer: each write decides.
// A write is sent at once unless BURST writes were already sent in the current FLUSH_MS
// window; then it waits, merged with the next ones of its stream, for the next write after
// the window (or the end of the run). Nothing is streamed past the page's output limit
// (the final transcript still carries everything).

/** The phases a worker reports while it starts, in order (their names are UI string keys). */
export const BOOT_PHASES = ["runtime", "packages"];

export const FLUSH_MS = 40;
export const BURST = 8;

/**
 * @param {object} options
 * @param {(kind: "stdout"|"stderr", text: string) => void} options.send
 * @param {number} [options.limit] characters to stream at most
 * @param {() => number} [options.now] clock in ms (tests pass their own)
 */
export function createOutputStream({ send, limit = Infinity, now = () => performance.now() }) {
  let pending = []; // [[kind, text], ...], consecutive writes of one stream merged
  let streamed = 0;
  let windowStart = -Infinity;
  let sentInWindow = 0;

  const flush = () => {
    for (const [kind, text] of pending) send(kind, text);
    pending = [];
  };

  return {
    write(kind, text) {
      if (streamed >= limit || !text) return;
      const room = limit - streamed;
      const part = text.length > room ? text.slice(0, room) : text;
      streamed += part.length;
      const last = pending[pending.length - 1];
      if (last && last[0] === kind) last[1] += part;
      else pending.push([kind, part]);
      const time = now();
      if (time - windowStart >= FLUSH_MS) {
        windowStart = time;
        sentInWindow = 0;
      }
      if (sentInWindow < BURST) {
        sentInWindow += 1;
        flush();
      }
    },
    flush,
  };
}
