// The front end's layout as a test: who may import whom (ARCHITECTURE.md, "The front end, by
// where code runs"), and that importing a module does nothing a page would notice: every
// module but the four entry points imports in Node, where there is no page at all.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const REPO = fileURLToPath(new URL("../", import.meta.url));

/** Folder (relative to the repository) → what its modules may import. */
const MAY_IMPORT = {
  "frontend/page": ["frontend/page", "frontend/runtime", "frontend/widgets", "frontend/offline/register-offline.js", "frontend/shared"],
  "frontend/widgets": ["frontend/widgets", "frontend/shared"],
  "frontend/runtime": ["frontend/runtime", "frontend/shared"],
  "frontend/worker": ["frontend/worker", "frontend/shared"],
  "frontend/offline": ["frontend/offline", "frontend/shared"],
  "frontend/shared": ["frontend/shared"],
  "tools/startup": ["tools/startup", "frontend/worker/recipe.js"],
  // The build's run pictures: the page's own renderer and translator, run in Node.
  "tools/run-picture": ["frontend/shared", "frontend/page/i18n.js"],
  tools: [],
  // A quiz kind's widget: written against the kit alone (and its own folder, below).
  quiz_kinds: ["frontend/widgets/quiz/kit.js"],
};
/** Scripts that run when loaded, on purpose: the page's, the worker's, the service worker's. */
const ENTRIES = ["frontend/page/main.js", "frontend/page/search-on-demand-start.js", "frontend/worker/worker.js",
  "frontend/offline/service-worker.js"];

function modules(folder) {
  return readdirSync(join(REPO, folder), { recursive: true })
    .map((name) => join(folder, name))
    .filter((path) => /\.m?js$/.test(path) && !path.includes("dist") && !path.includes("node_modules"));
}

const SPECIFIER = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s*["']([^"']+)["']|(?:^|\n)\s*import\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function relativeImports(path) {
  const source = readFileSync(join(REPO, path), "utf8").replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, "");
  return [...source.matchAll(SPECIFIER)]
    .map((match) => match[1] || match[2] || match[3])
    .filter((specifier) => specifier.startsWith("."))
    .map((specifier) => relative(REPO, resolve(dirname(join(REPO, path)), specifier)));
}

const ruleFor = (path) =>
  Object.keys(MAY_IMPORT)
    .filter((folder) => path.startsWith(folder + "/"))
    .sort((a, b) => b.length - a.length)[0];

const allModules = [...modules("frontend"), ...modules("tools"), ...modules("quiz_kinds")]
  .filter((path) => !path.endsWith(".test.js"));
/** The kind folder a module belongs to ("quiz_kinds/fill_in"), or null. */
const kindFolderOf = (path) => path.match(/^quiz_kinds\/[^/]+/)?.[0] ?? null;

test("every module lives in a folder of the layout", () => {
  assert.deepEqual(allModules.filter((path) => !ruleFor(path)), []);
});

test("modules import only what their folder may import", () => {
  const broken = [];
  for (const path of allModules) {
    const allowed = MAY_IMPORT[ruleFor(path)] || [];
    for (const target of relativeImports(path)) {
      if (/\.(css|json)$/.test(target)) continue; // styles and strings beside the code
      const places = kindFolderOf(path) ? [...allowed, kindFolderOf(path)] : allowed;
      if (!places.some((place) => target === place || target.startsWith(place + "/"))) broken.push(`${path} → ${target}`);
    }
  }
  assert.deepEqual(broken, []);
});

test("importing a module does nothing: all but the entry points load without a page", async () => {
  const browserModules = allModules.filter((path) => /^(frontend|quiz_kinds)\//.test(path) && !ENTRIES.includes(path));
  assert.ok(browserModules.length > 30);
  for (const path of browserModules) {
    await assert.doesNotReject(import(pathToFileURL(join(REPO, path)).href), path);
  }
  assert.equal(typeof globalThis.document, "undefined");
});
