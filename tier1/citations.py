"""CP101 citations: every fact-bearing claim carries an anchor.

"Fact-bearing" is decided once, by the parser (``citeproof.parse.facts``): a number, an
entity mention, a comparative or a causal assertion. A claim that asserts nothing checkable
(a heading, a transition sentence) is not applicable, so "did not cite" and "had nothing to
cite" stay different facts. Entries of a references/sources/appendix list are listings, not
analysis, and are not applicable either.
"""

from __future__ import annotations

from citeproof.model import RuleOutcome
from tier1.context import ClaimContext
from tier1.rule import Rule, RuleDoc, RuleExample

_MAX_QUOTE = 90

_CT = "Outcome: objective response rate\nArm A: 45% of participants responded.\nArm B: 20% of participants responded.\n"
_CT_ZH = "结局：客观缓解率\nA组：45%的受试者缓解。\nB组：20%的受试者缓解。\n"


def _quote(text: str) -> str:
    return text if len(text) <= _MAX_QUOTE else text[: _MAX_QUOTE - 1].rstrip() + "…"


class Citations(Rule):
    id = "CP101"
    name = "citations"
    severity = "critical"
    scope = "claim"
    doc = RuleDoc(
        what="Every fact-bearing claim (numbers, entity mentions, comparative or causal assertions) "
        "carries at least one anchor ([kind:id#locator] or a link to a retrieved URL).",
        why="An uncited fact cannot be checked against any source, so it would reach readers on the "
        "writer's word alone; this is the first gate every other evidence rule stands on.",
        fails="A fact-bearing claim in the body has no valid anchor (critical missing_anchor, naming the "
        "claim and its line). A malformed anchor does not count (CP100 reports it).",
        passes="The fact-bearing claim carries one or more anchors, wherever they sit in its sentence "
        "(including right after the full stop).",
        not_applicable="The unit asserts nothing checkable (headings, transition sentences such as "
        "'The next section turns to safety.'), or it is an entry of a references/sources/appendix section (a sentence there that states a measured figure — a percentage, money, a dose, a duration — is a claim, not an entry).",
    )
    examples = (
        RuleExample(
            name="anchored-en",
            expect="pass",
            report="# Efficacy\n\nIn Arm A, 45% of participants responded. [nct:NCT00000101#L2]\n",
            sources={"clinical_trials/NCT00000101.txt": _CT},
        ),
        RuleExample(
            name="uncited-number-en",
            expect="fail",
            reason="missing_anchor",
            report="# Efficacy\n\nIn Arm A, 45% of participants responded. [nct:NCT00000101#L2]\n"
            "Arm B responded less often than Arm A.\n",
            sources={"clinical_trials/NCT00000101.txt": _CT},
        ),
        RuleExample(
            name="uncited-html-en",
            expect="fail",
            reason="missing_anchor",
            format="html",
            report="<html><body><h1>Efficacy</h1><p>In Arm A, 45% of participants responded.</p></body></html>",
            sources={"clinical_trials/NCT00000101.txt": _CT},
        ),
        RuleExample(
            name="transitions-only-en",
            expect="na",
            report="# Overview\n\nIn this section we summarise the evidence. The next section turns to safety.\n",
            sources={"clinical_trials/NCT00000101.txt": _CT},
        ),
        RuleExample(
            name="source-list-en",
            expect="na",
            report="# Overview\n\nThis section lists what was read.\n\n## References\n\n"
            "- Trial record with 2 arms, saved as clinical_trials/NCT00000101.txt\n",
            sources={"clinical_trials/NCT00000101.txt": _CT},
        ),
        RuleExample(
            name="anchored-zh",
            expect="pass",
            lang="zh",
            report="# 疗效\n\nA组有45%的受试者缓解。[nct:NCT00000102#L2]\n",
            sources={"clinical_trials/NCT00000102.txt": _CT_ZH},
        ),
        RuleExample(
            name="uncited-zh",
            expect="fail",
            reason="missing_anchor",
            lang="zh",
            report="# 疗效\n\nA组有45%的受试者缓解。[nct:NCT00000102#L2]B组的缓解率低于A组。\n",
            sources={"clinical_trials/NCT00000102.txt": _CT_ZH},
        ),
        RuleExample(
            name="transitions-only-zh",
            expect="na",
            lang="zh",
            report="# 概述\n\n综上所述，我们讨论如下。\n",
            sources={"clinical_trials/NCT00000102.txt": _CT_ZH},
        ),
    )

    def check_claim(self, ctx: ClaimContext) -> RuleOutcome:
        claim = ctx.claim
        if not claim.fact_bearing or claim.in_source_list or claim.unit in ("mermaid_label", "heading"):
            return self.na(claim.id)  # a diagram label's citation is CP206's, a heading's CP209's: theirs can come from around them
        if claim.anchors:
            return self.ok(claim.id)
        why = ", ".join(claim.fact_signals)
        return self.fail(
            self.finding(
                "missing_anchor",
                f'claim "{_quote(claim.text)}" at {claim.location.describe()} states a fact ({why}) '
                f"but cites no source: add [kind:id#locator] after it",
                claim_id=claim.id,
                location=claim.location,
            ),
            claim_id=claim.id,
        )
