"""CP206 mermaid-numbers: numbers in diagram labels need the same support as numbers in prose."""

from __future__ import annotations

from typing import ClassVar

from citeproof.mermaid import MermaidLabel, anchors_in, diagram_source, parse_mermaid, strip_anchors
from citeproof.model import Anchor, Finding, MermaidBlock, RuleOutcome
from citeproof.values import assess_numbers, claim_atoms
from tier1.context import ReportContext
from tier1.rule import Rule, RuleDoc, RuleExample

def numeric_labels(source: str) -> list[tuple[MermaidLabel, str]]:
    """(label, text without anchors) for every label holding a numeric fact."""
    out = []
    for label in parse_mermaid(source).labels():
        text = strip_anchors(label.text)
        if text and any(not a.label for a in claim_atoms(text)):
            out.append((label, text))
    return out


def _anchors_for(label: MermaidLabel, block: MermaidBlock) -> tuple[list[Anchor], str]:
    """The anchors a label is checked against, and where they came from."""
    own = []
    for bracket in anchors_in(label.text):
        for part in bracket.strip("[] ").split(";"):
            raw = part.strip()
            own += [a for a in block.declared_anchors if a.raw.strip("[] ") == raw and a not in own]
    if own:
        return own, "its own anchor"
    if block.declared_anchors:
        return list(block.declared_anchors), "the diagram's declared anchors"
    if block.preceding_anchor is not None:
        return [block.preceding_anchor], "the nearest preceding anchor"
    return [], ""


class MermaidNumbers(Rule):
    id = "CP206"
    name = "mermaid-numbers"
    severity = "critical"
    scope = "report"
    doc = RuleDoc(
        what=(
            "Reads every node label, edge label, note, title (subgraph, sequence block such as 'loop every 4 weeks', "
            "diagram) and chart line of each Mermaid diagram (any tag attributes) "
            "and checks each numeric fact in it with the body's numeric rule (citeproof.values.assess_numbers) "
            "against, in order: an anchor written in the label itself, the anchors declared in the diagram "
            "(labels or %% comments), or the nearest anchor in the body before the diagram."
        ),
        why=(
            "A diagram is read as evidence too; a number drawn in a box must not escape the check a sentence gets "
            "(seed 001, Mermaid numeric-source audit)."
        ),
        fails=(
            "A label number is missing from the anchored windows (numeric_token_miss, naming the label), a numeric "
            "label has no anchor at all (mermaid_number_unanchored), or its anchors do not resolve."
        ),
        passes="Every number in every label is supported; a merely plausible one leaves the diagram undecided.",
        not_applicable="No diagram label holds a number (ordinal labels such as 'Phase 3' are not numbers).",
    )
    examples: ClassVar[tuple[RuleExample, ...]] = (
        RuleExample(
            name="fabricated-label-number-en",
            expect="fail",
            reason="numeric_token_miss",
            report=(
                "# Results\n\nThe weekly arm responded more often [nct:NCT00000001#L1].\n\n"
                "```mermaid\nflowchart TD\n  W[Weekly arm ORR 45%] --> C{Compare}\n  M[Monthly arm ORR 30%] --> C\n```\n"
            ),
            sources={"clinical_trials/NCT00000001.txt": "The weekly arm responded more often: ORR 40% versus 30%.\n"},
        ),
        RuleExample(
            name="fabricated-label-number-zh",
            expect="fail",
            reason="numeric_token_miss",
            lang="zh",
            report=(
                "# 结果\n\n```mermaid\n%% [nct:NCT00000001#L1]\nflowchart TD\n  W[每周组 缓解率 45%] --> C{比较}\n"
                "  M[每月组 缓解率 30%] --> C\n```\n"
            ),
            sources={"clinical_trials/NCT00000001.txt": "每周组缓解率为40%，每月组为30%。\n"},
        ),
        RuleExample(
            name="supported-label-numbers-en",
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
            name="supported-label-numbers-zh",
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

    def check_report(self, ctx: ReportContext) -> list[RuleOutcome]:
        outcomes = [self._judge(block, ctx) for block in ctx.report.mermaid]
        return outcomes or [self.na()]

    def _judge(self, block: MermaidBlock, ctx: ReportContext) -> RuleOutcome:
        labels = numeric_labels(diagram_source(block))
        if not labels:
            return self.na()
        models = ctx.models()
        findings: list[Finding] = []
        undecided: list[str] = []
        for label, text in labels:
            name = f"{label.kind} {label.ref!r} label {text!r} (diagram {block.id} at {block.location.describe()}, line {label.line} of the diagram)"
            anchors, origin = _anchors_for(label, block)
            if not anchors:
                findings.append(self.finding(
                    "mermaid_number_unanchored",
                    f"{name} states a number but neither the diagram nor the body before it carries an anchor; "
                    "declare one in the diagram (a %% [kind:id#locator] comment) or cite it just above.",
                    location=block.location,
                ))
                continue
            resolutions = [ctx.resolve(a) for a in anchors]
            windows = [r.window for r in resolutions if r.window is not None]
            kinds = [r.anchor.kind for r in resolutions if r.window is not None]
            if not windows:
                raws = ", ".join(f"[{a.raw.strip('[]')}]" for a in anchors)
                findings.append(self.finding(
                    "mermaid_anchor_unresolved",
                    f"{name}: {origin} {raws} resolve(s) to no saved source, so its numbers cannot be checked.",
                    location=block.location,
                ))
                continue
            for n in assess_numbers(text, windows, kinds, models=models):
                if n.state == "missing":
                    findings.append(self.finding(
                        "numeric_token_miss",
                        f"{name}: {n.raw!r} ({n.normalised}) is not in the window of {origin}"
                        + (f" — {n.why}" if n.why else ""),
                        location=block.location,
                    ))
                elif n.state == "plausible":
                    undecided.append(f"{text!r}: {n.raw!r} is only plausible against {n.matched!r}")
        if findings:
            return self.fail(*findings)
        if undecided:
            # A diagram is not a claim the judge sees: plausible is reported, not passed.
            why = "; ".join(undecided)
            return self.undecided(
                why,
                self.finding("mermaid_number_plausible", f"diagram {block.id} at {block.location.describe()}: {why}",
                             location=block.location, severity="major"),
            )
        return self.ok()
