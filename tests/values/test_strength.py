"""A claim stronger than its source — a dropped hedge, an added universal — never passes Tier 1.

Red-team findings: "客观缓解率为45%" citing "客观缓解率可能为45%" passed (the hedge dropped), and
"45% in all patients" citing "45% in PD-L1 positive patients" passed (a universal added).
"""

from __future__ import annotations

import pytest

from citeproof.values.strength import dropped_scope, forecast_as_fact, stronger_than_source
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


# red team rt_mkt: a forecast stated as fact; a restriction that opens the sentence, dropped
FORECAST_AS_FACT = [
    ("The market was worth $5.0 billion in 2030.", "The market will be worth $5.0 billion in 2030.", "'will'"),
    ("The market reached $5.0 billion by 2030.", "By 2030, the market will reach $5.0 billion.", "'will'"),
    ("Market size in 2030 was $5.0 billion.", "2030E market size: $5.0 billion.", "'2030E'"),
    ("Revenue in fiscal 2025 was $3.0 billion.", "FY25E revenue: $3.0 billion.", "'FY25E'"),
    ("2025年营业收入为30亿元。", "2025E营业收入为30亿元。", "'2025E'"),
    ("公司2025年营业收入为30亿元。", "公司2025E营业收入为30亿元。", "'2025E'"),
    ("2030年中国储能市场规模达5000亿元。", "2030年中国储能市场规模将达5000亿元。", "'将达'"),
    ("Enrollment was completed in 2026.", "Enrollment will be completed in 2026.", "'will'"),
    # a claim naming no year, from a figure the source tags as an estimate (rt17b)
    ("The market size is RMB 80 billion.", "Market size: RMB 80 billion (2030E).", "'2030E'"),
    ("The market size is RMB 80 billion.", "2030E market size: RMB 80 billion.", "'2030E'"),
    # figures paired with estimate years "respectively" (rt17e)
    ("Revenue reached USD 4.8 billion.", "Revenue reached USD 4.8 billion and USD 5.3 billion in 2024E and 2025E respectively.", "'2024E'"),
]

NOT_A_FORECAST_OR_SAID_AS_ONE = [
    # a protocol's plan has no year: the present restates it
    ("Patients receive 200 mg daily.", "Patients will receive 200 mg daily."),
    ("Patients in the expansion cohort receive oral study drug 200 mg daily for 12 weeks.",
     "Patients in the expansion cohort will receive oral study drug 200 mg daily for 12 weeks."),
    # the claim says it is a forecast
    ("The market is projected to be worth $5.0 billion in 2030.", "The market will be worth $5.0 billion in 2030."),
    ("The market will be worth $5.0 billion in 2030.", "The market will be worth $5.0 billion in 2030."),
    ("Market size is estimated at $5.0 billion in 2030.", "2030E market size: $5.0 billion."),
    ("2030E market size: $5.0 billion.", "2030E market size: $5.0 billion."),
    ("预计2030年中国储能市场规模达5000亿元。", "2030年中国储能市场规模将达5000亿元。"),
    # the future is another figure of the sentence than the claim's
    ("Revenue was $4.0 billion in 2023.", "Revenue was $4.0 billion in 2023 and will reach $6.0 billion in 2030."),
    ("Revenue was $3.0 billion in 2024.", "2024A revenue: $3.0 billion; 2025E revenue: $3.5 billion."),
    ("The market size is RMB 60 billion.", "The market size is RMB 60 billion. It may reach RMB 80 billion (2030E)."),
    ("Revenue was $3.0 billion.", "Revenue was $3.0 billion; 2025E revenue: $3.5 billion."),
    # rt17d: an actual figure in a sentence that also tags another as an estimate
    ("Sales were USD 4.2 billion.", "Sales were USD 4.2 billion (2023A) versus USD 6.8 billion (2028E)."),
    ("Installed capacity was 40 GW.", "Installed capacity was 40 GW at end-2023 and reaches 95 GW in 2030E."),
]


@pytest.mark.parametrize(("claim", "source", "word"), FORECAST_AS_FACT)
def test_a_forecast_stated_as_fact_is_named(claim, source, word):
    why = forecast_as_fact(claim, source)
    assert why is not None and word in why


@pytest.mark.parametrize(("claim", "source"), NOT_A_FORECAST_OR_SAID_AS_ONE)
def test_a_plan_or_a_forecast_said_as_one_is_no_forecast_as_fact(claim, source):
    assert forecast_as_fact(claim, source) is None


