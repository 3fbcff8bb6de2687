"""CP203 shallow-mermaid: a diagram must show pathway logic, not ``A-->B``."""

from __future__ import annotations

import re
from typing import ClassVar

from citeproof.mermaid import MermaidGraph, diagram_source, parse_mermaid, strip_anchors
from citeproof.model import MermaidBlock, RuleOutcome
from citeproof.settings import SubstanceSettings
from tier1.context import ReportContext
from tier1.rule import Rule, RuleDoc, RuleExample
from tier1.substance_text import first_match, phrases

_MEANINGFUL = re.compile(r"[A-Za-z]{2,}|[\u3400-\u9fff]")
# Start/end markers (A((Start)), F(((End))), S([开始])) carry no pathway content, like terminals.
_START_END = re.compile(r"^(?:start|end|begin|finish|start node|end node|开始|结束)$", re.IGNORECASE)
# Upper-case abbreviations of two or more letters are clinical labels (CR/PR/SD/PD, OS, AE, Stage IV),
# not placeholders; a lone letter or letter-digit (A, B, X1) stays a placeholder.
_ABBREVIATION = re.compile(r"^(?:(?i:stage)\s+)?[A-Z]{2,}\d?$")


def is_start_or_end(label: str | None, node_id: str) -> bool:
    """Whether the node is only a start/end marker (its rendered text is Start, End, 开始, 结束, …)."""
    return bool(_START_END.match(strip_anchors(label or node_id).strip()))


def is_real_label(label: str | None, node_id: str) -> bool:
    """Whether the text the diagram renders for a node tells a reader something: the label, or the
    id itself when there is none (``Screening --> Treatment`` renders the ids) — not 'A', 'N1',
    'Step 1', '节点2', and not a deferral such as 'TODO' or '待补充'."""
    text = strip_anchors(label or node_id).strip()
    if not text:
        return False
    p = phrases()
    if first_match(p.deferred, text):
        return False
    if _ABBREVIATION.match(text) and not _START_END.match(text):
        return True
    if first_match(p.placeholder_label, text):
        return False
    return bool(_MEANINGFUL.search(text))


def shallow_reasons(graph: MermaidGraph, s: SubstanceSettings) -> list[str]:
    """Why the diagram is shallow; empty when it shows pathway logic."""
    if graph.kind == "empty":
        return ["the diagram is empty"]
    nodes = [n for n in graph.nodes.values() if n.shape != "terminal" and not is_start_or_end(n.label, n.id)]
    reasons: list[str] = []
    if len(nodes) < s.min_mermaid_nodes:
        reasons.append(f"{len(nodes)} node(s), fewer than {s.min_mermaid_nodes}")
    if len(graph.edges) < s.min_mermaid_edges:
        reasons.append(f"{len(graph.edges)} edge(s), fewer than {s.min_mermaid_edges}")
    if nodes:
        labelled = [n for n in nodes if is_real_label(n.label, n.id)]
        share = len(labelled) / len(nodes)
        if share < s.min_mermaid_label_share:
            bare = ", ".join([n.id for n in nodes if n not in labelled][:6])
            reasons.append(
                f"only {len(labelled)} of {len(nodes)} nodes carry a real label (need {s.min_mermaid_label_share:.0%}; "
                f"unlabelled or placeholder: {bare})"
            )
    if s.mermaid_require_branching and graph.kind in ("flowchart", "state", "sequence") and not graph.branches:
        reasons.append("no branching: no decision node and no node with two or more targets")
    return reasons


