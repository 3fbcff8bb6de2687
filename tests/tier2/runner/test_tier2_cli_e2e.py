"""`citeproof verify --tier2` end to end (respx in-process), then `citeproof audit check/replay` on what it wrote."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest
import respx
from typer.testing import CliRunner

from citeproof.cli_audit import audit_app

SOURCE = (
    "Study record\n"
    "Primary outcome: objective response at week 12.\n"
    "Among the 120 participants in the treatment arm, 54 had an objective response, a rate of 45%.\n"
    "Adverse events were mild and transient.\n"
)
REPORT = "# Findings\n\nNearly half of treated participants responded, with a response rate of about 45% [nct:NCT01234567#L3].\n"
QUOTE = "54 had an objective response, a rate of 45%"


def completion(request):
    content = json.dumps({"verdict": "supported", "quote": QUOTE, "rationale": "stated"})
    return httpx.Response(200, json={
        "id": "x", "object": "chat.completion", "created": 1, "model": "m",
        "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}],
        "usage": {"prompt_tokens": 180, "completion_tokens": 20, "total_tokens": 200},
    })


def test_verify_tier2_then_audit_check_and_replay(tmp_path: Path, monkeypatch):
    from citeproof.cli import main

    (tmp_path / "sources" / "clinical_trials").mkdir(parents=True)
    (tmp_path / "sources" / "clinical_trials" / "NCT01234567.txt").write_text(SOURCE)
    (tmp_path / "report.md").write_text(REPORT)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-e2e-MARKER-0123456789abcdef")
    argv = [
        "verify", "report.md", "--sources", "sources", "--tier2", "--model", "m", "--base-url", "http://judge.test/v1",
        "--call-budget", "3", "--audit-log", "out/audit.jsonl", "--cache-dir", "cache", "--out", "out/report.json",
    ]
    for run in (1, 2):
        with respx.mock(assert_all_called=False) as mock:
            route = mock.post("http://judge.test/v1/chat/completions").mock(side_effect=completion)
            assert main(argv) == 0
            calls = route.call_count
        report = json.loads(Path("out/report.json").read_text())
        sem = report["semantic_audit"]
        if sem["calls_made"] + sem["cache_hits"] == 0:
            pytest.skip("Tier 1 settled the claim; nothing reached the judge")
        assert calls == sem["calls_made"] == (1 if run == 1 else 0)
        assert sem["cache_hits"] == (0 if run == 1 else 1)
        claim = next(c for c in report["claims"] if c["judge"])
        assert claim["status"] == "pass" and claim["decided_by"] == "tier2" and claim["judge"]["quote"] == QUOTE
        runner = CliRunner()
        checked = runner.invoke(audit_app, ["check", "out/report.json"])
        assert checked.exit_code == 0, checked.output
        replayed = runner.invoke(audit_app, ["replay", "out/report.json"])
        assert replayed.exit_code == 0, replayed.output
    assert "MARKER" not in Path("out/audit.jsonl").read_text()
    # the log is recorded where it is, not as typed: an auditor checks from any folder
    assert sem["audit_log_path"] == str((tmp_path / "out" / "audit.jsonl").resolve())
    monkeypatch.chdir(tmp_path / "sources")
    assert CliRunner().invoke(audit_app, ["check", str(tmp_path / "out" / "report.json")]).exit_code == 0


def _project(tmp_path: Path, monkeypatch) -> None:
    """report.md and its source in tmp_path (the current folder), the judge's key in JUDGE_KEY."""
    (tmp_path / "sources" / "clinical_trials").mkdir(parents=True)
    (tmp_path / "sources" / "clinical_trials" / "NCT01234567.txt").write_text(SOURCE)
    (tmp_path / "report.md").write_text(REPORT)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("JUDGE_KEY", "sk-url-MARKER-0123456789abcdef")


