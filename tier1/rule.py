"""The unit every Tier 1 rule is: an id, a severity, a doc, examples, and a check.

A rule reports three facts per unit it looks at (``citeproof.model.RuleOutcome``):
*applicable* (could it judge at all), *passed* (the metric) and *blocks* (does it stop
publication). "Did not cite" and "had nothing citable" are different facts, and a rule
that applied nowhere is n/a in the totals, never a clean sweep.

Each rule's examples are tiny reports with their own sources; ``tests/tier1/test_rule_examples.py``
runs every one of them through the real pipeline, so a doc can never drift from behaviour.
"""

from __future__ import annotations

from abc import ABC
from typing import TYPE_CHECKING, ClassVar, Literal

from citeproof.model import Finding, Frozen, Location, RuleOutcome, Severity

if TYPE_CHECKING:
    from tier1.context import ClaimContext, ReportContext


class RuleDoc(Frozen):
    what: str  # what it checks
    why: str  # why it matters (which failure it prevents)
    fails: str  # what makes it fail
    passes: str  # what makes it pass
    not_applicable: str  # when it reports n/a


class RuleExample(Frozen):
    """A self-contained case: a report, the files of its sources folder, and the expected outcome.

    expect: ``fail`` — at least one applicable unit does not pass (and, for a blocking
    rule, the rule blocks); ``pass`` — applicable somewhere and every applicable unit
    passes; ``na`` — applicable nowhere.

    reason: for a ``fail`` example, the finding code the rule must give (or, for a rule
    that leaves a claim undecided instead, a phrase of its reason): a bad example that
    fails for another reason documents nothing about the rule.
    """

    name: str
    expect: Literal["pass", "fail", "na"]
    reason: str | None = None
    report: str
    format: Literal["html", "markdown"] = "markdown"
    sources: dict[str, str] = {}
    lang: Literal["en", "zh"] = "en"
    options: dict[str, object] = {}  # passed to VerifyOptions (e.g. required_channels)


class Rule(ABC):
    """Base class. Subclasses set the class attributes and override one check method."""

    id: ClassVar[str]  # stable code, e.g. "CP104"; never reused
    name: ClassVar[str]  # kebab-case, says what is flagged
    severity: ClassVar[Severity]
    scope: ClassVar[Literal["claim", "report"]] = "claim"
    doc: ClassVar[RuleDoc]
    examples: ClassVar[tuple[RuleExample, ...]] = ()

    @property
    def blocking(self) -> bool:
        return self.severity == "critical"

    # Claim-scoped rules override this.
    def check_claim(self, ctx: ClaimContext) -> RuleOutcome:  # pragma: no cover - abstract-ish
        raise NotImplementedError

    # Report-scoped rules override this: one outcome per unit they judged (claims,
    # diagrams, channels, the report itself), so totals count units, not calls.
    def check_report(self, ctx: ReportContext) -> list[RuleOutcome]:  # pragma: no cover
        raise NotImplementedError

    # Helpers so every rule builds outcomes the same way.
    def finding(
        self,
        code: str,
        message: str,
        *,
        claim_id: str | None = None,
        location: Location | None = None,
        severity: Severity | None = None,
    ) -> Finding:
        return Finding(
            rule=self.id,
            code=code,
            severity=severity or self.severity,
            message=message,
            claim_id=claim_id,
            location=location,
        )

    def na(self, claim_id: str | None = None) -> RuleOutcome:
        return RuleOutcome.not_applicable(self.id, claim_id)

    def ok(self, claim_id: str | None = None) -> RuleOutcome:
        return RuleOutcome(rule=self.id, applicable=True, passed=True, blocks=False, claim_id=claim_id)

    def fail(self, *findings: Finding, claim_id: str | None = None, blocks: bool | None = None) -> RuleOutcome:
        """An applicable unit that did not pass; blocks iff the rule (or a finding) is critical."""
        if blocks is None:
            blocks = any(f.severity == "critical" for f in findings)
        return RuleOutcome(
            rule=self.id, applicable=True, passed=False, blocks=blocks, findings=findings, claim_id=claim_id
        )

    def verdict(self, findings: list[Finding] | tuple[Finding, ...], claim_id: str | None = None) -> RuleOutcome:
        """Applicable: pass when nothing was found, otherwise fail with the findings."""
        return self.fail(*findings, claim_id=claim_id) if findings else self.ok(claim_id)

    def undecided(self, why: str, *findings: Finding, claim_id: str | None = None) -> RuleOutcome:
        """Applicable, not failed, not deterministically passed: the claim goes to Tier 2."""
        return RuleOutcome(
            rule=self.id, applicable=True, passed=False, blocks=False, undecided=why,
            findings=findings, claim_id=claim_id,
        )

