"""`python -m fake_client serve` as a server under hostile clients: bodies that are not JSON,
wrong content types, unknown paths and methods, bodies over the limit, clients that stall or
hang up half way, a crowd connecting at once. Each gets an HTTP answer in the envelope of the
API it spoke to (or is dropped after the time limit); the server answers the next client as
ever, and never mixes one API key's conversation with another's."""

import http.client
import json
import re
import socket
import struct
import subprocess
import sys
import threading
import time
from pathlib import Path

import anthropic
import openai
import pytest

import fake_client

from fake_client._server import FakeModelServer
from support.hostile_tally import case

AREA = "server"
REPO = Path(__file__).resolve().parents[2]
LIMIT = 64 * 1024
GOOD = {"model": "claude-haiku-4-5", "max_tokens": 50, "messages": [{"role": "user", "content": "Благодаря!"}]}
GOOD_OPENAI = {"model": "gpt-4o-mini", "messages": [{"role": "user", "content": "Благодаря!"}]}


def start(**options) -> tuple[FakeModelServer, threading.Thread]:
    server = FakeModelServer(("127.0.0.1", 0), quiet=True, **options)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return server, thread


@pytest.fixture(scope="module")
def server():
    running, thread = start(max_body_bytes=LIMIT, connection_timeout=1.0)
    yield running
    running.shutdown()
    running.server_close()
    thread.join(timeout=5)


def request(server, method: str, path: str, body: bytes = b"", headers: dict = None) -> tuple[int, dict, dict]:
    connection = http.client.HTTPConnection(*server.server_address[:2], timeout=10)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        data = response.read()
        return response.status, dict(response.getheaders()), json.loads(data) if data else {}
    finally:
        connection.close()


def anthropic_envelope(payload: dict, error_type: str) -> None:
    assert payload["type"] == "error" and payload["error"]["type"] == error_type, payload
    assert isinstance(payload["error"]["message"], str) and payload["error"]["message"].strip()


def openai_envelope(payload: dict) -> None:
    assert set(payload) == {"error"} and set(payload["error"]) == {"message", "type", "param", "code"}, payload
    assert payload["error"]["message"].strip()


def still_answers(server) -> None:
    """A real SDK's request right after: the server is alive and well."""
    client = anthropic.Anthropic(base_url=server.url, api_key="after", max_retries=0)
    assert client.messages.create(**GOOD).stop_reason == "end_turn"


ANTHROPIC = {"content-type": "application/json", "x-api-key": "k", "anthropic-version": "2023-06-01"}
OPENAI = {"content-type": "application/json", "authorization": "Bearer k"}
NOT_JSON = [b"", b"{", b"null", b"[]", b"42", b'"text"', b"NaN", b'{"max_tokens": NaN}', b'{"a": 1e999}',
            b"\xff\xfe{}", "\ufeff{}".encode(), b"[" * 20_000 + b"]" * 20_000, b'{"model": "claude-haiku-4-5",}',
            b"{'model': 'm'}"]


@pytest.mark.parametrize("body", NOT_JSON, ids=lambda body: repr(body[:12]))
@pytest.mark.parametrize("path, headers", [("/v1/messages", ANTHROPIC), ("/v1/messages/count_tokens", ANTHROPIC),
                                           ("/v1/chat/completions", OPENAI)])
def test_a_body_that_is_no_json_object_is_a_400_in_the_apis_envelope(server, body, path, headers):
    with case(AREA):
        status, _, payload = request(server, "POST", path, body, headers)
        assert status == 400
        (openai_envelope(payload) if "chat" in path else anthropic_envelope(payload, "invalid_request_error"))
        still_answers(server)


@pytest.mark.parametrize("content_type", [None, "text/plain", "application/x-www-form-urlencoded",
                                          "multipart/form-data; boundary=x", "application/jsonx", "json"])
@pytest.mark.parametrize("path, headers", [("/v1/messages", ANTHROPIC), ("/v1/chat/completions", OPENAI)])
def test_a_wrong_content_type_is_a_400(server, content_type, path, headers):
    sent = {key: value for key, value in headers.items() if key != "content-type"}
    if content_type:
        sent["content-type"] = content_type
    with case(AREA):
        status, _, payload = request(server, "POST", path, json.dumps(GOOD).encode(), sent)
        assert status == 400
        (openai_envelope(payload) if "chat" in path else anthropic_envelope(payload, "invalid_request_error"))
        assert "application/json" in json.dumps(payload)


