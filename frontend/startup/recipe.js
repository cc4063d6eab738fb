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

/**
 * One throw-away run through lesson_runtime.run_chain, made before Python is called ready
 * (in the snapshot: at build time): the first real run would otherwise pay ~0.5 s for what
 * Python does only once (lazy imports, compiled regular expressions, the traceback
 * machinery, the fake model's first answer in each language). Nothing of it stays: each run
 * starts from a fresh namespace, and ids are counted per client.
 */
export const WARM_UP_PYTHON = `
import lesson_runtime
lesson_runtime.run_chain(["import json"], """
from fake_client import Anthropic, OpenAI
TOOLS = [{"name": "get_weather", "description": "Weather in a city",
          "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}]
for question in ("Какво е времето в София?", "هوای تهران چطور است؟", "上海天气怎么样？",
                 "Какая погода в Москве?", "Яка погода в Києві?", "What is the weather in Paris?"):
    for ask in (
        lambda: Anthropic().messages.create(model="claude-sonnet-4-5", max_tokens=256, tools=TOOLS,
                                            messages=[{"role": "user", "content": question}]),
        lambda: OpenAI().chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": question}]),
    ):
        try:
            print(ask())
        except Exception as error:
            print(error)
for step in range(3): pass
print(json.dumps({"done": True}))
1 / 0
""", timeout=60)
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
