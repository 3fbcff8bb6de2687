"""Bad input gets one precise line on stderr, exit code 2, and never a traceback."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from citeproof.cli import main

GOOD_SOURCE = '{"Results": ["Overall Number of Participants Analyzed: 54", "Complete Response: 7"]}'


@pytest.fixture
def sources(tmp_path: Path) -> Path:
    root = tmp_path / "sources"
    (root / "clinical_trials").mkdir(parents=True)
    (root / "clinical_trials" / "NCT0000001.json").write_text(GOOD_SOURCE, encoding="utf-8")
    return root


def run_cli(args: list[str], capsys) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    assert "Traceback" not in err and "Traceback" not in out
    return code, out, err


def test_missing_sources_folder(tmp_path, capsys):
    report = tmp_path / "r.md"
    report.write_text("Seven participants responded [nct:NCT0000001#Results].", encoding="utf-8")
    code, _, err = run_cli(["verify", str(report), "--sources", str(tmp_path / "nope")], capsys)
    assert code == 2
    assert "sources folder not found" in err and "nope" in err
    assert len(err.strip().splitlines()) == 1


def test_sources_given_as_a_file(tmp_path, capsys):
    report = tmp_path / "r.md"
    report.write_text("Seven participants responded [nct:NCT0000001#Results].", encoding="utf-8")
    code, _, err = run_cli(["verify", str(report), "--sources", str(report)], capsys)
    assert code == 2
    assert "sources folder is a file, not a folder" in err and "r.md" in err
    assert len(err.strip().splitlines()) == 1


def test_missing_report(tmp_path, sources, capsys):
    code, _, err = run_cli(["verify", str(tmp_path / "absent.md"), "--sources", str(sources)], capsys)
    assert code == 2 and "report not found" in err and "absent.md" in err


def test_binary_report(tmp_path, sources, capsys):
    report = tmp_path / "r.html"
    report.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    code, _, err = run_cli(["verify", str(report), "--sources", str(sources)], capsys)
    assert code == 2 and "binary" in err and "r.html" in err


def test_invalid_utf8_names_line(tmp_path, sources, capsys):
    report = tmp_path / "r.md"
    report.write_bytes("first line\nsecond ".encode() + b"\xff\xfe bad\n")
    code, _, err = run_cli(["verify", str(report), "--sources", str(sources)], capsys)
    assert code == 2 and "not valid UTF-8" in err and "line 2" in err


def test_empty_report(tmp_path, sources, capsys):
    report = tmp_path / "r.md"
    report.write_text("   \n\n", encoding="utf-8")
    code, _, err = run_cli(["verify", str(report), "--sources", str(sources)], capsys)
    assert code == 2 and "report is empty" in err


@pytest.mark.skipif(os.geteuid() == 0, reason="root can read any file")
def test_unreadable_report(tmp_path, sources, capsys):
    report = tmp_path / "r.md"
    report.write_text("x", encoding="utf-8")
    report.chmod(0)
    code, _, err = run_cli(["verify", str(report), "--sources", str(sources)], capsys)
    assert code == 2 and "not readable" in err


def test_report_is_a_directory(tmp_path, sources, capsys):
    code, _, err = run_cli(["verify", str(tmp_path), "--sources", str(sources)], capsys)
    assert code == 2 and "directory" in err


def test_no_evidence_given(tmp_path, capsys):
    report = tmp_path / "r.md"
    report.write_text("A claim.", encoding="utf-8")
    code, _, err = run_cli(["verify", str(report)], capsys)
    assert code == 2 and "--sources" in err


def test_bad_flag_value_is_one_line(tmp_path, sources, capsys):
    report = tmp_path / "r.md"
    report.write_text("A claim.", encoding="utf-8")
    code, _, err = run_cli(["verify", str(report), "--sources", str(sources), "--mode", "bogus"], capsys)
    assert code == 2 and "--mode" in err and len(err.strip().splitlines()) == 1


def test_exclude_channel_needs_reason(tmp_path, sources, capsys):
    report = tmp_path / "r.md"
    report.write_text("A claim.", encoding="utf-8")
    code, _, err = run_cli(
        ["verify", str(report), "--sources", str(sources), "--exclude-channel", "pubtator="], capsys
    )
    assert code == 2 and "reason" in err


def test_anchor_escaping_the_folder_is_a_finding_not_a_crash(tmp_path, sources, capsys):
    (tmp_path / "secret.txt").write_text("Seven participants responded.", encoding="utf-8")
    report = tmp_path / "r.md"
    report.write_text("Seven participants responded [evidence:../../secret.txt#L1].\n", encoding="utf-8")
    code, out, err = run_cli(["verify", str(report), "--sources", str(sources)], capsys)
    assert code == 1
    assert "anchor_escapes_sources" in out
    assert "secret.txt" in out  # the finding names the anchor


def test_malformed_anchor_is_a_finding_with_location(tmp_path, sources, capsys):
    report = tmp_path / "r.md"
    report.write_text("# Results\n\nSeven participants responded [nct:NCT0000001#].\n", encoding="utf-8")
    code, out, err = run_cli(["verify", str(report), "--sources", str(sources)], capsys)
    assert code == 1
    assert "CP100" in out and '"line": 3' in out


def test_rules_lists_the_registry_and_refuses_an_unknown_id(capsys):
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    assert "CP104" in out and "numeric-support" in out
    assert main(["rules", "numeric-support"]) == 0
    assert "Fails when" in capsys.readouterr().out
    code, _, err = run_cli(["rules", "CP999"], capsys)
    assert code == 2 and "unknown rule" in err


@pytest.mark.parametrize(
    "body",
    ["<html><head><script>var dose = '99 mg';</script></head><body></body></html>",
     "<html><body><!-- 12 mg only in a comment --></body></html>",
     '<html><body><p hidden>Hidden claim of 40% response.</p></body></html>'],
)
def test_report_with_no_visible_text_is_an_input_error(tmp_path, sources, capsys, body):
    report = tmp_path / "r.html"
    report.write_text(body, encoding="utf-8")
    code, _, err = run_cli(["verify", str(report), "--sources", str(sources)], capsys)
    assert code == 2 and "no visible text" in err and "r.html" in err


@pytest.mark.parametrize(
    ("name", "body"),
    [("r.md", "# 报告\n\n## 结果\n\n### 讨论\n"),
     ("r.html", "<html><body><h1>报告</h1><h2>结果</h2></body></html>"),
     ("r.md", "# Report\n\n## Results\n\n---\n")],
)
def test_report_of_headings_only_is_an_input_error(tmp_path, sources, capsys, name, body):
    # rt24b r4: an outline with no body passed, exit 0, under enforce — as an empty file does not
    report = tmp_path / name
    report.write_text(body, encoding="utf-8")
    code, _, err = run_cli(["verify", str(report), "--sources", str(sources), "--mode", "enforce"], capsys)
    assert code == 2 and "no text besides headings" in err and name in err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("name", "body"),
    [("r.md", "# 报告\n\n## 结果\n\n本节概述现有证据。\n"),
     ("r.md", "# Report\n\n- The evidence is summarised below.\n"),
     ("r.html", "<html><body><h1>Overview</h1><p>In this section we summarise the evidence.</p></body></html>")],
)
def test_headings_with_prose_and_no_facts_still_pass(tmp_path, sources, capsys, name, body):
    report = tmp_path / name
    report.write_text(body, encoding="utf-8")
    code, _, _ = run_cli(["verify", str(report), "--sources", str(sources), "--mode", "enforce"], capsys)
    assert code == 0


def test_report_with_visible_text_but_no_claims_is_not_an_input_error(tmp_path, sources, capsys):
    report = tmp_path / "r.html"
    report.write_text("<html><body><h1>Overview</h1><p>In this section we summarise the evidence.</p></body></html>", encoding="utf-8")
    code, _, _ = run_cli(["verify", str(report), "--sources", str(sources)], capsys)
    assert code == 0


def _nested_list(depth: int) -> str:
    return "".join("  " * i + "- level\n" for i in range(depth))


def test_a_list_nested_past_the_parser_limit_is_refused_not_read_in_part(tmp_path, sources, capsys):
    # red-team finding: markdown-it stopped at its nesting limit and dropped the rest of the
    # report without a word — 0 claims, PASS, exit 0
    report = tmp_path / "deep.md"
    report.write_text(_nested_list(150) + "\nSeventy participants responded [nct:NCT0000001#Results].\n", encoding="utf-8")
    code, _, err = run_cli(["verify", str(report), "--sources", str(sources)], capsys)
    assert code == 2
    assert "deep.md" in err and "levels deep near line" in err and "flatten" in err
    assert len(err.strip().splitlines()) == 1


def test_a_deeply_nested_list_within_the_limit_is_read_whole(tmp_path, sources, capsys):
    report = tmp_path / "nested.md"
    report.write_text(_nested_list(12) + "\nSeventy participants responded [nct:NCT0000001#Results].\n", encoding="utf-8")
    code, out, _ = run_cli(["verify", str(report), "--sources", str(sources), "--format", "json"], capsys)
    assert code == 1  # the claim after the list is read, and its fabricated count fails
    assert "numeric_token_miss" in out and "Seventy participants" in out


def test_a_manifest_that_is_a_folder_is_one_line_and_exit_2(tmp_path, sources, capsys):
    (sources / "manifest.jsonl").mkdir()
    report = tmp_path / "r.md"
    report.write_text("Seven participants responded [nct:NCT0000001#Results].", encoding="utf-8")
    code, _, err = run_cli(["verify", str(report), "--sources", str(sources)], capsys)
    assert code == 2 and "manifest.jsonl" in err and "not a file" in err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("name", "body"),
    [("r.md", "    # Report\n\n    The rate was 45%. [evidence:s.md#L1]\n"),  # the whole body indented
     ("r.html", "<html><body><h1>Report</h1><pre>The rate was 45%. [evidence:s.md#L1]</pre></body></html>"),
     ("r.md", "# Report\n\n```sh\npip install citeproof\n```\n")],
)
def test_report_of_code_blocks_only_is_an_input_error(tmp_path, sources, capsys, name, body):
    # rt32b r1: a report read only as code held 0 claims and passed, exit 0, under enforce
    report = tmp_path / name
    report.write_text(body, encoding="utf-8")
    code, _, err = run_cli(["verify", str(report), "--sources", str(sources), "--mode", "enforce"], capsys)
    assert code == 2 and "no text besides headings and code blocks" in err and name in err
    assert ("cited text inside a code block is not checked" in err) == ("evidence:" in body)


def test_report_with_prose_beside_its_code_is_not_refused(tmp_path, sources, capsys):
    report = tmp_path / "r.md"
    report.write_text("# Setup\n\nInstall the tool first.\n\n```sh\npip install citeproof\n```\n", encoding="utf-8")
    code, _, err = run_cli(["verify", str(report), "--sources", str(sources), "--mode", "enforce"], capsys)
    assert "no text besides" not in err and code != 2