def test_a_key_in_the_base_urls_user_info_reaches_no_report_log_or_message(tmp_path: Path, monkeypatch, capsys):
    # rt16c: --base-url http://u:KEY@host/v1 put the key into semantic_audit.base_url
    from citeproof.cli import main

    _project(tmp_path, monkeypatch)

    def verify(base_url: str, name: str) -> dict:
        argv = ["verify", "report.md", "--sources", "sources", "--tier2", "--model", "m", "--base-url", base_url,
                "--api-key-env", "JUDGE_KEY", "--call-budget", "3", "--audit-log", "out/audit.jsonl", "--cache-dir", "cache",
                "--out", f"out/{name}.json"]
        with respx.mock(assert_all_called=False) as mock:
            mock.post("http://judge.test/v1/chat/completions").mock(side_effect=completion)
            assert main(argv) == 0
        return json.loads(Path(f"out/{name}.json").read_text())

    with_key = verify("http://user:sk-url-MARKER-0123456789abcdef@judge.test/v1", "with_key")
    if with_key["semantic_audit"]["calls_made"] == 0:
        pytest.skip("Tier 1 settled the claim; nothing reached the judge")
    assert with_key["semantic_audit"]["base_url"] == "http://judge.test/v1"
    said = capsys.readouterr()
    for text in (Path("out/with_key.json").read_text(), Path("out/audit.jsonl").read_text(), said.out, said.err):
        assert "MARKER" not in text and "user:" not in text
    assert CliRunner().invoke(audit_app, ["check", "out/with_key.json"]).exit_code == 0
    # the cache key names the endpoint, not its credentials: the same endpoint without them hits
    plain = verify("http://judge.test/v1", "plain")
    assert plain["semantic_audit"]["base_url"] == "http://judge.test/v1"
    assert (plain["semantic_audit"]["cache_hits"], plain["semantic_audit"]["calls_made"]) == (1, 0)


def test_a_log_whose_last_line_is_not_an_audit_record_stops_the_run_before_any_call(tmp_path: Path, monkeypatch, capsys):
    # rt16c: '{"sequence": 3, "hash": "abc"}' appended to the log was chained onto and the judge was paid
    from citeproof.cli import main

    _project(tmp_path, monkeypatch)
    argv = ["verify", "report.md", "--sources", "sources", "--tier2", "--model", "m", "--base-url", "http://judge.test/v1",
            "--api-key-env", "JUDGE_KEY", "--call-budget", "3", "--audit-log", "out/audit.jsonl", "--no-cache", "--out", "out/r.json"]
    with respx.mock(assert_all_called=False) as mock:
        route = mock.post("http://judge.test/v1/chat/completions").mock(side_effect=completion)
        assert main(argv) == 0  # a whole log is continued
        if route.call_count == 0:
            pytest.skip("Tier 1 settled the claim; nothing reached the judge")
        assert main(argv) == 0 and route.call_count == 2
        log = Path("out/audit.jsonl")
        with log.open("a") as fh:
            fh.write('{"sequence": 3, "hash": "abc"}\n')
        capsys.readouterr()
        assert main(argv) == 2
        assert route.call_count == 2  # nothing paid
    err = capsys.readouterr().err
    assert err.startswith("citeproof: error: out/audit.jsonl: line 3 is not an audit record") and len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_a_proxy_password_in_the_base_url_reaches_no_report_log_or_message(tmp_path: Path, monkeypatch, capsys):
    # rt24c: a proxy's 401 quoting "admin:PASSWORD" (and the Basic header's base64) was written in clear
    import base64

    from citeproof.cli import main

    _project(tmp_path, monkeypatch)
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    sent: list[str] = []

    def reject(request):
        auth = request.headers.get("authorization", "")
        sent.append(auth)
        said = base64.b64decode(auth.removeprefix("Basic ")).decode()
        return httpx.Response(401, json={"error": {"message": f"proxy: credentials {said} rejected; header {auth}"}})

    argv = ["verify", "report.md", "--sources", "sources", "--tier2", "--model", "m", "--base-url",
            "http://admin:Zq8vT3pLk9Wm2Rx7@judge.test/v1", "--call-budget", "3", "--audit-log", "out/audit.jsonl",
            "--no-cache", "--out", "out/r.json", "--mode", "report"]
    with respx.mock(assert_all_called=False) as mock:
        mock.post("http://judge.test/v1/chat/completions").mock(side_effect=reject)
        assert main(argv) == 0
    if not sent:
        pytest.skip("Tier 1 settled the claim; nothing reached the judge")
    assert sent[0] == "Basic " + base64.b64encode(b"admin:Zq8vT3pLk9Wm2Rx7").decode()  # no key: the URL's login is sent
    said = capsys.readouterr()
    log = Path("out/audit.jsonl").read_text()
    assert "[REDACTED]" in log
    for text in (Path("out/r.json").read_text(), log, said.out, said.err):
        assert "Zq8vT3pLk9Wm2Rx7" not in text and "YWRtaW46WnE4dlQzcExrOVdtMlJ4Nw" not in text


