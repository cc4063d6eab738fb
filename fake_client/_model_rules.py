"""What each model refuses, from the catalogue (`_models`): checked before anything else the
request holds, as the real APIs do.

- A model not in the catalogue, or retired: HTTP 404. Anthropic `not_found_error` "model:
  <id>" (the body public reports quote, e.g. spring-projects/spring-ai#2387 and
  nbramia/LifeOS#470); OpenAI `invalid_request_error`, code `model_not_found`, "The model
  `<id>` does not exist or you do not have access to it."
- Anthropic: `max_tokens` above the model's output ceiling ("max_tokens: N > M, which is the
  maximum allowed number of output tokens for <id>", the API's wording); on a model that
  refuses sampling parameters, a non-default `temperature` / `top_p` or any `top_k`
  ("`temperature` is deprecated for this model.", as reported from the live API in
  simstudioai/sim#5328; `top_p` / `top_k` worded alike by the fake); manual thinking where
  only adaptive thinking is taken, a forced `tool_choice`, an assistant prefill or
  `thinking: {"type": "disabled"}` where the model refuses them (these four wordings are
  the fake's own: the documentation names the 400s without quoting them).
- OpenAI reasoning models (Chat Completions): `max_tokens` ("Unsupported parameter:
  'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead."),
  `temperature` other than 1 ("Unsupported value: 'temperature' does not support 0.2 with
  this model. Only the default (1) value is supported.") and `stop` ("Unsupported
  parameter: 'stop' is not supported with this model."), with `param` and `code`
  (`unsupported_parameter`, `unsupported_value`) as the API sends them; GPT-5.6 with
  function tools unless `reasoning_effort` is "none" ("Function tools with reasoning_effort
  are not supported for gpt-5.6-terra in /v1/chat/completions. ...", `param`
  reasoning_effort, no code: the sources are in `_models`).
"""

from __future__ import annotations

from typing import Any

from ._errors import RequestRefused
from ._models import ModelCard, card, retired


def anthropic_card(body: dict[str, Any]) -> ModelCard:
    """The card of the request's model; the real 404 when there is none, or it is retired."""
    model = body.get("model")
    found = card(model)
    if found is None or found.provider != "anthropic" or retired(found):
        raise RequestRefused(f"model: {model}", status=404, error_type="not_found_error")
    return found


def openai_card(body: dict[str, Any]) -> ModelCard:
    """The card of the request's model; the real 404 when there is none, or it is retired."""
    model = body.get("model")
    found = card(model)
    if found is None or found.provider != "openai" or retired(found):
        raise RequestRefused(f"The model `{model}` does not exist or you do not have access to it.",
                             status=404, code="model_not_found")
    return found


def check_anthropic(model: ModelCard, body: dict[str, Any]) -> None:
    """The request's fields against what the model takes (after the fields' own checks)."""
    max_tokens = body.get("max_tokens")
    if isinstance(max_tokens, int) and max_tokens > model.max_output:
        raise RequestRefused(f"max_tokens: {max_tokens} > {model.max_output}, which is the maximum "
                             f"allowed number of output tokens for {model.id}")
    if not model.sampling:
        defaults = {"temperature": 1, "top_p": 1, "top_k": None}
        for name, default in defaults.items():
            if name in body and body[name] is not None and body[name] != default:
                raise RequestRefused(f"`{name}` is deprecated for this model.")
    thinking = body.get("thinking")
    kind = thinking.get("type") if isinstance(thinking, dict) else None
    if kind == "enabled" and not model.manual_thinking:
        raise RequestRefused('"thinking.type.enabled" is not supported for this model. Use '
                             '"thinking.type.adaptive" and "output_config.effort" to control '
                             "thinking behavior.")
    if kind == "between_tools" and model.thinking_off:
        # Only the models that cannot turn thinking off take "between_tools" (Sonnet 5.5).
        raise RequestRefused('"thinking.type.between_tools" is not supported for this model.')
    if kind == "disabled" and not model.thinking_off:
        # Sonnet 5.5 turns up-front thinking off with "between_tools", not "disabled".
        raise RequestRefused('"thinking.type.disabled" is not supported for this model. Use '
                             '"thinking.type.between_tools" to turn off up-front thinking.')
    choice = body.get("tool_choice")
    if (not model.forced_tool_choice and isinstance(choice, dict)
            and choice.get("type") in ("any", "tool")):
        raise RequestRefused(f"tool_choice: `{choice.get('type')}` is not supported for this "
                             'model. Use `tool_choice: {"type": "auto"}`.')
    messages = body.get("messages")
    if (not model.prefill and isinstance(messages, list) and messages
            and isinstance(messages[-1], dict) and messages[-1].get("role") == "assistant"
            and not _continues_paused_turn(messages[-1])):
        raise RequestRefused("This model does not support assistant message prefill. The "
                             "conversation must end with a user message.")


def _continues_paused_turn(message: dict[str, Any]) -> bool:
    """A last assistant turn that carries the model's own thinking or server-tool blocks is a
    paused turn sent back to be continued (`stop_reason` "pause_turn": platform.claude.com/
    docs/en/build-with-claude/handling-stop-reasons), not a prefill a program wrote."""
    content = message.get("content")  # a checked body: blocks are plain dicts
    return isinstance(content, list) and any(
        isinstance(block, dict) and block.get("type") in ("thinking", "redacted_thinking", "server_tool_use")
        for block in content)


def default_thinking(model: ModelCard, body: dict[str, Any]) -> bool:
    """Whether the model thinks on this request though the request does not ask: it thinks by
    default, the request has no `thinking` field, and no `tool_choice` forces a tool (a
    forced tool is answered without thinking, as under adaptive thinking: `_anthropic_wire`)."""
    if not model.thinks_by_default or body.get("thinking") is not None:
        return False
    choice = body.get("tool_choice")
    return not (isinstance(choice, dict) and choice.get("type") in ("any", "tool"))


def thinking_display(model: ModelCard, body: dict[str, Any]) -> str:
    """How the reply shows its thinking: the request's `thinking.display`, else the model's
    default ("summarized" or "omitted")."""
    thinking = body.get("thinking")
    asked = thinking.get("display") if isinstance(thinking, dict) else None
    return asked if asked in ("summarized", "omitted") else model.thinking_display


def check_openai_chat(model: ModelCard, body: dict[str, Any]) -> None:
    """Chat Completions fields a reasoning model refuses."""
    if not model.reasoning:
        return
    if body.get("max_tokens") is not None:
        raise RequestRefused("Unsupported parameter: 'max_tokens' is not supported with this model. "
                             "Use 'max_completion_tokens' instead.",
                             param="max_tokens", code="unsupported_parameter")
    temperature = body.get("temperature")
    if temperature is not None and temperature != 1:
        raise RequestRefused(f"Unsupported value: 'temperature' does not support {temperature} with "
                             "this model. Only the default (1) value is supported.",
                             param="temperature", code="unsupported_value")
    if body.get("stop") is not None:
        raise RequestRefused("Unsupported parameter: 'stop' is not supported with this model.",
                             param="stop", code="unsupported_parameter")
    if model.chat_tools_need_no_reasoning and body.get("tools") and body.get("reasoning_effort") != "none":
        raise RequestRefused(f"Function tools with reasoning_effort are not supported for {model.id} in "
                             "/v1/chat/completions. To use function tools, use /v1/responses or set "
                             "reasoning_effort to 'none'.", param="reasoning_effort")
