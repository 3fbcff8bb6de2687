"""``citeproof audit replay REPORT.json``: re-derive every judged claim's verdict from the log alone.

No model is called. For each claim of the report's run, the verdict is the last valid
answer (a line with a verdict and no error, a cache hit included); a claim with lines but
no valid answer ended without one. Each is compared with the report: the judge verdict,
and the claim status it implies (supported → pass, contradicted / not_enough_info → fail,
no answer → unverified). The derivation lives in ``audit.verdicts``, which ``audit check``
shares. The run's lines are counted against the report's ``audit_log_entries`` too: a log cut
after its last line keeps an intact chain, and a claim whose judged line went with it cannot be
re-derived, which replay alone must say.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

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
from audit.record import AuditRecord
from audit.seal import seal_problem
from audit.verdicts import Divergence, compare_verdicts, derive_verdicts, report_predates_v2


class ReplayResult(BaseModel):
    model_config = ConfigDict(extra="forbid")

    ok: bool
    claims_replayed: int = 0
    divergences: list[Divergence] = []
    problem: str | None = None  # the replay could not run at all, or the report does not hold together
    line_count: str | None = None  # the run's lines are not as many as the report says it wrote
    unreadable: bool = False  # because the report file could not be read as JSON (an input error)

    def summary(self) -> str:
        if self.problem:
            return f"FAILED: {self.problem}"
        if self.ok:
            # replay re-derives the judge's verdicts only: what it cannot hold is said with its success
            return (f"ok: {self.claims_replayed} claim verdict(s) re-derived from the log match the report"
                    f"\nnote: {TIER1_NOT_REDERIVED}")
        lines = [f"FAILED: {len(self.divergences) + bool(self.line_count)} divergence(s) between the log and the report"]
        lines += [f"  - log: {self.line_count}"] if self.line_count else []
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
    line_count = line_count_divergence(sem, report.claims, run_records)
    # a counter no claim backs is not one claim's divergence; named when the claims agree with the log
    counts = outcome_count_problems(sem, report.claims)
    problem = f"{report_path}: {counts[0]}" if counts and not divergences and not line_count else None
    return ReplayResult(ok=not divergences and not counts and not line_count, claims_replayed=len(derived),
                        divergences=divergences, problem=problem, line_count=line_count)


def line_count_divergence(sem: dict[str, Any], claims: list[dict[str, Any]], records: list[AuditRecord]) -> str | None:
    """The run's lines against ``semantic_audit.audit_log_entries``, or None when as many: a log
    cut after its last line keeps an intact chain, and a claim whose judged line went with it
    cannot be re-derived, so an auditor who runs only replay must learn it too (``audit check``
    counts the same). Names the sequences the report's claims point at that the log lacks, and
    the log's sequences no claim points at."""
    expected = sem.get("audit_log_entries")
    if expected == len(records):
        return None
    logged = {rec.sequence: rec.claim_id for rec in records}
    pointed = {seq: str(c.get("id")) for c in claims for seq in (c.get("judge") or {}).get("audit_sequences") or []}
    shorter = isinstance(expected, int) and expected > len(records)
    said = (f"the report says audit_log_entries={expected}, the log holds {len(records)} line(s) for run "
            f"{sem.get('run_id')}: the log is {'shorter' if shorter else 'longer'} than the report says")
    if missing := sorted(set(pointed) - set(logged)):
        said += f"; missing: {_by_claim(missing, pointed)}, whose verdict cannot be re-derived"
    if extra := sorted(set(logged) - set(pointed)):
        said += f"; no claim of the report points at {_by_claim(extra, logged)}"
    return said


def _by_claim(sequences: list[int], owner: dict[int, str]) -> str:
    """'sequence(s) 5, 6 of claim c; sequence(s) 7 of claim d'."""
    claims = dict.fromkeys(owner[s] for s in sequences)
    return "; ".join(f"sequence(s) {', '.join(str(s) for s in sequences if owner[s] == c)} of claim {c}" for c in claims)
