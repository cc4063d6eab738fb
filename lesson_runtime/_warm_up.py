"""The warm-up: throw-away runs made before an interpreter takes its first lesson's chains.

The first real run of an interpreter would otherwise pay for what Python does only once:
lazy imports, compiled regular expressions, the traceback machinery, the fake model's first
answer in each language (about 0.5 s in the browser; at build time, a tenth of the CPU time
of a lesson's runs). The browser's memory snapshot is taken after them, its worker makes them
again after each start (the engine compiles its fastest code only for what ran often), and
the build's zygote makes them before it forks a worker per lesson, so that both run a
lesson's chains in the same kind of warmed interpreter. Nothing of them stays: each run starts from a fresh namespace, what a
run changes is put back (``_isolation``), and ids are counted per client.

They are small pieces, one question each, so that the browser's worker can make them while
no page waits for a run: a page's run then waits for one piece at most.
"""

from fake_client.locales import LANGUAGES

from ._run import run_chain

_DEFINITIONS = """
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
"""

# One question per language the fake speaks (each locale's WARM_UP), then two other worlds.
_QUESTIONS = (*(locale.WARM_UP for locale in LANGUAGES.values()), "Какво е времето в София?", "Hello!")

_TIMEOUT_S = 60.0

#: Each warm-up run as ``{"setup", "code", "timeout"}``, the shape of a page's run.
WARM_UP_CHAINS = [
    *({"setup": ["import json", _DEFINITIONS], "code": f"ask_both({question!r})\n", "timeout": _TIMEOUT_S}
      for question in _QUESTIONS),
    # A loop and an uncaught error: the traceback machinery.
    {"setup": ["import json", _DEFINITIONS], "code": "for step in range(3): pass\n1 / 0\n", "timeout": _TIMEOUT_S},
]


def warm_up() -> None:
    """Make every warm-up run once (their transcripts are dropped)."""
    for chain in WARM_UP_CHAINS:
        run_chain(chain["setup"], chain["code"], timeout=chain["timeout"])
