from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from audit.writer import AuditWriter
from excerpt.types import Excerpt
from tier2.interface import JudgeRequest
from tier2.runner import Tier2Outcome

EXCERPT = "Line one of the trial record.\nThe response rate was 45% in the treatment arm (n=120).\nEnd."


def make_request(claim_id: str, *, risk: int = 0, claim_text: str | None = None, excerpt_text: str = EXCERPT) -> JudgeRequest:
    return JudgeRequest(
        claim_id=claim_id,
        claim_text=claim_text or f"The response rate was 45% ({claim_id}).",
        excerpt=Excerpt(
            source_id="NCT0000001",
            source_path="clinical_trials/NCT0000001.txt",
            locator="L2",
            text=excerpt_text,
            sha256=hashlib.sha256(excerpt_text.encode()).hexdigest(),
            line_start=1,
            line_end=3,
            char_start=0,
            char_end=len(excerpt_text),
            tokens=20,
            strategy="locator",
        ),
        source_ids=("NCT0000001",),
        locator="L2",
        risk=risk,
    )


def write_mini_report(outcome: Tier2Outcome, path: Path) -> Path:
    """The parts of verification_report.json that `audit check` / `audit replay` read, as the lead's pipeline writes them."""
    status = {"supported": "pass", "contradicted": "fail", "not_enough_info": "fail", None: "unverified"}
    claims = [
        {"id": j.claim_id, "status": status[j.verdict], "judge": j.to_judge_result().model_dump(mode="json")}
        for j in outcome.judgements
    ]
    report = {"semantic_audit": outcome.to_semantic_audit().model_dump(mode="json"), "claims": claims}
    path.write_text(json.dumps(report), encoding="utf-8")
    return path


@pytest.fixture
def audit_writer(tmp_path: Path):
    writer = AuditWriter(tmp_path / "audit.jsonl", fsync=False)
    yield writer
    writer.close()


@pytest.fixture
def no_wait():
    return lambda attempt, result: 0.0
