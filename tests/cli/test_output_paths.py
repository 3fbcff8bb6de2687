"""Output paths are checked before any work: a lost report must not cost a paid judge run."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

import pytest
from trial_sources import UNDECIDED_BODY as BODY
from trial_sources import UNDECIDED_RECORD as RECORD
from trial_sources import write_trial_sources, write_undecided_report

from citeproof.cli import main
from citeproof.report import write_atomic

JUDGE = ["--tier2", "--base-url", "http://127.0.0.1:9/v1", "--model", "m", "--max-retries", "0", "--timeout", "0.5", "--no-cache"]


@pytest.fixture
def report(tmp_path: Path) -> Path:
    return write_undecided_report(tmp_path)


def run(report: Path, *extra: str, capsys) -> tuple[int, str]:
    code = main(["verify", str(report), "--sources", str(write_trial_sources(report.parent, RECORD)), *extra])
    return code, capsys.readouterr().err


def test_an_out_path_under_a_file_fails_first_and_names_the_flag(tmp_path, report, capsys):
    (tmp_path / "blocker").write_text("not a folder")
    audit = tmp_path / "audit.jsonl"
    code, err = run(report, "--out", str(tmp_path / "blocker" / "r.json"), *JUDGE, "--audit-log", str(audit), capsys=capsys)
    assert code == 2
    assert err.startswith("citeproof: error: --out ") and "blocker" in err and len(err.strip().splitlines()) == 1
    assert not audit.exists(), "the judge stage ran although the report could never be written"


@pytest.mark.parametrize("under", ["blocker", "blocker/deeper"])
def test_a_file_in_the_way_of_an_output_folder_is_named(tmp_path, report, capsys, under):
    (tmp_path / "blocker").write_text("not a folder")
    code, err = run(report, "--out", str(tmp_path / under / "r.json"), capsys=capsys)
    assert code == 2
    assert f"cannot make the folder {tmp_path / under}: {tmp_path / 'blocker'} is a file, not a folder" in err


def test_an_out_path_that_is_a_folder_is_refused(tmp_path, report, capsys):
    code, err = run(report, "--out", str(tmp_path), capsys=capsys)
    assert code == 2 and "--out" in err and "is a folder" in err


def test_an_audit_log_under_a_file_is_refused_before_judging(tmp_path, report, capsys):
    (tmp_path / "blocker").write_text("")
    code, err = run(report, *JUDGE, "--audit-log", str(tmp_path / "blocker" / "a.jsonl"), capsys=capsys)
    assert code == 2 and err.startswith("citeproof: error: --audit-log ")


def test_a_cache_dir_that_is_a_file_is_refused(tmp_path, report, capsys):
    (tmp_path / "cache").write_text("")
    flags = [f for f in JUDGE if f != "--no-cache"]
    code, err = run(report, *flags, "--audit-log", str(tmp_path / "a.jsonl"), "--cache-dir", str(tmp_path / "cache"), capsys=capsys)
    assert code == 2 and "--cache-dir" in err and "is a file" in err


def test_an_out_path_in_new_folders_is_created_and_written(tmp_path, report, capsys):
    out = tmp_path / "a" / "b" / "r.json"
    code, err = run(report, "--out", str(out), "--mode", "report", capsys=capsys)
    assert code == 0 and out.is_file() and f"report written to {out}" in err


def test_a_new_report_file_gets_the_umask_mode_not_owner_only(tmp_path):
    old = os.umask(0o022)
    try:
        write_atomic(tmp_path / "r.json", "{}")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "r.json").stat().st_mode) == 0o644


def test_an_existing_report_file_keeps_its_mode(tmp_path):
    path = tmp_path / "r.json"
    path.write_text("old")
    path.chmod(0o640)
    write_atomic(path, "new")
    assert path.read_text() == "new" and stat.S_IMODE(path.stat().st_mode) == 0o640


def test_a_cache_that_is_not_a_database_stops_the_run_before_any_request(tmp_path, report, capsys):
    (tmp_path / "cache").mkdir()
    (tmp_path / "cache" / "cache.db").write_text("garbage")
    flags = [f for f in JUDGE if f != "--no-cache"]
    audit = tmp_path / "a.jsonl"
    code, err = run(report, *flags, "--audit-log", str(audit), "--cache-dir", str(tmp_path / "cache"), capsys=capsys)
    assert code == 2 and err.startswith("citeproof: error: --cache-dir ") and "internal error" not in err
    assert not audit.exists()


def test_an_out_path_over_the_report_is_refused_and_the_report_kept(tmp_path, report, capsys):
    code, err = run(report, "--out", str(tmp_path / "." / "report.md"), capsys=capsys)
    assert code == 2 and "--out" in err and "is the same file as the report" in err
    assert report.read_text(encoding="utf-8") == BODY


def test_one_path_for_the_report_and_the_audit_log_is_refused_before_judging(tmp_path, report, capsys):
    same = tmp_path / "same.json"
    code, err = run(report, "--out", str(same), *JUDGE, "--audit-log", str(same), capsys=capsys)
    assert code == 2 and "--audit-log" in err and "is the same file as --out" in err
    assert not same.exists(), "the judge stage ran although its log would be overwritten"


def test_a_symlink_to_the_report_is_the_report(tmp_path, report, capsys):
    (tmp_path / "link.json").symlink_to(report)
    code, err = run(report, "--out", str(tmp_path / "link.json"), capsys=capsys)
    assert code == 2 and "is the same file as the report" in err


def test_distinct_paths_pass(tmp_path, report, capsys):
    code, _ = run(report, "--out", str(tmp_path / "r.json"), *JUDGE, "--audit-log", str(tmp_path / "a.jsonl"), capsys=capsys)
    assert code != 2


@pytest.mark.parametrize(
    ("flags", "named"),
    [
        (["--timeout", "inf", "--base-url", "http://127.0.0.1:9/v1"], "--timeout"),
        (["--timeout", "5000", "--base-url", "http://127.0.0.1:9/v1"], "--timeout"),
        (["--timeout", "0.5", "--base-url", "http://[::1"], "base_url"),
        # rt16c: a port that cannot exist spent the budget on connection errors and exited 3
        (["--base-url", "http://127.0.0.1:99999/v1"], "has port 99999, which cannot exist"),
    ],
)
def test_a_judge_option_that_cannot_work_is_a_usage_error(tmp_path, report, capsys, flags, named):
    judge = ["--tier2", "--model", "m", "--max-retries", "0", "--no-cache", *flags]
    code, err = run(report, *judge, "--audit-log", str(tmp_path / "a.jsonl"), capsys=capsys)
    assert code == 2 and named in err and "internal error" not in err
    assert not (tmp_path / "a.jsonl").exists()


@pytest.mark.parametrize(("content", "said"), [(b"\xff\xfe\x00binary", "is not UTF-8 text"), (None, "cannot be read")])
def test_a_config_that_cannot_be_read_is_an_input_error(tmp_path, report, capsys, content, said):
    config = tmp_path / "config.json"
    if content is None:
        config.mkdir()
    else:
        config.write_bytes(content)
    code, err = run(report, "--config", str(config), capsys=capsys)
    assert code == 2 and said in err and "internal error" not in err


def test_an_out_symlink_is_written_through_and_kept(tmp_path, report, capsys):
    # rt32b r2: the link to /proc/self/fd/1 (or to a file) became a regular file
    target = tmp_path / "kept" / "r.json"
    link = tmp_path / "r_link.json"
    link.symlink_to(target)
    code, _ = run(report, "--out", str(link), "--mode", "report", capsys=capsys)
    assert code == 0 and link.is_symlink() and '"schema_version"' in target.read_text()


def test_an_out_fifo_is_written_into(tmp_path, report, capsys):
    fifo = tmp_path / "r.fifo"
    os.mkfifo(fifo)
    end = os.open(fifo, os.O_RDWR | os.O_NONBLOCK)  # reads what is written; a file put in its place gives nothing
    try:
        code, _ = run(report, "--out", str(fifo), "--mode", "report", capsys=capsys)
        got = os.read(end, 1 << 20)
    finally:
        os.close(end)
    assert code == 0 and stat.S_ISFIFO(os.stat(fifo).st_mode) and b'"schema_version"' in got


def test_an_out_write_error_names_the_flag_and_the_path(tmp_path, report, capsys, monkeypatch):
    from citeproof import report as report_mod

    def full(*_args):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(report_mod.os, "replace", full)
    out = tmp_path / "r.json"
    code, err = run(report, "--out", str(out), "--mode", "report", capsys=capsys)
    assert code == 2 and err.startswith(f"citeproof: error: --out {out}: ") and "No space left on device" in err


def test_an_audit_log_on_a_full_disk_names_the_flag_and_the_path(tmp_path, report, capsys, monkeypatch):
    # rt32b r3: "--audit-log /dev/full" printed a bare "No space left on device"
    from audit.writer import AuditWriter

    def full(*_args, **_kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(AuditWriter, "_append", full)
    log = tmp_path / "a.jsonl"
    code, err = run(report, *JUDGE, "--audit-log", str(log), capsys=capsys)
    assert code == 2 and err.startswith(f"citeproof: error: --audit-log {log}: ") and "No space left on device" in err


@pytest.mark.parametrize("flag", ["--out", "--audit-log"])
def test_a_fifo_that_cannot_be_written_is_refused_first(tmp_path, report, capsys, monkeypatch, flag):
    # s30 audit: root writes any FIFO, so the refusal is reached by denying the access check itself
    from citeproof import output_paths

    fifo = tmp_path / "r.fifo"
    os.mkfifo(fifo)
    real_access = output_paths.os.access
    monkeypatch.setattr(output_paths.os, "access", lambda p, mode, **kw: False if (Path(p), mode) == (fifo, os.W_OK) else real_access(p, mode, **kw))
    extra = ["--out", str(fifo)] if flag == "--out" else [*JUDGE, "--audit-log", str(fifo)]
    end = os.open(fifo, os.O_RDWR | os.O_NONBLOCK)  # a reader: a write let through fails the test, never hangs it
    try:
        code, err = run(report, *extra, "--mode", "report", capsys=capsys)
    finally:
        os.close(end)
    assert code == 2
    assert err.strip() == f"citeproof: error: {flag} {fifo}: cannot write to it: permission denied"
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
