// Every language has every UI string, with the same placeholders as Bulgarian.
import { test } from "node:test";
import assert from "node:assert/strict";
import { STRINGS, fill, translator } from "./i18n.js";

const placeholders = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

test("every language has exactly the Bulgarian keys", () => {
  const keys = Object.keys(STRINGS.bg).sort();
  for (const [lang, table] of Object.entries(STRINGS)) {
    assert.deepEqual(Object.keys(table).sort(), keys, `keys of ${lang}.json`);
  }
});

test("translations keep the placeholders and are not empty", () => {
  for (const [lang, table] of Object.entries(STRINGS)) {
    for (const [key, text] of Object.entries(table)) {
      assert.ok(typeof text === "string" && text.trim(), `${lang}: ${key} is empty`);
      assert.deepEqual(placeholders(text), placeholders(STRINGS.bg[key]), `${lang}: ${key}`);
    }
  }
});

test("fill replaces known placeholders and keeps unknown ones", () => {
  assert.equal(fill("{a} and {b}", { a: 1 }), "1 and {b}");
});

test("a translator falls back to Bulgarian, then to the key", () => {
  const t = translator("fa");
  assert.equal(t("runner.run"), STRINGS.fa["runner.run"]);
  assert.equal(translator("xx")("runner.run"), STRINGS.bg["runner.run"]);
  assert.equal(t("no.such.key"), "no.such.key");
});

test("numbers filled into a sentence take the language's digits; text is left alone", () => {
  assert.match(translator("fa")("runner.status.timeout", { seconds: 10 }), /۱۰/);
  assert.doesNotMatch(translator("fa")("runner.status.timeout", { seconds: 10 }), /10/);
  assert.match(translator("bg")("runner.status.timeout", { seconds: 10 }), /10/);
  assert.match(translator("fa")("quiz.runFailed", { message: "HTTP 404" }), /HTTP 404/);
});
