"""The OpenAI-compatible adapter against a real local HTTP server: answers, token counts,
retries with backoff, timeouts, errors that are not retried, malformed answers."""

import time

import pytest

from fuzzy_edit.replay import ReplayServer, Reply
from fuzzy_edit.repair import ModelError, ModelReply, OpenAIChat

MSG = [{"role": "user", "content": "fix it please"}]


def test_answer_usage_and_request(replay, monkeypatch):
    server = replay(["the answer"])
    monkeypatch.setenv("TEST_KEY", "sk-test")
    model = OpenAIChat("some-model", server.base_url, api_key_env="TEST_KEY", max_tokens=100)
    reply = model(MSG)
    assert isinstance(reply, ModelReply) and reply == "the answer"
    assert reply.usage == {"prompt_tokens": 3, "completion_tokens": 2, "total_tokens": 5}
    body = server.requests[0]
    assert body["model"] == "some-model" and body["messages"] == MSG and body["max_tokens"] == 100
    assert server.authorization == ["Bearer sk-test"]


def test_no_key_no_authorization_header(replay, monkeypatch):
    server = replay(["ok"])
    monkeypatch.delenv("UNSET_KEY_VAR", raising=False)
    OpenAIChat("m", server.base_url, api_key_env="UNSET_KEY_VAR")(MSG)
    assert server.authorization == [""]


def test_server_errors_are_retried_with_backoff(replay):
    server = replay([Reply(status=503), Reply(status=429), "finally"])
    start = time.monotonic()
    assert OpenAIChat("m", server.base_url, retries=2, backoff=0.1)(MSG) == "finally"
    assert time.monotonic() - start >= 0.1 + 0.2 - 0.02  # 0.1 s, then 0.2 s
    assert len(server.requests) == 3


def test_timeouts_are_retried_then_fail_clearly(replay):
    server = replay([Reply(text="late", delay=1.5), Reply(text="late", delay=1.5)])
    start = time.monotonic()
    with pytest.raises(ModelError) as info:
        OpenAIChat("m", server.base_url, timeout=0.3, retries=1, backoff=0.05)(MSG)
    elapsed = time.monotonic() - start
    assert "gave up after 2 attempt(s)" in str(info.value) and "no answer within 0.3 s" in str(info.value)
    assert elapsed < 1.5, "bounded by the client's timeouts, not the server's delay"


def test_client_errors_are_not_retried(replay):
    server = replay([Reply(status=401), "never sent"])
    with pytest.raises(ModelError, match=r"HTTP 401 .*scripted error 401.*not retried"):
        OpenAIChat("m", server.base_url, retries=3, backoff=0.01)(MSG)
    assert len(server.requests) == 1


def test_unreachable_endpoint():
    server = ReplayServer([])  # bound, then closed: nothing listens on the port any more
    url = server.base_url
    server._server.server_close()
    with pytest.raises(ModelError, match="connection failed"):
        OpenAIChat("m", url, retries=1, backoff=0.01, timeout=2)(MSG)


def test_malformed_completion(replay):
    server = replay([Reply(raw=b"<html>gateway</html>")])
    with pytest.raises(ModelError, match="not a chat completion"):
        OpenAIChat("m", server.base_url, retries=0)(MSG)


def test_loopback_only():
    with pytest.raises(ValueError):
        ReplayServer([], host="0.0.0.0")
