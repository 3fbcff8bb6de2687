from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from audit.check import check_report
from audit.reader import read_log
from audit.replay import replay_report
from citeproof.cli_audit import audit_app


def _lines(log: Path) -> list[str]:
    return log.read_text().splitlines(keepends=True)


def test_a_clean_run_checks_and_replays(judged_run):
    report, log = judged_run
    result = check_report(report)
    assert result.ok, result.summary()
    assert result.run_entries == 6 == len(_lines(log))  # a, b x2, c x2, d
    replay = replay_report(report)
    assert replay.ok and replay.claims_replayed == 4, replay.summary()


def _edit_text(report: Path, claim_id: str, text: str) -> None:
    raw = json.loads(report.read_text())
    next(c for c in raw["claims"] if c["id"] == claim_id)["text"] = text
    report.write_text(json.dumps(raw))


def test_a_judged_claims_text_edited_in_the_report_is_named(judged_run):
    # rt21c tH2: a judged pass's "13.5 months" edited to "18.5 months" kept its verdict, quote and counts
    report, _ = judged_run
    _edit_text(report, "a", "The response rate was 54%.")
    result = check_report(report)
    assert not result.ok
    assert any(p.startswith("claim a: report's claim text 'The response rate was 54%.' is not the text the judge was asked (audit line 1")
               for p in result.problems), result.problems
    replay = replay_report(report)
    assert not replay.ok and [d.claim_id for d in replay.divergences] == ["a"], replay.summary()


def test_a_judged_claim_with_no_text_is_named(judged_run):
    report, _ = judged_run
    raw = json.loads(report.read_text())
    del raw["claims"][0]["text"]
    report.write_text(json.dumps(raw))
    assert any("report's claim text None" in p for p in check_report(report).problems)


@pytest.mark.parametrize(
    ("text", "asked", "legacy", "same"),
    [
        ("The rate was 45%.", "The rate was 45%.", False, True),
        ("The rate was 45%.", "The rate was 54%.", False, False),
        # a line is scrubbed before it is written: its "[REDACTED]" stands for what the report has there
        ("Key sk-abc was 45%.", "Key [REDACTED] was 45%.", False, True),
        ("Key sk-abc was 54%.", "Key [REDACTED] was 45%.", False, False),
        # a line of schema version 1 recorded a table row with its headers
        ("ORR | 40% | 25%", "Measure: ORR | Arm B: 40% | Arm A: 25%", True, True),
        ("ORR | 45% | 25%", "Measure: ORR | Arm B: 40% | Arm A: 25%", True, False),
        ("ORR | 40% | 25%", "Measure: ORR | Arm B: 40% | Arm A: 25%", False, False),
    ],
)
def test_the_text_a_line_records_is_held_to_the_reports(text, asked, legacy, same):
    from audit.verdicts import _same_text

    assert _same_text(text, asked, legacy=legacy) is same


def test_an_edited_line_is_named(judged_run):
    report, log = judged_run
    lines = _lines(log)
    lines[2] = lines[2].replace('"attempt":', '"attempt": ', 1)  # still valid JSON, new bytes, same meaning
    data = json.loads(lines[3])
    data["verdict"] = "supported"
    data["error"] = None
    lines[3] = json.dumps(data) + "\n"
    log.write_text("".join(lines))
    result = check_report(report)
    assert not result.ok and result.first_broken_line == 4
    assert any("line 4: hash does not match" in p for p in result.problems)


def test_a_deleted_line_is_detected(judged_run):
    report, log = judged_run
    lines = _lines(log)
    log.write_text("".join(lines[:2] + lines[3:]))
    result = check_report(report)
    assert not result.ok and result.first_broken_line == 3
    assert any("audit_log_entries=6" in p for p in result.problems)


@pytest.mark.parametrize("cut", ["torn", "deleted"])
def test_a_cut_last_line_is_the_first_broken_line(judged_run, cut):
    # rt32b r4: the headline named line 5, the intact line before the torn (or deleted) line 6
    report, log = judged_run
    lines = _lines(log)
    log.write_text("".join(lines[:5]) + (lines[5][:40] if cut == "torn" else ""))
    result = check_report(report)
    assert not result.ok and result.first_broken_line == 6, result.summary()
    assert result.summary().splitlines()[0].endswith("first broken line 6")
    assert not any(p.startswith("line 5:") for p in result.problems), result.problems


def test_the_headline_names_the_chains_broken_line_before_any_other(judged_run):
    # a torn last line under a report whose count no longer says lines are missing: the head
    # check names the intact line 5, the chain the torn line 6, which is the one broken
    report, log = judged_run
    lines = _lines(log)
    log.write_text("".join(lines[:5]) + lines[5][:40])
    raw = json.loads(report.read_text())
    raw["semantic_audit"]["audit_log_entries"] = 5
    report.write_text(json.dumps(raw))
    result = check_report(report)
    assert any(p.startswith("line 5:") for p in result.problems), result.problems
    assert result.first_broken_line == 6, result.summary()


def test_a_rewritten_last_line_is_named_itself(judged_run):
    # the head differs with every line of the run there: the last line is the one rewritten
    report, _ = judged_run
    raw = json.loads(report.read_text())
    raw["semantic_audit"]["audit_log_head"] = "0" * 64
    report.write_text(json.dumps(raw))
    result = check_report(report)
    assert result.first_broken_line == 6 and any(p.startswith("line 6: the run's last line has hash") for p in result.problems)


def test_reordered_lines_are_detected(judged_run):
    report, log = judged_run
    lines = _lines(log)
    lines[1], lines[2] = lines[2], lines[1]
    log.write_text("".join(lines))
    result = check_report(report)
    assert not result.ok and result.first_broken_line == 2


def test_a_schema_invalid_line_is_named(judged_run):
    report, log = judged_run
    lines = _lines(log)
    data = json.loads(lines[0])
    data["surprise"] = 1
    lines[0] = json.dumps(data) + "\n"
    log.write_text("".join(lines))
    result = check_report(report)
    assert result.first_broken_line == 1 and "not schema-valid" in result.problems[0]


