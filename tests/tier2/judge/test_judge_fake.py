"""ScriptedJudge: the runner's tests stand on it, so its own behaviour is pinned here."""

from __future__ import annotations

import threading

import pytest

from judge_fixtures import CLAIM, EXCERPT, judge_request
from tier2.fake import ScriptedJudge, answer, fault
from tier2.interface import AttemptResult, Judge

GOOD = answer("supported", "the objective response rate was 45%")


def test_it_is_a_judge():
    judge: Judge = ScriptedJudge()
    assert judge.model and judge.base_url and judge.prompt_version and judge.output_mode == "json_schema"


def test_script_plays_in_order_per_claim_then_repeats_the_last_item():
    judge = ScriptedJudge({"c1": [fault("timeout"), GOOD], "c2": [fault("server_error", http_status=503)]})
    r1, r2, r3 = (judge.attempt(judge_request(CLAIM, EXCERPT, "c1")) for _ in range(3))
    assert (r1.error, r1.retryable) == ("timeout", True)
    assert r2.error is None and r2.answer == GOOD and r2.quote_found is True
    assert r3.error is None
    other = [judge.attempt(judge_request(CLAIM, EXCERPT, "c2")) for _ in range(2)]
    assert [(r.error, r.http_status, r.retryable) for r in other] == [("server_error", 503, True)] * 2
    assert judge.calls == [("c1", 1), ("c1", 2), ("c1", 3), ("c2", 1), ("c2", 2)]
    assert judge.attempts_for("c1") == 3 and judge.call_count == 5


def test_exhausted_script_fails_loudly_when_asked():
    judge = ScriptedJudge({"c1": [GOOD]}, repeat_last=False)
    judge.attempt(judge_request(CLAIM, EXCERPT))
    with pytest.raises(AssertionError, match="attempt 2"):
        judge.attempt(judge_request(CLAIM, EXCERPT))


def test_unscripted_claim_uses_default_or_fails():
    assert ScriptedJudge(default=GOOD).attempt(judge_request(CLAIM, EXCERPT, "zz")).error is None
    with pytest.raises(AssertionError, match="no script"):
        ScriptedJudge().attempt(judge_request(CLAIM, EXCERPT, "zz"))


def test_scripted_answers_go_through_the_real_quote_check():
    judge = ScriptedJudge(default=answer("supported", "not in the excerpt at all 45%"))
    result = judge.attempt(judge_request(CLAIM, EXCERPT))
    assert (result.error, result.quote_found) == ("quote_not_in_excerpt", False)


def test_fault_retryable_defaults_follow_the_real_judge():
    assert fault("rate_limited", retry_after_s=2.0).retryable is True
    assert fault("rejected_output_mode").retryable is True
    assert fault("malformed_json").retryable is False
    assert fault("http_error", http_status=400).retryable is False
    assert fault("server_error", retryable=False).retryable is False


def test_output_mode_is_filled_in_unless_scripted():
    judge = ScriptedJudge(default=[fault("timeout")], output_mode="json_object")
    assert judge.attempt(judge_request(CLAIM, EXCERPT)).output_mode == "json_object"
    pinned = ScriptedJudge(default=[AttemptResult(error="rejected_output_mode", retryable=True, output_mode="json_schema")], output_mode="prompt")
    assert pinned.attempt(judge_request(CLAIM, EXCERPT)).output_mode == "json_schema"


def test_callable_items_see_the_request_and_the_attempt_number():
    judge = ScriptedJudge(default=[lambda request, n: fault("timeout") if n < 3 else GOOD])
    errors = [judge.attempt(judge_request(CLAIM, EXCERPT)).error for _ in range(4)]
    assert errors == ["timeout", "timeout", None, None]


def test_it_counts_concurrency():
    judge = ScriptedJudge(default=GOOD, delay_s=0.05)
    threads = [threading.Thread(target=judge.attempt, args=(judge_request(CLAIM, EXCERPT, f"c{i}"),)) for i in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert judge.call_count == 6
    assert 2 <= judge.max_concurrent <= 6
