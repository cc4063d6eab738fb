"""The reference page's error and stop tables against the installed SDKs: for each status, the
exception each SDK raises and whether it retries by itself are what the page says; the stop
values are the values the SDKs type (an SDK upgrade that changes either fails here, not on a
learner's screen)."""

import re
import typing

import anthropic
import httpx2
import openai
import pytest

from lesson_builder._reference_data import (ANTHROPIC_ERROR_BODY, ANTHROPIC_SPEND_CAP, CONNECTION_ERRORS,
                                           DEFAULT_RETRIES, ERROR_ROWS, OPENAI_ERROR_BODY, STOP_ROWS)

REQUEST = httpx2.Request("POST", "http://127.0.0.1/v1/messages")
CLIENTS = {"anthropic": anthropic.Anthropic(api_key="test"), "openai": openai.OpenAI(api_key="test")}


@pytest.mark.parametrize("row", ERROR_ROWS, ids=lambda row: str(row.status))
@pytest.mark.parametrize("sdk", sorted(CLIENTS))
def test_each_status_raises_the_class_the_page_names_and_is_retried_as_it_says(sdk, row):
    client = CLIENTS[sdk]
    response = httpx2.Response(row.status, request=REQUEST)
    error = client._make_status_error("message", body=None, response=response)
    named = row.anthropic_class if sdk == "anthropic" else row.openai_class
    if named is not None:  # None: a status this provider never sends (OpenAI's 529)
        assert type(error).__name__ == named
    assert client._should_retry(response) is row.retried


@pytest.mark.parametrize("sdk", sorted(CLIENTS))
def test_the_connection_errors_and_the_default_retries_are_the_sdks(sdk):
    module = anthropic if sdk == "anthropic" else openai
    assert all(hasattr(module, name) for name in CONNECTION_ERRORS)
    assert CLIENTS[sdk].max_retries == DEFAULT_RETRIES


def test_a_wrong_row_is_caught():
    wrong = ERROR_ROWS[0].__class__(413, "request_too_large", "RequestTooLargeError", "APIStatusError", True)
    response = httpx2.Response(wrong.status, request=REQUEST)
    error = CLIENTS["anthropic"]._make_status_error("message", body=None, response=response)
    assert type(error).__name__ != wrong.anthropic_class  # an alias's name is not the class raised
    assert CLIENTS["anthropic"]._should_retry(response) is not wrong.retried


def test_the_spend_cap_the_page_names_is_the_sdks_rate_limit_error_and_still_retried():
    code, name = ANTHROPIC_SPEND_CAP
    body = {"type": "error", "error": {"type": "rate_limit_error", "message": "m", "details": {"error_code": code}}}
    response = httpx2.Response(429, request=REQUEST, json=body)
    error = CLIENTS["anthropic"]._make_status_error("m", body=body, response=response)
    assert type(error).__name__ == name and isinstance(error, anthropic.RateLimitError)
    assert CLIENTS["anthropic"]._should_retry(response)  # why the page says waiting does not help


def _literal_values(alias) -> set:
    return set(typing.get_args(alias))


def _values(shape: str) -> set:
    """The values the page's stop rows give for a shape, as the SDK spells them."""
    return {value for row in STOP_ROWS if row.shape == shape for value in re.findall(r'"([a-z_]+)"', row.value)}


def test_the_stop_values_are_the_sdks():
    from anthropic.types import StopReason
    from openai.types.chat.chat_completion import Choice
    from openai.types.responses import ResponseStatus
    from openai.types.responses.response import IncompleteDetails

    assert _values("messages") == _literal_values(StopReason)
    assert _values("chat") <= _literal_values(Choice.model_fields["finish_reason"].annotation)
    reasons = _literal_values(typing.get_args(IncompleteDetails.model_fields["reason"].annotation)[0])
    assert _values("responses") <= _literal_values(ResponseStatus) | reasons
    assert "failed" in _values("responses")


def test_a_refusal_has_the_stop_details_and_the_refusal_part_the_page_names():
    from anthropic.types import Message
    from openai.types.chat import ChatCompletionMessage
    from openai.types.responses import ResponseOutputRefusal

    assert "stop_details" in Message.model_fields
    assert "refusal" in ChatCompletionMessage.model_fields
    assert typing.get_args(ResponseOutputRefusal.model_fields["type"].annotation) == ("refusal",)


def _keys(shown: str) -> list:
    """The keys of a body as the page shows it (its values are elided with …)."""
    return re.findall(r'"([a-z_]+)":', shown)


@pytest.mark.parametrize("sdk", sorted(CLIENTS))
def test_the_bodies_shown_are_what_each_sdk_keeps_in_error_body(sdk):
    wire = {"anthropic": {"type": "error", "error": {"type": "invalid_request_error", "message": "m"},
                          "request_id": "req_1"},
            "openai": {"error": {"message": "m", "type": "invalid_request_error", "param": None, "code": None}}}[sdk]
    error = CLIENTS[sdk]._make_status_error("m", body=wire, response=httpx2.Response(400, request=REQUEST, json=wire))
    shown = ANTHROPIC_ERROR_BODY if sdk == "anthropic" else OPENAI_ERROR_BODY
    kept = error.body

    def keys(value) -> list:
        return [key for key, inner in value.items() for key in [key, *keys(inner)]] if isinstance(value, dict) else []

    assert keys(kept) == _keys(shown)


def test_the_error_types_the_page_names_are_the_sdks():
    # anthropic 2.17's ErrorType lists every type of the table (409 conflict_error included)
    # but 413's request_too_large, which only the errors page names
    # (platform.claude.com/docs/en/api/errors).
    from anthropic.types.shared.error_type import ErrorType
    named = {row.anthropic_type for row in ERROR_ROWS if row.anthropic_type} - {"request_too_large"}
    assert named <= _literal_values(ErrorType)
    assert next(row for row in ERROR_ROWS if row.status == 409).anthropic_type == "conflict_error"
