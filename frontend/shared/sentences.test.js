import { test } from "node:test";
import assert from "node:assert/strict";
import { STRINGS } from "../page/strings/all.js";
import { joinSentences } from "./sentences.js";

test("sentences after full-width punctuation follow with no space", () => {
  assert.equal(joinSentences(["程序已复制到剪贴板。", "注意：…"]), "程序已复制到剪贴板。注意：…");
  assert.equal(joinSentences(["好！", "是吗？", "对）", "完"]), "好！是吗？对）完");
});

test("other sentences keep one ordinary space; one sentence or none stays as it is", () => {
  assert.equal(joinSentences(["Копирано.", "Внимание: …"]), "Копирано. Внимание: …");
  assert.equal(joinSentences(["کپی شد.", "توجه: …"]), "کپی شد. توجه: …");
  assert.equal(joinSentences(["Ends (in a bracket)", "next"]), "Ends (in a bracket) next");
  assert.equal(joinSentences(["only"]), "only");
  assert.equal(joinSentences([]), "");
});

test("the take-home confirmation with its warning, in every language's own words", () => {
  for (const [lang, table] of Object.entries(STRINGS)) {
    for (const key of ["export.copied", "export.copiedEdited"]) {
      const text = joinSentences([table[key], table["export.stillFake"]]);
      assert.ok(text.startsWith(table[key]) && text.endsWith(table["export.stillFake"]), `${lang} ${key}`);
      const gap = text.slice(table[key].length, text.length - table["export.stillFake"].length);
      assert.equal(gap, lang === "zh" ? "" : " ", `${lang} ${key}`);
    }
  }
});
