// The build's run pictures, drawn by the page's own renderer (frontend/shared/run-picture-*.js
// with the page's translator), so that a lesson shows the conversation of every snippet before
// Python has loaded, and without JavaScript at all, in the very markup the page draws after a
// live run. There is no other renderer.
//
// One process per build (lesson_builder/_picture_renderer.py starts it on the first picture
// the build's cache does not hold). Requests on stdin, one JSON object a line:
//   {"id": 7, "lang": "fa", "calls": [...]}   calls: the transcript's, as the page gets them
// Replies on stdout, one a line, in the order asked:
//   {"id": 7, "html": "<details class=\"run-picture\" ...>"}  or  {"id": 7, "error": "..."}
// (an unreadable line gets {"id": null, "error": ...}). It ends at the end of its input.
//
// Usage: node tools/run-picture/render-pictures.mjs <strings folder>
//   <strings folder>: the course's frontend/page/strings (<lang>.json, read once each)

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { DEFAULT_LANGUAGE, translator } from "../../frontend/page/i18n.js";
import { toHtml } from "../../frontend/shared/markup-tree.js";
import { pictureModel } from "../../frontend/shared/run-picture-model.js";
import { pictureTree } from "../../frontend/shared/run-picture-markup.js";

const stringsFolder = process.argv[2] ?? "";
const tables = {};
const translators = {}; // by language, made once (each holds its own Intl.NumberFormat)

// A language without a strings file gets an empty table: the translator then falls back as
// it does on a page (the default language's string, else the key).
function table(lang) {
  if (!(lang in tables)) {
    try {
      tables[lang] = JSON.parse(readFileSync(join(stringsFolder, `${lang}.json`), "utf8"));
    } catch {
      tables[lang] = {};
    }
  }
  return tables[lang];
}

function pictureHtml(lang, calls) {
  translators[lang] ??= translator(lang, { [lang]: table(lang), [DEFAULT_LANGUAGE]: table(DEFAULT_LANGUAGE) });
  return toHtml(pictureTree(pictureModel(calls), translators[lang], lang));
}

function reply(line) {
  let request;
  try {
    request = JSON.parse(line);
  } catch (error) {
    return { id: null, error: `unreadable request: ${error.message}` };
  }
  try {
    return { id: request.id, html: pictureHtml(String(request.lang), request.calls) };
  } catch (error) {
    // The error and where in the renderer it arose: enough to find a renderer's bug.
    return { id: request.id, error: String(error?.stack || error).split("\n").slice(0, 3).join("\n") };
  }
}

for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  if (line.trim()) process.stdout.write(`${JSON.stringify(reply(line))}\n`);
}
