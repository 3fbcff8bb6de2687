from __future__ import annotations

from pathlib import Path

import pytest
from audit_fixtures import make_request, write_mini_report

from audit.writer import AuditWriter
from tier2.budget import CallBudget
from tier2.fake import ScriptedJudge, answer, fault
from tier2.runner import judge_claims


@pytest.fixture
def judged_run(tmp_path: Path):
    """A small real run: 4 claims, one retried, one failing, one contradicted; returns (report path, log path)."""
    judge = ScriptedJudge(
        {
            "a": [answer("supported", "The response rate was 45%")],
            "b": [fault("timeout"), answer("supported", "response rate was 45%")],
            "c": [fault("server_error", http_status=502)],
            "d": [answer("contradicted", "No other outcome was reported.")],
        }
    )
    log = tmp_path / "audit.jsonl"
    with AuditWriter(log, fsync=False) as writer:
        outcome = judge_claims(
            [make_request(c) for c in "abcd"], judge, budget=CallBudget(20), cache=None, audit=writer,
            max_retries=1, retry_wait=lambda a, r: 0.0,
        )
    return write_mini_report(outcome, tmp_path / "report.json"), log
