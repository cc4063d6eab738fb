// The run picture's structure, once: the model of run-picture-model.js written as a markup
// tree (markup-tree.js) in one language. The page builds elements from it; the build writes
// the same tree as HTML with this very module, run in Node (tools/run-picture), so a lesson's
// picture before a run and after one are drawn by the same code.
//
// Names of the APIs' fields and values (`tool_use`, `stop_reason`, `tool_calls`,
// `finish_reason`, roles), ids and JSON stay in their own words, left to right; the texts of
// the conversation take the page's direction, isolated (a Persian sentence that starts with a
// file name is still a right-to-left sentence); the rest comes from the UI strings
// `picture.*` of the page's language.

import { el } from "./markup-tree.js";
import { counted, localDigits } from "./plurals.js";
import { drain } from "./steps.js";

/** Characters of text a chip shows: of what this call added, and of what it sent before. */
export const PREVIEW = { fresh: 90, old: 28, system: 48 };

/**
 * Text on one line, cut to `limit` characters (code points) with "…".
 * @param {string} text
 * @param {number} limit
 */
export function preview(text, limit) {
  const line = String(text).replace(/[ \t\n\r]+/g, " ").replace(/^ | $/g, "");
  const characters = Array.from(line);
  return characters.length > limit ? `${characters.slice(0, limit - 1).join("")}…` : line;
}

/** A share of `largest` in tenths of a percent, rounded half up (integers only). */
export function perMille(value, largest) {
  return largest > 0 ? Math.floor((2000 * value + largest) / (2 * largest)) : 0;
}

/**
 * The one-line summary: "3 calls, 2 tool calls, 1 error, 612 input tokens" (errors only when
 * there are some).
 * @param {ReturnType<import("./run-picture-model.js").pictureModel>} model
 * @param {(key: string, vars?: object) => string} t
 * @param {string} lang
 */
export function summaryText(model, t, lang) {
  const { totals } = model;
  const parts = [
    counted(t, lang, "picture.summary.calls", totals.calls),
    counted(t, lang, "picture.summary.toolCalls", totals.toolCalls),
    totals.errors ? counted(t, lang, "picture.summary.errors", totals.errors) : "",
    counted(t, lang, "picture.summary.inputTokens", totals.inputTokens),
  ];
  return parts.filter(Boolean).join(t("picture.summary.separator"));
}

/**
 * The picture of a run as a markup tree: a closed `<details>` whose summary is the one-line
 * summary (a lesson has a picture under every snippet; the learner opens the ones to study).
 * @param {ReturnType<import("./run-picture-model.js").pictureModel>} model
 * @param {(key: string, vars?: object) => string} t translator of `lang`
 * @param {string} lang
 */
export function pictureTree(model, t, lang) {
  return drain(pictureTreeSteps(model, t, lang));
}

/**
 * `pictureTree` as a generator that yields after each call's item (steps.js).
 * @param {Parameters<typeof pictureTree>[0]} model
 * @param {Parameters<typeof pictureTree>[1]} t
 * @param {string} lang
 */
export function* pictureTreeSteps(model, t, lang) {
  const items = [];
  for (const call of model.calls) {
    items.push(callItem(call, model, t, lang));
    yield;
  }
  const total = model.calls.length;
  const steps = el(
    "div",
    { class: "rp-steps", role: "group", "aria-label": t("picture.steps"), hidden: true },
    stepButton("step-prev", t("picture.stepPrev")),
    el("span", { class: "rp-position", "aria-live": "polite" }, t("picture.stepAllShown", { total: localDigits(lang, total) })),
    stepButton("step-next", t("picture.stepNext")),
    stepButton("step-all", t("picture.stepAll")),
  );
  return el(
    "details",
    { class: "run-picture", "data-run-picture": true, "data-api": model.api },
    el("summary", { class: "rp-summary" }, el("span", { class: "rp-title" }, t("picture.title")), " ", el("span", { class: "rp-summary-text" }, summaryText(model, t, lang))),
    el(
      "div",
      { class: "rp-body" },
      steps,
      el("ol", { class: "rp-calls" }, items),
      tokenTable(model, t, lang),
    ),
  );
}

function stepButton(action, label) {
  return el("button", { type: "button", class: `rp-step rp-step--${action}`, "data-action": action }, label);
}

