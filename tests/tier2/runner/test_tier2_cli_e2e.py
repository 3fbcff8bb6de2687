"""`citeproof verify --tier2` end to end (respx in-process), then `citeproof audit check/replay` on what it wrote."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest
import respx
from typer.testing import CliRunner

from citeproof.cli_audit import audit_app

SOURCE = (
    "Study record\n"
    "Primary outcome: objective response at week 12.\n"
    "Among the 120 participants in the treatment arm, 54 had an objective response, a rate of 45%.\n"
    "Adverse events were mild and transient.\n"
)
REPORT = "# Findings\n\nNearly half of treated participants responded, with a response rate of about 45% [nct:NCT01234567#L3].\n"
QUOTE = "54 had an objective response, a rate of 45%"


def completion(request):
    content = json.dumps({"verdict": "supported", "quote": QUOTE, "rationale": "stated"})
    return httpx.Response(200, json={
        "id": "x", "object": "chat.completion", "created": 1, "model": "m",
        "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}],
        "usage": {"prompt_tokens": 180, "completion_tokens": 20, "total_tokens": 200},
    })


def test_verify_tier2_then_audit_check_and_replay(tmp_path: Path, monkeypatch):
    from citeproof.cli import main

    (tmp_path / "sources" / "clinical_trials").mkdir(parents=True)
    (tmp_path / "sources" / "clinical_trials" / "NCT01234567.txt").write_text(SOURCE)
    (tmp_path / "report.md").write_text(REPORT)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-e2e-MARKER-0123456789abcdef")
    argv = [
        "verify", "report.md", "--sources", "sources", "--tier2", "--model", "m", "--base-url", "http://judge.test/v1",
        "--call-budget", "3", "--audit-log", "out/audit.jsonl", "--cache-dir", "cache", "--out", "out/report.json",
    ]
    for run in (1, 2):
        with respx.mock(assert_all_called=False) as mock:
            route = mock.post("http://judge.test/v1/chat/completions").mock(side_effect=completion)
            assert main(argv) == 0
            calls = route.call_count
        report = json.loads(Path("out/report.json").read_text())
        sem = report["semantic_audit"]
        if sem["calls_made"] + sem["cache_hits"] == 0:
            pytest.skip("Tier 1 settled the claim; nothing reached the judge")
        assert calls == sem["calls_made"] == (1 if run == 1 else 0)
        assert sem["cache_hits"] == (0 if run == 1 else 1)
        claim = next(c for c in report["claims"] if c["judge"])
        assert claim["status"] == "pass" and claim["decided_by"] == "tier2" and claim["judge"]["quote"] == QUOTE
        runner = CliRunner()
        checked = runner.invoke(audit_app, ["check", "out/report.json"])
        assert checked.exit_code == 0, checked.output
        replayed = runner.invoke(audit_app, ["replay", "out/report.json"])
        assert replayed.exit_code == 0, replayed.output
    assert "MARKER" not in Path("out/audit.jsonl").read_text()
    # the log is recorded where it is, not as typed: an auditor checks from any folder
    assert sem["audit_log_path"] == str((tmp_path / "out" / "audit.jsonl").resolve())
    monkeypatch.chdir(tmp_path / "sources")
    assert CliRunner().invoke(audit_app, ["check", str(tmp_path / "out" / "report.json")]).exit_code == 0
