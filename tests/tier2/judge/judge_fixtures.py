"""Helpers for the judge tests: requests built from plain text, chat-completion bodies."""

from __future__ import annotations

import json
from typing import Any

from judge_requests import request_for
from tier2.interface import JudgeRequest

BASE_URL = "http://judge.test/v1"
COMPLETIONS = f"{BASE_URL}/chat/completions"
SECRET_KEY = "sk-test-SECRET-4f2a9c1e7b3d5a60"


def judge_request(claim: str, excerpt_text: str, claim_id: str = "c1") -> JudgeRequest:
    return request_for(
        claim_id, claim, excerpt_text, source_id="pmid:1", source_path="pubmed/1.txt", locator="L1-4",
        line_end=4, tokens=len(excerpt_text.split()),
    )


def completion(content: str | None, *, finish_reason: str = "stop", prompt_tokens: int = 111, completion_tokens: int = 22) -> dict[str, Any]:
    return {
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "created": 1,
        "model": "m",
        "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": finish_reason}],
        "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens, "total_tokens": prompt_tokens + completion_tokens},
    }


def answer_json(verdict: str, quote: str, rationale: str = "because") -> str:
    return json.dumps({"verdict": verdict, "quote": quote, "rationale": rationale})


CLAIM = "The objective response rate was 45% in the treatment arm."
EXCERPT = "Results. In the treatment arm the objective response rate was 45% (95% CI 38-52).\nIn the control arm it was 30%."
