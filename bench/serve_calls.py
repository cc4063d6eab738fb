"""Benchmark of a call through `python -m fake_client serve`: prints figures, asserts nothing.

A learner's program (and the contract tests) talk to the fake model over HTTP with the real
SDKs; this measures what one call costs that way against the same call in process, in the
same run: the ratio is the price of HTTP, the SDK and the server's thread. A call that waits
on the network stack (Nagle's algorithm against delayed ACKs was 40 ms a call) shows at once.

For each API shape (Anthropic Messages, Chat Completions, Responses): the median and the
minimum of --calls calls over one kept-alive connection, then the ratio of the medians.

Usage: .venv/bin/python bench/serve_calls.py [--calls 40]
"""

from __future__ import annotations

import argparse
import statistics
import threading
import time

import anthropic
import openai

import fake_client
from fake_client._server import FakeModelServer

QUESTION = "Къде е поръчка 1042?"
MESSAGES = [{"role": "user", "content": QUESTION}]


def calls(client_anthropic, client_openai) -> dict:
    return {
        "anthropic messages": lambda: client_anthropic.messages.create(model="claude-haiku-4-5", max_tokens=200,
                                                                     messages=MESSAGES),
        "openai chat": lambda: client_openai.chat.completions.create(model="gpt-4o-mini", messages=MESSAGES),
        "openai responses": lambda: client_openai.responses.create(model="gpt-4o-mini", input=QUESTION),
    }


def timings(call, count: int) -> list[float]:
    call()  # the first call opens the connection and warms the caches
    seconds = []
    for _ in range(count):
        start = time.perf_counter()
        call()
        seconds.append(time.perf_counter() - start)
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=40)
    count = parser.parse_args().calls
    server = FakeModelServer(("127.0.0.1", 0), quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        served = calls(anthropic.Anthropic(base_url=server.url, api_key="bench"),
                       openai.OpenAI(base_url=f"{server.url}/v1", api_key="bench"))
        local = calls(fake_client.Anthropic(), fake_client.OpenAI())
        print(f"{'shape':<20} {'in process (ms)':>18} {'through serve (ms)':>20} {'ratio':>7}")
        for shape in served:
            inside = timings(local[shape], count)
            through = timings(served[shape], count)
            ratio = statistics.median(through) / statistics.median(inside)
            print(f"{shape:<20} {statistics.median(inside) * 1000:>8.2f} (min {min(inside) * 1000:.2f})"
                  f" {statistics.median(through) * 1000:>9.2f} (min {min(through) * 1000:.2f}) {ratio:>7.1f}")
    finally:
        server.shutdown()
        server.server_close()


if __name__ == "__main__":
    main()
