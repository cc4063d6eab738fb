"""The reference page's error table against the installed SDKs: for each status, the exception
each SDK raises and whether it retries by itself are what the page says (an SDK upgrade that
changes either fails here, not on a learner's screen)."""

import anthropic
import httpx2
import openai
import pytest

from lesson_builder._reference_data import CONNECTION_ERRORS, DEFAULT_RETRIES, ERROR_ROWS

REQUEST = httpx2.Request("POST", "http://127.0.0.1/v1/messages")
CLIENTS = {"anthropic": anthropic.Anthropic(api_key="test"), "openai": openai.OpenAI(api_key="test")}


@pytest.mark.parametrize("row", ERROR_ROWS, ids=lambda row: str(row.status))
@pytest.mark.parametrize("sdk", sorted(CLIENTS))
def test_each_status_raises_the_class_the_page_names_and_is_retried_as_it_says(sdk, row):
    client = CLIENTS[sdk]
    response = httpx2.Response(row.status, request=REQUEST)
    error = client._make_status_error("message", body=None, response=response)
    assert type(error).__name__ == (row.anthropic_class if sdk == "anthropic" else row.openai_class)
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
