"""Helpers for the audit tests."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from excerpt.types import Excerpt
from tier2.interface import JudgeRequest
from tier2.runner import Tier2Outcome

EXCERPT = "The response rate was 45% in the treatment arm (n=120).\nNo other outcome was reported."


def make_request(claim_id: str) -> JudgeRequest:
    return JudgeRequest(
        claim_id=claim_id,
        claim_text="The response rate was 45%.",
        excerpt=Excerpt(
            source_id="S1", source_path="evidence/s1.txt", locator="L1", text=EXCERPT,
            sha256=hashlib.sha256(EXCERPT.encode()).hexdigest(), line_start=1, line_end=2,
            char_start=0, char_end=len(EXCERPT), tokens=20, strategy="locator",
        ),
        source_ids=("S1",),
        locator="L1",
    )


def write_mini_report(outcome: Tier2Outcome, path: Path) -> Path:
    status = {"supported": "pass", "contradicted": "fail", "not_enough_info": "fail", None: "unverified"}
    claims = [
        {"id": j.claim_id, "status": status[j.verdict], "judge": j.to_judge_result().model_dump(mode="json")}
        for j in outcome.judgements
    ]
    report = {"semantic_audit": outcome.to_semantic_audit().model_dump(mode="json"), "claims": claims}
    path.write_text(json.dumps(report), encoding="utf-8")
    return path


