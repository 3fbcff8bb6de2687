"""CP209 heading-numbers: a measured figure in a heading needs the support a sentence's gets.

Headings are not claims (a title such as "Safety" states nothing), but "ORR 62% in the
weekly arm" as a heading is read as a finding, and before this rule it was published
unchecked: a fabricated figure moved from a sentence into its heading escaped every gate.
"""

from __future__ import annotations

import re
from typing import ClassVar

from citeproof.mermaid import strip_anchors
from citeproof.model import Anchor, Block, Finding, RuleOutcome
from citeproof.parse.anchors import scan_anchors
from citeproof.values import assess_atoms, claim_atoms
from citeproof.values.assess import claim_negated
from tier1.context import ReportContext
from tier1.rule import Rule, RuleDoc, RuleExample

# A heading's durations name the period its section covers ("Week 24", "12-month
# outcomes", "Results at 24 weeks"); they are labels, not findings, so only the other
# measures are held to the sources.
_LABEL_DIMS = frozenset({"time"})
# "2.1 Weekly arm", "2. Efficacy", "3.2.1 Dose", "2.疗效", "B. Safety", "IV. Costs": a section
# number, which would otherwise read as "2.1 per week". A leading figure followed by a unit
# ("200 mg once daily", "2.5亿美元") is no section number and stays.
_SECTION_NUMBER = re.compile(r"^\s*(?:\d+(?:\.\d+)*\.?\s+(?=[A-Z])|\d+(?:\.\d+)*\.(?!\d)\s*|[A-Z]\.\s+|[IVXLC]+\.\s+)")


def heading_text(heading: str) -> str:
    """The heading as it states things: without its anchors and its section number."""
    return _SECTION_NUMBER.sub("", strip_anchors(heading), count=1)


def measured_atoms(heading: str) -> list:
    """The heading's measured figures: a percentage, an amount of money, a dose, a rate, a
    statistic ("HR 0.72", "p=0.01"), a decimal or a fraction — not a section number ("2.1"),
    a whole count, a year, a phase or a duration (see ``_LABEL_DIMS``)."""
    return [a for a in claim_atoms(heading_text(heading)) if _is_measure(a)]


def _is_measure(atom) -> bool:
    if atom.label or atom.graded:
        return False
    if atom.dim:
        return atom.dim not in _LABEL_DIMS
    # a bare number: a statistic, a share or a decimal is measured; a whole number counts or names
    return bool(atom.stat) or atom.kind == "fraction" or atom.decimals > 0


