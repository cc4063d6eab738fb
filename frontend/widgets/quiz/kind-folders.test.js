// Every folder of quiz_kinds/ as the page's registry reads it (kinds.js), and the page config
// seam checked from the widget's side: what a kind's modules read from `config` is declared in
// the kind's config.schema.json (generated from its Python declaration, which the build checks
// every config against), and every field the kind declares is read (nothing sent that no
// widget reads). The quiz context's own reads are held to every kind's schema the same way.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { kindFolder } from "./kinds.js";

const REPO = fileURLToPath(new URL("../../../", import.meta.url));
const KINDS = join(REPO, "quiz_kinds");
const folders = readdirSync(KINDS, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(KINDS, entry.name, "widget.js")))
  .map((entry) => entry.name)
  .sort();

const withoutComments = (source) => source.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, "");

/**
 * The fields a module's source reads from a value named `config` (or `ctx.config`):
 * `config.name`, `config["name"]`, and `const { name, other: alias } = config`.
 * @param {string} source
 * @returns {Set<string>}
 */
export function configReads(source) {
  const code = withoutComments(source);
  const reads = new Set();
  for (const match of code.matchAll(/\bconfig\s*\??\.\s*([A-Za-z_$][\w$]*)/g)) reads.add(match[1]);
  for (const match of code.matchAll(/\bconfig\s*\[\s*["']([^"']+)["']\s*\]/g)) reads.add(match[1]);
  for (const match of code.matchAll(/\{([^{}]*)\}\s*=\s*(?:ctx\.)?config\b/g)) {
    for (const part of match[1].split(",")) {
      const name = part.split(":")[0].split("=")[0].trim();
      if (/^[A-Za-z_$][\w$]*$/.test(name)) reads.add(name);
    }
  }
  return reads;
}

/**
 * What is wrong between a kind's schema and what its modules read: a read of a field the
 * schema does not declare, and a field of the kind's own (not `x-common`) that nothing reads.
 * @param {{properties: object, "x-common"?: string[]}} schema
 * @param {Set<string>} reads
 */
export function seamProblems(schema, reads) {
  const declared = new Set(Object.keys(schema.properties || {}));
  const common = new Set(schema["x-common"] || []);
  return [
    ...[...reads].filter((name) => !declared.has(name)).map((name) => `reads '${name}', which the schema does not declare`),
    ...[...declared].filter((name) => !common.has(name) && !reads.has(name)).map((name) => `'${name}' is sent but never read`),
  ];
}

function kindSources(folder) {
  return readdirSync(join(KINDS, folder))
    .filter((name) => name.endsWith(".js") && !name.endsWith(".test.js"))
    .map((name) => readFileSync(join(KINDS, folder, name), "utf8"));
}

const schemaOf = (folder) => JSON.parse(readFileSync(join(KINDS, folder, "config.schema.json"), "utf8"));

test("the reads of a widget are found however it writes them", () => {
  const source = `// config.commented is no read
    const { segments, answers: accepted = [] } = ctx.config;
    if (config.hint_html) show(config["explanation_html"]);`;
  assert.deepEqual([...configReads(source)].sort(), ["answers", "explanation_html", "hint_html", "segments"]);
});

test("a drifted seam is found: a field read but not declared, one sent but not read", () => {
  const schema = { properties: { id: {}, code: {}, transcript: {} }, "x-common": ["id"] };
  assert.deepEqual(seamProblems(schema, new Set(["code", "options"])), [
    "reads 'options', which the schema does not declare",
    "'transcript' is sent but never read",
  ]);
  assert.deepEqual(seamProblems(schema, new Set(["code", "transcript"])), []);
});

test("every kind folder has a widget with mount(ctx), a generated schema, and a name the page maps to it", async () => {
  assert.ok(folders.length >= 5, folders.join(", "));
  for (const folder of folders) {
    const module = await import(pathToFileURL(join(KINDS, folder, "widget.js")).href);
    assert.equal(typeof module.mount, "function", `${folder}/widget.js exports mount(ctx)`);
    assert.ok(existsSync(join(KINDS, folder, "config.schema.json")), `${folder}: python -m lesson_builder schema --write`);
    const schema = schemaOf(folder);
    const kind = schema.properties.kind && schema.title.match(/a (\S+) quiz$/)?.[1];
    assert.equal(kindFolder(kind), folder, `${folder}: its schema names the kind '${kind}'`);
  }
});

for (const folder of folders) {
  test(`${folder}: the widget reads what the build sends, and nothing else`, () => {
    const reads = new Set(kindSources(folder).flatMap((source) => [...configReads(source)]));
    assert.deepEqual(seamProblems(schemaOf(folder), reads), []);
  });
}

test("the quiz context reads only the fields every kind's config has", () => {
  const reads = configReads(readFileSync(fileURLToPath(new URL("./context.js", import.meta.url)), "utf8"));
  assert.ok(reads.has("setup") && reads.has("timeout"));
  for (const folder of folders) {
    const common = new Set(schemaOf(folder)["x-common"]);
    assert.deepEqual([...reads].filter((name) => !common.has(name)), [], folder);
  }
});
