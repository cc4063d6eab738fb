"""support.run_async runs a coroutine even where a loop is marked running in the main thread
(as Playwright's synchronous API leaves it for later tests of the same worker)."""

import asyncio

import pytest
from support.run_async import run_async

from fake_client import faults


async def pending_and_answer():
    return faults.pending(), 42


def test_a_coroutine_runs_beside_a_running_loop_with_the_tests_context():
    # Marked running as Playwright marks its own; the mark found here (Playwright's, when a
    # browser test of this worker came first) is put back, or that browser is lost.
    previous = asyncio.events._get_running_loop()
    loop = asyncio.new_event_loop()
    asyncio.events._set_running_loop(loop)
    try:
        refused = asyncio.sleep(0)
        with pytest.raises(RuntimeError, match="running event loop"):
            asyncio.run(refused)
        refused.close()  # never started: closed, so that it does not warn when collected
        faults.next("rate_limit")
        assert run_async(pending_and_answer()) == (["rate_limit"], 42)
    finally:
        asyncio.events._set_running_loop(previous)
        loop.close()
        faults.clear()


def test_an_error_is_raised_in_the_tests_thread():
    async def fails():
        raise LookupError("inside")
    with pytest.raises(LookupError, match="inside"):
        run_async(fails())