class ShallowMermaid(Rule):
    id = "CP203"
    name = "shallow-mermaid"
    severity = "critical"
    scope = "report"
    doc = RuleDoc(
        what=(
            "Parses every Mermaid diagram the report renders — fenced ```mermaid blocks, <pre class=\"mermaid\"> and "
            "<div class=\"mermaid\"> with any extra attributes (data-chart, id, style) — into nodes and edges "
            "(citeproof/mermaid.py) and judges its structure (state terminals and Start/End marker nodes are not counted): at least `substance.min_mermaid_nodes` nodes and "
            "`substance.min_mermaid_edges` edges, at least `substance.min_mermaid_label_share` of nodes with real "
            "labels (not A/B/C, X1, 'Step 1', 'TODO'; upper-case abbreviations such as CR, OS, AE or Stage IV are "
            "real labels), and branching (a decision node or a node with two or more "
            "targets) when `substance.mermaid_require_branching`. Flowcharts, state, sequence and mind-map diagrams "
            "are judged; data charts (pie, gantt, timeline, xychart) are n/a here (CP206 audits their numbers)."
        ),
        why=(
            "Toy diagrams make a report look analytical without carrying any pathway logic, and raw HTML attributes "
            "on the tag must not let one bypass the check (seed 001)."
        ),
        fails=(
            "A diagram falls short on any criterion, or its type cannot be parsed into nodes and edges "
            "(reported, not blocking: an unknown type is not proof of a toy)."
        ),
        passes="Every judged diagram meets all criteria.",
        not_applicable="The report has no diagram, or only data charts.",
    )
    examples: ClassVar[tuple[RuleExample, ...]] = (
        RuleExample(
            name="toy-chain-with-attributes-en",
            expect="fail",
            reason="shallow_mermaid",
            format="html",
            report=(
                "<html><body><h1>Pathway</h1><p>The pathway is shown below.</p>"
                '<div class="mermaid" data-chart="pathway" id="fig1" style="width:100%">graph TD\nA-->B\n</div>'
                "</body></html>"
            ),
        ),
        RuleExample(
            name="toy-chain-zh",
            expect="fail",
            reason="shallow_mermaid",
            lang="zh",
            report="# 通路\n\n通路如下图所示。\n\n```mermaid\ngraph TD\n  A[步骤1] --> B[步骤2] --> C[步骤3]\n```\n",
        ),
        RuleExample(
            name="branching-pathway-en",
            expect="pass",
            format="html",
            report=(
                "<html><body><h1>Pathway</h1><p>The treatment pathway is shown below.</p>"
                '<div class="mermaid" data-chart="pathway">flowchart TD\n'
                "  S[Screening visit] --> E{Meets eligibility}\n"
                "  E -->|yes| R[Randomised to weekly dosing]\n"
                "  E -->|no| X[Standard care]\n"
                "  R --> F[Response assessment]\n"
                "</div></body></html>"
            ),
        ),
        RuleExample(
            name="branching-pathway-zh",
            expect="pass",
            lang="zh",
            report=(
                "# 通路\n\n治疗路径如下图所示。\n\n```mermaid\nflowchart TD\n"
                "  S[筛选访视] --> E{是否符合入组}\n  E -->|是| R[随机分组]\n  E -->|否| X[标准治疗]\n"
                "  R --> F[疗效评估]\n```\n"
            ),
        ),
        RuleExample(
            name="no-diagram-en",
            expect="na",
            report="# Findings\n\nThe trial compared two dosing schedules in adults.\n",
        ),
        RuleExample(
            name="no-diagram-zh",
            expect="na",
            lang="zh",
            report="# 结论\n\n该试验比较了两种给药方案。\n",
        ),
    )

    def check_report(self, ctx: ReportContext) -> list[RuleOutcome]:
        outcomes = [self._judge(block, ctx.settings.substance) for block in ctx.report.mermaid]
        return outcomes or [self.na()]

    def _judge(self, block: MermaidBlock, s: SubstanceSettings) -> RuleOutcome:
        graph = parse_mermaid(diagram_source(block))
        name = _diagram_name(block)
        if graph.kind == "chart":
            return self.na()
        if graph.kind == "other":
            return self.fail(
                self.finding(
                    "mermaid_unparsed",
                    f"{name} at {block.location.describe()}: {graph.problems[0]}; its structure cannot be judged.",
                    location=block.location,
                    severity="major",
                ),
                blocks=False,
            )
        reasons = shallow_reasons(graph, s)
        if not reasons:
            return self.ok()
        return self.fail(
            self.finding(
                "shallow_mermaid",
                f"{name} at {block.location.describe()} is shallow: " + "; ".join(reasons)
                + ". Draw the real pathway (decisions, alternatives, labelled steps) or leave the diagram out.",
                location=block.location,
            )
        )


def _diagram_name(block: MermaidBlock) -> str:
    label = block.attributes.get("id") or block.attributes.get("data-chart")
    return f"diagram {block.id}" + (f" ({label})" if label else "")
