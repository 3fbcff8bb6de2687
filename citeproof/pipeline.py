"""The glue: parse → resolve anchors → Tier 1 rules → claim statuses → Tier 2 → report.

Nothing below this module imports it. Statuses follow SPEC §3/§7:

* **fail** — some rule blocks the claim (a critical finding), or the judge said
  contradicted / not_enough_info;
* **pass** — nothing failed and claim-support (CP105) established deterministic support
  with every applicable rule passing, or the judge said supported with a checked quote;
* **undecided** — neither; the only claims Tier 2 ever sees;
* **unverified** — the judge was wanted but could not answer (budget, provider error).
"""

from __future__ import annotations

import gc
import hashlib
import json
import os
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict, Field

from citeproof import __version__
from citeproof.errors import InputError
from citeproof.memo import RunMemo
from citeproof.model import Claim, Finding, ParsedReport, ReportFormat, RuleOutcome
from citeproof.report import (
    JudgeResult,
    AnchorAudit,
    AnchorResult,
    ClaimResult,
    InputInfo,
    Mode,
    RuleTally,
    SemanticAudit,
    Totals,
    VerificationReport,
    exit_code_for,
)
from citeproof.resolution import resolve_anchor
from citeproof.settings import Settings
from citeproof.sources.types import Resolution
from citeproof.values.assess import NumberAssessment
from tier1.context import ClaimContext, ReportContext
from tier1.registry import load_rules
from tier1.rule import Rule
from tier2.options import Tier2Options

if TYPE_CHECKING:  # the store is only named in annotations here
    from citeproof.sources.store import SourceStore

CLAIM_SUPPORT_RULE = "CP105"
JUDGE_RULE = "T2"  # reasons written by the Tier 2 judge carry this rule id


class VerifyOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    mode: Mode = "enforce"
    settings: Settings = Field(default_factory=Settings)
    retrieved_path: Path | None = None
    tier2: Tier2Options | None = None
    report_path: str | None = None
    progress: bool = False
    # the variable holding the key the report is sealed with (``audit.seal``); the judge's
    # audit key when none is named here
    seal_key_env: str | None = None


@dataclass
class _ClaimState:
    claim: Claim
    resolutions: list[Resolution]
    outcomes: list[RuleOutcome] = field(default_factory=list)
    numbers: list[NumberAssessment] = field(default_factory=list)
    status: str = "undecided"
    decided_by: str | None = None
    reasons: list[Finding] = field(default_factory=list)
    undecided: list[str] = field(default_factory=list)
    judge: JudgeResult | None = None
    held: str = ""  # why a claim that fails read one way is not failed (``_read_with_unsure``)


def detect_format(path: str | None, text: str) -> ReportFormat:
    if path:
        suffix = Path(path).suffix.lower()
        if suffix in {".html", ".htm", ".xhtml"}:
            return "html"
        if suffix in {".md", ".markdown", ".mdown", ".txt"}:
            return "markdown"
    head = text.lstrip()[:512].lower()
    if head.startswith(("<!doctype html", "<html", "<body", "<div", "<p", "<section", "<article", "<h1", "<h2")):
        return "html"
    return "markdown"


def _safe_claim_check(rule: Rule, ctx: ClaimContext) -> RuleOutcome:
    try:
        outcome = rule.check_claim(ctx)
    except Exception as exc:  # a crashing rule is a reported, blocking result — never an aborted run
        return _crash(rule, exc, ctx.claim.id)
    if outcome.claim_id is None:
        outcome = outcome.model_copy(update={"claim_id": ctx.claim.id})
    return outcome


def _says_something(outcome: RuleOutcome) -> bool:
    """Whether a claim's outcome can count anywhere: one that did not apply, blocks nothing and
    found nothing adds to no status (``_settle``), tally (``_tally``) or finding, and held to the
    end of the run, such outcomes grew with every claim (most of 14 rules x 20,000 claims)."""
    return outcome.applicable or outcome.blocks or bool(outcome.findings) or outcome.undecided is not None


def _crash(rule: Rule, exc: Exception, claim_id: str | None) -> RuleOutcome:
    finding = Finding(
        rule=rule.id,
        code="rule_crashed",
        severity="critical",
        message=f"rule {rule.id} ({rule.name}) crashed: {type(exc).__name__}: {exc}",
        claim_id=claim_id,
    )
    return RuleOutcome(rule=rule.id, applicable=True, passed=False, blocks=True, findings=(finding,), claim_id=claim_id)


