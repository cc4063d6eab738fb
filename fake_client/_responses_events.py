"""Streaming in the Responses API: a response sent as typed events, as the real API sends it
with `stream=True` (the sequence in the API reference, "Responses › Streaming events",
developers.openai.com/api/reference/resources/responses/streaming-events).

The fake writes the whole response first (the one `stream=False` gets: same ids, same usage),
then sends it as events, each with the next `sequence_number` (from 0):

    response.created, response.in_progress     the response, `status` "in_progress", no output
    per output item (its `output_index`):
      response.output_item.added               the item, still empty
      a message: response.content_part.added, response.output_text.delta (a word at a
        time), response.output_text.done, response.content_part.done
      a function call: response.function_call_arguments.delta (the JSON text in pieces),
        response.function_call_arguments.done
      a reasoning item with a summary: response.reasoning_summary_part.added,
        response.reasoning_summary_text.delta / .done, response.reasoning_summary_part.done
      response.output_item.done                the item, whole
    response.completed (or response.incomplete when `max_output_tokens` cut it)

There is no `[DONE]` line: the last event ends the stream. Put together, the events give the
non-streamed response again (what the SDK's `client.responses.stream(...)` helper does).
Simplified as in the other shapes: pieces are words or JSON pieces, sent at once.
"""

from __future__ import annotations

import itertools
from typing import Any, Callable, Iterator

from ._model_base import ResponseModel
from ._responses_types import Response, Summary, content_part, output_item
from ._streaming import json_pieces, text_pieces


