// The picture's markup: the DOM hooks tests rely on (DESIGN.md), the words of each API, the
// summary in every language with its plurals, and every string it asks for in every language.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { STRINGS } from "../page/strings/all.js";
import { translator } from "../page/i18n.js";
import { toHtml } from "./markup-tree.js";
import { pluralCategories } from "./plurals.js";
import { pictureModel } from "./run-picture-model.js";
import { perMille, pictureTree, preview, summaryText } from "./run-picture-markup.js";

const golden = (name) => JSON.parse(readFileSync(new URL(`../../tests/content/golden/${name}.json`, import.meta.url), "utf8"));
const toolLoop = golden("tool-loop.bg");
const render = (calls, lang = "bg") => toHtml(pictureTree(pictureModel(calls), translator(lang, STRINGS), lang));

test("each call is one list item with its hooks; tool calls and results carry their ids", () => {
  const html = render(toolLoop["loop"].calls);
  assert.match(html, /^<details class="run-picture" data-run-picture data-api="anthropic"><summary class="rp-summary">/);
  const items = [...html.matchAll(/<li class="rp-call" data-call="(\d+)" data-api="(\w+)" data-stop="(\w+)" data-input-tokens="(\d+)" data-output-tokens="(\d+)" data-tool-tokens="(\d+)">/g)];
  assert.deepEqual(items.map((m) => m.slice(1)), [["1", "anthropic", "tool_use", "404", "18", "379"], ["2", "anthropic", "end_turn", "431", "26", "379"]]);
  assert.equal([...html.matchAll(/data-tool-use="toolu_01PgEglt"/g)].length, 2, "asked in call 1, sent back in call 2");
  assert.equal([...html.matchAll(/data-tool-result="toolu_01PgEglt"/g)].length, 1);
  assert.match(html, /<code class="rp-stop" dir="ltr">stop_reason: tool_use<\/code>/);
  assert.match(html, /data-action="step-prev"/);
  assert.match(html, /data-action="step-next"/);
  assert.match(html, /<table class="rp-tokens"><caption>Токени по запитвания<\/caption><thead>/);
});

test("Chat Completions speaks its own words", () => {
  const html = render(toolLoop["loop-chat"].calls);
  assert.match(html, /finish_reason: tool_calls/);
  assert.match(html, /<code class="rp-chip-label" dir="ltr">tool_calls<\/code><code class="rp-chip-call" dir="ltr">get_order_status\(\{"order_id": "1042"\}\)<\/code><code class="rp-chip-id" dir="ltr">id: call_8mHUcdlL<\/code>/);
  assert.match(html, /data-role="tool"><span class="rp-sr">ново: <\/span><code class="rp-role" dir="ltr">tool<\/code><span class="rp-blocks"><span class="rp-chip rp-chip--tool-result rp-pair-0" data-tool-result="call_8mHUcdlL"><code class="rp-chip-label" dir="ltr">content<\/code><code class="rp-chip-id" dir="ltr">tool_call_id: call_8mHUcdlL<\/code>/);
  assert.doesNotMatch(html, /stop_reason|is_error/);
});

