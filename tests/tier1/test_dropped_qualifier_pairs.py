"""Red team round 4: a qualifier of the source's figure dropped by the claim past its first word.

Each false claim below drops (or adds) a word that restricts the number or the outcome — a
qualifier of the measured thing ("annualized", "cumulative", "post hoc", "Treatment *failure*"),
a premise of the figure ("According to the manufacturer", "Under the bull scenario", "guided to",
"assumed"), the rate it is given at ("per vial", "per site", "/day"), or the patients it counts
("treated with …") — and passed Tier 1. Each now ends `undecided`, never `fail`; its true twin,
keeping the word, still passes. Sources are hand-written.
"""

from __future__ import annotations

from values.helpers import verify_pairs

DROPPED = [  # (source, false claim)
    ("The annualized relapse rate was 0.2 in the treated group.", "The relapse rate was 0.2 in the treated group."),
    ("The cumulative incidence of relapse at 5 years was 12% in the transplant group.",
     "The incidence of relapse at 5 years was 12% in the transplant group."),
    ("A post hoc analysis found a 20% reduction in hospitalization.", "An analysis found a 20% reduction in hospitalization."),
    ("Treatment failure occurred in 30% of patients at one year.", "Treatment occurred in 30% of patients at one year."),
    ("Sales of the 10 mg tablet rose 30% in 2023.", "Sales rose 30% in 2023."),
    ("U.S. sales of the product were $2.1 billion in 2023.", "Sales of the product were $2.1 billion in 2023."),
    ("Under the bull scenario, revenue reaches $900 million in 2026.", "Revenue reaches $900 million in 2026."),
    ("According to the manufacturer, the device reduces dosing errors by 30% in hospitals.",
     "The device reduces dosing errors by 30% in hospitals."),
    ("Management guided to revenue of $5 billion for fiscal 2025.", "Revenue was $5 billion for fiscal 2025."),
    ("The market grew 8% annually between 2019 and 2023.", "The market grew 8% between 2019 and 2023."),
    ("The list price was $80 per vial in 2023.", "The list price was $80 in 2023."),
    ("The study agent was given at 1000 mg/m2/day on days 1-14.", "The study agent was given at 1000 mg/m2 on days 1-14."),
    ("Nausea occurred in 20% of patients treated with sampletinib.", "Nausea occurred in 20% of patients."),
    ("年化复发率为0.2。", "复发率为0.2。"),
    ("据公司称，销售额增长6%。", "销售额增长6%。"),
]

KEPT = [(source, source) for source, _ in DROPPED] + [
    ("The market grew 8% annually between 2019 and 2023.", "The market grew 8% per year between 2019 and 2023."),
    ("The study agent was given at 1000 mg/m2/day on days 1-14.", "The study agent was given at 1000 mg/m2 daily on days 1-14."),
    ("The drug significantly improved the annualized relapse rate.", "The drug improved the annualized relapse rate."),
    ("Revenue was $2 billion in 2023. According to analysts, growth will slow.", "Revenue was $2 billion in 2023."),
]


def test_a_dropped_qualifier_leaves_the_claim_to_the_judge_and_never_fails(tmp_path):
    claims = verify_pairs(tmp_path, DROPPED)
    assert [(c.text, c.status) for c in claims if c.status != "undecided"] == []


def test_the_true_twin_keeping_the_qualifier_passes(tmp_path):
    claims = verify_pairs(tmp_path, KEPT)
    assert [(c.text, c.status, c.undecided_reasons) for c in claims if c.status != "pass"] == []


# rt18a: a Chinese qualifier opening the sentence (a grade, a time point, a region, a site)
ZH_DROPPED = [  # (source, false claim, true twin)
    ("3 级及以上治疗相关不良事件发生率为 41.2%。", "治疗相关不良事件发生率为 41.2%。", "此外，3 级及以上治疗相关不良事件发生率为 41.2%。"),
    ("12 个月无进展生存率为 45.3%。", "无进展生存率为 45.3%。", "研究显示，12 个月无进展生存率为 45.3%。"),
    ("颅内客观缓解率为 55.0%。", "客观缓解率为 55.0%。", "颅内客观缓解率为 55.0%。"),
    ("美国市场2023年该产品销售额为 45.2 亿美元。", "2023年该产品销售额为 45.2 亿美元。", "美国市场2023年该产品销售额为 45.2 亿美元。"),
    ("该产品2023年销售额为 45.2 亿美元。", "中国该产品2023年销售额为 45.2 亿美元。", "该产品2023年销售额为 45.2 亿美元。"),
]


def test_a_dropped_chinese_qualifier_is_undecided_and_its_true_twin_passes(tmp_path):
    claims = verify_pairs(tmp_path, [(s, c) for s, false, true in ZH_DROPPED for c in (false, true)])
    assert [(c.text, c.status) for c in claims[0::2] if c.status != "undecided"] == []
    assert [(c.text, c.status, c.undecided_reasons) for c in claims[1::2] if c.status != "pass"] == []