def _tally(rules: list[Rule], outcomes: list[RuleOutcome]) -> list[RuleTally]:
    by_rule: dict[str, list[RuleOutcome]] = {}
    for o in outcomes:
        if o.applicable:
            by_rule.setdefault(o.rule, []).append(o)
    tallies = []
    for rule in rules:
        mine = by_rule.get(rule.id, [])
        applicable = len(mine)
        passed = sum(1 for o in mine if o.passed)
        blocked = sum(1 for o in mine if o.blocks)
        if applicable == 0:
            status, rate = "n/a", None
        else:
            status = "pass" if passed == applicable and blocked == 0 else "fail"
            rate = round(passed / applicable, 4)
        tallies.append(
            RuleTally(
                id=rule.id, name=rule.name, severity=rule.severity, applicable=applicable,
                passed=passed, blocked=blocked, status=status, pass_rate=rate,
            )
        )
    return tallies


def _risk(claim: Claim) -> int:
    """Judge order: a wrong pass on a number or a drug costs most, so those go first."""
    signals = set(claim.fact_signals)
    return 4 * ("number" in signals) + 2 * ("drug" in signals or "entity" in signals) + ("comparative" in signals or "causal" in signals)


def _claim_outcomes(ctx: ClaimContext, claim_rules: list[Rule]) -> list[RuleOutcome]:
    return [o for rule in claim_rules if _says_something(o := _safe_claim_check(rule, ctx))]


def _read_with_unsure(state: _ClaimState, ctx: ClaimContext, claim_rules: list[Rule]) -> None:
    """A claim whose sentence lost text that may be on screen after all (white on a ground not
    known, a rule not decided) fails only if it fails read with that text too: its absence must
    not fail an honest claim ('4<span>5</span>%' checked as "4%"), and a fabricated figure fails
    either way. Read with it, the claim still cannot pass: CP105 holds any claim with unsure text."""
    claim = state.claim
    reread = ClaimContext(
        claim=claim.model_copy(update={"text": claim.text_with_unsure}),
        resolutions=ctx.resolutions, settings=ctx.settings, store=ctx.store, memo=ctx.memo,
    )
    outcomes = _claim_outcomes(reread, claim_rules)
    if any(o.blocks for o in outcomes):
        return
    state.outcomes = outcomes
    state.held = f"it fails only read without the text it may not draw ('{claim.text_with_unsure}' does not fail)"


def _settle(state: _ClaimState) -> None:
    blocking = [o for o in state.outcomes if o.blocks]
    state.reasons = [f for o in state.outcomes for f in o.findings if f.severity in ("critical", "major")]
    if blocking:
        state.status, state.decided_by = "fail", "tier1"
        return
    applicable = [o for o in state.outcomes if o.applicable]
    support = next((o for o in applicable if o.rule == CLAIM_SUPPORT_RULE), None)
    undecided = [o.undecided for o in applicable if o.undecided]
    if support is not None and support.passed and all(o.passed for o in applicable) and not undecided:
        state.status, state.decided_by = "pass", "tier1"
        return
    state.status, state.decided_by = "undecided", None
    if state.held:
        undecided.append(state.held)
    if undecided:
        state.undecided = list(dict.fromkeys(undecided))
    elif support is None:
        state.undecided = ["no cited window to compare against"]
    else:
        state.undecided = ["not deterministically supported"]


def run(report_text: str, fmt: ReportFormat, sources_dir: Path | None, options: VerifyOptions) -> VerificationReport:
    # Tier 1 allocates many small, acyclic objects; the cyclic collector's passes over them
    # cost ~25% at 10x size and free nothing. Paused for Tier 1 and the report build (Tier 2
    # runs threads, so it runs with the collector on). Re-enabled only once this run's
    # intermediates are unreachable, the first collection then walks the report alone, not
    # every window, index and outcome Tier 1 allocated.
    enabled = gc.isenabled()
    gc.disable()
    tier1: dict | None = None
    try:
        tier1 = _run_tier1(report_text, fmt, sources_dir, options)
        if enabled and options.tier2 is not None:
            gc.enable()
        semantic = _run_tier2(tier1["body"], options)
        report = _build_report(report_text=report_text, fmt=fmt, sources_dir=sources_dir, options=options, semantic=semantic, **tier1)
        return _sealed(report, options)
    finally:
        tier1 = None  # noqa: F841 — drops the intermediates before the collector resumes
        if enabled:
            gc.enable()


