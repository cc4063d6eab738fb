// Bundles the front end with esbuild into frontend/dist/ (git-ignored), which the `lessons`
// plugin (lesson_builder/_site_runtime.py) copies into the site: main.js (+ main.css from the CSS it
// imports) and its chunks/ for the page, worker.js for the Python worker (shared or
// dedicated), and sw.js, the service worker (a classic script: module service workers are
// not everywhere yet), which the plugin puts at the site root with its list of files.
// `--watch` rebuilds on change.

import * as esbuild from "esbuild";
import { rm } from "node:fs/promises";
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
const builds = [
  {
    ...common,
    entryPoints: { main: "page/main.js", worker: "worker/worker.js" },
    format: "esm",
    // main.js loads mount-widgets.js with import(): it becomes its own file (a "chunk").
    splitting: true,
    chunkNames: "chunks/[name]-[hash]",
  },
  { ...common, entryPoints: { sw: "offline/service-worker.js" }, format: "iife" },
];

if (watch) {
  // No clean-up first: `mkdocs serve` may be reading dist/ (scripts/serve starts both).
  for (const options of builds) await (await esbuild.context(options)).watch();
} else {
  // Start clean, so that no chunk of an older build is left to be copied into the site.
  await rm(new URL("../frontend/dist", import.meta.url), { recursive: true, force: true });
  await Promise.all(builds.map((options) => esbuild.build(options)));
}
