"""``citeproof audit check REPORT.json``: does the report's semantic audit match its log?

Passes only when the log exists, every line is schema-valid and the hash chain is
intact, this run's line count equals ``semantic_audit.audit_log_entries``, the budget
arithmetic adds up (each request line spends exactly one call, a cache hit none;
``calls_remaining = call_budget - calls``; the calls reserved are exactly the top
``calls`` of the budget, so none was spent twice) and every claim's audit sequences point
at its own lines, each judged claim's verdict and status are the ones its lines give (derived
as ``audit replay`` derives them, ``audit.verdicts``; a claim with no line of the run was never
answered, so it is no judge's pass), the ``budget_exhausted`` and ``judge_errors`` counters
equal the claims carrying those outcomes, the run's last line is the head the report recorded (``audit_log_head``:
a log rewritten and re-chained afterwards no longer ends there), and the report's headline
(verdict, exit code, ``would_block``, totals) follows from its own claims and rules, and the
verified report still hashes to ``input.report_sha256`` (a verified report not found, at its
recorded path or the one ``--report`` names, fails as NOT VERIFIED: its text was not compared). A report
that says the judge never ran (``enabled: false``) has no log to check, and so may hold no
claim the judge decided. The first broken line is named.

With the audit key, the report's keyed seal (``audit.seal``) is checked before anything else:
the log holds only the judge's decisions, the seal every field of the report, Tier 1's verdicts
included. An unsealed report under a key fails (a stripped seal looks the same), and a sealed
one checked without the key cannot be verified (exit 2, as a keyed log).
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict

from audit.reader import (
    KEYED_WITHOUT_KEY,
    AuditedReport,
    LogLine,
    Problem,
    ReportShapeError,
    chain_problems,
    is_keyed,
    load_audited_report,
    read_log,
    resolve_log_path,
)
from audit.seal import SEALED_WITHOUT_KEY, is_sealed, seal_problem
from audit.verdicts import BUDGET_EXHAUSTED, compare_verdicts, derive_verdicts, report_predates_v2
from audit.verified_report import hashes_as_verified, verified_report_candidates
from citeproof.report import EXIT_CODES, exit_code_for
from tier2.output_modes import MODES


# What a log check cannot hold: Tier 1 decides without the judge, so a claim edited into a Tier 1
# pass, its log lines deleted and the counts and head made to agree, leaves an unkeyed chain
# that is intact and consistent. Said on every success that did not run Tier 1 again.
TIER1_NOT_REDERIVED = (
    "Tier 1 verdicts were not re-derived (nor the text and numbers of claims the judge never saw): a claim "
    "edited into a Tier 1 pass, its log lines deleted and the counts made to agree, passes unseen. To hold them, "
    "run `citeproof audit check REPORT --sources DIR` (Tier 1 run again over the verified report), or check a "
    "report sealed with a key (`verify --audit-key-env NAME`) with `--audit-key-env NAME`: without a key "
    "there is no seal, since a digest anyone can recompute proves nothing."
)
# Said instead when the report's keyed seal verified (``audit.seal``): every verdict, Tier 1's
# included, is the one the run wrote; what the seal cannot say is whether Tier 1's rules, run
# again over the sources as they are now, agree.
SEAL_VERIFIED = (
    "the report's keyed seal verifies: nothing in it (Tier 1 verdicts included) was edited after the run. "
    "Tier 1 was not run again: `--sources DIR` holds its verdicts to the sources as they are now."
)


class CheckResult(BaseModel):
    model_config = ConfigDict(extra="forbid")

    ok: bool
    report_path: str
    log_path: str | None = None
    run_id: str | None = None
    lines: int = 0
    run_entries: int = 0
    problems: list[str] = []
    first_broken_line: int | None = None
    note: str | None = None
    unreadable: bool = False  # the report file itself could not be read as JSON: an input error, not a failed check
    tier1_rederived: bool = False  # Tier 1 was run again over the verified report (--sources)
    key_needed: bool = False  # a keyed log checked without its key: nothing about it can be verified
    sealed: bool = False  # the report's keyed seal verified with the key given (``audit.seal``)

    def summary(self) -> str:
        if self.key_needed:
            return f"FAILED: {self.log_path or self.report_path}: {self.problems[0] if self.problems else KEYED_WITHOUT_KEY}"
        caveat = "" if self.tier1_rederived else f"\nnote: {TIER1_NOT_REDERIVED}"
        if self.sealed and not self.tier1_rederived:
            caveat = f"\nnote: {SEAL_VERIFIED}"
        if self.ok and self.log_path is None:
            return f"ok: {self.report_path}: its headline follows from its claims" + (f" ({self.note})" if self.note else "") + caveat
        if self.ok:
            return (
                f"ok: {self.log_path}: {self.lines} line(s), {self.run_entries} for run {self.run_id}; "
                "chain intact, counts and budget match the report" + (f" ({self.note})" if self.note else "") + caveat
            )
        head = f"FAILED: {self.log_path or self.report_path}"
        if self.first_broken_line is not None:
            head += f": first broken line {self.first_broken_line}"
        return head + "\n" + "\n".join(f"  - {p}" for p in self.problems)


def check_report(report_json_path: Path | str, verified_report: Path | None = None, key: bytes | None = None) -> CheckResult:
    report_path = Path(report_json_path)
    base: dict[str, Any] = {"report_path": str(report_path)}
    try:
        report = load_audited_report(report_path)
    except ReportShapeError as exc:
        return CheckResult(ok=False, problems=[str(exc)], **base)
    except (OSError, ValueError) as exc:
        return CheckResult(ok=False, unreadable=True, problems=[f"cannot read report as JSON: {exc}"], **base)
    sem = report.semantic_audit
    raw = json.loads(report_path.read_text(encoding="utf-8"))
    # the seal first: an edited report's first broken thing is that it was edited
    if key is None and is_sealed(raw):
        return CheckResult(ok=False, unreadable=True, key_needed=True, problems=[SEALED_WITHOUT_KEY], **base)
    if key is not None and (unsealed := seal_problem(raw, key)) is not None:
        return CheckResult(ok=False, problems=[unsealed], **base)
    base["sealed"] = key is not None
    own = report_problems(raw, report)
    if own:
        return CheckResult(ok=False, problems=[str(p) for p in own], **base)
    edited, missing = input_report_problems(raw, report_path, verified_report)
    # not compared is not verified: a report moved away (or its recorded path edited to nowhere)
    # would otherwise pass unseen with its text changed. Alone it is a file not found (exit 2).
    not_found = {"unreadable": True} if missing is not None else {}
    edited += [missing] if missing is not None else []
    if not sem.get("enabled"):
        if sem.get("audit_log_path"):
            return CheckResult(ok=False, problems=["semantic_audit names a log but enabled is false", *edited], **base)
        return CheckResult(ok=not edited, problems=edited, note="the judge did not run; nothing to check", **not_found, **base)
    if not sem.get("audit_log_path"):
        return CheckResult(ok=False, problems=["semantic_audit.enabled but no audit_log_path"], **base)

    log_path = resolve_log_path(str(sem["audit_log_path"]), report_path, sem.get("run_id"))
    run_id = sem.get("run_id")
    base.update(log_path=str(log_path), run_id=run_id)
    if not log_path.is_file():
        return CheckResult(ok=False, unreadable=True, problems=[f"audit log not found: {log_path}"], **base)

    lines = read_log(log_path)
    if key is None and is_keyed(lines):
        return CheckResult(ok=False, unreadable=True, key_needed=True, lines=len(lines), **base)
    chain = chain_problems(lines, key)
    problems = list(chain)
    run_lines = [ln for ln in lines if ln.record is not None and ln.record.run_id == run_id]
    problems += _count_problems(sem, run_lines)
    problems += _head_problems(sem, run_lines)
    problems += _budget_problems(sem, run_lines)
    problems += _run_field_problems(sem, run_lines)
    problems += _claim_problems(report.claims, run_lines)
    problems += _verdict_problems(report.claims, run_lines, intact=not chain, legacy_allowed=report_predates_v2(raw))
    problems += outcome_count_problems(sem, report.claims)
    # the headline names the first line the chain itself finds broken (a torn last line), where
    # there is one: a count or head problem may name the intact line before it
    line_numbers = [p.line for p in chain if p.line is not None] or [p.line for p in problems if p.line is not None]
    return CheckResult(
        ok=not problems and not edited,
        lines=len(lines),
        run_entries=len(run_lines),
        problems=[str(p) for p in problems] + edited,
        first_broken_line=min(line_numbers) if line_numbers else None,
        **({} if problems else not_found),
        **base,
    )


def input_report_problems(
    raw: dict[str, Any], report_json_path: Path, given: Path | None = None
) -> tuple[list[str], str | None]:
    """(problems, missing): is the verified report still the file that was verified? Its text is
    hashed as the pipeline hashed it (``citeproof.report_input.decode_report``) and held to
    ``input.report_sha256``: a report edited after its run (a figure changed once it passed)
    otherwise keeps a verification report that says nothing of the new text. The report is looked
    for where ``audit.verified_report.verified_report_candidates`` says (its absolute path at
    verification first), or at ``given`` (``--report``: it moved). A report not found is ``missing``,
    which the check does not pass: its text was not compared, so nothing says it is the text
    verified. Line endings alone (a CRLF checkout) are no change."""
    info = raw.get("input") if isinstance(raw.get("input"), dict) else {}
    recorded, path = info.get("report_sha256"), info.get("report_path")
    if not isinstance(path, str) or not path or not isinstance(recorded, str):
        return [], None
    found = verified_report_candidates(raw, report_json_path, given)
    if not found:
        where = f"not at {given}" if given is not None else "not at its recorded path"
        return [], (f"NOT VERIFIED: the verified report {path} is {where}, so its text was not compared with "
                    "input.report_sha256; pass --report PATH to name where it is now")
    texts = {c: _report_text(c) for c in found}
    if any(t is not None and hashes_as_verified(t, recorded) for t in texts.values()):
        return [], None
    where, now = next(iter(texts.items()))
    digest = hashlib.sha256(now.encode("utf-8")).hexdigest()[:12] if now is not None else "nothing readable"
    return [f"input.report_sha256 is {recorded[:12]}…, but {where} now hashes to {digest}…: "
            "the report was changed after it was verified (verify it again)"], None


def _report_text(path: Path) -> str | None:
    from citeproof.errors import InputError
    from citeproof.report_input import decode_report

    try:
        return decode_report(path.read_bytes(), str(path))
    except (OSError, InputError):
        return None  # unreadable, binary or emptied: whatever it is, not the text that was verified


def _count_problems(sem: dict[str, Any], run_lines: list[LogLine]) -> list[Problem]:
    problems = []
    if not sem.get("run_id"):
        problems.append(Problem(None, "semantic_audit.run_id is missing: cannot tell this run's lines apart"))
    expected = sem.get("audit_log_entries")
    if expected != len(run_lines):
        problems.append(Problem(None, f"report says audit_log_entries={expected}, the log holds {len(run_lines)} line(s) for run {sem.get('run_id')}"))
    return problems


def report_problems(raw: dict[str, Any], report: AuditedReport) -> list[Problem]:
    """What is wrong with the report on its own, before any log is read: a headline that does
    not follow from its claims, or judged claims in a report that says the judge never ran.
    ``audit check`` and ``audit replay`` both start here."""
    return headline_problems(raw) + judge_off_problems(report.semantic_audit, report.claims)


def judge_off_problems(sem: dict[str, Any], claims: list[dict[str, Any]]) -> list[Problem]:
    """A report whose ``semantic_audit`` says the judge never ran has no log to hold its claims
    to, so none of them may say the judge decided it: a forger who switched the audit off would
    otherwise pass claims labelled ``tier2`` with no line behind them. (The pipeline gives no
    claim a judge result when the judge did not run.)"""
    if sem.get("enabled"):
        return []
    problems = []
    for claim in claims:
        judge = claim.get("judge") or {}
        if claim.get("decided_by") == "tier2":
            said = "is decided_by tier2"
        elif judge.get("verdict") is not None:
            said = f"carries judge verdict {judge['verdict']!r}"
        elif judge.get("audit_sequences"):
            said = f"points at audit sequences {list(judge['audit_sequences'])}"
        elif claim.get("judge") is not None:
            said = "carries a judge result"
        else:
            continue
        problems.append(Problem(None, f"claim {claim.get('id')} {said}, but semantic_audit says the judge never ran (enabled: false)"))
    return problems


def outcome_count_problems(sem: dict[str, Any], claims: list[dict[str, Any]]) -> list[Problem]:
    """``semantic_audit.budget_exhausted`` and ``judge_errors`` count the claims whose judge result
    ended so (the runner counts its judgements, which become those results): a claim relabelled
    ``pass`` out of a budget-exhausted run would otherwise leave a counter nothing backs."""
    if not sem.get("enabled"):
        return []
    errors = [str((c.get("judge") or {}).get("error")) for c in claims if (c.get("judge") or {}).get("error") is not None]
    problems = []
    for field, want in (("budget_exhausted", errors.count(BUDGET_EXHAUSTED)),
                        ("judge_errors", sum(e != BUDGET_EXHAUSTED for e in errors))):
        said = sem.get(field, 0)  # absent is the model's default, 0
        if said != want:
            problems.append(Problem(None, f"semantic_audit.{field} is {said}, {want} claim(s) carry that judge outcome"))
    return problems


def headline_problems(raw: dict[str, Any]) -> list[Problem]:
    """Does the report's headline follow from its claims, rules and findings, as the pipeline
    derives it? A report edited to read PASS over a failed claim is caught here. (A file with
    no verdict is not a whole report; there is no headline to hold.)"""
    verdict = raw.get("verdict")
    if verdict is None:
        return []
    if not isinstance(verdict, str) or verdict not in EXIT_CODES:
        return [Problem(None, f"verdict is {verdict!r}, not one of pass, blocked, incomplete")]
    for field, kind in (("totals", dict), ("claims", list), ("rules", list), ("findings", list)):
        if field in raw and not isinstance(raw[field], kind):
            return [Problem(None, f"{field} is {type(raw[field]).__name__}, not a {kind.__name__}")]
    claims = [c for c in raw.get("claims") or [] if isinstance(c, dict)]
    statuses = Counter(c.get("status") for c in claims)
    problems = []
    totals = raw.get("totals") if isinstance(raw.get("totals"), dict) else {}
    for field, want in (("claims", len(claims)), ("passed", statuses["pass"]), ("failed", statuses["fail"]),
                        ("undecided", statuses["undecided"]), ("unverified", statuses["unverified"])):
        if field in totals and totals[field] != want:
            problems.append(Problem(None, f"totals.{field} is {totals[field]}, the claims hold {want}"))
    if "verified_count" in raw and raw["verified_count"] != statuses["pass"]:
        problems.append(Problem(None, f"verified_count is {raw['verified_count']}, {statuses['pass']} claim(s) pass"))
    blocking = statuses["fail"] or any(isinstance(t, dict) and (t.get("blocked") or 0) > 0 for t in raw.get("rules") or []) \
        or any(isinstance(f, dict) and f.get("severity") == "critical" for f in raw.get("findings") or [])
    open_claims = statuses["undecided"] or statuses["unverified"]
    derived = "blocked" if blocking else "incomplete" if open_claims else None
    if derived is not None and verdict != derived:
        problems.append(Problem(None, f"verdict is {verdict!r}, but its claims and rules make it {derived!r}"))
    if "would_block" in raw and raw["would_block"] != (verdict != "pass"):
        problems.append(Problem(None, f"would_block is {raw['would_block']} for verdict {verdict!r}"))
    expected_exit = exit_code_for(verdict, str(raw.get("mode")))
    if "exit_code" in raw and raw["exit_code"] != expected_exit:
        problems.append(Problem(None, f"exit_code is {raw['exit_code']}, verdict {verdict!r} in {raw.get('mode')} mode gives {expected_exit}"))
    return problems


def _head_problems(sem: dict[str, Any], run_lines: list[LogLine]) -> list[Problem]:
    """The run's last line must be the one the report recorded: a chain can be recomputed by
    anyone who edits the log, but not without the report's head changing too."""
    head = sem.get("audit_log_head")
    if not run_lines:
        return [] if head is None else [Problem(None, f"report records audit_log_head {str(head)[:12]}…, the log holds no line of its run")]
    last = run_lines[-1]
    if head is None:
        return [Problem(None, "report records no audit_log_head: the log cannot be held to the run that wrote it")]
    if last.record is not None and last.record.hash != head:
        entries = sem.get("audit_log_entries")
        if isinstance(entries, int) and entries > len(run_lines):
            # the run wrote lines past this one and they are gone (cut off, or torn mid-line):
            # the break is the line after it, not this intact one
            return [Problem(last.number + 1, f"missing or broken: the run's last whole line is line {last.number} (hash "
                                             f"{last.record.hash[:12]}…), the report recorded {str(head)[:12]}… and "
                                             f"{entries} line(s): the log was cut after the run")]
        return [Problem(last.number, f"the run's last line has hash {last.record.hash[:12]}…, the report recorded {str(head)[:12]}…: "
                                     "the log was rewritten after the run")]
    return []