def test_a_missing_log_fails_as_a_file_that_cannot_be_read(judged_run):
    report, log = judged_run
    log.unlink()
    checked, replayed = check_report(report), replay_report(report)
    assert "not found" in checked.problems[0] and checked.unreadable
    assert "not found" in (replayed.problem or "") and replayed.unreadable
    runner = CliRunner()
    assert [runner.invoke(audit_app, [cmd, str(report)]).exit_code for cmd in ("check", "replay")] == [2, 2]


@pytest.mark.parametrize("damage", ["edit", "delete", "swap"])
def test_replay_refuses_a_log_whose_chain_is_broken(judged_run, damage):
    report, log = judged_run
    lines = _lines(log)
    if damage == "edit":  # a verdict the report agrees with, written over the logged one
        data = json.loads(lines[5])
        data["rationale"] = "edited afterwards"
        lines[5] = json.dumps(data) + "\n"
    elif damage == "delete":
        del lines[0]
    else:
        lines[1], lines[2] = lines[2], lines[1]
    log.write_text("".join(lines))
    replayed = replay_report(report)
    assert not replayed.ok and not replayed.unreadable
    assert "the log is not intact" in (replayed.problem or "")
    assert CliRunner().invoke(audit_app, ["replay", str(report)]).exit_code == 1


def test_the_report_records_where_its_log_is_so_check_runs_from_anywhere(judged_run, tmp_path, monkeypatch):
    report, log = judged_run
    data = json.loads(report.read_text())
    data["semantic_audit"]["audit_log_path"] = "runs/audit.jsonl"  # as an older report typed it
    report.write_text(json.dumps(data))
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    # not under the current folder, nor under the report's: the log of that name beside the report
    assert check_report(report).ok
    assert replay_report(report).ok


def _edit_report(report: Path, **semantic) -> None:
    data = json.loads(report.read_text())
    data["semantic_audit"].update(semantic)
    report.write_text(json.dumps(data))


def test_count_and_budget_mismatches_fail(judged_run):
    report, _ = judged_run
    _edit_report(report, audit_log_entries=5)
    assert not check_report(report).ok
    _edit_report(report, audit_log_entries=6, calls_remaining=15)
    assert any("calls_remaining" in p for p in check_report(report).problems)
    _edit_report(report, calls_remaining=14, calls_made=5)
    assert any("calls_made" in p for p in check_report(report).problems)


def test_budget_arithmetic_on_a_line_is_checked(judged_run, tmp_path):
    report, log = judged_run
    # rewrite a line's budget and re-chain everything, as a forger would: arithmetic still catches it
    from audit.record import GENESIS_HASH, chain_hash

    prev = GENESIS_HASH
    out = []
    for i, raw in enumerate(_lines(log)):
        data = json.loads(raw)
        if i == 1:
            data["budget_after"] = data["budget_before"]
        data["prev_hash"] = prev
        data.pop("hash")
        data["hash"] = prev = chain_hash(data["prev_hash"], data)
        out.append(json.dumps(data) + "\n")
    log.write_text("".join(out))
    result = check_report(report)
    assert not result.ok and result.first_broken_line == 2
    assert any("spent 0 call(s)" in p for p in result.problems)
    assert any("the log was rewritten after the run" in p for p in result.problems)


def test_a_report_without_the_judge_checks_trivially(tmp_path):
    report = tmp_path / "r.json"
    report.write_text(json.dumps({"semantic_audit": {"enabled": False}, "claims": []}))
    assert check_report(report).ok and replay_report(report).ok


def test_replay_reports_a_divergent_verdict(judged_run):
    report, _ = judged_run
    data = json.loads(report.read_text())
    for claim in data["claims"]:
        if claim["id"] == "d":
            claim["judge"]["verdict"] = "supported"
            claim["status"] = "pass"
        if claim["id"] == "c":
            claim["status"] = "pass"  # a judge_error must never be a pass
    report.write_text(json.dumps(data))
    result = replay_report(report)
    assert not result.ok
    messages = {(d.claim_id, d.message) for d in result.divergences}
    assert ("d", "log says 'contradicted', report says 'supported'") in messages
    assert any(cid == "c" and "implies status 'unverified'" in m for cid, m in messages)


def test_check_rederives_each_verdict_as_replay_does(judged_run):
    # rt16c: a verdict flipped in the report (counts untouched) passed check; only replay caught it
    report, _ = judged_run
    assert check_report(report).ok  # the verdicts as the run wrote them agree with the log

    def flip(d):
        claim_d = next(c for c in d["claims"] if c["id"] == "d")
        claim_d["judge"]["verdict"], claim_d["status"] = "supported", "pass"

    _reshape(report, flip)
    result = check_report(report)
    assert not result.ok and result.problems == [
        "claim d: log says 'contradicted', report says 'supported'",
        "claim d: log verdict 'contradicted' implies status 'fail', report says 'pass'",
    ]
    assert [d.message for d in replay_report(report).divergences] == [p.removeprefix("claim d: ") for p in result.problems]
    assert CliRunner().invoke(audit_app, ["check", str(report)]).exit_code == 1


def test_replay_reports_claims_missing_from_either_side(judged_run):
    report, _ = judged_run
    data = json.loads(report.read_text())
    data["claims"] = [c for c in data["claims"] if c["id"] != "a"]
    data["claims"].append({"id": "ghost", "status": "pass", "judge": {"verdict": "supported"}})
    report.write_text(json.dumps(data))
    ids = {d.claim_id for d in replay_report(report).divergences}
    assert ids == {"a", "ghost"}


def test_cli_exit_codes(judged_run, tmp_path):
    report, log = judged_run
    runner = CliRunner()
    ok = runner.invoke(audit_app, ["check", str(report)])
    assert ok.exit_code == 0 and "ok:" in ok.output
    assert runner.invoke(audit_app, ["replay", str(report)]).exit_code == 0
    shown = runner.invoke(audit_app, ["show", str(log), "--verdict", "error"])
    assert shown.exit_code == 0 and "timeout" in shown.output and "contradicted" not in shown.output
    assert runner.invoke(audit_app, ["show", str(log), "--verdict", "bogus"]).exit_code == 2
    assert runner.invoke(audit_app, ["check", str(tmp_path / "nope.json")]).exit_code == 2
    log.write_text(log.read_text().replace('"attempt":1', '"attempt":7', 1))
    broken = runner.invoke(audit_app, ["check", str(report)])
    assert broken.exit_code == 1 and "first broken line 1" in broken.output


