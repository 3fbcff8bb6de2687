from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import respx
from slow_server import SlowJudgeServer
from stage_fixtures import chat_reply, document, item, options, window

from audit.reader import chain_problems, read_log
from citeproof.sources.types import Resolution
from tier2.stage import candidate_windows, run_tier2

HERE = Path(__file__).resolve().parent


def ok_completion(request):
    return chat_reply({"verdict": "supported", "quote": "the response rate was 45%", "rationale": "stated"})


def test_run_tier2_builds_excerpts_and_judges_through_the_real_judge(tmp_path, monkeypatch):
    monkeypatch.setenv("CITEPROOF_TEST_KEY", "sk-stage-SECRET-abcdef0123456789")
    with respx.mock() as mock:
        route = mock.post("http://judge.test/v1/chat/completions").mock(side_effect=ok_completion)
        out = run_tier2([item(1, risk=1), item(2)], options(tmp_path, api_key_env="CITEPROOF_TEST_KEY"))
        assert route.call_count == 2
        assert route.calls[0].request.headers["authorization"] == "Bearer sk-stage-SECRET-abcdef0123456789"
    assert [j.claim_id for j in out.judgements] == ["claim-001", "claim-002"]
    assert all(j.status == "judged" and j.verdict == "supported" for j in out.judgements)
    assert out.output_mode == "json_schema" and out.prompt_tokens == 200 and out.call_budget == 20
    records = [ln.record for ln in read_log(tmp_path / "audit.jsonl")]
    assert records[0].excerpt.strategy == "locator" and records[0].excerpt.line_start == 2
    assert records[0].excerpt.spans and records[0].excerpt.spans[0].line_start == 2
    assert records[0].parameters.timeout_s == 5 and records[0].locator == "L2-L3"
    assert "sk-stage-SECRET" not in (tmp_path / "audit.jsonl").read_text()


def test_no_cache_dir_means_no_cache(tmp_path):
    with respx.mock() as mock:
        route = mock.post("http://judge.test/v1/chat/completions").mock(side_effect=ok_completion)
        run_tier2([item(1)], options(tmp_path, cache_dir=None))
        run_tier2([item(1)], options(tmp_path, cache_dir=None))
        assert route.call_count == 2


def test_a_claim_without_a_window_is_a_judge_error_without_a_request(tmp_path):
    claim, resolutions, risk = item(1)
    unresolved = [Resolution(anchor=resolutions[0].anchor, window=None)]
    with respx.mock() as mock:
        mock.post("http://judge.test/v1/chat/completions").mock(side_effect=ok_completion)
        out = run_tier2([(claim, unresolved, risk), item(2)], options(tmp_path))
    j = out.judgement("claim-001")
    assert j.status == "judge_error" and j.error == "no_evidence_window" and out.judge_errors == 1
    assert out.calls_made == 1 and out.audit_log_entries == 1


