// The run picture's facts, from a transcript's `calls` (ARCHITECTURE.md, "Transcript"): per
// model call what was sent (settings and messages, each message marked when this call added
// it), what came back or the API's error, the tool calls tied to their results by id, and the
// tokens. Plain data, no words of any language: run-picture-markup.js writes it out.

import { RESPONSES, RESPONSES_SETTINGS, responsesChips, responsesView } from "./run-picture-responses.js";
import { drain } from "./steps.js";

/** How many different colours tie a tool call to its result (then they repeat). */
export const PAIR_COLOURS = 6;

// The request fields shown as settings, in this order (the rest is in the JSON).
const SETTINGS = {
  anthropic: ["system", "tools", "tool_choice", "thinking", "thread"],
  openai: ["tools", "tool_choice", "parallel_tool_calls"],
  [RESPONSES]: RESPONSES_SETTINGS,
};

/**
 * @typedef {{kind: string, label: string, text?: string, id?: string, name?: string,
 *   input?: string, isError?: boolean, pair?: number|null, problem?: string|null}} Chip
 * @typedef {{role: string|null, chips: Chip[], isNew: boolean, fromCall: number|null,
 *   stored: boolean}} Message  role null: a Responses item that has none (`function_call_output`);
 *   stored: held by the API under `previous_response_id`, not sent by the program
 */

/**
 * The picture's model of a run.
 * @param {Array<{api: string, request: object, response: object|null, error: object|null,
 *   tool_tokens?: number|null}>} calls
 */
export function pictureModel(calls) {
  return drain(pictureModelSteps(calls));
}

/**
 * `pictureModel` as a generator that yields after each call (steps.js).
 * @param {Parameters<typeof pictureModel>[0]} calls
 */
export function* pictureModelSteps(calls) {
  const pairs = new Map(); // tool call id → its colour's number, in order of first appearance
  const pairFor = (id) => {
    if (!pairs.has(id)) pairs.set(id, pairs.size % PAIR_COLOURS);
    return pairs.get(id);
  };
  const model = { api: calls.length ? apiOf(calls[0]) : "anthropic", calls: [], totals: null };
  let running = 0;
  let previous = null;
  const replies = []; // comparable form of each call's reply, to see it sent back later
  const held = new Map(); // Responses API: response id → its conversation (previous_response_id)
  for (const [index, call] of calls.entries()) {
    const api = apiOf(call);
    // A Responses call is drawn by Chat Completions' rules, in its own words (run-picture-responses.js).
    const shape = api === RESPONSES ? "openai" : api;
    const view = api === RESPONSES ? responsesView(call, held) : call;
    const request = isObject(view.request) ? view.request : {};
    const messages = Array.isArray(request.messages) ? request.messages : [];
    const keys = messages.map(stableJson); // each message written once, compared with the next call's
    const before = previous && previous.api === api ? previous.request : null;
    const kept = before ? commonPrefix(previous.keys, keys) : 0;
    const sentMessages = messages.map((message, at) => {
      const chips = api === RESPONSES ? responsesChips(message, messageChips(shape, message)) : messageChips(shape, message);
      const stored = api === RESPONSES && isObject(message) && message.stored === true;
      const isNew = !stored && at >= kept;
      let fromCall = null;
      if (isNew && roleOf(message) === "assistant") {
        const sent = comparable(shape, message);
        const found = replies.findIndex((reply) => reply !== null && reply === sent);
        if (found >= 0) fromCall = found + 1;
      }
      return { role: roleOf(message), chips, isNew, fromCall, stored };
    });
    markToolProblems(shape, sentMessages);
    if (api === RESPONSES) inResponsesRoles(sentMessages, view.unseenPrevious);
    for (const message of sentMessages) tieChips(message.chips, pairFor, pairs);

    const settings = SETTINGS[api]
      .filter((name) => request[name] !== undefined && request[name] !== null)
      .map((name) => settingChip(shape, name, request[name], !before || !sameJson(before[name], request[name])));

    let reply = null;
    let stop = "error";
    let error = null;
    let inputTokens = 0;
    let outputTokens = 0;
    const response = isObject(view.response) ? view.response : null;
    if (response) {
      const usage = isObject(response.usage) ? response.usage : {};
      if (shape === "openai") {
        const choice = Array.isArray(response.choices) && isObject(response.choices[0]) ? response.choices[0] : {};
        const message = isObject(choice.message) ? choice.message : { role: "assistant" };
        const chips = messageChips(shape, message);
        reply = { role: "assistant", chips: api === RESPONSES ? responsesChips(message, chips) : chips, isNew: true, fromCall: null, stored: false };
        stop = str(choice.finish_reason);
        inputTokens = whole(usage.prompt_tokens);
        outputTokens = whole(usage.completion_tokens);
        replies.push(comparable(shape, message));
      } else {
        reply = { role: "assistant", chips: messageChips(api, { role: "assistant", content: response.content ?? [] }), isNew: true, fromCall: null, stored: false };
        stop = str(response.stop_reason);
        inputTokens = whole(usage.input_tokens);
        outputTokens = whole(usage.output_tokens);
        replies.push(comparable(api, { role: "assistant", content: response.content ?? [] }));
      }
      tieChips(reply.chips, pairFor, pairs);
    } else {
      const body = isObject(call.error) && isObject(call.error.error) ? call.error.error : {};
      error = { type: str(body.type, "error"), message: str(body.message) };
      replies.push(null);
    }
    running += inputTokens + outputTokens;
    model.calls.push({
      n: index + 1,
      api,
      stop,
      settings,
      messages: sentMessages,
      reply,
      error,
      inputTokens,
      outputTokens,
      toolTokens: response && Number.isInteger(call.tool_tokens) ? call.tool_tokens : null,
      // Seconds the program slept before this request, and the wait a failed call's answer
      // asked for (the recording's `waited` and `retry_after`; null when absent).
      waited: seconds(call.waited),
      retryAfter: call.error ? seconds(call.retry_after) : null,
      runningTotal: running,
      requestJson: JSON.stringify(call.request ?? null, null, 2),
      responseJson: JSON.stringify((isObject(call.response) ? call.response : null) ?? call.error ?? null, null, 2),
    });
    previous = { api, request: { ...request, messages }, keys };
    yield;
  }
  const replyChips = model.calls.flatMap((c) => (c.reply ? c.reply.chips : []));
  model.totals = {
    calls: model.calls.length,
    toolCalls: replyChips.filter((chip) => chip.kind === "tool_use").length,
    errors: model.calls.filter((c) => c.error).length,
    inputTokens: model.calls.reduce((sum, c) => sum + c.inputTokens, 0),
    outputTokens: model.calls.reduce((sum, c) => sum + c.outputTokens, 0),
    toolTokensKnown: model.calls.some((c) => c.toolTokens !== null),
    largest: Math.max(0, ...model.calls.map((c) => c.inputTokens + c.outputTokens)),
  };
  return model;
}