def test_show_filters_by_claim_and_verdict(judged_run):
    from audit.reader import read_log
    from audit.show import select

    _, log = judged_run
    lines = read_log(log)
    assert {ln.record.claim_id for ln in select(lines, claim="b")} == {"b"}
    assert [ln.record.claim_id for ln in select(lines, verdict="supported")] == ["a", "b"]
    assert [ln.record.claim_id for ln in select(lines, verdict="contradicted")] == ["d"]


def test_show_prints_log_text_as_written_never_as_markup(judged_run):
    """A quote, claim id or error from the log is text: "[/b]" must not crash rich, "[x]" must not vanish."""
    from rich.console import Console

    from audit.reader import read_log
    from audit.show import render

    _, log = judged_run
    edits = {
        0: {"quote": "as shown [/b] in table 2"},
        1: {"quote": "[citation needed] the rate was 45%"},
        2: {"claim_id": "[bold]c7[/bold]", "error": "timeout [/red] [link=x]"},
    }
    _rechain(log, lambda i, data: data.update(edits.get(i, {})))  # as a run could have written them
    console = Console(record=True, width=400, color_system=None)
    render(read_log(log), console, title="t")
    out = console.export_text()
    assert "as shown [/b] in table 2" in out
    assert "[citation needed] the rate was 45%" in out
    assert "[bold]c7[/bold]" in out and "timeout [/red] [link=x]" in out

    shown = CliRunner().invoke(audit_app, ["show", str(log)])
    assert shown.exit_code == 0, shown.output
    assert "[citation needed]" in shown.output


def _reshape(report: Path, edit) -> None:
    data = json.loads(report.read_text())
    edit(data)
    report.write_text(json.dumps(data))


def _set_claims_to_dict(d):
    d["claims"] = {c["id"]: c for c in d["claims"]}


def _set_judge_to_string(d):
    d["claims"][0]["judge"] = "supported"


def _set_semantic_audit_to_list(d):
    d["semantic_audit"] = [d["semantic_audit"]]


def _nest_audit_sequences(d):
    d["claims"][0]["judge"]["audit_sequences"] = [[1]]


def _drop_semantic_audit(d):
    del d["semantic_audit"]


def _claim_as_string(d):
    d["claims"][1] = "b"


def _waive_a_claim(d):
    # rt16c: an incomplete report relabelled "waived" and its headline set to pass passed check
    d["claims"][2]["status"] = "waived"


def _drop_a_status(d):
    del d["claims"][2]["status"]


@pytest.mark.parametrize(
    ("edit", "named"),
    [
        (_set_claims_to_dict, "claims: must be a list"),
        (_set_judge_to_string, "claims.0 (a).judge"),
        (_set_semantic_audit_to_list, "semantic_audit"),
        (_nest_audit_sequences, "claims.0 (a).judge.audit_sequences.0"),
        (_drop_semantic_audit, "report has no semantic_audit block"),
        (_claim_as_string, "claims.1"),
        (_waive_a_claim, "claims.2 (c).status: Input should be 'pass', 'fail', 'undecided' or 'unverified'"),
        (_drop_a_status, "claims.2 (c).status: Field required"),
    ],
)
def test_a_badly_shaped_report_is_a_named_problem_for_check_and_replay(judged_run, edit, named, capsys):
    report, _ = judged_run
    _reshape(report, edit)
    checked = check_report(report)
    assert not checked.ok and any(named in p for p in checked.problems), checked.problems
    replayed = replay_report(report)
    assert not replayed.ok and named in (replayed.problem or ""), replayed.problem
    from citeproof.cli import main

    for command in ("check", "replay"):
        assert main(["audit", command, str(report)]) == 1  # a named problem, not "internal error" (exit 2)
        err = capsys.readouterr().err
        assert named in err and "internal error" not in err


def test_a_deeply_nested_log_line_or_report_is_a_named_problem(judged_run):
    report, log = judged_run
    deep = "[" * 100_000 + "]" * 100_000
    log.write_text(log.read_text() + deep + "\n")
    result = check_report(report)
    assert not result.ok and result.first_broken_line == 7
    assert any("nested too deeply" in p for p in result.problems)
    assert not replay_report(report).ok
    report.write_text(deep)
    assert "nested too deeply" in check_report(report).problems[0]
    assert "nested too deeply" in (replay_report(report).problem or "")


def _rechain(log: Path, edit) -> None:
    """Rewrite lines and re-hash the whole chain, as a forger would: only the check's rules can catch it."""
    from audit.record import GENESIS_HASH, chain_hash

    prev = GENESIS_HASH
    out = []
    for i, raw in enumerate(_lines(log)):
        data = json.loads(raw)
        edit(i, data)
        data["prev_hash"] = prev
        data.pop("hash")
        data["hash"] = prev = chain_hash(data["prev_hash"], data)
        out.append(json.dumps(data) + "\n")
    log.write_text("".join(out))


def test_a_call_reserved_twice_is_caught_even_when_each_line_spends_one(judged_run):
    report, log = judged_run

    def reuse_first_reservation(i, data):
        if i == 1:  # line 2 claims the same budget slot as line 1 (20 -> 19)
            data["budget_before"], data["budget_after"] = 20, 19

    _rechain(log, reuse_first_reservation)
    result = check_report(report)
    assert not result.ok
    assert "budget reservations are not exactly 20..15 (a call reserved twice or outside the budget)" in result.problems


def test_a_claim_pointing_at_another_claims_line_is_caught(judged_run):
    report, _ = judged_run
    data = json.loads(report.read_text())
    claim_a = next(c for c in data["claims"] if c["id"] == "a")
    claim_a["judge"]["audit_sequences"] = [6]  # claim d's line
    report.write_text(json.dumps(data))
    result = check_report(report)
    assert not result.ok and result.first_broken_line == 6
    assert result.problems == [
        "line 6: claim a: audit sequence 6 belongs to claim d",
        "claim a: report points at audit sequences [6], its lines in the log are [1]",
    ]
    # replay, which reads no sequence itself, holds them to the lines too
    assert [(d.claim_id, d.message) for d in replay_report(report).divergences] == [("a", result.problems[1].removeprefix("claim a: "))]


