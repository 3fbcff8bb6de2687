"""CP206 mermaid-numbers: a diagram label that states a number is a claim, and needs a citation in reach.

The parser makes each numeric label a claim (``unit="mermaid_label"``, see
``citeproof.parse.claims._label_units``), so the body's rules check it — numbers (CP104),
single-segment support (CP105), drugs (CP301) — and the judge sees it when Tier 1 cannot
settle it. What only a diagram has is where its citation comes from: this rule owns that.
"""

from __future__ import annotations

from typing import ClassVar

from citeproof.model import Claim
from tier1.citation_in_reach import CitationInReach
from tier1.rule import RuleDoc, RuleExample


class MermaidNumbers(CitationInReach):
    id = "CP206"
    name = "mermaid-numbers"
    severity = "critical"
    doc = RuleDoc(
        what=(
            "Every piece of text a Mermaid diagram draws (any tag attributes) that states a number is a claim (unit "
            "mermaid_label): node and edge labels, notes, titles (subgraph, sequence block, front matter), chart "
            "lines, bare numeric node ids, and statements the parser cannot read, as raw text. It is read under "
            "everything it is drawn under: a node after the groups it sits in (subgraphs, state composites, sequence "
            "boxes) and what leads into it (an edge's label, or the node an unlabelled edge comes from, a mindmap's "
            "parent: 'R -->|Arm I| A[Median 13.5 months]' says 'Arm I: Median 13.5 months'); an edge's label after "
            "the node or subgraph it leaves and the sequence blocks around it ('alt Arm I'); a note after what it is "
            "attached to; a chart's slice, bar or timeline entry after the chart's title and section (an xychart's "
            "bar beside its x-axis category by position, in its y-axis unit; axis ranges are scale, not findings). "
            "Context that states a number stays; branch answers ('yes'/'no') are none. It cites, in order: an "
            "anchor written in the label itself, the diagram's %% declarations (or, failing those, the anchors its "
            "labels write), or the nearest anchor before the diagram in its own section. The body's claim rules "
            "then check it like a sentence — numbers (CP104), one segment carrying it (CP105), drugs (CP301) — "
            "and may fail it, but never pass it: carried by a line, it is still undecided, since what a drawn value "
            "belongs to is said by where it is drawn, and only the judge passes it. This rule checks that a "
            "citation is in reach."
        ),
        why=(
            "A diagram is read as evidence too; a number drawn in a box must not escape the check a sentence gets "
            "(seed 001, Mermaid numeric-source audit), nor pass on less: both arms' medians sit in the cited "
            "record, so only the label read with its arm shows which one it states."
        ),
        fails=(
            "A numeric label has no anchor in reach: none in the label, none declared in the diagram, none in the "
            "body before it (mermaid_number_unanchored)."
        ),
        passes="The numeric label cites an anchor (its own, the diagram's or the nearest one before the diagram).",
        not_applicable=(
            "Claims that are not diagram labels, and diagrams whose labels state no number (ordinal labels such "
            "as 'Phase 3' or 'Arm II' are not numbers)."
        ),
    )
    examples: ClassVar[tuple[RuleExample, ...]] = (
        RuleExample(
            name="unanchored-label-number-en",
            expect="fail",
            reason="mermaid_number_unanchored",
            report=(
                "# Results\n\n```mermaid\nflowchart TD\n  W[Weekly arm ORR 40%] --> C{Compare}\n"
                "  M[Monthly arm ORR 30%] --> C\n```\n"
            ),
        ),
        RuleExample(
            name="unanchored-label-number-zh",
            expect="fail",
            reason="mermaid_number_unanchored",
            lang="zh",
            report="# 结果\n\n```mermaid\nflowchart TD\n  W[每周组 缓解率 40%] --> C{比较}\n  M[每月组 缓解率 30%] --> C\n```\n",
        ),
        RuleExample(
            name="label-cites-nearest-anchor-en",
            expect="pass",
            format="html",
            report=(
                "<html><body><h1>Results</h1><p>The weekly arm responded more often [nct:NCT00000001#L1].</p>"
                '<div class="mermaid" data-chart="arms" id="fig2">flowchart TD\n'
                "  W[Weekly arm ORR 40%] --> C{Compare}\n  M[Monthly arm ORR 30%] --> C\n</div></body></html>"
            ),
            sources={"clinical_trials/NCT00000001.txt": "The weekly arm responded more often: ORR 40% versus 30%.\n"},
        ),
        RuleExample(
            name="label-cites-own-anchor-zh",
            expect="pass",
            lang="zh",
            report=(
                "# 结果\n\n```mermaid\nflowchart TD\n  W[\"每周组 缓解率 40% [nct:NCT00000001#L1]\"] --> C{比较}\n"
                "  M[\"每月组 缓解率 30% [nct:NCT00000001#L1]\"] --> C\n```\n"
            ),
            sources={"clinical_trials/NCT00000001.txt": "每周组缓解率为40%，每月组为30%。\n"},
        ),
        RuleExample(
            name="no-numeric-labels-en",
            expect="na",
            report="# Pathway\n\n```mermaid\nflowchart TD\n  S[Screening] --> E{Eligible}\n  E -->|yes| T[Phase 3 treatment]\n  E -->|no| X[Excluded]\n```\n",
        ),
        RuleExample(
            name="no-numeric-labels-zh",
            expect="na",
            lang="zh",
            report="# 通路\n\n```mermaid\nflowchart TD\n  S[筛选] --> E{是否入组}\n  E -->|是| T[治疗]\n  E -->|否| X[排除]\n```\n",
        ),
    )

    unit = "mermaid_label"
    code = "mermaid_number_unanchored"

    def unanchored(self, claim: Claim) -> str:
        return (
            f"diagram label {claim.raw_text!r} at {claim.location.describe()} states a number but neither the "
            "label, the diagram nor the body before it carries an anchor; declare one in the diagram "
            "(a %% [kind:id#locator] comment) or cite it just above."
        )
