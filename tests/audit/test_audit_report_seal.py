"""audit3: a report edited after its run — a Tier 1 fail turned into a pass, the verdict and counts
made consistent — leaves its log as it was (the judge never saw the claim), so `audit check`
without --sources passed it. A run given an audit key seals its report (HMAC-SHA256 over the
whole report but the seal); `audit check --audit-key-env` holds the report to it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from audit.check import check_report
from audit.seal import SEALED_WITHOUT_KEY, UNSEALED, make_seal, seal_problem
from citeproof.cli import app
from citeproof.cli_audit import audit_app

KEY = "seal-key-Hn4wQ8zR2vK7pX5m"
ENV = "CITEPROOF_TEST_SEAL_KEY"
SOURCE = "The response rate in Arm A was 45%.\nMedian survival was 14.2 months in Arm A.\n"
REPORT = (
    "# Results\n\n"
    "The response rate in Arm A was 45% [evidence:s.md#L1].\n\n"  # pass
    "The response rate in Arm A was 55% [evidence:s.md#L1].\n"  # fail: numeric_token_miss
)


def _verify(tmp_path: Path, monkeypatch, *, keyed: bool) -> Path:
    (tmp_path / "sources" / "evidence").mkdir(parents=True)
    (tmp_path / "sources" / "evidence" / "s.md").write_text(SOURCE, encoding="utf-8")
    (tmp_path / "report.md").write_text(REPORT, encoding="utf-8")
    out = tmp_path / "out" / "verification_report.json"
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv(ENV, KEY)
    args = ["verify", "report.md", "--sources", "sources", "--out", str(out), "--mode", "report"]
    result = CliRunner().invoke(app, [*args, *(["--audit-key-env", ENV] if keyed else [])])
    assert result.exit_code == 0, result.output
    assert [c["status"] for c in json.loads(out.read_text(encoding="utf-8"))["claims"]] == ["pass", "fail"]
    return out


def _fail_edited_into_pass(report: Path) -> None:
    """The forgery: the failed claim made a pass, and everything that counts it made to agree."""
    raw = json.loads(report.read_text(encoding="utf-8"))
    raw["claims"][1].update(status="pass", reasons=[])
    raw["totals"].update(passed=2, failed=0)
    raw.update(verified_count=2, verdict="pass", would_block=False, exit_code=0)
    raw["rules"] = [{**t, "blocked": 0} for t in raw["rules"]]
    report.write_text(json.dumps(raw, indent=2), encoding="utf-8")


def _check(report: Path, monkeypatch, *, keyed: bool):
    monkeypatch.setenv(ENV, KEY)
    return CliRunner().invoke(audit_app, ["check", str(report), *(["--audit-key-env", ENV] if keyed else [])])


def test_a_keyed_run_seals_its_report_and_the_unedited_report_passes_the_keyed_check(tmp_path, monkeypatch):
    report = _verify(tmp_path, monkeypatch, keyed=True)
    raw = json.loads(report.read_text(encoding="utf-8"))
    assert raw["seal"]["alg"] == "hmac-sha256" and KEY not in report.read_text()
    result = _check(report, monkeypatch, keyed=True)
    assert result.exit_code == 0, result.output
    assert "seal verifies" in result.output and "not re-derived" not in result.output, result.output


def test_a_tier1_fail_edited_into_a_pass_fails_the_keyed_check_in_one_line(tmp_path, monkeypatch):
    report = _verify(tmp_path, monkeypatch, keyed=True)
    _fail_edited_into_pass(report)
    # what the unkeyed check cannot see: the forgery with its seal removed passes it
    raw = json.loads(report.read_text(encoding="utf-8"))
    stripped = tmp_path / "stripped.json"
    stripped.write_text(json.dumps({k: v for k, v in raw.items() if k != "seal"}), encoding="utf-8")
    assert check_report(stripped).ok
    # with the key, neither the sealed forgery nor the stripped one passes
    result = _check(report, monkeypatch, keyed=True)
    assert result.exit_code == 1, result.output
    assert "seal does not verify" in result.output and "edited after the run" in result.output, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 2 and lines[0].startswith("FAILED:"), result.output
    unsealed = _check(stripped, monkeypatch, keyed=True)
    assert unsealed.exit_code == 1 and "carries no seal" in unsealed.output, unsealed.output


def test_a_report_without_a_seal_under_a_keyed_check_says_so(tmp_path, monkeypatch):
    report = _verify(tmp_path, monkeypatch, keyed=False)
    assert json.loads(report.read_text(encoding="utf-8"))["seal"] is None  # no key, no seal
    assert check_report(report).ok  # the unkeyed check passes it, saying what it could not hold
    result = _check(report, monkeypatch, keyed=True)
    assert result.exit_code == 1 and UNSEALED in result.output, result.output


def test_a_sealed_report_checked_without_its_key_says_it_needs_the_key(tmp_path, monkeypatch):
    report = _verify(tmp_path, monkeypatch, keyed=True)
    result = _check(report, monkeypatch, keyed=False)
    assert result.exit_code == 2, result.output
    assert result.output.strip() == f"FAILED: {report}: {SEALED_WITHOUT_KEY}"


def test_the_seal_does_not_verify_with_another_key_nor_when_malformed():
    raw = {"verdict": "pass", "claims": [{"id": "c1", "status": "pass"}]}
    raw["seal"] = make_seal(raw, KEY.encode())
    assert seal_problem(raw, KEY.encode()) is None
    assert "another key" in (seal_problem(raw, b"another-key-entirely") or "")
    for seal in ({"alg": "sha256", "digest": raw["seal"]["digest"]}, {"alg": "hmac-sha256"}, "digest"):
        assert "cannot be verified" in (seal_problem({**raw, "seal": seal}, KEY.encode()) or ""), seal


@pytest.mark.parametrize(
    "edit",
    [
        lambda r: r["claims"][0].update(status="fail"),  # any claim's status
        lambda r: r["claims"][0].update(text="The response rate in Arm A was 65%."),  # a claim's text
        lambda r: r["input"].update(report_sha256="0" * 64),  # the verified report's hash
        lambda r: r["semantic_audit"].update(audit_log_head="f" * 64),  # the log it is bound to
    ],
    ids=["status", "text", "input-hash", "log-head"],
)
def test_the_seal_covers_the_whole_report(tmp_path, monkeypatch, edit):
    report = _verify(tmp_path, monkeypatch, keyed=True)
    raw = json.loads(report.read_text(encoding="utf-8"))
    assert seal_problem(raw, KEY.encode()) is None
    edit(raw)
    assert "edited after the run" in (seal_problem(raw, KEY.encode()) or "")


def test_a_seal_key_variable_that_is_unset_stops_the_run(tmp_path, monkeypatch):
    from citeproof.errors import InputError
    from citeproof.pipeline import VerifyOptions, run

    monkeypatch.delenv(ENV, raising=False)
    with pytest.raises(InputError, match="not written unsealed"):
        run(REPORT, "markdown", tmp_path, VerifyOptions(seal_key_env=ENV))


def test_replay_with_the_key_holds_a_sealed_report_to_its_seal(tmp_path, monkeypatch):
    from audit.replay import replay_report

    report = _verify(tmp_path, monkeypatch, keyed=True)
    assert replay_report(report, key=KEY.encode()).ok
    _fail_edited_into_pass(report)
    result = replay_report(report, key=KEY.encode())
    assert not result.ok and "seal does not verify" in result.summary(), result.summary()


def test_the_api_seals_with_the_judges_audit_key(tmp_path, monkeypatch):
    from citeproof.api import verify_full_report
    from tier2.options import Tier2Options

    (tmp_path / "sources" / "evidence").mkdir(parents=True)
    (tmp_path / "sources" / "evidence" / "s.md").write_text(SOURCE, encoding="utf-8")
    monkeypatch.setenv(ENV, KEY)
    # nothing listens on port 9; no claim here is left to the judge, so none is asked
    options = Tier2Options(model="m", base_url="http://127.0.0.1:9/v1", audit_log=tmp_path / "audit.jsonl",
                           audit_key_env=ENV, cache_dir=None, max_retries=0, timeout_s=0.5)
    result = verify_full_report(REPORT, tmp_path / "sources", mode="report", tier2=options)
    raw = json.loads(result.model_dump_json())
    assert result.seal is not None and seal_problem(raw, KEY.encode()) is None
