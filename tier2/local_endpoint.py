"""A loopback OpenAI-shaped chat-completions endpoint, for benchmarks, evals and tests.

It binds 127.0.0.1 only, answers every ``POST …/chat/completions`` after ``latency_s``
with whatever ``answer(body)`` returns (a dict: the judge's JSON answer), and records each
request body so a caller can count what was sent. Standard library only: no model, no
network beyond loopback.

    with LocalEndpoint(latency_s=1.0) as ep:
        ... Tier2Options(base_url=ep.base_url, model="local", ...) ...
        ep.requests, ep.prompt_tokens, ep.max_in_flight
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

MESSAGE_OVERHEAD = 4  # tokens OpenAI adds per chat message (cl100k chat format)
REPLY_PRIMING = 3  # tokens that prime the assistant's reply


def chat_prompt_tokens(messages: list[dict[str, Any]]) -> int:
    """Prompt tokens of a chat request as OpenAI counts them for cl100k models."""
    from excerpt.tokens import count_tokens

    return sum(MESSAGE_OVERHEAD + count_tokens(str(m.get("content", ""))) for m in messages) + REPLY_PRIMING


def not_enough_info(_body: dict[str, Any]) -> dict[str, str]:
    """A valid answer that needs no quote: what a transport/token measurement wants."""
    return {"verdict": "not_enough_info", "quote": "", "rationale": "measurement"}


class LocalEndpoint:
    def __init__(
        self,
        latency_s: float = 0.0,
        answer: Callable[[dict[str, Any]], dict[str, Any]] = not_enough_info,
        *,
        count_tokens: bool = True,
    ) -> None:
        self.latency_s = latency_s
        self.answer = answer
        self.bodies: list[dict[str, Any]] = []
        self.prompt_tokens: list[int] = []
        self.first_arrival: float | None = None
        self.last_reply = 0.0
        self.max_in_flight = 0
        self._in_flight = 0
        self._lock = threading.Lock()
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
                tokens = chat_prompt_tokens(body.get("messages", [])) if count_tokens else 0
                with owner._lock:
                    owner.bodies.append(body)
                    owner.prompt_tokens.append(tokens)
                    owner.first_arrival = owner.first_arrival or time.perf_counter()
                    owner._in_flight += 1
                    owner.max_in_flight = max(owner.max_in_flight, owner._in_flight)
                try:
                    time.sleep(owner.latency_s)
                    content = json.dumps(owner.answer(body))
                    payload = json.dumps({
                        "id": "chatcmpl-local", "object": "chat.completion", "created": int(time.time()),
                        "model": body.get("model"),
                        "choices": [{"index": 0, "message": {"role": "assistant", "content": content},
                                     "finish_reason": "stop"}],
                        "usage": {"prompt_tokens": tokens, "completion_tokens": len(content) // 4,
                                  "total_tokens": tokens + len(content) // 4},
                    }).encode()
                    self.send_response(200)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(payload)))
                    self.end_headers()
                    self.wfile.write(payload)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client went away mid-request (a killed run)
                finally:
                    with owner._lock:
                        owner._in_flight -= 1
                        owner.last_reply = time.perf_counter()

            def log_message(self, *args: object) -> None:
                pass

        class Server(ThreadingHTTPServer):
            request_queue_size = 128  # the default 5 drops concurrent connects (1 s SYN retry)

        self.httpd = Server(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.base_url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"
        self._thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self._thread.start()

    @property
    def requests(self) -> int:
        with self._lock:
            return len(self.bodies)

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

    def __enter__(self) -> LocalEndpoint:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
