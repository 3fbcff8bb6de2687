"""Exit codes are the contract the smoke gate scripts against: 0 / 1 / 2 / 3, and report mode."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from trial_sources import write_trial_sources

from citeproof.cli import main

RECORD = {
    "Intervention": ["INTERVENTION 1:", "  Study agent X was given at 200 mg/day orally for 28 days."],
    "Results": [
        "Outcome Measurement:",
        "  Objective response",
        "  Overall Number of Participants Analyzed: 54",
        "  A complete response was observed in 7 of 54 participants analyzed.",
    ],
}


@pytest.fixture
def sources(tmp_path: Path) -> Path:
    return write_trial_sources(tmp_path, RECORD)


def verify(tmp_path: Path, sources: Path, body: str, *extra: str, capsys) -> tuple[int, dict, str]:
    report = tmp_path / "report.md"
    report.write_text(body, encoding="utf-8")
    out_path = tmp_path / "out" / "verification_report.json"
    code = main(["verify", str(report), "--sources", str(sources), "--out", str(out_path), *extra])
    _, err = capsys.readouterr()
    data = json.loads(out_path.read_text(encoding="utf-8"))
    assert data["exit_code"] == code
    return code, data, err


SUPPORTED = "A complete response was observed in 7 of 54 participants analyzed [nct:NCT0000001#Results].\n"
FABRICATED = "A complete response was observed in 9 of 54 participants analyzed [nct:NCT0000001#Results].\n"
PARAPHRASE = "Complete responses were uncommon among the analysed participants [nct:NCT0000001#Results].\n"


def test_exit_0_when_publishable(tmp_path, sources, capsys):
    code, data, err = verify(tmp_path, sources, SUPPORTED, capsys=capsys)
    assert (code, data["verdict"], data["would_block"]) == (0, "pass", False)
    assert "PASS" in err


def test_exit_1_when_a_number_is_fabricated(tmp_path, sources, capsys):
    code, data, _ = verify(tmp_path, sources, FABRICATED, capsys=capsys)
    assert (code, data["verdict"]) == (1, "blocked")
    assert data["anchor_audit"]["violations_by_reason"].get("numeric_token_miss") == 1


def test_exit_1_for_bolded_fabrication_and_0_for_bolded_truth(tmp_path, sources, capsys):
    bad = "Study agent X was given at **300 mg**/day orally [nct:NCT0000001#Intervention].\n"
    good = "Study agent X was given at **200 mg**/day orally [nct:NCT0000001#Intervention].\n"
    assert verify(tmp_path, sources, bad, capsys=capsys)[0] == 1
    assert verify(tmp_path, sources, good, capsys=capsys)[0] == 0


def test_exit_3_when_incomplete_in_enforce_mode(tmp_path, sources, capsys):
    code, data, err = verify(tmp_path, sources, PARAPHRASE, capsys=capsys)
    assert (code, data["verdict"]) == (3, "incomplete")
    assert data["totals"]["undecided"] == 1
    assert "--tier2" in err  # the summary says how to enable the judge


@pytest.mark.parametrize("body", [FABRICATED, PARAPHRASE])
def test_report_mode_exits_0_and_records_would_block(tmp_path, sources, body, capsys):
    code, data, err = verify(tmp_path, sources, body, "--mode", "report", capsys=capsys)
    assert code == 0 and data["mode"] == "report" and data["would_block"] is True
    assert data["verdict"] in {"blocked", "incomplete"}
    assert "would block" in err


def test_report_mode_same_verdict_as_enforce(tmp_path, sources, capsys):
    _, enforce, _ = verify(tmp_path, sources, FABRICATED, capsys=capsys)
    _, report, _ = verify(tmp_path, sources, FABRICATED, "--mode", "report", capsys=capsys)
    assert enforce["verdict"] == report["verdict"]
    assert [c["status"] for c in enforce["claims"]] == [c["status"] for c in report["claims"]]


def test_stdout_is_json_and_summary_on_stderr(tmp_path, sources, capsys):
    report = tmp_path / "report.md"
    report.write_text(SUPPORTED, encoding="utf-8")
    code = main(["verify", str(report), "--sources", str(sources)])
    out, err = capsys.readouterr()
    assert code == 0
    assert json.loads(out)["verdict"] == "pass"
    assert err.startswith("citeproof: PASS")


def test_text_format(tmp_path, sources, capsys):
    report = tmp_path / "report.md"
    report.write_text(FABRICATED, encoding="utf-8")
    code = main(["verify", str(report), "--sources", str(sources), "--format", "text"])
    out, _ = capsys.readouterr()
    assert code == 1 and out.startswith("fail") and "numeric_token_miss" in out


def test_ctrl_c_exits_130_and_says_so(tmp_path, sources, capsys, monkeypatch):
    # rt14c: typer returns a Ctrl-C as exit 130, and nothing was said on stderr
    import citeproof.pipeline

    def interrupted(*_args, **_kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(citeproof.pipeline, "run", interrupted)
    report = tmp_path / "report.md"
    report.write_text(SUPPORTED, encoding="utf-8")
    code = main(["verify", str(report), "--sources", str(sources), "--out", str(tmp_path / "r.json")])
    assert code == 130
    assert "citeproof: interrupted" in capsys.readouterr().err
    assert not (tmp_path / "r.json").exists()
