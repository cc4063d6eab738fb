// Every UI string the quiz widgets ask for exists in all five languages, and no quiz string
// is left unused (a key nobody reads is a translation nobody checks).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { STRINGS } from "../../page/i18n.js";

const here = new URL(".", import.meta.url);
const sources = readdirSync(here)
  .filter((name) => name.endsWith(".js") && !name.endsWith(".test.js"))
  .map((name) => readFileSync(new URL(name, here), "utf8"))
  .concat(readFileSync(new URL("../../page/mount-quizzes.js", here), "utf8"))
  .join("\n");
const used = new Set([...sources.matchAll(/t\(\s*["'`]((?:quiz|runner)\.[\w.]+)["'`]/g)].map((m) => m[1]));
// Keys built at run time: `quiz.diff_${op}` in feedback.js, and the verdict pair.
for (const op of ["changed", "missing", "extra"]) used.add(`quiz.diff_${op}`);
const ternaryKeys = [...sources.matchAll(/["'](quiz\.[\w.]+)["']/g)].map((m) => m[1]);
for (const key of ternaryKeys) used.add(key);

test("every string the quiz widgets use exists in every language", () => {
  for (const [lang, table] of Object.entries(STRINGS)) {
    for (const key of used) assert.ok(key in table, `${lang}.json lacks ${key}`);
  }
});

test("every quiz.* string is used by the widgets", () => {
  const unused = Object.keys(STRINGS.bg).filter((key) => key.startsWith("quiz.") && !used.has(key));
  assert.deepEqual(unused, []);
});
