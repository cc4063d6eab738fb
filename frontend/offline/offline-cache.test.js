import assert from "node:assert/strict";
import { test } from "node:test";
import { cacheName, pageCacheKeys, precacheUrls, staleCaches, strategyFor } from "./offline-cache.js";

const scope = "http://127.0.0.1:8000/course/";

test("each build has its own cache and an update deletes only our older ones", () => {
  assert.equal(cacheName("abc"), "tool-lessons-offline-abc");
  const names = ["tool-lessons-offline-old", "tool-lessons-offline-abc", "someone-else", "tool-lessons-offline-older"];
  assert.deepEqual(staleCaches(names, "abc"), ["tool-lessons-offline-old", "tool-lessons-offline-older"]);
});

test("precache URLs are resolved against the scope, queries kept, duplicates dropped", () => {
  assert.deepEqual(precacheUrls(["", "lessons/x/", "assets/runtime/main.js?v=1", "lessons/x/"], scope), [
    "http://127.0.0.1:8000/course/",
    "http://127.0.0.1:8000/course/lessons/x/",
    "http://127.0.0.1:8000/course/assets/runtime/main.js?v=1",
  ]);
});

test("pages go to the network first, files to the cache, the rest is not ours", () => {
  const get = (url, mode = "cors") => strategyFor({ method: "GET", url, mode }, scope);
  assert.equal(get(scope + "lessons/x/", "navigate"), "page");
  assert.equal(get(scope + "assets/runtime/pyodide-314.0.7/pyodide.asm.wasm"), "file");
  assert.equal(get("http://127.0.0.1:8000/other/", "navigate"), "pass");
  assert.equal(get("https://example.org/font.woff2"), "pass");
  assert.equal(strategyFor({ method: "POST", url: scope + "x", mode: "cors" }, scope), "pass");
});

test("a page is found offline under its folder address and under index.html", () => {
  assert.deepEqual(pageCacheKeys(`${scope}lessons/x/index.html?q=tool#top`), [`${scope}lessons/x/index.html`, `${scope}lessons/x/`]);
  assert.deepEqual(pageCacheKeys(`${scope}lessons/x/`), [`${scope}lessons/x/`, `${scope}lessons/x/index.html`]);
  assert.deepEqual(pageCacheKeys(`${scope}sitemap.xml`), [`${scope}sitemap.xml`]);
});
