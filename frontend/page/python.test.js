// The language every run of a page says: <html lang>'s primary subtag, or none.

import { test } from "node:test";
import assert from "node:assert/strict";
import { runLanguage } from "./python.js";

const pageWith = (lang) => ({ documentElement: { getAttribute: (name) => (name === "lang" ? lang : null) } });

test("a run says the page's language as fake_client names it", () => {
  assert.equal(runLanguage(pageWith("ru")), "ru");
  assert.equal(runLanguage(pageWith("zh-Hans")), "zh");
  assert.equal(runLanguage(pageWith(" FA ")), "fa");
});

test("a page that says no language leaves it to fake_client's guess", () => {
  assert.equal(runLanguage(pageWith(null)), null);
  assert.equal(runLanguage(pageWith("")), null);
});
