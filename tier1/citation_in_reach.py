"""The rule shape shared by CP206 and CP209: a unit that is a claim only by what it states.

A diagram label or a heading that states a number is a claim the body's rules check; what it
alone has is where its citation may come from (the diagram, the section it heads). A subclass
names its unit kind, its finding code and the advice for a claim with no citation in reach.
"""

from __future__ import annotations

from typing import ClassVar

from citeproof.model import Claim, RuleOutcome, UnitKind
from tier1.context import ClaimContext
from tier1.rule import Rule


class CitationInReach(Rule):
    scope = "claim"
    unit: ClassVar[UnitKind]
    code: ClassVar[str]

    def unanchored(self, claim: Claim) -> str:
        """The finding's message: what states a number, and where a citation would go."""
        raise NotImplementedError

    def check_claim(self, ctx: ClaimContext) -> RuleOutcome:
        claim = ctx.claim
        if claim.unit != self.unit:
            return self.na(claim.id)
        if claim.anchors:
            return self.ok(claim.id)
        return self.fail(
            self.finding(self.code, self.unanchored(claim), claim_id=claim.id, location=claim.location),
            claim_id=claim.id,
        )
