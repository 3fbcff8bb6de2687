"""`audit check --sources`: Tier 1's decisions are reconstructed, not trusted.

A report edited after its run — a Tier 1 fail turned into a pass — keeps an intact log (the judge
never saw the claim), so only running Tier 1 again over the verified report shows it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from audit.check import check_report
from citeproof.recheck import check_with_tier1
from citeproof.cli import app
from citeproof.cli_audit import audit_app
from citeproof.settings import Settings

SOURCE = "The response rate in Arm A was 45%.\nMedian survival was 14.2 months in Arm A.\n"
REPORT = (
    "# Results\n\n"
    "The response rate in Arm A was 45% [evidence:s.md#L1].\n\n"  # pass
    "The response rate in Arm A was 55% [evidence:s.md#L1].\n\n"  # fail: numeric_token_miss
    "Arm A patients lived a median of 14.2 months [evidence:s.md#L2].\n"  # undecided
)


@pytest.fixture
def verified(tmp_path: Path, monkeypatch) -> tuple[Path, Path]:
    (tmp_path / "sources" / "evidence").mkdir(parents=True)
    (tmp_path / "sources" / "evidence" / "s.md").write_text(SOURCE, encoding="utf-8")
    (tmp_path / "report.md").write_text(REPORT, encoding="utf-8")
    out = tmp_path / "out" / "verification_report.json"
    monkeypatch.chdir(tmp_path)  # the report path is recorded as typed: relative, as a user types it
    result = CliRunner().invoke(app, ["verify", "report.md", "--sources", str(tmp_path / "sources"),
                                      "--out", str(out), "--mode", "report"])
    assert result.exit_code == 0, result.output
    statuses = [c["status"] for c in json.loads(out.read_text(encoding="utf-8"))["claims"]]
    assert statuses == ["pass", "fail", "undecided"]
    return out, tmp_path / "sources"


def _edit_claim(report: Path, k: int, **fields) -> None:
    raw = json.loads(report.read_text(encoding="utf-8"))
    raw["claims"][k].update(fields)
    report.write_text(json.dumps(raw), encoding="utf-8")


def test_a_genuine_report_agrees_with_tier1_run_again(verified):
    report, sources = verified
    result = check_with_tier1(report, sources)
    assert result.ok, result.summary()
    assert "Tier 1 re-run agrees" in (result.note or "")
    assert "not re-derived" not in result.summary()  # it was: --sources ran Tier 1 again
    assert "Tier 1 verdicts were not re-derived" in check_report(report).summary()


@pytest.mark.parametrize(
    ("k", "fields", "said"),
    [
        (1, {"status": "pass", "reasons": []}, "Tier 1 decides fail, the report says pass"),
        (2, {"status": "pass", "decided_by": "tier1"}, "Tier 1 leaves it undecided, the report says pass"),
        (0, {"status": "fail", "reasons": [{"rule": "CP104", "code": "numeric_token_miss", "severity": "critical", "message": "x"}]},
         "Tier 1 decides pass, the report says fail"),
    ],
    ids=["fail-made-pass", "undecided-made-tier1-pass", "pass-made-fail"],
)
def test_a_tier1_decision_edited_afterwards_is_caught_only_by_the_rerun(verified, k, fields, said):
    report, sources = verified
    _edit_claim(report, k, **fields)
    rerun = check_with_tier1(report, sources)
    assert not rerun.ok and any(said in p for p in rerun.problems), rerun.problems
    assert not any("Tier 1 re-run" in p for p in check_report(report).problems)  # the log check alone cannot see it


def _edit_number(report: Path, k: int, **fields) -> None:
    raw = json.loads(report.read_text(encoding="utf-8"))
    raw["claims"][k]["numbers"][0].update(fields)
    report.write_text(json.dumps(raw), encoding="utf-8")


@pytest.mark.parametrize(
    ("edit", "said"),
    [
        (lambda r: _edit_claim(r, 0, text="The response rate in Arm A was 54%."), "the report's text 'The response rate in Arm A was 54%.'"),
        (lambda r: _edit_number(r, 0, raw="54%"), "the report's numbers ['54%'] are not the ones Tier 1 reads in it ['45%']"),
        (lambda r: _edit_number(r, 0, state="plausible"), "(their reading differs)"),
    ],
    ids=["text", "number-raw", "number-state"],
)
def test_a_tier1_pass_whose_text_or_numbers_were_edited_is_named(verified, edit, said):
    # rt21c tH3: a Tier 1 pass's "days 1-28" edited to "days 1-21" in the JSON kept its status and passed every check
    report, sources = verified
    edit(report)
    problems = check_with_tier1(report, sources).problems
    assert any(p.startswith("Tier 1 re-run: claim ") and said in p for p in problems), problems


def test_a_changed_fail_reason_is_named(verified):
    report, sources = verified
    raw = json.loads(report.read_text(encoding="utf-8"))
    raw["claims"][1]["reasons"][0]["code"] = "missing_anchor"
    report.write_text(json.dumps(raw), encoding="utf-8")
    problems = check_with_tier1(report, sources).problems
    assert any("Tier 1 fails it for ['numeric_token_miss']" in p for p in problems), problems


def test_other_settings_explain_a_difference_but_are_none(verified, tmp_path):
    # rt20 A2: a run with --require-channel failed the re-check on its settings digest alone
    report, sources = verified
    other = Settings(max_source_bytes=10_000_000)  # another setting that decides nothing here
    assert check_with_tier1(report, sources, other).ok
    assert check_with_tier1(report, sources, Settings()).ok
    assert not check_with_tier1(report, sources, Settings(max_source_bytes=64)).ok  # one that does: every source refused
    _edit_claim(report, 1, status="pass", reasons=[])
    problems = check_with_tier1(report, sources, other).problems
    assert any("other settings" in p for p in problems) and any("Tier 1 decides fail" in p for p in problems)


def test_the_verified_report_must_be_there_with_its_text(verified, tmp_path):
    report, sources = verified
    (tmp_path / "report.md").write_text(REPORT.replace("55%", "45%"), encoding="utf-8")
    problems = check_with_tier1(report, sources).problems
    assert any("changed after it was verified" in p for p in problems)
    assert any("cannot re-run Tier 1" in p for p in problems)


def test_cli_flags(verified, tmp_path):
    report, sources = verified
    runner = CliRunner()
    assert runner.invoke(audit_app, ["check", str(report), "--sources", str(sources)]).exit_code == 0
    assert runner.invoke(audit_app, ["check", str(report), "--config", str(tmp_path / "c.json")]).exit_code == 2
    assert runner.invoke(audit_app, ["check", str(report), "--sources", str(tmp_path / "nowhere")]).exit_code == 2
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    assert runner.invoke(audit_app, ["check", str(report), "--sources", str(sources), "--config", str(bad)]).exit_code == 2
    _edit_claim(report, 1, status="pass", reasons=[])
    assert runner.invoke(audit_app, ["check", str(report), "--sources", str(sources)]).exit_code == 1


def test_another_folder_s_report_of_the_same_name_is_not_the_verified_one(verified, tmp_path, monkeypatch):
    # rt19b case4: a relative "report.md" was looked up from the auditor's folder, whose own
    # report.md then read as the verified report "changed after it was verified"
    report, sources = verified
    elsewhere = tmp_path / "other-study"
    elsewhere.mkdir()
    (elsewhere / "report.md").write_text("# Another report\n\nSomething else entirely.\n", encoding="utf-8")
    monkeypatch.chdir(elsewhere)
    result = check_with_tier1(report, sources)
    assert result.ok, result.problems


def test_a_moved_project_is_found_beside_its_verification_report(verified, tmp_path):
    report, sources = verified
    moved = tmp_path / "moved"
    moved.mkdir()
    (moved / "out").mkdir()
    (tmp_path / "report.md").rename(moved / "report.md")
    (moved / "out" / "verification_report.json").write_text(report.read_text(encoding="utf-8"), encoding="utf-8")
    raw = json.loads(report.read_text(encoding="utf-8"))
    raw["input"]["report_path"] = "../report.md"  # as recorded relative to the verification report
    (moved / "out" / "verification_report.json").write_text(json.dumps(raw), encoding="utf-8")
    assert check_with_tier1(moved / "out" / "verification_report.json", sources).ok


def test_line_endings_alone_are_no_change(verified, tmp_path):
    report, sources = verified
    path = tmp_path / "report.md"
    path.write_bytes(path.read_bytes().replace(b"\n", b"\r\n"))
    assert check_with_tier1(report, sources).ok
    path.write_bytes(path.read_bytes().replace(b"45%", b"46%"))
    assert not check_report(report).ok


def test_a_rag_answer_is_run_again_against_its_retrieved_chunks(tmp_path, monkeypatch):
    # review: a genuine --retrieved report read as edited when re-run from a sources folder
    import shutil

    root = Path(__file__).resolve().parents[2] / "examples" / "rag"
    shutil.copytree(root, tmp_path / "rag")
    monkeypatch.chdir(tmp_path)
    out = tmp_path / "out" / "rag.json"
    result = CliRunner().invoke(app, ["verify", "rag/answer.md", "--retrieved", "rag/retrieved.jsonl",
                                      "--out", str(out), "--mode", "report"])
    assert result.exit_code == 0, result.output
    (tmp_path / "empty").mkdir()
    assert check_with_tier1(out, tmp_path / "empty").ok
    _edit_claim(out, 0, status="fail", reasons=[{"rule": "CP104", "code": "numeric_token_miss", "severity": "critical", "message": "x"}])
    assert not check_with_tier1(out, tmp_path / "empty").ok
    (tmp_path / "rag" / "retrieved.jsonl").unlink()
    assert any("retrieved chunks" in p for p in check_with_tier1(out, tmp_path / "empty").problems)
