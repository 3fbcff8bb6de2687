"""rt17c: a claim the judge never answered (no line of the run) passed as `decided_by: tier2`.

A budget-0 or budget-1 run's budget-exhausted claims relabelled pass, or a Tier-1-only
report switched to `enabled: true` over an empty log, passed `audit check` and `audit replay`.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from audit_fixtures import make_request, write_mini_report
from typer.testing import CliRunner

from audit.check import check_report
from audit.replay import replay_report
from audit.writer import AuditWriter
from citeproof.cli_audit import audit_app
from tier2.budget import CallBudget
from tier2.fake import ScriptedJudge, answer
from tier2.runner import judge_claims


def _budget_run(tmp_path: Path, budget: int) -> Path:
    """Claims a and b, a judged first; with budget 1, b ends budget_exhausted with no line; with 0, both do."""
    judge = ScriptedJudge({c: [answer("supported", "The response rate was 45%")] for c in "ab"})
    with AuditWriter(tmp_path / "audit.jsonl", fsync=False) as writer:
        outcome = judge_claims([make_request(c) for c in "ab"], judge, budget=CallBudget(budget), cache=None, audit=writer)
    return write_mini_report(outcome, tmp_path / "report.json")


def _edit(report: Path, edit) -> None:
    data = json.loads(report.read_text())
    edit(data)
    report.write_text(json.dumps(data))


def _claim(data: dict, cid: str) -> dict:
    return next(c for c in data["claims"] if c["id"] == cid)


def _both_fail_naming(report: Path, cid: str, named: str) -> None:
    checked, replayed = check_report(report), replay_report(report)
    assert not checked.ok and checked.problems[0].startswith(f"claim {cid}: {named}"), checked.problems
    assert not replayed.ok and replayed.divergences[0].claim_id == cid and replayed.divergences[0].message.startswith(named)
    runner = CliRunner()
    assert [runner.invoke(audit_app, [cmd, str(report)]).exit_code for cmd in ("check", "replay")] == [1, 1]


@pytest.mark.parametrize("budget", [0, 1])
def test_a_real_budget_limited_run_checks_and_replays(tmp_path, budget):
    report = _budget_run(tmp_path, budget)
    data = json.loads(report.read_text())
    assert data["semantic_audit"]["budget_exhausted"] == 2 - budget
    assert _claim(data, "b") == {**_claim(data, "b"), "status": "unverified", "decided_by": None}
    assert check_report(report).ok, check_report(report).summary()
    assert replay_report(report).ok


@pytest.mark.parametrize("budget", [0, 1])
@pytest.mark.parametrize(
    ("relabel", "named"),
    [
        (lambda c: c.update(judge=None), "is decided_by tier2, but the log has no line of this run for it"),
        (lambda c: c["judge"].update(error=None), "is decided_by tier2, but the log has no line of this run for it"),
        (lambda c: c.update(decided_by=None), "the judge gave no answer (the log has no line for it), so its status can only be 'unverified'"),
    ],
    ids=["judge-null", "verdict-null-no-error", "error-kept"],
)
def test_a_budget_exhausted_claim_relabelled_pass_fails_check_and_replay(tmp_path, budget, relabel, named):
    report = _budget_run(tmp_path, budget)

    def forge(data):
        claim = _claim(data, "b")
        claim.update(status="pass", decided_by="tier2")
        relabel(claim)

    _edit(report, forge)
    _both_fail_naming(report, "b", named)


def test_the_outcome_counters_must_equal_the_claims_carrying_them(tmp_path):
    report = _budget_run(tmp_path, 1)
    # the claim's outcome dropped, the counter left as the run wrote it: check and replay name the counter
    _edit(report, lambda d: _claim(d, "b").update(judge=None))
    named = "semantic_audit.budget_exhausted is 1, 0 claim(s) carry that judge outcome"
    assert named in check_report(report).problems
    replayed = replay_report(report)
    assert not replayed.ok and named in (replayed.problem or "")
    # the counter edited instead: the claim still says budget_exhausted
    (tmp_path / "again").mkdir()
    report = _budget_run(tmp_path / "again", 1)
    _edit(report, lambda d: d["semantic_audit"].update(budget_exhausted=0, judge_errors=1))
    problems = check_report(report).problems
    assert "semantic_audit.budget_exhausted is 0, 1 claim(s) carry that judge outcome" in problems
    assert "semantic_audit.judge_errors is 1, 0 claim(s) carry that judge outcome" in problems


def _judge_switched_on(tmp_path: Path, claims: list[dict]) -> Path:
    """A Tier-1-only report turned into one whose judge 'ran' and wrote an empty log."""
    (tmp_path / "audit.jsonl").write_text("")
    sem = {"enabled": True, "audit_log_path": "audit.jsonl", "run_id": "x", "audit_log_entries": 0, "call_budget": 0,
           "calls_made": 0, "calls_remaining": 0, "cache_hits": 0}
    report = tmp_path / "report.json"
    report.write_text(json.dumps({"semantic_audit": sem, "claims": claims}))
    return report


def test_a_tier1_report_switched_to_judged_over_an_empty_log_fails(tmp_path):
    forged = [{"id": "t", "status": "pass", "decided_by": "tier1", "judge": None},
              {"id": "u", "status": "pass", "decided_by": "tier2", "judge": None}]
    _both_fail_naming(_judge_switched_on(tmp_path, forged), "u", "is decided_by tier2, but the log has no line")
    nobody = [{"id": "u", "status": "pass", "decided_by": None, "judge": None}]
    _both_fail_naming(_judge_switched_on(tmp_path, nobody), "u", "has no line in the log and no Tier-1 decision")


def test_tier1_decisions_and_open_claims_beside_an_empty_log_still_check(tmp_path):
    claims = [{"id": "t", "status": "fail", "decided_by": "tier1", "judge": None},
              {"id": "u", "status": "unverified", "decided_by": None, "judge": None}]
    report = _judge_switched_on(tmp_path, claims)
    assert check_report(report).ok and replay_report(report).ok
