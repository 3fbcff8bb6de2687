"""Structured output across servers: json_schema → json_object → prompt, sticky, recorded."""

from __future__ import annotations

import json
import threading

import httpx
import pytest
import respx

from judge_fixtures import BASE_URL, CLAIM, COMPLETIONS, EXCERPT, answer_json, completion, judge_request
from tier2.output_modes import ModeLadder, answer_schema, looks_like_mode_rejection, response_format_for
from tier2.openai_judge import OpenAIJudge

LLAMA_REFUSAL = {"error": {"message": "1 validation error: ('body', 'response_format', 'type') Input should be 'text' or 'json_object'", "type": "internal_server_error"}}
GOOD = completion(answer_json("supported", "the objective response rate was 45%"))


def make_judge(output_mode: str = "auto") -> OpenAIJudge:
    return OpenAIJudge("m", BASE_URL, None, timeout_s=5, output_mode=output_mode, http_client=httpx.Client(timeout=5))


def sent_format(call) -> dict | None:
    return json.loads(call.request.content).get("response_format")


def test_auto_degrades_json_schema_to_json_object_to_prompt_and_records_the_mode():
    with respx.mock() as mock:
        route = mock.post(COMPLETIONS)
        route.side_effect = [
            httpx.Response(500, json=LLAMA_REFUSAL),
            httpx.Response(400, json={"error": {"message": "response_format json_object is not supported"}}),
            httpx.Response(200, json=GOOD),
            httpx.Response(200, json=GOOD),
        ]
        judge = make_judge()
        request = judge_request(CLAIM, EXCERPT)
        first, second, third, fourth = (judge.attempt(request) for _ in range(4))
        formats = [sent_format(call) for call in route.calls]
    assert (first.error, first.retryable, first.output_mode, first.http_status) == ("rejected_output_mode", True, "json_schema", 500)
    assert "json_object" in first.error_detail
    assert (second.error, second.retryable, second.output_mode) == ("rejected_output_mode", True, "json_object")
    assert (third.error, third.output_mode) == (None, "prompt")
    assert (fourth.error, fourth.output_mode) == (None, "prompt")  # sticky: no new probing
    assert judge.output_mode == "prompt"
    assert formats[0]["type"] == "json_schema" and formats[0]["json_schema"]["strict"] is True
    assert formats[1] == {"type": "json_object", "schema": answer_schema()}
    assert formats[2] is None and formats[3] is None


def test_prompt_mode_request_describes_the_json_shape():
    with respx.mock() as mock:
        route = mock.post(COMPLETIONS).respond(200, json=GOOD)
        make_judge("prompt").attempt(judge_request(CLAIM, EXCERPT))
        system = json.loads(route.calls.last.request.content)["messages"][0]["content"]
    assert '"verdict"' in system and '"quote"' in system and '"rationale"' in system


def test_a_500_after_the_mode_worked_is_a_server_error_not_a_refusal():
    with respx.mock() as mock:
        mock.post(COMPLETIONS).side_effect = [httpx.Response(200, json=GOOD), httpx.Response(500, text="oops")]
        judge = make_judge()
        request = judge_request(CLAIM, EXCERPT)
        assert judge.attempt(request).error is None
        result = judge.attempt(request)
    assert (result.error, result.output_mode, judge.output_mode) == ("server_error", "json_schema", "json_schema")


def test_a_500_naming_the_schema_is_a_refusal_even_after_success():
    with respx.mock() as mock:
        mock.post(COMPLETIONS).side_effect = [httpx.Response(200, json=GOOD), httpx.Response(500, json=LLAMA_REFUSAL)]
        judge = make_judge()
        request = judge_request(CLAIM, EXCERPT)
        judge.attempt(request)
        assert judge.attempt(request).error == "rejected_output_mode"
    assert judge.output_mode == "json_object"


def test_prompt_mode_500_is_a_server_error():
    with respx.mock() as mock:
        mock.post(COMPLETIONS).respond(500, text="schema engine down")
        result = make_judge("prompt").attempt(judge_request(CLAIM, EXCERPT))
    assert (result.error, result.retryable) == ("server_error", True)


def test_fixed_mode_never_degrades():
    with respx.mock() as mock:
        mock.post(COMPLETIONS).respond(500, json=LLAMA_REFUSAL)
        judge = make_judge("json_schema")
        results = [judge.attempt(judge_request(CLAIM, EXCERPT)) for _ in range(2)]
    assert [r.error for r in results] == ["rejected_output_mode"] * 2
    assert all(r.retryable is False for r in results)  # retrying the same refused mode cannot help
    assert judge.output_mode == "json_schema"


def test_fixed_mode_bare_500_is_a_server_error():
    with respx.mock() as mock:
        mock.post(COMPLETIONS).respond(500, text="oops")
        result = make_judge("json_object").attempt(judge_request(CLAIM, EXCERPT))
    assert result.error == "server_error"


def test_concurrent_refusals_step_down_one_rung():
    in_flight = threading.Barrier(8, timeout=10)

    def refuse(request):
        in_flight.wait()  # all eight were sent in json_schema before any refusal arrives
        return httpx.Response(500, json=LLAMA_REFUSAL)

    with respx.mock() as mock:
        mock.post(COMPLETIONS).side_effect = refuse
        judge = make_judge()
        results = []
        threads = [threading.Thread(target=lambda: results.append(judge.attempt(judge_request(CLAIM, EXCERPT)))) for _ in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert len(results) == 8
    assert {(r.error, r.output_mode, r.retryable) for r in results} == {("rejected_output_mode", "json_schema", True)}
    assert judge.output_mode == "json_object"


def test_ladder_compare_and_set():
    ladder = ModeLadder("auto")
    assert ladder.step_down_from("json_schema") == "json_object"
    assert ladder.step_down_from("json_schema") == "json_object"  # a late refusal of the old mode
    assert ladder.step_down_from("json_object") == "prompt"
    assert ladder.step_down_from("prompt") is None
    assert ModeLadder("json_object").step_down_from("json_object") is None


def test_ladder_rejects_unknown_mode():
    with pytest.raises(ValueError, match="output mode"):
        ModeLadder("xml")


@pytest.mark.parametrize(
    ("status", "body", "succeeded", "expected"),
    [
        (500, "boom", False, True),
        (500, "boom", True, False),
        (400, "Unsupported value: response_format", True, True),
        (422, "json_schema not supported", True, True),
        (502, "bad gateway", False, False),
        (429, "rate limit on schema", False, False),
        (401, "bad key", False, False),
        (200, "response_format", False, False),
    ],
)
def test_rejection_detection(status, body, succeeded, expected):
    assert looks_like_mode_rejection(status, body, mode_ever_succeeded=succeeded) is expected


def test_answer_schema_is_strict_and_flat():
    schema = answer_schema()
    assert schema["additionalProperties"] is False
    assert set(schema["required"]) == {"verdict", "quote", "rationale"} == set(schema["properties"])
    assert schema["properties"]["verdict"]["enum"] == ["supported", "contradicted", "not_enough_info"]
    assert "$ref" not in json.dumps(schema)
    assert response_format_for("prompt") is None