def test_show_exits_1_when_it_shows_a_broken_line_and_0_on_a_whole_log(judged_run):
    _, log = judged_run
    runner = CliRunner()
    assert runner.invoke(audit_app, ["show", str(log)]).exit_code == 0
    log.write_text(log.read_text()[:-30])  # a crash mid-write leaves a torn last line
    torn = runner.invoke(audit_app, ["show", str(log)])
    assert torn.exit_code == 1 and "BROKEN" in torn.output
    # a filter that hides no broken line still reports the damage (broken lines are always shown)
    assert runner.invoke(audit_app, ["show", str(log), "--claim", "a"]).exit_code == 1


def test_show_refuses_a_file_that_is_not_an_audit_log(tmp_path):
    notes = tmp_path / "report.md"
    notes.write_text("# Findings\n\nThe rate was 45%.\n")
    result = CliRunner().invoke(audit_app, ["show", str(notes)])
    assert result.exit_code == 2 and "not an audit log" in result.output
    empty = tmp_path / "audit.jsonl"
    empty.write_text("")  # a run that judged nothing: an empty log is a log
    assert CliRunner().invoke(audit_app, ["show", str(empty)]).exit_code == 0


@pytest.mark.parametrize("command", ["check", "replay"])
def test_a_report_that_is_not_json_is_an_input_error_not_a_failed_check(judged_run, tmp_path, command):
    notes = tmp_path / "report.md"
    notes.write_text("# Findings\n")
    result = CliRunner().invoke(audit_app, [command, str(notes)])
    assert result.exit_code == 2 and "as JSON" in result.output
    report, log = judged_run
    log.write_text(log.read_text().replace('"attempt":1', '"attempt":7', 1))
    assert CliRunner().invoke(audit_app, ["check", str(report)]).exit_code == 1


def test_a_log_rewritten_and_rechained_after_the_run_no_longer_ends_at_the_reports_head(judged_run):
    # rt13c: every line's rationale rewritten and the chain recomputed passed check and replay
    report, log = judged_run

    def forge(i, data):
        data["rationale"] = "FORGED"

    _rechain(log, forge)
    result = check_report(report)
    assert not result.ok and any("the log was rewritten after the run" in p for p in result.problems)
    # the same log untouched ends at the head the report recorded
    head = json.loads(report.read_text())["semantic_audit"]["audit_log_head"]
    assert head and len(head) == 64


def test_a_report_without_a_head_cannot_hold_its_log(judged_run):
    report, _ = judged_run
    _edit_report(report, audit_log_head=None)
    assert any("records no audit_log_head" in p for p in check_report(report).problems)


def _full_report(tmp_path: Path, **edits) -> Path:
    from citeproof.pipeline import VerifyOptions, run

    folder = tmp_path / "sources" / "evidence"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "s.md").write_text("The response rate was 45%.\n", encoding="utf-8")
    report = run("# R\n\nThe response rate was 54% [evidence:s.md#L1].\n", "markdown", tmp_path / "sources", VerifyOptions())
    data = json.loads(report.model_dump_json())
    data.update(edits)
    path = tmp_path / "report.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("edits", "named"),
    [
        ({"verdict": "pass", "exit_code": 0, "would_block": False}, "make it 'blocked'"),
        ({"exit_code": 0}, "exit_code is 0"),
        ({"would_block": False}, "would_block is False"),
        ({"verified_count": 1}, "verified_count is 1"),
    ],
    ids=["verdict", "exit-code", "would-block", "verified-count"],
)
def test_a_headline_edited_against_its_claims_fails_check(tmp_path, edits, named):
    # rt13c: a blocked report edited to read PASS, exit 0, passed `audit check`
    assert check_report(_full_report(tmp_path / "ok")).ok
    result = check_report(_full_report(tmp_path / "edited", **edits))
    assert not result.ok and any(named in p for p in result.problems), result.problems
    assert CliRunner().invoke(audit_app, ["check", str(tmp_path / "edited" / "report.json")]).exit_code == 1


def test_edited_totals_fail_check(tmp_path):
    path = _full_report(tmp_path)
    data = json.loads(path.read_text())
    data["totals"]["failed"] = 0
    path.write_text(json.dumps(data))
    assert any("totals.failed is 0, the claims hold 1" in p for p in check_report(path).problems)


@pytest.mark.parametrize(("edits", "named"), [
    ({"verdict": ["pass"]}, "not one of pass, blocked, incomplete"),
    ({"totals": "x"}, "totals is str, not a dict"),
])
def test_a_headline_of_the_wrong_shape_is_a_named_problem_not_a_crash(tmp_path, edits, named):
    # rt14c: a list verdict raised TypeError ("internal error"), a string totals passed
    result = check_report(_full_report(tmp_path, **edits))
    assert not result.ok and any(named in p for p in result.problems)
    for command in ("check", "replay"):
        out = CliRunner().invoke(audit_app, [command, str(tmp_path / "report.json")])
        assert out.exit_code == 1 and "internal error" not in out.output


def test_a_report_copied_with_its_log_is_checked_against_the_copy(judged_run, tmp_path):
    # rt14c: the copy's log was ignored for whatever sat at the recorded absolute path
    report, log = judged_run
    data = json.loads(report.read_text())
    data["semantic_audit"]["audit_log_path"] = str(log.resolve())
    report.write_text(json.dumps(data))
    copy = tmp_path / "copy"
    copy.mkdir()
    (copy / "report.json").write_text(report.read_text())
    (copy / log.name).write_text(log.read_text())
    log.write_text("")  # a new run at the original place starts a fresh log
    assert check_report(copy / "report.json").ok
    # and damage to the copy is the copy's
    (copy / log.name).write_text((copy / log.name).read_text() + "garbage\n")
    result = check_report(copy / "report.json")
    assert not result.ok and result.log_path == str(copy / log.name)


