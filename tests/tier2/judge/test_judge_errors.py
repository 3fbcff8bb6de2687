"""Every way a request can go wrong becomes one classified AttemptResult — never an exception."""

from __future__ import annotations

import email.utils
import json
import time

import httpx
import pytest
import respx

from judge_fixtures import BASE_URL, CLAIM, COMPLETIONS, EXCERPT, SECRET_KEY, answer_json, completion, judge_request
from tier2.interface import Verdict
from tier2.openai_judge import OpenAIJudge, parse_retry_after


def make_judge(output_mode: str = "json_schema", api_key: str | None = SECRET_KEY) -> OpenAIJudge:
    return OpenAIJudge("m", BASE_URL, api_key, timeout_s=5, output_mode=output_mode, http_client=httpx.Client(timeout=5))


def run_once(response_or_exc, *, output_mode: str = "json_schema"):
    with respx.mock(assert_all_called=True) as mock:
        route = mock.post(COMPLETIONS)
        if isinstance(response_or_exc, Exception):
            route.side_effect = response_or_exc
        else:
            route.return_value = response_or_exc
        result = make_judge(output_mode).attempt(judge_request(CLAIM, EXCERPT))
        # max_retries=0: one attempt is one request, whatever happened
        assert route.call_count == 1
    return result


def test_valid_answer_is_accepted_with_tokens_and_mode():
    quote = "the objective response rate was 45%"
    result = run_once(httpx.Response(200, json=completion(answer_json("supported", quote), prompt_tokens=140, completion_tokens=31)))
    assert result.error is None
    assert result.answer is not None and result.answer.verdict is Verdict.supported
    assert result.quote_found is True
    assert (result.prompt_tokens, result.completion_tokens) == (140, 31)
    assert result.output_mode == "json_schema"
    assert result.http_status == 200
    assert result.raw_response == answer_json("supported", quote)


def test_timeout():
    result = run_once(httpx.ReadTimeout("slow"))
    assert (result.error, result.retryable, result.answer) == ("timeout", True, None)


def test_connect_timeout_is_a_timeout():
    assert run_once(httpx.ConnectTimeout("slow")).error == "timeout"


@pytest.mark.parametrize("exc", [httpx.ConnectError("[Errno 111] Connection refused"), httpx.ReadError("[Errno 104] Connection reset by peer"), httpx.RemoteProtocolError("Server disconnected without sending a response.")])
def test_connection_refused_or_reset(exc):
    result = run_once(exc)
    assert (result.error, result.retryable) == ("connection", True)
    assert result.error_detail and type(exc).__name__ in result.error_detail


def test_429_with_retry_after_seconds():
    result = run_once(httpx.Response(429, headers={"Retry-After": "7"}, json={"error": {"message": "rate limit"}}))
    assert (result.error, result.retryable, result.retry_after_s, result.http_status) == ("rate_limited", True, 7.0, 429)
    assert "rate limit" in (result.raw_response or "")


def test_429_with_retry_after_http_date():
    when = email.utils.formatdate(time.time() + 30, usegmt=True)
    result = run_once(httpx.Response(429, headers={"Retry-After": when}, json={"error": {"message": "slow down"}}))
    assert result.error == "rate_limited"
    assert result.retry_after_s is not None and 25 <= result.retry_after_s <= 31


def test_429_without_retry_after():
    result = run_once(httpx.Response(429, json={"error": {"message": "slow down"}}))
    assert (result.error, result.retry_after_s) == ("rate_limited", None)


def test_retry_after_parsing_edge_cases():
    assert parse_retry_after(httpx.Headers({"retry-after-ms": "1500"})) == 1.5
    assert parse_retry_after(httpx.Headers({"retry-after": "Wed, 21 Oct 2015 07:28:00 GMT"})) == 0.0  # past
    assert parse_retry_after(httpx.Headers({"retry-after": "soon"})) is None
    assert parse_retry_after(httpx.Headers({})) is None
    assert parse_retry_after(httpx.Headers({"retry-after": "-3"})) == 0.0


@pytest.mark.parametrize("status", [500, 502, 503])
def test_5xx_is_a_retryable_server_error(status):
    # fixed mode: a bare 500 is not read as a refusal of the output mode
    result = run_once(httpx.Response(status, text="upstream exploded"))
    assert (result.error, result.retryable, result.http_status) == ("server_error", True, status)
    assert result.raw_response == "upstream exploded"


