"""A Responses API call in the run picture's Chat Completions terms: the Python twin of
``frontend/shared/run-picture-responses.js`` (same rules, tested equal through the HTML both
render). ``instructions`` and ``system`` / ``developer`` items become system messages,
``function_call`` items an assistant message's ``tool_calls`` (by ``call_id``),
``function_call_output`` items ``tool`` messages, the response's output the reply, its
``status`` the stop; a request that continues ``previous_response_id`` gets the conversation
held under that id (from an earlier call of the same run) first. The JSON shown stays as sent."""

from typing import Any

RESPONSES = "openai_responses"


def responses_view(call: dict, held: dict[str, list]) -> dict:
    """The call seen as Chat Completions (``request``, ``response``); ``held`` maps a response
    id to its conversation, filled as the run's calls are read in order."""
    request = call.get("request") if isinstance(call.get("request"), dict) else {}
    previous_id = request.get("previous_response_id")
    previous = held.get(previous_id) if isinstance(previous_id, str) else None
    messages = [dict(message) for message in previous or []]  # copies: a later item may add to the last
    if isinstance(request.get("instructions"), str) and previous is None:
        messages.append({"role": "system", "content": request["instructions"]})
    items = request.get("input")
    items = [{"role": "user", "content": items}] if isinstance(items, str) else items if isinstance(items, list) else []
    for item in items:
        _add_item(messages, item)
    tools = request.get("tools")
    tools = [{"type": "function", "function": {"name": tool.get("name")}} if isinstance(tool, dict) else tool
             for tool in tools] if isinstance(tools, list) else None
    view: dict[str, Any] = {"request": {"tools": tools, "tool_choice": request.get("tool_choice"),
                                        "parallel_tool_calls": request.get("parallel_tool_calls"),
                                        "messages": messages},
                            "response": None}
    response = call.get("response") if isinstance(call.get("response"), dict) else None
    if response is not None:
        reply: list = []
        for item in response.get("output") if isinstance(response.get("output"), list) else []:
            _add_item(reply, item)
        message = reply[0] if reply else {"role": "assistant", "content": None}
        usage = response.get("usage") if isinstance(response.get("usage"), dict) else {}
        view["response"] = {"choices": [{"finish_reason": response.get("status"), "message": message}],
                            "usage": {"prompt_tokens": usage.get("input_tokens"),
                                      "completion_tokens": usage.get("output_tokens")}}
        if isinstance(response.get("id"), str) and request.get("store") is not False:
            held[response["id"]] = [*messages, message]
    return view


def _add_item(messages: list, item: Any) -> None:
    """One item added to the messages: the model's text and calls gather in one assistant message."""
    if not isinstance(item, dict):
        return
    kind = item.get("type") if item.get("type") is not None else "message"

    def assistant() -> dict:
        if messages and messages[-1].get("role") == "assistant":
            return messages[-1]
        message = {"role": "assistant", "content": None}
        messages.append(message)
        return message

    if kind == "function_call":
        message = assistant()
        message["tool_calls"] = [*(message.get("tool_calls") or []), {
            "id": item.get("call_id"), "type": "function",
            "function": {"name": item.get("name"), "arguments": item.get("arguments")}}]
    elif kind == "function_call_output":
        messages.append({"role": "tool", "tool_call_id": item.get("call_id"), "content": item.get("output")})
    elif kind == "message" and item.get("role") == "assistant":
        message = assistant()
        text = _text_of(item.get("content"))
        message["content"] = text if message["content"] is None else f"{message['content']}\n{text}"
    elif kind == "message":
        content = item.get("content")
        if isinstance(content, list):
            content = [{"type": "text", "text": part["text"]} if isinstance(part, dict) and isinstance(part.get("text"), str)
                       else part for part in content]
        messages.append({"role": item.get("role"), "content": content})


def _text_of(content: Any) -> str:
    if isinstance(content, str):
        return content
    return "".join(part["text"] if isinstance(part, dict) and isinstance(part.get("text"), str) else ""
                   for part in (content if isinstance(content, list) else []))


def in_responses_words(chips: list[dict]) -> list[dict]:
    """The chips of a Responses call in its own words: ``function_call`` and
    ``function_call_output``, tied by ``call_id``."""
    for chip in chips:
        if chip["kind"] == "tool_use":
            chip.update(label="function_call", id_field="call_id")
        elif chip["kind"] == "tool_result":
            chip.update(label="function_call_output", id_field="call_id")
    return chips
