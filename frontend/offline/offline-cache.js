// The service worker's decisions, kept free of browser APIs so that they can be tested:
// which cache a build uses, which old caches an update deletes, and how a request is served.

export const CACHE_PREFIX = "tool-lessons-offline-";

/** The cache of one build of the site (the build's version is a content hash). */
export function cacheName(version) {
  return `${CACHE_PREFIX}${version}`;
}

/** Caches of earlier builds: deleted when a new build's service worker takes over. */
export function staleCaches(names, version) {
  const current = cacheName(version);
  return names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== current);
}

/**
 * Absolute URLs to precache, from the manifest's site-relative ones.
 * @param {string[]} urls relative to the site root ("", "lessons/x/", "assets/runtime/main.js?v=1")
 * @param {string} scope the service worker's scope (the site root, ends with "/")
 */
export function precacheUrls(urls, scope) {
  return [...new Set(urls.map((url) => new URL(url, scope).href))];
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
 * The cache keys a page may be kept under, the asked URL first: a page is precached under
 * its folder address ("lessons/x/"), and "lessons/x/index.html" is the same page (DESIGN.md).
 * @param {string} url absolute, without its query
 * @returns {string[]}
 */
export function pageCacheKeys(url) {
  const address = new URL(url);
  address.search = "";
  address.hash = "";
  const asked = address.href;
  if (asked.endsWith("/index.html")) return [asked, asked.slice(0, -"index.html".length)];
  if (asked.endsWith("/")) return [asked, `${asked}index.html`];
  return [asked];
}