def test_503_keeps_retry_after():
    result = run_once(httpx.Response(503, headers={"Retry-After": "2"}, text="busy"))
    assert (result.error, result.retry_after_s) == ("server_error", 2.0)


@pytest.mark.parametrize("status", [400, 401, 404, 422])
def test_other_4xx_is_a_final_http_error(status):
    result = run_once(httpx.Response(status, json={"error": {"message": "nope"}}))
    assert (result.error, result.retryable, result.http_status) == ("http_error", False, status)


def test_malformed_json_content():
    result = run_once(httpx.Response(200, json=completion('{"verdict": "supported", "quote": ')))
    assert (result.error, result.retryable, result.answer) == ("malformed_json", False, None)
    assert result.raw_response == '{"verdict": "supported", "quote": '


def test_empty_content_is_malformed():
    assert run_once(httpx.Response(200, json=completion(None))).error == "malformed_json"


def test_body_that_is_not_a_chat_completion_is_malformed():
    result = run_once(httpx.Response(200, text="<html>proxy login</html>"))
    assert result.error == "malformed_json"
    assert result.raw_response == "<html>proxy login</html>"


@pytest.mark.parametrize(
    "content",
    [
        json.dumps({"verdict": "probably", "quote": "45%", "rationale": "x"}),
        json.dumps({"verdict": "supported", "quote": "45%"}),
        json.dumps({"verdict": "supported", "quote": "45%", "rationale": "x", "confidence": 0.9}),
        json.dumps(["supported"]),
    ],
)
def test_schema_invalid_json(content):
    result = run_once(httpx.Response(200, json=completion(content)))
    assert (result.error, result.retryable, result.answer) == ("schema_invalid", False, None)
    assert result.raw_response == content


def test_quote_not_in_excerpt():
    content = answer_json("supported", "the response rate was 45% in all patients")
    result = run_once(httpx.Response(200, json=completion(content)))
    assert (result.error, result.quote_found, result.retryable) == ("quote_not_in_excerpt", False, False)
    assert result.answer is not None  # kept for the audit log; the error makes it unusable


def test_supported_quote_without_the_claim_numbers():
    content = answer_json("supported", "In the treatment arm the objective response rate was")
    result = run_once(httpx.Response(200, json=completion(content)))
    assert (result.error, result.quote_found) == ("quote_lacks_claim_numbers", True)


def test_truncated_output():
    result = run_once(httpx.Response(200, json=completion('{"verdict": "supp', finish_reason="length")))
    assert (result.error, result.retryable) == ("truncated", False)
    assert result.raw_response == '{"verdict": "supp'


def test_prompt_mode_reply_wrapped_in_a_fence_is_read():
    content = "```json\n" + answer_json("contradicted", "In the control arm it was 30%.") + "\n```"
    result = run_once(httpx.Response(200, json=completion(content)), output_mode="prompt")
    assert result.error is None and result.answer.verdict is Verdict.contradicted
    assert result.output_mode == "prompt"


def test_unexpected_client_exception_is_reported_not_raised():
    result = run_once(RuntimeError("transport bug"))
    assert result.error in {"connection", "http_error"}
    assert result.answer is None


def test_api_key_never_reaches_a_result():
    """Not from our side, not even when the server echoes it back."""
    echo = {"error": {"message": f"Incorrect API key provided: {SECRET_KEY}"}}
    results = [
        run_once(httpx.Response(401, json=echo)),
        run_once(httpx.Response(500, json=echo)),
        run_once(httpx.Response(200, json=completion(json.dumps({"verdict": "x", "quote": SECRET_KEY, "rationale": ""})))),
        run_once(httpx.ConnectError(f"refused {SECRET_KEY}")),
        # a valid answer whose rationale or quote repeats the key: it reaches the report and the cache
        run_once(httpx.Response(200, json=completion(answer_json("not_enough_info", "", f"your key is {SECRET_KEY}")))),
        run_once(httpx.Response(200, json=completion(answer_json("not_enough_info", SECRET_KEY.upper(), SECRET_KEY.upper())))),
    ]
    for result in results:
        assert SECRET_KEY not in result.model_dump_json()
        assert SECRET_KEY.upper() not in result.model_dump_json()
    assert results[4].answer is not None and results[4].answer.rationale == "your key is [REDACTED]"
    judge = make_judge()
    assert SECRET_KEY not in repr(judge) and SECRET_KEY not in json.dumps(
        {k: str(v) for k, v in vars(judge).items() if k != "_client"}
    )


