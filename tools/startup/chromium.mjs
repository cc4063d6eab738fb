// Finds a Chromium to make the memory snapshot with (browser-snapshot.mjs): $CHROMIUM if
// set, else the usual names on PATH. Debian's package is `chromium` (scripts/test installs it).

import { access, constants } from "node:fs/promises";
import { delimiter, join } from "node:path";

const NAMES = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"];

async function isExecutable(path) {
  return access(path, constants.X_OK).then(() => true, () => false);
}

/** @returns {Promise<string|null>} the path of a Chromium executable, or null */
export async function findChromium(env = process.env) {
  if (env.CHROMIUM) return (await isExecutable(env.CHROMIUM)) ? env.CHROMIUM : null;
  for (const folder of (env.PATH || "").split(delimiter).filter(Boolean)) {
    for (const name of NAMES) {
      if (await isExecutable(join(folder, name))) return join(folder, name);
    }
  }
  return null;
}
