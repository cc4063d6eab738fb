"""The model catalogue: what the fake knows of each model a lesson may name, both providers.

One `ModelCard` a model id: its context window and output ceiling, whether it thinks when the
request says nothing (and how the thinking is shown), which request fields it refuses (the
400s and their wording are in `_model_rules`), whether it takes a forced `tool_choice` and an
assistant prefill, the tool-use system prompt it adds per `tool_choice`, the shortest prefix
its prompt cache keeps, and its retirement date. Every figure names the documentation page it
comes from, as read on 2026-12-05.

Retirement is judged as the API judges it: against today's date (UTC), on the day itself. A
model that is not in the catalogue, or whose retirement day has come, is answered with the
real 404 (`_model_rules.anthropic_card`, `_model_rules.openai_card`). `FAKE_CLIENT_TODAY` (an ISO date such as
2026-12-11) sets "today" for tests; nothing else reads it. Lessons stay deterministic because
they name their models once, in the course file (`models:` of `lessons/course.yaml`): the
build refuses a model retired on its day and warns within `LESSON_MARGIN_DAYS` of the
retirement (`lesson_builder._course_models`), and `tests/content` fails within that margin of
the real date, long before the day comes.

`models.list()` / `models.retrieve()` (and `GET /v1/models`, `GET /v1/models/{id}` in
`serve`) answer from this table, shaped as the real APIs (`_models_api`).
"""

from __future__ import annotations

import datetime
import os
from dataclasses import dataclass, field
from typing import Optional

from ._tool_tokens import ANTHROPIC_TOOL_PROMPT

# The course's models are warned of (the build) and failed (tests/content) this many days
# before they retire.
LESSON_MARGIN_DAYS = 60

# Anthropic's published tool-use system prompt, per `tool_choice` kind. The current "Tool use
# with Claude" pricing table could not be found in the documentation searched on 2026-12-05
# (the pages found list only Claude 3 models: docs.anthropic.com/en/docs/tool-use-pricing-and-tokens),
# nor the 354 (auto/none) and 474 (any/tool) tokens issue 32 gives for Claude Sonnet 5; the
# figure the fake used before (346 for auto/none, 313 for any/tool, from the table for
# Claude 4.x, `_tool_tokens`) is kept for every Claude model until a current table is found.
_CLAUDE_TOOL_PROMPT = dict(ANTHROPIC_TOOL_PROMPT)
# OpenAI publishes no tool prompt: its cookbook ("How to count tokens with tiktoken", tools
# section) counts 7 tokens per function and 12 to close the list (see `_tool_tokens`).
_NO_TOOL_PROMPT = {"auto": 0, "none": 0, "any": 0, "tool": 0}


@dataclass(frozen=True)
class ModelCard:
    """One model as the fake knows it.

    `provider`: "anthropic" or "openai". `context_window`: input tokens past which a request is
    refused. `max_output`: the highest `max_tokens` (Anthropic) the API takes.
    `thinks_by_default`: the model thinks when the request has no `thinking` field (Anthropic: adaptive thinking).
    `thinking_display`: how default thinking is shown ("summarized": a short text;
    "omitted": an empty text, the signature only); `thinking_display_assumed`: the pages
    found do not state it (the reference page marks it as assumed). `manual_thinking`: takes
    `thinking: {"type": "enabled", "budget_tokens": N}`. `sampling`: takes non-default
    `temperature` / `top_p` / `top_k`. `forced_tool_choice`, `prefill`: takes `tool_choice`
    any/tool, a final assistant message. `thinking_off`: takes `thinking: {"type": "disabled"}`.
    `min_cache_tokens`: the shortest prefix Anthropic's prompt cache keeps (`_prompt_cache`).
    `reasoning` (OpenAI): a reasoning model, which refuses `max_tokens` (it is
    `max_completion_tokens`), `temperature` other than 1 and `stop`. `chat_tools_need_no_reasoning`
    (OpenAI): Chat Completions takes function tools only with `reasoning_effort="none"` (the
    model's default effort is not none, so leaving it out is refused too). `tool_prompt`: tokens the API adds per `tool_choice` kind when tools are offered
    (`tool_prompt_carried`: Claude 4's figures, kept because none is published for this model).
    `retires`: the first day the API refuses the model (None: none announced). `released`:
    the release day (`created` in the model list). `line`: Anthropic's model line.
    """

    id: str
    provider: str
    display_name: str
    released: datetime.date
    context_window: int
    max_output: int
    thinks_by_default: bool = False
    thinking_display: str = "summarized"
    thinking_display_assumed: bool = False
    manual_thinking: bool = True
    sampling: bool = True
    forced_tool_choice: bool = True
    prefill: bool = True
    thinking_off: bool = True
    min_cache_tokens: int = 1024
    reasoning: bool = False
    chat_tools_need_no_reasoning: bool = False
    tool_prompt: dict = field(default_factory=lambda: dict(_NO_TOOL_PROMPT))
    tool_prompt_carried: bool = False  # `tool_prompt` is another line's figure, none found for this model
    retires: Optional[datetime.date] = None
    line: Optional[str] = None


