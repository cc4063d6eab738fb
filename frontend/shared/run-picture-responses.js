// A Responses API call (OpenAI `client.responses.create`) in the shape the run picture reads
// (Chat Completions' `messages`, `tool_calls`, `finish_reason`), so that one set of rules ties
// calls to results and finds what each call added; the chips then speak Responses' own words.
// `instructions` is a setting, as the API takes it, not a message. The model's items
// (`reasoning`, text, `function_call`) gather in one assistant message that keeps their order
// (`items`); a `function_call_output` item is a message of role `tool` for the pairing rule,
// drawn without a role. A request that continues `previous_response_id` gets the conversation
// stored under that id (from an earlier call of the same run) before its own items, each
// message marked `stored`: the API holds it, the program did not send it. The request and
// response JSON shown stay as sent.

/** The `api` a recording gives a Responses API call. */
export const RESPONSES = "openai_responses";

/** The request fields a Responses call shows as settings, in this order. */
export const RESPONSES_SETTINGS = ["instructions", "tools", "tool_choice", "parallel_tool_calls"];

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * The call seen as Chat Completions (`{request, response, unseenPrevious}`); `held` maps a
 * response id to its conversation, filled as the run's calls are read in order.
 * `unseenPrevious` says the request continues a response this run does not show (stored
 * with `store: false`, made by another run, or gone), so its results may answer calls the
 * picture cannot see.
 * @param {{request: object, response: object|null, error?: object|null}} call
 * @param {Map<string, object[]>} held
 */
export function responsesView(call, held) {
  const request = isObject(call.request) ? call.request : {};
  const continues = typeof request.previous_response_id === "string";
  const previous = continues && !previousGone(call) ? held.get(request.previous_response_id) : undefined;
  // Copies: a later item may add to the last message, and the request's own items are not stored.
  const messages = (previous ?? []).map((message) => ({ ...message, stored: true }));
  const items = typeof request.input === "string" ? [{ role: "user", content: request.input }] : Array.isArray(request.input) ? request.input : [];
  for (const item of items) addItem(messages, item);
  const tools = Array.isArray(request.tools) ? request.tools.map((tool) => (isObject(tool) ? { type: "function", function: { name: tool.name } } : tool)) : undefined;
  const view = {
    request: { instructions: request.instructions, tools, tool_choice: request.tool_choice, parallel_tool_calls: request.parallel_tool_calls, messages },
    response: null,
    unseenPrevious: continues && previous === undefined,
  };
  const response = isObject(call.response) ? call.response : null;
  if (response) {
    const reply = [];
    for (const item of Array.isArray(response.output) ? response.output : []) addItem(reply, item);
    const message = reply[0] ?? { role: "assistant", content: null };
    const usage = isObject(response.usage) ? response.usage : {};
    view.response = { choices: [{ finish_reason: response.status, message }], usage: { prompt_tokens: usage.input_tokens, completion_tokens: usage.output_tokens } };
    if (typeof response.id === "string" && request.store !== false) held.set(response.id, [...messages, message]);
  }
  return view;
}

/** Whether the call failed because the response it continues is not stored (any more). */
function previousGone(call) {
  const body = isObject(call.error) && isObject(call.error.error) ? call.error.error : null;
  return body !== null && (body.code === "previous_response_not_found" || body.param === "previous_response_id");
}

/** One item added to the messages: the model's items gather, in order, in one assistant message. */
function addItem(messages, item) {
  if (!isObject(item)) return;
  const type = item.type ?? "message";
  const last = messages[messages.length - 1];
  const assistant = () => {
    if (last && last.role === "assistant" && !last.stored) return last;
    const message = { role: "assistant", content: null, items: [] };
    messages.push(message);
    return message;
  };
  if (type === "function_call") {
    const message = assistant();
    const call = { id: item.call_id, type: "function", function: { name: item.name, arguments: item.arguments } };
    message.tool_calls = [...(message.tool_calls ?? []), call];
    message.items = [...message.items, { type, call }];
  } else if (type === "reasoning") {
    const message = assistant();
    message.items = [...message.items, { type, id: item.id }];
  } else if (type === "function_call_output") {
    messages.push({ role: "tool", tool_call_id: item.call_id, content: item.output });
  } else if (type === "message" && item.role === "assistant") {
    const message = assistant();
    const text = textOf(item.content);
    message.content = message.content === null ? text : `${message.content}\n${text}`;
    message.items = [...message.items, { type, text }];
  } else if (type === "message") {
    messages.push({ role: item.role, content: Array.isArray(item.content) ? item.content.map((part) => (isObject(part) && typeof part.text === "string" ? { type: "text", text: part.text } : part)) : item.content });
  }
}

function textOf(content) {
  if (typeof content === "string") return content;
  return (Array.isArray(content) ? content : []).map((part) => (isObject(part) && typeof part.text === "string" ? part.text : "")).join("");
}

/**
 * The chips of a Responses message in its own words, from its Chat Completions chips
 * (`chatChips`): the model's items in their order, `reasoning` with its `id`;
 * `function_call` and `function_call_output`, tied by `call_id`.
 * @param {object} message a message of `responsesView`
 * @param {object[]} chatChips
 */
export function responsesChips(message, chatChips) {
  let chips = chatChips;
  if (isObject(message) && Array.isArray(message.items)) {
    const calls = chatChips.filter((chip) => chip.kind === "tool_use");
    let call = 0;
    chips = message.items.map((item) => {
      if (item.type === "reasoning") return { kind: "reasoning", label: "reasoning", idField: "id", id: item.id === undefined || item.id === null ? "" : String(item.id) };
      if (item.type === "function_call") return calls[call++];
      return { kind: "text", label: "content", text: item.text };
    });
  }
  for (const chip of chips) {
    if (chip.kind === "tool_use") Object.assign(chip, { label: "function_call", idField: "call_id" });
    else if (chip.kind === "tool_result") Object.assign(chip, { label: "function_call_output", idField: "call_id" });
  }
  return chips;
}
