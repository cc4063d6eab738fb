// Every language has every UI string, with the same placeholders as Bulgarian. A counted
// string (`<key>.<category>`, shared/plurals.js) has the plural forms of its own language.
import { test } from "node:test";
import assert from "node:assert/strict";
import { STRINGS } from "./strings/all.js";
import { fill, loadPageStrings, translator } from "./i18n.js";
import { pluralCategories } from "../shared/plurals.js";

const placeholders = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const PLURAL = /\.(one|few|many|other)$/;
const base = (key) => key.replace(PLURAL, "");
const counted = new Set(Object.keys(STRINGS.bg).filter((key) => PLURAL.test(key)).map(base));

test("every language has exactly the Bulgarian keys, counted ones in its own plural forms", () => {
  const plain = Object.keys(STRINGS.bg).filter((key) => !counted.has(base(key))).sort();
  for (const [lang, table] of Object.entries(STRINGS)) {
    const forms = [...counted].flatMap((key) => pluralCategories(lang).map((category) => `${key}.${category}`));
    assert.deepEqual(Object.keys(table).sort(), [...plain, ...forms].sort(), `keys of ${lang}.json`);
  }
});

test("translations keep the placeholders and are not empty", () => {
  for (const [lang, table] of Object.entries(STRINGS)) {
    for (const [key, text] of Object.entries(table)) {
      const bulgarian = STRINGS.bg[key] ?? STRINGS.bg[`${base(key)}.other`];
      assert.ok(typeof text === "string" && text.trim(), `${lang}: ${key} is empty`);
      assert.deepEqual(placeholders(text), placeholders(bulgarian), `${lang}: ${key}`);
    }
  }
});

test("fill replaces known placeholders and keeps unknown ones", () => {
  assert.equal(fill("{a} and {b}", { a: 1 }), "1 and {b}");
});

test("a translator falls back to Bulgarian, then to the key", () => {
  const t = translator("fa", STRINGS);
  assert.equal(t("runner.run"), STRINGS.fa["runner.run"]);
  assert.equal(translator("xx", STRINGS)("runner.run"), STRINGS.bg["runner.run"]);
  assert.equal(t("no.such.key"), "no.such.key");
});

test("numbers filled into a sentence take the language's digits; text is left alone", () => {
  assert.match(translator("fa", STRINGS)("runner.status.timeout", { seconds: 10 }), /۱۰/);
  assert.doesNotMatch(translator("fa", STRINGS)("runner.status.timeout", { seconds: 10 }), /10/);
  assert.match(translator("bg", STRINGS)("runner.status.timeout", { seconds: 10 }), /10/);
  assert.match(translator("fa", STRINGS)("quiz.runFailed", { message: "HTTP 404" }), /HTTP 404/);
});

test("a page loads its own language's table, and only that one", async () => {
  const page = { documentElement: { getAttribute: (name) => (name === "lang" ? "uk" : null) } };
  assert.equal(translator("uk")("runner.run"), "runner.run", "nothing is loaded before the page asks");
  await loadPageStrings(page);
  assert.equal(translator("uk")("runner.run"), STRINGS.uk["runner.run"]);
  assert.equal(translator("ru")("runner.run"), "runner.run", "another language's table stays unloaded");
});