def _sealed(report: VerificationReport, options: VerifyOptions) -> VerificationReport:
    """``report`` with its keyed seal (``audit.seal``) when the run has an audit key: the log
    records only the judge, the seal holds every verdict, Tier 1's included."""
    name = options.seal_key_env or (options.tier2.audit_key_env if options.tier2 is not None else None)
    if not name:
        return report
    from audit.seal import make_seal
    from citeproof.report import ReportSeal
    from tier2.options import env_key_problem

    if (problem := env_key_problem("--audit-key-env", name)) is not None:
        raise InputError(f"{problem}; the report is not written unsealed")
    # sealed as it is written and read back: the JSON text, not the Python objects
    written = json.loads(report.model_dump_json())
    seal = make_seal(written, os.environ[name].encode("utf-8"))
    return report.model_copy(update={"seal": ReportSeal(**seal)})


def _headings_only(parsed: ParsedReport) -> bool:
    """The report shows headings and code blocks and nothing else: no claim, diagram or other
    block. Code is never read as claims, so a report that is all code (the body indented or in
    a <pre>) holds nothing to check, as an outline does not."""
    return not parsed.claims and not parsed.mermaid and all(b.kind in ("heading", "code") for b in parsed.blocks)


def _nothing_to_check(parsed: ParsedReport, where: str) -> str:
    has_code = any(b.kind == "code" for b in parsed.blocks)
    message = f"report has no text besides headings{' and code blocks' if has_code else ''}: {where}"
    cited = next((f for f in parsed.findings if f.code == "anchor_in_code"), None)
    return message + (f" ({cited.message})" if cited is not None else "")


def _run_tier1(report_text: str, fmt: ReportFormat, sources_dir: Path | None, options: VerifyOptions) -> dict:
    from citeproof.parse import parse_report  # building blocks imported here keep `citeproof` import light

    settings = options.settings
    if not report_text.strip():
        raise InputError(f"report is empty: {options.report_path or '<text>'}")

    store = None
    if sources_dir is not None:
        from citeproof.sources.store import SourceStore

        store = SourceStore(Path(sources_dir), settings)
    retrieved = None
    if options.retrieved_path is not None:
        from citeproof.retrieval import load_retrieved

        retrieved = load_retrieved(Path(options.retrieved_path), settings)

    # Loaded before parsing: drug mentions make a sentence fact-bearing, and a broken
    # lexicon or PubTator file is an input error here rather than a crash in every claim.
    from citeproof.lexicon import DETECTOR_MEMO, load_drug_detector

    drugs = load_drug_detector(settings, Path(sources_dir) if sources_dir is not None else None)
    parsed: ParsedReport = parse_report(report_text, fmt, settings, detectors=[drugs])
    if not parsed.blocks and not parsed.claims and not parsed.mermaid:
        # Only scripts, comments or hidden elements: nothing a reader sees, so nothing was verified.
        raise InputError(f"report has no visible text: {options.report_path or '<text>'}")
    if _headings_only(parsed):
        # An outline (# 报告 / ## 结果) says nothing to verify or publish: a draft whose body is
        # missing, as an empty file is, not a report that passed. Prose without facts still passes.
        raise InputError(_nothing_to_check(parsed, options.report_path or "<text>"))
    rules = load_rules()
    claim_rules = [r for r in rules if r.scope == "claim"]
    report_rules = [r for r in rules if r.scope == "report"]

    states: dict[str, _ClaimState] = {}
    memo = store.memo if store is not None else RunMemo()  # RAG mode memoises per run too
    memo.derived(settings, DETECTOR_MEMO, lambda _: drugs)  # CP301 uses the detector built above
    all_outcomes: list[RuleOutcome] = []
    cited = _files_per_claim(parsed.claims, store)
    citing = Counter(f for files in cited for f in files)
    for claim, files in zip(parsed.claims, cited):
        resolutions = [resolve_anchor(a, store, retrieved) for a in claim.anchors]
        state = _ClaimState(claim=claim, resolutions=resolutions)
        states[claim.id] = state
        ctx = ClaimContext(claim=claim, resolutions=resolutions, settings=settings, store=store, memo=memo)
        state.outcomes = _claim_outcomes(ctx, claim_rules)
        if claim.text_with_unsure and any(o.blocks for o in state.outcomes):
            _read_with_unsure(state, ctx, claim_rules)
        state.numbers = list(ctx.cache.get("numbers", []) or [])
        if store is not None:
            _release_spent(store, files, citing)

    rctx = ReportContext(
        report=parsed,
        settings=settings,
        store=store,
        sources_dir=Path(sources_dir) if sources_dir is not None else None,
        claim_resolutions={cid: s.resolutions for cid, s in states.items()},
        retrieved=retrieved,
    )
    report_findings: list[Finding] = []
    report_outcomes: list[RuleOutcome] = []
    for rule in report_rules:
        try:
            produced = rule.check_report(rctx)
        except Exception as exc:
            produced = [_crash(rule, exc, None)]
        for outcome in produced:
            if outcome.claim_id and outcome.claim_id in states:
                states[outcome.claim_id].outcomes.append(outcome)
            else:
                report_outcomes.append(outcome)
                report_findings.extend(f for f in outcome.findings)
                if outcome.undecided:
                    # Nothing downstream can settle it (the judge sees claims, not diagram labels),
                    # so the report stays incomplete rather than passing on an unverified number.
                    report_findings.append(
                        Finding(rule=outcome.rule, code="report_undecided", severity="major", message=outcome.undecided)
                    )

    for state in states.values():
        all_outcomes.extend(state.outcomes)
        # Source-list entries (references, appendix) are listings, not claims to support:
        # only their anchor findings count, at report level.
        if state.claim.in_source_list:
            continue
        _settle(state)
    all_outcomes.extend(report_outcomes)

    listing = [s for s in states.values() if s.claim.in_source_list]
    for s in listing:
        report_findings.extend(f for o in s.outcomes if o.blocks for f in o.findings)
    body = [s for s in states.values() if not s.claim.in_source_list]
    return {
        "parsed": parsed,
        "rules": rules,
        "outcomes": all_outcomes,
        "body": body,
        "report_outcomes": report_outcomes,
        "report_findings": report_findings,
    }


