import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { applyLines, importsFakeClient, programText, pythonFileUrl } from "./program-export.js";

// The table pytest reads too (tests/build/test_program_export.py): page and build agree.
const { cases } = JSON.parse(readFileSync(new URL("./program-export-cases.json", import.meta.url), "utf8"));

for (const { name, before, lines, code, program } of cases) {
  test(`programText: ${name}`, () => {
    assert.equal(programText({ before, lines }, code), program);
  });
}

test("applyLines alone and a program without lines", () => {
  assert.equal(applyLines("a\n  b\n", { b: "c\nd" }), "a\n  c\n  d\n");
  assert.equal(programText({ before: "" }, "print(1)"), "print(1)\n");
});

test("a learner's own import of fake_client is noticed, a mention in a string or comment is not", () => {
  assert.equal(importsFakeClient("x = 1\nimport fake_client\n"), true);
  assert.equal(importsFakeClient("  import json, fake_client as openai\n"), true);
  assert.equal(importsFakeClient("from fake_client.worlds import shop\n"), true);
  assert.equal(importsFakeClient("from anthropic import Anthropic\nprint('import fake_client')\n# from fake_client import X\n"), false);
  assert.equal(importsFakeClient("import fake_clientele\n"), false);
});

test("the download URL is the program's UTF-8 bytes, base64 in a data: URL", () => {
  const text = "print('Къде е поръчка 1042?')  # 订单 سفارش\n";
  const url = pythonFileUrl(text);
  assert.match(url, /^data:text\/x-python;charset=utf-8;base64,/);
  const bytes = Buffer.from(url.split(",")[1], "base64");
  assert.equal(new TextDecoder().decode(bytes), text);
  const long = "x = 1\n".repeat(20000); // more than one chunk
  assert.equal(Buffer.from(pythonFileUrl(long).split(",")[1], "base64").toString("utf8"), long);
});
