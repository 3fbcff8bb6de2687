"""The fault matrix through the real OpenAIJudge (respx): every fault, transient and persistent,
sequential and at concurrency 8 — no crash, budget never exceeded, log lines = report count,
`audit check` and `audit replay` pass, every failed claim ends judge_error/budget_exhausted."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
import respx
from runner_fixtures import BASE_URL, COMPLETIONS, FAULTS, ScriptedEndpoint, marker_request, write_mini_report

from audit.check import check_report
from audit.reader import read_log
from audit.replay import replay_report
from audit.writer import AuditWriter
from tier2.budget import CallBudget
from tier2.openai_judge import OpenAIJudge
from tier2.runner import judge_claims

SECRET = "sk-faultmatrix-SECRET-0123456789"


def scripts() -> dict[str, list[str]]:
    s = {"plain": ["ok"]}
    for fault in FAULTS:
        s[f"{fault}-once"] = [fault, "ok"]
        s[f"{fault}-always"] = [fault]
    return s


def run_matrix(tmp_path: Path, *, budget: int, concurrency: int, output_mode: str = "json_schema"):
    endpoint = ScriptedEndpoint(scripts())
    waits = []
    log = tmp_path / "audit.jsonl"
    with respx.mock(assert_all_called=True) as mock:
        mock.post(COMPLETIONS).mock(side_effect=endpoint)
        judge = OpenAIJudge("m", BASE_URL, SECRET, timeout_s=5, output_mode=output_mode, http_client=httpx.Client(timeout=5))
        with AuditWriter(log, fsync=False) as writer:
            requests = [marker_request(name, risk=i % 4) for i, name in enumerate(endpoint.scripts)]
            outcome = judge_claims(
                requests, judge, budget=CallBudget(budget), cache=None, audit=writer, concurrency=concurrency,
                max_retries=2, retry_wait=lambda a, r: waits.append(r.retry_after_s) or 0.0,
            )
    return outcome, endpoint, log, waits


def assert_invariants(outcome, endpoint, log: Path, tmp_path: Path, budget: int) -> None:
    assert endpoint.requests == outcome.calls_made <= budget
    assert outcome.calls_remaining == budget - outcome.calls_made
    assert outcome.audit_log_entries == len(read_log(log)) == outcome.calls_made
    for j in outcome.judgements:
        if j.status != "judged":
            assert j.verdict is None and not j.passed, j
    report = write_mini_report(outcome, tmp_path / "report.json")
    checked = check_report(report)
    assert checked.ok, checked.summary()
    replayed = replay_report(report)
    assert replayed.ok, replayed.summary()
    assert SECRET not in log.read_text()


@pytest.mark.parametrize("concurrency", [1, 8])
def test_fault_matrix_with_ample_budget(tmp_path, concurrency):
    outcome, endpoint, log, waits = run_matrix(tmp_path, budget=200, concurrency=concurrency)
    assert_invariants(outcome, endpoint, log, tmp_path, 200)
    by = {j.claim_id: j for j in outcome.judgements}
    for fault in FAULTS:
        assert by[f"{fault}-once"].status == "judged" and by[f"{fault}-once"].verdict == "supported", fault
        always = by[f"{fault}-always"]
        assert always.status == "judge_error", (fault, always)
        assert not always.passed
    # transport faults use every retry; content faults are retried once
    assert endpoint.seen["timeout-always"] == 3 and endpoint.seen["server_503-always"] == 3
    assert endpoint.seen["malformed_json-always"] == 2 and endpoint.seen["truncated-always"] == 2
    assert by["quote_not_in_excerpt-always"].error == "quote_not_in_excerpt"
    assert by["connection_reset-always"].error == "connection"
    assert 1.0 in waits  # Retry-After reached the waiter


@pytest.mark.parametrize("concurrency", [1, 8])
def test_fault_matrix_with_a_tight_budget(tmp_path, concurrency):
    outcome, endpoint, log, _ = run_matrix(tmp_path, budget=17, concurrency=concurrency)
    assert_invariants(outcome, endpoint, log, tmp_path, 17)
    assert outcome.calls_made == 17 and outcome.calls_remaining == 0
    assert outcome.budget_exhausted >= 1
    for j in outcome.judgements:
        assert j.status in ("judged", "judge_error", "budget_exhausted")


def test_auto_mode_steps_down_on_a_refused_schema_and_still_checks(tmp_path):
    """A llama.cpp-like server: 500 for json_schema, answers json_object."""
    import json

    from runner_fixtures import respond

    calls = []

    def server(request):
        body = json.loads(request.content)
        calls.append(body.get("response_format", {}).get("type"))
        if calls[-1] == "json_schema":
            return httpx.Response(500, json={"error": {"message": "Unsupported response_format json_schema"}})
        return respond("ok", request)

    log = tmp_path / "audit.jsonl"
    with respx.mock() as mock:
        mock.post(COMPLETIONS).mock(side_effect=server)
        judge = OpenAIJudge("m", BASE_URL, None, timeout_s=5, output_mode="auto", http_client=httpx.Client(timeout=5))
        with AuditWriter(log, fsync=False) as writer:
            outcome = judge_claims(
                [marker_request(n) for n in ("a", "b", "c")], judge, budget=CallBudget(10), cache=None,
                audit=writer, max_retries=0, retry_wait=lambda a, r: 0.0,
            )
    assert all(j.status == "judged" for j in outcome.judgements)
    assert outcome.output_mode == "json_object" and outcome.calls_made == 4
    assert [ln.record.output_mode for ln in read_log(log)] == ["json_schema", "json_object", "json_object", "json_object"]
    assert check_report(write_mini_report(outcome, tmp_path / "r.json")).ok


GROUPED = """Outcome Measurement:
Time to Tumor Progression
Results 1:
Arm/Group Title: Arm I Lumexol
Unit of Measure: months 13.5 (12.1 to 15.1)
Results 2:
Arm/Group Title: Arm II Lumexol and Corvastat
Unit of Measure: months 15.0 (13.2 to 18.4)
Adverse Events 1:
Total: 21/337 (6.23%)
Adverse Events 2:
Total: 48/348 (13.79%)"""

# claim → the answer a lying judge gives it (rt21c lie3/lie4), and how the claim must end
LIES = {
    "other-arm": ("In the lumexol-alone arm, the median time to tumor progression was 15.0 months.",
                  "Unit of Measure: months 15.0 (13.2 to 18.4)", "quote_in_other_group"),
    "other-ae": ("Serious adverse events occurred in 13.79% of patients receiving lumexol alone.",
                 "Total: 48/348 (13.79%)", "quote_in_other_group"),
    "bare-title": ("Adding corvastat shortened the time to tumor progression compared with lumexol alone.",
                   "Arm/Group Title: Arm II Lumexol and Corvastat", "quote_lacks_direction"),
    "named-arm": ("In Arm II (lumexol and corvastat) the median time to tumor progression was 15.0 months.",
                  "Unit of Measure: months 15.0 (13.2 to 18.4)", None),
}


@pytest.mark.parametrize("concurrency", [1, 4])
def test_a_judge_quoting_another_groups_figure_or_a_bare_title_never_passes(tmp_path, concurrency):
    import json
    from types import SimpleNamespace

    from runner_fixtures import completion_body, make_request

    asked = []  # list.append is atomic: workers may answer at once

    def server(request):
        asked.append(request)
        user = json.loads(request.content)["messages"][-1]["content"]
        quote = next(q for claim, q, _ in LIES.values() if claim in user)
        return httpx.Response(200, json=completion_body(json.dumps({"verdict": "supported", "quote": quote, "rationale": "stated"})))

    log = tmp_path / "audit.jsonl"
    with respx.mock() as mock:
        mock.post(COMPLETIONS).mock(side_effect=server)
        judge = OpenAIJudge("m", BASE_URL, SECRET, timeout_s=5, http_client=httpx.Client(timeout=5))
        with AuditWriter(log, fsync=False) as writer:
            requests = [make_request(name, claim_text=claim, excerpt_text=GROUPED) for name, (claim, _, _) in LIES.items()]
            outcome = judge_claims(requests, judge, budget=CallBudget(20), cache=None, audit=writer,
                                   concurrency=concurrency, max_retries=2, retry_wait=lambda a, r: 0.0)
    by = {j.claim_id: j for j in outcome.judgements}
    for name, (_, _, error) in LIES.items():
        if error is None:
            assert by[name].status == "judged" and by[name].passed, by[name]
        else:
            assert by[name].status == "judge_error" and by[name].error == error and not by[name].passed, by[name]
    assert outcome.calls_made == 7  # each lie is a content fault: asked once more, never again
    assert_invariants(outcome, SimpleNamespace(requests=len(asked)), log, tmp_path, 20)  # audit check and replay agree with the runner
