// The service worker's decisions, kept free of browser APIs so that they can be tested:
// where each file of the manifest is kept, what an update downloads, what it deletes and
// when, and how a request is served.
//
// One cache holds every build. A file is kept under its URL plus its revision (the content
// hash the build writes into the manifest), so that a new build's worker can add the files
// that changed beside the previous build's copies, and keep the unchanged ones as they are:
// an update downloads only what changed, and the previous worker, still serving open pages,
// never sees its files replaced. A URL that changes with its content (`?v=` of the runtime,
// start-up files named by their hash) is its own key.

export const CACHE_NAME = "tool-lessons-offline";
// Earlier versions kept one cache per build under this prefix: deleted like stale entries.
const WHOLE_BUILD_CACHE_PREFIX = "tool-lessons-offline-";
// The query parameter that carries a revision in a cache key (never sent to the server).
const REVISION_PARAMETER = "__revision";
// The record of a pending clean-up, kept in the cache itself (a worker may be stopped and
// started again at any time: memory does not last).
export const SWEEP_RECORD = "__lessons-offline/sweep";

/** The cache key of a file: its absolute URL, plus its revision when it has one. */
export function cacheKey(url, revision) {
  if (!revision) return url;
  const key = new URL(url);
  key.searchParams.append(REVISION_PARAMETER, revision);
  return key.href;
}

/** The URL a cache key was made from (what pages request). */
export function urlOfKey(key) {
  const url = new URL(key);
  if (!url.searchParams.has(REVISION_PARAMETER)) return key;
  url.searchParams.delete(REVISION_PARAMETER);
  // URLSearchParams re-encodes what remains; keep the query byte for byte when nothing remains.
  return url.search ? url.href : url.href.replace(/\?$/, "");
}

/**
 * The manifest as absolute URLs, each with its cache key; a URL listed twice counts once.
 * @param {{url: string, revision?: string}[]} entries relative to the site root
 *   ("", "lessons/x/", "assets/runtime/main.js?v=1")
 * @param {string} scope the service worker's scope (the site root, ends with "/")
 * @returns {Map<string, string>} absolute URL → cache key
 */
export function precacheKeys(entries, scope) {
  const keys = new Map();
  for (const { url, revision } of entries) {
    const absolute = new URL(url, scope).href;
    if (!keys.has(absolute)) keys.set(absolute, cacheKey(absolute, revision));
  }
  return keys;
}

/**
 * What an install downloads: the files whose key is not in the cache yet. A file the
 * previous build had with the same revision is there already (unchanged: nothing to fetch).
 * @param {Map<string, string>} keys this build's URL → key
 * @param {Iterable<string>} cachedKeys the keys the cache holds
 * @returns {{url: string, key: string}[]}
 */
export function missingFiles(keys, cachedKeys) {
  const cached = new Set(cachedKeys);
  return [...keys].filter(([, key]) => !cached.has(key)).map(([url, key]) => ({ url, key }));
}

/**
 * What the clean-up after an update deletes: every key this build does not list (earlier
 * revisions, files no build lists any more), and nothing that belongs to no build of ours.
 * @param {Iterable<string>} cachedKeys
 * @param {Map<string, string>} keys this build's URL → key
 * @param {string} scope
 */
export function staleKeys(cachedKeys, keys, scope) {
  const listed = new Set(keys.values());
  const record = new URL(SWEEP_RECORD, scope).href;
  return [...cachedKeys].filter((key) => !listed.has(key) && key !== record);
}

/** The per-build caches of earlier versions of this worker. */
export function wholeBuildCaches(names) {
  return names.filter((name) => name.startsWith(WHOLE_BUILD_CACHE_PREFIX));
}

/**
 * Whether the clean-up may run: once no page or worker that was open when this build's
 * worker took over is open any more. Those may be pages of the previous build, which still
 * ask for the previous build's files (a lazily loaded worker, a snapshot) by their URLs.
 * @param {string[]} openAtTakeOver client ids recorded when the worker activated
 * @param {string[]} openNow client ids open now
 */
export function mayClean(openAtTakeOver, openNow) {
  const now = new Set(openNow);
  return !openAtTakeOver.some((id) => now.has(id));
}

/**
 * How to answer a request:
 * - "page": a page of the site: the network first (the newest text), the cache when offline;
 * - "file": another file of the site: the cache first (files are versioned or immutable),
 *   else the network;
 * - "pass": not ours to answer (another origin, not a GET, outside the scope).
 * @param {{method: string, url: string, mode: string}} request
 * @param {string} scope
 */
export function strategyFor({ method, url, mode }, scope) {
  if (method !== "GET" || !url.startsWith(scope)) return "pass";
  return mode === "navigate" ? "page" : "file";
}

/**
 * The cache keys one page answers to, the requested form first: a static host serves the
 * page `…/x/` under `…/x/index.html` too, and the cache holds it under the folder address
 * (the query and fragment never make another page).
 * @param {string} url absolute URL of a page request
 */
export function pageAddresses(url) {
  const address = new URL(url);
  address.search = "";
  address.hash = "";
  const { href } = address;
  if (href.endsWith("/")) return [href, `${href}index.html`];
  if (href.endsWith("/index.html")) return [href, href.slice(0, -"index.html".length)];
  return [href];
}