def test_a_forecast_header_over_the_line_makes_it_a_forecast():
    claim, line = "Market size in 2030 was $5.0 billion.", "Market size in 2030: $5.0 billion."
    assert "('forecast')" in forecast_as_fact(claim, line, header=lambda: "## Forecast (base case)")
    assert "('预测')" in forecast_as_fact("2030年市场规模为50亿元。", "2030年市场规模为50亿元。", header=lambda: "## 市场预测")
    assert forecast_as_fact(claim, line, header=lambda: "## 2030 market size") is None
    assert forecast_as_fact(claim, line, header=lambda: "## Forecast", claim_frame="Outlook") is None
    # rt18a: a company's guidance heading
    assert "('业绩指引')" in forecast_as_fact("全年收入为68亿元。", "全年收入为68亿元。", header=lambda: "## 2024年业绩指引")
    assert forecast_as_fact("公司指引全年收入为68亿元。", "全年收入为68亿元。", header=lambda: "## 2024年业绩指引") is None


DROPPED_SCOPE = [
    ("Revenue reached $2.4 billion in fiscal 2023.", "Excluding China, revenue reached $2.4 billion in fiscal 2023.",
     "Excluding China"),
    ("Revenue reached $2.4 billion in fiscal 2023.", "In North America, revenue reached $2.4 billion in fiscal 2023.",
     "In North America"),
    ("Revenue reached $2.4 billion in fiscal 2023.", "Among listed peers, revenue reached $2.4 billion in fiscal 2023.",
     "Among listed peers"),
    ("Revenue in China reached $2.4 billion.", "Revenue ex-China reached $2.4 billion.", "ex-China"),
    ("Revenue reached $2.4 billion.", "Revenue, excluding one-off items, reached $2.4 billion.", "excluding one-off items"),
    ("新能源汽车渗透率为40%。", "在一线城市，新能源汽车渗透率为40%。", "在一线城市"),
    ("新能源汽车渗透率为40%。", "一线城市中，新能源汽车渗透率为40%。", "一线城市中"),
    ("公司营收为30亿元。", "除中国外，公司营收为30亿元。", "除中国外"),
    # rt18a: a phrase with spaces (Latin names, numbers) or longer than 20 characters went unread
    ("推荐剂量为 100 mg 每日一次。", "对于 CrCl < 30 mL/min 的患者，推荐剂量为 100 mg 每日一次。", "对于 CrCl < 30 mL/min 的患者"),
    ("推荐剂量为 80 mg 每日一次。", "对于 Child-Pugh B 级肝功能损害患者，推荐剂量为 80 mg 每日一次。", "对于 Child-Pugh B 级肝功能损害患者"),
    ("中位总生存期为 7.9 个月。", "在 ECOG 评分为 2 分的患者中，中位总生存期为 7.9 个月。", "在 ECOG 评分为 2 分的患者中"),
    ("客观缓解率为 23.4%。", "在既往接受过至少两线系统治疗的晚期非小细胞肺癌患者中，客观缓解率为 23.4%。",
     "在既往接受过至少两线系统治疗的晚期非小细胞肺癌患者中"),
    ("Median overall survival was 7.9 months.",
     "In patients with an ECOG performance status of 2, median overall survival was 7.9 months.",
     "In patients with an ECOG performance status of 2"),
]

SCOPE_KEPT_OR_NONE = [
    ("Revenue in North America reached $2.4 billion in fiscal 2023.",
     "In North America, revenue reached $2.4 billion in fiscal 2023."),
    ("Revenue excluding China reached $2.4 billion in fiscal 2023.",
     "Excluding China, revenue reached $2.4 billion in fiscal 2023."),
    ("Revenue outside China reached $2.4 billion.", "Revenue ex-China reached $2.4 billion."),
    ("一线城市新能源汽车渗透率为40%。", "在一线城市，新能源汽车渗透率为40%。"),
    ("中国以外的公司营收为30亿元。", "除中国外，公司营收为30亿元。"),
    # openers that restrict nothing; a year the numeric rule reads; a name after "ex-" only
    ("Revenue reached $2.4 billion.", "In addition, revenue reached $2.4 billion."),
    ("Revenue reached $2.4 billion.", "For example, revenue reached $2.4 billion."),
    ("Revenue reached $2.4 billion.", "In 2023, revenue reached $2.4 billion."),
    ("新能源汽车渗透率为40%。", "本研究中，新能源汽车渗透率为40%。"),
    ("ECOG 评分为 2 分的患者中位总生存期为 7.9 个月。", "在 ECOG 评分为 2 分的患者中，中位总生存期为 7.9 个月。"),
    ("In patients with an ECOG performance status of 2, median overall survival was 7.9 months.",
     "In patients with an ECOG performance status of 2, median overall survival was 7.9 months."),
    # a long opening clause that is no population phrase is not read as a restriction
    ("Revenue reached $2.4 billion.", "In the year when the new plant finally opened after long delays, revenue reached $2.4 billion."),
    ("Former smokers had a 12% rate of relapse.", "Ex-smokers had a 12% rate of relapse."),
    # the restriction governs another sentence than the one with the claim's figure
    ("Revenue reached $2.4 billion.", "Revenue reached $2.4 billion. In Europe, it reached $0.9 billion."),
]


