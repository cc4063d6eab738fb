"""`models.list()` / `models.retrieve()`: the catalogue (`_models`) as the real model endpoints
show it, in process and in `serve` (`GET /v1/models`, `GET /v1/models/{id}`).

Anthropic (`anthropic.types.ModelInfo`): every catalogue model, retired ones too (the API keeps
them "as the historical record of its retirement", with `lifecycle` "retired"), newest first,
in one page (`data`, `first_id`, `has_more` false, `last_id`); an unknown id is the 404
"model: <id>". OpenAI (`openai.types.Model`): the models that still answer, with
`shutdown_date` (YYYY-MM-DD, or null when none is announced; developers.openai.com/api/docs/deprecations
says to watch that field), `owned_by` "system"; a retired or unknown id is the 404 the
completions endpoint gives.
"""

from __future__ import annotations

import calendar
import datetime
from typing import Any, Iterator, Optional

from ._errors import RequestRefused
from ._model_base import ResponseModel
from ._model_rules import openai_card
from ._models import ModelCard, available, card, retired


def _stamp(day: Optional[datetime.date]) -> Optional[str]:
    return None if day is None else f"{day.isoformat()}T00:00:00Z"


def anthropic_model_json(model: ModelCard) -> dict[str, Any]:
    """One Anthropic `ModelInfo`. `lifecycle`: "retired" from its retirement day,
    "deprecated" once a retirement day is set, else "active"."""
    lifecycle = "retired" if retired(model) else "deprecated" if model.retires else "active"
    return {"id": model.id, "capabilities": None, "created_at": _stamp(model.released),
            "deprecated_at": None, "display_name": model.display_name, "lifecycle": lifecycle,
            "line": model.line, "max_input_tokens": model.context_window,
            "max_tokens": model.max_output, "retires_at": _stamp(model.retires), "type": "model"}


def anthropic_list() -> dict[str, Any]:
    """`GET /v1/models` (Anthropic): one page of every model."""
    data = [anthropic_model_json(model) for model in available("anthropic")]
    return {"data": data, "first_id": data[0]["id"] if data else None, "has_more": False,
            "last_id": data[-1]["id"] if data else None}


def anthropic_retrieve(model_id: str) -> dict[str, Any]:
    """`GET /v1/models/{model_id}` (Anthropic)."""
    found = card(model_id)
    if found is None or found.provider != "anthropic":
        raise RequestRefused(f"model: {model_id}", status=404, error_type="not_found_error")
    return anthropic_model_json(found)


def openai_model_json(model: ModelCard) -> dict[str, Any]:
    """One OpenAI `Model`."""
    created = calendar.timegm(model.released.timetuple())
    return {"id": model.id, "created": created, "object": "model", "owned_by": "system",
            "shutdown_date": model.retires.isoformat() if model.retires else None}


def openai_list() -> dict[str, Any]:
    """`GET /v1/models` (OpenAI): the models that still answer."""
    return {"object": "list",
            "data": [openai_model_json(model) for model in available("openai") if not retired(model)]}


def openai_retrieve(model_id: str) -> dict[str, Any]:
    """`GET /v1/models/{model}` (OpenAI)."""
    return openai_model_json(openai_card({"model": model_id}))


class ModelInfo(ResponseModel):
    """An Anthropic model (`anthropic.types.ModelInfo`): `id`, `display_name`, `created_at`,
    `lifecycle` ("active", "deprecated", "retired"), `retires_at`, `max_input_tokens` (the
    context window), `max_tokens` (the output ceiling), `line`."""

    _fields = ("id", "capabilities", "created_at", "deprecated_at", "display_name", "lifecycle",
               "line", "max_input_tokens", "max_tokens", "retires_at", "type")


class Model(ResponseModel):
    """An OpenAI model (`openai.types.Model`): `id`, `created`, `object`, `owned_by`,
    `shutdown_date` (YYYY-MM-DD, or None when no shutdown is announced)."""

    _fields = ("id", "created", "object", "owned_by", "shutdown_date")


class _Iterable(ResponseModel):
    def __iter__(self) -> Iterator[Any]:
        return iter(self.data or [])  # type: ignore[attr-defined]


class ModelPage(_Iterable):
    """Anthropic's page of models: `data`, `first_id`, `has_more`, `last_id`; iterable."""

    _fields = ("data", "first_id", "has_more", "last_id")
    _nested = {"data": ModelInfo.from_dict}


class ModelList(_Iterable):
    """OpenAI's list of models: `data`, `object` ("list"); iterable."""

    _fields = ("data", "object")
    _nested = {"data": Model.from_dict}


class AnthropicModels:
    """`client.models` (Anthropic)."""

    def list(self, **_options: Any) -> ModelPage:
        """Every model of the catalogue, newest first, in one page."""
        return ModelPage.from_dict(anthropic_list())  # type: ignore[return-value]

    def retrieve(self, model_id: str, **_options: Any) -> ModelInfo:
        """One model; `NotFoundError` for an id the catalogue does not have."""
        from ._errors import anthropic_bad_request
        try:
            return ModelInfo.from_dict(anthropic_retrieve(model_id))  # type: ignore[return-value]
        except RequestRefused as refused:
            raise anthropic_bad_request(refused, f"/v1/models/{model_id}") from None


class OpenAIModels:
    """`client.models` (OpenAI)."""

    def list(self, **_options: Any) -> ModelList:
        """The models that still answer."""
        return ModelList.from_dict(openai_list())  # type: ignore[return-value]

    def retrieve(self, model: str, **_options: Any) -> Model:
        """One model; `NotFoundError` for a retired or unknown id."""
        from ._errors import openai_bad_request
        try:
            return Model.from_dict(openai_retrieve(model))  # type: ignore[return-value]
        except RequestRefused as refused:
            raise openai_bad_request(refused) from None
