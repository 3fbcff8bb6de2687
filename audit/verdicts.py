"""Each judged claim's verdict re-derived from its audit lines, and held against the report.

``audit replay`` reports these divergences as its result; ``audit check`` counts them among
its problems, so a verdict flipped in the report fails both. The verdict of a claim is the
last valid answer in its lines (a line with a verdict and no error, a cache hit included); a
claim with lines but no valid answer ended without one. The claim status a verdict implies:
supported → pass, contradicted / not_enough_info → fail, no answer → unverified.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

from audit.record import AuditRecord

_STATUS_FOR = {"supported": "pass", "contradicted": "fail", "not_enough_info": "fail", None: "unverified"}


class Divergence(BaseModel):
    model_config = ConfigDict(extra="forbid")

    claim_id: str
    message: str


def derive_verdicts(records: list[AuditRecord]) -> dict[str, str | None]:
    """claim id → last valid verdict in these records (None when the claim has lines but no valid answer)."""
    derived: dict[str, str | None] = {}
    for rec in sorted(records, key=lambda r: r.sequence):
        derived.setdefault(rec.claim_id, None)
        if rec.error is None and rec.verdict is not None:
            derived[rec.claim_id] = rec.verdict
    return derived


def compare_verdicts(claims: list[dict[str, Any]], derived: dict[str, str | None]) -> list[Divergence]:
    """Where the report's claims (judge verdict and status) differ from the verdicts derived from the log."""
    out: list[Divergence] = []
    seen: set[str] = set()
    for claim in claims:
        cid = str(claim.get("id"))
        judge = claim.get("judge")
        if cid not in derived:
            if judge and judge.get("verdict") is not None:
                out.append(Divergence(claim_id=cid, message=f"report has judge verdict {judge.get('verdict')!r} but the log has no line for it"))
            continue
        seen.add(cid)
        want = derived[cid]
        if not judge:
            out.append(Divergence(claim_id=cid, message=f"the log judged it ({want or 'no valid answer'}) but the report carries no judge result"))
            continue
        if judge.get("verdict") != want:
            out.append(Divergence(claim_id=cid, message=f"log says {want!r}, report says {judge.get('verdict')!r}"))
        status = claim.get("status")
        if status != _STATUS_FOR[want]:
            out.append(Divergence(claim_id=cid, message=f"log verdict {want!r} implies status {_STATUS_FOR[want]!r}, report says {status!r}"))
    for cid in sorted(set(derived) - seen):
        out.append(Divergence(claim_id=cid, message="judged in the log but absent from the report"))
    return out