@pytest.mark.parametrize(("claim", "source", "phrase"), DROPPED_SCOPE)
def test_a_dropped_opening_restriction_is_named(claim, source, phrase):
    assert dropped_scope(claim, source) == phrase
    assert stronger_than_source(claim, source) is not None


@pytest.mark.parametrize(("claim", "source"), SCOPE_KEPT_OR_NONE)
def test_a_kept_or_empty_restriction_is_no_generalisation(claim, source):
    assert dropped_scope(claim, source) is None


@pytest.mark.parametrize(
    ("claim", "source", "dropped"),
    [
        # red team round 4: 'planned' in the claim counted as keeping the source's 'nearly all'
        ("All patients completed the planned six cycles.", "Nearly all patients completed the planned six cycles.", "nearly all"),
        ("No patients stopped because of toxicity.", "Almost no patients stopped because of toxicity.", "almost no"),
        ("The decline was driven by generic competition.", "The decline was partly driven by generic competition.", "partly"),
        ("The drug may improve survival.", "The drug may possibly improve survival.", "possibly"),
        # a possibility stated as what happens (red team: 'Letrozole can lead to bone loss' restated without 'can')
        ("Study agent A leads to bone loss in older women.", "Study agent A can lead to bone loss in older women.", "can"),
        ("Patients received up to 6 cycles.", "Patients can receive up to 6 cycles.", "can"),
    ],
)
def test_each_hedge_of_the_source_must_be_kept(claim, source, dropped):
    assert stronger_than_source(claim, source) == f"the source hedges ('{dropped}') what the claim states as fact"


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("About 40% responded.", "Approximately 40% responded."),  # one approximation for another
        ("Nearly all patients completed the planned six cycles.", "Nearly all patients completed the planned six cycles."),
        ("约40%的患者缓解。", "大约40%的患者缓解。"),
        ("Study agent A can lead to bone loss in older women.", "Study agent A can lead to bone loss in older women."),
    ],
)
def test_a_kept_hedge_or_another_approximation_is_not_stronger(claim, source):
    assert stronger_than_source(claim, source) is None


@pytest.mark.parametrize(
    "source",
    ["Study agent A received FDA approval in May 2016.", "Study agent A was approved on 5 May 2016.", "Approval came May 5, 2016."],
)
def test_the_month_may_beside_a_date_is_no_hedge(source):
    # red team rt31 y2: "May 2016" read as the hedge "may" held back an approval year
    assert stronger_than_source("Study agent A was first approved in 2016.", source) is None


def test_the_hedge_may_before_a_number_without_capital_is_still_a_hedge():
    assert stronger_than_source("The response rate was 45%.", "The response rate may be 45%.") is not None
    assert stronger_than_source("Up to 20 patients were enrolled.", "Up to 20 patients may be enrolled.") is not None


def test_a_scope_word_inside_another_claim_word_is_not_written():
    # review: "In men," was read as written in a claim opening "In women,"
    assert dropped_scope("In women, the response rate was 40%.", "In men, the response rate was 40%.") == "In men"
    assert dropped_scope("In men, the response rate was 40%.", "In men, the response rate was 40%.") is None


@pytest.mark.parametrize("source", ["We'll reach $5 billion in 2030.", "We\u2019ll reach $5 billion in 2030."])
def test_a_forecast_written_with_a_clitic_is_a_forecast(source):
    # review: "'ll" stood behind a letter boundary it can never have ("we'll"), so it never matched
    assert forecast_as_fact("Revenue reached $5 billion in 2030.", source) is not None
    assert forecast_as_fact("We'll reach $5 billion in 2030.", source) is None


