"""Faults on demand against `serve`, with the real SDKs (anthropic 2.17, openai 3.63): their
retries run and honour retry-after, their own exceptions print as the in-process fake's do,
every answer has a request id and rate-limit headers, and every misbehaving reply is a valid
response of the SDKs' types, the same JSON as in process."""

import json
import threading
import time
import typing

import anthropic
import openai
import pytest

import fake_client
from fake_client import faults
from fake_client._server import FakeModelServer
from fake_client.faults import make_faults
from support.fake_client_programs import openai_tools, shop_tools
from support.sdk_types import assert_no_extra_fields

QUESTION = "Where is order 1042?"
TOOLS = shop_tools("en")
FUNCTIONS = openai_tools(TOOLS)
FLAT = [{"type": "function", **function["function"]} for function in FUNCTIONS]


def add_faults(client, *specs):
    """Queue faults for this client's key, through the server's endpoint, as a program would."""
    return client.post("/fake/faults", body={"faults": list(specs)}, cast_to=object)


def clients(url, key, **options):
    return (anthropic.Anthropic(base_url=url, api_key=key, **options),
            openai.OpenAI(base_url=url + "/v1", api_key=key, **options))


def call(shape, client, **options):
    if shape == "anthropic":
        return client.messages.create(model="claude-haiku-4-5", max_tokens=300,
                                      messages=[{"role": "user", "content": QUESTION}], **options)
    if shape == "openai":
        return client.chat.completions.create(model="gpt-4o-mini", messages=[{"role": "user", "content": QUESTION}],
                                              **options)
    return client.responses.create(model="gpt-4o-mini", input=QUESTION, **options)


def raw_call(shape, client, **options):
    """The call through `with_raw_response`: the HTTP answer, headers and all."""
    resource = {"anthropic": lambda: client.messages, "openai": lambda: client.chat.completions,
                "openai_responses": lambda: client.responses}[shape]().with_raw_response
    if shape == "anthropic":
        return resource.create(model="claude-haiku-4-5", max_tokens=300, messages=[{"role": "user", "content": QUESTION}],
                               **options)
    if shape == "openai":
        return resource.create(model="gpt-4o-mini", messages=[{"role": "user", "content": QUESTION}], **options)
    return resource.create(model="gpt-4o-mini", input=QUESTION, **options)


SDK_CLIENT = {"anthropic": 0, "openai": 1, "openai_responses": 1}


@pytest.fixture(autouse=True)
def no_pending_faults():
    faults.clear()
    yield
    faults.clear()


@pytest.mark.parametrize("shape", ["anthropic", "openai", "openai_responses"])
def test_the_sdks_retry_and_honour_retry_after(fake_server, shape):
    client = clients(fake_server, f"retry-{shape}")[SDK_CLIENT[shape]]
    # Each wait asked is longer than the SDKs' own backoff for that retry (at most 0.5 s,
    # then 1 s: 0.5 s × 2^n less up to 25 % jitter), so only honouring retry-after-ms makes
    # the call last this long. A lower bound: a loaded machine cannot make it fail.
    assert add_faults(client, {"name": "rate_limit", "retry_after": 0.6},
                      {"name": "overloaded", "retry_after": 1.1}) == {"pending": ["rate_limit", "overloaded"]}
    started = time.monotonic()
    reply = call(shape, client)  # max_retries 2 (the SDKs' default): the third attempt answers
    assert time.monotonic() - started >= 0.6 + 1.1
    assert reply._request_id.startswith("req_")
    assert client.get("/fake/faults", cast_to=object) == {"pending": []}


ERROR_FAULTS = ["rate_limit", "overloaded", "server_error", "spend_limit"]


@pytest.mark.parametrize("shape", ["anthropic", "openai", "openai_responses"])
@pytest.mark.parametrize("name", ERROR_FAULTS)
def test_errors_are_the_sdks_own_and_print_as_in_process(fake_server, shape, name):
    key = f"errors-{shape}-{name}"
    client = clients(fake_server, key, max_retries=0)[SDK_CLIENT[shape]]
    add_faults(client, name)
    with pytest.raises(anthropic.APIStatusError if shape == "anthropic" else openai.APIStatusError) as real:
        call(shape, client)
    faults.next(name)
    ours = (fake_client.Anthropic if shape == "anthropic" else fake_client.OpenAI)(max_retries=0)
    with pytest.raises(fake_client.APIStatusError) as fake:
        call(shape, ours)
    assert type(real.value).__name__ == type(fake.value).__name__
    assert real.value.status_code == fake.value.status_code
    assert str(real.value) == str(fake.value)  # request ids counted alike: per key, per client
    assert real.value.request_id == fake.value.request_id
    assert real.value.body == fake.value.body or real.value.body == {**fake.value.body,
                                                                     "request_id": real.value.request_id}
    retry_after = real.value.response.headers.get("retry-after")
    assert retry_after == fake.value.response.headers.get("retry-after")
    assert (retry_after is None) == (name in ("server_error", "spend_limit"))