@pytest.mark.parametrize("path, headers, shape", [
    ("/v1/message", ANTHROPIC, "anthropic"), ("/", ANTHROPIC, "anthropic"), ("/v2/messages", ANTHROPIC, "anthropic"),
    ("/v1/messages/../models", ANTHROPIC, "anthropic"), ("/v1/" + "x" * 5000, ANTHROPIC, "anthropic"),
    ("/v1/chat/completion", OPENAI, "openai"), ("/v1/embeddings", OPENAI, "openai"), ("/v1/response", OPENAI, "openai"),
])
def test_an_unknown_path_is_a_404_in_the_apis_envelope(server, path, headers, shape):
    with case(AREA):
        status, _, payload = request(server, "POST", path, json.dumps(GOOD).encode(), headers)
        assert status == 404
        if shape == "openai":
            openai_envelope(payload)
            assert payload["error"]["message"].startswith("Invalid URL (POST ")
        else:
            anthropic_envelope(payload, "not_found_error")


@pytest.mark.parametrize("method", ["GET", "PUT", "DELETE", "PATCH", "OPTIONS"])
def test_another_method_on_a_known_path_is_a_405_and_on_an_unknown_one_a_404(server, method):
    with case(AREA):
        status, _, payload = request(server, method, "/v1/messages", b"", ANTHROPIC)
        assert status == 405
        anthropic_envelope(payload, "invalid_request_error")
        status, _, payload = request(server, method, "/v1/models/x", b"", OPENAI)
        assert status == 404
        openai_envelope(payload)


def raw(server, data: bytes, *, timeout: float = 5.0) -> bytes:
    """Send raw bytes on a fresh connection; everything the server answers until it closes."""
    with socket.create_connection(server.server_address[:2], timeout=timeout) as connection:
        connection.sendall(data)
        chunks = []
        while True:
            try:
                chunk = connection.recv(65536)
            except socket.timeout:
                break
            if not chunk:
                break
            chunks.append(chunk)
        return b"".join(chunks)


def status_and_json(answer: bytes) -> tuple[int, dict]:
    head, _, body = answer.partition(b"\r\n\r\n")
    return int(head.split(b" ", 2)[1]), json.loads(body)


@pytest.mark.parametrize("data, status", [
    (b"GARBAGE\r\n\r\n", 400),
    (b"BREW /v1/messages HTTP/1.1\r\nHost: x\r\n\r\n", 501),
    (b"GET /" + b"a" * 70_000 + b" HTTP/1.1\r\n\r\n", 414),
    (b"POST /v1/messages HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n", 400),
    (b"POST /v1/messages HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n", 400),
    (b"POST /v1/messages HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
     b"Transfer-Encoding: chunked\r\n\r\nzz\r\n", 400),
])
def test_a_malformed_request_gets_a_json_error_not_an_html_page(server, data, status):
    with case(AREA):
        answered, payload = status_and_json(raw(server, data))
        assert answered == status
        anthropic_envelope(payload, payload["error"]["type"])
        still_answers(server)