def test_precise_windows_are_tried_before_coarse_ones():
    doc = document(1)
    claim, resolutions, _ = item(1)
    anchor = resolutions[0].anchor
    coarse = Resolution(anchor=anchor, window=window(doc, 1, 4, coarse=True))
    precise = Resolution(anchor=anchor, window=window(doc, 3, 3))
    assert candidate_windows([coarse, Resolution(anchor=anchor, window=None), precise]) == [precise, coarse]


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
def test_kill_9_mid_run_leaves_a_whole_chained_log_and_the_rerun_pays_only_for_the_rest(tmp_path):
    n = 10
    log, cache, out = tmp_path / "audit.jsonl", tmp_path / "cache", tmp_path / "outcome.json"
    env = {**os.environ, "OPENAI_API_KEY": "sk-kill-test-SECRET-0123456789"}
    # three answers, then every request waits: the kill lands with three lines logged and the
    # next requests in flight, however slow or fast the machine runs
    with SlowJudgeServer(delay_s=0.05, hold_after=3) as server:
        args = [sys.executable, str(HERE / "kill_driver.py"), server.base_url, str(log), str(cache), str(n), str(out)]
        proc = subprocess.Popen(args, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and (not log.exists() or log.read_bytes().count(b"\n") < 3):
            time.sleep(0.02)
        assert log.exists() and log.read_bytes().count(b"\n") >= 3, "three answers were never logged"
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
        assert proc.returncode == -signal.SIGKILL, proc.stderr.read().decode()
        assert not out.exists()

        lines = read_log(log)
        assert 3 <= len(lines) < n
        assert chain_problems(lines) == []
        paid_before = {ln.record.claim_id for ln in lines}
        first_requests = server.total
        server.release()

        done = subprocess.run(args, env=env, capture_output=True, timeout=60)
        assert done.returncode == 0, done.stderr.decode()
        outcome = json.loads(out.read_text())
        # every claim answered before the kill comes from the cache; only the rest are paid for
        # (an answer cached in the instant between cache write and log line is a hit too)
        assert outcome["cache_hits"] >= len(paid_before)
        assert outcome["calls_made"] == n - outcome["cache_hits"] == server.total - first_requests
        assert all(j["status"] == "judged" for j in outcome["judgements"])
        lines = read_log(log)
        assert chain_problems(lines) == [] and len(lines) == len(paid_before) + n
        rerun = [ln.record for ln in lines[len(paid_before):]]
        assert {r.claim_id for r in rerun if r.cached} >= paid_before
        assert "sk-kill-test-SECRET" not in log.read_text()


def test_excerpt_failures_end_the_claim_judge_error_and_the_next_window_is_tried(tmp_path, monkeypatch):
    import excerpt.builder as builder

    real = builder.build_excerpt

    def flaky(claim_text, window, **kw):
        if "cohort-1 " in claim_text:
            raise builder.ExcerptUnavailable("empty_window", "only page furniture")
        if "cohort-2 " in claim_text:
            raise RuntimeError("builder bug")
        if "cohort-3 " in claim_text and window.line_start == 3:
            raise builder.ExcerptUnavailable("no_match", "nothing of the claim")
        return real(claim_text, window, **kw)

    monkeypatch.setattr(builder, "build_excerpt", flaky)
    claim3, res3, _ = item(3)
    fallback = Resolution(anchor=res3[0].anchor, window=window(document(3), 2, 3, coarse=True))
    precise = Resolution(anchor=res3[0].anchor, window=window(document(3), 3, 3))
    with respx.mock() as mock:
        route = mock.post("http://judge.test/v1/chat/completions").mock(side_effect=ok_completion)
        out = run_tier2([item(1), item(2), (claim3, [precise, fallback], 0)], options(tmp_path, concurrency=3))
        assert route.call_count == 1
    assert out.judgement("claim-001").error == "excerpt_unavailable"
    assert out.judgement("claim-002").error == "excerpt_error" and "builder bug" in out.judgement("claim-002").error_detail
    assert out.judgement("claim-003").status == "judged"
    assert out.judge_errors == 2 and out.calls_made == 1


def test_a_table_row_is_judged_with_its_column_headers(tmp_path):
    # a row left undecided because its headers pair the numbers otherwise must not reach the
    # judge as bare cells, which read as true against "Arm A 40%, Arm B 25%"
    from citeproof.model import TableColumn
    from tier2.stage import judged_text

    claim, resolutions, risk = item(1)
    columns = (TableColumn(header="Measure", cell="Objective response rate"), TableColumn(header="Arm B", cell="40%"),
               TableColumn(header="", cell="note"), TableColumn(header="Arm A", cell=""))
    row = claim.model_copy(update={"text": "Objective response rate | 40% | note", "columns": columns})
    assert judged_text(row) == "Measure: Objective response rate | Arm B: 40% | note"
    assert judged_text(claim) == claim.text  # a sentence is asked as written
    with respx.mock() as mock:
        route = mock.post("http://judge.test/v1/chat/completions").mock(side_effect=ok_completion)
        run_tier2([(row, resolutions, risk)], options(tmp_path))
        prompt = json.loads(route.calls[0].request.content)["messages"][1]["content"]
    assert prompt.startswith("Claim: Measure: Objective response rate | Arm B: 40% | note\n")
    assert read_log(tmp_path / "audit.jsonl")[0].record.claim_text == "Measure: Objective response rate | Arm B: 40% | note"


def test_a_table_rows_supported_quote_owes_the_rows_numbers_not_its_headers(tmp_path):
    # the judge reads "Arm A (n=50): 45%"; a quote carrying the row's 45% is enough, the header's
    # 50 is context, not a number the row claims (a sentence still owes all of its numbers)
    from citeproof.model import TableColumn
    from tier2.answer_check import check_request_answer
    from tier2.fake import answer
    from tier2.stage import build_request

    claim, resolutions, risk = item(1)
    columns = (TableColumn(header="Measure", cell="response rate"), TableColumn(header="Arm A (n=50)", cell="45%"))
    row = claim.model_copy(update={"text": "response rate | 45%", "columns": columns})
    request = build_request(row, resolutions, risk, options(tmp_path))
    assert request.claim_text == "Measure: response rate | Arm A (n=50): 45%"
    assert request.stated_text == "response rate | 45%"
    quoted = answer("supported", "the response rate was 45%")
    assert check_request_answer(quoted, request).ok
    assert not check_request_answer(quoted, request.model_copy(update={"stated_text": None})).ok
    sentence = build_request(claim, resolutions, risk, options(tmp_path))
    assert sentence.stated_text is None and sentence.numbers_text == claim.text


def test_a_cache_entry_altered_under_an_audit_key_is_asked_again(tmp_path, monkeypatch):
    # rt32b j2: the audit key signs the cache's entries; an identical re-run still makes no request
    monkeypatch.setenv("CITEPROOF_AUDIT_KEY", "audit-key-for-tests")
    keyed = options(tmp_path, audit_key_env="CITEPROOF_AUDIT_KEY")
    with respx.mock() as mock:
        route = mock.post("http://judge.test/v1/chat/completions").mock(side_effect=ok_completion)
        first = run_tier2([item(1)], keyed)
        again = run_tier2([item(1)], keyed)
        assert route.call_count == 1 and first.calls_made == 1
        assert again.calls_made == 0 and again.cache_hits == 1 and again.judgement("claim-001").cached
        assert [ln.record.cached for ln in read_log(tmp_path / "audit.jsonl")][-1] is True
        import diskcache

        with diskcache.Cache(str(tmp_path / "cache")) as raw:
            (entry,) = list(raw)
            raw[entry] = raw[entry].replace("the response rate was 45%", "the response rate was 45% ")
        third = run_tier2([item(1)], keyed)
        assert route.call_count == 2 and third.calls_made == 1 and third.cache_hits == 0
        assert not third.judgement("claim-001").cached
