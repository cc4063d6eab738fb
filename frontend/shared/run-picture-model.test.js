// The picture's facts from real recordings: the golden transcripts that fake_client wrote for
// the lessons (tests/content/golden), in both API shapes, with and without errors.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { PAIR_COLOURS, pictureModel } from "./run-picture-model.js";

const golden = (name) => JSON.parse(readFileSync(new URL(`../../tests/content/golden/${name}.json`, import.meta.url), "utf8"));
const toolLoop = golden("tool-loop.bg");
const { recordings } = JSON.parse(readFileSync(new URL("./run-picture-recordings.json", import.meta.url), "utf8"));
const chipsOf = (message, kind) => message.chips.filter((chip) => chip.kind === kind);

test("an Anthropic tool loop: two calls, what each added, the reply sent back, tokens", () => {
  const model = pictureModel(toolLoop["loop"].calls);
  assert.equal(model.api, "anthropic");
  const [first, second] = model.calls;
  assert.deepEqual([first.stop, second.stop], ["tool_use", "end_turn"]);
  assert.deepEqual([first.inputTokens, first.outputTokens, first.toolTokens], [404, 18, 379]);
  assert.deepEqual([second.runningTotal, model.totals.inputTokens, model.totals.toolCalls], [879, 835, 1]);
  assert.deepEqual(second.messages.map((m) => [m.role, m.isNew]), [["user", false], ["assistant", true], ["user", true]]);
  assert.equal(second.messages[1].fromCall, 1, "the assistant turn sent back is call 1's reply");
  const asked = chipsOf(first.reply, "tool_use")[0];
  const answered = chipsOf(second.messages[2], "tool_result")[0];
  assert.deepEqual([asked.name, asked.input, asked.id, asked.idField], ["get_order_status", '{"order_id":"1042"}', "toolu_01PgEglt", "id"]);
  assert.deepEqual([answered.id, answered.idField, answered.isError, answered.problem], [asked.id, "tool_use_id", false, null]);
  assert.equal(answered.pair, asked.pair, "call and result share a colour");
  assert.deepEqual(second.settings.map((chip) => [chip.kind, chip.isNew]), [["system", false], ["tools", false]]);
  assert.match(first.requestJson, /^\{\n {2}"model": "claude-sonnet-5",/);
});

test("Chat Completions in its own shape: tool_calls, role tool, finish_reason, prompt_tokens", () => {
  const model = pictureModel(toolLoop["loop-chat"].calls);
  assert.equal(model.api, "openai");
  const [first, second] = model.calls;
  assert.deepEqual([first.stop, second.stop], ["tool_calls", "stop"]);
  assert.deepEqual([first.inputTokens, first.outputTokens, first.toolTokens], [79, 6, 52]);
  const call = chipsOf(first.reply, "tool_use")[0];
  assert.deepEqual([call.label, call.input], ["tool_calls", '{"order_id": "1042"}']); // the JSON string as sent
  const tool = second.messages[3];
  assert.equal(tool.role, "tool");
  assert.deepEqual([tool.chips[0].idField, tool.chips[0].id, tool.chips[0].problem], ["tool_call_id", call.id, null]);
  assert.equal(second.messages[2].fromCall, 1);
});

test("a 400 is shown at its place: the error, no reply, no tokens, both mistakes marked", () => {
  const model = pictureModel(golden("first-steps.bg")["wrong-id"].calls);
  const [call] = model.calls;
  assert.equal(call.stop, "error");
  assert.equal(call.reply, null);
  assert.equal(call.error.type, "invalid_request_error");
  assert.match(call.error.message, /unexpected `tool_use_id` found in `tool_result` blocks: 1042/);
  assert.deepEqual([call.inputTokens, call.toolTokens, model.totals.errors], [0, null, 1]);
  assert.equal(chipsOf(call.messages[1], "tool_use")[0].problem, "unanswered");
  const result = chipsOf(call.messages[2], "tool_result")[0];
  assert.deepEqual([result.problem, result.pair], ["unmatched", null]);
  assert.match(call.responseJson, /"invalid_request_error"/);
});

test("a missing tool message in Chat Completions leaves that call unanswered", () => {
  // No lesson sends this mistake today; the recording is fake_client's, checked by tests/unit/test_run_picture_recordings.py.
  const [call] = pictureModel(recordings["missing-tool-message"]).calls;
  const calls = chipsOf(call.messages[1], "tool_use");
  assert.deepEqual(calls.map((chip) => chip.problem), [null, null, "unanswered"]);
  assert.match(call.error.message, /call_QKqTrvI1/);
});

test("colours repeat after PAIR_COLOURS tool calls; an is_error result is flagged", () => {
  const uses = Array.from({ length: PAIR_COLOURS + 1 }, (_, i) => ({ type: "tool_use", id: `t${i}`, name: "f", input: {} }));
  const request = {
    messages: [
      { role: "user", content: "go" },
      { role: "assistant", content: uses },
      { role: "user", content: uses.map((use) => ({ type: "tool_result", tool_use_id: use.id, content: "no", is_error: true })) },
    ],
  };
  const [call] = pictureModel([{ api: "anthropic", request, response: { content: [], stop_reason: "end_turn", usage: {} }, error: null }]).calls;
  assert.deepEqual(call.messages[1].chips.map((chip) => chip.pair), [0, 1, 2, 3, 4, 5, 0]);
  assert.ok(call.messages[2].chips.every((chip) => chip.isError && chip.problem === null));
  assert.equal(call.toolTokens, null, "a recording without tool_tokens shows none");
});

test("garbage in a recording gives a picture, not an exception", () => {
  const model = pictureModel([{ api: "anthropic", request: null, response: { content: "x" }, error: null }, { api: "openai", request: { messages: [7, { role: "assistant", tool_calls: [null] }] }, response: null, error: "boom" }]);
  assert.equal(model.calls.length, 2);
  assert.equal(model.calls[1].error.type, "error");
});

test("the Responses API by Chat Completions' rules, in its own words: by items and by previous_response_id", () => {
  const tools = [{ type: "function", name: "get_order_status", parameters: { type: "object" } }];
  const question = { role: "user", content: "Кога пристига 1042?" };
  const reasoning = { id: "rs_1", summary: [], type: "reasoning" };
  const call = { arguments: '{"order_id": "1042"}', call_id: "call_1", name: "get_order_status", type: "function_call", id: "fc_1", status: "completed" };
  const output = { type: "function_call_output", call_id: "call_1", output: "03.11" };
  const first = {
    api: "openai_responses", tool_tokens: 20, error: null,
    request: { model: "m", instructions: "Бъди кратък.", input: [question], tools },
    response: { id: "resp_1", status: "completed", output: [reasoning, call], usage: { input_tokens: 40, output_tokens: 9 } },
  };
  const answer = { id: "resp_2", status: "incomplete", output: [{ id: "rs_2", type: "reasoning", summary: [] }, { id: "msg_1", type: "message", role: "assistant", status: "incomplete", content: [{ type: "output_text", text: "Идва", annotations: [] }] }], usage: { input_tokens: 50, output_tokens: 16 } };
  const byItems = pictureModel([first, { api: "openai_responses", tool_tokens: 20, error: null, request: { model: "m", instructions: "Бъди кратък.", input: [question, reasoning, call, output], tools }, response: answer }]);
  const chained = pictureModel([first, { api: "openai_responses", tool_tokens: 20, error: null, request: { model: "m", instructions: "Бъди кратък.", previous_response_id: "resp_1", input: [output], tools }, response: answer }]);
  for (const model of [byItems, chained]) {
    assert.equal(model.api, "openai_responses");
    const [one, two] = model.calls;
    assert.deepEqual([one.stop, two.stop], ["completed", "incomplete"]);
    // `instructions` is the request's setting, not a system message; a result has no role.
    assert.deepEqual(two.settings.map((chip) => [chip.kind, chip.label, chip.text]), [["system", "instructions", "Бъди кратък."], ["tools", "tools", "get_order_status"]]);
    assert.deepEqual(two.messages.map((m) => m.role), ["user", "assistant", null]);
    // The model's items in their order, the reasoning with its id.
    assert.deepEqual(one.reply.chips.map((chip) => [chip.label, chip.id]), [["reasoning", "rs_1"], ["function_call", "call_1"]]);
    assert.deepEqual(two.messages[1].chips.map((chip) => [chip.label, chip.id]), [["reasoning", "rs_1"], ["function_call", "call_1"]]);
    assert.deepEqual(two.reply.chips.map((chip) => chip.label), ["reasoning", "content"]);
    const asked = chipsOf(one.reply, "tool_use")[0];
    const answered = chipsOf(two.messages[2], "tool_result")[0];
    assert.deepEqual([asked.label, asked.idField, asked.id], ["function_call", "call_id", "call_1"]);
    assert.deepEqual([answered.label, answered.idField, answered.problem, answered.pair], ["function_call_output", "call_id", null, asked.pair]);
    assert.equal(chipsOf(two.reply, "text")[0].text, "Идва");
    assert.deepEqual([two.inputTokens, two.outputTokens], [50, 16]);
  }
  // Sent by items: the program sent the whole conversation, the model's turn is call 1's reply.
  assert.deepEqual(byItems.calls[1].messages.map((m) => [m.isNew, m.stored, m.fromCall]), [[false, false, null], [true, false, 1], [true, false, null]]);
  // Continued: only the request's `input` is sent; the rest is held by the API.
  assert.deepEqual(chained.calls[1].messages.map((m) => [m.isNew, m.stored, m.fromCall]), [[false, true, null], [false, true, null], [true, false, null]]);
  assert.match(chained.calls[1].requestJson, /"previous_response_id": "resp_1"/, "the JSON stays as sent");
  const [lost] = pictureModel([{ api: "openai_responses", request: { model: "m", input: [output] }, response: null, error: { error: { type: "invalid_request_error", message: "No tool call found for function call output with call_id call_1." } } }]).calls;
  assert.deepEqual([lost.stop, chipsOf(lost.messages[0], "tool_result")[0].problem], ["error", "unmatched"]);
});

test("a Responses request whose previous response is gone: its results get no note, the error is shown as it is", () => {
  const output = { type: "function_call_output", call_id: "call_1", output: "03.11" };
  const gone = { error: { type: "invalid_request_error", message: "Previous response with id 'resp_1' not found.", param: "previous_response_id", code: "previous_response_not_found" } };
  const first = {
    api: "openai_responses", error: null,
    request: { model: "m", input: "Кога?" },
    response: { id: "resp_1", status: "completed", output: [{ type: "function_call", call_id: "call_1", name: "f", arguments: "{}" }], usage: {} },
  };
  const second = { api: "openai_responses", request: { model: "m", previous_response_id: "resp_1", input: [output] }, response: null, error: gone };
  for (const calls of [[second], [{ ...first, request: { ...first.request, store: false } }, second], [first, second]]) {
    const call = pictureModel(calls).calls.at(-1);
    assert.deepEqual(call.messages.map((m) => [m.role, m.stored]), [[null, false]], "nothing drawn as held: the API holds nothing");
    assert.equal(chipsOf(call.messages[0], "tool_result")[0].problem, null);
    assert.deepEqual([call.error.type, call.error.message], ["invalid_request_error", "Previous response with id 'resp_1' not found."]);
  }
});
