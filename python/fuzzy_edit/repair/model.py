"""Models: any callable ``messages -> str``, and :class:`OpenAIChat` for OpenAI-compatible
chat-completions endpoints (OpenAI, vLLM, Ollama, OpenRouter, llama.cpp server…).

The adapter uses the standard library's ``urllib`` rather than the ``openai`` package: the
protocol needed is one POST, so a dependency (and its own retry and timeout policy, which would
have to be reconciled with ours) buys nothing; every endpoint that speaks the protocol works,
and the behaviour on errors is ours to define and test: connection errors, timeouts, 429 and
5xx are retried with exponential backoff, then raise :class:`ModelError` naming the endpoint,
the attempts and the last error; other 4xx (bad key, unknown model) fail at once.
"""

from __future__ import annotations

import json
import os
import socket
import time
import urllib.error
import urllib.request
from typing import Any, Callable, Dict, List, Optional, Union

Messages = List[Dict[str, str]]
#: A model: takes chat messages, returns the answer text (a :class:`ModelReply` to report usage).
Model = Callable[[Messages], Union[str, "ModelReply"]]


class ModelError(RuntimeError):
    """The model could not be asked (after retries, where retrying made sense)."""


class ModelReply(str):
    """The answer text, with the token counts the endpoint reported (``usage``) if any."""

    usage: Dict[str, int]

    def __new__(cls, text: str, usage: Optional[Dict[str, int]] = None) -> "ModelReply":
        obj = super().__new__(cls, text)
        obj.usage = dict(usage or {})
        return obj


_RETRYABLE_STATUS = {408, 409, 425, 429, 500, 502, 503, 504}


class OpenAIChat:
    """A chat-completions endpoint as a model callable.

    ``base_url`` is the API root (``https://api.openai.com/v1``, ``http://localhost:11434/v1``
    for Ollama, ``http://localhost:8000/v1`` for vLLM); ``/chat/completions`` is appended. The
    API key is read from the environment variable ``api_key_env`` at call time (never stored
    in history); none is sent when it is unset, as local servers expect.
    """

    def __init__(
        self,
        model: str,
        base_url: str = "https://api.openai.com/v1",
        *,
        api_key_env: str = "OPENAI_API_KEY",
        timeout: float = 120.0,
        retries: int = 3,
        backoff: float = 1.0,
        max_backoff: float = 30.0,
        temperature: Optional[float] = 0.0,
        max_tokens: Optional[int] = None,
        extra_body: Optional[Dict[str, Any]] = None,
    ) -> None:
        if retries < 0:
            raise ValueError("retries must be >= 0")
        self.model = model
        self.url = base_url.rstrip("/") + "/chat/completions"
        self.api_key_env = api_key_env
        self.timeout = timeout
        self.retries = retries
        self.backoff = backoff
        self.max_backoff = max_backoff
        self.temperature = temperature
        self.max_tokens = max_tokens
        self.extra_body = dict(extra_body or {})

    def __repr__(self) -> str:
        return f"OpenAIChat(model={self.model!r}, url={self.url!r})"

    def _request(self, messages: Messages) -> urllib.request.Request:
        body: Dict[str, Any] = {"model": self.model, "messages": messages}
        if self.temperature is not None:
            body["temperature"] = self.temperature
        if self.max_tokens is not None:
            body["max_tokens"] = self.max_tokens
        body.update(self.extra_body)
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        key = os.environ.get(self.api_key_env, "") if self.api_key_env else ""
        if key:
            headers["Authorization"] = f"Bearer {key}"
        return urllib.request.Request(self.url, json.dumps(body).encode(), headers, method="POST")

    def __call__(self, messages: Messages) -> ModelReply:
        attempts = self.retries + 1
        last = ""
        for attempt in range(attempts):
            delay: Optional[float] = None
            try:
                with urllib.request.urlopen(self._request(messages), timeout=self.timeout) as resp:
                    payload = resp.read()
                return _reply(payload, self.url)
            except urllib.error.HTTPError as e:
                detail = _body_excerpt(e)
                last = f"HTTP {e.code} {e.reason}{': ' + detail if detail else ''}"
                if e.code not in _RETRYABLE_STATUS:
                    raise ModelError(f"{self.url}: {last} (not retried)") from None
                delay = _retry_after(e)
            except (urllib.error.URLError, socket.timeout, TimeoutError, ConnectionError) as e:
                reason = getattr(e, "reason", e)
                if isinstance(reason, (socket.timeout, TimeoutError)):
                    last = f"no answer within {self.timeout:g} s"
                else:
                    last = f"connection failed: {reason}"
            if attempt + 1 < attempts:
                wait = delay if delay is not None else self.backoff * (2**attempt)
                time.sleep(min(max(wait, 0.0), self.max_backoff))
        raise ModelError(f"{self.url}: gave up after {attempts} attempt(s); last error: {last}")


def _reply(payload: bytes, url: str) -> ModelReply:
    try:
        doc = json.loads(payload)
        message = doc["choices"][0]["message"]
        text = message.get("content") or ""
    except (ValueError, KeyError, IndexError, TypeError, AttributeError):
        excerpt = payload[:300].decode("utf-8", "replace")
        raise ModelError(f"{url}: the answer is not a chat completion: {excerpt!r}") from None
    usage = doc.get("usage") or {}
    counts = {k: int(v) for k, v in usage.items() if k.endswith("_tokens") and isinstance(v, int)}
    return ModelReply(text, counts)


def _body_excerpt(e: urllib.error.HTTPError) -> str:
    try:
        body = e.read()[:500].decode("utf-8", "replace")
    except Exception:  # the body is a courtesy; the status says enough
        return ""
    try:
        err = json.loads(body).get("error")
        if isinstance(err, dict) and err.get("message"):
            return str(err["message"])
    except (ValueError, AttributeError):
        pass
    return body.strip()


def _retry_after(e: urllib.error.HTTPError) -> Optional[float]:
    value = e.headers.get("Retry-After") if e.headers else None
    try:
        return float(value) if value is not None else None
    except ValueError:
        return None


def ask(model: Model, messages: Messages) -> ModelReply:
    """Call any model and normalize the answer to a :class:`ModelReply`."""
    answer = model(messages)
    if isinstance(answer, ModelReply):
        return answer
    if not isinstance(answer, str):
        raise ModelError(f"the model returned {type(answer).__name__}, not str")
    return ModelReply(answer)
