import assert from "node:assert/strict";
import { test } from "node:test";
import {
  cacheKey,
  mayClean,
  missingFiles,
  pageAddresses,
  precacheKeys,
  staleKeys,
  strategyFor,
  SWEEP_RECORD,
  urlOfKey,
  wholeBuildCaches,
} from "./offline-cache.js";

const scope = "http://127.0.0.1:8000/course/";

// Two builds of one site: a lesson's text changed (its page and the search index), an image
// was removed, a page added, the runtime and the start-up files stayed as they were.
const before = [
  { url: "", revision: "r-home" },
  { url: "lessons/x/", revision: "r-x-1" },
  { url: "lessons/y/", revision: "r-y" },
  { url: "search/search_index.json", revision: "r-search-1" },
  { url: "assets/old.png", revision: "r-old" },
  { url: "assets/runtime/main.js?v=1" },
  { url: "assets/runtime/startup/snapshot-ab12.bin" },
  { url: "assets/runtime/pyodide-314.0.7/pyodide.asm.wasm", revision: "r-wasm" },
];
const after = [
  { url: "", revision: "r-home" },
  { url: "lessons/x/", revision: "r-x-2" },
  { url: "lessons/y/", revision: "r-y" },
  { url: "lessons/z/", revision: "r-z" },
  { url: "search/search_index.json", revision: "r-search-2" },
  { url: "assets/runtime/main.js?v=1" },
  { url: "assets/runtime/startup/snapshot-ab12.bin" },
  { url: "assets/runtime/pyodide-314.0.7/pyodide.asm.wasm", revision: "r-wasm" },
];

test("a file with a revision is kept under its URL and revision, a versioned URL under itself", () => {
  const keys = precacheKeys(before, scope);
  assert.equal(keys.get(scope + "lessons/x/"), scope + "lessons/x/?__revision=r-x-1");
  assert.equal(keys.get(scope), scope + "?__revision=r-home");
  assert.equal(keys.get(scope + "assets/runtime/main.js?v=1"), scope + "assets/runtime/main.js?v=1");
  assert.equal(cacheKey(scope + "a.js?v=1", "r"), scope + "a.js?v=1&__revision=r");
  for (const key of keys.values()) assert.equal(urlOfKey(key), [...keys].find(([, k]) => k === key)[0]);
  assert.equal(urlOfKey(scope + "a.js?v=1&__revision=r"), scope + "a.js?v=1");
});

test("a URL listed twice is one file, the first listing kept", () => {
  const keys = precacheKeys([{ url: "lessons/x/", revision: "1" }, { url: "lessons/x/", revision: "2" }, { url: "" }], scope);
  assert.deepEqual([...keys], [[scope + "lessons/x/", scope + "lessons/x/?__revision=1"], [scope, scope]]);
});

test("a first visit downloads every file", () => {
  const keys = precacheKeys(before, scope);
  assert.deepEqual(missingFiles(keys, []).map(({ url }) => url), [...keys.keys()]);
});

test("an update downloads only the files whose revision changed and the new ones", () => {
  const cached = [...precacheKeys(before, scope).values()];
  const missing = missingFiles(precacheKeys(after, scope), cached);
  assert.deepEqual(missing, [
    { url: scope + "lessons/x/", key: scope + "lessons/x/?__revision=r-x-2" },
    { url: scope + "lessons/z/", key: scope + "lessons/z/?__revision=r-z" },
    { url: scope + "search/search_index.json", key: scope + "search/search_index.json?__revision=r-search-2" },
  ]);
});

test("an install that stopped halfway fetches only what it has not stored yet", () => {
  const keys = precacheKeys(after, scope);
  const cached = [...precacheKeys(before, scope).values(), scope + "lessons/x/?__revision=r-x-2"];
  assert.deepEqual(missingFiles(keys, cached).map(({ url }) => url), [scope + "lessons/z/", scope + "search/search_index.json"]);
});

test("the clean-up deletes earlier revisions and files no longer listed, nothing unchanged", () => {
  const keys = precacheKeys(after, scope);
  const cached = [...new Set([...precacheKeys(before, scope).values(), ...keys.values()]), scope + SWEEP_RECORD];
  assert.deepEqual(staleKeys(cached, keys, scope), [
    scope + "lessons/x/?__revision=r-x-1",
    scope + "search/search_index.json?__revision=r-search-1",
    scope + "assets/old.png?__revision=r-old",
  ]);
  assert.deepEqual(staleKeys([...keys.values()], keys, scope), [], "nothing to delete once clean");
});

test("the clean-up waits until nothing that was open at the take-over is open", () => {
  assert.equal(mayClean(["page-a", "python-worker"], ["page-a", "page-b"]), false);
  assert.equal(mayClean(["page-a", "python-worker"], ["python-worker"]), false);
  assert.equal(mayClean(["page-a", "python-worker"], ["page-b", "page-c"]), true);
  assert.equal(mayClean([], ["page-b"]), true, "nothing open at the take-over: at once");
});

test("the per-build caches of the earlier version are ours to delete, nobody else's", () => {
  const names = ["tool-lessons-offline-abc", "tool-lessons-offline", "someone-else", "tool-lessons-offline-old"];
  assert.deepEqual(wholeBuildCaches(names), ["tool-lessons-offline-abc", "tool-lessons-offline-old"]);
});

test("pages go to the network first, files to the cache, the rest is not ours", () => {
  const get = (url, mode = "cors") => strategyFor({ method: "GET", url, mode }, scope);
  assert.equal(get(scope + "lessons/x/", "navigate"), "page");
  assert.equal(get(scope + "assets/runtime/pyodide-314.0.7/pyodide.asm.wasm"), "file");
  assert.equal(get("http://127.0.0.1:8000/other/", "navigate"), "pass");
  assert.equal(get("https://example.org/font.woff2"), "pass");
  assert.equal(strategyFor({ method: "POST", url: scope + "x", mode: "cors" }, scope), "pass");
});

test("a page is found under its folder address and under index.html, without its query", () => {
  assert.deepEqual(pageAddresses(scope + "lessons/x/?h=tool#top"), [scope + "lessons/x/", scope + "lessons/x/index.html"]);
  assert.deepEqual(pageAddresses(scope + "fa/lessons/x/index.html"), [scope + "fa/lessons/x/index.html", scope + "fa/lessons/x/"]);
  assert.deepEqual(pageAddresses(scope + "404.html"), [scope + "404.html"]);
});
