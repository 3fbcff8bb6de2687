"""A Judge for any OpenAI-compatible chat-completions endpoint (OpenAI, vLLM, Ollama, llama.cpp).

One ``attempt`` is one HTTP request, never more: the openai client is built with
``max_retries=0`` because the runner owns retries, and every attempt must be reserved
against the call budget and written to the audit log. Every outcome becomes an
``AttemptResult`` — a failure is a classified ``error``, never an exception.

The API key lives only inside the openai client. It is not an attribute of the judge (nor
is the endpoint's user-info: ``base_url`` is the URL without it), and
anything the server echoes back is scrubbed of it and of the user-info's password (and of
any other key-looking text, through ``audit.scrub``) before it reaches an AttemptResult.
When a key is given it is sent (``Authorization: Bearer``) and the URL's user-info is not;
without one, the user-info is sent as HTTP Basic auth.
"""

from __future__ import annotations

import email.utils
import json
import re
import time
from typing import Any

import httpx
import openai
from pydantic import ValidationError

from audit.scrub import Scrubber, public_url, url_credentials, without_userinfo
from tier2.answer_check import check_request_answer
from tier2.capped_transport import ResponseTooLarge, capped_client
from tier2.interface import AttemptResult, JudgeAnswer, JudgeRequest, OutputMode
from tier2.output_modes import ModeLadder, looks_like_mode_rejection, response_format_for
from tier2.prompt import PROMPT_VERSION, build_messages

# Servers without auth (llama.cpp, vLLM, Ollama) still get a syntactically valid key, so
# the openai client never falls back to reading OPENAI_API_KEY behind the caller's back.
_NO_KEY = "no-key"
# What one audit line keeps of a server's reply. A usable answer is far smaller (its quote
# is a span of a ≤ few-thousand-token excerpt, its rationale ≤ RATIONALE_MAX_CHARS); a
# server that ignores max_tokens must not grow the log by megabytes a line.
RAW_LOG_MAX_CHARS = 65_536
MODEL_NAME_MAX_CHARS = 200
_FENCED_JSON = re.compile(r"^```(?:json)?\s*(.*?)\s*```$", re.DOTALL)


