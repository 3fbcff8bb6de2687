"""One line of ``audit.jsonl``: one judge request attempt, or one cache hit.

Every record carries ``schema_version`` (changing the shape bumps it) and a hash chain:
``hash = sha256(prev_hash + canonical JSON of the record without "hash")``, with the first
line of a log chained to ``GENESIS_HASH``. Editing, deleting or reordering any line breaks
the chain at that line.

Whoever can edit the log can also recompute that chain. A log written with a key (``verify
--audit-key-env NAME``: the variable holding it, never the key on the command line) chains with
``hash = HMAC-SHA256(key, the same bytes)`` instead, and each of its lines says so
(``hash_alg: "hmac-sha256"``; absent, the hash is the plain sha256, as every line before
keys existed). Only the key's holder can then write a line that verifies
(``audit check --audit-key-env NAME``). ``schemas/audit_record.schema.json`` is generated from this model
(``python -m audit.schema``).
"""

from __future__ import annotations

import hashlib
import hmac
import json
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

# "2": a line written since a supported answer's quote is held to the claim's value atoms with
# their unit and scale, and to the shortest deciding span (tier2.answer_check), and may record
# ``stated_text``; ``audit check``/``replay`` re-run that whole check on it. "1": a line written
# before, held again only to what every version of the check held (``audit.verdicts.answer_problem``).
AUDIT_SCHEMA_VERSION = "2"
LEGACY_SCHEMA_VERSION = "1"
GENESIS_HASH = "0" * 64


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SpanRecord(_Strict):
    line_start: int
    line_end: int
    char_start: int
    char_end: int


class ExcerptRecord(_Strict):
    text: str = Field(
        description="What the judge saw. A line '[N lines repeated from above: \"<first words> …\"]' stands for "
        "lines it already showed (excerpt.repeats.expand_repeats puts them back)."
    )
    sha256: str
    source_path: str
    line_start: int = Field(description="1-based, inclusive, in the saved source's lines.")
    line_end: int
    char_start: int = Field(description="Offset into the saved source's normalised text.")
    char_end: int
    tokens: int = Field(description="Counted with tiktoken cl100k_base.")
    strategy: str = Field(description="What the window was centred on: locator | atoms | terms.")
    spans: list[SpanRecord] = Field(
        default_factory=list, description="Contiguous parts of the excerpt in document order (joined by a '[…]' line)."
    )


class Parameters(_Strict):
    temperature: float
    max_tokens: int | None = None
    timeout_s: float | None = None


class AuditRecord(_Strict):
    schema_version: str = Field(
        AUDIT_SCHEMA_VERSION,
        description="'2' for lines held to the answer check as it now stands; '1' for lines written before it, which audit check "
        "and replay hold to a quote for every decisive verdict, found in the line's excerpts.",
    )
    sequence: int = Field(ge=1, description="1-based position in the log file; continues across runs.")
    run_id: str
    time: str = Field(description="UTC ISO-8601 time the line was written.")
    claim_id: str
    claim_text: str
    stated_text: str | None = Field(
        None,
        description="The claim as the report states it, when claim_text adds context around it (a table row's column "
        "headers): the numbers a supported quote owes are its. Absent when claim_text is the claim as stated.",
    )
    source_ids: list[str]
    locator: str | None
    excerpt: ExcerptRecord
    more_excerpts: list[ExcerptRecord] = Field(
        default_factory=list,
        description="The other cited sources' excerpts, for a claim judged against several (one per source).",
    )
    model: str
    response_model: str | None = Field(
        None,
        description="The model the server's reply names (its 'model' field), as received: the model that answered, "
        "which a server may run in place of the one asked for. Absent when the reply named none (a failed request, "
        "a line written before it was recorded).",
    )
    base_url: str
    parameters: Parameters
    output_mode: str
    prompt_version: str
    raw_response: str | None = Field(description="The model's message content as received (cached content for a hit).")
    verdict: Literal["supported", "contradicted", "not_enough_info"] | None = Field(
        description="Parsed verdict; None unless the answer was valid."
    )
    quote: str | None = Field(
        description="The answer's quote. A refused answer's quote over the answer check's length cap (1,000 characters) "
        "is cut there, followed by a marker giving its full length and sha256 (audit.writer.bounded_quote)."
    )
    rationale: str | None
    quote_check: Literal["found", "not_found"] | None = Field(
        description="Whether the quote was found verbatim in the excerpt; None when not checked."
    )
    prompt_tokens: int | None
    completion_tokens: int | None
    latency_s: float
    attempt: int = Field(ge=0, description="1-based attempt number for this claim in this run; 0 for a cache hit.")
    cached: bool
    error: str | None = Field(description="None only for a valid, quote-checked answer.")
    error_detail: str | None
    http_status: int | None
    budget_before: int = Field(ge=0, description="Calls left before this line (reserved before the request).")
    budget_after: int = Field(ge=0, description="budget_before - 1 for a request, budget_before for a cache hit.")
    prev_hash: str
    hash_alg: Literal["sha256", "hmac-sha256"] | None = Field(
        None,
        description="How hash was computed: 'hmac-sha256' (keyed, see audit --audit-key-env) or sha256 ('sha256', or "
        "absent as on every unkeyed line).",
    )
    hash: str


def canonical_json(data: dict[str, Any]) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


HMAC_ALG = "hmac-sha256"


def chain_hash(prev_hash: str, record_without_hash: dict[str, Any], key: bytes | None = None) -> str:
    message = (prev_hash + canonical_json(record_without_hash)).encode("utf-8")
    if key is None:
        return hashlib.sha256(message).hexdigest()
    return hmac.new(key, message, hashlib.sha256).hexdigest()


def expected_hash(line: dict[str, Any], key: bytes | None = None) -> str:
    """The hash a parsed line should carry, recomputed from its own content (with ``key``, keyed)."""
    body = {k: v for k, v in line.items() if k != "hash"}
    return chain_hash(str(line.get("prev_hash", "")), body, key)


def hash_problem(line: dict[str, Any], key: bytes | None) -> str | None:
    """Why a parsed line's hash does not verify, or None. With a key, every line must be keyed:
    an unkeyed line is one anyone could have recomputed after an edit."""
    keyed = line.get("hash_alg") == HMAC_ALG
    if keyed and key is None:
        return "line is keyed (hash_alg hmac-sha256) and cannot be verified without its key (--audit-key-env NAME)"
    if key is not None and not keyed:
        return "line is not keyed though a key was given: anyone could have recomputed its hash (line edited?)"
    if line.get("hash") != expected_hash(line, key):
        return "hash does not match the line's content (line edited" + (", or not this key)" if keyed else ")")
    return None