@pytest.mark.parametrize(
    ("claim", "source", "word"),
    [
        ("2023年市场规模为120亿元。", "2023年线上市场规模为120亿元。", "线上"),
        ("2023年市场规模为120亿元。", "2023年华东地区市场规模为120亿元。", "华东"),
        ("2023年市场规模为120亿元。", "2023年一线城市市场规模为120亿元。", "一线城市"),
        ("2023年SaaS市场规模为120亿元。", "2023年中小企业SaaS市场规模为120亿元。", "中小企业"),
        ("2023年白酒市场规模为120亿元。", "2023年高端白酒市场规模为120亿元。", "高端"),
        ("公司2023财年营收为50亿元。", "公司2023财年上半财年营收为50亿元。", "上半财年"),
        ("FY2023 revenue was $50 million.", "1H FY2023 revenue was $50 million.", "1h"),
        ("FY2023 revenue was $50 million.", "9M FY2023 revenue was $50 million.", "9m"),
    ],
)
def test_a_market_segment_region_or_part_year_the_claim_drops_is_named(claim, source, word):
    # rt13b: a segment's, a region's or half a year's figure given as the whole market's or year's
    assert stronger_than_source(claim, source) == f"the source restricts it ('{word}'); the claim does not"
    assert stronger_than_source(source, source) is None  # kept, it restricts both alike


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("Total revenue was $5.6 billion in 2023.", "Total revenue was $5.6 billion in 2023, and online sales made up 40% of it."),
        ("2023年公司营业收入为120亿元。", "2023年公司营业收入为120亿元，其中线上渠道占比35%。"),
        ("Total revenue grew 12% to $2.2 billion in 2023.", "Offline retail remained flat, while total revenue grew 12% to $2.2 billion in 2023."),
    ],
)
def test_a_segment_word_in_another_clause_restricts_nothing(claim, source):
    # (the third: an opening clause of its own restricts itself, not the clause after it)
    # rt14a: the total was held back for the online share beside it
    assert stronger_than_source(claim, source) is None


def test_another_segment_than_the_sources_is_named():
    assert stronger_than_source("2023年线下市场规模为120亿元。", "2023年线上市场规模为120亿元。") is not None


@pytest.mark.parametrize(
    ("claim", "source", "word"),
    [
        ("The response rate with the study drug was 62%.",
         "At week 4, the response rate with the study drug was 62%, falling to 41% at week 24.", "at week"),
        ("Sales were $3.1 billion.", "In the online channel, sales were $3.1 billion.", "online"),
        ("Median overall survival was 18.2 months.",
         "At the first interim analysis, median overall survival was 18.2 months; the final analysis showed 15.1 months.",
         "interim"),
        ("Median progression-free survival was 11.2 months.",
         "Median progression-free survival was 11.2 months (investigator-assessed; 9.8 months by central review).",
         "investigator-assessed"),
        ("The objective response rate was 45%.", "The objective response rate was 45% (per-protocol analysis).", "per-protocol"),
    ],
)
def test_a_time_point_or_analysis_the_claim_drops_is_named(claim, source, word):
    # rt16a: a week-4, interim, investigator-assessed or per-protocol figure passed as the trial's result
    assert word in stronger_than_source(claim, source)
    assert stronger_than_source(source, source) is None


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("The response rate at week 24 was 41%.", "At week 4, the response rate was 62%, falling to 41% at week 24."),
        ("The response rate was 62%.", "The response rate was 62%, and visits were at week 4 and at week 24."),
    ],
)
def test_a_time_point_of_another_figure_restricts_nothing(claim, source):
    assert stronger_than_source(claim, source) is None


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("The objective response rate was 45%.",
         "Results were consistent in the intention-to-treat and per-protocol populations, with an objective response rate of 45%."),
        ("Median progression-free survival in the final analysis was 8.4 months.",
         "The final analysis confirmed the interim analysis result: median progression-free survival was 8.4 months."),
    ],
)
def test_an_analysis_named_in_another_clause_restricts_nothing(claim, source):
    # rt17a: 'per-protocol' and 'interim' mentioned in passing held true figures back
    assert stronger_than_source(claim, source) is None


