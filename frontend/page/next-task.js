// Yielding to the browser between pieces of start-up work, so that no single task blocks
// input or painting for long (the start-up benchmark measures the longest task).

/** Let the browser paint and handle input before the next piece of work. */
export const nextTask = () => globalThis.scheduler?.yield?.() ?? new Promise((resolve) => setTimeout(resolve, 0));
