"""audit2: a log written with a key chains with HMAC-SHA256, so whoever can edit the log but
lacks the key cannot recompute a chain that verifies; an unkeyed log works as it always did."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from audit_fixtures import make_request, write_mini_report
from typer.testing import CliRunner

from audit.check import check_report
from audit.reader import chain_problems, read_log
from audit.record import canonical_json
from audit.writer import AuditLogError, AuditWriter
from citeproof.cli_audit import audit_app
from tier2.budget import CallBudget
from tier2.fake import ScriptedJudge, answer
from tier2.runner import judge_claims

KEY = "audit-key-Qv7rT2xK9mW4pL8s"
ENV = "CITEPROOF_TEST_AUDIT_KEY"


def _run(tmp_path: Path, key: bytes | None) -> tuple[Path, Path]:
    judge = ScriptedJudge({c: [answer("supported", "The response rate was 45%")] for c in "ab"})
    log = tmp_path / "audit.jsonl"
    with AuditWriter(log, secret_env=(), secrets=[KEY], fsync=False, key=key) as writer:
        outcome = judge_claims([make_request(c) for c in "ab"], judge, budget=CallBudget(5), cache=None, audit=writer,
                               max_retries=0, retry_wait=lambda a, r: 0.0)
    return write_mini_report(outcome, tmp_path / "report.json", key), log


def _rehashed_unkeyed(log: Path, edit) -> None:
    """What someone who can edit the log but has no key can do: edit a line, drop its hash_alg,
    and recompute the plain sha256 chain from there on."""
    prev = "0" * 64
    out = []
    for raw in log.read_text().splitlines():
        data = json.loads(raw)
        data = edit(data)
        data.pop("hash_alg", None)
        data["prev_hash"] = prev
        body = {k: v for k, v in data.items() if k != "hash"}
        data["hash"] = prev = hashlib.sha256((prev + canonical_json(body)).encode()).hexdigest()
        out.append(canonical_json(data) + "\n")
    log.write_text("".join(out))


def test_a_keyed_log_verifies_with_its_key_and_records_how_it_was_hashed(tmp_path):
    report, log = _run(tmp_path, KEY.encode())
    lines = read_log(log)
    assert lines and all(ln.data["hash_alg"] == "hmac-sha256" for ln in lines)
    assert chain_problems(lines, KEY.encode()) == []
    result = check_report(report, key=KEY.encode())
    assert result.ok, result.summary()
    assert KEY not in log.read_text() and KEY not in result.summary()


def test_an_unkeyed_log_is_written_and_checked_as_before(tmp_path):
    report, log = _run(tmp_path, None)
    assert "hash_alg" not in log.read_text()  # the line as it always was
    assert check_report(report).ok


def test_an_edited_line_with_a_recomputed_unkeyed_chain_fails_with_the_key(tmp_path):
    report, log = _run(tmp_path, KEY.encode())
    _rehashed_unkeyed(log, lambda d: {**d, "verdict": "supported", "latency_s": 9.0})
    assert chain_problems(read_log(log)) == []  # the plain chain holds: that is the attack
    problems = chain_problems(read_log(log), KEY.encode())
    assert problems and "not keyed" in problems[0].message
    assert not check_report(report, key=KEY.encode()).ok


def test_an_edited_keyed_line_and_the_wrong_key_fail(tmp_path):
    report, log = _run(tmp_path, KEY.encode())
    assert not check_report(report, key=b"another-key-entirely").ok
    log.write_text(log.read_text().replace('"attempt":1', '"attempt":2', 1))
    problems = chain_problems(read_log(log), KEY.encode())
    assert problems and problems[0].line == 1 and "hash does not match" in problems[0].message


def test_a_keyed_log_is_continued_only_with_its_key_and_an_unkeyed_one_only_without(tmp_path):
    _, log = _run(tmp_path, KEY.encode())
    with pytest.raises(AuditLogError, match="without its key"):
        AuditWriter(log, secret_env=(), fsync=False)
    with AuditWriter(log, secret_env=(), fsync=False, key=KEY.encode()):
        pass
    plain = tmp_path / "plain"
    plain.mkdir()
    _, unkeyed = _run(plain, None)
    with pytest.raises(AuditLogError, match="not keyed"):
        AuditWriter(unkeyed, secret_env=(), fsync=False, key=KEY.encode())


def test_audit_check_takes_the_key_from_the_named_variable_and_says_when_it_has_none(tmp_path, monkeypatch):
    report, log = _run(tmp_path, KEY.encode())
    runner = CliRunner()
    monkeypatch.setenv(ENV, KEY)
    ok = runner.invoke(audit_app, ["check", str(report), "--audit-key-env", ENV])
    assert ok.exit_code == 0 and "ok:" in ok.output and KEY not in ok.output, ok.output
    without = runner.invoke(audit_app, ["check", str(report)])
    assert without.exit_code != 0 and len(without.output.strip().splitlines()) == 1, without.output
    assert "cannot be verified without its key" in without.output
    monkeypatch.setenv(ENV, "not-the-key-at-all")
    assert runner.invoke(audit_app, ["check", str(report), "--audit-key-env", ENV]).exit_code == 1
    monkeypatch.delenv(ENV)
    unset = runner.invoke(audit_app, ["check", str(report), "--audit-key-env", ENV])
    assert unset.exit_code == 2 and "not set" in unset.output
    pasted = runner.invoke(audit_app, ["check", str(report), "--audit-key-env", "not a name: " + KEY])
    assert pasted.exit_code == 2 and KEY not in pasted.output


def test_audit_show_and_replay_read_a_keyed_log_with_its_key_and_refuse_it_in_one_line_without(tmp_path, monkeypatch):
    report, log = _run(tmp_path, KEY.encode())
    runner = CliRunner()
    monkeypatch.setenv(ENV, KEY)
    shown = runner.invoke(audit_app, ["show", str(log), "--audit-key-env", ENV])
    assert shown.exit_code == 0 and "BROKEN" not in shown.output and KEY not in shown.output, shown.output
    replayed = runner.invoke(audit_app, ["replay", str(report), "--audit-key-env", ENV])
    assert replayed.exit_code == 0 and "ok:" in replayed.output, replayed.output
    for args in (["show", str(log)], ["replay", str(report)]):
        without = runner.invoke(audit_app, args)
        assert without.exit_code == 2 and "cannot be verified without its key" in without.output, without.output
        assert len(without.output.strip().splitlines()) == 1, without.output
    monkeypatch.setenv(ENV, "not-the-key-at-all")
    wrong_show = runner.invoke(audit_app, ["show", str(log), "--audit-key-env", ENV])
    assert wrong_show.exit_code == 1 and "BROKEN" in wrong_show.output
    assert runner.invoke(audit_app, ["replay", str(report), "--audit-key-env", ENV]).exit_code == 1


def test_audit_show_and_replay_catch_an_edit_rehashed_without_the_key(tmp_path, monkeypatch):
    report, log = _run(tmp_path, KEY.encode())
    _rehashed_unkeyed(log, lambda d: {**d, "latency_s": 9.0})
    monkeypatch.setenv(ENV, KEY)
    runner = CliRunner()
    assert runner.invoke(audit_app, ["show", str(log), "--audit-key-env", ENV]).exit_code == 1
    assert runner.invoke(audit_app, ["replay", str(report), "--audit-key-env", ENV]).exit_code == 1
    # an unkeyed log (what the edit produced) replays without a key, as before
    assert runner.invoke(audit_app, ["replay", str(report)]).exit_code == 0


def test_audit_commands_refuse_a_blank_key_and_do_not_echo_a_key_spelled_like_a_name(tmp_path, monkeypatch):
    report, log = _run(tmp_path, KEY.encode())
    runner = CliRunner()
    monkeypatch.setenv(ENV, "  ")
    for args in (["check", str(report)], ["show", str(log)], ["replay", str(report)]):
        blank = runner.invoke(audit_app, [*args, "--audit-key-env", ENV])
        assert blank.exit_code == 2 and "blank" in blank.output, blank.output
        hexkey = "c4e1f09ab27d3e8f5a6b0c91d7e2f43a"
        pasted = runner.invoke(audit_app, [*args, "--audit-key-env", hexkey])
        assert pasted.exit_code == 2 and hexkey not in pasted.output, pasted.output


def test_the_api_refuses_a_named_audit_key_variable_that_is_unset_or_blank(tmp_path, monkeypatch):
    from citeproof.errors import InputError
    from tier2.options import Tier2Options
    from tier2.stage import _audit_key

    options = Tier2Options(model="m", base_url="http://127.0.0.1:9/v1", audit_log=tmp_path / "a.jsonl", audit_key_env=ENV)
    monkeypatch.setenv(ENV, " \t")
    with pytest.raises(InputError, match="not written unkeyed"):
        _audit_key(options)
    monkeypatch.setenv(ENV, KEY)
    assert _audit_key(options) == KEY.encode()
    assert _audit_key(options.model_copy(update={"audit_key_env": None})) is None


def test_a_keyed_log_behind_a_report_with_its_seal_stripped_still_needs_its_key(tmp_path, monkeypatch):
    # the seal is checked first; with it gone, the log itself must still refuse a check without
    # its key in one line (exit 2), not be read as a plain chain that fails or, worse, passes
    report, _log = _run(tmp_path, KEY.encode())
    stripped = json.loads(report.read_text())
    stripped.pop("seal")
    report.write_text(json.dumps(stripped))
    without = CliRunner().invoke(audit_app, ["check", str(report)])
    assert without.exit_code == 2 and len(without.output.strip().splitlines()) == 1, without.output
    assert "cannot be verified without its key" in without.output
    monkeypatch.setenv(ENV, KEY)
    with_key = CliRunner().invoke(audit_app, ["check", str(report), "--audit-key-env", ENV])
    assert with_key.exit_code == 1 and "no seal" in with_key.output.lower(), with_key.output