def test_a_head_that_is_not_a_string_is_a_named_problem(judged_run):
    report, _ = judged_run
    _edit_report(report, run_id="another-run", audit_log_entries=0, audit_log_head=5)
    result = check_report(report)
    assert not result.ok and any("audit_log_head" in p for p in result.problems)  # the report's shape names it


def _judge_switched_off(claim_edit):
    def edit(d):
        d["semantic_audit"] = {"enabled": False}
        d["claims"] = [{"id": "x", "status": "pass", "decided_by": "tier1", "judge": None}, *d["claims"]]
        claim_edit(d["claims"][1])  # claim "a", the first one the judge answered
    return edit


@pytest.mark.parametrize(
    ("claim_edit", "named"),
    [
        (lambda c: c.update(judge=None, decided_by="tier2"), "claim a is decided_by tier2"),
        (lambda c: c.update(decided_by=None), "claim a carries judge verdict 'supported'"),
        (lambda c: (c.update(decided_by=None), c["judge"].update(verdict=None)), "claim a points at audit sequences [1]"),
        (lambda c: (c.update(decided_by=None), c["judge"].update(verdict=None, audit_sequences=[])), "claim a carries a judge result"),
    ],
    ids=["decided-by-tier2", "verdict", "audit-sequences", "judge-result"],
)
def test_a_report_that_says_the_judge_never_ran_cannot_carry_judged_claims(judged_run, claim_edit, named):
    # rt16c: judged claims with semantic_audit {"enabled": false} passed check and replay ("nothing to check")
    report, _ = judged_run
    _reshape(report, _judge_switched_off(claim_edit))
    checked, replayed = check_report(report), replay_report(report)
    assert not checked.ok and checked.problems[0].startswith(named), checked.problems
    assert "the judge never ran (enabled: false)" in checked.problems[0]
    assert not replayed.ok and named in (replayed.problem or ""), replayed.problem
    runner = CliRunner()
    assert [runner.invoke(audit_app, [cmd, str(report)]).exit_code for cmd in ("check", "replay")] == [1, 1]


def test_a_report_without_the_judge_whose_claims_tier1_decided_still_checks(tmp_path):
    report = _full_report(tmp_path)  # a real pipeline report, judge off: claims decided by tier1, no judge result
    data = json.loads(report.read_text())
    assert data["semantic_audit"]["enabled"] is False and {c["decided_by"] for c in data["claims"]} == {"tier1"}
    assert check_report(report).ok and replay_report(report).ok
    runner = CliRunner()
    assert [runner.invoke(audit_app, [cmd, str(report)]).exit_code for cmd in ("check", "replay")] == [0, 0]


def test_every_real_claim_status_is_accepted(tmp_path):
    report = tmp_path / "r.json"
    claims = [{"id": status, "status": status, "decided_by": None, "judge": None} for status in ("pass", "fail", "undecided", "unverified")]
    report.write_text(json.dumps({"semantic_audit": {"enabled": False}, "claims": claims}))
    assert check_report(report).ok and replay_report(report).ok


def _table_rows(output: str) -> list[tuple[int, str]]:
    """(seq, row) of each table row of `audit show`'s output, in file order (a chain column, when there is one, comes first)."""
    rows = []
    for row in output.splitlines():
        cells = [c.strip() for c in row.split("│") if c.strip()]
        seq = next((c for c in cells[:2] if c.isdigit()), None)
        if seq is not None:
            rows.append((int(seq), row))
    return rows


@pytest.mark.parametrize(
    ("damage", "marked", "first"),
    [
        ("edit", {4}, "first line 4: hash does not match the line's content (line edited)"),
        ("delete", {3, 4, 5}, "first line 3: sequence 4 where 3 was expected (line deleted or reordered)"),
        ("swap", {2, 3, 4}, "first line 2: sequence 3 where 2 was expected (line deleted or reordered)"),
    ],
)
def test_show_marks_edited_deleted_or_reordered_lines_broken_and_exits_1(judged_run, damage, marked, first):
    # rt16c: show displayed a tampered log as valid and exited 0
    _, log = judged_run
    lines = _lines(log)
    if damage == "edit":
        data = json.loads(lines[3])
        data["verdict"], data["error"] = "supported", None
        lines[3] = json.dumps(data) + "\n"
    elif damage == "delete":
        del lines[2]
    else:
        lines[1], lines[2] = lines[2], lines[1]
    log.write_text("".join(lines))
    shown = CliRunner().invoke(audit_app, ["show", str(log)])
    assert shown.exit_code == 1, shown.output
    assert f"hash chain broken, {len(marked)} line(s) marked BROKEN; {first}" in shown.output
    marked_lines = {number for number, (_, row) in enumerate(_table_rows(shown.output), start=1) if "BROKEN" in row}
    assert marked_lines == marked
    # a filter does not hide the damage: the edited line of claim d is shown with claim a's
    if damage == "edit":
        filtered = CliRunner().invoke(audit_app, ["show", str(log), "--claim", "a"])
        assert filtered.exit_code == 1 and [seq for seq, _ in _table_rows(filtered.output)] == [1, 4]


def test_show_of_an_intact_log_has_no_broken_marker_and_exits_0(judged_run):
    _, log = judged_run
    shown = CliRunner().invoke(audit_app, ["show", str(log)])
    assert shown.exit_code == 0 and "BROKEN" not in shown.output and "chain" not in shown.output
    assert [seq for seq, _ in _table_rows(shown.output)] == [1, 2, 3, 4, 5, 6]


def _show_at(log: Path, width: int) -> str:
    from rich.console import Console

    from audit.reader import read_log
    from audit.show import show_lines

    console = Console(record=True, width=width, color_system=None)
    show_lines(read_log(log), log, console=console)
    return console.export_text()


