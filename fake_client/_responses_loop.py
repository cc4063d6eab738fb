"""The tool loop's rules in the Responses API, checked over the whole conversation (the held
items of `previous_response_id` and the new `input`).

Refused as the real API refuses them: HTTP 400 `invalid_request_error`, `param` "input",
`code` null, with the wording quoted from its replies:

- a `function_call_output` whose `call_id` answers no earlier `function_call`: "No tool call
  found for function call output with call_id call_….", quoted in
  github.com/continuedev/continue/issues/10092;
- a `function_call` with no `function_call_output` after it: "No tool output found for function
  call call_….", quoted in github.com/tjardoo/openai-client/pull/124;
- a `function_call` sent back without the `reasoning` item that came before it in its response
  (OpenAI's cookbook "Better performance from reasoning models using the Responses API",
  cookbook.openai.com/examples/responses_api/reasoning_items, asks to pass reasoning items back
  with the calls): "Item 'fc_…' of type 'function_call' was provided without its required
  'reasoning' item: 'rs_…'.", quoted in github.com/openai/openai-agents-python/issues/722 and
  github.com/continuedev/continue/issues/10018;
- a `reasoning` item with nothing after it: "Item 'rs_…' of type 'reasoning' was provided
  without its required following item.", quoted in github.com/vercel/ai/issues/7099.
"""

from __future__ import annotations

from typing import Any, Callable, Optional

from ._errors import RequestRefused
from ._responses_check import item_type


def check_loop(items: list[dict[str, Any]], reasoning_before: Callable[[str], Optional[str]]) -> None:
    """`RequestRefused` for the first rule the conversation `items` breaks;
    `reasoning_before(fc_id)` names the reasoning item a function call came after, if any."""
    calls: set[str] = set()
    answered: set[str] = set()
    reasoning_seen: set[str] = set()
    for index, item in enumerate(items):
        kind = item_type(item)
        if kind == "reasoning":
            if item.get("id"):
                reasoning_seen.add(item["id"])
            if index == len(items) - 1:
                raise _refused(f"Item '{item.get('id')}' of type 'reasoning' was provided without its "
                               "required following item.")
        elif kind == "function_call":
            required = reasoning_before(item["id"]) if item.get("id") else None
            if required is not None and required not in reasoning_seen:
                raise _refused(f"Item '{item['id']}' of type 'function_call' was provided without its "
                               f"required 'reasoning' item: '{required}'.")
            calls.add(item["call_id"])
        elif kind == "function_call_output":
            if item["call_id"] not in calls:
                raise _refused("No tool call found for function call output with call_id "
                               f"{item['call_id']}.")
            answered.add(item["call_id"])
    for item in items:
        if item_type(item) == "function_call" and item["call_id"] not in answered:
            raise _refused(f"No tool output found for function call {item['call_id']}.")


def _refused(message: str) -> RequestRefused:
    return RequestRefused(message, param="input", code=None)