function apiOf(call) {
  if (call && (call.api === "openai" || call.api === RESPONSES)) return call.api;
  return "anthropic";
}

function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function seconds(value) {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : null;
}

function whole(value) {
  return Number.isInteger(value) && value > 0 ? value : 0;
}

/** `String(value)`, or `fallback` for null and undefined. */
function str(value, fallback = "") {
  return value === null || value === undefined ? fallback : String(value);
}

function roleOf(message) {
  return isObject(message) && typeof message.role === "string" ? message.role : "?";
}

/** JSON with keys in a stable order, for comparing two values. */
export function stableJson(value) {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (isObject(value)) {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stableJson(value[key])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

function sameJson(a, b) {
  return stableJson(a) === stableJson(b);
}

function commonPrefix(before, now) {
  let n = 0;
  while (n < before.length && n < now.length && before[n] === now[n]) n += 1;
  return n;
}

/** What of an assistant message counts when comparing it with a reply sent back. */
function comparable(api, message) {
  if (api === "openai") return stableJson({ content: message.content ?? null, tool_calls: message.tool_calls ?? [] });
  return stableJson(typeof message.content === "string" ? [{ type: "text", text: message.content }] : message.content ?? []);
}

function textOf(content) {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return content == null ? "" : JSON.stringify(content);
  return content.map((part) => (isObject(part) && typeof part.text === "string" ? part.text : `[${isObject(part) ? str(part.type, "?") : "?"}]`)).join(" ");
}

/** A message as chips, one per block (Anthropic) or per part and tool call (OpenAI). */
export function messageChips(api, message) {
  if (!isObject(message)) return [{ kind: "block", label: "?", text: "" }];
  return api === "openai" ? openaiChips(message) : anthropicChips(message);
}

function anthropicChips(message) {
  const content = typeof message.content === "string" ? [{ type: "text", text: message.content }] : message.content;
  if (!Array.isArray(content)) return [{ kind: "block", label: "content", text: textOf(content) }];
  return content.map((block) => {
    if (!isObject(block)) return { kind: "text", label: "text", text: str(block) };
    switch (block.type) {
      case "text":
        return { kind: "text", label: "text", text: str(block.text) };
      case "tool_use":
        return { kind: "tool_use", label: "tool_use", idField: "id", id: str(block.id), name: str(block.name), input: JSON.stringify(block.input ?? {}), pair: null, problem: null };
      case "tool_result":
        return { kind: "tool_result", label: "tool_result", idField: "tool_use_id", id: str(block.tool_use_id), text: textOf(block.content), isError: block.is_error === true, pair: null, problem: null };
      case "thinking":
        return { kind: "thinking", label: "thinking", text: str(block.thinking) };
      default:
        return { kind: "block", label: str(block.type, "?"), text: "" };
    }
  });
}

function openaiChips(message) {
  if (message.role === "tool") {
    return [{ kind: "tool_result", label: "content", idField: "tool_call_id", id: str(message.tool_call_id), text: textOf(message.content), isError: false, pair: null, problem: null }];
  }
  const chips = [];
  if (typeof message.content === "string") chips.push({ kind: "text", label: "content", text: message.content });
  else if (Array.isArray(message.content)) {
    for (const part of message.content) {
      const text = isObject(part) && typeof part.text === "string";
      chips.push(text ? { kind: "text", label: "content", text: part.text } : { kind: "block", label: isObject(part) ? str(part.type, "?") : "?", text: "" });
    }
  }
  if (typeof message.refusal === "string") chips.push({ kind: "text", label: "refusal", text: message.refusal });
  for (const call of Array.isArray(message.tool_calls) ? message.tool_calls : []) {
    const fn = isObject(call) && isObject(call.function) ? call.function : {};
    const args = typeof fn.arguments === "string" ? fn.arguments : JSON.stringify(fn.arguments ?? "");
    chips.push({ kind: "tool_use", label: "tool_calls", idField: "id", id: isObject(call) ? str(call.id) : "", name: str(fn.name), input: args, pair: null, problem: null });
  }
  return chips;
}

function settingChip(api, name, value, isNew) {
  if (name === "system" || name === "instructions") return { kind: "system", label: name, text: textOf(value), isNew };
  if (name === "tools") {
    const names = (Array.isArray(value) ? value : []).map((tool) => {
      if (!isObject(tool)) return "?";
      if (api === "openai") return isObject(tool.function) ? str(tool.function.name, "?") : str(tool.type, "?");
      return str(tool.name ?? tool.type, "?");
    });
    return { kind: "tools", label: "tools", text: names.join(", "), count: names.length, isNew };
  }
  return { kind: "setting", label: name, text: JSON.stringify(value), isNew };
}

/** Colour each tool call and each result by the call's id (results of unknown ids get none). */
function tieChips(chips, pairFor, pairs) {
  for (const chip of chips) {
    if (chip.kind === "tool_use") chip.pair = pairFor(chip.id);
    else if (chip.kind === "tool_result") chip.pair = pairs.has(chip.id) ? pairs.get(chip.id) : null;
  }
}

/**
 * The API's pairing rule, checked in the sent messages: every tool call answered right after
 * it (Anthropic: in the next message; OpenAI: by the `tool` messages that follow), every
 * result answering a call of the message before. A call left unanswered gets problem
 * "unanswered", a result that answers nothing "unmatched".
 */
function markToolProblems(api, messages) {
  messages.forEach((message, at) => {
    const calls = message.chips.filter((chip) => chip.kind === "tool_use");
    if (message.role !== "assistant" || !calls.length) return;
    const answered = new Set();
    if (api === "openai") {
      for (let next = at + 1; next < messages.length && messages[next].role === "tool"; next += 1) {
        for (const chip of messages[next].chips) answered.add(chip.id);
      }
    } else if (messages[at + 1]) {
      for (const chip of messages[at + 1].chips) if (chip.kind === "tool_result") answered.add(chip.id);
    }
    for (const chip of calls) if (!answered.has(chip.id)) chip.problem = "unanswered";
  });
  messages.forEach((message, at) => {
    const results = message.chips.filter((chip) => chip.kind === "tool_result");
    if (!results.length) return;
    let asker = at - 1;
    if (api === "openai") while (asker >= 0 && messages[asker].role === "tool") asker -= 1;
    const asked = new Set(asker >= 0 && messages[asker].role === "assistant" ? messages[asker].chips.filter((c) => c.kind === "tool_use").map((c) => c.id) : []);
    for (const chip of results) if (!asked.has(chip.id)) chip.problem = "unmatched";
  });
}

/**
 * A Responses call's messages after the pairing rule: a `function_call_output` item has no
 * role. When the request continues a response the run does not show (`unseenPrevious`), the
 * results before the request's own first model turn may answer calls of that response, so
 * none of them is called unmatched (a 400 about the missing response is shown as it is).
 */
function inResponsesRoles(messages, unseenPrevious) {
  const firstTurn = messages.findIndex((message) => message.role === "assistant");
  messages.forEach((message, at) => {
    if (message.role !== "tool") return;
    message.role = null;
    if (!unseenPrevious || (firstTurn >= 0 && at > firstTurn)) return;
    for (const chip of message.chips) if (chip.problem === "unmatched") chip.problem = null;
  });
}
