"""Helpers for the runner tests: requests, a mini report, an OpenAI-shaped respx endpoint."""

from __future__ import annotations

import json

from judge_requests import request_for, write_mini_report  # noqa: F401  (re-exported)
from tier2.interface import JudgeRequest

EXCERPT = "Line one of the trial record.\nThe response rate was 45% in the treatment arm (n=120).\nEnd."


def make_request(claim_id: str, *, risk: int = 0, claim_text: str | None = None, excerpt_text: str = EXCERPT) -> JudgeRequest:
    return request_for(
        claim_id, claim_text or f"The response rate was 45% ({claim_id}).", excerpt_text,
        source_id="NCT0000001", source_path="clinical_trials/NCT0000001.txt", locator="L2", line_end=3, risk=risk,
    )


# ---------------------------------------------------------------- an OpenAI-shaped endpoint for respx

BASE_URL = "http://judge.test/v1"
COMPLETIONS = f"{BASE_URL}/chat/completions"
QUOTE = "The response rate was 45%"

# fault name → how the endpoint answers it
FAULTS = (
    "timeout", "rate_limited", "server_500", "server_502", "server_503", "connection_reset",
    "malformed_json", "schema_invalid", "quote_not_in_excerpt", "truncated",
)


def completion_body(content: str, *, finish_reason: str = "stop") -> dict:
    return {
        "id": "chatcmpl-x", "object": "chat.completion", "created": 1, "model": "m",
        "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": finish_reason}],
        "usage": {"prompt_tokens": 150, "completion_tokens": 25, "total_tokens": 175},
    }


def respond(kind: str, request):
    import httpx

    good = json.dumps({"verdict": "supported", "quote": QUOTE, "rationale": "stated"})
    if kind == "ok":
        return httpx.Response(200, json=completion_body(good))
    if kind == "timeout":
        raise httpx.ReadTimeout("read timed out", request=request)
    if kind == "rate_limited":
        return httpx.Response(429, headers={"Retry-After": "1"}, json={"error": {"message": "slow down"}})
    if kind.startswith("server_"):
        return httpx.Response(int(kind[-3:]), json={"error": {"message": "upstream failed"}})
    if kind == "connection_reset":
        raise httpx.ReadError("[Errno 104] Connection reset by peer", request=request)
    if kind == "malformed_json":
        return httpx.Response(200, json=completion_body('{"verdict": "supported", "quote": '))
    if kind == "schema_invalid":
        return httpx.Response(200, json=completion_body('{"verdict": "probably", "quote": 3}'))
    if kind == "quote_not_in_excerpt":
        bad = json.dumps({"verdict": "supported", "quote": "The rate was 45% per the invented text", "rationale": "x"})
        return httpx.Response(200, json=completion_body(bad))
    if kind == "truncated":
        return httpx.Response(200, json=completion_body('{"verdict": "supp', finish_reason="length"))
    raise AssertionError(kind)


class ScriptedEndpoint:
    """respx side effect: the claim's marker word (``claim-<name>``) picks its script; thread-safe."""

    def __init__(self, scripts: dict[str, list[str]]) -> None:
        import threading

        self.scripts = scripts
        self.seen: dict[str, int] = {}
        self.requests = 0
        self._lock = threading.Lock()

    def __call__(self, request):
        body = json.loads(request.content)
        user = body["messages"][-1]["content"]
        marker = next(name for name in self.scripts if f"claim-{name} " in user)
        with self._lock:
            n = self.seen.get(marker, 0)
            self.seen[marker] = n + 1
            self.requests += 1
        script = self.scripts[marker]
        return respond(script[min(n, len(script) - 1)], request)


def marker_request(name: str, *, risk: int = 0) -> JudgeRequest:
    return make_request(name, risk=risk, claim_text=f"In claim-{name} the response rate was 45%.")
