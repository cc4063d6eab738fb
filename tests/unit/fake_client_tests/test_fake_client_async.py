"""`AsyncAnthropic` and `AsyncOpenAI`: the same replies, errors and streams, awaited."""

import asyncio
import inspect

import pytest

import fake_client
from fake_client import Anthropic, AsyncAnthropic, AsyncOpenAI, OpenAI, faults
from support.fake_client_programs import MSG, SHOP_QUESTIONS, openai_tools, shop_tools
from support.run_async import run_async

TOOLS = shop_tools("bg")
FUNCTIONS = openai_tools(TOOLS)
QUESTION = [{"role": "user", "content": SHOP_QUESTIONS["status"]["bg"]}]


def run(coroutine):
    return run_async(coroutine)


def test_awaited_replies_are_the_synchronous_ones():
    async def main():
        client = AsyncAnthropic()
        return await client.messages.create(model="claude-haiku-4-5", max_tokens=300, tools=TOOLS, messages=QUESTION)
    message = run(main())
    assert message.id == MSG[0]
    assert message.to_dict() == Anthropic().messages.create(model="claude-haiku-4-5", max_tokens=300, tools=TOOLS,
                                                            messages=QUESTION).to_dict()
    assert message._request_id.startswith("req_01")


def test_every_openai_resource_is_awaited():
    async def main():
        client = AsyncOpenAI()
        completion = await client.chat.completions.create(model="gpt-4o-mini", tools=FUNCTIONS, messages=QUESTION)
        response = await client.responses.create(model="gpt-4o-mini", input=QUESTION)
        counted = await client.responses.input_tokens.count(model="gpt-4o-mini", input=QUESTION)
        return completion, response, counted
    completion, response, counted = run(main())
    sync = OpenAI()
    assert completion.to_dict() == sync.chat.completions.create(model="gpt-4o-mini", tools=FUNCTIONS,
                                                                messages=QUESTION).to_dict()
    assert response.to_dict() == sync.responses.create(model="gpt-4o-mini", input=QUESTION).to_dict()
    assert counted.input_tokens == response.usage.input_tokens


def test_streams_are_read_with_async_for_and_async_with():
    async def main():
        client = AsyncAnthropic()
        stream = await client.messages.create(model="claude-haiku-4-5", max_tokens=300, messages=QUESTION, stream=True)
        assert isinstance(stream, fake_client.AsyncStream)
        kinds = [event.type async for event in stream]
        async with client.messages.stream(model="claude-haiku-4-5", max_tokens=300, messages=QUESTION) as helper:
            text = "".join([piece async for piece in helper.text_stream])
            final = await helper.get_final_message()
        openai = AsyncOpenAI()
        async with openai.responses.stream(model="gpt-4o-mini", input=QUESTION) as events:
            response = await events.get_final_response()
        return kinds, text, final, response
    kinds, text, final, response = run(main())
    assert kinds[0] == "message_start" and kinds[-1] == "message_stop"
    assert text == final.content[0].text
    assert response.status == "completed"


def test_errors_and_faults_are_raised_from_the_await():
    async def main():
        client = AsyncAnthropic(max_retries=0)
        faults.next("overloaded")
        with pytest.raises(fake_client.OverloadedError, match=r"^529 Overloaded \(request_id: req_01"):
            await client.messages.create(model="claude-haiku-4-5", max_tokens=300, messages=QUESTION)
        with pytest.raises(fake_client.BadRequestError):
            await client.messages.create(model="claude-haiku-4-5", max_tokens=300, messages=[])
    run(main())


def test_gathered_calls_count_their_ids_in_order():
    async def main():
        client = AsyncAnthropic()
        return await asyncio.gather(*[client.messages.create(model="claude-haiku-4-5", max_tokens=50, messages=QUESTION)
                                      for _ in range(3)])
    assert [reply.id for reply in run(main())] == MSG[:3]


def test_the_async_methods_take_the_synchronous_keywords():
    pairs = [(AsyncAnthropic().messages.create, Anthropic().messages.create),
             (AsyncOpenAI().chat.completions.create, OpenAI().chat.completions.create),
             (AsyncOpenAI().responses.create, OpenAI().responses.create)]
    for awaited, plain in pairs:
        assert inspect.iscoroutinefunction(awaited)
        assert list(inspect.signature(awaited).parameters) == list(inspect.signature(plain).parameters)
