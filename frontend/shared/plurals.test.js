import { test } from "node:test";
import assert from "node:assert/strict";
import { PLURAL_CATEGORIES, counted, localDigits, pluralCategory } from "./plurals.js";

test("the plural rule agrees with the browser's CLDR data for every language", () => {
  for (const lang of Object.keys(PLURAL_CATEGORIES)) {
    const rules = new Intl.PluralRules(lang);
    for (let n = 0; n <= 1200; n += 1) assert.equal(pluralCategory(lang, n), rules.select(n), `${lang} ${n}`);
  }
});

test("Russian and Ukrainian take one, few and many; Bulgarian one and other; Chinese other", () => {
  assert.deepEqual([1, 2, 5, 11, 21, 22, 112, 612, 623].map((n) => pluralCategory("ru", n)), ["one", "few", "many", "many", "one", "few", "many", "many", "few"]);
  assert.deepEqual([0, 1, 2].map((n) => pluralCategory("bg", n)), ["other", "one", "other"]);
  assert.deepEqual([1, 2].map((n) => pluralCategory("zh", n)), ["other", "other"]);
});

test("figures in Persian text use Persian digits, elsewhere Latin ones, never grouped", () => {
  assert.equal(localDigits("fa", 1042), "۱۰۴۲");
  assert.equal(localDigits("bg", 12345), "12345");
});

test("counted picks the key of the category and fills in the figure", () => {
  const t = (key, vars) => `${key}|${vars.n}`;
  assert.equal(counted(t, "uk", "picture.summary.calls", 3), "picture.summary.calls.few|3");
  assert.equal(counted(t, "fa", "picture.summary.calls", 3), "picture.summary.calls.other|۳");
});
