"""CP204 repeated-digest-matrix: repeated 证据消化矩阵 blocks stand in for synthesis."""

from __future__ import annotations

import re
from typing import ClassVar

from citeproof.model import RuleOutcome
from tier1.context import ReportContext
from tier1.rule import Rule, RuleDoc, RuleExample
from tier1.substance_text import BodyUnit, body_units, first_match, phrases

_LEAD = re.compile(r"^[\s#>*_`|\-\d.、)）:：（(]*")
# A mention this far into a block is a title ("证据消化矩阵 3：…"), not a passing reference.
_TITLE_WINDOW = 12


def matrix_instances(units: list[BodyUnit]) -> list[BodyUnit]:
    """The first block of each digest matrix: a heading naming one, or a run of blocks titled by one."""
    patterns = phrases().digest_matrix
    instances: list[BodyUnit] = []
    previous_matched = False
    for u in units:
        m = first_match(patterns, u.text)
        if u.heading:
            if m:
                instances.append(u)
            previous_matched = False
            continue
        if any(first_match(patterns, h) for h in u.location.section_path):
            previous_matched = False  # content of a matrix whose heading was already counted
            continue
        titled = bool(m) and (m.start() - len(_LEAD.match(u.text).group(0)) <= _TITLE_WINDOW or u.kind == "tr")
        # Rows of one table that all name the matrix are one matrix; titled paragraphs are one each.
        if titled and not (previous_matched and u.kind == "tr"):
            instances.append(u)
        previous_matched = titled and u.kind == "tr"
    return instances


class RepeatedDigestMatrix(Rule):
    id = "CP204"
    name = "repeated-digest-matrix"
    severity = "critical"
    scope = "report"
    doc = RuleDoc(
        what=(
            "Counts evidence-digestion matrices (证据消化矩阵, 'evidence digestion matrix'): each heading that names "
            "one, and each run of blocks titled by one outside such a heading. A sentence that merely mentions a "
            "matrix in passing is not an instance."
        ),
        why=(
            "Repeating a templated matrix per source or per topic replaces narrative synthesis with form-filling "
            "(seed 001: 'repeated 证据消化矩阵 blocks in the report body instead of narrative synthesis')."
        ),
        fails="More than `substance.digest_matrix_limit` (default 1) matrices.",
        passes="A report with at most that many matrices.",
        not_applicable="The report has no digest matrix.",
    )
    examples: ClassVar[tuple[RuleExample, ...]] = (
        RuleExample(
            name="repeated-matrix-en",
            expect="fail",
            reason="repeated_digest_matrix",
            report=(
                "# Evidence\n\n## Evidence digestion matrix 1\n\n| item | value |\n|---|---|\n| design | randomised |\n\n"
                "## Evidence digestion matrix 2\n\n| item | value |\n|---|---|\n| design | single arm |\n\n"
                "## Evidence digestion matrix 3\n\n| item | value |\n|---|---|\n| design | cohort |\n"
            ),
        ),
        RuleExample(
            name="repeated-matrix-zh",
            expect="fail",
            reason="repeated_digest_matrix",
            lang="zh",
            report=(
                "# 证据\n\n## 证据消化矩阵（一）\n\n| 项目 | 内容 |\n|---|---|\n| 设计 | 随机对照 |\n\n"
                "## 证据消化矩阵（二）\n\n| 项目 | 内容 |\n|---|---|\n| 设计 | 单臂 |\n"
            ),
        ),
        RuleExample(
            name="one-matrix-and-synthesis-en",
            expect="pass",
            report=(
                "# Evidence\n\n## Evidence digestion matrix\n\n| item | value |\n|---|---|\n| design | randomised |\n\n"
                "## Synthesis\n\nThe randomised design supports the comparison; the matrix above lists its elements.\n"
            ),
        ),
        RuleExample(
            name="one-matrix-and-synthesis-zh",
            expect="pass",
            lang="zh",
            report=(
                "# 证据\n\n## 证据消化矩阵\n\n| 项目 | 内容 |\n|---|---|\n| 设计 | 随机对照 |\n\n"
                "## 综合分析\n\n随机对照设计支持两组比较，上述证据消化矩阵列出了其要素。\n"
            ),
        ),
        RuleExample(
            name="no-matrix-en",
            expect="na",
            report="# Findings\n\nThe trial compared two dosing schedules in adults.\n",
        ),
        RuleExample(
            name="no-matrix-zh",
            expect="na",
            lang="zh",
            report="# 结论\n\n该试验比较了两种给药方案。\n",
        ),
    )

    def check_report(self, ctx: ReportContext) -> list[RuleOutcome]:
        units = body_units(ctx)
        instances = matrix_instances(units)
        if not instances:
            return [self.na()]
        limit = ctx.settings.substance.digest_matrix_limit
        if len(instances) <= limit:
            return [self.ok()]
        where = ", ".join(u.location.describe() for u in instances[:6])
        return [
            self.fail(
                self.finding(
                    "repeated_digest_matrix",
                    f"{len(instances)} evidence-digestion matrices (limit {limit}) at {where}: synthesise the "
                    "evidence in prose instead of repeating the matrix.",
                    location=instances[0].location,
                )
            )
        ]
