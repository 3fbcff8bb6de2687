"""The report is written atomically: a reader sees the old file or the new one, never half."""

from __future__ import annotations

import pytest

from citeproof import report as report_mod
from citeproof.report import write_atomic


def test_replaces_and_leaves_no_temp_files(tmp_path):
    target = tmp_path / "out" / "verification_report.json"
    write_atomic(target, '{"v": 1}\n')
    write_atomic(target, '{"v": 2}\n')
    assert target.read_text() == '{"v": 2}\n'
    assert [p.name for p in target.parent.iterdir()] == ["verification_report.json"]


def test_a_failed_write_keeps_the_old_report(tmp_path, monkeypatch):
    target = tmp_path / "verification_report.json"
    write_atomic(target, "old\n")

    def broken_replace(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(report_mod.os, "replace", broken_replace)
    with pytest.raises(OSError):
        write_atomic(target, "new\n")
    assert target.read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["verification_report.json"]
