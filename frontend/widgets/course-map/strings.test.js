// Every UI string of the course map and of "take the code home" (the widgets' and the
// builder's: lesson_builder renders the map and the program header from the same files)
// exists in all five languages, and none of their strings is left unused.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { STRINGS } from "../../page/strings/all.js";

const SOURCES = [
  "../course-map/course-map.js",
  "../take-home/take-home.js",
  "../../../lesson_builder/_course_map.py",
  "../../../lesson_builder/_program_export.py",
];
const FAMILIES = /^(courseMap|export)\./;
const text = SOURCES.map((path) => readFileSync(new URL(path, import.meta.url), "utf8")).join("\n");
const used = new Set([...text.matchAll(/["']((?:courseMap|export)\.[\w.]+)["']/g)].map((match) => match[1]));

test("the course map and the program export use strings that every language has", () => {
  assert.ok(used.size >= 20, `found only ${used.size} keys: is the scan still right?`);
  for (const [lang, table] of Object.entries(STRINGS)) {
    for (const key of used) assert.ok(typeof table[key] === "string" && table[key].trim(), `${lang}.json lacks ${key}`);
  }
});

test("every courseMap.* and export.* string is used", () => {
  assert.deepEqual(Object.keys(STRINGS.bg).filter((key) => FAMILIES.test(key) && !used.has(key)), []);
});

test("placeholders are the same in every language", () => {
  const names = (value) => [...value.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort().join(",");
  for (const key of used) {
    for (const [lang, table] of Object.entries(STRINGS)) assert.equal(names(table[key]), names(STRINGS.bg[key]), `${lang} ${key}`);
  }
});
