"""Fixtures for the contract tests: the fake served over HTTP on a free port."""

import sys
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "unit" / "fake_client"))  # the lesson-like programs

from fake_client._server import FakeModelServer  # noqa: E402


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
