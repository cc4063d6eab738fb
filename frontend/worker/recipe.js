// What the interpreter holds when Python is "ready": the one recipe shared by the build
// (make-startup-files.mjs bakes it into the memory snapshot) and the browser worker (which
// runs it itself when it has to start without a snapshot). Keeping it in one file means a
// snapshot and a normal start give the learner the same interpreter.

/** Where the lesson packages zip (fake_client + lesson_runtime) is unpacked. */
export const PACKAGES_DIR = "/lessons";

/**
 * Imports everything a first Run needs, so that it does not pay for them. The snapshot is
 * taken right after this ran; a normal start runs it too.
 */
export const PRELOAD_PYTHON = `
import sys
if "${PACKAGES_DIR}" not in sys.path:
    sys.path.insert(0, "${PACKAGES_DIR}")
import json, random
import lesson_runtime
import fake_client
`;

// The warm-up: throw-away runs through lesson_runtime.run_chain, made before Python is
// called ready (in the snapshot: at build time). The first real run would otherwise pay
// ~0.5 s for what Python does only once (lazy imports, compiled regular expressions, the
// traceback machinery, the fake model's first answer in each language). Nothing of them
// stays: each run starts from a fresh namespace, and ids are counted per client.
// They are small pieces, one question each, so that the browser's worker can make them again
// while no page waits for a run (worker.js): a page's run then waits for one piece at most.

const WARM_UP_SETUP = [
  "import json",
  `
from fake_client import Anthropic, OpenAI
ORDERS = {"1042": {"status": "shipped", "delivery": "03.11"}}
SCHEMA = {"type": "object", "properties": {"order_id": {"type": "string"}}, "required": ["order_id"]}
CLAUDE_TOOLS = [{"name": "get_order_status", "description": "Where an order is and when it arrives",
                 "input_schema": SCHEMA}]
GPT_TOOLS = [{"type": "function", "function": {"name": "get_order_status",
              "description": "Where an order is and when it arrives", "parameters": SCHEMA}}]

def claude(question):
    client, messages = Anthropic(), [{"role": "user", "content": question}]
    for _ in range(3):
        reply = client.messages.create(model="claude-sonnet-5", max_tokens=512, system="A shop's helper.",
                                       tools=CLAUDE_TOOLS, messages=messages)
        print(reply)
        if reply.stop_reason != "tool_use":
            return
        messages.append({"role": "assistant", "content": reply.content})
        messages.append({"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": block.id, "content": json.dumps(ORDERS.get(block.input.get("order_id")))}
            for block in reply.content if block.type == "tool_use"]})

def gpt(question):
    client, messages = OpenAI(), [{"role": "user", "content": question}]
    for _ in range(3):
        reply = client.chat.completions.create(model="gpt-4o", tools=GPT_TOOLS, messages=messages)
        print(reply)
        message = reply.choices[0].message
        if not message.tool_calls:
            return
        messages.append(message)
        for call in message.tool_calls:
            order = json.loads(call.function.arguments).get("order_id")
            messages.append({"role": "tool", "tool_call_id": call.id, "content": json.dumps(ORDERS.get(order))})

def ask_both(question):
    for ask in (claude, gpt):
        try:
            ask(question)
        except Exception as error:
            print(type(error).__name__, error)
`,
];

const WARM_UP_QUESTIONS = [
  "Кога ще дойде поръчка 1042?",
  "سفارش 1042 کی می‌رسد؟",
  "订单1042什么时候到？",
  "Когда придёт заказ 1042?",
  "Коли прийде замовлення 1042?",
  "When will order 1042 arrive?",
  "Какво е времето в София?",
  "Hello!",
];

/** The warm-up's runs, each `{setup, code, timeout}` as a page's run is. */
export const WARM_UP_CHAINS = [
  ...WARM_UP_QUESTIONS.map((question) => ({ setup: WARM_UP_SETUP, code: `ask_both(${JSON.stringify(question)})\n`, timeout: 60 })),
  // A loop and an uncaught error: the traceback machinery.
  { setup: WARM_UP_SETUP, code: "for step in range(3): pass\n1 / 0\n", timeout: 60 },
];

/** The warm-up as Python source, for where there is no page's run call (the snapshot).
 * A JSON string is also a Python string literal. */
export const WARM_UP_PYTHON = `
import json, lesson_runtime
for chain in json.loads(${JSON.stringify(JSON.stringify(WARM_UP_CHAINS))}):
    lesson_runtime.run_chain(chain["setup"], chain["code"], timeout=chain["timeout"])
`;

/**
 * Runs after a snapshot was restored. The snapshot carries the random generator's state of
 * the build machine (every learner would get the same "random" numbers): seed it afresh.
 * lesson_runtime reseeds before each run anyway; this covers code outside run_chain.
 */
export const AFTER_RESTORE_PYTHON = `
import random
random.seed()
`;