def _files_per_claim(claims: list[Claim], store: SourceStore | None) -> list[tuple[str, ...]]:
    """Each claim's cited files (real paths, once each), known before any file is read: the
    count of claims still to come per file, which ``_release_spent`` counts down."""
    if store is None:
        return [() for _ in claims]
    return [tuple(dict.fromkeys(f for a in c.anchors if (f := store.cited_file(a)) is not None)) for c in claims]


def _release_spent(store: SourceStore, files: tuple[str, ...], citing: Counter[str]) -> None:
    """Count a checked claim off its files and release each that no later claim cites: memory
    then grows with the files still to be checked, not with every file the report cites (a
    file cited again later stays held, so it is still read once)."""
    for f in files:
        citing[f] -= 1
        if citing[f] == 0:
            store.release(f)


def _run_tier2(body: list[_ClaimState], options: VerifyOptions) -> SemanticAudit:
    undecided = [s for s in body if s.status == "undecided"]
    if options.tier2 is None:
        note = None
        if undecided:
            note = (
                f"{len(undecided)} claim(s) left undecided: enable the judge with "
                "--tier2 --model M --base-url URL --call-budget N --audit-log PATH"
            )
        return SemanticAudit(enabled=False, note=note)

    from tier2.stage import run_tier2

    items = [(s.claim, s.resolutions, _risk(s.claim)) for s in undecided]
    outcome = run_tier2(items, options.tier2, progress=options.progress)
    by_claim = {j.claim_id: j for j in outcome.judgements}
    for s in undecided:
        j = by_claim.get(s.claim.id)
        if j is None:  # the stage answers every claim; if it ever does not, the claim is not verified
            s.status, s.decided_by = "unverified", None
            s.undecided.append("judge_error: no judgement returned")
            continue
        s.judge = j.to_judge_result()
        verdict = s.judge.verdict
        if j.passed:
            s.status, s.decided_by = "pass", "tier2"
        elif j.status == "judged":
            s.status, s.decided_by = "fail", "tier2"
            s.reasons.append(
                Finding(
                    rule=JUDGE_RULE,
                    code=f"judge_{verdict}",
                    severity="critical",
                    message=f"judge: {verdict} — {j.rationale or ''}".strip(),
                    claim_id=s.claim.id,
                    location=s.claim.location,
                )
            )
        else:
            s.status, s.decided_by = "unverified", None
            code = "budget_exhausted" if j.status == "budget_exhausted" else "judge_error"
            detail = f"{code}: {j.error}" if j.error and j.error != code else code
            s.undecided.append(detail)
            s.reasons.append(
                Finding(
                    rule=JUDGE_RULE, code=code, severity="major",
                    message=f"judge could not answer ({detail})",
                    claim_id=s.claim.id, location=s.claim.location,
                )
            )
    return outcome.to_semantic_audit()


