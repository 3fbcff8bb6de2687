"""CP103 strict-locator: production anchors say *where* in the source the claim is backed.

A bare ``[guideline:ID]`` makes the whole document the window: any number the document
mentions anywhere would "support" the claim. So a numeric claim whose anchor has no
locator is not strict evidence (SPEC §3.3) and blocks. A claim without numbers whose
anchor has no locator is not failed — its support can still be judged on the whole source
— but Tier 1 will not pass it deterministically: it is undecided, with a major finding.

URL anchors are exempt: they cite a retrieved chunk, which is already the passage the
answer was written from. Entries of a references/sources list are listings, not claims.
"""

from __future__ import annotations

from citeproof.model import Finding, RuleOutcome
from tier1.context import ClaimContext
from tier1.rule import Rule, RuleDoc, RuleExample

NUMBER_SIGNAL = "number"

_GUIDELINE = (
    "Dosing\n"
    "The usual starting dose for adults is 500 mg at night.\n"
    "Review the dose after 2 weeks.\n"
)
_GUIDELINE_ZH = "用法用量\n成人常用起始剂量为每晚500 mg。\n两周后复查剂量。\n"


class StrictLocator(Rule):
    id = "CP103"
    name = "strict-locator"
    severity = "critical"
    scope = "claim"
    doc = RuleDoc(
        what="Every non-URL anchor of a claim carries a locator (#L12, #L12-L18, #p3, #Results, #table2).",
        why="Without a locator the whole file is the cited window, so a number found anywhere in it "
        "would count as support; a numeric claim anchored only as [guideline:ID] or [evidence:path] "
        "is not strict evidence.",
        fails="A claim with a number cites an anchor without a locator (critical numeric_without_locator). "
        "A claim without numbers and an anchor without a locator gets a major anchor_without_locator "
        "finding and stays undecided (it does not block).",
        passes="Every non-URL anchor of the claim has a locator.",
        not_applicable="The claim has no non-URL anchors, or it is an entry of a references/sources list.",
    )
    examples = (
        RuleExample(
            name="located-en",
            expect="pass",
            report="# Dosing\n\nThe usual starting dose for adults is 500 mg at night [guideline:G1#L2].\n",
            sources={"guidelines/G1.txt": _GUIDELINE},
        ),
        RuleExample(
            name="numeric-bare-anchor-en",
            expect="fail",
            reason="numeric_without_locator",
            report="# Dosing\n\nThe usual starting dose for adults is 500 mg at night [guideline:G1].\n",
            sources={"guidelines/G1.txt": _GUIDELINE},
        ),
        RuleExample(
            name="no-anchor-en",
            expect="na",
            report="# Dosing\n\nThis section explains how the starting dose was chosen.\n",
            sources={"guidelines/G1.txt": _GUIDELINE},
        ),
        RuleExample(
            name="located-zh",
            expect="pass",
            lang="zh",
            report="# 用法用量\n\n成人常用起始剂量为每晚500 mg[guideline:G2#L2]。\n",
            sources={"guidelines/G2.txt": _GUIDELINE_ZH},
        ),
        RuleExample(
            name="numeric-bare-anchor-zh",
            expect="fail",
            reason="numeric_without_locator",
            lang="zh",
            report="# 用法用量\n\n成人常用起始剂量为每晚500 mg[evidence:dosing/G2.txt]。\n",
            sources={"evidence/dosing/G2.txt": _GUIDELINE_ZH},
        ),
        RuleExample(
            name="no-anchor-zh",
            expect="na",
            lang="zh",
            report="# 用法用量\n\n本节说明起始剂量的选择依据。\n",
            sources={"guidelines/G2.txt": _GUIDELINE_ZH},
        ),
    )

    def check_claim(self, ctx: ClaimContext) -> RuleOutcome:
        claim = ctx.claim
        anchors = [a for a in claim.anchors if a.kind != "url"]
        if not anchors or claim.in_source_list:
            return self.na(claim.id)
        bare = [a for a in anchors if a.locator is None]
        if not bare:
            return self.ok(claim.id)
        numeric = NUMBER_SIGNAL in claim.fact_signals
        findings: list[Finding] = []
        for anchor in bare:
            where = anchor.location.describe()
            if numeric:
                findings.append(
                    self.finding(
                        "numeric_without_locator",
                        f"anchor [{anchor.raw}] at {where} backs a numeric claim without a locator: "
                        f"add #L<line>, #p<page>, #<section> or #table<N> naming where the number is",
                        claim_id=claim.id,
                        location=anchor.location,
                    )
                )
            else:
                findings.append(
                    self.finding(
                        "anchor_without_locator",
                        f"anchor [{anchor.raw}] at {where} has no locator: the whole source is the cited window",
                        claim_id=claim.id,
                        location=anchor.location,
                        severity="major",
                    )
                )
        if numeric:
            return self.fail(*findings, claim_id=claim.id)
        return self.undecided(
            "anchor without a locator: support must be judged against the whole source", *findings, claim_id=claim.id
        )
