"""Recorded conversations for the conversation checks' tests: the tests' shop loop in each
API shape, run against fake_client (faults on demand) inside `recording()`, returned as the
transcript the checks read ({"calls", "status", "output"}); and small edits of a record that
break one rule, where the fake itself would refuse to record the broken request."""

from __future__ import annotations

import copy
from typing import Any, Callable, Optional

import fake_client
from fake_client import Anthropic, OpenAI

from support.fake_client_programs import (SHOP_QUESTIONS, SHOP_SYSTEM, anthropic_loop, openai_loop,
                                          openai_tools, responses_loop, responses_tools, shop_runner,
                                          shop_tools)

SHAPES = ("anthropic", "openai", "responses")
LANG = "ru"


def shop_record(shape: str, question: str = "two", *, faults: tuple = (), after_first: tuple = (),
                run: Optional[Callable] = None, max_calls: int = 4, chained: bool = False) -> dict[str, Any]:
    """The shop loop on one question (a key of SHOP_QUESTIONS): `faults` meet the first
    calls, `after_first` the calls after the first tool result; `run` replaces the shop's
    tools (name, arguments → text, is_error)."""
    tools, runner = shop_tools(LANG), run or shop_runner(LANG)
    done = {"first": False}

    def tool(name: str, arguments: dict) -> tuple[str, bool]:
        if after_first and not done["first"]:
            fake_client.faults.next(*after_first)
        done["first"] = True
        return runner(name, arguments)

    fake_client.faults.clear()
    if faults:
        fake_client.faults.next(*faults)
    text = SHOP_QUESTIONS[question][LANG]
    with fake_client.recording() as calls:
        if shape == "anthropic":
            loop = anthropic_loop(Anthropic(), text, system=SHOP_SYSTEM[LANG], tools=tools, run=tool,
                                  max_calls=max_calls)
            last = loop["steps"][-1]
        elif shape == "openai":
            loop = openai_loop(OpenAI(), text, system=SHOP_SYSTEM[LANG], tools=openai_tools(tools), run=tool,
                               max_calls=max_calls)
            last = loop["steps"][-1]
        else:
            loop = responses_loop(OpenAI(), text, system=SHOP_SYSTEM[LANG], tools=responses_tools(tools),
                                  run=tool, max_calls=max_calls, chained=chained)
            last = loop["steps"][-1]
    fake_client.faults.clear()
    return {"calls": copy.deepcopy(calls), "status": "done", "output": (last.get("text") or "") + "\n"}


def sent_back(record: dict[str, Any], index: int) -> list:
    """The message (or input item) list of the request of call `index` (1-based), to edit."""
    request = record["calls"][index - 1]["request"]
    return request["messages"] if "messages" in request else request["input"]


def results_of(record: dict[str, Any], index: int) -> list[dict]:
    """The results sent in the request of call `index`, in place (Messages: the tool_result
    blocks; Chat Completions: the tool messages; Responses: the function_call_output items)."""
    found = []
    for entry in sent_back(record, index):
        if entry.get("role") == "tool" or entry.get("type") == "function_call_output":
            found.append(entry)
        elif isinstance(entry.get("content"), list):
            found += [block for block in entry["content"]
                      if isinstance(block, dict) and block.get("type") == "tool_result"]
    return found


def drop_result(record: dict[str, Any], index: int) -> dict[str, Any]:
    """A copy without the last result that the request of call `index` sends."""
    record = copy.deepcopy(record)
    last = results_of(record, index)[-1]
    entries = sent_back(record, index)
    for entry in entries:
        if isinstance(entry.get("content"), list) and any(block is last for block in entry["content"]):
            entry["content"] = [block for block in entry["content"] if block is not last]
            return record
    entries[:] = [entry for entry in entries if entry is not last]
    return record


def unmark_errors(record: dict[str, Any], index: int) -> dict[str, Any]:
    """A copy whose request `index` sends its error results as plain results."""
    record = copy.deepcopy(record)
    for result in results_of(record, index):
        result.pop("is_error", None)
        for key in ("content", "output"):
            if isinstance(result.get(key), str) and result[key].startswith("Error: "):
                result[key] = result[key][len("Error: "):]
    return record


def rebuild_turn(record: dict[str, Any], index: int) -> dict[str, Any]:
    """A copy whose request `index` sends the model's turn rebuilt from parts: its first
    block or item left out (a thinking block, a reasoning item, a tool call)."""
    record = copy.deepcopy(record)
    entries = sent_back(record, index)
    for position, entry in enumerate(entries):
        if entry.get("role") == "assistant" and isinstance(entry.get("content"), list):
            entry["content"] = entry["content"][1:]
            return record
        if entry.get("role") == "assistant" and entry.get("tool_calls"):
            entry["tool_calls"] = entry["tool_calls"][1:]
            return record
        if entry.get("type") in ("reasoning", "function_call", "message") and entry.get("role") != "user":
            del entries[position]
            return record
    raise AssertionError("no model turn in that request")


def reply_words(record: dict[str, Any], index: int) -> str:
    """What the reply of call `index` says (its text, or its refusal), in any shape."""
    response = record["calls"][index - 1]["response"]
    if "choices" in response:
        message = response["choices"][0]["message"]
        return message.get("content") or message.get("refusal") or ""
    parts = response.get("content") or [part for item in response.get("output") or []
                                         if item.get("type") == "message" for part in item["content"]]
    return "".join(part.get("text") or part.get("refusal") or "" for part in parts)
