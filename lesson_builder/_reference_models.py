"""The reference page's model facts: two tables (Anthropic, OpenAI) read from fake_client's
catalogue when the page is built, never typed, so that a change to the catalogue is a change
to the page. Each figure's source is named in ``fake_client._models``."""

import datetime
from typing import Mapping

from fake_client._models import ModelCard, retired

from ._reference_texts import ReferenceTexts, put

PROVIDERS = ("anthropic", "openai")
PROVIDER_NAMES = {"anthropic": "Anthropic", "openai": "OpenAI"}


def model_cards(catalogue: Mapping[str, ModelCard], provider: str) -> list[ModelCard]:
    """The provider's models, newest first (as the model lists give them)."""
    return sorted((card for card in catalogue.values() if card.provider == provider),
                  key=lambda card: (card.released, card.id), reverse=True)


def model_columns(provider: str) -> tuple[str, ...]:
    """The keys of a provider's columns (their headings are the language's `models.<key>`)."""
    if provider == "anthropic":
        # What the model refuses is shown beside what it does: turning thinking off, manual
        # thinking, sampling parameters, a prefill and a forced call are each a 400 on some
        # course models (the first lesson sends `thinking={"type": "disabled"}`).
        return ("model", "course_name", "context", "output", "thinking", "thinking_off", "manual_thinking",
                "sampling", "prefill", "forced_tool_choice", "tool_prompt", "retires")
    # Whether Chat Completions takes function tools only with `reasoning_effort="none"`: the
    # shapes table's row names these models; this column says it model by model.
    return ("model", "course_name", "context", "output", "reasoning", "chat_tools_need_no_reasoning", "retires")


# The settings a model may refuse with a 400: a column each, "yes" where the model takes it.
REFUSABLE = ("thinking_off", "manual_thinking", "sampling", "prefill", "forced_tool_choice")

# The `tool_choice` kinds that force a call.
FORCED_KINDS = ("any", "tool")


def model_table(texts: ReferenceTexts, catalogue: Mapping[str, ModelCard], provider: str,
                course_names: Mapping[str, str], today: datetime.date) -> str:
    """One provider's table, in markdown: a row per model of the catalogue."""
    words = texts.words["models"]
    columns = model_columns(provider)
    lines = ["| " + " | ".join(words[key] for key in columns) + " |",
             "| " + " | ".join("---" for _ in columns) + " |"]
    for card in model_cards(catalogue, provider):
        cells = [_cell(texts, card, key, course_names, today) for key in columns]
        lines.append(f'| {" | ".join(cells)} |')
    return "\n".join(lines)


def _cell(texts: ReferenceTexts, card: ModelCard, key: str, course_names: Mapping[str, str],
          today: datetime.date) -> str:
    words = texts.words["models"]
    if key == "model":
        return f"`{card.id}`"
    if key == "course_name":
        names = [name for name, model_id in course_names.items() if model_id == card.id]
        return words["separator"].join(f"`{name}`" for name in names) or "—"
    if key == "context":
        return texts.number(card.context_window)
    if key == "output":
        return texts.number(card.max_output)
    if key == "thinking":
        if not card.thinks_by_default:
            return words["no"]
        # The language's own brackets (是（…）), and a display the pages found do not state marked
        display = words["display"][card.thinking_display] + (words["assumed"] if card.thinking_display_assumed else "")
        return put(words["thinking_yes"], {"display": display})
    if key in REFUSABLE:
        return words["yes"] if getattr(card, key) else words["no"]
    if key in ("reasoning", "chat_tools_need_no_reasoning"):
        return words["yes"] if getattr(card, key) else words["no"]
    if key == "tool_prompt":
        return _tool_prompt(texts, card)
    if key == "retires":
        if card.retires is None:
            return words["never"]
        day = texts.date(card.retires)
        return put(words["retired"], {"date": day}) if retired(card, today) else day
    raise KeyError(key)


def _tool_prompt(texts: ReferenceTexts, card: ModelCard) -> str:
    """Tokens per `tool_choice` kind, kinds with the same figure together, in the language's
    punctuation: `auto`, `none`: 346 (`auto`、`none`：346 in Chinese)."""
    by_figure: dict[int, list[str]] = {}
    for kind, tokens in card.tool_prompt.items():
        if kind in FORCED_KINDS and not card.forced_tool_choice:
            continue  # the model refuses these kinds: no figure for a request it never takes
        by_figure.setdefault(tokens, []).append(kind)
    phrases = texts.words["phrases"]
    figures = texts.words["models"]["separator"].join(
        phrases["comma"].join(f"`{kind}`" for kind in kinds) + phrases["colon"] + texts.number(tokens)
        for tokens, kinds in by_figure.items())
    # Figures carried over from another model are not this model's published facts: say so.
    return figures + texts.words["models"]["tool_prompt_carried"] if card.tool_prompt_carried else figures
