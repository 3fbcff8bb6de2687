"""For any budget B and any mix of claims and faults: requests made <= B and calls_remaining = B - requests."""

from __future__ import annotations

import tempfile
import threading
from pathlib import Path

from runner_fixtures import make_request
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from audit.reader import read_log
from audit.writer import AuditWriter
from tier2.budget import BudgetExhausted, CallBudget
from tier2.fake import ScriptedJudge, answer, fault
from tier2.runner import judge_claims

GOOD = answer("supported", "The response rate was 45%")
ITEMS = {
    "ok": GOOD,
    "nei": answer("not_enough_info", ""),
    "timeout": fault("timeout"),
    "rate_limited": fault("rate_limited", retry_after_s=3.0),
    "server_error": fault("server_error", http_status=503),
    "connection": fault("connection"),
    "malformed_json": fault("malformed_json"),
    "schema_invalid": fault("schema_invalid"),
    "truncated": fault("truncated"),
    "mode": fault("rejected_output_mode"),
    "http_error": fault("http_error", http_status=400),
    "bad_quote": answer("supported", "not in the excerpt 45%"),
}

scripts = st.lists(st.lists(st.sampled_from(sorted(ITEMS)), min_size=1, max_size=5), min_size=0, max_size=12)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(budget=st.integers(0, 30), claim_scripts=scripts, concurrency=st.sampled_from([1, 3, 8]), max_retries=st.integers(0, 3))
def test_requests_never_exceed_the_budget(budget, claim_scripts, concurrency, max_retries):
    script = {f"c{i}": [ITEMS[name] for name in items] for i, items in enumerate(claim_scripts)}
    judge = ScriptedJudge(script)
    with tempfile.TemporaryDirectory() as d:
        with AuditWriter(Path(d) / "audit.jsonl", fsync=False) as writer:
            out = judge_claims(
                [make_request(c, risk=i % 2) for i, c in enumerate(script)], judge, budget=CallBudget(budget),
                cache=None, audit=writer, concurrency=concurrency, max_retries=max_retries, retry_wait=lambda a, r: 0.0,
            )
        lines = read_log(Path(d) / "audit.jsonl")
    requests = judge.call_count
    assert requests <= budget
    assert out.calls_made == requests and out.calls_remaining == budget - requests
    assert len(lines) == out.audit_log_entries == requests
    assert sorted(ln.record.budget_before for ln in lines) == list(range(budget - requests + 1, budget + 1))
    for j in out.judgements:
        assert j.status in ("judged", "judge_error", "budget_exhausted")
        assert j.passed == (j.status == "judged" and j.verdict == "supported")
        if j.status != "judged":
            assert j.verdict is None
    if out.budget_exhausted:
        assert out.calls_remaining == 0


@given(limit=st.integers(0, 200), threads=st.integers(1, 16))
@settings(max_examples=30, deadline=None)
def test_reserve_is_exact_under_threads(limit, threads):
    budget = CallBudget(limit)
    taken: list[int] = []
    lock = threading.Lock()

    def grab():
        while True:
            try:
                before = budget.reserve()
            except BudgetExhausted:
                return
            with lock:
                taken.append(before)

    workers = [threading.Thread(target=grab) for _ in range(threads)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert sorted(taken) == list(range(1, limit + 1))
    assert budget.used == limit and budget.remaining == 0


def test_budget_rejects_nonsense():
    import pytest

    for bad in (-1, 1.5, True, "3"):
        with pytest.raises(ValueError):
            CallBudget(bad)  # type: ignore[arg-type]
    with pytest.raises(BudgetExhausted, match="raise --call-budget"):
        CallBudget(0).reserve()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    budget=st.integers(0, 12),
    claim_scripts=st.lists(st.lists(st.sampled_from(sorted(ITEMS)), min_size=1, max_size=4), min_size=1, max_size=10),
    warm=st.sets(st.integers(0, 9)),
    concurrency=st.sampled_from([1, 4]),
)
def test_cache_hits_spend_nothing_and_requests_stay_within_the_budget(budget, claim_scripts, warm, concurrency):
    from tier2.cache import JudgeCache

    script = {f"c{i}": [ITEMS[name] for name in items] for i, items in enumerate(claim_scripts)}
    warmed = [c for i, c in enumerate(script) if i in warm]
    with tempfile.TemporaryDirectory() as d:
        cache = JudgeCache(Path(d) / "cache")
        with AuditWriter(Path(d) / "warm.jsonl", fsync=False) as writer:
            judge_claims([make_request(c) for c in warmed], ScriptedJudge(default=GOOD), budget=CallBudget(len(warmed)),
                         cache=cache, audit=writer, retry_wait=lambda a, r: 0.0)
        judge = ScriptedJudge(script)
        with AuditWriter(Path(d) / "audit.jsonl", fsync=False) as writer:
            out = judge_claims([make_request(c) for c in script], judge, budget=CallBudget(budget), cache=cache,
                               audit=writer, concurrency=concurrency, max_retries=2, retry_wait=lambda a, r: 0.0)
        lines = read_log(Path(d) / "audit.jsonl")
        cache.close()
    assert out.cache_hits == len(warmed)  # a hit needs no budget, even at B = 0
    assert judge.call_count == out.calls_made <= budget
    assert out.calls_remaining == budget - judge.call_count
    assert len(lines) == out.audit_log_entries == out.calls_made + out.cache_hits
    assert all(ln.record.budget_before == ln.record.budget_after for ln in lines if ln.record.cached)
    assert not any(j.claim_id in warmed for j in out.judgements if not j.cached)
