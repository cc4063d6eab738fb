import assert from "node:assert/strict";
import { test } from "node:test";
import { chmod, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findChromium } from "./chromium.mjs";

test("CHROMIUM wins when it is executable, and only then", async () => {
  const folder = await mkdtemp(join(tmpdir(), "chromium-test-"));
  const browser = join(folder, "my-chromium");
  await writeFile(browser, "#!/bin/sh\n");
  assert.equal(await findChromium({ CHROMIUM: browser, PATH: "" }), null); // not executable yet
  await chmod(browser, 0o755);
  assert.equal(await findChromium({ CHROMIUM: browser, PATH: "" }), browser);
});

test("otherwise the usual names are looked up on PATH", async () => {
  const folder = await mkdtemp(join(tmpdir(), "chromium-test-"));
  const browser = join(folder, "chromium-browser");
  await writeFile(browser, "#!/bin/sh\n");
  await chmod(browser, 0o755);
  assert.equal(await findChromium({ PATH: `/nonexistent:${folder}` }), browser);
  assert.equal(await findChromium({ PATH: "/nonexistent" }), null);
});
