#!/usr/bin/env node
// Makes (or finds in the cache) the precompiled stdlib and the memory snapshot for one
// lesson packages zip, and prints where they are as one JSON line on stdout:
//   {"stdlib": "<path>", "snapshot": "<path>" | null, "snapshotError": "<why>" | null}
//
//   node tools/startup/make-startup-files.mjs --packages <lessons-python.zip> [--cache <dir>]
//
// The `lessons` plugin (lesson_builder/_startup_files.py) runs it at every build. File names carry a hash of everything that
// went into them (the Pyodide build, this code, the packages zip), so a cached file is
// reused exactly when it would come out the same, and `mkdocs serve` stays fast. Without a
// snapshot the site still works (a normal start), so a failed snapshot is reported, not fatal.

import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import { makeSnapshotInBrowser } from "./browser-snapshot.mjs";
import { PYODIDE_DIR, compileStdlib, digest, pyodideFingerprint } from "./startup-files.mjs";
import { cacheEntriesToPrune, snapshotFileName, stdlibFileName } from "./names.js";

const DEFAULT_CACHE = fileURLToPath(new URL("../../build/startup-cache/", import.meta.url));

async function exists(path) {
  return stat(path).then(() => true, () => false);
}

/** Write via a temporary name: a concurrent build never reads half a file. */
async function writeAtomically(path, data) {
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, path);
}

async function prune(cache, keep) {
  const entries = await Promise.all(
    (await readdir(cache)).map(async (name) => ({ name, mtimeMs: (await stat(join(cache, name))).mtimeMs })),
  );
  for (const name of cacheEntriesToPrune(entries, keep)) await rm(join(cache, name), { force: true });
}

async function main() {
  const { values } = parseArgs({ options: { packages: { type: "string" }, cache: { type: "string" } } });
  if (!values.packages) throw new Error("--packages <zip> is required");
  const cache = resolve(values.cache || DEFAULT_CACHE);
  await mkdir(cache, { recursive: true });
  const packagesZip = await readFile(values.packages);
  const fingerprint = await pyodideFingerprint();

  const stdlib = join(cache, stdlibFileName(fingerprint));
  if (!(await exists(stdlib))) {
    const { zip, compiled, kept } = await compileStdlib();
    await writeAtomically(stdlib, zip);
    console.error(`startup: standard library precompiled (${compiled} modules, ${kept} left as source)`);
  }

  const snapshot = join(cache, snapshotFileName(digest(fingerprint, packagesZip)));
  let snapshotError = null;
  if (!(await exists(snapshot))) {
    try {
      await writeAtomically(snapshot, await makeSnapshotInBrowser({ pyodideDir: PYODIDE_DIR, stdlibPath: stdlib, packagesZip }));
      console.error(`startup: memory snapshot made (${(await stat(snapshot)).size} bytes gzipped)`);
    } catch (error) {
      snapshotError = String(error?.message || error).split("\n")[0];
    }
  }
  await prune(cache, [stdlib, snapshot].map((path) => path.slice(cache.length + 1)));
  process.stdout.write(
    JSON.stringify({ stdlib, snapshot: snapshotError ? null : snapshot, snapshotError }) + "\n",
  );
}

main().catch((error) => {
  console.error(`startup: ${error?.stack || error}`);
  process.exit(1);
});
