"""CP209 heading-numbers: a heading that states a measured figure is a claim, and needs a citation in reach.

Headings are not claims (a title such as "Safety" states nothing), but "ORR 62% in the
weekly arm" as a heading is read as a finding: a fabricated figure moved from a sentence into
its heading must not escape the checks, nor pass on less (a figure written over the other
arm). The parser makes such a heading a claim of unit ``heading``
(:mod:`citeproof.parse.heading_figures`), so the body's rules check it — numbers (CP104),
single-segment support (CP105), drugs (CP301) — and the judge sees it when they cannot
settle it. What only a heading has is where its citation may come from: this rule owns that.
"""

from __future__ import annotations

from typing import ClassVar

from citeproof.model import Claim
from tier1.citation_in_reach import CitationInReach
from tier1.rule import RuleDoc, RuleExample


class HeadingNumbers(CitationInReach):
    id = "CP209"
    name = "heading-numbers"
    severity = "critical"
    doc = RuleDoc(
        what=(
            "A heading that states a measured figure (a percentage, money, a dose, a rate, a statistic, a decimal; "
            "not a section number, a count, a year, a phase or a duration, which name what a section covers) is a "
            "claim (unit heading) of its text without anchors and section number. It cites, in order: an anchor "
            "written in the heading itself, or the anchors of the claims in the section it heads (its subsections "
            "included). The body's claim rules then check it like a sentence — numbers (CP104), one segment "
            "carrying it (CP105), drugs (CP301) — and the judge sees it when they leave it undecided. This rule "
            "checks that such a citation is in reach."
        ),
        why=(
            "A heading is read as a finding. A figure that appears only in a heading ('ORR 62% in the weekly arm') must "
            "not escape the check the same figure gets in a sentence, nor pass on less: a figure written over the "
            "other arm is in the record too."
        ),
        fails=(
            "The heading states a measured figure while neither it nor any claim of its section cites a source "
            "(heading_number_unanchored)."
        ),
        passes="The figure-bearing heading cites an anchor (its own, or its section's).",
        not_applicable=(
            "Claims that are not headings; headings that state no measured figure ('3.2 Dose escalation', "
            "'Week 24 results', 'Phase 3 trials')."
        ),
    )
    examples: ClassVar[tuple[RuleExample, ...]] = (
        RuleExample(
            name="unanchored-heading-figure-en",
            expect="fail",
            reason="heading_number_unanchored",
            report="# Market\n\n## A $12B market by 2030\n\nGrowth is expected to continue.\n",
        ),
        RuleExample(
            name="unanchored-heading-figure-zh",
            expect="fail",
            reason="heading_number_unanchored",
            lang="zh",
            report="# 结果\n\n## 每周组缓解率62%\n\n每周组的缓解率高于每月组。\n",
        ),
        RuleExample(
            name="supported-heading-figure-en",
            expect="pass",
            report=(
                "# Results\n\n## 2.1 Weekly arm: ORR 40%\n\n"
                "The weekly arm responded more often than the monthly arm [nct:NCT00000001#L1].\n"
            ),
            sources={"clinical_trials/NCT00000001.txt": "The weekly arm responded more often: ORR 40% versus 30%.\n"},
        ),
        RuleExample(
            name="supported-heading-figure-zh",
            expect="pass",
            lang="zh",
            report="# 结果\n\n## 每周组缓解率40% [nct:NCT00000001#L1]\n\n每周组的缓解率高于每月组。\n",
            sources={"clinical_trials/NCT00000001.txt": "每周组缓解率为40%，每月组为30%。\n"},
        ),
        RuleExample(
            name="label-headings-en",
            expect="na",
            report="# Results\n\n## 3.2 Week 24 outcomes in Phase 3 trials\n\nThe regimen was given for 24 weeks [nct:NCT00000001#L1].\n",
            sources={"clinical_trials/NCT00000001.txt": "The regimen was given for 24 weeks.\n"},
        ),
        RuleExample(
            name="label-headings-zh",
            expect="na",
            lang="zh",
            report="# 结果\n\n## 第二部分：24周疗效\n\n疗程为24周[nct:NCT00000001#L1]。\n",
            sources={"clinical_trials/NCT00000001.txt": "疗程为24周。\n"},
        ),
    )

    unit = "heading"
    code = "heading_number_unanchored"

    def unanchored(self, claim: Claim) -> str:
        return (
            f"heading {claim.text!r} at {claim.location.describe()} states a measured figure, but neither the "
            "heading nor any claim of its section cites a source; cite it in the heading or in a sentence of "
            "the section."
        )
