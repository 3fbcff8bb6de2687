"""Each judged claim's verdict re-derived from its audit lines, and held against the report.

``audit replay`` reports these divergences as its result; ``audit check`` counts them among
its problems, so a verdict flipped in the report fails both. The verdict of a claim is the
last valid answer in its lines (a line with a verdict and no error, a cache hit included); a
claim with lines but no valid answer ended without one. The claim status a verdict implies:
supported → pass, contradicted / not_enough_info → fail, no answer → unverified.

Everything else the report says about a judged claim is held to the same lines: its audit
sequences are exactly its lines of the run, its quote, rationale and ``cached`` are those of
the last valid answer, its error is the last line's (or ``budget_exhausted``), and only a
claim the judge answered is ``decided_by: tier2``.

A line's "no error" is not taken on its word: every line recording a verdict and no error is put
through the runner's own answer check again (``tier2.answer_check.check_quote``: the quote in
that line's excerpts, the claim's numbers, a shared word, the quote's length, planted lines, the
sibling block it lies in, the claim's direction),
from the line alone. A line whose answer fails it is a divergence, whatever the report says: a
log rewritten to flip a verdict, and re-chained, still has to quote what its excerpt holds. A claim with no line of the run cannot
carry a verdict nor be decided by the judge: what the judge could not see it could not pass.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel, ConfigDict

from audit.record import LEGACY_SCHEMA_VERSION, AuditRecord
from audit.scrub import REDACTED

_STATUS_FOR = {"supported": "pass", "contradicted": "fail", "not_enough_info": "fail", None: "unverified"}
BUDGET_EXHAUSTED = "budget_exhausted"


class Divergence(BaseModel):
    model_config = ConfigDict(extra="forbid")

    claim_id: str
    message: str


class DerivedJudgement(BaseModel):
    """What one claim's lines of the run say, as the runner turned them into its judge result."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    verdict: str | None = None  # the last valid answer's; None when no line holds one
    quote: str | None = None
    rationale: str | None = None
    cached: bool = False  # the answer came from the cache (a hit is the claim's only line)
    last_error: str | None = None  # the error of the claim's last line
    sequences: tuple[int, ...] = ()
    refused: tuple[str, ...] = ()  # lines recording a valid answer that the answer check refuses
    # (sequence, the claim as that line records it was asked, whether the line is legacy)
    texts: tuple[tuple[int, str, bool], ...] = ()


def report_predates_v2(raw: dict[str, Any]) -> bool:
    """Whether the verification report was written before audit lines reached version "2": the
    citeproof that writes version-2 lines records its settings' digest (``input.settings_sha256``)
    in every report, so a report holding one cannot own a run of version-1 lines — lines marked "1"
    by a forger to be held only to the older check."""
    info = raw.get("input") if isinstance(raw.get("input"), dict) else {}
    return not info.get("settings_sha256")


def derive_verdicts(records: list[AuditRecord], *, legacy_allowed: bool = True) -> dict[str, DerivedJudgement]:
    """claim id → what its lines in these records say (verdict None when it has lines but no valid
    answer). ``legacy_allowed``: the report may own version-1 lines (:func:`report_predates_v2`)."""
    derived: dict[str, DerivedJudgement] = {}
    # one run is written by one citeproof: a "1" among its newer lines is no line of the past
    legacy = legacy_allowed and all(_legacy(rec) for rec in records)
    for rec in sorted(records, key=lambda r: r.sequence):
        seen = derived.get(rec.claim_id, DerivedJudgement())
        asked = rec.stated_text if rec.stated_text is not None else rec.claim_text
        update: dict[str, Any] = {"sequences": (*seen.sequences, rec.sequence), "last_error": rec.error,
                                  "texts": (*seen.texts, (rec.sequence, asked, legacy and _legacy(rec)))}
        if rec.error is None and rec.verdict is not None:
            update |= {"verdict": rec.verdict, "quote": rec.quote, "rationale": rec.rationale, "cached": rec.cached}
            problem = answer_problem(rec, legacy=legacy)
            if problem is not None:
                update["refused"] = (*seen.refused, f"audit line {rec.sequence} records {rec.verdict!r} and no error, "
                                                    f"but its answer fails the answer check: {problem}")
        derived[rec.claim_id] = seen.model_copy(update=update)
    return derived


def _legacy(rec: AuditRecord) -> bool:
    """A line written before its schema's version "2" (and so before ``stated_text``, which such
    a line cannot carry)."""
    return rec.schema_version == LEGACY_SCHEMA_VERSION and rec.stated_text is None


def answer_problem(rec: AuditRecord, *, legacy: bool = False) -> str | None:
    """Why the answer a line records as valid is not one (the runner's check, run on the line
    alone: its claim, its excerpts, its verdict, quote and rationale), or None.

    A ``legacy`` line (schema version "1", in a run of such lines) was checked by an older answer
    check, whose rules on a supported quote's numbers, words and length were looser: held to
    the current one, a genuine old log diverges from its own report. It is held to what every version
    held: a decisive verdict quotes, and the quote is in the line's excerpts."""
    from pydantic import ValidationError

    from tier2.answer_check import check_answer, check_quote_grounded
    from tier2.interface import JudgeAnswer

    if legacy:
        held = check_quote_grounded(rec.verdict, rec.quote or "", rec.excerpt.text, [e.text for e in rec.more_excerpts])
        return None if held.ok else f"{held.reason} ({held.detail})"
    try:
        answer = JudgeAnswer(verdict=rec.verdict, quote=rec.quote or "", rationale=rec.rationale or "")
    except ValidationError as exc:
        return f"schema_invalid ({exc.errors()[0]['msg']})"
    claim = rec.stated_text if rec.stated_text is not None else rec.claim_text
    checked = check_answer(answer, claim, rec.excerpt.text, [e.text for e in rec.more_excerpts])
    return None if checked.ok else f"{checked.reason} ({checked.detail})"


