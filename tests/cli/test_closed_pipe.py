"""rt17c: a reader that closes the output pipe early (`citeproof verify … | true`, `2>&1 | head`)
turned every verdict into a bare exit 1 — and `cli.main` would have returned 0 for any verdict
had its BrokenPipeError branch been reached. The smoke gate reads the exit code: a closed pipe
keeps the verdict's."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from test_exit_codes import FABRICATED, PARAPHRASE, RECORD, SUPPORTED
from trial_sources import write_trial_sources

from citeproof import cli


def _verify_into_a_closed_pipe(tmp_path: Path, body: str, *, stderr_too: bool) -> int:
    sources = write_trial_sources(tmp_path, RECORD)
    report = tmp_path / "report.md"
    report.write_text(body, encoding="utf-8")
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before citeproof writes a byte
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "citeproof.cli", "verify", str(report), "--sources", str(sources)],
            stdout=write_end, stderr=write_end if stderr_too else subprocess.PIPE, timeout=120,
        )
    finally:
        os.close(write_end)
    if not stderr_too:
        err = proc.stderr.decode()
        assert "Traceback" not in err and "stdout was closed before the whole output was written" in err
    return proc.returncode


@pytest.mark.parametrize("stderr_too", [False, True], ids=["stdout-closed", "stdout-and-stderr-closed"])
@pytest.mark.parametrize(("body", "code"), [(FABRICATED, 1), (PARAPHRASE, 3), (SUPPORTED, 0)], ids=["blocked", "incomplete", "pass"])
def test_a_closed_output_pipe_keeps_the_verdicts_exit_code(tmp_path, body, code, stderr_too):
    assert _verify_into_a_closed_pipe(tmp_path, body, stderr_too=stderr_too) == code


def test_a_closed_pipe_the_verdict_cannot_survive_is_never_0(monkeypatch):
    def closed(*args, **kwargs):
        raise BrokenPipeError

    detached = []
    monkeypatch.setattr(cli, "app", closed)
    monkeypatch.setattr(cli, "_detach", detached.append)  # not pytest's own capture files
    assert cli.main(["rules"]) == cli.EXIT_PIPE_CLOSED != 0
    assert detached == [sys.stdout, sys.stderr]