test("the Responses API in its own words: instructions, reasoning with its id, results without a role, the stored part apart", () => {
  const lesson = golden("responses-api.bg");
  const byItems = render(lesson["loop-responses"].calls);
  assert.match(byItems, /<code class="rp-chip-label" dir="ltr">instructions<\/code>/);
  assert.doesNotMatch(byItems, /data-role="(system|tool)"|>system<|>tool</);
  assert.match(byItems, /<span class="rp-chip rp-chip--reasoning"><code class="rp-chip-label" dir="ltr">reasoning<\/code><code class="rp-chip-id" dir="ltr">id: rs_D5TeDhp4<\/code><\/span><span class="rp-chip rp-chip--tool-use/, "the reasoning before its calls, in the reply and sent back");
  assert.equal([...byItems.matchAll(/id: rs_D5TeDhp4/g)].length, 2);
  assert.match(byItems, /<li class="rp-message rp-new"><span class="rp-sr">ново: <\/span><span class="rp-blocks"><span class="rp-chip rp-chip--tool-result/, "a function_call_output item has no role");
  assert.doesNotMatch(byItems, /rp-stored/, "sent by items: nothing is held");
  const chained = render(lesson["previous"].calls);
  const second = chained.slice(chained.indexOf('data-call="2"'));
  const stored = [...second.matchAll(/<li class="rp-message rp-old rp-stored" data-role="(\w+)" data-stored>.*?<span class="rp-from rp-stored-note">от запазения отговор, не е изпратено<\/span>/g)];
  assert.deepEqual(stored.map((m) => m[1]), ["user", "assistant"]);
  assert.match(stored[1][0], /reasoning.*function_call.*function_call/);
  assert.doesNotMatch(second, /rp-from">отговорът на модела/, "the held turn is not drawn as sent back");
  assert.equal([...second.split('data-part="reply"')[0].matchAll(/<li class="rp-message rp-new">/g)].length, 2, "only the two function_call_output items are sent");
});

test("a Responses request whose previous response is gone gets no note on its results", () => {
  const calls = golden("responses-api.bg")["gone"].calls;
  const html = render(calls);
  assert.doesNotMatch(html, /rp-chip--problem|rp-chip-problem|rp-stored/);
  // The id of the response made with store=False, whatever the lesson's snippets before it made.
  const gone = calls[0].response.id;
  assert.ok(html.includes(`<p class="rp-error-message" dir="ltr">Previous response with id '${gone}' not found.</p>`));
});

test("a failed call shows the error text in place of the reply, with data-stop error", () => {
  const html = render(golden("first-steps.bg")["wrong-id"].calls);
  assert.match(html, /data-stop="error" data-input-tokens="0" data-output-tokens="0">/);
  assert.match(html, /<p class="rp-error-message" dir="ltr">messages\.2\.content\.0: unexpected `tool_use_id`/);
  // The two problem chips in the page's own words (the strings file is their one source).
  assert.ok(html.includes(STRINGS.bg["picture.problem.unmatched"]));
  assert.ok(html.includes(STRINGS.bg["picture.problem.unanswered"]));
});

test("a wait asked by a failed call and the wait before the next one are shown, with their hooks", () => {
  const [failed] = golden("first-steps.bg")["wrong-id"].calls;
  const [answered] = toolLoop["loop"].calls;
  const html = render([{ ...failed, retry_after: 1.5 }, { ...answered, waited: 1.5 }], "fa");
  assert.match(html, /data-call="1" [^>]*data-stop="error" [^>]*data-retry-after="1.5"/);
  assert.match(html, /data-call="2" [^>]*data-waited="1.5"/);
  const inFarsi = (key) => STRINGS.fa[key].replace("{seconds}", "۱٫۵");
  assert.ok(html.includes(inFarsi("picture.retryAfter")), "the error says how long to wait");
  assert.ok(html.includes(inFarsi("picture.waited")), "the next call says how long the program waited");
  // A wait recorded on a call that did not fail is not a wait the answer asked for.
  assert.doesNotMatch(render([{ ...answered, retry_after: 2 }]), /data-retry-after/);
});

test("the summary counts calls, tool calls, errors and input tokens with the right plural", () => {
  const model = pictureModel(toolLoop["loop"].calls);
  assert.equal(summaryText(model, translator("bg", STRINGS), "bg"), "2 запитвания, 1 искане за инструмент, 835 входни токена");
  assert.equal(summaryText(model, translator("ru", STRINGS), "ru"), "2 запроса, 1 вызов инструмента, 835 входных токенов");
  assert.equal(summaryText(model, translator("uk", STRINGS), "uk"), "2 запити, 1 виклик інструмента, 835 вхідних токенів");
  assert.equal(summaryText(model, translator("zh", STRINGS), "zh"), "2 次请求，1 次工具调用，835 个输入 token");
  assert.equal(summaryText(model, translator("fa", STRINGS), "fa"), "۲ درخواست، ۱ فراخوانی ابزار، ۸۳۵ توکن ورودی");
  const failed = pictureModel(golden("first-steps.bg")["wrong-id"].calls);
  assert.equal(summaryText(failed, translator("ru", STRINGS), "ru"), "1 запрос, 0 вызовов инструментов, 1 ошибка, 0 входных токенов");
});

test("Persian pages get Persian digits in text, Latin digits in the hooks and the JSON", () => {
  const html = render(toolLoop["loop"].calls, "fa");
  assert.match(html, /data-input-tokens="404"/);
  assert.match(html, /<td class="rp-num">۴۰۴<\/td>/);
  assert.match(html, /"max_tokens": 4096/);
});

test("previews are one line, cut by characters with an ellipsis; bars in tenths of a percent", () => {
  assert.equal(preview(" a\n\tb  c ", 10), "a b c");
  assert.equal(preview("😀😀😀😀", 3), "😀😀…");
  assert.deepEqual([perMille(1, 3), perMille(1, 8), perMille(5, 0)], [333, 125, 0]);
});

// The markup and the widget (step-through, copy) are the two places that ask for strings.
const sources = ["run-picture-markup.js", "../widgets/run-picture/run-picture.js"].map((name) => readFileSync(new URL(name, import.meta.url), "utf8")).join("\n");
const plain = new Set([...sources.matchAll(/["'`](picture\.[\w.]+?)["'`]/g)].map((m) => m[1]));
const countedKeys = new Set([...sources.matchAll(/counted\([^)]*?"(picture\.[\w.]+)"/g)].map((m) => m[1]));
const problems = ["unanswered", "unmatched"].map((p) => `picture.problem.${p}`);

test("every picture string exists in every language, plurals in each of its categories", () => {
  assert.ok(countedKeys.size === 4 && plain.size > 20);
  for (const [lang, table] of Object.entries(STRINGS)) {
    for (const key of [...plain, ...problems].filter((k) => !countedKeys.has(k))) assert.ok(typeof table[key] === "string", `${lang}.json lacks ${key}`);
    for (const key of countedKeys) for (const category of pluralCategories(lang)) assert.ok(typeof table[`${key}.${category}`] === "string", `${lang}.json lacks ${key}.${category}`);
  }
});

test("no picture string is left unused", () => {
  const used = (key) => plain.has(key) || problems.includes(key) || [...countedKeys].some((k) => key.startsWith(`${k}.`));
  for (const table of Object.values(STRINGS)) assert.deepEqual(Object.keys(table).filter((key) => key.startsWith("picture.") && !used(key)), []);
});
