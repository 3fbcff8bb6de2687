"""CP202 deferred-work: a final report must not hand its work to a later worker or model."""

from __future__ import annotations

from typing import ClassVar

from citeproof.model import RuleOutcome
from tier1.context import ReportContext
from tier1.rule import Rule, RuleDoc, RuleExample
from tier1.substance_text import DIAGRAM_ONLY, body_units, first_match, phrases


def deferral_in(text: str) -> str | None:
    """The deferring phrase in ``text`` (as written), or None."""
    m = first_match(phrases().deferred, text)
    return m.group(0) if m else None


class DeferredWork(Rule):
    id = "CP202"
    name = "deferred-work"
    severity = "critical"
    scope = "report"
    doc = RuleDoc(
        what=(
            "Searches every visible block, headings and reference entries included, for language that leaves the "
            "work to someone else: 'to be completed by a later worker', 'pending quant model', 'will be analysed "
            "in a subsequent step', 'this table is a placeholder', TODO/TBD; 待后续, 由后续 worker, 待量化模型, 后续补充, "
            "待补充. The patterns live in citeproof/data/substance_phrases.json and are guarded against clinical "
            "usage ('follow-up was 12 months', 'later-line therapy', 'next update of the trial', 'matching "
            "placeholder tablet', 有待后续研究证实, 后续治疗, 暂缺，待后续随访结果公布, 后续补充分析显示, "
            "待补充资料后重新提交)."
        ),
        why=(
            "A report that says its analysis is still to come is a draft, however well its sentences are "
            "cited (seed 001: 'final report language that says work remains for a worker or later quant model')."
        ),
        fails="Any block contains a deferring phrase; each is named with its line.",
        passes="No block defers work.",
        not_applicable="The report has no text blocks (for instance only a diagram; CP203 judges diagram labels).",
    )
    examples: ClassVar[tuple[RuleExample, ...]] = (
        RuleExample(
            name="later-worker-en",
            expect="fail",
            reason="deferred_work",
            report=(
                "# Market\n\nThe treated population is described in the trial records.\n\n"
                "Market size is pending quant model and will be completed by a later worker.\n"
            ),
        ),
        RuleExample(
            name="later-worker-zh",
            expect="fail",
            reason="deferred_work",
            lang="zh",
            report="# 市场\n\n目标人群已在试验记录中描述。\n\n市场规模待量化模型测算，由后续 worker 补充。\n",
        ),
        RuleExample(
            name="clinical-follow-up-en",
            expect="pass",
            report=(
                "# Outcomes\n\nFollow-up was 12 months in both arms.\n\n"
                "Patients who progressed received later-line therapy at the investigator's choice.\n"
            ),
        ),
        RuleExample(
            name="clinical-follow-up-zh",
            expect="pass",
            lang="zh",
            report="# 结局\n\n两组随访均为12个月。\n\n进展患者接受后续治疗，其长期获益有待后续研究证实。\n",
        ),
        *DIAGRAM_ONLY,
    )

    def check_report(self, ctx: ReportContext) -> list[RuleOutcome]:
        units = body_units(ctx)
        if not units:
            return [self.na()]
        findings = []
        for u in units:
            phrase = deferral_in(u.text)
            if phrase:
                findings.append(
                    self.finding(
                        "deferred_work",
                        f"{phrase!r} leaves the work to a later worker or model; a final "
                        "report states its analysis or says plainly what the sources do not show.",
                        location=u.location,
                    )
                )
        return [self.verdict(findings)]
