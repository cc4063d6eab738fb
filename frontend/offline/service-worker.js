// The site's service worker: after a first visit, every page and the whole Python runtime
// are in the browser's cache, so that a learner can keep learning offline.
//
// The `lessons` plugin writes it to the site root (its scope is the whole site) with the
// build's manifest in front: `self.__LESSONS_PRECACHE__ = {version, urls}`. A new build
// changes the manifest, so the browser installs the new service worker, which fills a new
// cache, takes over at once and deletes the caches of older builds.

import { cacheName, pageCacheKeys, precacheUrls, staleCaches, strategyFor } from "./offline-cache.js";

const { version, urls } = self.__LESSONS_PRECACHE__;
const scope = self.registration.scope;
const CACHE = cacheName(version);

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // One by one, skipping what is already there: a repeated install (after a failed
      // one) does not download the 20 MB again, and the page keeps some bandwidth.
      for (const url of precacheUrls(urls, scope)) {
        if (await cache.match(url)) continue;
        // "no-cache": revalidated with the server (a 304 costs nothing), so that a page the
        // HTTP cache still holds from the previous build is not kept as this build's.
        const response = await fetch(url, { credentials: "same-origin", cache: "no-cache" });
        if (!response.ok) throw new Error(`precache ${url}: HTTP ${response.status}`);
        await cache.put(url, response);
      }
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(staleCaches(names, version).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

async function page(request) {
  try {
    return await fetch(request);
  } catch (offline) {
    const cache = await caches.open(CACHE);
    // A page's URL may carry a query (search highlighting), or name its folder's
    // index.html: the page is the same.
    for (const key of pageCacheKeys(request.url)) {
      const cached = await cache.match(key);
      if (cached) return cached;
    }
    throw offline;
  }
}

async function file(request) {
  const cache = await caches.open(CACHE);
  return (await cache.match(request)) || fetch(request);
}

self.addEventListener("fetch", (event) => {
  const strategy = strategyFor(event.request, scope);
  if (strategy === "page") event.respondWith(page(event.request));
  else if (strategy === "file") event.respondWith(file(event.request));
});

self.addEventListener("message", (event) => {
  // Tests and the benchmark ask whether everything is cached (offline-ready).
  if (event.data?.type === "precache-status") {
    event.waitUntil(
      (async () => {
        const cache = await caches.open(CACHE);
        const missing = [];
        for (const url of precacheUrls(urls, scope)) if (!(await cache.match(url))) missing.push(url);
        // `asked` is echoed so that a late answer is never taken for the answer to a newer question.
        event.source?.postMessage({ type: "precache-status", asked: event.data.asked, version, missing: missing.length });
      })(),
    );
  }
});