def test_a_key_beside_user_info_in_the_base_url_is_sent_and_the_run_says_the_user_info_is_not(tmp_path: Path, monkeypatch, capsys):
    from citeproof.cli import main

    _project(tmp_path, monkeypatch)
    sent: list[str] = []

    def answer(request):
        sent.append(request.headers.get("authorization", ""))
        return completion(request)

    base = ["verify", "report.md", "--sources", "sources", "--tier2", "--model", "m", "--api-key-env", "JUDGE_KEY",
            "--call-budget", "3", "--audit-log", "out/audit.jsonl", "--no-cache", "--out", "out/r.json", "--base-url"]
    with respx.mock(assert_all_called=False) as mock:
        mock.post("http://judge.test/v1/chat/completions").mock(side_effect=answer)
        assert main([*base, "http://admin:Zq8vT3pLk9Wm2Rx7@judge.test/v1"]) == 0
        warned = capsys.readouterr().err
        assert main([*base, "http://judge.test/v1"]) == 0
        plain = capsys.readouterr().err
    if not sent:
        pytest.skip("Tier 1 settled the claim; nothing reached the judge")
    assert sent == ["Bearer sk-url-MARKER-0123456789abcdef"] * 2
    assert "JUDGE_KEY holds a key: the key is sent (Bearer) and the URL's user-info is not" in warned
    assert "user-info" not in plain


def _served_as(name: str):
    def answer(request):
        response = completion(request)
        body = json.loads(response.content)
        body["model"] = name
        return httpx.Response(200, json=body)

    return answer


@pytest.mark.parametrize(("served", "warned"), [("SmolLM2-135M-served-instead", True), ("m", False), ("m-2024-07-18", False)])
def test_the_model_the_server_ran_is_logged_reported_and_warned_of_when_another(tmp_path: Path, monkeypatch, capsys, served, warned):
    # rt24c: a server answering as another model left only the requested name in the log, report and stderr
    from citeproof.cli import main

    _project(tmp_path, monkeypatch)
    argv = ["verify", "report.md", "--sources", "sources", "--tier2", "--model", "m", "--base-url", "http://judge.test/v1",
            "--api-key-env", "JUDGE_KEY", "--call-budget", "3", "--audit-log", "out/audit.jsonl", "--cache-dir", "cache",
            "--out", "out/r.json"]
    for run in (1, 2):  # the second run answers from the cache: the model that gave the answer is still said
        with respx.mock(assert_all_called=False) as mock:
            mock.post("http://judge.test/v1/chat/completions").mock(side_effect=_served_as(served))
            assert main(argv) == 0
        report = json.loads(Path("out/r.json").read_text())
        sem = report["semantic_audit"]
        if sem["calls_made"] + sem["cache_hits"] == 0:
            pytest.skip("Tier 1 settled the claim; nothing reached the judge")
        assert sem["served_models"] == [served] and sem["model"] == "m"
        line = json.loads(Path("out/audit.jsonl").read_text().splitlines()[-1])
        assert (line["response_model"], line["model"], line["cached"]) == (served, "m", run == 2)
        err = capsys.readouterr().err
        assert (f"WARNING judge: the server answered as '{served}', not the requested model 'm'" in err) is warned, err
        assert CliRunner().invoke(audit_app, ["check", "out/r.json"]).exit_code == 0
        assert CliRunner().invoke(audit_app, ["replay", "out/r.json"]).exit_code == 0
    shown = CliRunner().invoke(audit_app, ["show", "out/audit.jsonl"]).output
    assert ("served as" in shown and "SmolLM2" in shown) is warned, shown
    # a report edited to hide the model that answered no longer matches its log
    report["semantic_audit"]["served_models"] = ["m"] if warned else []
    Path("out/r.json").write_text(json.dumps(report))
    checked = CliRunner().invoke(audit_app, ["check", "out/r.json"])
    assert checked.exit_code == 1 and "served_models" in checked.output, checked.output


