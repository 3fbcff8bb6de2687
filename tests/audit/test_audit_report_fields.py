"""rt17c: report fields nothing held to the log — a claim's audit sequences, its judge's quote,
rationale and `cached`, and the run's model, endpoint, prompt version, output mode and tokens
could be forged and `audit check` / `audit replay` still passed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from audit.check import check_report
from audit.replay import replay_report
from citeproof.cli_audit import audit_app


def _edit(report: Path, edit) -> None:
    data = json.loads(report.read_text())
    edit(data)
    report.write_text(json.dumps(data))


def _judge(data: dict, cid: str) -> dict:
    return next(c for c in data["claims"] if c["id"] == cid)["judge"]


def _swap_sequences(d):
    _judge(d, "a")["audit_sequences"], _judge(d, "d")["audit_sequences"] = _judge(d, "d")["audit_sequences"], _judge(d, "a")["audit_sequences"]


@pytest.mark.parametrize(
    ("edit", "cid", "named"),
    [
        (lambda d: _judge(d, "b").update(audit_sequences=[]), "b", "report points at audit sequences [], its lines in the log are [2, 3]"),
        (lambda d: _judge(d, "b").update(audit_sequences=[2, 3, 3]), "b", "report points at audit sequences [2, 3, 3]"),
        (_swap_sequences, "a", "report points at audit sequences [6], its lines in the log are [1]"),
        (lambda d: _judge(d, "a").update(quote="a quote the judge never gave"), "a", "report's judge quote 'a quote the judge never gave'"),
        (lambda d: _judge(d, "d").update(rationale="forged"), "d", "report's judge rationale 'forged' is not the log's 'scripted'"),
        (lambda d: _judge(d, "a").update(cached=True), "a", "report's judge cached True is not the log's False"),
        (lambda d: _judge(d, "c").update(error="budget_exhausted2"), "c", "report's judge error 'budget_exhausted2'"),
        (lambda d: next(c for c in d["claims"] if c["id"] == "d").update(decided_by="tier1"), "d", "log verdict 'contradicted' implies decided_by 'tier2'"),
    ],
    ids=["sequences-emptied", "sequences-duplicated", "sequences-swapped", "quote", "rationale", "cached", "error", "decided-by"],
)
def test_a_claims_judge_fields_are_held_to_its_lines_by_check_and_replay(judged_run, edit, cid, named):
    report, _ = judged_run
    _edit(report, edit)
    checked, replayed = check_report(report), replay_report(report)
    assert not checked.ok and any(p.startswith(f"claim {cid}: {named}") for p in checked.problems), checked.problems
    assert not replayed.ok and any(d.claim_id == cid and d.message.startswith(named) for d in replayed.divergences), replayed.summary()
    runner = CliRunner()
    assert [runner.invoke(audit_app, [cmd, str(report)]).exit_code for cmd in ("check", "replay")] == [1, 1]


@pytest.mark.parametrize(
    ("field", "value", "named"),
    [
        ("model", "a-bigger-model", "report says semantic_audit.model='a-bigger-model', the run's lines say ['scripted-model']"),
        ("base_url", "https://api.example.com/v1", "semantic_audit.base_url='https://api.example.com/v1'"),
        ("prompt_version", "v0", "semantic_audit.prompt_version='v0'"),
        ("output_mode", "prompt", "report says semantic_audit.output_mode='prompt', the run's requests leave it at 'json_schema'"),
        ("prompt_tokens", 12345, "report says semantic_audit.prompt_tokens=12345, the run's requests sum to"),
        ("completion_tokens", 1, "report says semantic_audit.completion_tokens=1, the run's requests sum to"),
    ],
)
def test_the_runs_judge_as_reported_is_held_to_its_lines(judged_run, field, value, named):
    report, _ = judged_run
    assert check_report(report).ok  # as the run wrote it
    _edit(report, lambda d: d["semantic_audit"].update({field: value}))
    checked = check_report(report)
    assert not checked.ok and any(named in p for p in checked.problems), checked.problems
    assert CliRunner().invoke(audit_app, ["check", str(report)]).exit_code == 1
