"""A claim stronger than its source — a dropped hedge, an added universal — never passes Tier 1.

Red-team findings: "客观缓解率为45%" citing "客观缓解率可能为45%" passed (the hedge dropped), and
"45% in all patients" citing "45% in PD-L1 positive patients" passed (a universal added).
"""

from __future__ import annotations

import pytest

from citeproof.values.strength import stronger_than_source
from tests.values.helpers import cited_report, verify_against


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("The objective response rate was 45%.", "The objective response rate may be 45%."),
        ("客观缓解率为45%。", "客观缓解率可能为45%。"),
        ("The response rate was 45% in all patients.", "The response rate was 45% in PD-L1 positive patients."),
        ("所有患者的客观缓解率为45%。", "PD-L1阳性患者的客观缓解率为45%。"),
        ("A组患者均完成了治疗。", "A组患者完成了治疗。"),
        ("Rash occurred in 12% of patients in both arms.", "Rash occurred in 12% of patients in one arm."),
        # a restriction of the population dropped: the figure belongs to a subgroup
        ("The response rate was 45% in patients.", "The response rate was 45% in PD-L1 positive patients."),
        ("患者的客观缓解率为45%。", "PD-L1阳性患者的客观缓解率为45%。"),
        ("客观缓解率为45%。", "在PD-L1阳性亚组中，客观缓解率为45%。"),
        ("患者的客观缓解率为45%。", "老年患者的客观缓解率为45%。"),
        # red-team round 2: a forecast stated as fact, a rank inflated, a period or an event widened
        ("The market is $3.4B by 2030.", "The market is projected to reach $3.4B by 2030."),
        ("2030年市场规模为120亿元。", "预计2030年市场规模为120亿元。"),
        ("The company is the top oncology company by revenue.", "The company is among the top three oncology companies by revenue."),
        ("Revenue was $1.2 billion in 2023.", "Revenue was $1.2 billion in Q3 2023."),
        ("Adverse events occurred in 25% of patients.", "Immune-related adverse events occurred in 25% of patients."),
        ("The market is $3.4B in 2030.", "Analysts estimate the market at $3.4B in 2030."),
        ("Revenue was $1.2 billion in 2023.", "Revenue was $1.2 billion in March 2023."),
        # narrower than the source: another figure ("serious" adverse events are not all adverse events)
        ("严重 adverse events occurred in 35% of patients.", "Adverse events occurred in 35% of patients."),
        ("Serious adverse events occurred in 35% of patients.", "Adverse events occurred in 35% of patients."),
    ],
)
def test_a_claim_stronger_than_its_source(claim, source):
    assert stronger_than_source(claim, source) is not None


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("The rate may be 45%.", "The rate was 45%."),  # weaker: says less
        ("The rate was 45%.", "The rate was 45%."),
        ("No patient died.", "No patient died."),
        ("About 45% responded.", "About 45% responded."),
        ("平均值为45。", "平均值为45。"),
        ("Patients with a known condition were excluded.", "Patients with a documented condition were excluded."),  # "no" in "known"
        ("The response rate was 45% in PD-L1 positive patients.", "The response rate was 45% in PD-L1 positive patients."),
        ("患者的平均年龄为45岁。", "患者的年龄中位数为45岁，平均年龄为45岁。"),  # 平均 holds 均 but is no universal
    ],
)
def test_an_equally_strong_or_weaker_claim(claim, source):
    assert stronger_than_source(claim, source) is None


def test_a_stronger_claim_is_left_to_the_judge(tmp_path):
    out = verify_against(tmp_path, "# S\n\n客观缓解率可能为45%。\n", cited_report("客观缓解率为45%。", "客观缓解率可能为45%。"))
    assert [c.status for c in out.claims] == ["undecided", "pass"]
    assert "hedges" in out.claims[0].undecided_reasons[0]
