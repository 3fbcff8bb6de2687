"""A local OpenAI-shaped chat-completions server that answers after a delay (stdlib only)."""

from __future__ import annotations

import json
import re
import threading
import time
from collections import Counter
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

_COHORT = re.compile(r"cohort-(\d+)")


class SlowJudgeServer:
    def __init__(self, delay_s: float = 0.3) -> None:
        self.delay_s = delay_s
        self.requests: Counter[str] = Counter()
        self._lock = threading.Lock()
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
                user = body["messages"][-1]["content"]
                cohort = _COHORT.search(user)
                key = cohort.group(0) if cohort else "?"
                with owner._lock:
                    owner.requests[key] += 1
                time.sleep(owner.delay_s)
                content = json.dumps({"verdict": "supported", "quote": "the response rate was 45%", "rationale": "stated"})
                payload = json.dumps({
                    "id": "chatcmpl-local", "object": "chat.completion", "created": int(time.time()), "model": body.get("model"),
                    "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}],
                    "usage": {"prompt_tokens": 120, "completion_tokens": 20, "total_tokens": 140},
                }).encode()
                try:
                    self.send_response(200)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(payload)))
                    self.end_headers()
                    self.wfile.write(payload)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client was killed mid-request

            def log_message(self, *args: object) -> None:
                pass

        class Server(ThreadingHTTPServer):
            request_queue_size = 128  # the default 5 drops concurrent connects (1 s SYN retry)

        self.httpd = Server(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.base_url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"
        self._thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def total(self) -> int:
        with self._lock:
            return sum(self.requests.values())

    def __enter__(self) -> SlowJudgeServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
