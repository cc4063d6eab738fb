"""Fixtures for the contract tests: the fake served over HTTP on a free port."""

import threading

import pytest
from fake_client._server import FakeModelServer


@pytest.fixture(scope="session")
def fake_server():
    """`python -m fake_client serve`, in a thread, on a free port; yields its base URL."""
    server = FakeModelServer(("127.0.0.1", 0), quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server.url
    server.shutdown()
    server.server_close()
    thread.join(timeout=5)
