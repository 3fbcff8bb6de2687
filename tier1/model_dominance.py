"""CP208 model-dominance: model/formula files may back derived numbers, not carry the report."""

from __future__ import annotations

from typing import ClassVar

from citeproof.model import Anchor, RuleOutcome
from citeproof.settings import Settings
from citeproof.values.model_check import MODELS_CHANNEL
from tier1.context import ReportContext
from tier1.rule import Rule, RuleDoc, RuleExample



def is_model_anchor(anchor: Anchor, settings: Settings) -> bool:
    """A citation of saved model/formula evidence: a kind mapped to the models channel, or an
    evidence path inside models/."""
    if (anchor.channel or settings.channel_for(anchor.kind)) == MODELS_CHANNEL:
        return True
    path = anchor.source_id.replace("\\", "/").lstrip("./")
    return anchor.kind.lower() == "evidence" and (path.startswith(f"{MODELS_CHANNEL}/") or f"/{MODELS_CHANNEL}/" in path)


class ModelDominance(Rule):
    id = "CP208"
    name = "model-dominance"
    severity = "critical"
    scope = "report"
    doc = RuleDoc(
        what=(
            "Counts the anchors of body claims (not source lists or appendices) and the share of them that cite "
            "model/formula evidence: kinds mapped to the `models` channel (model, formula) and evidence paths "
            "under models/."
        ),
        why=(
            "Saved formulas may support derived numbers, but a report whose citations are mostly its own models "
            "is a model dump, not an analysis of sources (seed 001, formula/model dominance audit)."
        ),
        fails=(
            "Model anchors are more than `model_dominance_share` (default 0.5) of body anchors and the body has at "
            "least `substance.model_dominance_min_anchors` (default 4) anchors — below that, one model citation in "
            "a short section is not a dump."
        ),
        passes="Model anchors are at most that share, or the body has too few anchors to call it a dump.",
        not_applicable="No body claim carries an anchor.",
    )
    examples: ClassVar[tuple[RuleExample, ...]] = (
        RuleExample(
            name="model-dump-en",
            expect="fail",
            reason="model_dominance",
            report=(
                "# Market\n\nThe treated population is 12000 [model:market.md#L1].\n\n"
                "Annual cost is 3000 USD [model:market.md#L2].\n\nThe market is 36 million USD [model:market.md#L3].\n\n"
                "Uptake reaches 40% [formula:uptake.md#L1].\n\nThe trial ran weekly dosing [nct:NCT00000001#L1].\n"
            ),
            sources={
                "models/market.md": "Population 12000\nCost 3000 USD\nMarket 36 million USD\n",
                "models/uptake.md": "Uptake 40%\n",
                "clinical_trials/NCT00000001.txt": "The trial ran weekly dosing.\n",
            },
        ),
        RuleExample(
            name="model-dump-zh",
            expect="fail",
            reason="model_dominance",
            lang="zh",
            report=(
                "# 市场\n\n治疗人群为12000人 [model:market.md#L1]。\n\n年费用为3000美元 [model:market.md#L2]。\n\n"
                "市场规模为3600万美元 [model:market.md#L3]。\n\n渗透率为40% [evidence:models/uptake.md#L1]。\n"
            ),
            sources={
                "models/market.md": "人群 12000\n费用 3000 美元\n市场 3600万美元\n",
                "evidence/models/uptake.md": "渗透率 40%\n",
            },
        ),
        RuleExample(
            name="sources-lead-en",
            expect="pass",
            report=(
                "# Findings\n\nThe trial ran weekly dosing [nct:NCT00000001#L1].\n\n"
                "Responses were more frequent with weekly dosing [nct:NCT00000001#L2].\n\n"
                "The literature reports mild adverse events [pmid:100001#L1].\n\n"
                "The difference is 15 points [model:diff.md#L1].\n"
            ),
            sources={
                "clinical_trials/NCT00000001.txt": "The trial ran weekly dosing.\nResponses were more frequent with weekly dosing.\n",
                "pubmed/100001.txt": "The literature reports mild adverse events.\n",
                "models/diff.md": "difference = 45 - 30 = 15 points\n",
            },
        ),
        RuleExample(
            name="sources-lead-zh",
            expect="pass",
            lang="zh",
            report=(
                "# 分析\n\n试验采用每周给药 [nct:NCT00000001#L1]。\n\n每周给药组缓解更多 [nct:NCT00000001#L2]。\n\n"
                "文献报告不良事件多为轻度 [pmid:100001#L1]。\n\n两组差值为15个百分点 [model:diff.md#L1]。\n"
            ),
            sources={
                "clinical_trials/NCT00000001.txt": "试验采用每周给药。\n每周给药组缓解更多。\n",
                "pubmed/100001.txt": "文献报告不良事件多为轻度。\n",
                "models/diff.md": "差值 = 45 - 30 = 15个百分点\n",
            },
        ),
        RuleExample(
            name="no-anchors-en",
            expect="na",
            report="# Overview\n\nThis section introduces the question.\n",
        ),
        RuleExample(
            name="no-anchors-zh",
            expect="na",
            lang="zh",
            report="# 概述\n\n本节介绍研究问题。\n",
        ),
    )

    def check_report(self, ctx: ReportContext) -> list[RuleOutcome]:
        anchors = [a for c in ctx.report.claims if not c.in_source_list for a in c.anchors]
        if not anchors:
            return [self.na()]
        model = [a for a in anchors if is_model_anchor(a, ctx.settings)]
        share = len(model) / len(anchors)
        limit = ctx.settings.model_dominance_share
        minimum = ctx.settings.substance.model_dominance_min_anchors
        if share <= limit or len(anchors) < minimum:
            return [self.ok()]
        return [
            self.fail(
                self.finding(
                    "model_dominance",
                    f"{len(model)} of {len(anchors)} body anchors ({share:.0%}) cite model/formula evidence, above the "
                    f"{limit:.0%} limit (first at {model[0].location.describe()}): cite the sources the model rests on "
                    "and keep model files for derived numbers.",
                    location=model[0].location,
                )
            )
        ]
