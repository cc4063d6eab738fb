"""Run a coroutine to its end from a synchronous test, whatever else the test process runs.

Playwright's synchronous API, once a browser test of the same pytest worker has started it,
leaves its event loop marked as running in the main thread, and `asyncio.run` refuses to
start another there ("cannot be called from a running event loop"). A thread of its own has
no running loop; the test's context (fake_client's pending faults live in a context variable)
goes with it.
"""

import asyncio
import contextvars
import threading
from typing import Any, Coroutine


def run_async(coroutine: Coroutine[Any, Any, Any]) -> Any:
    context = contextvars.copy_context()
    outcome: dict[str, Any] = {}

    def run() -> None:
        try:
            outcome["value"] = context.run(asyncio.run, coroutine)
        except BaseException as error:  # noqa: BLE001 - raised again in the test's thread
            outcome["error"] = error

    worker = threading.Thread(target=run, name="run_async")
    worker.start()
    worker.join()
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]