def test_show_keeps_the_broken_marker_and_sequences_when_a_quote_is_wider_than_the_terminal(judged_run):
    # rt17c: a quote wider than the terminal shrank the chain, seq, time, run, try, tokens and
    # budget columns to nothing, hiding BROKEN
    _, log = judged_run
    long_quote = "The response rate was 45% " * 40
    _rechain(log, lambda i, data: data.update(quote=long_quote))
    lines = _lines(log)
    data = json.loads(lines[3])
    data["verdict"], data["error"] = "supported", None  # an edit: line 4 is BROKEN
    lines[3] = json.dumps(data) + "\n"
    log.write_text("".join(lines))
    out = _show_at(log, 100)
    rows = _table_rows(out)
    assert [seq for seq, _ in rows] == [1, 2, 3, 4, 5, 6], out
    assert [seq for seq, row in rows if "BROKEN" in row] == [4]
    assert all(len(row) <= 100 and "→" in row and "…" in row for _, row in rows), out  # budget shown, only the quote cut


def test_show_on_a_wide_terminal_still_prints_the_whole_quote(judged_run):
    _, log = judged_run
    quote = "The response rate was 45% in the treatment arm, as the table shows"
    _rechain(log, lambda i, data: data.update(quote=quote))
    out = _show_at(log, 400)
    assert out.count(quote) == 6 and "BROKEN" not in out


def _forge_claim_d(report: Path, log: Path, quote: str) -> None:
    """Flip claim d (contradicted) to supported in the log and the report alike, re-chain the log
    and record its new head: every count, sequence and hash agrees; only the answer is forged."""

    def forge(i, data):
        if data["claim_id"] == "d":
            data.update(verdict="supported", quote=quote)

    _rechain(log, forge)
    data = json.loads(report.read_text())
    data["semantic_audit"]["audit_log_head"] = json.loads(_lines(log)[-1])["hash"]
    claim = next(c for c in data["claims"] if c["id"] == "d")
    claim["status"] = "pass"
    claim["judge"].update(verdict="supported", quote=quote)
    report.write_text(json.dumps(data))


@pytest.mark.parametrize(
    ("quote", "reason"),
    [
        ("The response rate was 45% in every arm", "quote_not_in_excerpt"),  # not in that line's excerpt
        ("No other outcome was reported.", "quote_lacks_claim_numbers"),  # in it, but not the claim's 45%
    ],
)
def test_a_forged_rechained_verdict_whose_answer_fails_the_answer_check_is_a_divergence(judged_run, quote, reason):
    # rt18c case G: contradicted -> supported in log and report, re-chained, passed check and replay
    report, log = judged_run
    _forge_claim_d(report, log, quote)
    replay = replay_report(report)
    assert not replay.ok
    assert [d.claim_id for d in replay.divergences] == ["d"]
    assert "audit line 6 records 'supported' and no error" in replay.divergences[0].message
    assert reason in replay.divergences[0].message
    check = check_report(report)
    assert not check.ok and any("claim d: audit line 6" in p and reason in p for p in check.problems), check.problems


def test_a_rechained_log_whose_answers_still_pass_the_answer_check_replays(judged_run):
    # the same forgery with a quote the check accepts: replay holds it to the report only (the
    # head, recorded before, is what catches a rewritten log), so the re-check adds no divergence
    report, log = judged_run
    _forge_claim_d(report, log, "The response rate was 45% in the treatment arm")
    assert replay_report(report).ok


def test_a_table_rows_answer_is_rechecked_against_the_row_as_stated(tmp_path):
    # the runner holds a row's quote to the row's numbers, not its header's "(n=50)"; the line
    # records the row as stated so that replay holds the quote to the same numbers
    from audit_fixtures import EXCERPT, write_mini_report

    from audit.writer import AuditWriter
    from judge_requests import request_for
    from tier2.budget import CallBudget
    from tier2.fake import ScriptedJudge, answer
    from tier2.runner import judge_claims

    row = request_for("r", "Measure: response rate | Arm A (n=50): 45%", EXCERPT, line_end=2)
    row = row.model_copy(update={"stated_text": "response rate | 45%"})
    judge = ScriptedJudge({"r": [answer("supported", "The response rate was 45% in the treatment arm")]})
    log = tmp_path / "audit.jsonl"
    with AuditWriter(log, fsync=False) as writer:
        outcome = judge_claims([row], judge, budget=CallBudget(5), cache=None, audit=writer, max_retries=0,
                               retry_wait=lambda a, r: 0.0)
    report = write_mini_report(outcome, tmp_path / "report.json")
    assert json.loads(_lines(log)[0])["stated_text"] == "response rate | 45%"
    assert replay_report(report).ok, replay_report(report).summary()
    assert check_report(report).ok
    # the line without it is held to the header's 50 too, which the quote does not carry
    _rechain(log, lambda i, data: data.pop("stated_text"))
    _edit_report(report, audit_log_head=json.loads(_lines(log)[-1])["hash"])
    assert "quote_lacks_claim_numbers" in replay_report(report).summary()


def test_a_sentence_claims_line_records_no_stated_text(judged_run):
    _, log = judged_run
    assert all("stated_text" not in json.loads(line) for line in _lines(log))


def _record_input(report: Path, name: str, text: str) -> None:
    import hashlib

    data = json.loads(report.read_text())
    data["input"] = {"report_path": name, "report_sha256": hashlib.sha256(text.encode()).hexdigest(),
                     "format": "markdown", "sources_dir": "sources"}
    report.write_text(json.dumps(data))


def test_a_report_edited_after_verification_fails_check(judged_run):
    # rt18c case3: the Markdown report was edited after the run and `audit check` still said ok
    report, _ = judged_run
    verified = "The response rate was 45% [evidence:s1.txt#L1].\n"
    _record_input(report, "report.md", verified)
    (report.parent / "report.md").write_text(verified.replace("45%", "54%"))
    result = check_report(report)
    assert not result.ok
    assert any("input.report_sha256" in p and "changed after it was verified" in p for p in result.problems)


def test_the_verified_report_unchanged_still_checks(judged_run):
    report, _ = judged_run
    verified = "The response rate was 45% [evidence:s1.txt#L1].\n"
    _record_input(report, "report.md", verified)
    (report.parent / "report.md").write_bytes(b"\xef\xbb\xbf" + verified.encode())  # a BOM is not content
    assert check_report(report).ok, check_report(report).summary()