class OpenAIJudge:
    """Judge claims through ``/chat/completions`` with structured output, auto-degraded per server."""

    def __init__(
        self,
        model: str,
        base_url: str,
        api_key: str | None,
        *,
        timeout_s: float,
        temperature: float = 0.0,
        output_mode: str = "auto",
        max_tokens: int = 300,
        http_client: httpx.Client | None = None,
    ) -> None:
        # built once: it compiles the echoed forms of every secret a request carries into one
        # pattern — the key, and the URL's user-info (its password, "user:password" and the
        # base64 of it that a Basic header sends: a proxy's 401 may quote any of them)
        self._scrubber = Scrubber(secret_env=(), secrets=[*([api_key] if api_key else []), *url_credentials(base_url)])
        self.model = model
        # what the audit log, the report and the cache key record: the endpoint without the
        # credentials a URL can carry ("http://user:KEY@host/v1"); only the client below
        # gets the URL as given
        self.base_url = public_url(base_url, self._scrubber)
        self.prompt_version = PROMPT_VERSION
        self.temperature = temperature
        self.max_tokens = max_tokens
        self.timeout_s = timeout_s
        self._ladder = ModeLadder(output_mode)
        # openai 3.x sends through httpx2 by default, which respx cannot intercept; an explicit
        # httpx.Client keeps every request visible to respx (tests, cassettes).
        # max_retries=0: the runner owns retries (one attempt = one request = one budgeted call).
        # One Authorization header carries one credential. httpx turns a URL's user-info into
        # "Basic …", replacing the key's "Bearer …": a key given is sent and the user-info
        # dropped; without a key the user-info is sent as Basic auth (a proxy's login).
        self._client = openai.OpenAI(
            api_key=api_key or _NO_KEY,
            base_url=base_url if not api_key else without_userinfo(base_url),
            timeout=timeout_s,
            max_retries=0,
            http_client=http_client if http_client is not None else capped_client(timeout_s),
        )

    def __repr__(self) -> str:
        return f"OpenAIJudge(model={self.model!r}, base_url={self.base_url!r}, output_mode={self.output_mode!r})"

    @property
    def output_mode(self) -> OutputMode:
        return self._ladder.current

    @property
    def auto_output_mode(self) -> bool:
        return self._ladder.auto

    def close(self) -> None:
        self._client.close()

    def __enter__(self) -> OpenAIJudge:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def attempt(self, request: JudgeRequest) -> AttemptResult:
        mode = self._ladder.current
        body: dict[str, Any] = {
            "model": self.model,
            "messages": build_messages(request, mode),
            "temperature": self.temperature,
            "max_tokens": self.max_tokens,
        }
        response_format = response_format_for(mode)
        if response_format is not None:
            body["response_format"] = response_format
        started = time.monotonic()
        try:
            raw = self._client.chat.completions.with_raw_response.create(**body)
            status, text = raw.status_code, raw.text
        except openai.APITimeoutError:
            return self._fault(mode, started, "timeout", "no response within the timeout", retryable=True)
        except openai.APIConnectionError as exc:
            detail = repr(exc.__cause__) if exc.__cause__ is not None else str(exc)
            if isinstance(exc.__cause__, ResponseTooLarge):
                return self._fault(mode, started, "http_error", str(exc.__cause__), retryable=False)
            return self._fault(mode, started, "connection", detail, retryable=True)
        except openai.APIStatusError as exc:
            return self._status_fault(mode, started, exc.response)
        except Exception as exc:  # noqa: BLE001 — a judge reports, it never raises into the runner
            return self._fault(mode, started, "http_error", f"{type(exc).__name__}: {exc}", retryable=False)
        latency = time.monotonic() - started
        self._ladder.mark_success(mode)
        return self._read_completion(request, mode, status, text, latency)

    # -- failures -----------------------------------------------------------------------

    def _fault(
        self,
        mode: OutputMode,
        started: float,
        error: str,
        detail: str,
        *,
        retryable: bool,
        http_status: int | None = None,
        raw_response: str | None = None,
        retry_after_s: float | None = None,
    ) -> AttemptResult:
        return AttemptResult(
            error=error,
            error_detail=self._scrub(detail),
            retryable=retryable,
            http_status=http_status,
            raw_response=self._scrub(raw_response),
            retry_after_s=retry_after_s,
            output_mode=mode,
            latency_s=time.monotonic() - started,
        )

    def _status_fault(self, mode: OutputMode, started: float, response: httpx.Response) -> AttemptResult:
        status = response.status_code
        body = _response_text(response)
        common = {"http_status": status, "raw_response": body}
        if mode != "prompt" and looks_like_mode_rejection(
            status, body, mode_ever_succeeded=self._ladder.ever_succeeded(mode) or not self._ladder.auto
        ):
            if self._ladder.auto:
                following = self._ladder.step_down_from(mode)
                if following is not None:
                    detail = f"server refused output mode {mode} (HTTP {status}); continuing with {following}"
                    return self._fault(mode, started, "rejected_output_mode", detail, retryable=True, **common)
            else:
                detail = f"server refused output mode {mode} (HTTP {status}); use output mode auto or a lower mode"
                return self._fault(mode, started, "rejected_output_mode", detail, retryable=False, **common)
        retry_after = parse_retry_after(response.headers)
        if status == 429:
            return self._fault(mode, started, "rate_limited", "HTTP 429", retryable=True, retry_after_s=retry_after, **common)
        if status == 408:
            return self._fault(mode, started, "timeout", "HTTP 408", retryable=True, **common)
        if status >= 500:
            return self._fault(
                mode, started, "server_error", f"HTTP {status}", retryable=True, retry_after_s=retry_after, **common
            )
        return self._fault(mode, started, "http_error", f"HTTP {status}", retryable=False, **common)

    # -- success path -------------------------------------------------------------------

    def _read_completion(
        self, request: JudgeRequest, mode: OutputMode, status: int, text: str, latency: float
    ) -> AttemptResult:
        base: dict[str, Any] = {"output_mode": mode, "latency_s": latency, "http_status": status}
        try:
            envelope = json.loads(text)
            choice = envelope["choices"][0]
            content = choice["message"].get("content")
            finish_reason = choice.get("finish_reason")
        except (ValueError, KeyError, IndexError, TypeError, AttributeError):
            return AttemptResult(
                error="malformed_json", error_detail="response is not a chat completion",
                raw_response=self._scrub(text), **base,
            )
        base["response_model"] = self._served_model(envelope.get("model"))
        usage = envelope.get("usage")
        usage = usage if isinstance(usage, dict) else {}
        base["prompt_tokens"] = _token_count(usage.get("prompt_tokens"))
        base["completion_tokens"] = _token_count(usage.get("completion_tokens"))
        base["raw_response"] = self._scrub(content if isinstance(content, str) else text)
        if finish_reason == "length":
            return AttemptResult(error="truncated", error_detail=f"stopped at max_tokens={self.max_tokens}", **base)
        if not isinstance(content, str) or not content.strip():
            return AttemptResult(error="malformed_json", error_detail="empty message content", **base)
        try:
            data = json.loads(_unwrap_json(content), object_pairs_hook=_unique_keys)
        except ValueError as exc:
            return AttemptResult(error="malformed_json", error_detail=f"content is not JSON: {exc}", **base)
        if not isinstance(data, dict):
            return AttemptResult(error="schema_invalid", error_detail="content is JSON but not an object", **base)
        try:
            answer = JudgeAnswer.model_validate(data)
        except ValidationError as exc:
            problems = "; ".join(f"{'.'.join(map(str, e['loc'])) or '(root)'}: {e['msg']}" for e in exc.errors())
            return AttemptResult(error="schema_invalid", error_detail=problems[:500], **base)
        # what the answer says reaches the report, the cache and the terminal: a server that
        # echoes the key into its rationale or quote must not carry it there
        answer = answer.model_copy(update={"rationale": self._scrub_all(answer.rationale), "quote": self._scrub_all(answer.quote)})
        checked = check_request_answer(answer, request)
        # The parsed answer stays on a failed check so the audit log shows what the model said;
        # ``error`` being set is what makes it unusable. (The runner checks it again: it is
        # the runner's check, not this one, that a verdict must pass to count.)
        return AttemptResult(
            answer=answer,
            error=checked.reason,
            error_detail=checked.detail,
            quote_found=checked.quote_found,
            **base,
        )

    def _served_model(self, value: Any) -> str | None:
        """The reply's ``model`` field, when it is a name: scrubbed like any echo, and cut
        short (a name is short; a server's garbage there must not grow the log)."""
        if not isinstance(value, str) or not value.strip():
            return None
        value = self._scrubber.text(value)
        return value if len(value) <= MODEL_NAME_MAX_CHARS else value[:MODEL_NAME_MAX_CHARS] + "…"

    def _scrub(self, text: str | None) -> str | None:
        """A raw response or error text scrubbed (``Scrubber.raw``: JSON escapes of key
        characters read too), cut to the length the log keeps."""
        return None if text is None else _bounded(self._scrubber.raw(text))

    def _scrub_all(self, text: str) -> str:
        """The audit log's scrubber (``audit.scrub``): this judge's key, then any bearer
        token, ``sk-`` key or ``api_key=`` value a server echoes back."""
        return self._scrubber.text(text)