def test_a_body_over_the_limit_is_a_413_without_being_read(server):
    with case(AREA):
        head = (f"POST /v1/messages HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                f"x-api-key: k\r\nContent-Length: {LIMIT + 1}\r\n\r\n").encode()
        answered, payload = status_and_json(raw(server, head))  # no body sent: it is not waited for
        assert answered == 413
        anthropic_envelope(payload, "request_too_large")
    with case(AREA):
        chunk = b"x" * 40_000
        chunked = (b"POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                   b"Authorization: Bearer k\r\nTransfer-Encoding: chunked\r\n\r\n"
                   + (b"%x\r\n" % len(chunk) + chunk + b"\r\n") * 2 + b"0\r\n\r\n")
        answered, payload = status_and_json(raw(server, chunked))
        assert answered == 413
        openai_envelope(payload)
        assert payload["error"]["code"] == "request_too_large"
    with case(AREA):
        body = json.dumps(GOOD).encode()
        chunked = (b"POST /v1/messages HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nx-api-key: k\r\n"
                   b"Transfer-Encoding: chunked\r\n\r\n" + b"%x\r\n" % len(body) + body + b"\r\n0\r\n\r\n")
        answered, payload = status_and_json(raw(server, chunked))
        assert answered == 200 and payload["type"] == "message"


def test_a_client_that_stalls_half_way_holds_up_nobody_and_is_dropped(server):
    with case(AREA):
        stalled = []
        for _ in range(30):  # each sends headers and a third of its body, then nothing
            connection = socket.create_connection(server.server_address[:2], timeout=10)
            connection.sendall(b"POST /v1/messages HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                               b"Content-Length: 300\r\n\r\n" + b"{" * 100)
            stalled.append(connection)
        idle = socket.create_connection(server.server_address[:2], timeout=10)  # sends nothing at all
        started = time.monotonic()
        for _ in range(5):
            still_answers(server)
        assert time.monotonic() - started < 8  # a hang guard: the stalled ones do not queue the others
        for connection in stalled + [idle]:
            assert connection.recv(1024) == b""  # closed by the server after its time limit
            connection.close()


def test_a_client_that_hangs_up_half_way_through_a_body_or_a_stream(server):
    with case(AREA):
        with socket.create_connection(server.server_address[:2]) as connection:
            connection.sendall(b"POST /v1/messages HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                               b"Content-Length: 500\r\n\r\n{\"model\": ")
        still_answers(server)
    with case(AREA):
        body = json.dumps({**GOOD, "stream": True, "max_tokens": 500,
                           "messages": [{"role": "user", "content": "Summarise: " + "the shop ships. " * 200}]})
        with socket.create_connection(server.server_address[:2]) as connection:
            connection.sendall(f"POST /v1/messages HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                               f"x-api-key: k\r\nContent-Length: {len(body.encode())}\r\n\r\n".encode() + body.encode())
            assert connection.recv(64).startswith(b"HTTP/1.1 200")
            connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # reset, not FIN
        still_answers(server)


@pytest.mark.parametrize("path, headers, body", [
    ("/v1/messages", ANTHROPIC, {**GOOD, "messages": [{"role": "user", "content": "Summarise: \ud800 and \udfff."}]}),
    ("/v1/messages", ANTHROPIC, {**GOOD, "stream": True, "messages": [{"role": "user", "content": "Summarise: \ud800."}]}),
    ("/v1/chat/completions", OPENAI, {**GOOD_OPENAI, "messages": [{"role": "user", "content": "Summarise: \ud83d."}]}),
])
def test_a_lone_surrogate_sent_escaped_comes_back_as_valid_utf8(server, path, headers, body):
    with case(AREA):
        answer = raw(server, (f"POST {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
                              + "".join(f"{key}: {value}\r\n" for key, value in headers.items())
                              + f"Content-Length: {len(json.dumps(body))}\r\n\r\n").encode() + json.dumps(body).encode())
        head, _, data = answer.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 200"), head
        text = data.decode("utf-8")  # strict: no lone surrogate on the wire
        if body.get("stream"):
            assert [json.loads(line[6:]) for line in text.splitlines() if line.startswith("data: ")]
        else:
            json.loads(text)


def test_a_refused_request_leaves_its_connection_usable(server):
    """The body of a refused request is read before the answer: the next request on the same
    kept-alive connection is not read out of its leftovers (that reset connections)."""
    with case(AREA):
        connection = http.client.HTTPConnection(*server.server_address[:2], timeout=10)
        try:
            for path, body, status in [("/v1/nowhere", json.dumps(GOOD), 404), ("/v1/messages", "{", 400),
                                       ("/v1/messages", json.dumps(GOOD), 200)]:
                connection.request("POST", path, body=body, headers=ANTHROPIC)
                response = connection.getresponse()
                response.read()
                assert response.status == status
        finally:
            connection.close()


def test_an_internal_error_is_a_500_in_the_envelope_and_the_server_goes_on():
    running, thread = start()
    try:
        def broken(*arguments):
            raise KeyError("a bug of the fake")

        running.answer = broken
        with case(AREA):
            status, _, payload = request(running, "POST", "/v1/messages", json.dumps(GOOD).encode(), ANTHROPIC)
            assert status == 500
            anthropic_envelope(payload, "api_error")
            status, _, payload = request(running, "POST", "/v1/chat/completions", json.dumps(GOOD_OPENAI).encode(),
                                         OPENAI)
            assert status == 500 and payload["error"]["type"] == "server_error"
        del running.answer
        still_answers(running)
    finally:
        running.shutdown()
        running.server_close()
        thread.join(timeout=5)


def test_a_crowd_connecting_at_once_is_queued_not_reset():
    """Sixty clients connect before the server accepts any (as when a score of SDK clients
    start together): every handshake completes and every client gets its answer. The listen
    queue of http.server (5) dropped them, and their requests read "connection reset"."""
    running = FakeModelServer(("127.0.0.1", 0), quiet=True)
    connections = []
    try:
        with case(AREA):
            for _ in range(60):
                connections.append(socket.create_connection(running.server_address[:2], timeout=0.5))
            body = json.dumps(GOOD).encode()
            for connection in connections:
                connection.sendall(b"POST /v1/messages HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                                   b"Connection: close\r\nContent-Length: %d\r\n\r\n" % len(body) + body)
            thread = threading.Thread(target=running.serve_forever, daemon=True)
            thread.start()
            for connection in connections:
                connection.settimeout(30)
                answer = b""
                while chunk := connection.recv(65536):
                    answer += chunk
                assert answer.startswith(b"HTTP/1.1 200")
    finally:
        for connection in connections:
            connection.close()
        running.shutdown()
        running.server_close()


def question(number: int) -> str:
    return "Благодаря!" + " много" * number  # a conversation of its own length per client


@pytest.fixture
def crowd_server():
    """A server with the default idle limit: the module's 1 s limit (for slow-client tests)
    closes a kept-alive connection whenever a loaded machine pauses a client thread that long
    between two requests, and the SDK (max_retries=0) then reports a disconnect that is not
    what this test is about."""
    running, thread = start()
    yield running
    running.shutdown()
    running.server_close()
    thread.join(timeout=5)


def test_twenty_sdk_clients_at_once_each_get_their_own_conversation(crowd_server):
    """20 real SDK clients (10 of each API), all at once: every request answered, ids counted
    per API key as for a fresh client, and each server-held thread continued with its own
    conversation, not another key's (the ids themselves are the same text for every key)."""
    barrier = threading.Barrier(20)
    results: dict = {}

    def anthropic_client(number: int) -> None:
        client = anthropic.Anthropic(base_url=crowd_server.url, api_key=f"crowd-a-{number}", max_retries=0)
        barrier.wait()
        ids = [client.messages.create(**GOOD).id for _ in range(3)]
        first = client.beta.messages.create(model="claude-haiku-4-5", max_tokens=50,
                                            messages=[{"role": "user", "content": question(number)}],
                                            extra_body={"thread": {"type": "create"}})
        then = client.beta.messages.create(model="claude-haiku-4-5", max_tokens=50, messages=[{"role": "user", "content": "И?"}],
                                           extra_body={"thread": {"type": "continue", "previous_message_id": first.id}})
        results[("anthropic", number)] = (ids, then.usage.input_tokens)

    def openai_client(number: int) -> None:
        client = openai.OpenAI(base_url=f"{crowd_server.url}/v1", api_key=f"crowd-o-{number}", max_retries=0)
        barrier.wait()
        results[("openai", number)] = ([client.chat.completions.create(**GOOD_OPENAI).id for _ in range(5)], None)

    threads = [threading.Thread(target=anthropic_client, args=(n,)) for n in range(10)]
    threads += [threading.Thread(target=openai_client, args=(n,)) for n in range(10)]
    with case(AREA):
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=120)
        assert len(results) == 20
        anthropic_ids = {tuple(ids) for (api, _), (ids, _) in results.items() if api == "anthropic"}
        openai_ids = {tuple(ids) for (api, _), (ids, _) in results.items() if api == "openai"}
        assert len(anthropic_ids) == 1 and len(openai_ids) == 1  # each key counted on its own, from 1
        fresh = anthropic.Anthropic(base_url=crowd_server.url, api_key="crowd-fresh", max_retries=0)
        assert list(anthropic_ids.pop()) == [fresh.messages.create(**GOOD).id for _ in range(3)]
        for number in range(10):
            local = fake_client.Anthropic()
            first = local.beta.messages.create(model="claude-haiku-4-5", max_tokens=50,
                                               messages=[{"role": "user", "content": question(number)}],
                                               thread={"type": "create"})
            then = local.beta.messages.create(model="claude-haiku-4-5", max_tokens=50, messages=[{"role": "user", "content": "И?"}],
                                              thread={"type": "continue", "previous_message_id": first.id})
            assert results[("anthropic", number)][1] == then.usage.input_tokens, number
    with case(AREA):
        stranger = anthropic.Anthropic(base_url=crowd_server.url, api_key="crowd-stranger", max_retries=0)
        with pytest.raises(anthropic.NotFoundError):  # a key that holds no thread finds none
            stranger.beta.messages.create(model="claude-haiku-4-5", max_tokens=50, messages=[{"role": "user", "content": "И?"}],
                                          extra_body={"thread": {"type": "continue", "previous_message_id": "msg_014"}})


def serve_command(*arguments: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "fake_client", "serve", *arguments], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=REPO)


def test_the_command_listens_on_127_0_0_1_unless_told_otherwise_and_says_when_it_cannot():
    with case(AREA):
        process = serve_command("--port", "0")
        try:
            url = re.search(r"http://([\d.]+):(\d+)", process.stdout.readline())
            assert url[1] == "127.0.0.1"
            with pytest.raises(OSError):  # not on another address: 127.0.0.2 is this machine too
                socket.create_connection(("127.0.0.2", int(url[2])), timeout=2).close()
            taken = serve_command("--port", url[2])
            _, error = taken.communicate(timeout=30)
            assert taken.returncode == 2 and "cannot listen on 127.0.0.1:" in error and "Traceback" not in error
        finally:
            process.terminate()
            process.wait(timeout=10)