def response_events(response: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """The stream events (wire JSON) that carry `response`."""
    numbers = itertools.count()

    def event(kind: str, **fields: Any) -> dict[str, Any]:
        # openai's event types declare their fields in alphabetical order; so are these.
        fields.update(sequence_number=next(numbers), type=kind)
        return {name: fields[name] for name in sorted(fields)}

    opening = {**response, "incomplete_details": None, "output": [], "status": "in_progress",
               "completed_at": None, "usage": None}
    yield event("response.created", response=opening)
    yield event("response.in_progress", response=opening)
    for index, item in enumerate(response["output"]):
        yield event("response.output_item.added", item=_empty(item), output_index=index)
        for kind, fields in _item_events(item):
            yield event(kind, item_id=item["id"], output_index=index, **fields)
        yield event("response.output_item.done", item=item, output_index=index)
    ending = "response.completed" if response["status"] == "completed" else "response.incomplete"
    yield event(ending, response=response)


def _empty(item: dict[str, Any]) -> dict[str, Any]:
    """An output item as `response.output_item.added` announces it: nothing written yet."""
    if item["type"] == "message":
        return {**item, "content": [], "status": "in_progress"}
    if item["type"] == "function_call":
        return {**item, "arguments": "", "status": "in_progress"}
    return {"id": item["id"], "summary": [], "type": "reasoning"}


def _item_events(item: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    if item["type"] == "message":
        for number, part in enumerate(item["content"]):
            if part["type"] == "refusal":
                yield "response.content_part.added", {"content_index": number, "part": {**part, "refusal": ""}}
                for piece in text_pieces(part["refusal"]):
                    yield "response.refusal.delta", {"content_index": number, "delta": piece}
                yield "response.refusal.done", {"content_index": number, "refusal": part["refusal"]}
                yield "response.content_part.done", {"content_index": number, "part": part}
                continue
            yield "response.content_part.added", {"content_index": number, "part": {**part, "text": ""}}
            for piece in text_pieces(part["text"]):
                yield "response.output_text.delta", {"content_index": number, "delta": piece, "logprobs": []}
            yield "response.output_text.done", {"content_index": number, "logprobs": [], "text": part["text"]}
            yield "response.content_part.done", {"content_index": number, "part": part}
    elif item["type"] == "function_call":
        for piece in json_pieces(item["arguments"]):
            yield "response.function_call_arguments.delta", {"delta": piece}
        yield "response.function_call_arguments.done", {"arguments": item["arguments"]}
    else:
        for number, summary in enumerate(item["summary"]):
            yield "response.reasoning_summary_part.added", {"part": {**summary, "text": ""}, "summary_index": number}
            for piece in text_pieces(summary["text"]):
                yield "response.reasoning_summary_text.delta", {"delta": piece, "summary_index": number}
            yield "response.reasoning_summary_text.done", {"summary_index": number, "text": summary["text"]}
            yield "response.reasoning_summary_part.done", {"part": summary, "summary_index": number}


def _part(data: dict[str, Any]) -> ResponseModel:
    return Summary.from_dict(data) if data["type"] == "summary_text" else content_part(data)


# Each event's type, named as openai names it, and its fields (in the SDK's order).
_EVENTS: dict[str, tuple[str, tuple[str, ...]]] = {
    "response.created": ("ResponseCreatedEvent", ("response",)),
    "response.in_progress": ("ResponseInProgressEvent", ("response",)),
    "response.completed": ("ResponseCompletedEvent", ("response",)),
    "response.incomplete": ("ResponseIncompleteEvent", ("response",)),
    "response.output_item.added": ("ResponseOutputItemAddedEvent", ("item", "output_index")),
    "response.output_item.done": ("ResponseOutputItemDoneEvent", ("item", "output_index")),
    "response.content_part.added": ("ResponseContentPartAddedEvent",
                                    ("content_index", "item_id", "output_index", "part")),
    "response.content_part.done": ("ResponseContentPartDoneEvent",
                                   ("content_index", "item_id", "output_index", "part")),
    "response.output_text.delta": ("ResponseTextDeltaEvent",
                                   ("content_index", "delta", "item_id", "logprobs", "output_index")),
    "response.output_text.done": ("ResponseTextDoneEvent",
                                  ("content_index", "item_id", "logprobs", "output_index", "text")),
    "response.refusal.delta": ("ResponseRefusalDeltaEvent",
                               ("content_index", "delta", "item_id", "output_index")),
    "response.refusal.done": ("ResponseRefusalDoneEvent",
                              ("content_index", "item_id", "output_index", "refusal")),
    "response.function_call_arguments.delta": ("ResponseFunctionCallArgumentsDeltaEvent",
                                               ("delta", "item_id", "output_index")),
    "response.function_call_arguments.done": ("ResponseFunctionCallArgumentsDoneEvent",
                                              ("arguments", "item_id", "output_index")),
    "response.reasoning_summary_part.added": ("ResponseReasoningSummaryPartAddedEvent",
                                              ("item_id", "output_index", "part", "summary_index")),
    "response.reasoning_summary_part.done": ("ResponseReasoningSummaryPartDoneEvent",
                                             ("item_id", "output_index", "part", "summary_index")),
    "response.reasoning_summary_text.delta": ("ResponseReasoningSummaryTextDeltaEvent",
                                              ("delta", "item_id", "output_index", "summary_index")),
    "response.reasoning_summary_text.done": ("ResponseReasoningSummaryTextDoneEvent",
                                             ("item_id", "output_index", "summary_index", "text")),
}
_NESTED: dict[str, Callable[[dict[str, Any]], Any]] = {
    "response": Response.from_dict, "item": output_item, "part": _part}

EVENT_TYPES: dict[str, type[ResponseModel]] = {
    kind: type(name, (ResponseModel,), {
        "__doc__": f"The `{kind}` event (see `fake_client._responses_events` for the order).",
        "_fields": tuple(sorted((*fields, "sequence_number", "type"))),
        "_nested": {field: _NESTED[field] for field in fields if field in _NESTED}})
    for kind, (name, fields) in _EVENTS.items()}


def stream_event(data: dict[str, Any]) -> ResponseModel:
    """An event object of the type its `type` names."""
    return EVENT_TYPES[data["type"]].from_dict(data)
