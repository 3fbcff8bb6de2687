"""``verification_report.json``: the models, and the atomic writer.

``schemas/verification_report.schema.json`` is generated from ``VerificationReport``
(``python -m citeproof.schemas``) and committed; a test fails with a diff when they drift.
Changing a field's shape bumps ``REPORT_SCHEMA_VERSION``.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Literal

from pydantic import Field

from citeproof.model import ClaimStatus, Finding, Frozen, Location
from citeproof.output_paths import written_through

REPORT_SCHEMA_VERSION = "1.0"

Verdict = Literal["pass", "blocked", "incomplete"]
# the gate's exit code for each verdict in enforce mode (report mode always exits 0); the
# pipeline sets it and `audit check` holds a report to it
EXIT_CODES: dict[str, int] = {"pass": 0, "blocked": 1, "incomplete": 3}


def exit_code_for(verdict: str, mode: str) -> int:
    """The exit code a report of ``verdict`` gives in ``mode``."""
    return 0 if mode == "report" else EXIT_CODES[verdict]
Mode = Literal["enforce", "report"]
DecidedBy = Literal["tier1", "tier2"]
NumberState = Literal["supported", "plausible", "missing"]


class AnchorResult(Frozen):
    raw: str
    kind: str
    source_id: str
    locator: str | None
    channel: str | None
    resolved: bool = Field(description="A backing file was found inside the sources folder.")
    source_path: str | None = Field(default=None, description="Path of the backing file, relative to the sources folder.")
    window_lines: tuple[int, int] | None = Field(default=None, description="Lines of the cited window (1-based, inclusive).")


class NumberResult(Frozen):
    raw: str = Field(description="The number as written in the claim.")
    normalised: str = Field(description="Value, unit, denominator and qualifier after normalisation.")
    state: NumberState
    matched: str | None = Field(default=None, description="What in the window supported it or made it plausible.")
    source_id: str | None = None


class JudgeResult(Frozen):
    verdict: str | None = Field(description="supported | contradicted | not_enough_info; None when no valid answer.")
    quote: str | None = None
    rationale: str | None = None
    error: str | None = Field(default=None, description="judge_error / budget_exhausted cause when the judge could not answer.")
    audit_sequences: tuple[int, ...] = Field(default=(), description="Sequence numbers of this claim's lines in audit.jsonl.")
    cached: bool = False


class ClaimResult(Frozen):
    id: str
    text: str
    location: Location
    unit: str
    fact_bearing: bool
    anchors: tuple[AnchorResult, ...]
    status: ClaimStatus
    decided_by: DecidedBy | None = Field(description="None when nothing decided it (undecided/unverified).")
    reasons: tuple[Finding, ...] = Field(default=(), description="Findings against this claim (why it failed).")
    undecided_reasons: tuple[str, ...] = Field(default=(), description="Why Tier 1 could not settle it.")
    numbers: tuple[NumberResult, ...] = ()
    judge: JudgeResult | None = None


class RuleTally(Frozen):
    id: str
    name: str
    severity: str
    applicable: int
    passed: int
    blocked: int
    status: Literal["pass", "fail", "n/a"] = Field(description="n/a when the rule applied to nothing (0/0 is not 100%).")
    pass_rate: float | None = Field(description="passed/applicable; null when n/a.")


class AnchorAudit(Frozen):
    total_claims: int
    total_anchors: int
    verified_count: int = Field(description="Anchors that resolved, carry a locator, and back a claim whose status is pass.")
    anchors_with_locator: int
    anchors_without_locator: int
    unresolved_anchors: int
    violations_by_reason: dict[str, int] = Field(description="Finding code → count (critical and major).")


def served_other_model(requested: str | None, served: str | None) -> bool:
    """Whether a reply names a model other than the one requested. A dated snapshot of it
    ("gpt-4o-mini-2024-07-18" for "gpt-4o-mini", as OpenAI answers) is the same model."""
    if served is None or requested is None:
        return False
    return served != requested and not served.startswith(f"{requested}-")


class SemanticAudit(Frozen):
    enabled: bool
    audit_log_path: str | None = None
    audit_log_entries: int = 0
    audit_log_head: str | None = Field(
        default=None,
        description="Hash of the last line this run wrote to the audit log. `audit check` holds the log to it: a log "
        "rewritten and re-chained after the run no longer ends where its report says.",
    )
    call_budget: int = 0
    calls_made: int = 0
    calls_remaining: int = 0
    cache_hits: int = 0
    judge_errors: int = 0
    budget_exhausted: int = Field(default=0, description="Claims left unverified because the budget ran out.")
    prompt_tokens: int = 0
    completion_tokens: int = 0
    model: str | None = None
    served_models: list[str] = Field(
        default_factory=list,
        description="Every model the server's replies named (the audit lines' response_model), sorted: a server may run "
        "another model than `model`, and the summary warns when one differs from it.",
    )
    base_url: str | None = None
    output_mode: str | None = None
    prompt_version: str | None = None
    run_id: str | None = None
    note: str | None = Field(default=None, description="How to enable the judge when it did not run.")

    @property
    def other_models(self) -> list[str]:
        """The served models that are not the requested one."""
        return [m for m in self.served_models if served_other_model(self.model, m)]


class InputInfo(Frozen):
    report_path: str | None
    report_sha256: str
    report_abspath: str | None = Field(
        default=None, description="The verified report's absolute path at verification: where `audit check` looks for it first."
    )
    format: str
    sources_dir: str | None
    retrieved_path: str | None = None
    settings_sha256: str | None = Field(
        default=None,
        description="sha256 of the settings the run used (--config and flags): `audit check --sources` re-runs "
        "Tier 1 and says when its settings differ.",
    )


class Totals(Frozen):
    claims: int
    passed: int
    failed: int
    undecided: int
    unverified: int
    non_claim_sentences: int = Field(description="Visible sentences that are neither fact-bearing nor anchored.")


class ReportSeal(Frozen):
    alg: Literal["hmac-sha256"]
    digest: str = Field(pattern=r"^[0-9a-f]{64}$",
                        description="HMAC-SHA256, with the audit key, over the canonical JSON (sorted keys, no spaces) of "
                        "the whole report but `seal`.")


class VerificationReport(Frozen):
    schema_version: str = REPORT_SCHEMA_VERSION
    tool_version: str
    generated_at: str
    input: InputInfo
    mode: Mode
    verdict: Verdict
    would_block: bool = Field(description="True when enforce mode would not publish (verdict is not pass).")
    exit_code: int
    verified_count: int = Field(description="Claims whose status is pass (Tier 1 or Tier 2).")
    totals: Totals
    anchor_audit: AnchorAudit
    semantic_audit: SemanticAudit
    rules: tuple[RuleTally, ...]
    findings: tuple[Finding, ...] = Field(default=(), description="Report-level findings (not tied to one claim).")
    claims: tuple[ClaimResult, ...]
    seal: ReportSeal | None = Field(
        default=None,
        description="Written when the run was given an audit key (--audit-key-env): `audit check` with the same key "
        "holds the whole report to it, Tier 1 verdicts included, which the log alone cannot. None without a key: a "
        "digest anyone can recompute would prove nothing.",
    )


def _mode_for(path: Path) -> int:
    try:
        return path.stat().st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def write_atomic(path: Path, text: str) -> None:
    """Write via a temp file in the same folder and rename, so no reader sees half a report.

    A symlink is followed: its target is written (beside it), the link stays. A path that is no
    regular file (a FIFO, a terminal, /dev/stdout) is written through: renaming over it would
    replace the pipe or the device node with a file nobody reads."""
    if written_through(path):
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
        return
    if path.is_symlink():
        path = Path(os.path.realpath(path))  # a regular file, or a link to none yet
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=str(path.parent))
    try:
        # mkstemp makes the file owner-only; a report is an artifact others read (CI, auditors),
        # so it gets what a plain open() would give: the old file's mode, else 0o666 less umask.
        os.fchmod(fd, _mode_for(path))
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
