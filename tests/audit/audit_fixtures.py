"""Helpers for the audit tests."""

from __future__ import annotations

from judge_requests import request_for, write_mini_report  # noqa: F401  (re-exported)
from tier2.interface import JudgeRequest

EXCERPT = "The response rate was 45% in the treatment arm (n=120).\nNo other outcome was reported."


def make_request(claim_id: str) -> JudgeRequest:
    return request_for(claim_id, "The response rate was 45%.", EXCERPT, line_end=2)


