"""A keyed seal over a verification report: what the audit log cannot hold.

The log records only the judge's decisions. Tier 1 decides without the judge and leaves no
line, so a report whose claim's ``fail`` was edited into ``pass`` (its verdict, totals and
counts made to agree) still matches its log. With the audit key (``--audit-key-env``) the run
writes ``seal``: an HMAC-SHA256, with that key, over the canonical JSON of the whole report but
the seal itself (every claim's status, reasons and numbers, the headline, the input's hash, the
log's head). ``audit check --audit-key-env NAME`` recomputes it: any edit after the run, Tier 1
verdicts included, no longer verifies, and whoever lacks the key cannot write a seal that does.
Because the seal covers ``semantic_audit.audit_log_head``, it also binds the report to the keyed
log its run wrote.

Without a key there is no seal: a digest anyone can recompute proves nothing against whoever
edits the report, so none is written to pretend otherwise (``audit check --sources`` re-derives
Tier 1 instead). A report checked with a key must carry a seal: one stripped of it (or written
before seals, or without a key) is said to be unsealed, never passed as if it had verified.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from typing import Any

from audit.record import HMAC_ALG, canonical_json

SEAL_FIELD = "seal"
# what a seal holds, all of it: a field the HMAC does not cover has no place in it (rt29j)
SEAL_KEYS = frozenset({"alg", "digest"})
# an HMAC-SHA256 as ``hexdigest`` writes it: anything else is no digest this module wrote (and
# ``hmac.compare_digest`` raises on a non-ASCII string rather than saying so)
_DIGEST = re.compile(r"[0-9a-f]{64}")

UNSEALED = (
    "the report carries no seal, so nothing shows that it is the report the run wrote (its Tier 1 verdicts "
    "could have been edited): a run given --audit-key-env seals its report; verify it again with the key"
)
SEALED_WITHOUT_KEY = (
    "the report is sealed (seal.alg hmac-sha256) and cannot be verified without its key: "
    "pass --audit-key-env NAME, the variable holding it"
)


def seal_digest(report: dict[str, Any], key: bytes) -> str:
    """HMAC-SHA256 with ``key`` over the canonical JSON of ``report`` without its seal."""
    body = {k: v for k, v in report.items() if k != SEAL_FIELD}
    return hmac.new(key, canonical_json(body).encode("utf-8"), hashlib.sha256).hexdigest()


def make_seal(report: dict[str, Any], key: bytes) -> dict[str, str]:
    """The ``seal`` field for ``report`` (its JSON as it is written)."""
    return {"alg": HMAC_ALG, "digest": seal_digest(report, key)}


def is_sealed(report: dict[str, Any]) -> bool:
    return report.get(SEAL_FIELD) is not None


def seal_problem(report: dict[str, Any], key: bytes) -> str | None:
    """Why ``report`` does not verify under ``key``, in one line; None when its seal does."""
    seal = report.get(SEAL_FIELD)
    if seal is None:
        return UNSEALED
    if (not isinstance(seal, dict) or set(seal) != SEAL_KEYS or seal.get("alg") != HMAC_ALG
            or not isinstance(seal.get("digest"), str) or not _DIGEST.fullmatch(seal["digest"])):
        return (f"the report's seal is not an {HMAC_ALG} seal (alg and a digest of 64 lowercase hex digits, "
                "nothing else): it cannot be verified")
    if not hmac.compare_digest(seal["digest"], seal_digest(report, key)):
        return ("the report's seal does not verify with this key: the report was edited after the run sealed it "
                "(a claim's status, the verdict, a count…), or it was sealed with another key")
    return None
