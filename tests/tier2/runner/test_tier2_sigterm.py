"""SIGTERM (how CI stops a job that overruns) takes the Ctrl-C path in a real `citeproof verify
--tier2` process: the request in flight, already paid, finishes and is logged; none starts after."""

from __future__ import annotations

import errno
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from test_tier2_cli_e2e import QUOTE, REPORT, SOURCE

from audit.reader import chain_problems, read_log
from citeproof.cli import main
from tier2.local_endpoint import LocalEndpoint

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGTERM, FIFOs")

# three claims the judge is asked about, one after another (--concurrency 1)
THREE_CLAIMS = REPORT + (
    "\nAbout 54 of the 120 treated people had a response [nct:NCT01234567#L3].\n"
    "\nMost adverse events were mild and passed quickly [nct:NCT01234567#L4].\n"
)
WAIT_S = 20  # a ceiling for a loaded machine, never a sleep: each wait ends on what it waits for


def _supported(_body: dict) -> dict:
    return {"verdict": "supported", "quote": QUOTE, "rationale": "stated"}


def _project(tmp_path: Path, report: str | None) -> None:
    """The source in tmp_path/sources; report.md holding ``report``, or a FIFO when None."""
    (tmp_path / "sources" / "clinical_trials").mkdir(parents=True)
    (tmp_path / "sources" / "clinical_trials" / "NCT01234567.txt").write_text(SOURCE)
    if report is None:
        os.mkfifo(tmp_path / "report.md")
    else:
        (tmp_path / "report.md").write_text(report)


def _verify_args(base_url: str) -> list[str]:
    return [
        "verify", "report.md", "--sources", "sources", "--tier2", "--model", "m", "--base-url", base_url,
        "--audit-log", "out/audit.jsonl", "--no-cache", "--out", "out/report.json", "--concurrency", "1",
        "--max-retries", "0", "--timeout", "10",
    ]


def _start(tmp_path: Path, base_url: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path), "OPENAI_API_KEY": "sk-sigterm-0123456789abcdef"}
    return subprocess.Popen(
        [sys.executable, "-m", "citeproof.cli", *_verify_args(base_url)],
        cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )


def _wait_for(what, proc: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + WAIT_S
    while not what():
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            pytest.fail(f"never happened; exit {proc.wait()}: {proc.communicate()[1][-2000:]}")
        time.sleep(0.01)


def _open_for_writing_once_read(fifo: Path, proc: subprocess.Popen[str]) -> int:
    """The FIFO's write end, opened once the run opened it to read the report: from then on the
    run waits for the report's text, inside ``main``, before any request."""
    fds: list[int] = []

    def opened() -> bool:
        try:
            fds.append(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        except OSError as exc:
            if exc.errno != errno.ENXIO:  # ENXIO: no reader yet
                raise
        return bool(fds)

    _wait_for(opened, proc)
    return fds[0]


def test_sigterm_during_a_request_logs_it_and_exits_143(tmp_path):
    _project(tmp_path, THREE_CLAIMS)
    with LocalEndpoint(latency_s=1.0, answer=_supported, count_tokens=False) as server:
        proc = _start(tmp_path, server.base_url)
        _wait_for(lambda: server.requests >= 1, proc)  # the first request is now with the server
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=WAIT_S)
        asked = server.requests
    assert proc.returncode == 143, err
    assert err.startswith("citeproof: terminated (SIGTERM); no report written (") and err.count("\n") == 1, err
    lines = read_log(tmp_path / "out" / "audit.jsonl")
    assert len(lines) == asked and chain_problems(lines) == []  # every request the server saw has its line
    assert asked < 3  # no request started after the signal
    assert f"{asked} judge call(s) of this run logged in out/audit.jsonl" in err
    assert not (tmp_path / "out" / "report.json").exists()


def test_a_second_sigterm_while_the_request_finishes_still_logs_it(tmp_path):
    _project(tmp_path, THREE_CLAIMS)
    with LocalEndpoint(latency_s=1.5, answer=_supported, count_tokens=False) as server:
        proc = _start(tmp_path, server.base_url)
        _wait_for(lambda: server.requests >= 1, proc)
        proc.send_signal(signal.SIGTERM)
        # the second lands while the first request is still with the server (1.5 s); should both
        # arrive before the first is handled, they are one signal and the test is the one above
        time.sleep(0.3)
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=WAIT_S)
        asked = server.requests
    assert proc.returncode == 143, err
    lines = read_log(tmp_path / "out" / "audit.jsonl")
    assert len(lines) == asked and chain_problems(lines) == [] and "Traceback" not in err, err