@pytest.mark.parametrize("shape", ["anthropic", "openai"])
def test_a_timeout_is_the_sdks_timeout(fake_server, shape):
    client = clients(fake_server, f"timeout-{shape}", max_retries=0, timeout=0.3)[SDK_CLIENT[shape]]
    add_faults(client, "timeout")
    with pytest.raises(anthropic.APITimeoutError if shape == "anthropic" else openai.APITimeoutError) as real:
        call(shape, client)
    faults.next("timeout")
    options = {"base_url": fake_server if shape == "anthropic" else fake_server + "/v1", "max_retries": 0,
               "timeout": 0.3}
    ours = (fake_client.Anthropic if shape == "anthropic" else fake_client.OpenAI)(**options)
    with pytest.raises(fake_client.APITimeoutError) as fake:
        call(shape, ours)
    assert str(real.value) == str(fake.value)
    # and the next call is answered (the timeout was one fault)
    assert call(shape, client)._request_id.startswith("req_")


@pytest.mark.parametrize("shape", ["anthropic", "openai", "openai_responses"])
def test_every_answer_has_a_request_id_and_rate_limit_headers(fake_server, shape):
    client = clients(fake_server, f"headers-{shape}")[SDK_CLIENT[shape]]
    header = "request-id" if shape == "anthropic" else "x-request-id"
    limits = ("anthropic-ratelimit-requests-remaining" if shape == "anthropic" else "x-ratelimit-remaining-requests")
    answer = raw_call(shape, client)
    assert answer.headers[header].startswith("req_") and answer.headers[limits] == "49"
    assert answer.parse()._request_id == answer.headers[header]
    with pytest.raises(anthropic.BadRequestError if shape == "anthropic" else openai.BadRequestError) as refused:
        raw_call(shape, client, tools=[{"nonsense": True}])
    assert refused.value.request_id and refused.value.request_id != answer.headers[header]
    assert refused.value.response.headers[limits] == "49"


REPLY_FAULTS = {
    "anthropic": ["refusal", "pause_turn", "context_window_exceeded", "reasoning_exhausted", "unoffered_tool",
                  "missing_required_argument", "injected_instruction"],
    "openai": ["refusal", "content_filter", "reasoning_exhausted", "unoffered_tool", "invalid_json_arguments",
               "missing_required_argument", "injected_instruction"],
    "openai_responses": ["refusal", "content_filter", "reasoning_exhausted", "unoffered_tool",
                         "invalid_json_arguments", "missing_required_argument", "injected_instruction"],
}
REPLY_CASES = [(shape, name) for shape, names in REPLY_FAULTS.items() for name in names]
RESPONSE_TYPES = {"anthropic": anthropic.types.Message, "openai": openai.types.chat.ChatCompletion,
                  "openai_responses": openai.types.responses.Response}


@pytest.mark.parametrize("shape,name", REPLY_CASES)
def test_misbehaving_replies_are_valid_sdk_responses_and_the_same_as_in_process(fake_server, shape, name):
    tools = {"anthropic": TOOLS, "openai": FUNCTIONS, "openai_responses": FLAT}[shape]
    options = {"tools": tools}
    if shape == "openai_responses" and name == "reasoning_exhausted":
        options["reasoning"] = {"effort": "low"}
    client = clients(fake_server, f"reply-{shape}-{name}")[SDK_CLIENT[shape]]
    add_faults(client, name)
    served = json.loads(raw_call(shape, client, **options).http_response.text)
    parsed = RESPONSE_TYPES[shape].model_validate(served, strict=True)
    assert_no_extra_fields(parsed)
    faults.next(name)
    with fake_client.recording() as calls:
        call(shape, (fake_client.Anthropic if shape == "anthropic" else fake_client.OpenAI)(), **options)
    assert calls[0]["response"] == served
    stop = {"anthropic": lambda: parsed.stop_reason, "openai": lambda: parsed.choices[0].finish_reason,
            "openai_responses": lambda: parsed.status}[shape]()
    assert stop == {"refusal": {"anthropic": "refusal", "openai": "stop", "openai_responses": "completed"}[shape],
                    "pause_turn": "pause_turn", "context_window_exceeded": "model_context_window_exceeded",
                    "content_filter": {"openai": "content_filter", "openai_responses": "incomplete"}.get(shape),
                    "reasoning_exhausted": {"anthropic": "max_tokens", "openai": "length",
                                            "openai_responses": "incomplete"}[shape],
                    }.get(name, {"anthropic": "tool_use", "openai": "tool_calls", "openai_responses": "completed"}[shape])


