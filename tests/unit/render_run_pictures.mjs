// Reads [{lang, calls}, ...] as JSON on stdin and writes the page's HTML of each run picture
// (frontend/shared/run-picture-*.js with the page's own strings), as a JSON list on stdout:
// test_run_picture_same_markup.py compares it with the build's HTML of the same runs.
import { readFileSync } from "node:fs";
import { STRINGS } from "../../frontend/page/strings/all.js";
import { translator } from "../../frontend/page/i18n.js";
import { toHtml } from "../../frontend/shared/markup-tree.js";
import { pictureModel } from "../../frontend/shared/run-picture-model.js";
import { pictureTree } from "../../frontend/shared/run-picture-markup.js";

const runs = JSON.parse(readFileSync(0, "utf8"));
const html = runs.map(({ lang, calls }) => toHtml(pictureTree(pictureModel(calls), translator(lang, STRINGS), lang)));
process.stdout.write(JSON.stringify(html));