def compare_verdicts(claims: list[dict[str, Any]], derived: dict[str, DerivedJudgement]) -> list[Divergence]:
    """Where the report's claims (judge result, status, decided_by) differ from what the log says of them."""
    out: list[Divergence] = []
    seen: set[str] = set()
    for claim in claims:
        cid = str(claim.get("id"))
        if cid in derived:
            seen.add(cid)
            messages = [*derived[cid].refused, *_logged_problems(claim, derived[cid])]
        else:
            messages = _unlogged_problems(claim)
        out += [Divergence(claim_id=cid, message=m) for m in messages]
    for cid in sorted(set(derived) - seen):
        out.append(Divergence(claim_id=cid, message="judged in the log but absent from the report"))
        out += [Divergence(claim_id=cid, message=m) for m in derived[cid].refused]
    return out


def _logged_problems(claim: dict[str, Any], want: DerivedJudgement) -> list[str]:
    judge = claim.get("judge")
    if not judge:
        return [f"the log judged it ({want.verdict or 'no valid answer'}) but the report carries no judge result"]
    out = _text_problems(claim, want)
    if judge.get("verdict") != want.verdict:
        out.append(f"log says {want.verdict!r}, report says {judge.get('verdict')!r}")
    status = claim.get("status")
    if status != _STATUS_FOR[want.verdict]:
        out.append(f"log verdict {want.verdict!r} implies status {_STATUS_FOR[want.verdict]!r}, report says {status!r}")
    decided = "tier2" if want.verdict is not None else None
    if claim.get("decided_by") != decided:
        out.append(f"log verdict {want.verdict!r} implies decided_by {decided!r}, report says {claim.get('decided_by')!r}")
    sequences = tuple(judge.get("audit_sequences") or ())
    if sequences != want.sequences:
        out.append(f"report points at audit sequences {list(sequences)}, its lines in the log are {list(want.sequences)}")
    for field in ("quote", "rationale", "cached"):
        if judge.get(field, False if field == "cached" else None) != getattr(want, field):
            out.append(f"report's judge {field} {judge.get(field)!r} is not the log's {getattr(want, field)!r}")
    if want.verdict is None:
        allowed = {want.last_error, BUDGET_EXHAUSTED}  # budget_exhausted: the budget ran out mid-retries
        if judge.get("error") not in allowed:
            out.append(f"report's judge error {judge.get('error')!r}, the log's last line says {want.last_error!r}")
    elif judge.get("error") is not None:
        out.append(f"report's judge error {judge.get('error')!r} on a claim the log gives a valid answer")
    return out


def _text_problems(claim: dict[str, Any], want: DerivedJudgement) -> list[str]:
    """The report's text of a judged claim is the text its lines record the judge was asked
    (the first line that differs is named)."""
    text = claim.get("text")
    for sequence, asked, legacy in want.texts:
        if not isinstance(text, str) or not _same_text(text, asked, legacy=legacy):
            return [f"report's claim text {text!r} is not the text the judge was asked (audit line {sequence}: {asked!r})"]
    return []


def _same_text(text: str, asked: str, *, legacy: bool) -> bool:
    """Whether a line's recorded claim text is the report's ``text``. Lines are scrubbed before
    they are written, so a "[REDACTED]" in the line stands for whatever the report has there.
    A ``legacy`` line recorded only what the judge was asked: for a table row, each cell after
    its header ("Arm B: 40%"), where the report's text is the cells alone ("40%")."""
    if text == asked:
        return True
    if REDACTED in asked:
        pattern = ".+?".join(re.escape(part) for part in asked.split(REDACTED))
        return re.fullmatch(pattern, text, re.DOTALL) is not None
    if legacy:
        cells, parts = text.split(" | "), asked.split(" | ")
        return len(cells) == len(parts) and all(p == c or p.endswith(f": {c}") for c, p in zip(cells, parts))
    return False


def _unlogged_problems(claim: dict[str, Any]) -> list[str]:
    """A claim with no line of this run: the judge never answered it, so nothing about it may say so."""
    judge = claim.get("judge")
    status = claim.get("status")
    if judge and judge.get("verdict") is not None:
        return [f"report has judge verdict {judge.get('verdict')!r} but the log has no line for it"]
    out = []
    if claim.get("decided_by") == "tier2":
        out.append("is decided_by tier2, but the log has no line of this run for it")
    if judge is not None:
        # a claim the judge could not be asked (no evidence window) or the budget did not reach
        if judge.get("error") is None:
            out.append("carries a judge result with neither a verdict nor an error")
        if status != "unverified":
            out.append(f"the judge gave no answer (the log has no line for it), so its status can only be 'unverified'; report says {status!r}")
        if judge.get("audit_sequences"):
            out.append(f"points at audit sequences {list(judge['audit_sequences'])}, but the log has no line of this run for it")
        if judge.get("cached"):
            out.append("is marked cached, but the log has no line of this run for it")
    elif claim.get("decided_by") is None and status not in ("undecided", "unverified"):
        out.append(f"has no line in the log and no Tier-1 decision, so it can only be undecided or unverified; report says {status!r}")
    return out
