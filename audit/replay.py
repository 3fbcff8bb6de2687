"""``citeproof audit replay REPORT.json``: re-derive every judged claim's verdict from the log alone.

No model is called. For each claim of the report's run, the verdict is the last valid
answer (a line with a verdict and no error, a cache hit included); a claim with lines but
no valid answer ended without one. Each is compared with the report: the judge verdict,
and the claim status it implies (supported → pass, contradicted / not_enough_info → fail,
no answer → unverified). The derivation lives in ``audit.verdicts``, which ``audit check``
shares.
"""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from audit.check import TIER1_NOT_REDERIVED, outcome_count_problems, report_problems
from audit.reader import (
    KEYED_WITHOUT_KEY,
    ReportShapeError,
    chain_problems,
    is_keyed,
    load_audited_report,
    read_log,
    resolve_log_path,
)
from audit.seal import seal_problem
from audit.verdicts import Divergence, compare_verdicts, derive_verdicts, report_predates_v2


class ReplayResult(BaseModel):
    model_config = ConfigDict(extra="forbid")

    ok: bool
    claims_replayed: int = 0
    divergences: list[Divergence] = []
    problem: str | None = None  # the replay could not run at all, or the report does not hold together
    unreadable: bool = False  # because the report file could not be read as JSON (an input error)

    def summary(self) -> str:
        if self.problem:
            return f"FAILED: {self.problem}"
        if self.ok:
            # replay re-derives the judge's verdicts only: what it cannot hold is said with its success
            return (f"ok: {self.claims_replayed} claim verdict(s) re-derived from the log match the report"
                    f"\nnote: {TIER1_NOT_REDERIVED}")
        lines = [f"FAILED: {len(self.divergences)} divergence(s) between the log and the report"]
        lines += [f"  - claim {d.claim_id}: {d.message}" for d in self.divergences]
        return "\n".join(lines)


def replay_report(report_json_path: Path | str, key: bytes | None = None) -> ReplayResult:
    """Re-derive the judged claims' verdicts from the log (its chain checked first, with ``key``
    for a keyed log) and compare them with the report's."""
    report_path = Path(report_json_path)
    try:
        report = load_audited_report(report_path)
    except ReportShapeError as exc:
        return ReplayResult(ok=False, problem=f"{report_path}: {exc}")
    except (OSError, ValueError) as exc:
        return ReplayResult(ok=False, unreadable=True, problem=f"cannot read report {report_path} as JSON: {exc}")
    raw = json.loads(report_path.read_text(encoding="utf-8"))
    # with the key at hand the report is held to its seal, as ``audit check`` holds it: an unsealed
    # one fails too, since a stripped seal looks the same (rt29j: its Tier 1 verdicts edited, "ok")
    if key is not None and (edited := seal_problem(raw, key)) is not None:
        return ReplayResult(ok=False, problem=f"{report_path}: {edited}")
    own = report_problems(raw, report)
    if own:
        return ReplayResult(ok=False, problem=f"{report_path}: {own[0]} (run `citeproof audit check`)")
    sem = report.semantic_audit
    if not sem.get("enabled"):
        return ReplayResult(ok=True, problem=None, claims_replayed=0)
    log_path = resolve_log_path(str(sem.get("audit_log_path") or ""), report_path, sem.get("run_id"))
    if not log_path.is_file():
        return ReplayResult(ok=False, unreadable=True, problem=f"audit log not found: {log_path}")
    lines = read_log(log_path)
    if key is None and is_keyed(lines):
        return ReplayResult(ok=False, unreadable=True, problem=f"{log_path}: {KEYED_WITHOUT_KEY}")
    # verdicts re-derived from an edited, reordered or truncated log prove nothing
    broken = next(iter(chain_problems(lines, key)), None)
    if broken is not None:
        return ReplayResult(ok=False, problem=f"{log_path} line {broken.line}: {broken.message}; the log is not intact, "
                                               "so nothing is replayed (run `citeproof audit check`)")
    run_records = [ln.record for ln in lines if ln.record is not None and ln.record.run_id == sem.get("run_id")]
    derived = derive_verdicts(run_records, legacy_allowed=report_predates_v2(raw))
    divergences = compare_verdicts(report.claims, derived)
    # a counter no claim backs is not one claim's divergence; named when the claims agree with the log
    counts = outcome_count_problems(sem, report.claims)
    problem = f"{report_path}: {counts[0]}" if counts and not divergences else None
    return ReplayResult(ok=not divergences and not counts, claims_replayed=len(derived), divergences=divergences, problem=problem)