function callItem(call, model, t, lang) {
  const digits = (n) => localDigits(lang, n);
  const stopField = { openai: "finish_reason", openai_responses: "status" }[call.api] ?? "stop_reason";
  const head = el(
    "p",
    { class: "rp-call-head" },
    el("span", { class: "rp-call-title" }, t("picture.call", { n: digits(call.n) })),
    " ",
    call.error ? el("span", { class: "rp-stop rp-stop--error" }, t("picture.error")) : el("code", { class: "rp-stop", dir: "ltr" }, `${stopField}: ${call.stop}`),
    call.waited === null ? "" : el("span", { class: "rp-call-waited" }, t("picture.waited", { seconds: digits(call.waited) })),
    call.error
      ? ""
      : el(
          "span",
          { class: "rp-call-tokens" },
          call.toolTokens === null
            ? t("picture.callTokens", { input: digits(call.inputTokens), output: digits(call.outputTokens) })
            : t("picture.callTokensTools", { input: digits(call.inputTokens), tools: digits(call.toolTokens), output: digits(call.outputTokens) }),
        ),
  );
  const later = call.n > 1;
  const sent = el(
    "div",
    { class: "rp-sent", "data-part": "sent" },
    el("p", { class: "rp-part-title" }, t("picture.sent")),
    call.settings.length ? el("p", { class: "rp-settings" }, call.settings.map((chip) => settingChip(chip, later))) : "",
    el("ol", { class: "rp-messages" }, call.messages.map((message) => messageItem(message, later, t, lang))),
  );
  const reply = el(
    "div",
    { class: "rp-reply", "data-part": "reply" },
    el("p", { class: "rp-part-title" }, t("picture.reply")),
    call.reply
      ? el("ol", { class: "rp-messages" }, messageItem(call.reply, false, t, lang))
      : el(
          "div",
          { class: "rp-error" },
          el("p", { class: "rp-error-type" }, el("code", { dir: "ltr" }, call.error.type)),
          el("p", { class: "rp-error-message", dir: "ltr" }, call.error.message),
          call.retryAfter === null ? "" : el("p", { class: "rp-error-wait" }, t("picture.retryAfter", { seconds: digits(call.retryAfter) })),
        ),
  );
  const largest = model.totals.largest;
  const tools = call.toolTokens ?? 0;
  const bar = call.error
    ? ""
    : el(
        "div",
        {
          class: "rp-bar",
          "aria-hidden": "true",
          style: `--rp-tools:${perMille(tools, largest)};--rp-input:${perMille(call.inputTokens - tools, largest)};--rp-output:${perMille(call.outputTokens, largest)}`,
        },
        el("span", { class: "rp-bar-tools" }),
        el("span", { class: "rp-bar-input" }),
        el("span", { class: "rp-bar-output" }),
      );
  const attributes = {
    class: "rp-call",
    "data-call": String(call.n),
    "data-api": call.api,
    "data-stop": call.error ? "error" : call.stop,
    "data-input-tokens": String(call.inputTokens),
    "data-output-tokens": String(call.outputTokens),
    "data-tool-tokens": call.toolTokens === null ? null : String(call.toolTokens),
    "data-waited": call.waited === null ? null : String(call.waited),
    "data-retry-after": call.retryAfter === null ? null : String(call.retryAfter),
  };
  return el("li", attributes, head, el("div", { class: "rp-exchange" }, sent, reply), bar, jsonDetails(call, t));
}

function jsonDetails(call, t) {
  const part = (which, title, json) =>
    el(
      "div",
      { class: "rp-json-part" },
      el(
        "p",
        { class: "rp-json-title" },
        title,
        " ",
        el("button", { type: "button", class: "rp-copy", "data-action": "copy-json", "data-copy": which, hidden: true }, t("picture.copy"), el("span", { class: "rp-sr" }, ` ${title}`)),
      ),
      // Not <pre><code>: Material dresses every one of those with its own buttons on load.
      el("pre", { class: "rp-json-text", dir: "ltr", tabindex: "0", "data-json": which }, json),
    );
  return el(
    "details",
    { class: "rp-json" },
    el("summary", {}, t("picture.json")),
    part("request", t("picture.requestJson"), call.requestJson),
    part("response", t(call.error ? "picture.errorJson" : "picture.responseJson"), call.responseJson),
  );
}

function chipClass(chip) {
  let name = `rp-chip rp-chip--${chip.kind.replaceAll("_", "-")}`;
  if (chip.pair !== null && chip.pair !== undefined) name += ` rp-pair-${chip.pair}`;
  if (chip.isError) name += " rp-chip--is-error";
  if (chip.problem) name += " rp-chip--problem";
  return name;
}

