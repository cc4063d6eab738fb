// A Responses API call (OpenAI `client.responses.create`) in the run picture's Chat Completions
// terms, so that the picture draws it with the same rules: `instructions` and `system` /
// `developer` items become system messages, `function_call` items an assistant message's
// `tool_calls` (by `call_id`), `function_call_output` items `tool` messages, the response's
// output the reply, its `status` the stop. A request that continues `previous_response_id`
// gets the conversation held under that id (from an earlier call of the same run) before its
// own items, as the model reads it. The request and response JSON shown stay as sent.

/** The `api` a recording gives a Responses API call. */
export const RESPONSES = "openai_responses";

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * The call seen as Chat Completions (`{request, response}`); `held` maps a response id to
 * its conversation, filled as the run's calls are read in order.
 * @param {{request: object, response: object|null}} call
 * @param {Map<string, object[]>} held
 */
export function responsesView(call, held) {
  const request = isObject(call.request) ? call.request : {};
  const previous = typeof request.previous_response_id === "string" ? held.get(request.previous_response_id) : undefined;
  const messages = (previous ?? []).map((message) => ({ ...message })); // copies: a later item may add to the last
  if (typeof request.instructions === "string" && !previous) messages.push({ role: "system", content: request.instructions });
  const items = typeof request.input === "string" ? [{ role: "user", content: request.input }] : Array.isArray(request.input) ? request.input : [];
  for (const item of items) addItem(messages, item);
  const tools = Array.isArray(request.tools) ? request.tools.map((tool) => (isObject(tool) ? { type: "function", function: { name: tool.name } } : tool)) : undefined;
  const view = { request: { tools, tool_choice: request.tool_choice, parallel_tool_calls: request.parallel_tool_calls, messages }, response: null };
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

/** One item added to the messages: the model's text and calls gather in one assistant message. */
function addItem(messages, item) {
  if (!isObject(item)) return;
  const type = item.type ?? "message";
  const last = messages[messages.length - 1];
  const assistant = () => {
    if (last && last.role === "assistant") return last;
    const message = { role: "assistant", content: null };
    messages.push(message);
    return message;
  };
  if (type === "function_call") {
    const message = assistant();
    message.tool_calls = [...(message.tool_calls ?? []), { id: item.call_id, type: "function", function: { name: item.name, arguments: item.arguments } }];
  } else if (type === "function_call_output") {
    messages.push({ role: "tool", tool_call_id: item.call_id, content: item.output });
  } else if (type === "message" && item.role === "assistant") {
    const message = assistant();
    const text = textOf(item.content);
    message.content = message.content === null ? text : `${message.content}\n${text}`;
  } else if (type === "message") {
    messages.push({ role: item.role, content: Array.isArray(item.content) ? item.content.map((part) => (isObject(part) && typeof part.text === "string" ? { type: "text", text: part.text } : part)) : item.content });
  }
}

function textOf(content) {
  if (typeof content === "string") return content;
  return (Array.isArray(content) ? content : []).map((part) => (isObject(part) && typeof part.text === "string" ? part.text : "")).join("");
}

/** The chips of a Responses call in its own words: `function_call` and `function_call_output`, tied by `call_id`. */
export function inResponsesWords(chips) {
  for (const chip of chips) {
    if (chip.kind === "tool_use") Object.assign(chip, { label: "function_call", idField: "call_id" });
    else if (chip.kind === "tool_result") Object.assign(chip, { label: "function_call_output", idField: "call_id" });
  }
  return chips;
}
