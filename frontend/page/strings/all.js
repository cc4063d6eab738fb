// Every language's UI strings at once, for what needs them all: the unit tests (which check
// that the tables agree, and translate with `translator(lang, STRINGS)`) and tools. A page
// loads only its own table (i18n.js), so this module is never part of its bundle: it reads
// the folder with Node's fs, and every `<code>.json` here is a language.

import { readdirSync, readFileSync } from "node:fs";

const folder = new URL("./", import.meta.url);

/** Each language's table, by code, in the order of the file names. */
export const STRINGS = Object.fromEntries(
  readdirSync(folder)
    .filter((name) => /^[a-z]{2,3}\.json$/.test(name))
    .sort()
    .map((name) => [name.slice(0, -".json".length), JSON.parse(readFileSync(new URL(name, folder), "utf8"))]),
);