def _budget_problems(sem: dict[str, Any], run_lines: list[LogLine]) -> list[Problem]:
    problems = []
    calls = [ln for ln in run_lines if ln.record and not ln.record.cached]
    hits = [ln for ln in run_lines if ln.record and ln.record.cached]
    for ln in run_lines:
        rec = ln.record
        assert rec is not None
        spent = rec.budget_before - rec.budget_after
        if spent != (0 if rec.cached else 1):
            kind = "a cache hit" if rec.cached else "a request"
            problems.append(Problem(ln.number, f"{kind} spent {spent} call(s) (budget {rec.budget_before} -> {rec.budget_after})"))
    budget = sem.get("call_budget")
    for field, want in (("calls_made", len(calls)), ("cache_hits", len(hits))):
        if sem.get(field) != want:
            problems.append(Problem(None, f"report says {field}={sem.get(field)}, the log holds {want}"))
    if isinstance(budget, int):
        if sem.get("calls_remaining") != budget - len(calls):
            problems.append(Problem(None, f"calls_remaining={sem.get('calls_remaining')} but call_budget {budget} - {len(calls)} calls = {budget - len(calls)}"))
        reserved = sorted((ln.record.budget_before for ln in calls if ln.record), reverse=True)
        if reserved != list(range(budget, budget - len(calls), -1)):
            problems.append(Problem(None, f"budget reservations are not exactly {budget}..{budget - len(calls) + 1} (a call reserved twice or outside the budget)"))
    else:
        problems.append(Problem(None, "semantic_audit.call_budget is missing"))
    return problems


