"""The run picture's node tests read some recordings that no lesson makes any more
(frontend/shared/run-picture-recordings.json). They stay real: each request is sent to
fake_client again here, and its error (or reply) must still be the one recorded."""
import json
from pathlib import Path

import pytest

import fake_client

RECORDINGS = json.loads((Path(__file__).resolve().parents[2] / "frontend" / "shared"
                         / "run-picture-recordings.json").read_text(encoding="utf-8"))["recordings"]
CALLS = [(name, index, call) for name, calls in RECORDINGS.items() for index, call in enumerate(calls)]


def _send(call):
    client = fake_client.Anthropic() if call["api"] == "anthropic" else fake_client.OpenAI()
    create = client.messages.create if call["api"] == "anthropic" else client.chat.completions.create
    try:
        return create(**call["request"]).model_dump(exclude_none=True), None
    except fake_client.APIStatusError as error:
        return None, {"error": error.body}


@pytest.mark.parametrize(("name", "index", "call"), CALLS, ids=[f"{name}-{index}" for name, index, _ in CALLS])
def test_a_recording_is_what_fake_client_answers_now(name, index, call):
    response, error = _send(call)
    assert error == call["error"], f"{name}[{index}]: fake_client now answers differently; record it again"
    if call["response"] is not None:
        assert response == call["response"]