class HeadingNumbers(Rule):
    id = "CP209"
    name = "heading-numbers"
    severity = "critical"
    scope = "report"
    doc = RuleDoc(
        what=(
            "Reads every heading of the report for measured figures (percentages, money, doses, rates; not section "
            "numbers, counts, years, phases or durations, which name what a section covers) and checks each with the "
            "body's numeric rule (citeproof.values) against, in order: an anchor written in the heading itself, or the "
            "anchors of the claims in the section it heads (its subsections included)."
        ),
        why=(
            "A heading is read as a finding. A figure that appears only in a heading ('ORR 62% in the weekly arm') must "
            "not escape the check the same figure gets in a sentence."
        ),
        fails=(
            "A heading's figure is in none of those windows (numeric_token_miss, naming the heading), or the heading "
            "states a figure while neither it nor any claim of its section cites a source (heading_number_unanchored)."
        ),
        passes="Every measured figure of every heading is supported; a merely plausible one leaves the report undecided.",
        not_applicable="No heading states a measured figure ('3.2 Dose escalation', 'Week 24 results', 'Phase 3 trials').",
    )
    examples: ClassVar[tuple[RuleExample, ...]] = (
        RuleExample(
            name="fabricated-heading-figure-en",
            expect="fail",
            reason="numeric_token_miss",
            report=(
                "# Results\n\n## Weekly arm: ORR 62%\n\n"
                "The weekly arm responded more often than the monthly arm [nct:NCT00000001#L1].\n"
            ),
            sources={"clinical_trials/NCT00000001.txt": "The weekly arm responded more often: ORR 40% versus 30%.\n"},
        ),
        RuleExample(
            name="fabricated-heading-figure-zh",
            expect="fail",
            reason="numeric_token_miss",
            lang="zh",
            report="# 结果\n\n## 每周组缓解率62%\n\n每周组的缓解率高于每月组[nct:NCT00000001#L1]。\n",
            sources={"clinical_trials/NCT00000001.txt": "每周组缓解率为40%，每月组为30%。\n"},
        ),
        RuleExample(
            name="unanchored-heading-figure-en",
            expect="fail",
            reason="heading_number_unanchored",
            report="# Market\n\n## A $12B market by 2030\n\nGrowth is expected to continue.\n",
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

    def check_report(self, ctx: ReportContext) -> list[RuleOutcome]:
        headings = [(b, atoms) for b in ctx.report.blocks if b.kind == "heading" and (atoms := measured_atoms(b.text))]
        if not headings:
            return [self.na()]
        sections = _section_anchors(ctx)
        return [self._judge(h, atoms, ctx, sections) for h, atoms in headings]

    def _judge(
        self, heading: Block, atoms: list, ctx: ReportContext, sections: dict[tuple[str, ...], dict[str, Anchor]]
    ) -> RuleOutcome:
        text = heading_text(heading.text)
        name = f"heading {strip_anchors(heading.text)!r} at line {heading.location.line}"
        anchors, origin = self._anchors_for(heading, ctx, sections)
        if not anchors:
            return self.fail(self.finding(
                "heading_number_unanchored",
                f"{name} states a measured figure, but neither the heading nor any claim of its section cites a "
                "source; cite it in the heading or in a sentence of the section.",
                location=heading.location,
            ))
        resolutions = [ctx.resolve(a) for a in anchors]
        windows = [r.window for r in resolutions if r.window is not None]
        kinds = [r.anchor.kind for r in resolutions if r.window is not None]
        if not windows:
            return self.fail(self.finding(
                "heading_anchor_unresolved",
                f"{name}: {origin} resolve(s) to no saved source, so its figures cannot be checked.",
                location=heading.location,
            ))
        models = ctx.models()
        assessed = assess_atoms(atoms, windows, kinds, negated=claim_negated(text, atoms), models=models)
        missing = [
            self.finding(
                "numeric_token_miss",
                f"{name}: {n.raw!r} ({n.normalised}) is not in the windows of {origin}" + (f" — {n.why}" if n.why else ""),
                location=heading.location,
            )
            for n in assessed
            if n.state == "missing"
        ]
        if missing:
            return self.fail(*missing)
        plausible = [f"{n.raw!r} is only plausible against {n.matched!r}" for n in assessed if n.state == "plausible"]
        if plausible:
            why = f"{name}: " + "; ".join(plausible)
            return self.undecided(why, self.finding("heading_number_plausible", why, location=heading.location, severity="major"))
        return self.ok()

    @staticmethod
    def _anchors_for(
        heading: Block, ctx: ReportContext, sections: dict[tuple[str, ...], dict[str, Anchor]]
    ) -> tuple[list[Anchor], str]:
        own = list(scan_anchors(heading.text, heading.location, ctx.settings, urls=False).anchors)
        if own:
            return own, "its own anchor"
        found = sections.get(heading.location.section_path, {})
        return list(found.values()), f"the {len(found)} anchor(s) of its section"


def _section_anchors(ctx: ReportContext) -> dict[tuple[str, ...], dict[str, Anchor]]:
    """Each section path → the anchors of the claims in it or in its subsections, built in
    one pass over the claims (a report of many figure-bearing headings stays linear)."""
    out: dict[tuple[str, ...], dict[str, Anchor]] = {}
    for claim in ctx.report.claims:
        path = claim.location.section_path
        for depth in range(1, len(path) + 1):
            bucket = out.setdefault(path[:depth], {})
            for anchor in claim.anchors:
                bucket.setdefault(anchor.raw, anchor)
    return out
