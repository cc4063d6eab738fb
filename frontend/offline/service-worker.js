// The site's service worker: after a first visit, every page and the whole Python runtime
// are in the browser's cache, so that a learner can keep learning offline.
//
// The `lessons` plugin writes it to the site root (its scope is the whole site) with the
// build's manifest in front: `self.__LESSONS_PRECACHE__ = {version, entries}`, an entry
// being `{url, revision}` (lesson_builder/_offline_manifest.py). A rebuild changes the
// manifest, so the browser installs the new worker. It downloads only the files whose
// revision changed (offline-cache.js says where each file is kept), takes over at once,
// and deletes the previous build's copies only once no page that was open when it took
// over is open any more: those pages may still ask for files only their build lists.

import {
  CACHE_NAME,
  SWEEP_RECORD,
  mayClean,
  missingFiles,
  pageAddresses,
  precacheKeys,
  staleKeys,
  strategyFor,
  urlOfKey,
  wholeBuildCaches,
} from "./offline-cache.js";

const { version, entries } = self.__LESSONS_PRECACHE__;
const scope = self.registration.scope;
const keys = precacheKeys(entries, scope); // absolute URL → cache key
const sweepRecord = new URL(SWEEP_RECORD, scope).href;

async function cachedKeys(cache) {
  return (await cache.keys()).map((request) => request.url);
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE_NAME);
      // Two passes: the previous worker's clean-up stops once this install begins, but a
      // delete it had already started may take a key this build shares with an older build
      // (an edit undone).
      for (let pass = 0; pass < 2; pass += 1) {
        // One by one: the page keeps some bandwidth, and a repeated install (after a
        // failed one) starts where that one stopped.
        for (const { url, key } of missingFiles(keys, await cachedKeys(cache))) {
          // A URL that names its content may sit in an earlier version's per-build cache.
          const earlier = key === url ? await caches.match(url) : undefined;
          // "no-cache": revalidated with the server (a 304 costs nothing), so that a page the
          // HTTP cache still holds from the previous build is not kept as this build's.
          const response = earlier || (await fetch(url, { credentials: "same-origin", cache: "no-cache" }));
          if (!response.ok) throw new Error(`precache ${url}: HTTP ${response.status}`);
          await cache.put(key, response);
        }
      }
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      // Who is open now (pages, and the workers running Python for them) may belong to the
      // previous build: their files stay until they are all gone.
      const open = await self.clients.matchAll({ type: "all", includeUncontrolled: true });
      const cache = await caches.open(CACHE_NAME);
      const record = { version, open: open.map((client) => client.id) };
      await cache.put(sweepRecord, new Response(JSON.stringify(record)));
      sweepPending = true;
      await self.clients.claim();
      await sweep();
    })(),
  );
});

// Whether a clean-up may still be due (checked on the next events until it is done).
let sweepPending = true;
let sweeping = null;

/** Deletes what this build does not list, once nothing open may still need it. */
async function sweep() {
  const cache = await caches.open(CACHE_NAME);
  const recorded = await cache.match(sweepRecord);
  const record = recorded ? await recorded.json() : null;
  // Only the newest worker cleans, by its own manifest: an older one would take the files
  // a newer build has just added.
  if (!record || record.version !== version) {
    sweepPending = false;
    return;
  }
  const open = await self.clients.matchAll({ type: "all", includeUncontrolled: true });
  if (!mayClean(record.open, open.map((client) => client.id))) return;
  for (const key of staleKeys(await cachedKeys(cache), keys, scope)) {
    if (self.registration.installing || self.registration.waiting) return; // a newer build: its turn
    await cache.delete(key);
  }
  for (const name of wholeBuildCaches(await caches.keys())) await caches.delete(name);
  await cache.delete(sweepRecord);
  sweepPending = false;
}

function sweepIfDue(event) {
  if (!sweepPending || sweeping) return;
  sweeping = sweep().finally(() => {
    sweeping = null;
  });
  event.waitUntil(sweeping);
}

/** This build's copy of a file, else any copy an earlier build left (a page of that build). */
async function cached(cache, url) {
  const key = keys.get(url);
  if (key) return cache.match(key);
  // Under its URL (a URL that names its content), or in an earlier version's cache.
  const exact = await caches.match(url);
  if (exact) return exact;
  // A file this build no longer has, under an earlier revision.
  for (const request of await cache.keys(url, { ignoreSearch: true })) {
    if (urlOfKey(request.url) === url) return cache.match(request);
  }
  return undefined;
}

async function page(request) {
  try {
    return await fetch(request);
  } catch (offline) {
    const cache = await caches.open(CACHE_NAME);
    // A query (search highlighting) or an explicit index.html: still the same page.
    for (const address of pageAddresses(request.url)) {
      const copy = await cached(cache, address);
      if (copy) return copy;
    }
    throw offline;
  }
}

async function file(request) {
  const cache = await caches.open(CACHE_NAME);
  return (await cached(cache, request.url)) || fetch(request);
}

self.addEventListener("fetch", (event) => {
  const strategy = strategyFor(event.request, scope);
  if (strategy === "page") event.respondWith(page(event.request));
  else if (strategy === "file") event.respondWith(file(event.request));
  sweepIfDue(event);
});

self.addEventListener("message", (event) => {
  sweepIfDue(event);
  // Tests and the benchmark ask whether everything is cached (offline-ready).
  if (event.data?.type === "precache-status") {
    event.waitUntil(
      (async () => {
        const cache = await caches.open(CACHE_NAME);
        const missing = missingFiles(keys, await cachedKeys(cache)).length;
        // `asked` is echoed so that a late answer is never taken for the answer to a newer question.
        event.source?.postMessage({ type: "precache-status", asked: event.data.asked, version, missing });
      })(),
    );
  }
});
