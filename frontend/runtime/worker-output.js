// Streaming a run's output from the worker to the page without flooding it: writes are
// merged per stream and sent at most every FLUSH_MS, and nothing is streamed past the
// page's output limit (the final transcript still carries everything).

/** The phases a worker reports while it starts, in order (their names are UI string keys). */
export const BOOT_PHASES = ["runtime", "packages"];

export const FLUSH_MS = 40;

/**
 * @param {object} options
 * @param {(kind: "stdout"|"stderr", text: string) => void} options.send
 * @param {number} [options.limit] characters to stream at most
 * @param {() => number} [options.now] clock in ms (tests pass their own)
 */
export function createOutputStream({ send, limit = Infinity, now = () => performance.now() }) {
  let pending = []; // [[kind, text], ...], consecutive writes of one stream merged
  let streamed = 0;
  let lastFlush = now();

  const flush = () => {
    for (const [kind, text] of pending) send(kind, text);
    pending = [];
    lastFlush = now();
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
      if (now() - lastFlush >= FLUSH_MS) flush();
    },
    flush,
  };
}
