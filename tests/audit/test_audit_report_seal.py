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


@pytest.mark.parametrize(
    "digest",
    ["é" * 64, "9DF528DA851913DC657FB7A98AC4EE1CD4109B261C8B0273BFF54836CA121F01", "9df5", 5, None],
    ids=["non-ascii", "upper-case", "short", "number", "null"],
)
def test_a_seal_whose_digest_is_not_64_lowercase_hex_fails_the_keyed_check_in_one_line(tmp_path, monkeypatch, digest):
    # rt29j: a non-ASCII digest made `audit check` say "internal error: TypeError: comparing strings
    # with non-ASCII characters is not supported"
    report = _verify(tmp_path, monkeypatch, keyed=True)
    raw = json.loads(report.read_text(encoding="utf-8"))
    raw["seal"]["digest"] = digest
    report.write_text(json.dumps(raw), encoding="utf-8")
    result = _check(report, monkeypatch, keyed=True)
    assert result.exit_code == 1, result.output
    assert "internal error" not in result.output and "is not an hmac-sha256 seal" in result.output, result.output
    assert result.output.strip().splitlines()[0].startswith("FAILED:"), result.output


def test_a_field_the_seal_does_not_cover_fails_the_keyed_check(tmp_path, monkeypatch):
    # rt29j: an extra field inside `seal` is outside the HMAC, yet the report passed
    report = _verify(tmp_path, monkeypatch, keyed=True)
    raw = json.loads(report.read_text(encoding="utf-8"))
    assert seal_problem(raw, KEY.encode()) is None  # the seal as the run wrote it verifies
    raw["seal"]["note"] = "reviewed and approved"
    report.write_text(json.dumps(raw), encoding="utf-8")
    result = _check(report, monkeypatch, keyed=True)
    assert result.exit_code == 1 and "is not an hmac-sha256 seal" in result.output, result.output


def test_the_report_model_refuses_a_seal_field_it_does_not_declare_or_a_digest_that_is_not_hex():
    from pydantic import ValidationError

    from citeproof.report import ReportSeal

    assert ReportSeal(alg="hmac-sha256", digest="0" * 64).digest == "0" * 64
    for fields in ({"digest": "0" * 64, "note": "x"}, {"digest": "é" * 64}):
        with pytest.raises(ValidationError):
            ReportSeal(alg="hmac-sha256", **fields)


def test_replay_with_the_key_fails_a_report_stripped_of_its_seal_and_edited(tmp_path, monkeypatch):
    # rt29j: the seal stripped and a Tier 1 verdict edited, `audit replay --audit-key-env` said "ok"
    from audit.replay import replay_report

    report = _verify(tmp_path, monkeypatch, keyed=True)
    _fail_edited_into_pass(report)
    raw = json.loads(report.read_text(encoding="utf-8"))
    report.write_text(json.dumps({k: v for k, v in raw.items() if k != "seal"}), encoding="utf-8")
    result = replay_report(report, key=KEY.encode())
    assert not result.ok and UNSEALED in result.summary(), result.summary()
    monkeypatch.setenv(ENV, KEY)
    said = CliRunner().invoke(audit_app, ["replay", str(report), "--audit-key-env", ENV])
    assert said.exit_code == 1 and said.output.strip() == f"FAILED: {report}: {UNSEALED}", said.output
    # without the key replay re-derives the judge's verdicts, as it always has
    assert replay_report(report).ok
