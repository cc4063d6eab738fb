"""`AsyncAnthropic` and `AsyncOpenAI`: the same clients for `async` code, as the SDKs have them.

Each method is the synchronous client's, awaited: `await client.messages.create(...)` gives
the same `Message` (same ids, same usage, same errors) that `client.messages.create(...)`
gives; with `stream=True` an `AsyncStream` to read with `async for`; `client.messages.stream(...)`
is used with `async with`, its `text_stream` with `async for`, `await
stream.get_final_message()`. The signatures are the synchronous ones (the SDKs' keywords).

The fake answers at once, so there is nothing to wait for. Simplified: the wait before a
retry (`fake_client.faults`) blocks the event loop (`time.sleep`), where the SDKs'
`asyncio.sleep` lets other tasks run; it never changes what is printed.
"""

from __future__ import annotations

import functools
from typing import Any, Callable, Optional

from ._anthropic_client import Anthropic
from ._openai_client import OpenAI


class AsyncStream:
    """What `await create(stream=True)` returns, as the SDKs' `AsyncStream`: read it with
    `async for`; `await close()` or `async with` ends it early."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream
        self._events = iter(stream)

    def __aiter__(self) -> "AsyncStream":
        return self

    async def __anext__(self) -> Any:
        try:
            return next(self._events)
        except StopIteration:
            raise StopAsyncIteration from None

    async def close(self) -> None:
        self._stream.close()

    async def __aenter__(self) -> "AsyncStream":
        return self

    async def __aexit__(self, *exc_info: Any) -> None:
        await self.close()


async def _each(items: Any) -> Any:
    for item in items:
        yield item


class AsyncMessageStream:
    """The `async with client.messages.stream(...)` helper, over the synchronous one."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def __aiter__(self) -> Any:
        return _each(self._stream)

    @property
    def text_stream(self) -> Any:
        return _each(self._stream.text_stream)

    @property
    def current_message_snapshot(self) -> Any:
        return self._stream.current_message_snapshot

    async def until_done(self) -> None:
        self._stream.until_done()

    async def get_final_message(self) -> Any:
        return self._stream.get_final_message()

    async def get_final_text(self) -> str:
        return self._stream.get_final_text()

    async def get_final_response(self) -> Any:  # the Responses API helper's name
        return self._stream.get_final_response()

    async def close(self) -> None:
        self._stream.close()


class AsyncStreamManager:
    """What `client.messages.stream(...)` (or `responses.stream`) returns: `async with` it."""

    def __init__(self, manager: Any) -> None:
        self._manager = manager

    async def __aenter__(self) -> AsyncMessageStream:
        return AsyncMessageStream(self._manager.__enter__())

    async def __aexit__(self, *exc_info: Any) -> None:
        self._manager.__exit__(*exc_info)


def _awaitable(method: Callable[..., Any]) -> Callable[..., Any]:
    """`method` of the synchronous resource, as a coroutine with the same signature."""

    @functools.wraps(method)
    async def call(self: "_AsyncResource", *args: Any, **kwargs: Any) -> Any:
        result = getattr(self._sync, method.__name__)(*args, **kwargs)
        if hasattr(result, "__next__") and hasattr(result, "close"):  # a Stream
            return AsyncStream(result)
        return result

    return call


def _managed(method: Callable[..., Any]) -> Callable[..., Any]:
    """A `stream(...)` helper: not awaited, used with `async with`."""

    @functools.wraps(method)
    def call(self: "_AsyncResource", *args: Any, **kwargs: Any) -> AsyncStreamManager:
        return AsyncStreamManager(getattr(self._sync, method.__name__)(*args, **kwargs))

    return call


class _AsyncResource:
    def __init__(self, sync: Any) -> None:
        self._sync = sync


def _async_resource(name: str, sync_class: type, awaited: tuple[str, ...], managed: tuple[str, ...] = (),
                    children: Optional[dict[str, Callable[[Any], Any]]] = None) -> type:
    """An async resource class whose methods await the synchronous `sync_class`'s."""
    members: dict[str, Any] = {"__doc__": f"The async `{name}`: its methods are awaited."}
    for method in awaited:
        members[method] = _awaitable(getattr(sync_class, method))
    for method in managed:
        members[method] = _managed(getattr(sync_class, method))
    if children:
        def __init__(self: Any, sync: Any) -> None:  # noqa: N807
            _AsyncResource.__init__(self, sync)
            for child, make in children.items():
                setattr(self, child, make(getattr(sync, child)))
        members["__init__"] = __init__
    return type(name, (_AsyncResource,), members)


# The synchronous resource classes, read off fresh clients (they are private to their modules).
_anthropic, _openai = Anthropic(), OpenAI()
AsyncMessages = _async_resource("AsyncMessages", type(_anthropic.messages),
                                ("create", "parse", "count_tokens"), ("stream",))
AsyncBetaMessages = _async_resource("AsyncBetaMessages", type(_anthropic.beta.messages), ("create",))
AsyncCompletions = _async_resource("AsyncCompletions", type(_openai.chat.completions), ("create", "parse"))
AsyncInputTokens = _async_resource("AsyncInputTokens", type(_openai.responses.input_tokens), ("count",))
AsyncResponses = _async_resource("AsyncResponses", type(_openai.responses), ("create", "parse"), ("stream",),
                                 {"input_tokens": AsyncInputTokens})
del _anthropic, _openai


class _Namespace:
    def __init__(self, **members: Any) -> None:
        self.__dict__.update(members)


class AsyncAnthropic(Anthropic):
    """Stand-in for `anthropic.AsyncAnthropic`: `Anthropic`, with `messages`, `beta.messages`
    awaited (`await client.messages.create(...)`). Ids are counted per client."""

    def _build(self) -> None:
        super()._build()
        self.messages = AsyncMessages(self.messages)  # type: ignore[assignment]
        self.beta = _Namespace(messages=AsyncBetaMessages(self.beta.messages))  # type: ignore[assignment]

    async def __aenter__(self) -> "AsyncAnthropic":
        return self

    async def __aexit__(self, *exc_info: Any) -> None:
        await self.close()  # type: ignore[func-returns-value]

    async def close(self) -> None:  # type: ignore[override]
        """Nothing to close; here because the real client has it."""


class AsyncOpenAI(OpenAI):
    """Stand-in for `openai.AsyncOpenAI`: `OpenAI`, with `chat.completions` and `responses`
    awaited. Ids are counted per client."""

    def _build(self) -> None:
        super()._build()
        self.chat = _Namespace(completions=AsyncCompletions(self.chat.completions))  # type: ignore[assignment]
        self.responses = AsyncResponses(self.responses)  # type: ignore[assignment]

    async def __aenter__(self) -> "AsyncOpenAI":
        return self

    async def __aexit__(self, *exc_info: Any) -> None:
        await self.close()  # type: ignore[func-returns-value]

    async def close(self) -> None:  # type: ignore[override]
        """Nothing to close; here because the real client has it."""