def test_a_verified_report_not_found_is_not_verified_until_named_where_it_is(judged_run, tmp_path):
    # rt24c: input.report_path edited to nowhere turned "changed after it was verified" into an ok with a note
    report, _ = judged_run
    verified = "The response rate was 45% [evidence:s1.txt#L1].\n"
    _record_input(report, "report.md", verified)
    moved = tmp_path / "elsewhere.md"
    moved.write_text(verified)
    result = check_report(report)  # nothing at report.md
    assert not result.ok and result.unreadable, result.summary()
    assert any(p.startswith("NOT VERIFIED: the verified report report.md is not at its recorded path") for p in result.problems)
    # named where it now is, it is compared: the same text passes, an edited one fails
    assert check_report(report, moved).ok, check_report(report, moved).summary()
    moved.write_text(verified.replace("45%", "54%"))
    edited = check_report(report, moved)
    assert not edited.ok and not edited.unreadable and any("changed after it was verified" in p for p in edited.problems)
    # a path named that does not exist is not verified either
    gone = check_report(report, tmp_path / "nowhere.md")
    assert not gone.ok and any("is not at " in p and "nowhere.md" in p for p in gone.problems)


def test_audit_check_report_option_names_the_moved_report(judged_run, tmp_path):
    from typer.testing import CliRunner

    from citeproof.cli_audit import audit_app

    report, _ = judged_run
    verified = "The response rate was 45% [evidence:s1.txt#L1].\n"
    _record_input(report, "report.md", verified)
    moved = tmp_path / "elsewhere.md"
    moved.write_text(verified)
    assert CliRunner().invoke(audit_app, ["check", str(report)]).exit_code == 2
    checked = CliRunner().invoke(audit_app, ["check", str(report), "--report", str(moved)])
    assert checked.exit_code == 0, checked.output


def test_a_report_verified_without_the_judge_is_held_to_its_text_too(tmp_path):
    report = tmp_path / "r.json"
    report.write_text(json.dumps({"semantic_audit": {"enabled": False}, "claims": []}))
    _record_input(report, "report.md", "Revenue was $4.2 billion.\n")
    (tmp_path / "report.md").write_text("Revenue was $4.2 billion.\n")
    assert check_report(report).ok
    (tmp_path / "report.md").write_text("Revenue was $5.2 billion.\n")
    assert any("changed after it was verified" in p for p in check_report(report).problems)


# ---------------------------------------------------------------- rt19b case3: logs written before schema version 2

_OLD_EXCERPT = "Response was assessed by investigators. The response rate was 45%. Responses were durable."


def _as_written_before(version_of_d: str, others: str = "1", quote: str = _OLD_EXCERPT):
    """Claim d's line answered 'supported' with a three-sentence quote (what the answer check took
    before it held a supported quote to the shortest deciding span), every line of the run
    written at ``others`` and d's at ``version_of_d``."""

    def edit(i, data):
        data["schema_version"] = others
        if data["claim_id"] == "d":
            data["schema_version"] = version_of_d
            data["excerpt"]["text"] = _OLD_EXCERPT
            data.update(verdict="supported", quote=quote)

    return edit


def _old_log(judged_run, edit) -> tuple[Path, Path]:
    report, log = judged_run
    _rechain(log, edit)
    data = json.loads(report.read_text())
    data["semantic_audit"]["audit_log_head"] = json.loads(_lines(log)[-1])["hash"]
    claim = next(c for c in data["claims"] if c["id"] == "d")
    claim["status"] = "pass"
    line_d = next(json.loads(line) for line in _lines(log) if json.loads(line)["claim_id"] == "d")
    claim["judge"].update(verdict="supported", quote=line_d["quote"])
    report.write_text(json.dumps(data))
    return report, log


def test_new_lines_record_schema_version_2(judged_run):
    _, log = judged_run
    assert {json.loads(line)["schema_version"] for line in _lines(log)} == {"2"}


def test_a_log_written_before_version_2_is_held_only_to_its_quotes_being_in_its_excerpts(judged_run):
    # rt19b case3: a genuine old log diverged from its own report under rules it was never written to
    report, log = _old_log(judged_run, _as_written_before("1"))
    assert replay_report(report).ok, replay_report(report).summary()
    assert check_report(report).ok, check_report(report).problems


def test_an_old_lines_quote_must_still_be_in_its_excerpt(judged_run):
    report, log = _old_log(judged_run, _as_written_before("1", quote="The response rate was 45% in every arm."))
    assert "quote_not_in_excerpt" in replay_report(report).summary()
    assert not check_report(report).ok


def test_an_old_decisive_line_must_still_quote(judged_run):
    report, log = _old_log(judged_run, _as_written_before("1", quote=""))
    assert "quote_missing" in replay_report(report).summary()


@pytest.mark.parametrize(
    ("version_of_d", "others"),
    [("1", "2"), ("2", "2")],
    ids=["one-line-downgraded", "written-at-2"],
)
def test_a_version_2_run_is_held_to_the_whole_check(judged_run, version_of_d, others):
    # a "1" written among a run's version-2 lines is no line of the past: the whole check holds it
    report, log = _old_log(judged_run, _as_written_before(version_of_d, others))
    assert "quote_too_long" in replay_report(report).summary()
    assert not check_report(report).ok


def test_a_version_1_line_recording_stated_text_is_held_to_the_whole_check(judged_run):
    base = _as_written_before("1")

    def edit(i, data):
        base(i, data)
        if data["claim_id"] == "d":
            data["stated_text"] = "The response rate was 45%."

    report, log = _old_log(judged_run, edit)
    assert "quote_too_long" in replay_report(report).summary()


def test_a_report_from_a_version_2_citeproof_owns_no_run_of_version_1_lines(judged_run):
    # rt20 A1: a forger marked every line of a forged run "1" to be held only to the older check;
    # the citeproof that writes version-2 lines records its settings' digest in every report
    report, log = _old_log(judged_run, _as_written_before("1"))
    data = json.loads(report.read_text())
    data.setdefault("input", {})["settings_sha256"] = "0" * 64
    report.write_text(json.dumps(data))
    assert "quote_too_long" in replay_report(report).summary()
    assert not check_report(report).ok


