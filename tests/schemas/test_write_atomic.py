"""The report is written atomically: a reader sees the old file or the new one, never half."""

from __future__ import annotations

import os
import stat

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


# rt32b r2: "--out" replaced a symlink, a FIFO or a device node with a regular file.
def test_a_symlink_is_followed_and_kept(tmp_path):
    target = tmp_path / "real" / "report.json"
    target.parent.mkdir()
    target.write_text("old\n")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    write_atomic(link, "new\n")
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_text() == "new\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.json", "real"]


def test_a_dangling_symlink_writes_its_target(tmp_path):
    link = tmp_path / "link.json"
    link.symlink_to(tmp_path / "out" / "report.json")
    write_atomic(link, "new\n")
    assert link.is_symlink() and (tmp_path / "out" / "report.json").read_text() == "new\n"


def _fifo(path) -> int:
    """A FIFO at ``path`` and a non-blocking end of it that reads what is written (and, holding it
    open for writing too, lets a writer open it at once): a file put in its place reads nothing."""
    os.mkfifo(path)
    return os.open(path, os.O_RDWR | os.O_NONBLOCK)


def test_a_fifo_is_written_through_not_replaced(tmp_path):
    fifo = tmp_path / "report.fifo"
    end = _fifo(fifo)
    try:
        write_atomic(fifo, "new\n")
        assert os.read(end, 1 << 16) == b"new\n"
    finally:
        os.close(end)
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert [p.name for p in tmp_path.iterdir()] == ["report.fifo"]


def test_a_link_to_a_character_device_writes_through_it(tmp_path):
    link = tmp_path / "null_link"
    link.symlink_to("/dev/null")  # written into, never replaced
    write_atomic(link, "new\n")
    assert link.is_symlink() and stat.S_ISCHR(os.stat("/dev/null").st_mode)
    assert [p.name for p in tmp_path.iterdir()] == ["null_link"]
