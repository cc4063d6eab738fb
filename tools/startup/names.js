// File names of the build-time start-up files, and which cached ones to delete.
// A name carries the hash of what went into the file (see make-startup-files.mjs).

export const STDLIB_PREFIX = "stdlib-";
export const SNAPSHOT_PREFIX = "snapshot-";

export const stdlibFileName = (hash) => `${STDLIB_PREFIX}${hash}.zip`;
// ".bin", not ".gz": some static hosts add `Content-Encoding: gzip` to .gz files, and the
// browser would then unpack it before the worker does (the worker checks the magic bytes).
export const snapshotFileName = (hash) => `${SNAPSHOT_PREFIX}${hash}.bin`;

/** How many files of each kind the cache keeps: a few builds of other sources (a test
 * build beside `mkdocs serve`, a branch switch) find theirs without remaking them. */
export const CACHE_KEEPS = 4;

/**
 * Names of cached start-up files to delete: of each kind, all but the `keep`ed ones and
 * the newest others up to CACHE_KEEPS in all. Other files are never touched.
 * @param {{name: string, mtimeMs: number}[]} entries the cache folder's files
 * @param {string[]} keep names in use by this build
 * @returns {string[]}
 */
export function cacheEntriesToPrune(entries, keep, limit = CACHE_KEEPS) {
  const doomed = [];
  for (const prefix of [STDLIB_PREFIX, SNAPSHOT_PREFIX]) {
    const others = entries
      .filter(({ name }) => name.startsWith(prefix) && !name.endsWith(".tmp") && !keep.includes(name))
      .sort((a, b) => b.mtimeMs - a.mtimeMs);
    const kept = entries.filter(({ name }) => name.startsWith(prefix) && keep.includes(name)).length;
    doomed.push(...others.slice(Math.max(0, limit - kept)).map(({ name }) => name));
  }
  return doomed;
}