def test_the_sdk_reads_a_stop_reason_it_does_not_list(fake_server):
    # The SDK's StopReason lists today's values; a reply with a newer one still parses
    # (responses are read without validation), which is what the fault imitates.
    client, _ = clients(fake_server, "unlisted-stop")
    add_faults(client, "unlisted_stop_reason")
    reply = call("anthropic", client, tools=TOOLS)
    assert isinstance(reply, anthropic.types.Message)
    assert reply.stop_reason not in typing.get_args(anthropic.types.StopReason) and reply.content[0].type == "text"


def test_openai_refuses_a_prompt_past_the_context_window(fake_server):
    _, client = clients(fake_server, "context-openai", max_retries=0)
    add_faults(client, "context_window_exceeded", "context_window_exceeded")
    with pytest.raises(openai.BadRequestError) as refused:
        call("openai", client)
    assert refused.value.code == "context_length_exceeded"
    with pytest.raises(openai.BadRequestError) as refused:
        call("openai_responses", client)
    assert refused.value.code == "context_length_exceeded"


def test_stream_helpers_read_a_refusal(fake_server):
    claude, gpt = clients(fake_server, "stream-refusal")
    add_faults(claude, "refusal")
    with claude.messages.stream(model="claude-haiku-4-5", max_tokens=300, messages=[{"role": "user", "content": QUESTION}]) as stream:
        assert stream.get_final_message().stop_reason == "refusal"
    add_faults(gpt, "refusal", "refusal")
    with gpt.chat.completions.stream(model="gpt-4o-mini", messages=[{"role": "user", "content": QUESTION}]) as stream:
        final = stream.get_final_completion()
    assert final.choices[0].message.refusal == "I'm sorry, but I can't help with that."
    with gpt.responses.stream(model="gpt-4o-mini", input=QUESTION) as stream:
        response = stream.get_final_response()
    assert [part.type for part in response.output[0].content] == ["refusal"]


def test_the_faults_endpoint_lists_clears_and_refuses_unknown_names(fake_server):
    claude, gpt = clients(fake_server, "endpoint")
    assert add_faults(claude, "refusal", "timeout") == {"pending": ["refusal", "timeout"]}
    assert gpt.get("/fake/faults", cast_to=object) == {"pending": ["refusal", "timeout"]}  # the same key
    other = clients(fake_server, "endpoint-other")[0]
    assert other.get("/fake/faults", cast_to=object) == {"pending": []}  # keys do not share faults
    assert claude.delete("/fake/faults", cast_to=object) == {"pending": []}
    with pytest.raises(anthropic.BadRequestError, match="unknown fault 'nope'"):
        add_faults(claude, "nope")
    with pytest.raises(openai.BadRequestError, match='the body must be'):
        gpt.post("/fake/faults", body={"fault": "refusal"}, cast_to=object)
    assert call("anthropic", claude).stop_reason == "end_turn"


def test_a_fault_a_shape_lacks_is_a_400_naming_it(fake_server):
    _, gpt = clients(fake_server, "lacks", max_retries=0)
    add_faults(gpt, "pause_turn")
    with pytest.raises(openai.BadRequestError, match="fake_client fault 'pause_turn' has no counterpart in "
                                                     "Chat Completions"):
        call("openai", gpt)


def test_serve_faults_are_met_first_by_every_key():
    server = FakeModelServer(("127.0.0.1", 0), quiet=True, faults=tuple(make_faults(["refusal"])))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        for key in ("one", "two"):
            claude = anthropic.Anthropic(base_url=server.url, api_key=key)
            assert call("anthropic", claude).stop_reason == "refusal"
            assert call("anthropic", claude).stop_reason == "end_turn"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def test_the_command_line_refuses_an_unknown_fault(capsys):
    from fake_client.__main__ import main
    with pytest.raises(SystemExit) as ended:
        main(["serve", "--port", "0", "--faults", "rate_limit,nope"])
    assert ended.value.code == 2
    assert "--faults: unknown fault 'nope'" in capsys.readouterr().err