_D = datetime.date

CATALOGUE: dict[str, ModelCard] = {card.id: card for card in (
    # --- Anthropic -------------------------------------------------------------------------
    # platform.claude.com/docs/en/models/sonnet-5/overview: "Legacy", released June 30, 2026,
    # context 1M, max output 128K, thinking "Adaptive"; no retirement date on
    # platform.claude.com/docs/en/about-claude/model-deprecations.
    # platform.claude.com/docs/en/models/sonnet-5/migration-guide: adaptive thinking is on by
    # default, manual extended thinking (`enabled` with `budget_tokens`) is a 400, non-default
    # temperature / top_p / top_k are a 400, `max_tokens` caps thinking plus text.
    # Its default thinking display is "omitted" (an empty text, the signature only), as the
    # Sonnet 5.5 migration guide's table of default displays is quoted on the day Sonnet 5 came
    # out (github.com/cortexkit/anthropic-auth/pull/100, 2026-06-30: "its thinking.display
    # defaults to \"omitted\""); that table's Sonnet 5 row is cut off in every copy of the
    # official page found, so the value stays marked as assumed.
    # Assistant prefill is a 400: platform.claude.com/docs/en/about-claude/models/migration-guide
    # ("Prefilling assistant messages returns a 400 error" on the 4.6 models), and
    # .../models/sonnet-5/overview calls Sonnet 5 a drop-in replacement for Sonnet 4.6 whose
    # three behaviour changes do not bring prefill back.
    # Shortest cacheable prefix 1,024 tokens (platform.claude.com/docs/en/build-with-claude/prompt-caching,
    # as quoted in dev.to/creeta "Claude's prompt cache fails silently below 1,024 tokens").
    ModelCard("claude-sonnet-5", "anthropic", "Claude Sonnet 5", _D(2026, 6, 30),
              context_window=1_000_000, max_output=128_000, thinks_by_default=True,
              thinking_display="omitted", thinking_display_assumed=True,
              manual_thinking=False, sampling=False, prefill=False, tool_prompt=dict(_CLAUDE_TOOL_PROMPT),
              tool_prompt_carried=True, line="sonnet"),
    # platform.claude.com/docs/en/models/sonnet-5-5/overview and .../sonnet-5-5/migration-guide:
    # id `claude-sonnet-5-5`, context 1M, max output 128K, thinking on by default with display
    # "omitted"; thinking budgets, sampling parameters, assistant prefill, forced tool choice
    # and `thinking: {"type": "disabled"}` are each a 400. Released in late September 2026
    # (changelogs of 2026-09-29 price it, e.g. github.com/BarganConstantin/ccdeck v3.29.11);
    # the day is not on the pages found: the 29th is used. Shortest
    # cacheable prefix 512 tokens (OpenRouter's Claude 5.5 migration notes,
    # openrouter.ai/docs/cookbook/evaluate-and-optimize/model-migrations/claude-5-5).
    ModelCard("claude-sonnet-5-5", "anthropic", "Claude Sonnet 5.5", _D(2026, 9, 29),
              context_window=1_000_000, max_output=128_000, thinks_by_default=True,
              thinking_display="omitted", manual_thinking=False, sampling=False,
              forced_tool_choice=False, prefill=False, thinking_off=False, min_cache_tokens=512,
              tool_prompt=dict(_CLAUDE_TOOL_PROMPT), tool_prompt_carried=True,
              line="sonnet"),
    # platform.claude.com/docs/en/models/sonnet-5/overview (comparison table): Claude Haiku 4.5,
    # context 200K, max output 64K, thinking "Extended" (off unless asked); released
    # 2025-10-15 (as last published, not found again on 2026-12-05). Shortest cacheable
    # prefix 4,096 tokens (the prompt-caching page, as quoted in anthropics/anthropic-sdk-python#1194).
    ModelCard("claude-haiku-4-5", "anthropic", "Claude Haiku 4.5", _D(2025, 10, 15),
              context_window=200_000, max_output=64_000, min_cache_tokens=4096,
              tool_prompt=dict(_CLAUDE_TOOL_PROMPT),
              line="haiku"),
    # Retired on 2026-06-15: Claude Sonnet 4 and Claude Opus 4, their aliases too (the release
    # notes of that day, platform.claude.com/docs/en/release-notes/overview, as recorded by
    # github.com/ottto-ai/ai-provider-watch; the 404s "model: claude-sonnet-4-20250514" and
    # "model: claude-sonnet-4-0" quoted in nbramia/LifeOS#470 and browser-use/browser-use#5085).
    # Their limits (200K context; 64K / 32K output) as last published.
    ModelCard("claude-sonnet-4-20250514", "anthropic", "Claude Sonnet 4", _D(2025, 5, 22),
              context_window=200_000, max_output=64_000, tool_prompt=dict(_CLAUDE_TOOL_PROMPT),
              retires=_D(2026, 6, 15), line="sonnet"),
    ModelCard("claude-sonnet-4-0", "anthropic", "Claude Sonnet 4", _D(2025, 5, 22),
              context_window=200_000, max_output=64_000, tool_prompt=dict(_CLAUDE_TOOL_PROMPT),
              retires=_D(2026, 6, 15), line="sonnet"),
    ModelCard("claude-opus-4-20250514", "anthropic", "Claude Opus 4", _D(2025, 5, 22),
              context_window=200_000, max_output=32_000, tool_prompt=dict(_CLAUDE_TOOL_PROMPT),
              retires=_D(2026, 6, 15), line="opus"),
    # --- OpenAI ----------------------------------------------------------------------------
    # developers.openai.com/api/docs/deprecations ("2026-06-11: GPT-5 and o3 model
    # deprecations"): gpt-5, gpt-5-mini and their snapshots shut down on Dec 11, 2026.
    # Context 400,000 and max output 128,000: developers.openai.com/api/docs/models/gpt-5 and
    # .../gpt-5-mini (not found again by the 2026-12-05 search; figures as last published).
    # Reasoning models refuse `max_tokens`, `temperature` other than 1 and `stop` (wordings:
    # see `_model_rules`).
    ModelCard("gpt-5", "openai", "GPT-5", _D(2025, 8, 7), context_window=400_000,
              max_output=128_000, reasoning=True, retires=_D(2026, 12, 11)),
    ModelCard("gpt-5-mini", "openai", "GPT-5 mini", _D(2025, 8, 7), context_window=400_000,
              max_output=128_000, reasoning=True, retires=_D(2026, 12, 11)),
    # developers.openai.com/api/docs/deprecations: GPT-4o and GPT-4o mini shut down on
    # Jan 14, 2027 (as quoted from that page on 2026-10-15 by dev.to/importstatic, "Every
    # OpenAI model shutdown date until January 2027"). Context 128,000, max output 16,384, not
    # reasoning models: developers.openai.com/api/docs/models/gpt-4o-mini and .../gpt-4o (not
    # found again by the 2026-12-05 search; figures as last published).
    ModelCard("gpt-4o-mini", "openai", "GPT-4o mini", _D(2024, 7, 18), context_window=128_000,
              max_output=16_384, retires=_D(2027, 1, 14)),
    ModelCard("gpt-4o", "openai", "GPT-4o", _D(2024, 5, 13), context_window=128_000,
              max_output=16_384, retires=_D(2027, 1, 14)),
    # GPT-5.6 Terra and Sol, released 2026-07-09: context 1,050,000, max output 128,000,
    # reasoning models (effort none … max), function calling in Chat Completions and the
    # Responses API; no shutdown date (AWS Bedrock model card "Model EOL date: N/A",
    # docs.aws.amazon.com/bedrock/latest/userguide/model-card-openai-gpt-56-terra; Vercel AI
    # Gateway's pages for both, which link developers.openai.com/api/docs/models/gpt-5.6-sol).
    # Their successors gpt-6.1-terra / gpt-6.1-sol (the deprecations page's replacements for
    # gpt-5-mini / gpt-5) take tool calls only in the Responses API
    # (developers.openai.com/api/docs/models/gpt-6.1-terra), so Chat Completions lessons use
    # these. In Chat Completions they take function tools only with reasoning_effort "none",
    # leaving it out included ("Function tools with reasoning_effort are not supported for
    # gpt-5.6-terra in /v1/chat/completions. To use function tools, use /v1/responses or set
    # reasoning_effort to 'none'.", param reasoning_effort): measured against the raw API in
    # github.com/BerriAI/litellm/pull/34569 (tools only => 400, effort none => 200), the same
    # wording in GoogleChromeLabs/webmcp-tools#417 and danny-avila/LibreChat#14231, and the
    # OpenAI community thread they cite ("GPT-5.6 chat completion reasoning effort").
    ModelCard("gpt-5.6-terra", "openai", "GPT-5.6 Terra", _D(2026, 7, 9),
              context_window=1_050_000, max_output=128_000, reasoning=True,
              chat_tools_need_no_reasoning=True),
    ModelCard("gpt-5.6-sol", "openai", "GPT-5.6 Sol", _D(2026, 7, 9),
              context_window=1_050_000, max_output=128_000, reasoning=True,
              chat_tools_need_no_reasoning=True),
)}


def today() -> datetime.date:
    """Today (UTC), or the day `FAKE_CLIENT_TODAY` names."""
    fixed = os.environ.get("FAKE_CLIENT_TODAY")
    if fixed:
        return datetime.date.fromisoformat(fixed)
    return datetime.datetime.now(datetime.timezone.utc).date()


def card(model: str) -> Optional[ModelCard]:
    """The catalogue's card for `model`, or None."""
    return CATALOGUE.get(model) if isinstance(model, str) else None


def retired(card_: ModelCard, on: Optional[datetime.date] = None) -> bool:
    """Whether the API refuses the model on day `on` (today by default)."""
    return card_.retires is not None and (on or today()) >= card_.retires


def available(provider: str) -> list[ModelCard]:
    """The provider's models, newest first (the order the model lists use)."""
    return sorted((c for c in CATALOGUE.values() if c.provider == provider),
                  key=lambda c: (c.released, c.id), reverse=True)
