"""A request body as the wire carries it: plain JSON data, and refused where JSON cannot
carry it.

The in-process clients take Python values (response objects handed back, tuples, numbers
as dict keys); the server gets JSON text. Either way the model reads plain JSON data:
dicts with text keys (other keys written as `json.dumps` writes them), lists, text,
numbers, booleans and null. What a real SDK would send but the real API could not parse
(NaN or Infinity, which `json.dumps` writes but JSON has not), or nesting deeper than
`MAX_DEPTH`, is refused here, before any check looks inside (both wordings are the fake's
own except OpenAI's for JSON it cannot parse, quoted from its replies).
"""

from __future__ import annotations

import math
from typing import Any

from ._errors import RequestRefused
from ._not_given import NOT_GIVEN

MAX_DEPTH = 64
OPENAI_UNPARSABLE = ("We could not parse the JSON body of your request. (HINT: This likely means you aren't "
                     "using your HTTP library correctly. The OpenAI API expects a JSON payload, but what was "
                     "sent was not valid JSON. If you have trouble figuring out how to fix this, please contact "
                     "us through our help center at help.openai.com.)")


def unparsable(api: str, detail: str) -> RequestRefused:
    """The refusal of a body that is not JSON (`detail` says why, in the Anthropic wording)."""
    if api == "openai":
        return RequestRefused(OPENAI_UNPARSABLE)
    return RequestRefused(f"There was an error parsing the body of your request: {detail}")


# The body made last: a request goes through the client, the service and the check, and
# each asks for it plain; the second and third time, it is this same object, already plain,
# and walking it again cost a third of a call's time. Nothing changes a body once made.
_last_made: Any = None


def plain_body(body: Any, api: str) -> Any:
    """`body` as plain JSON data; `RequestRefused` (in the wording of `api`) for what JSON
    cannot carry."""
    global _last_made
    if body is _last_made and body is not None:
        return body
    made = _plain(body, api, 0)
    if isinstance(made, dict):
        _last_made = made
    return made


def _plain(value: Any, api: str, depth: int) -> Any:
    if depth > MAX_DEPTH:
        if api == "openai":
            raise RequestRefused(f"Invalid request: the JSON body is nested more than {MAX_DEPTH} levels deep.")
        raise RequestRefused(f"The request body is nested more than {MAX_DEPTH} levels deep.")
    if value is None or isinstance(value, (str, bool, int)):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise unparsable(api, f"{value!r} is not a JSON number")
        return value
    to_dict = getattr(value, "to_dict", None)  # a response object handed back (ours or the SDK's)
    if callable(to_dict) and not isinstance(value, dict):
        return _plain(to_dict(), api, depth)
    if isinstance(value, dict):
        return {_key(key): _plain(item, api, depth + 1) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(item, api, depth + 1) for item in value]
    return value  # not JSON at all (a set, an object): the checks refuse it by its place


def _key(key: Any) -> Any:
    """A dict key as `json.dumps` writes it."""
    if isinstance(key, str):
        return key
    if key is None:
        return "null"
    if isinstance(key, bool):
        return "true" if key else "false"
    if isinstance(key, (int, float)):
        return repr(key) if isinstance(key, float) else str(key)
    return key


def as_list(messages: Any) -> Any:
    """`messages` as a list when it is a sequence or another iterable of messages (a
    generator); anything else as it is, for the check to refuse as the API refuses it."""
    if isinstance(messages, (list, tuple)):
        return list(messages)
    if isinstance(messages, (str, bytes, dict)) or not hasattr(messages, "__iter__"):
        return messages
    return list(messages)


def given_body(required: dict[str, Any], given: dict[str, Any], extra_body: Any) -> dict[str, Any]:
    """A request's body from a client call's arguments: the required fields, then each other
    argument the caller gave (those left `NOT_GIVEN` are not sent), then `extra_body` over
    them, as the SDKs merge it."""
    body = dict(required)
    body.update({name: value for name, value in given.items() if value is not NOT_GIVEN})
    if isinstance(extra_body, dict):
        body.update(extra_body)
    return body