_MODE_ORDER = MODES  # the judge's ladder, which only steps down


def _run_field_problems(sem: dict[str, Any], run_lines: list[LogLine]) -> list[Problem]:
    """The run's judge as the report describes it (model, endpoint, prompt version, output
    mode, tokens) is the one its lines record: every line names them, so a report edited to
    name another model or endpoint, or to hide tokens, no longer matches its own log."""
    records = [ln.record for ln in run_lines if ln.record is not None]
    if not records:
        return []
    problems = []
    for field in ("model", "base_url", "prompt_version"):
        logged = sorted({getattr(rec, field) for rec in records})
        if logged != [sem.get(field)]:
            problems.append(Problem(None, f"report says semantic_audit.{field}={sem.get(field)!r}, the run's lines say {logged}"))
    # the models the replies named: a report edited to hide a substituted model no longer matches
    served = sorted({rec.response_model for rec in records if rec.response_model is not None})
    if sorted(sem.get("served_models") or []) != served:
        problems.append(Problem(None, f"report says semantic_audit.served_models={sem.get('served_models') or []}, "
                                      f"the run's lines say {served}"))
    requests = [rec for rec in records if not rec.cached]
    for field in ("prompt_tokens", "completion_tokens"):
        total = sum(getattr(rec, field) or 0 for rec in requests)
        if sem.get(field, 0) != total:
            problems.append(Problem(None, f"report says semantic_audit.{field}={sem.get(field, 0)}, the run's requests sum to {total}"))
    allowed = _final_modes(requests)
    if allowed and sem.get("output_mode") not in allowed:
        problems.append(Problem(None, f"report says semantic_audit.output_mode={sem.get('output_mode')!r}, "
                                      f"the run's requests leave it at {' or '.join(map(repr, allowed))}"))
    return problems


