"""A local OpenAI-compatible chat-completions server that replays scripted answers.

For the shipped example and the tests: the repair loop talks HTTP to it exactly as it talks to
a real endpoint, so the adapter, retries and timeouts are exercised for real. It binds to the
loopback interface only, records every request, and answers each request with the next item
of its script: a string (the model's answer), or a :class:`Reply` (an HTTP error, a delay
longer than the client's timeout, a body that is not a chat completion).

>>> from fuzzy_edit.repair import OpenAIChat
>>> with ReplayServer(["hello"]) as server:
...     OpenAIChat("replay", server.base_url)([{"role": "user", "content": "hi"}])
'hello'
"""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Dict, List, Optional, Sequence, Type, Union

_LOOPBACK = ("127.0.0.1", "::1", "localhost")


@dataclass
class Reply:
    """One scripted answer."""

    #: The answer text (a chat completion with this content).
    text: str = ""
    #: HTTP status; anything but 200 sends an OpenAI-style error body.
    status: int = 200
    #: Seconds to wait before answering (to provoke client timeouts).
    delay: float = 0.0
    #: Send these bytes as the body instead of a chat completion.
    raw: Optional[bytes] = None


Script = Sequence[Union[str, Reply]]


class ReplayServer:
    """Serve ``POST /v1/chat/completions`` (and ``/chat/completions``) from a script."""

    def __init__(self, script: Script, *, host: str = "127.0.0.1", port: int = 0, model: str = "replay") -> None:
        if host not in _LOOPBACK:
            raise ValueError(f"the replay server binds to loopback only, not {host!r}")
        self.script: List[Reply] = [s if isinstance(s, Reply) else Reply(text=s) for s in script]
        self.model = model
        #: Every request body received, parsed, in order.
        self.requests: List[Dict[str, Any]] = []
        #: The ``Authorization`` header of each request ("" when none was sent).
        self.authorization: List[str] = []
        self._lock = threading.Lock()
        self._next = 0
        server = ThreadingHTTPServer((host, port), _handler(self))
        server.daemon_threads = True
        server.block_on_close = False  # a request sleeping past a client timeout must not block stop()
        self._server = server
        self._thread: Optional[threading.Thread] = None

    @property
    def base_url(self) -> str:
        host, port = self._server.server_address[:2]
        name = host.decode() if isinstance(host, bytes) else host
        return f"http://{name}:{port}/v1"

    @property
    def remaining(self) -> int:
        """Scripted answers not served yet."""
        return len(self.script) - self._next

    def start(self) -> "ReplayServer":
        self._thread = threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def __enter__(self) -> "ReplayServer":
        return self.start()

    def __exit__(self, *exc: Any) -> None:
        self.stop()

    def _take(self, body: Dict[str, Any], authorization: str) -> Optional[Reply]:
        with self._lock:
            self.requests.append(body)
            self.authorization.append(authorization)
            if self._next >= len(self.script):
                return None
            reply = self.script[self._next]
            self._next += 1
            return reply


def _words(messages: Any) -> int:
    if not isinstance(messages, list):
        return 0
    return sum(len(str(m.get("content", "")).split()) for m in messages if isinstance(m, dict))


def _handler(replay: ReplayServer) -> Type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:  # keep test output clean
            pass

        def _send(self, status: int, body: bytes) -> None:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            try:
                self.wfile.write(body)
            except (BrokenPipeError, ConnectionResetError):  # the client timed out and left
                pass

        def _error(self, status: int, message: str) -> None:
            self._send(status, json.dumps({"error": {"message": message, "type": "replay"}}).encode())

        def do_POST(self) -> None:
            if self.path.rstrip("/") not in ("/v1/chat/completions", "/chat/completions"):
                self._error(404, f"no route {self.path}")
                return
            length = int(self.headers.get("Content-Length") or 0)
            try:
                body = json.loads(self.rfile.read(length) or b"{}")
            except ValueError:
                self._error(400, "the request body is not JSON")
                return
            reply = replay._take(body, self.headers.get("Authorization") or "")
            if reply is None:
                self._error(400, "the replay script has no more answers")
                return
            if reply.delay:
                time.sleep(reply.delay)
            if reply.raw is not None:
                self._send(reply.status, reply.raw)
            elif reply.status != 200:
                self._error(reply.status, f"scripted error {reply.status}")
            else:
                completion = {
                    "id": f"replay-{replay._next}",
                    "object": "chat.completion",
                    "created": int(time.time()),
                    "model": body.get("model", replay.model),
                    "choices": [
                        {"index": 0, "message": {"role": "assistant", "content": reply.text}, "finish_reason": "stop"}
                    ],
                    # Counted in words, not a tokenizer's tokens: enough to show the plumbing.
                    "usage": {
                        "prompt_tokens": _words(body.get("messages")),
                        "completion_tokens": len(reply.text.split()),
                        "total_tokens": _words(body.get("messages")) + len(reply.text.split()),
                    },
                }
                self._send(200, json.dumps(completion).encode())

    return Handler
