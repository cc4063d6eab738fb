// Bundles the front end with esbuild into frontend/dist/ (git-ignored), which
// frontend/mkdocs_hook.py copies into the site: main.js (+ main.css from the CSS it
// imports) and its chunks/ for the page, worker.js for the Python worker. `--watch`
// rebuilds on change.

import * as esbuild from "esbuild";
import { rm } from "node:fs/promises";
import { fileURLToPath } from "node:url";

const here = fileURLToPath(new URL(".", import.meta.url));
const watch = process.argv.includes("--watch");

const options = {
  absWorkingDir: here,
  entryPoints: { main: "main.js", worker: "runtime/worker.js" },
  outdir: "dist",
  bundle: true,
  format: "esm",
  // main.js loads page-widgets.js with import(): it becomes its own file (a "chunk").
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  target: ["chrome109", "firefox115", "safari16"],
  minify: true,
  sourcemap: "linked",
  legalComments: "linked",
  logLevel: "info",
};

if (watch) {
  // No clean-up first: `mkdocs serve` may be reading dist/ (scripts/serve starts both).
  const context = await esbuild.context(options);
  await context.watch();
} else {
  // Start clean, so that no chunk of an older build is left to be copied into the site.
  await rm(new URL("dist", import.meta.url), { recursive: true, force: true });
  await esbuild.build(options);
}