def _final_modes(requests: list[Any]) -> list[str]:
    """The output mode a run can end in, from its requests: the lowest rung any request used, or
    the rung below it when a request at that rung was refused (the judge stepped down and the
    budget may have run out before a request used it). A cache hit records the mode of the
    answer it reused, not the judge's, so it says nothing here. Empty when unknowable."""
    modes = [rec.output_mode for rec in requests if rec.output_mode in _MODE_ORDER]
    if not modes:
        return []
    lowest = max(modes, key=_MODE_ORDER.index)
    allowed = [lowest]
    stepped = any(rec.output_mode == lowest and rec.error == "rejected_output_mode" for rec in requests)
    if stepped and _MODE_ORDER.index(lowest) + 1 < len(_MODE_ORDER):
        allowed.append(_MODE_ORDER[_MODE_ORDER.index(lowest) + 1])
    return allowed


def _verdict_problems(
    claims: list[dict[str, Any]], run_lines: list[LogLine], *, intact: bool, legacy_allowed: bool = True
) -> list[Problem]:
    """Each judged claim's verdict and status re-derived from its lines, as ``audit replay`` does:
    a verdict flipped in the report (a contradicted claim edited to supported and pass) is
    consistent in every count, and only the lines themselves say otherwise. Not derived from a
    log already found broken: its verdicts prove nothing, and the break is already named."""
    if not intact:
        return []
    derived = derive_verdicts([ln.record for ln in run_lines if ln.record is not None], legacy_allowed=legacy_allowed)
    return [Problem(None, f"claim {d.claim_id}: {d.message}") for d in compare_verdicts(claims, derived)]


def _claim_problems(claims: list[dict[str, Any]], run_lines: list[LogLine]) -> list[Problem]:
    by_sequence = {ln.record.sequence: ln.record for ln in run_lines if ln.record}
    problems = []
    for claim in claims:
        judge = claim.get("judge") or {}
        for seq in judge.get("audit_sequences") or []:
            rec = by_sequence.get(seq)
            if rec is None:
                problems.append(Problem(None, f"claim {claim.get('id')}: audit sequence {seq} is not a line of this run"))
            elif rec.claim_id != claim.get("id"):
                problems.append(Problem(seq, f"claim {claim.get('id')}: audit sequence {seq} belongs to claim {rec.claim_id}"))
    return problems
