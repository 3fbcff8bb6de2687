"""CP100 anchor-syntax: every bracket that tries to cite follows the anchor grammar (SPEC §2).

The parser (``citeproof.parse.anchors``) reads brackets and never raises; a bracket that looks
like a citation attempt but is not one becomes a CP100 finding in ``ParsedReport.findings``
(``malformed_anchor``, ``unknown_anchor_kind``, ``empty_locator``, ``inverted_range``,
``invalid_locator``, ``anchor_in_code``; ``orphan_anchor`` — anchors with no sentence before them — is major).
This rule turns them into outcomes: one per claim that carries bracket anchors or attempts
(fail if any attempt in it is malformed) and one per finding outside any claim (diagrams,
orphans). Brackets that are not citations — ``[1]``, ``[sic]``, ``[95% CI 1.2–3.4]`` — are
neither passes nor failures.
"""

from __future__ import annotations

from citeproof.model import Finding, RuleOutcome
from tier1.context import ReportContext
from tier1.rule import Rule, RuleDoc, RuleExample

_CT = "Outcome: objective response rate\nArm A: 45% of participants responded.\nArm B: 20% of participants responded.\n"
_CT_ZH = "结局：客观缓解率\nA组：45%的受试者缓解。\nB组：20%的受试者缓解。\n"


class AnchorSyntax(Rule):
    id = "CP100"
    name = "anchor-syntax"
    severity = "critical"
    scope = "report"
    doc = RuleDoc(
        what="Every citation bracket is [kind:id] or [kind:id#locator] (several joined by ';'), with a "
        "known kind and a well-formed locator (L12, L12-L18, p3, table2, a section name).",
        why="A malformed anchor silently cites nothing: the claim looks sourced to a reader while no "
        "tool can resolve it. Failing loudly, with the line, lets the writer fix the typo.",
        fails="A bracket with the kind:id shape is malformed: no id ([nct:]), no kind ([:123]), a missing "
        "colon ([pmid 123]), an unknown kind ([foo:bar]), an empty locator ([nct:X#]), an inverted or "
        "zero range ([nct:X#L5-L2]), a stray part beside an anchor, a known kind's bracket that never "
        "closes ([nct:X#L3 at the end of the sentence), or a known kind's anchor inside a code block (a fence, an "
        "indented block, a <pre>), whose text is shown verbatim and never checked (anchor_in_code).",
        passes="Every anchor of the claim parses: kind known, id present, locator well formed.",
        not_applicable="The report has no citation brackets at all (plain brackets such as [1] or [sic] "
        "and URL links do not count).",
    )
    examples = (
        RuleExample(
            name="well-formed-en",
            expect="pass",
            report="# Efficacy\n\nIn Arm A, 45% of participants responded. [nct:NCT00000101#L2; nct:NCT00000101#L1]\n",
            sources={"clinical_trials/NCT00000101.txt": _CT},
        ),
        RuleExample(
            name="inverted-range-en",
            expect="fail",
            reason="inverted_range",
            report="# Efficacy\n\nIn Arm A, 45% of participants responded. [nct:NCT00000101#L5-L2]\n",
            sources={"clinical_trials/NCT00000101.txt": _CT},
        ),
        RuleExample(
            name="missing-colon-en",
            expect="fail",
            reason="malformed_anchor",
            report="# Efficacy\n\nIn Arm A, 45% of participants responded [pmid 123456].\n",
            sources={"clinical_trials/NCT00000101.txt": _CT},
        ),
        RuleExample(
            name="unclosed-bracket-en",
            expect="fail",
            reason="malformed_anchor",
            report="# Efficacy\n\nIn Arm A, 45% of participants responded [nct:NCT00000101#L2.\n",
            sources={"clinical_trials/NCT00000101.txt": _CT},
        ),
        RuleExample(
            name="anchor-in-code-block-en",
            expect="fail",
            reason="anchor_in_code",
            report="# Efficacy\n\nThe arms are compared below.\n\n```\nIn Arm A, 45% of participants responded. "
            "[nct:NCT00000101#L2]\n```\n",
            sources={"clinical_trials/NCT00000101.txt": _CT},
        ),
        RuleExample(
            name="no-citation-brackets-en",
            expect="na",
            report="# Overview\n\nThe next section turns to safety [sic].\n",
            sources={"clinical_trials/NCT00000101.txt": _CT},
        ),
        RuleExample(
            name="well-formed-zh",
            expect="pass",
            lang="zh",
            report="# 疗效\n\nA组有45%的受试者缓解。[nct:NCT00000102#L2]\n",
            sources={"clinical_trials/NCT00000102.txt": _CT_ZH},
        ),
        RuleExample(
            name="empty-id-zh",
            expect="fail",
            reason="malformed_anchor",
            lang="zh",
            report="# 疗效\n\nA组有45%的受试者缓解。[nct:]\n",
            sources={"clinical_trials/NCT00000102.txt": _CT_ZH},
        ),
        RuleExample(
            name="no-citation-brackets-zh",
            expect="na",
            lang="zh",
            report="# 概述\n\n综上所述，我们讨论如下。\n",
            sources={"clinical_trials/NCT00000102.txt": _CT_ZH},
        ),
    )

    def check_report(self, ctx: ReportContext) -> list[RuleOutcome]:
        report = ctx.report
        by_claim: dict[str, list[Finding]] = {}
        loose: list[Finding] = []
        for f in report.findings:
            if f.rule != self.id:
                continue
            if f.claim_id:
                by_claim.setdefault(f.claim_id, []).append(f)
            else:
                loose.append(f)
        outcomes: list[RuleOutcome] = []
        for claim in report.claims:
            problems = by_claim.pop(claim.id, None)
            if problems:
                outcomes.append(self.fail(*problems, claim_id=claim.id))
            elif any(a.kind != "url" for a in claim.anchors):
                outcomes.append(self.ok(claim.id))
        for claim_id, problems in by_claim.items():  # a finding naming a claim the report does not hold
            outcomes.append(self.fail(*problems, claim_id=claim_id))
        outcomes.extend(self.fail(f) for f in loose)
        return outcomes or [self.na()]