def test_a_success_without_sources_says_tier1_was_not_rederived(judged_run):
    # rt21c tE: the log's last line deleted and its claim made a Tier 1 pass, counts and head made
    # to agree, passes both; only --sources can tell, so each success says so
    report, _ = judged_run
    for command in (["check", str(report)], ["replay", str(report)]):
        result = CliRunner().invoke(audit_app, command)
        assert result.exit_code == 0, result.output
        assert result.output.startswith("ok: ")
        assert "Tier 1 verdicts were not re-derived" in result.output and "audit check REPORT --sources DIR" in result.output


@pytest.mark.parametrize(("version", "flagged"), [("2", True), ("1", False)])
def test_only_a_legacy_run_may_record_a_rows_headers_in_its_claim_text(judged_run, version, flagged):
    # a line of schema version 1 recorded what the judge was asked: a table row's cells after
    # their headers; since version 2 a line records the report's text (stated_text) beside it
    from audit.verdicts import compare_verdicts, derive_verdicts

    report, log = judged_run
    records = [ln.record.model_copy(update={"schema_version": version, **(
        {"claim_text": "Measure: The response rate was 45%."} if ln.record.claim_id == "a" else {})})
        for ln in read_log(log)]
    claims = json.loads(report.read_text())["claims"]
    texts = [d for d in compare_verdicts(claims, derive_verdicts(records)) if "claim text" in d.message]
    assert [d.claim_id for d in texts] == (["a"] if flagged else [])


GROUPED = """Results 1:
Arm/Group Title: Arm I Lumexol
Unit of Measure: months 13.5 (12.1 to 15.1)
Results 2:
Arm/Group Title: Arm II Lumexol and Corvastat
Unit of Measure: months 15.0 (13.2 to 18.4)"""


@pytest.mark.parametrize(
    ("claim", "quote", "reason"),
    [
        ("In the lumexol-alone arm, the median time to progression was 15.0 months.",
         "Unit of Measure: months 15.0 (13.2 to 18.4)", "quote_in_other_group"),
        ("Adding corvastat shortened the time to progression compared with lumexol alone.",
         "Arm/Group Title: Arm II Lumexol and Corvastat", "quote_lacks_direction"),
    ],
)
def test_replay_refuses_another_groups_figure_or_a_bare_title_as_the_runner_does(tmp_path, claim, quote, reason):
    # rt21c lie3/lie4: the runner ends the claim judge_error; a log rewritten to record the answer
    # as valid, and re-chained, is refused by replay's re-run of the same check
    from audit_fixtures import write_mini_report

    from audit.writer import AuditWriter
    from judge_requests import request_for
    from tier2.budget import CallBudget
    from tier2.fake import ScriptedJudge, answer
    from tier2.runner import judge_claims

    judge = ScriptedJudge({"g": [answer("supported", quote)]})
    log = tmp_path / "audit.jsonl"
    with AuditWriter(log, fsync=False) as writer:
        outcome = judge_claims([request_for("g", claim, GROUPED)], judge, budget=CallBudget(5), cache=None, audit=writer,
                               max_retries=0, retry_wait=lambda a, r: 0.0)
    assert outcome.judgements[0].error == reason and not outcome.judgements[0].passed
    report = write_mini_report(outcome, tmp_path / "report.json")
    assert replay_report(report).ok and check_report(report).ok  # the replay agrees with the run
    _rechain(log, lambda i, data: data.update(error=None, error_detail=None, verdict="supported"))
    _edit_report(report, audit_log_head=json.loads(_lines(log)[-1])["hash"])
    replay = replay_report(report)
    assert not replay.ok and any("records 'supported' and no error" in d.message and reason in d.message for d in replay.divergences)


def test_replay_names_a_log_cut_after_its_last_line(judged_run):
    # s30 audit: a deleted last line leaves an intact chain; replay alone must say the log is short
    report, log = judged_run
    log.write_text("".join(_lines(log)[:5]))
    replayed = replay_report(report)
    assert not replayed.ok and not replayed.unreadable
    assert replayed.line_count == (
        f"the report says audit_log_entries=6, the log holds 5 line(s) for run {json.loads(report.read_text())['semantic_audit']['run_id']}: "
        "the log is shorter than the report says; missing: sequence(s) 6 of claim d, whose verdict cannot be re-derived")
    cli = CliRunner().invoke(audit_app, ["replay", str(report)])
    assert cli.exit_code == 1 and f"  - log: {replayed.line_count}" in cli.output
    assert cli.output.startswith("FAILED: 2 divergence(s)")


def test_replay_names_a_log_cut_where_no_claim_lost_its_verdict(judged_run):
    # the count alone, when the report's claims hold no sequence the log lacks
    report, log = judged_run
    log.write_text("".join(_lines(log)[:5]))
    data = json.loads(report.read_text())
    data["claims"] = [c for c in data["claims"] if c["id"] != "d"]
    report.write_text(json.dumps(data))
    replayed = replay_report(report)
    assert not replayed.ok
    assert replayed.line_count is not None and replayed.line_count.endswith("the log is shorter than the report says")


def test_replay_names_a_log_longer_than_the_report_says(judged_run):
    report, log = judged_run
    lines = _lines(log)
    extra = json.loads(lines[5])
    extra["sequence"] = 7
    log.write_text("".join(lines) + json.dumps(extra) + "\n")
    _rechain(log, lambda i, data: None)
    replayed = replay_report(report)
    assert not replayed.ok
    assert "the log holds 7 line(s)" in (replayed.line_count or "")
    assert (replayed.line_count or "").endswith("the log is longer than the report says; no claim of the report points at sequence(s) 7 of claim d")
    assert CliRunner().invoke(audit_app, ["replay", str(report)]).exit_code == 1


def test_replay_of_an_intact_log_names_no_line_count(judged_run):
    report, _ = judged_run
    replayed = replay_report(report)
    assert replayed.ok and replayed.line_count is None
    cli = CliRunner().invoke(audit_app, ["replay", str(report)])
    assert cli.exit_code == 0 and "log:" not in cli.output
