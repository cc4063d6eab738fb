"""The reference page's worked example: one shop question sent in each API shape to fake_client
when the page is built, and the JSON of what came back (the tool call) and of what the program
sends back (the result), so that the three shapes are shown as the teaching model really answers
them, not typed. The question, the tool's description and the result's text are the page's
language's; the tool's name and schema are the same everywhere."""

import json
from dataclasses import dataclass
from typing import Mapping

import fake_client
from fake_client import Anthropic, OpenAI

TOOL_NAME = "get_order_status"
SCHEMA = {"type": "object", "properties": {"order_id": {"type": "string"}}, "required": ["order_id"]}
MAX_TOKENS = 4096  # the course's budget: room for the thinking a model does by default


@dataclass(frozen=True)
class ShapeExample:
    """One shape's part of the example: the tool definition sent, the call that came back and
    the result sent after it, each as indented JSON."""

    shape: str
    tool: str
    call: str
    result: str


def _json(value, indent: int = 0, width: int = 72) -> str:
    """JSON as a reader scans it: a value that fits on its line stays on it, others open up."""
    inline = json.dumps(value, ensure_ascii=False)
    if indent + len(inline) <= width or not isinstance(value, (dict, list)) or not value:
        return inline
    inner = " " * (indent + 2)
    if isinstance(value, dict):
        items = [f"{inner}{json.dumps(key, ensure_ascii=False)}: {_json(item, indent + 2, width)}"
                 for key, item in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    items = [f"{inner}{_json(item, indent + 2, width)}" for item in value]
    return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"


# A call's keys in the order the API's own documentation writes them (an SDK dump sorts some
# of them, which put `type` last in one block and in the middle in another).
CALL_KEYS = {"messages": ("type", "id", "name", "input"), "chat": ("id", "type", "function"),
             "responses": ("type", "id", "call_id", "name", "arguments", "status"),
             "chat_function": ("name", "arguments")}


def _in_api_order(shape: str, dumped: dict) -> dict:
    """The dumped call with the shape's keys first, in its API's order; any other key after."""
    first = [key for key in CALL_KEYS[shape] if key in dumped]
    ordered = {key: dumped[key] for key in first + [key for key in dumped if key not in first]}
    if shape == "chat":  # the function inside a Chat Completions call: its name, then its arguments
        ordered["function"] = _in_api_order("chat_function", ordered["function"])
    return ordered


def shape_examples(lang: str, question: str, description: str, result: str,
                   models: Mapping[str, str]) -> list[ShapeExample]:
    """The example in Messages, Chat Completions and Responses; ``models``: the course's
    ``MODEL`` (Anthropic) and ``OPENAI_MODEL``. Raises fake_client.APIError when a model is
    refused (a course file the build reports anyway)."""
    asked = [{"role": "user", "content": question}]
    anthropic_tool = {"name": TOOL_NAME, "description": description, "input_schema": SCHEMA}
    chat_tool = {"type": "function", "function": {"name": TOOL_NAME, "description": description, "parameters": SCHEMA}}
    # "strict": False as in the course's responses_tool: without it Responses tries to make the function strict
    responses_tool = {"type": "function", "name": TOOL_NAME, "description": description, "parameters": SCHEMA,
                      "strict": False}
    with fake_client.page_language(lang):
        message = Anthropic().messages.create(model=models["MODEL"], max_tokens=MAX_TOKENS,
                                              tools=[anthropic_tool], messages=asked)
        # reasoning_effort "none": GPT-5.6 takes function tools in Chat Completions only so, as
        # the course's loops send it (fake_client._models names the sources)
        completion = OpenAI().chat.completions.create(model=models["OPENAI_MODEL"], max_completion_tokens=MAX_TOKENS,
                                                      tools=[chat_tool], reasoning_effort="none", messages=asked)
        response = OpenAI().responses.create(model=models["OPENAI_MODEL"], max_output_tokens=MAX_TOKENS,
                                             tools=[responses_tool], input=asked)
    block = next(block for block in message.content if block.type == "tool_use")
    call = completion.choices[0].message.tool_calls[0]
    item = next(item for item in response.output if item.type == "function_call")
    return [
        ShapeExample("messages", _json(anthropic_tool), _json(_in_api_order("messages", block.model_dump(exclude_none=True))),
                     _json({"role": "user", "content": [
                         {"type": "tool_result", "tool_use_id": block.id, "content": result}]})),
        ShapeExample("chat", _json(chat_tool), _json(_in_api_order("chat", call.model_dump(exclude_none=True))),
                     _json({"role": "tool", "tool_call_id": call.id, "content": result})),
        ShapeExample("responses", _json(responses_tool), _json(_in_api_order("responses", item.model_dump(exclude_none=True))),
                     _json({"type": "function_call_output", "call_id": item.call_id, "output": result})),
    ]
