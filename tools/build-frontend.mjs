// Bundles the front end with esbuild into frontend/dist/ (git-ignored), which the `lessons`
// plugin (lesson_builder/_site_runtime.py) copies into the site: main.js (+ main.css from the CSS it
// imports) and its chunks/ for the page, worker.js for the Python worker (shared or
// dedicated), and sw.js, the service worker (a classic script: module service workers are
// not everywhere yet), which the plugin puts at the site root with its list of files, and
// search-on-demand.js, the classic script that holds Material's search index back.
// `--watch` rebuilds on change.

import * as esbuild from "esbuild";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";

const frontend = fileURLToPath(new URL("../frontend/", import.meta.url));
const watch = process.argv.includes("--watch");

const common = {
  absWorkingDir: frontend,
  outdir: "dist",
  bundle: true,
  target: ["chrome109", "firefox115", "safari16"],
  minify: true,
  sourcemap: "linked",
  legalComments: "linked",
  logLevel: "info",
};
// What each piece of the page's code needs downloaded, for the `lessons` plugin to announce in
// the page's <head> (<link rel="modulepreload">): the browser then fetches and compiles the
// widgets' chunks while it parses the HTML, instead of discovering them one import at a time
// once main.js runs. dist/preload.json: {"main": [...], "mount-widgets": [...], "bg": [...],
// ...}, each a chunk that main.js (or one of its static imports) loads with import(), by name
// ("bg": that language's strings), followed by everything it imports statically; "main" is
// main.js's own static imports. Paths relative to dist/.
const PRELOAD_FILE = "preload.json";

function preloadLists(metafile) {
  const outputs = metafile.outputs;
  const relative = (path) => path.replace(/^dist\//, "");
  const closure = (path, seen = new Set()) => {
    for (const imported of outputs[path]?.imports ?? []) {
      if (imported.kind === "import-statement" && !seen.has(imported.path)) {
        seen.add(imported.path);
        closure(imported.path, seen);
      }
    }
    return seen;
  };
  const mainFiles = ["dist/main.js", ...closure("dist/main.js")];
  const lists = { main: mainFiles.slice(1).map(relative) };
  // What main.js and its static imports load with import() (not what those chunks load
  // later on their own, like the run picture: that stays lazy).
  for (const imported of mainFiles.flatMap((path) => outputs[path].imports)) {
    if (imported.kind !== "dynamic-import") continue;
    const name = imported.path.match(/chunks\/(.+)-[A-Z0-9]+\.js$/)?.[1];
    if (name) lists[name] = [imported.path, ...closure(imported.path)].map(relative);
  }
  return lists;
}

const writePreloadLists = {
  name: "preload-lists",
  setup(build) {
    build.onEnd(async (result) => {
      if (!result.metafile) return; // the build failed: esbuild reports why
      await mkdir(new URL("../frontend/dist/", import.meta.url), { recursive: true });
      await writeFile(new URL(`../frontend/dist/${PRELOAD_FILE}`, import.meta.url), JSON.stringify(preloadLists(result.metafile), null, 1));
    });
  },
};

const builds = [
  {
    ...common,
    entryPoints: { main: "page/main.js", worker: "worker/worker.js" },
    format: "esm",
    // main.js loads mount-widgets.js with import(): it becomes its own file (a "chunk").
    splitting: true,
    chunkNames: "chunks/[name]-[hash]",
    metafile: true,
    plugins: [writePreloadLists],
  },
  { ...common, entryPoints: { sw: "offline/service-worker.js" }, format: "iife" },
  // Before Material's bundle, in the <head> of every page: a classic script too.
  { ...common, entryPoints: { "search-on-demand": "page/search-on-demand-start.js" }, format: "iife" },
];

if (watch) {
  // No clean-up first: `mkdocs serve` may be reading dist/ (scripts/serve starts both).
  for (const options of builds) await (await esbuild.context(options)).watch();
} else {
  // Start clean, so that no chunk of an older build is left to be copied into the site.
  await rm(new URL("../frontend/dist", import.meta.url), { recursive: true, force: true });
  await Promise.all(builds.map((options) => esbuild.build(options)));
}