@pytest.mark.parametrize(
    ("claim", "source", "said"),
    [
        ("Overall survival was prolonged in patients (HR 0.72).",
         "Overall survival was prolonged in patients with marker expression of 50% or more (HR 0.72).", "threshold"),
        ("Overall survival was prolonged (HR 0.61).",
         "Overall survival was prolonged only in patients with high marker expression (HR 0.61).", "only in"),
        ("Overall survival was prolonged in patients (HR 0.62).",
         "Overall survival was prolonged in patients with a tumour proportion score ≥50% (HR 0.62).", "threshold"),
        # rt17e: a population in a bracket, a bracket before the figure, a cut-off that picks out patients
        ("The objective response rate was 45%.",
         "The objective response rate was 45% (patients with marker TPS of 50% or more).", "threshold"),
        ("Patients had a median overall survival of 20.0 months.",
         "Patients (marker TPS ≥50%) had a median overall survival of 20.0 months.", "threshold"),
        ("The objective response rate was 31%.", "The objective response rate was 31% at a marker cut-off of ≥1%.", "threshold"),
    ],
)
def test_a_subgroup_set_by_a_threshold_or_only_is_named(claim, source, said):
    # rt17b: a subgroup's hazard ratio passed as everyone's
    assert said in stronger_than_source(claim, source)
    assert stronger_than_source(source, source) is None


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("Overall survival was prolonged in patients with marker expression of 50% or more (HR 0.72).",
         "Overall survival was prolonged in patients with marker expression of 50% or more (HR 0.72)."),
        ("More than 40% of patients responded.", "More than 40% of patients responded."),
        ("The response rate was 45%.", "The response rate was 45%; fewer than 5% discontinued."),  # another clause
        # rt17d: a threshold that defines the measure, "only" that counts, "not only"
        ("The objective response rate was 45%.", "The objective response rate was 45% (≥30% tumour shrinkage per RECIST 1.1)."),
        ("48% of patients reached the HbA1c target.", "48% of patients reached the HbA1c target of <7.0%."),
        ("Grade 4 neutropenia occurred in 2 patients.", "Grade 4 neutropenia occurred only in 2 patients."),
        ("In the overall population, the hazard ratio was 0.72.",
         "The benefit was seen not only in high but also in low scorers, and in the overall population the hazard ratio was 0.72."),
        ("总体人群HR为0.72。", "获益不仅在高表达人群中出现，总体人群HR为0.72。"),
        ("Grade 4 neutropenia occurred in two patients.", "Grade 4 neutropenia occurred only in two patients."),
        ("A response rate of 40% was seen in the trial.", "A response rate of 40% was seen not only in smokers in the trial."),
        ("Revenue was USD 4.2 billion in 2023.",
         "Revenue was USD 4.2 billion in 2023; growth will continue only if pricing holds."),  # another clause
    ],
)
def test_a_threshold_the_claim_keeps_or_of_another_clause_is_no_restriction(claim, source):
    assert stronger_than_source(claim, source) is None


@pytest.mark.parametrize(
    ("claim", "source", "word"),
    [
        ("治疗相关不良事件发生率为 41.2%。", "3 级及以上治疗相关不良事件发生率为 41.2%。", "3 级"),
        ("试验组中性粒细胞减少的发生率为 27.5%。", "试验组3级或以上中性粒细胞减少的发生率为 27.5%。", "3级"),
        ("在试验组中，腹泻发生率为 9.4%。", "在试验组中，3～4级腹泻发生率为 9.4%。", "3～4级"),
        ("无进展生存率为 45.3%。", "12 个月无进展生存率为 45.3%。", "12 个月"),
        ("总生存率为 62.0%，对照组为 48.5%。", "2 年总生存率为 62.0%，对照组为 48.5%。", "2 年"),
        ("客观缓解率为 55.0%。", "颅内客观缓解率为 55.0%。", "颅内"),
        ("2023年该产品销售额为 45.2 亿美元。", "美国市场2023年该产品销售额为 45.2 亿美元。", "美国"),
        ("业务收入为 18.6 亿元。", "海外业务收入为 18.6 亿元。", "海外"),
        ("市场规模为 820 亿元。", "仿制药市场规模为 820 亿元。", "仿制药"),
        ("客观缓解率为 33.3%。", "经独立评审委员会确认的客观缓解率为 33.3%。", "独立评审"),
        ("患者的推荐剂量为 100 mg 每日一次。", "重度肾功能损害（CrCl < 30 mL/min）患者的推荐剂量为 100 mg 每日一次。", "重度"),
    ],
)
def test_a_chinese_grade_time_point_region_or_class_the_claim_drops_is_named(claim, source, word):
    # rt18a: a qualifier opening the Chinese source sentence, dropped by the claim, passed
    assert stronger_than_source(claim, source) == f"the source restricts it ('{word}'); the claim does not"
    assert stronger_than_source(source, source) is None