ESCAPED_KEY = "sk-esc-MARKER-0123456789abcdef"


def _unescaped(text: str) -> str:
    """``text`` with every JSON ``\\u`` escape read (behind any number of backslashes) and every
    backslash dropped: where an escaped echo of the key shows as the key."""
    import re

    return re.sub(r"\\+u([0-9a-fA-F]{4})", lambda m: chr(int(m.group(1), 16)), text).replace("\\", "")


@pytest.mark.parametrize("status", [200, 401])
def test_a_key_echoed_in_json_escapes_reaches_no_report_log_or_message(tmp_path: Path, monkeypatch, capsys, status):
    # rt29j k1: a server echoed the key as "\u0073\u006b\u002d…" inside an error string of its
    # rationale (and of a 401 body); it reached the log, the report and stderr, and the log's
    # raw_response held it as "\s\k\-…"
    from citeproof.cli import main

    _project(tmp_path, monkeypatch)
    monkeypatch.setenv("JUDGE_KEY", ESCAPED_KEY)
    escaped = "".join(f"\\u{ord(c):04x}" for c in ESCAPED_KEY)
    inner = json.dumps({"error": f"invalid key {escaped}"}, ensure_ascii=False)

    def echo(request):
        if status != 200:
            return httpx.Response(status, json={"error": {"message": "upstream: " + inner}})
        content = json.dumps({"verdict": "not_enough_info", "quote": "", "rationale": "upstream said: " + inner})
        return httpx.Response(200, json={
            "id": "x", "object": "chat.completion", "created": 1, "model": "m",
            "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}],
            "usage": {"prompt_tokens": 180, "completion_tokens": 20, "total_tokens": 200},
        })

    argv = ["verify", "report.md", "--sources", "sources", "--tier2", "--model", "m", "--base-url", "http://judge.test/v1",
            "--api-key-env", "JUDGE_KEY", "--call-budget", "3", "--audit-log", "out/audit.jsonl", "--no-cache",
            "--max-retries", "0", "--format", "json"]
    with respx.mock(assert_all_called=False) as mock:
        route = mock.post("http://judge.test/v1/chat/completions").mock(side_effect=echo)
        main(argv)
        calls = route.call_count
    if calls == 0:
        pytest.skip("Tier 1 settled the claim; nothing reached the judge")
    said = capsys.readouterr()
    log = Path("out/audit.jsonl").read_text()
    for text in (log, said.out, said.err):
        assert "MARKER" not in _unescaped(text), text
    assert "[REDACTED]" in log
    # the raw response is kept as the server sent it, readable: no backslash before each character
    raw = json.loads(log.splitlines()[0])["raw_response"]
    assert "invalid key [REDACTED]" in raw and "\\\\s\\\\k" not in raw and '\\"error\\"' in raw, raw