def _bounded(text: str) -> str:
    if len(text) <= RAW_LOG_MAX_CHARS:
        return text
    return text[:RAW_LOG_MAX_CHARS] + f"…[{len(text) - RAW_LOG_MAX_CHARS:,} more characters not logged]"


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object with each key once. ``{"verdict": "contradicted", …, "verdict": "supported"}``
    is an ambiguous answer (json keeps the last, another reader the first): malformed, never a pass."""
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:
            raise ValueError(f"duplicate key {key!r}")
        data[key] = value
    return data


def _unwrap_json(content: str) -> str:
    """The JSON inside a reply: models asked by prompt alone like Markdown fences and chatter."""
    stripped = content.strip()
    fenced = _FENCED_JSON.match(stripped)
    if fenced:
        return fenced.group(1)
    if not stripped.startswith("{"):
        first, last = stripped.find("{"), stripped.rfind("}")
        if 0 <= first < last:
            return stripped[first : last + 1]
    return stripped


def _token_count(value: Any) -> int | None:
    """A usage figure as the server reported it, or None when it is not a plausible count:
    token counts only inform the report, so a server's garbage there ("lots", -5, true)
    must not throw away its answer."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10**9:
        return value
    return None


def _response_text(response: httpx.Response) -> str:
    try:
        return response.text
    except Exception:  # noqa: BLE001 — a body we cannot decode is still a classified failure
        return ""


def parse_retry_after(headers: Any, *, now: float | None = None) -> float | None:
    """Seconds to wait from ``retry-after-ms``, ``Retry-After: <seconds>`` or ``Retry-After: <HTTP-date>``."""
    millis = headers.get("retry-after-ms")
    if millis:
        try:
            return max(0.0, float(millis) / 1000.0)
        except ValueError:
            pass
    value = headers.get("retry-after")
    if not value:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    if when is None:
        return None
    return max(0.0, when.timestamp() - (time.time() if now is None else now))
