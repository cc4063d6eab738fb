import { test } from "node:test";
import assert from "node:assert/strict";
import { counted, localDigits, pluralCategories, pluralCategory } from "./plurals.js";

// The forms the site's strings spell out (frontend/page/strings), as CLDR gives them.
test("each language's counts take the forms its strings spell out", () => {
  assert.deepEqual(pluralCategories("bg"), ["one", "other"]);
  assert.deepEqual(pluralCategories("fa"), ["one", "other"]);
  assert.deepEqual(pluralCategories("zh"), ["other"]);
  assert.deepEqual(pluralCategories("ru"), ["one", "few", "many"]);
  assert.deepEqual(pluralCategories("uk"), ["one", "few", "many"]);
});

test("Russian and Ukrainian take one, few and many; Bulgarian one and other; Persian one for 0 and 1; Chinese other", () => {
  const ru = [1, 2, 5, 11, 21, 22, 112, 612, 623];
  assert.deepEqual(ru.map((n) => pluralCategory("ru", n)), ["one", "few", "many", "many", "one", "few", "many", "many", "few"]);
  assert.deepEqual(ru.map((n) => pluralCategory("uk", n)), ru.map((n) => pluralCategory("ru", n)));
  assert.deepEqual([0, 1, 2].map((n) => pluralCategory("bg", n)), ["other", "one", "other"]);
  assert.deepEqual([0, 1, 2].map((n) => pluralCategory("fa", n)), ["one", "one", "other"]);
  assert.deepEqual([1, 2].map((n) => pluralCategory("zh", n)), ["other", "other"]);
});

test("figures in Persian text use Persian digits, elsewhere Latin ones, never grouped", () => {
  assert.equal(localDigits("fa", 1042), "۱۰۴۲");
  assert.equal(localDigits("fa", 0), "۰");
  for (const lang of ["bg", "zh", "ru", "uk"]) assert.equal(localDigits(lang, 1234567), "1234567", lang);
});

test("counted picks the key of the category and fills in the figure", () => {
  const t = (key, vars) => `${key}|${vars.n}`;
  assert.equal(counted(t, "uk", "picture.summary.calls", 3), "picture.summary.calls.few|3");
  assert.equal(counted(t, "fa", "picture.summary.calls", 3), "picture.summary.calls.other|۳");
});