function settingChip(chip, later) {
  const text = chip.kind === "system" ? preview(chip.text, PREVIEW.system) : preview(chip.text, PREVIEW.fresh);
  return el(
    "span",
    { class: `${chipClass(chip)}${later && chip.isNew ? " rp-new" : ""}` },
    el("code", { class: "rp-chip-label", dir: "ltr" }, chip.kind === "tools" ? `${chip.label} (${chip.count})` : chip.label),
    text ? el(chip.kind === "system" ? "span" : "code", { class: "rp-chip-text", dir: chip.kind === "system" ? null : "ltr" }, text) : "",
  );
}

// A message the API holds under `previous_response_id` (`stored`) is drawn apart from what
// the program sent, with its own mark and words; a Responses item without a role
// (`function_call_output`) is drawn without one.
function messageItem(message, later, t, lang) {
  const fresh = later && message.isNew;
  const compact = later && !message.isNew;
  const stored = message.stored === true;
  return el(
    "li",
    { class: `rp-message${fresh ? " rp-new" : ""}${compact ? " rp-old" : ""}${stored ? " rp-stored" : ""}`, "data-role": message.role, "data-stored": stored || null },
    fresh ? el("span", { class: "rp-sr" }, t("picture.new")) : "",
    message.role === null ? "" : el("code", { class: "rp-role", dir: "ltr" }, message.role),
    el(
      "span",
      { class: "rp-blocks" },
      message.chips.length ? message.chips.map((chip) => contentChip(chip, compact, t)) : el("code", { class: "rp-chip rp-chip--empty", dir: "ltr" }, "[]"),
      message.fromCall ? el("span", { class: "rp-from" }, t("picture.fromCall", { n: localDigits(lang, message.fromCall) })) : "",
      stored ? el("span", { class: "rp-from rp-stored-note" }, t("picture.stored")) : "",
    ),
  );
}

function contentChip(chip, compact, t) {
  const limit = compact ? PREVIEW.old : PREVIEW.fresh;
  const attributes = { class: chipClass(chip) };
  if (chip.kind === "tool_use") attributes["data-tool-use"] = chip.id;
  if (chip.kind === "tool_result") attributes["data-tool-result"] = chip.id;
  const label = el("code", { class: "rp-chip-label", dir: "ltr" }, chip.label);
  const problem = chip.problem ? el("span", { class: "rp-chip-problem" }, t(`picture.problem.${chip.problem}`)) : "";
  const id = () => el("code", { class: "rp-chip-id", dir: "ltr" }, `${chip.idField}: ${chip.id}`);
  if (chip.kind === "tool_use") {
    return el("span", attributes, label, el("code", { class: "rp-chip-call", dir: "ltr" }, `${chip.name}(${preview(chip.input, limit)})`), id(), problem);
  }
  if (chip.kind === "tool_result") {
    const text = preview(chip.text, limit);
    return el(
      "span",
      attributes,
      label,
      id(),
      chip.isError ? el("code", { class: "rp-chip-flag", dir: "ltr" }, "is_error: true") : "",
      text ? el("span", { class: "rp-chip-text" }, text) : "",
      problem,
    );
  }
  if (chip.kind === "reasoning") return el("span", attributes, label, chip.id ? id() : "");
  const text = preview(chip.text ?? "", limit);
  return el("span", attributes, label, text ? el("span", { class: "rp-chip-text" }, text) : "");
}

function tokenTable(model, t, lang) {
  const digits = (n) => localDigits(lang, n);
  const withTools = model.totals.toolTokensKnown;
  // The headers of the bars' three parts carry their colour key.
  const head = [
    ["", t("picture.tokens.call")],
    ["rp-key rp-key--input", t("picture.tokens.input")],
    withTools ? ["rp-key rp-key--tools", t("picture.tokens.tools")] : null,
    ["rp-key rp-key--output", t("picture.tokens.output")],
    ["", t("picture.tokens.total")],
  ].filter(Boolean);
  return el(
    "table",
    { class: "rp-tokens" },
    el("caption", {}, t("picture.tokens.caption")),
    el("thead", {}, el("tr", {}, head.map(([key, text]) => el("th", { scope: "col", class: key || null }, text)))),
    el(
      "tbody",
      {},
      model.calls.map((call) =>
        el(
          "tr",
          { "data-token-row": String(call.n) },
          el("th", { scope: "row" }, digits(call.n)),
          el("td", { class: "rp-num" }, digits(call.inputTokens)),
          withTools ? el("td", { class: "rp-num" }, call.toolTokens === null ? "—" : digits(call.toolTokens)) : "",
          el("td", { class: "rp-num" }, digits(call.outputTokens)),
          el("td", { class: "rp-num" }, digits(call.runningTotal)),
        ),
      ),
    ),
  );
}