def test_request_carries_the_key_only_in_the_authorization_header():
    with respx.mock() as mock:
        route = mock.post(COMPLETIONS).respond(200, json=completion(answer_json("not_enough_info", "")))
        make_judge().attempt(judge_request(CLAIM, EXCERPT))
        sent = route.calls.last.request
    assert sent.headers["authorization"] == f"Bearer {SECRET_KEY}"
    assert SECRET_KEY.encode() not in sent.content


def test_without_a_key_the_environment_key_is_not_used(monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-from-environment-should-not-be-sent")
    with respx.mock() as mock:
        route = mock.post(COMPLETIONS).respond(200, json=completion(answer_json("not_enough_info", "")))
        make_judge(api_key=None).attempt(judge_request(CLAIM, EXCERPT))
    assert "sk-from-environment" not in route.calls.last.request.headers.get("authorization", "")


def test_request_body_carries_model_parameters_and_schema():
    with respx.mock() as mock:
        route = mock.post(COMPLETIONS).respond(200, json=completion(answer_json("not_enough_info", "")))
        OpenAIJudge("judge-model", BASE_URL, None, timeout_s=5, temperature=0.0, max_tokens=123, output_mode="json_schema").attempt(
            judge_request(CLAIM, EXCERPT)
        )
        body = json.loads(route.calls.last.request.content)
    assert (body["model"], body["temperature"], body["max_tokens"]) == ("judge-model", 0.0, 123)
    assert body["response_format"]["json_schema"]["schema"]["required"] == ["verdict", "quote", "rationale"]
    assert "stream" not in body or body["stream"] is False


def test_default_client_is_visible_to_respx_and_does_not_retry():
    """Without an http_client the judge still sends through httpx (not httpx2), once."""
    with respx.mock() as mock:
        route = mock.post(COMPLETIONS).respond(503, text="busy")
        result = OpenAIJudge("m", BASE_URL, None, timeout_s=5, output_mode="json_schema").attempt(judge_request(CLAIM, EXCERPT))
    assert route.call_count == 1 and result.error == "server_error"


def test_concurrent_attempts_share_one_judge():
    from concurrent.futures import ThreadPoolExecutor

    with respx.mock() as mock:
        mock.post(COMPLETIONS).respond(200, json=completion(answer_json("supported", "the objective response rate was 45%")))
        judge = make_judge()
        with ThreadPoolExecutor(max_workers=8) as pool:
            results = list(pool.map(judge.attempt, [judge_request(CLAIM, EXCERPT, f"c{i}") for i in range(32)]))
    assert [r.error for r in results] == [None] * 32


def test_a_key_looking_string_that_is_not_our_key_is_scrubbed_too(monkeypatch):
    """The judge scrubs with the audit log's scrubber: an sk- key the server echoes is removed
    even when it is neither this judge's key nor in the environment."""
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    other = "sk-proj-someoneelse0123456789abcdef"
    echo = {"error": {"message": f"key {other} is not valid for this project"}}
    result = run_once(httpx.Response(401, json=echo))
    assert result.error == "http_error" and result.raw_response
    assert other not in result.model_dump_json() and "[REDACTED]" in result.raw_response


@pytest.mark.parametrize("usage", [{"prompt_tokens": "lots", "completion_tokens": -5}, [1, 2], {"prompt_tokens": 1e300, "completion_tokens": True}, None])
def test_garbage_usage_figures_do_not_throw_away_a_valid_answer(usage):
    body = completion(answer_json("supported", "the objective response rate was 45%"))
    body["usage"] = usage
    result = run_once(httpx.Response(200, json=body))
    assert result.error is None and result.answer is not None and result.answer.verdict is Verdict.supported
    assert (result.prompt_tokens, result.completion_tokens) == (None, None)


def test_plausible_usage_figures_are_kept():
    result = run_once(httpx.Response(200, json=completion(answer_json("not_enough_info", ""), prompt_tokens=0, completion_tokens=7)))
    assert (result.prompt_tokens, result.completion_tokens) == (0, 7)


def test_a_server_streaming_megabytes_of_rationale_gives_no_answer_and_a_bounded_log_line():
    from tier2.interface import RATIONALE_MAX_CHARS
    from tier2.openai_judge import RAW_LOG_MAX_CHARS

    huge = answer_json("supported", "the objective response rate was 45%", "x" * 3_000_000)
    result = run_once(httpx.Response(200, json=completion(huge)))
    assert result.error == "schema_invalid" and "rationale" in (result.error_detail or "")
    assert len(result.raw_response or "") < RAW_LOG_MAX_CHARS + 100
    assert result.raw_response.endswith("more characters not logged]")
    ok = answer_json("supported", "the objective response rate was 45%", "y" * RATIONALE_MAX_CHARS)
    kept = run_once(httpx.Response(200, json=completion(ok)))
    assert kept.error is None and kept.raw_response == ok


@pytest.mark.parametrize("declared", [True, False], ids=["content-length", "streamed"])
def test_a_reply_larger_than_the_ceiling_is_not_read_and_not_retried(declared):
    from tier2.capped_transport import capped_client

    big = b'{"choices": [{"message": {"content": "' + b"x" * 5000 + b'"}}]}'
    headers = {"content-type": "application/json"}
    judge = OpenAIJudge("m", BASE_URL, SECRET_KEY, timeout_s=5, http_client=capped_client(5, limit=1000))
    with respx.mock() as mock:
        if declared:
            mock.post(COMPLETIONS).respond(200, content=big, headers=headers)
        else:  # no Content-Length: cut off while streaming
            mock.post(COMPLETIONS).respond(200, stream=httpx.ByteStream(big), headers=headers)
        result = judge.attempt(judge_request(CLAIM, EXCERPT))
    assert result.error == "http_error" and not result.retryable and result.answer is None
    assert "over 1,000 bytes" in (result.error_detail or "")


def test_a_reply_under_the_ceiling_is_read():
    from tier2.capped_transport import capped_client

    judge = OpenAIJudge("m", BASE_URL, SECRET_KEY, timeout_s=5, http_client=capped_client(5))
    with respx.mock() as mock:
        mock.post(COMPLETIONS).respond(200, json=completion(answer_json("supported", "the objective response rate was 45%")))
        result = judge.attempt(judge_request(CLAIM, EXCERPT))
    assert result.error is None and result.answer is not None


@pytest.mark.parametrize("key", ["verdict", "quote"])
def test_an_answer_with_a_duplicate_key_is_malformed_never_a_verdict(key):
    # rt17c: '{"verdict": "contradicted", …, "verdict": "supported"}' was read as supported (last key wins)
    quote = "the objective response rate was 45%"
    first = {"verdict": "contradicted", "quote": quote}[key]
    content = f'{{"{key}": {json.dumps(first)}, ' + answer_json("supported", quote)[1:]
    result = run_once(httpx.Response(200, json=completion(content)))
    assert (result.error, result.answer) == ("malformed_json", None)
    assert f"duplicate key '{key}'" in (result.error_detail or "")
    # the same answer with each key once is read
    assert run_once(httpx.Response(200, json=completion(answer_json("supported", quote)))).error is None


def test_our_key_echoed_altered_is_scrubbed_from_the_result():
    # rt21c e3: the key minus its last character, and spelled out, went into the log, report and stderr
    body = SECRET_KEY.split("-", 2)[2]
    echo = {"error": {"message": f"bad key {SECRET_KEY[:-1]} ({' '.join(body)})"}}
    result = run_once(httpx.Response(401, json=echo))
    dumped = result.model_dump_json()
    assert result.error == "http_error" and "4f2a9c1e" not in dumped and "4 f 2 a" not in dumped
    assert result.raw_response.count("[REDACTED]") == 2


PROXY_URL = "http://admin:Zq8vT3pLk9Wm2Rx7@judge.test/v1"
PROXY_BASIC = "YWRtaW46WnE4dlQzcExrOVdtMlJ4Nw=="  # base64 of "admin:Zq8vT3pLk9Wm2Rx7"


def _sent_through(base_url: str, api_key: str | None, respond) -> tuple[object, httpx.Request]:
    with respx.mock() as mock:
        route = mock.post(COMPLETIONS).mock(side_effect=respond)
        judge = OpenAIJudge("m", base_url, api_key, timeout_s=5, output_mode="json_schema", http_client=httpx.Client(timeout=5))
        result = judge.attempt(judge_request(CLAIM, EXCERPT))
        return result, route.calls.last.request


def test_a_proxy_echoing_the_urls_password_or_its_basic_header_leaves_neither_in_the_result():
    # rt24c: a 401 "credentials admin:PASSWORD rejected", or the Basic header in a rationale, was
    # logged and reported in clear: only the key was a scrubber secret
    def echo(request: httpx.Request) -> httpx.Response:
        auth = request.headers.get("authorization", "")
        decoded = __import__("base64").b64decode(auth.removeprefix("Basic ")).decode()
        return httpx.Response(401, json={"error": {"message": f"proxy: credentials {decoded} rejected ({auth})"}})

    def in_rationale(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, json=completion(answer_json("not_enough_info", "", f"headers {request.headers['authorization']}")))

    for respond in (echo, in_rationale):
        result, sent = _sent_through(PROXY_URL, None, respond)
        assert sent.headers["authorization"] == f"Basic {PROXY_BASIC}"  # without a key the user-info is the login
        dumped = result.model_dump_json()
        assert "Zq8vT3pLk9Wm2Rx7" not in dumped and PROXY_BASIC.rstrip("=") not in dumped, dumped
    assert result.answer is not None and result.answer.rationale.startswith("headers ")


def test_a_key_given_is_sent_and_the_urls_user_info_is_not():
    # rt24c: with user-info in the URL httpx replaced the key's Bearer header with Basic auth
    def ok(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, json=completion(answer_json("not_enough_info", "", "fine")))

    result, sent = _sent_through(PROXY_URL, SECRET_KEY, ok)
    assert sent.headers["authorization"] == f"Bearer {SECRET_KEY}" and sent.url.userinfo == b""
    assert result.error is None and result.answer.rationale == "fine"
    # a URL without user-info is sent as it is, key and all
    result, sent = _sent_through(BASE_URL, SECRET_KEY, ok)
    assert sent.headers["authorization"] == f"Bearer {SECRET_KEY}" and result.answer.rationale == "fine"


def test_an_ordinary_answer_keeps_its_words_beside_url_credentials():
    def ok(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, json=completion(answer_json("not_enough_info", "", "the admin arm rate was 45% at 2024")))

    result, _ = _sent_through("http://admin:pw12@judge.test/v1", None, ok)
    assert result.answer.rationale == "the admin arm rate was 45% at 2024"


@pytest.mark.parametrize(
    ("named", "recorded"),
    [
        ("SmolLM2-135M-served-instead", "SmolLM2-135M-served-instead"),
        (None, None), (17, None), ("  ", None),  # no name: nothing recorded, the answer still read
        (f"model-{SECRET_KEY}", "model-[REDACTED]"),  # an echo there is scrubbed like any other
        ("x" * 5000, "x" * 200 + "…"),
    ],
)
def test_the_model_a_reply_names_is_recorded(named, recorded):
    # rt24c: the model the server ran was not recorded anywhere
    body = completion(answer_json("not_enough_info", ""))
    body["model"] = named
    result = run_once(httpx.Response(200, json=body))
    assert result.error is None and result.answer is not None
    assert result.response_model == recorded


class _Trickle(httpx.SyncByteStream):
    """A body sent a piece at a time, each piece well inside the read timeout (rt36a)."""

    def __init__(self, body: bytes, pieces: int, pause_s: float) -> None:
        self.body, self.pieces, self.pause_s = body, pieces, pause_s

    def __iter__(self):
        step = -(-len(self.body) // self.pieces)
        for start in range(0, len(self.body), step):
            time.sleep(self.pause_s)
            yield self.body[start : start + step]


def _trickled_attempt(timeout_s: float):
    from tier2.capped_transport import capped_client

    body = json.dumps(completion(answer_json("supported", "the objective response rate was 45%"))).encode()
    judge = OpenAIJudge("m", BASE_URL, SECRET_KEY, timeout_s=timeout_s, http_client=capped_client(timeout_s))
    with respx.mock() as mock:
        mock.post(COMPLETIONS).respond(200, stream=_Trickle(body, pieces=6, pause_s=0.1), headers={"content-type": "application/json"})
        started = time.monotonic()
        result = judge.attempt(judge_request(CLAIM, EXCERPT))
    return result, time.monotonic() - started


def test_a_reply_trickled_past_the_timeout_is_a_timeout_not_an_answer():
    # rt36a: --timeout 1 against a server sending one byte every 50 ms held one request 18 s and
    # read its answer: httpx's timeout bounds each read, and every read came in time
    result, took = _trickled_attempt(timeout_s=0.25)
    assert result.error == "timeout" and result.retryable and result.answer is None
    assert took < 0.6


def test_a_reply_trickled_within_the_timeout_is_read():
    result, _ = _trickled_attempt(timeout_s=5)
    assert result.error is None and result.answer is not None


def _encoded_attempt(body: bytes, encoding: str, limit: int = 1000):
    from tier2.capped_transport import capped_client

    judge = OpenAIJudge("m", BASE_URL, SECRET_KEY, timeout_s=5, http_client=capped_client(5, limit=limit))
    with respx.mock() as mock:
        # a stream, not content: a mock response given content decodes it when it is built
        mock.post(COMPLETIONS).respond(200, stream=httpx.ByteStream(body), headers={"content-type": "application/json",
                                                                                   "content-encoding": encoding})
        return judge.attempt(judge_request(CLAIM, EXCERPT))


@pytest.mark.parametrize("encoding", ["gzip", "GZIP", "deflate"])
def test_a_compressed_reply_is_held_to_the_ceiling_once_decoded(encoding):
    # rt36a: a 1.5 MB gzip reply (under the 4 MB ceiling) decoded to 1.5 GB; the run grew to 23 GB
    import gzip
    import zlib

    inflated = json.dumps(completion(answer_json("supported", "the objective response rate was 45%", "x" * 100_000))).encode()
    body = gzip.compress(inflated) if encoding.lower() == "gzip" else zlib.compress(inflated)
    assert len(body) < 1000 < len(inflated)
    result = _encoded_attempt(body, encoding)
    assert result.error == "http_error" and not result.retryable and result.answer is None
    assert "over 1,000 bytes" in (result.error_detail or "")


@pytest.mark.parametrize("encoding", ["gzip", "deflate", "identity", "gzip, identity"])
def test_a_compressed_reply_within_the_ceiling_is_read(encoding):
    import gzip
    import zlib

    plain = json.dumps(completion(answer_json("supported", "the objective response rate was 45%"))).encode()
    body = {"gzip": gzip.compress, "deflate": zlib.compress}.get(encoding.split(",")[0], lambda b: b)(plain)
    result = _encoded_attempt(body, encoding, limit=4096)
    assert result.error is None and result.answer is not None


@pytest.mark.parametrize("encoding", ["br", "zstd", "gzip, gzip", "compress"])
def test_a_reply_in_an_encoding_whose_decoded_size_is_not_bounded_is_not_read(encoding):
    import gzip

    # (respx reads a mock reply as httpx would, so two gzip layers must be two layers)
    result = _encoded_attempt(gzip.compress(gzip.compress(b"{}")) if encoding == "gzip, gzip" else b"\x00" * 100, encoding)
    assert result.error == "http_error" and not result.retryable and result.answer is None
    assert "encoded as" in (result.error_detail or "")


def test_the_judge_asks_only_for_the_codings_it_decodes_within_the_ceiling():
    from tier2.capped_transport import capped_client

    judge = OpenAIJudge("m", BASE_URL, SECRET_KEY, timeout_s=5, http_client=capped_client(5))
    with respx.mock() as mock:
        route = mock.post(COMPLETIONS).respond(200, json=completion(answer_json("supported", "the objective response rate was 45%")))
        assert judge.attempt(judge_request(CLAIM, EXCERPT)).error is None
    assert route.calls.last.request.headers["accept-encoding"] == "gzip, deflate"