@pytest.mark.parametrize(
    ("claim", "source", "word"),
    [
        ("颅内客观缓解率为 55.0%。", "客观缓解率为 55.0%。", "颅内"),
        ("美国市场该产品2023年销售额为 45.2 亿美元。", "该产品2023年销售额为 45.2 亿美元。", "美国"),
        ("中国该产品2023年销售额为 45.2 亿美元。", "该产品2023年销售额为 45.2 亿美元。", "中国"),
    ],
)
def test_a_chinese_region_or_site_the_claim_adds_is_named(claim, source, word):
    # rt18a: the whole's figure given to a part the source does not name
    assert stronger_than_source(claim, source) == f"the claim restricts it ('{word}'); the source does not"


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        # a leading function phrase, on either side, restricts nothing
        ("研究显示，3 级及以上治疗相关不良事件发生率为 41.2%。", "3 级及以上治疗相关不良事件发生率为 41.2%。"),
        ("3 级及以上治疗相关不良事件发生率为 41.2%。", "结果表明，3 级及以上治疗相关不良事件发生率为 41.2%。"),
        # the same grade written otherwise
        ("≥3级治疗相关不良事件发生率为 41.2%。", "3 级及以上治疗相关不良事件发生率为 41.2%。"),
        # a time after the figure is the figure's own or its interval's, no restriction
        ("中位总生存期为 26.3 个月。", "中位总生存期为 26.3 个月（95% CI 22.1–30.5 个月）。"),
        ("客观缓解率为 45%。", "客观缓解率为 45%（中位随访时间 12 个月）。"),
        # a calendar year and a subject are no qualifier here
        ("销售额为 45.2 亿美元。", "2023年该产品销售额为 45.2 亿美元。"),
        # a cadence is read by the framing rule, not as a time point
        ("静脉输注 200 mg。", "每 3 周静脉输注 200 mg。"),
        # one member of a list of time points: the number rules read which
        ("治疗24周时缓解率为55%。", "治疗12周和24周时缓解率分别为40%和55%。"),
        # a region in another clause than the figure's
        ("总收入为 120 亿元。", "总收入为 120 亿元，其中海外业务占 27.4%。"),
    ],
)
def test_a_chinese_claim_keeping_every_qualifier_is_not_held_back(claim, source):
    assert stronger_than_source(claim, source) is None


def test_an_english_segment_word_the_claim_adds_is_left_to_the_agreement_rule():
    # agreement.added_modifier reads a word an English claim puts before the line's words; the
    # segment rule names only Chinese ones, which that rule cannot read
    assert stronger_than_source("Online sales were $3.1 billion.", "Sales were $3.1 billion.") is None


def test_an_estimate_by_a_research_firm_is_a_hedge():
    # rt18a: "弗若斯特沙利文估算，…" restated as fact passed (测算 and 估计 were read, 估算 not)
    source = "据弗若斯特沙利文估算，2023年中国 ADC 药物市场规模为 105 亿元。"
    assert stronger_than_source("2023年中国 ADC 药物市场规模为 105 亿元。", source) == "the source hedges ('估算') what the claim states as fact"
    assert stronger_than_source("据估算，2023年中国 ADC 药物市场规模为 105 亿元。", source) is None


# s27-fails4 case8: an abbreviation the source spells out holds the restriction its words write
# ("TRAEs" is "treatment-related adverse events")
TRAE_SOURCE = "Treatment-related adverse events occurred in 45% of patients."


def test_an_abbreviation_spelled_out_by_the_source_keeps_its_restriction() -> None:
    assert stronger_than_source("TRAEs occurred in 45% of patients.", TRAE_SOURCE) is None
    assert stronger_than_source("AEs occurred in 45% of patients.", TRAE_SOURCE) is not None


def test_an_abbreviated_restricted_measure_passes_and_another_does_not(tmp_path) -> None:
    from tests.values.helpers import verify_pairs

    claims = verify_pairs(tmp_path, [
        (TRAE_SOURCE, "TRAEs occurred in 45% of patients."),
        (TRAE_SOURCE, "TRAEs occurred in 54% of patients."),
        (TRAE_SOURCE, "TEAEs occurred in 45% of patients."),
        (TRAE_SOURCE, "AEs occurred in 45% of patients."),
        ("Serious treatment-related adverse events occurred in 45% of patients.", "TRAEs occurred in 45% of patients."),
    ])
    assert [c.status for c in claims][:2] == ["pass", "fail"]
    assert "pass" not in [c.status for c in claims][2:]
