"""The judge protocol, its answer model, and the result of one request attempt.

The runner (``tier2/runner.py``) owns retries, the budget, the cache and the audit
log; a Judge performs exactly one HTTP request per ``attempt`` call so that every
attempt can be reserved against the budget and written to the log *before* and
*after* it happens.
"""

from __future__ import annotations

from enum import Enum
from typing import Literal, Protocol

from pydantic import BaseModel, ConfigDict, Field, field_validator

from citeproof.model import Frozen
from excerpt.types import Excerpt

OutputMode = Literal["json_schema", "json_object", "prompt"]


class Verdict(str, Enum):
    supported = "supported"
    contradicted = "contradicted"
    not_enough_info = "not_enough_info"


RATIONALE_MAX_CHARS = 2000  # "one sentence" asked; a generous ceiling, not a style rule


class JudgeAnswer(BaseModel):
    """What the judge must return. Its JSON Schema is sent as the structured-output schema."""

    model_config = ConfigDict(extra="forbid")

    verdict: Verdict = Field(description="supported: the excerpt states the claim; contradicted: it states otherwise; not_enough_info: neither.")
    quote: str = Field(description="The shortest verbatim span of the excerpt that decides the verdict; empty only for not_enough_info.")
    rationale: str = Field(description="One or two sentences explaining the verdict.")

    @field_validator("rationale")
    @classmethod
    def _short(cls, value: str) -> str:
        # Checked here, not as a schema maxLength: the schema sent to servers stays as it is
        # (it is part of every cassette fingerprint). A server that ignores max_tokens and
        # streams megabytes of "rationale" has not given a usable answer, and the report
        # carries the rationale.
        if len(value) > RATIONALE_MAX_CHARS:
            raise ValueError(f"rationale of {len(value):,} characters; at most {RATIONALE_MAX_CHARS:,}")
        return value


class JudgeRequest(Frozen):
    claim_id: str
    claim_text: str  # what the judge is asked (a table row with its column headers)
    excerpt: Excerpt
    # the other cited sources' excerpts, for a claim that cites several: a comparison of two
    # trials can only be judged against both
    more: tuple[Excerpt, ...] = ()
    source_ids: tuple[str, ...]
    locator: str | None = None
    risk: int = 0  # higher is judged first
    # The claim as the report states it, when ``claim_text`` adds context around it: a
    # supported quote must carry *its* numbers, not a header's "(n=50)".
    stated_text: str | None = None

    @property
    def excerpts(self) -> tuple[Excerpt, ...]:
        return (self.excerpt, *self.more)

    @property
    def excerpt_text(self) -> str:
        """The excerpts as one text, as they are cached: a single excerpt's text as it is."""
        return "\x1e".join(e.text for e in self.excerpts)

    @property
    def numbers_text(self) -> str:
        return self.stated_text if self.stated_text is not None else self.claim_text


class AttemptResult(Frozen):
    """One HTTP request and what came of it. error is None only for a valid, quote-checked answer."""

    answer: JudgeAnswer | None = None
    raw_response: str | None = None
    error: str | None = None  # timeout | rate_limited | server_error | connection | malformed_json | schema_invalid | quote_not_in_excerpt | truncated | rejected_output_mode | http_error
    # also from the answer check (tier2/answer_check.py): quote_missing | quote_too_long | quote_lacks_claim_numbers |
    # quote_unrelated_to_claim | quote_in_planted_instruction | quote_in_other_group | quote_lacks_direction.
    # A failed check keeps the parsed ``answer`` (for the audit log); only error None makes it usable.
    error_detail: str | None = None
    retryable: bool = False
    retry_after_s: float | None = None
    http_status: int | None = None
    output_mode: OutputMode = "json_schema"
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    latency_s: float = 0.0
    quote_found: bool | None = None
    # the model the reply names: a server may answer with another than the one asked for
    response_model: str | None = None


class Judge(Protocol):
    model: str
    base_url: str  # the endpoint as recorded (audit log, report, cache key): never credentials
    prompt_version: str
    temperature: float

    @property
    def output_mode(self) -> OutputMode: ...

    def attempt(self, request: JudgeRequest) -> AttemptResult: ...