def _anchor_result(res: Resolution) -> AnchorResult:
    a = res.anchor
    w = res.window
    return AnchorResult(
        raw=a.raw,
        kind=a.kind,
        source_id=a.source_id,
        locator=a.locator.raw if a.locator else None,
        channel=a.channel,
        resolved=w is not None,
        source_path=w.document.path if w is not None else None,
        # the saved file's lines, as the anchor's locator counts them (a JSON source's differ from its reader's)
        window_lines=(w.document.file_line(w.line_start), w.document.file_line_end(w.line_end)) if w is not None else None,
    )


def _build_report(
    *, report_text, fmt, sources_dir, options, parsed, rules, outcomes, body,
    report_outcomes, report_findings, semantic,
) -> VerificationReport:
    claims = []
    for s in body:
        claims.append(
            ClaimResult(
                id=s.claim.id,
                text=s.claim.text,
                location=s.claim.location,
                unit=s.claim.unit,
                fact_bearing=s.claim.fact_bearing,
                anchors=tuple(_anchor_result(r) for r in s.resolutions),
                status=s.status,
                decided_by=s.decided_by,
                reasons=tuple(s.reasons),
                undecided_reasons=tuple(s.undecided),
                numbers=tuple(n.to_result() for n in s.numbers),
                judge=s.judge,
            )
        )
    counts = Counter(c.status for c in claims)
    # Parse findings reach the verdict through CP100's outcomes (claim-level or report-level).
    report_blocks = any(o.blocks for o in report_outcomes) or any(f.severity == "critical" for f in report_findings)
    if counts["fail"] or report_blocks:
        verdict = "blocked"
    elif counts["undecided"] or counts["unverified"] or any(o.undecided for o in report_outcomes):
        verdict = "incomplete"
    else:
        verdict = "pass"
    would_block = verdict != "pass"
    exit_code = exit_code_for(verdict, options.mode)

    anchors = [(r, c) for s, c in zip(body, claims) for r in s.resolutions]
    non_url = [r for r, _ in anchors if r.anchor.kind != "url"]
    with_locator = sum(1 for r in non_url if r.anchor.locator is not None)
    verified_anchors = sum(
        1 for r, c in anchors
        if r.window is not None and (r.anchor.locator is not None or r.anchor.kind == "url") and c.status == "pass"
    )
    all_findings = [f for o in outcomes for f in o.findings] + list(report_findings) + [
        f for c in claims for f in c.reasons if f.rule == JUDGE_RULE
    ]
    seen: set[tuple] = set()
    by_reason: Counter[str] = Counter()
    for f in all_findings:
        key = (f.rule, f.code, f.claim_id, f.message)
        if key in seen or f.severity not in ("critical", "major"):
            continue
        seen.add(key)
        by_reason[f.code] += 1

    return VerificationReport(
        tool_version=__version__,
        generated_at=datetime.now(timezone.utc).isoformat(timespec="seconds"),
        input=InputInfo(
            report_path=options.report_path,
            report_sha256=hashlib.sha256(report_text.encode("utf-8")).hexdigest(),
            report_abspath=str(Path(options.report_path).resolve()) if options.report_path else None,
            format=fmt,
            sources_dir=str(sources_dir) if sources_dir is not None else None,
            retrieved_path=str(options.retrieved_path) if options.retrieved_path else None,
            settings_sha256=options.settings.digest(),
        ),
        mode=options.mode,
        verdict=verdict,
        would_block=would_block,
        exit_code=exit_code,
        verified_count=counts["pass"],
        totals=Totals(
            claims=len(claims),
            passed=counts["pass"],
            failed=counts["fail"],
            undecided=counts["undecided"],
            unverified=counts["unverified"],
            non_claim_sentences=max(parsed.total_sentences - len(parsed.claims), 0),
        ),
        anchor_audit=AnchorAudit(
            total_claims=len(claims),
            total_anchors=len(anchors),
            verified_count=verified_anchors,
            anchors_with_locator=with_locator,
            anchors_without_locator=len(non_url) - with_locator,
            unresolved_anchors=sum(1 for r, _ in anchors if r.window is None),
            violations_by_reason=dict(sorted(by_reason.items())),
        ),
        semantic_audit=semantic,
        rules=tuple(_tally(rules, outcomes)),
        findings=tuple(dict.fromkeys(report_findings)),
        claims=tuple(claims),
    )
