"""``citeproof audit replay REPORT.json``: re-derive every judged claim's verdict from the log alone.

No model is called. For each claim of the report's run, the verdict is the last valid
answer (a line with a verdict and no error, a cache hit included); a claim with lines but
no valid answer ended without one. Each is compared with the report: the judge verdict,
and the claim status it implies (supported → pass, contradicted / not_enough_info → fail,
no answer → unverified).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict

from audit.check import report_problems
from audit.reader import ReportShapeError, chain_problems, load_audited_report, read_log, resolve_log_path
from audit.record import AuditRecord

_STATUS_FOR = {"supported": "pass", "contradicted": "fail", "not_enough_info": "fail", None: "unverified"}


class Divergence(BaseModel):
    model_config = ConfigDict(extra="forbid")

    claim_id: str
    message: str


class ReplayResult(BaseModel):
    model_config = ConfigDict(extra="forbid")

    ok: bool
    claims_replayed: int = 0
    divergences: list[Divergence] = []
    problem: str | None = None  # the replay could not run at all
    unreadable: bool = False  # because the report file could not be read as JSON (an input error)

    def summary(self) -> str:
        if self.problem:
            return f"FAILED: {self.problem}"
        if self.ok:
            return f"ok: {self.claims_replayed} claim verdict(s) re-derived from the log match the report"
        lines = [f"FAILED: {len(self.divergences)} divergence(s) between the log and the report"]
        lines += [f"  - claim {d.claim_id}: {d.message}" for d in self.divergences]
        return "\n".join(lines)


def derive_verdicts(records: list[AuditRecord]) -> dict[str, str | None]:
    """claim id → last valid verdict in these records (None when the claim has lines but no valid answer)."""
    derived: dict[str, str | None] = {}
    for rec in sorted(records, key=lambda r: r.sequence):
        derived.setdefault(rec.claim_id, None)
        if rec.error is None and rec.verdict is not None:
            derived[rec.claim_id] = rec.verdict
    return derived


def replay_report(report_json_path: Path | str) -> ReplayResult:
    report_path = Path(report_json_path)
    try:
        report = load_audited_report(report_path)
    except ReportShapeError as exc:
        return ReplayResult(ok=False, problem=f"{report_path}: {exc}")
    except (OSError, ValueError) as exc:
        return ReplayResult(ok=False, unreadable=True, problem=f"cannot read report {report_path} as JSON: {exc}")
    own = report_problems(json.loads(report_path.read_text(encoding="utf-8")), report)
    if own:
        return ReplayResult(ok=False, problem=f"{report_path}: {own[0]} (run `citeproof audit check`)")
    sem = report.semantic_audit
    if not sem.get("enabled"):
        return ReplayResult(ok=True, problem=None, claims_replayed=0)
    log_path = resolve_log_path(str(sem.get("audit_log_path") or ""), report_path, sem.get("run_id"))
    if not log_path.is_file():
        return ReplayResult(ok=False, unreadable=True, problem=f"audit log not found: {log_path}")
    lines = read_log(log_path)
    # verdicts re-derived from an edited, reordered or truncated log prove nothing
    broken = next(iter(chain_problems(lines)), None)
    if broken is not None:
        return ReplayResult(ok=False, problem=f"{log_path} line {broken.line}: {broken.message}; the log is not intact, "
                                               "so nothing is replayed (run `citeproof audit check`)")
    run_records = [ln.record for ln in lines if ln.record is not None and ln.record.run_id == sem.get("run_id")]
    derived = derive_verdicts(run_records)
    divergences = _compare(report.claims, derived)
    return ReplayResult(ok=not divergences, claims_replayed=len(derived), divergences=divergences)


def _compare(claims: list[dict[str, Any]], derived: dict[str, str | None]) -> list[Divergence]:
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
