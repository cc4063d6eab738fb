"""The clients against the locked SDKs (anthropic 2.17, openai 3.63): `create()` takes exactly
their keywords, and the async clients answer and fail as `AsyncAnthropic` / `AsyncOpenAI`
do against `serve`."""

import asyncio
import inspect

import anthropic
import openai
import pytest
from anthropic.resources.messages import AsyncMessages, Messages
from openai.resources.chat.completions import AsyncCompletions, Completions
from openai.resources.responses import AsyncResponses, Responses

import fake_client
from fake_client import faults
from support.run_async import run_async

QUESTION = [{"role": "user", "content": "Where is order 1042?"}]


def keywords(method):
    """Each keyword's name, and whether it is required."""
    return [(name, parameter.default is inspect.Parameter.empty)
            for name, parameter in inspect.signature(method).parameters.items()
            if name != "self" and parameter.kind is inspect.Parameter.KEYWORD_ONLY]


PAIRS = {
    "messages.create": (lambda client: client.messages.create, Messages.create, AsyncMessages.create),
    "messages.count_tokens": (lambda client: client.messages.count_tokens, Messages.count_tokens,
                              AsyncMessages.count_tokens),
    "chat.completions.create": (lambda client: client.chat.completions.create, Completions.create,
                                AsyncCompletions.create),
    "responses.create": (lambda client: client.responses.create, Responses.create, AsyncResponses.create),
}


@pytest.mark.parametrize("name", list(PAIRS))
def test_create_takes_exactly_the_locked_sdks_keywords(name):
    method, sdk, sdk_async = PAIRS[name]
    sync_client, async_client = ((fake_client.Anthropic(), fake_client.AsyncAnthropic()) if name.startswith("messages")
                                 else (fake_client.OpenAI(), fake_client.AsyncOpenAI()))
    assert sorted(keywords(method(sync_client))) == sorted(keywords(sdk))
    assert sorted(keywords(method(async_client))) == sorted(keywords(sdk_async))
    assert not any(parameter.kind is inspect.Parameter.VAR_KEYWORD
                   for parameter in inspect.signature(method(sync_client)).parameters.values())


def test_a_keyword_the_sdk_lacks_is_a_type_error_as_there():
    with pytest.raises(TypeError, match="unexpected keyword argument 'temperature'"):
        fake_client.Anthropic().messages.create(model="claude-haiku-4-5", max_tokens=10, messages=QUESTION, temperature=0.5)
    with pytest.raises(TypeError, match="unexpected keyword argument 'temperature'"):
        anthropic.Anthropic(api_key="x").messages.create(model="claude-haiku-4-5", max_tokens=10, messages=QUESTION,
                                                         temperature=0.5)


@pytest.fixture(autouse=True)
def no_pending_faults():
    faults.clear()
    yield
    faults.clear()


@pytest.mark.parametrize("shape", ["anthropic", "openai"])
def test_async_clients_answer_and_fail_as_the_sdks_do_against_serve(fake_server, shape):
    async def both():
        if shape == "anthropic":
            real = anthropic.AsyncAnthropic(base_url=fake_server, api_key=f"async-{shape}", max_retries=0)
            ours = fake_client.AsyncAnthropic(max_retries=0)
            call = lambda client: client.messages.create(model="claude-haiku-4-5", max_tokens=300, messages=QUESTION)  # noqa: E731
        else:
            real = openai.AsyncOpenAI(base_url=fake_server + "/v1", api_key=f"async-{shape}", max_retries=0)
            ours = fake_client.AsyncOpenAI(max_retries=0)
            call = lambda client: client.chat.completions.create(model="gpt-4o-mini", messages=QUESTION)  # noqa: E731
        await real.post("/fake/faults", body={"faults": ["rate_limit"]}, cast_to=object)
        faults.next("rate_limit")
        errors = []
        for client in (real, ours):
            try:
                await call(client)
            except Exception as error:  # noqa: BLE001 (compared below)
                errors.append(error)
        await asyncio.sleep(1.0)  # the retry-after both 429s asked for (the fake holds it)
        replies = [await call(real), await call(ours)]
        return errors, replies
    errors, replies = run_async(both())
    assert [type(error).__name__ for error in errors] == ["RateLimitError", "RateLimitError"]
    assert str(errors[0]) == str(errors[1])
    assert replies[0].to_dict() == replies[1].to_dict()
    assert replies[0]._request_id == replies[1]._request_id
