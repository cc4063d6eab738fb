// What the interpreter holds when Python is "ready": the one recipe shared by the build
// (make-startup-files.mjs bakes it into the memory snapshot) and the browser worker (which
// runs it itself when it has to start without a snapshot). Keeping it in one file means a
// snapshot and a normal start give the learner the same interpreter.

/** Where the lesson packages zip (fake_client + lesson_runtime) is unpacked. */
export const PACKAGES_DIR = "/lessons";

/**
 * Imports everything a first Run needs, so that it does not pay for them. The snapshot is
 * taken right after this ran; a normal start runs it too.
 */
export const PRELOAD_PYTHON = `
import sys
if "${PACKAGES_DIR}" not in sys.path:
    sys.path.insert(0, "${PACKAGES_DIR}")
import json, random
import lesson_runtime
import fake_client
`;

/**
 * The warm-up (lesson_runtime/_warm_up.py): throw-away runs before Python is called ready,
 * so that the first real run does not pay for what Python does only once. The snapshot is
 * taken after them; the worker makes them again, piece by piece (worker.js).
 */
export const WARM_UP_PYTHON = `
import lesson_runtime
lesson_runtime.warm_up()
`;

/** The warm-up's runs as JSON, each `{setup, code, timeout}` as a page's run is. */
export const WARM_UP_CHAINS_PYTHON = `
import json, lesson_runtime
json.dumps(lesson_runtime.WARM_UP_CHAINS)
`;

/**
 * Runs after a snapshot was restored. The snapshot carries the random generator's state of
 * the build machine (every learner would get the same "random" numbers): seed it afresh.
 * lesson_runtime reseeds before each run anyway; this covers code outside run_chain.
 */
export const AFTER_RESTORE_PYTHON = `
import random
random.seed()
`;