def test_sigterm_before_any_request_exits_143_and_asks_nothing(tmp_path):
    _project(tmp_path, None)
    with LocalEndpoint(latency_s=0.0, answer=_supported, count_tokens=False) as server:
        proc = _start(tmp_path, server.base_url)
        fifo_write_end = _open_for_writing_once_read(tmp_path / "report.md", proc)
        try:
            proc.send_signal(signal.SIGTERM)
            _, err = proc.communicate(timeout=WAIT_S)
        finally:
            os.close(fifo_write_end)
        asked = server.requests
    assert proc.returncode == 143, err
    assert err == "citeproof: terminated (SIGTERM); no report written (the audit log keeps every call that finished)\n", err
    assert asked == 0 and not (tmp_path / "out" / "audit.jsonl").exists(), asked


def test_a_run_without_a_signal_is_unchanged_and_its_log_checks(tmp_path):
    _project(tmp_path, REPORT)
    with LocalEndpoint(latency_s=0.0, answer=_supported, count_tokens=False) as server:
        proc = _start(tmp_path, server.base_url)
        _, err = proc.communicate(timeout=WAIT_S)
        asked = server.requests
    assert proc.returncode == 0, err
    assert "terminated" not in err and "interrupted" not in err
    report = json.loads((tmp_path / "out" / "report.json").read_text())
    assert asked == report["semantic_audit"]["calls_made"] == len(read_log(tmp_path / "out" / "audit.jsonl")) >= 1
    checked = subprocess.run([sys.executable, "-m", "citeproof.cli", "audit", "check", "out/report.json"],
                             cwd=tmp_path, env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
                             capture_output=True, text=True, timeout=WAIT_S)
    assert checked.returncode == 0, checked.stderr


def test_the_handler_is_set_only_while_the_cli_runs_and_the_callers_is_put_back(tmp_path, capsys):
    def callers_own(*_args):  # a program that embeds the CLI keeps its handler
        pass

    outer = signal.signal(signal.SIGTERM, callers_own)
    seen: list[object] = []

    def probe(*_args, **_kwargs):
        seen.append(signal.getsignal(signal.SIGTERM))
        raise KeyboardInterrupt

    import citeproof.pipeline

    _project(tmp_path, REPORT)
    original = citeproof.pipeline.run
    citeproof.pipeline.run = probe
    try:
        code = main(["verify", str(tmp_path / "report.md"), "--sources", str(tmp_path / "sources")])
        after = signal.getsignal(signal.SIGTERM)
    finally:
        citeproof.pipeline.run = original
        signal.signal(signal.SIGTERM, outer)
    assert code == 130 and "citeproof: interrupted" in capsys.readouterr().err  # Ctrl-C as before
    assert seen and seen[0] not in (callers_own, signal.SIG_DFL)
    assert after is callers_own


def test_importing_the_cli_sets_no_handler():
    code = "import signal, citeproof.cli; print(signal.getsignal(signal.SIGTERM) is signal.SIG_DFL)"
    done = subprocess.run([sys.executable, "-c", code], env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
                          capture_output=True, text=True, timeout=WAIT_S)
    assert done.stdout.strip() == "True", done.stderr


def test_the_cli_run_off_the_main_thread_leaves_signals_alone(tmp_path, capsys):
    _project(tmp_path, REPORT)
    codes: list[int] = []
    worker = threading.Thread(target=lambda: codes.append(main(["verify", str(tmp_path / "report.md")])))
    worker.start()
    worker.join(WAIT_S)
    assert codes == [2]  # the usage error it owes (no --sources), not a ValueError from signal.signal
