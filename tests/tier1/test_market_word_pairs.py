"""Market-report pairs through the whole pipeline: the comparison or reference period of a
figure, a forecast stated as fact, a restriction the claim drops.

Red team (rt_mkt): each false claim below passed — "rose 12% month on month" citing "year on
year", "was worth $5.0 billion in 2030" citing "will be worth", "2030E", a line under
"## Forecast", "Revenue reached $2.4 billion" citing "Excluding China, …" or "In North America,
…", "grew 12%" citing "a 12% CAGR", "据传…" added. Each has its closest true twin, which must
still pass (a protocol's "Patients will receive 200 mg daily" is no forecast). A claim that swaps a
source's word for a synonym ("projected" for "will", "YoY" for "year-over-year") is left to
the judge by citeproof.values.substitution, as before: those twins are in tests/values/.
"""

from __future__ import annotations

import pytest

from values.helpers import verify_against, verify_pairs

# (source line, claim): the claim must not pass
NOT_PASS = [
    ("Sales rose 12% year on year.", "Sales rose 12% month on month."),
    ("Subscribers grew 12% week over week.", "Subscribers grew 12% year over year."),
    ("Revenue was $4.1 billion last year.", "Revenue was $4.1 billion last month."),
    ("Sales rose 12% year on year.", "Sales rose 12%."),
    ("公司新能源汽车业务营收同比增长12%。", "公司新能源汽车业务营收环比增长12%。"),
    ("The market will be worth $5.0 billion in 2030.", "The market was worth $5.0 billion in 2030."),
    ("2030E market size: $5.0 billion.", "Market size in 2030 was $5.0 billion."),
    ("2025E营业收入为30亿元。", "2025年营业收入为30亿元。"),
    ("2030年中国储能市场规模将达5000亿元。", "2030年中国储能市场规模为5000亿元。"),
    ("Excluding China, revenue reached $2.4 billion in fiscal 2023.", "Revenue reached $2.4 billion in fiscal 2023."),
    ("In North America, revenue reached $2.4 billion in fiscal 2023.", "Revenue reached $2.4 billion in fiscal 2023."),
    ("Consolidated product revenue ex-China reached $2.4 billion in fiscal 2023.",
     "Consolidated product revenue in China reached $2.4 billion in fiscal 2023."),
    ("在一线城市，新能源汽车渗透率为40%。", "新能源汽车渗透率为40%。"),
    ("除中国外，公司营收为30亿元。", "公司营收为30亿元。"),
    ("Revenue grew at a 12% CAGR from 2019 to 2023.", "Revenue grew 12% from 2019 to 2023."),
    ("研究药物显著改善了五年无病生存率。", "据传研究药物显著改善了五年无病生存率。"),
]

# (source line, claim): the claim restates its source and must pass
MUST_PASS = [
    ("Sales rose 12% year on year.", "Sales rose 12% year on year."),
    ("Online sales of the consumer segment rose 12% year-over-year.", "Online sales of the consumer segment rose 12% year on year."),
    ("Revenue was $4.1 billion last year.", "Revenue was $4.1 billion last year."),
    ("营收同比增长12%。", "营收同比增长12%。"),
    ("The global energy storage market will be worth $5.0 billion in 2030.",
     "The global energy storage market will be worth $5.0 billion in 2030."),
    ("2030E global energy storage market size: $5.0 billion.",
     "The global energy storage market size is estimated at $5.0 billion in 2030."),
    ("Patients in the expansion cohort will receive oral study drug 200 mg daily.",
     "Patients in the expansion cohort receive oral study drug 200 mg daily."),
    ("Revenue was $4.0 billion in 2023 and will reach $6.0 billion in 2030.", "Revenue was $4.0 billion in 2023."),
    ("Excluding China, revenue reached $2.4 billion in fiscal 2023.",
     "Excluding China, revenue reached $2.4 billion in fiscal 2023."),
    ("In North America, revenue reached $2.4 billion in fiscal 2023.",
     "Revenue in North America reached $2.4 billion in fiscal 2023."),
    ("In addition, revenue reached $2.4 billion in fiscal 2023.", "Revenue reached $2.4 billion in fiscal 2023."),
    ("在一线城市，新能源汽车渗透率为40%。", "一线城市新能源汽车渗透率为40%。"),
]


def test_a_changed_period_a_forecast_as_fact_or_a_dropped_restriction_never_passes(tmp_path):
    wrongly = [(c.text, c.status) for c in verify_pairs(tmp_path, NOT_PASS) if c.status != "undecided"]
    assert wrongly == []  # undecided, never fail: a rule that cannot be sure leaves it to the judge


def test_the_claim_with_the_same_words_still_passes(tmp_path):
    held = [(c.text, c.status, c.undecided_reasons) for c in verify_pairs(tmp_path, MUST_PASS) if c.status != "pass"]
    assert held == []


@pytest.mark.parametrize(
    ("report", "status"),
    [
        ("# R\n\nMarket size in 2030 was $5.0 billion [evidence:s.md#L3-L5].\n", "undecided"),
        # the report states it as a forecast too: under its own "Forecast" heading
        ("# R\n\n## Forecast\n\nMarket size in 2030 was $5.0 billion [evidence:s.md#L3-L5].\n", "pass"),
    ],
)
def test_a_line_under_a_forecast_header_is_a_forecast(tmp_path, report, status):
    source = "# Market outlook\n\n## Forecast (base case)\n\nMarket size in 2030: $5.0 billion.\n"
    out = verify_against(tmp_path, source, report)
    assert [c.status for c in out.claims] == [status]
    if status == "undecided":
        assert "forecast header ('forecast')" in out.claims[0].undecided_reasons[0]


def test_a_line_under_a_results_header_is_no_forecast(tmp_path):
    source = "# Market outlook\n\n## 2023 results\n\nMarket size in 2023: $3.0 billion.\n"
    out = verify_against(tmp_path, source, "# R\n\nMarket size in 2023 was $3.0 billion [evidence:s.md#L5].\n")
    assert [c.status for c in out.claims] == ["pass"]


def test_the_reasons_name_the_word(tmp_path):
    claims = {c.text: c.undecided_reasons[0] for c in verify_pairs(tmp_path, NOT_PASS)}
    assert "'month on month' (comparison period)" in claims["Sales rose 12% month on month."]
    assert "'last month' (reference period)" in claims["Revenue was $4.1 billion last month."]
    assert "'2030E' as an estimate" in claims["Market size in 2030 was $5.0 billion."]
    assert "('Excluding China')" in claims["Revenue reached $2.4 billion in fiscal 2023."] or "('In North America')" in claims[
        "Revenue reached $2.4 billion in fiscal 2023."
    ]
    assert "一线城市')" in claims["新能源汽车渗透率为40%。"]  # the restriction named, as a phrase or a word
    assert "'cagr' (compound growth)" in claims["Revenue grew 12% from 2019 to 2023."]


# A currency written as a code on one side and a symbol on the other is the same currency: the
# value atom compares it (EUR 4.2 billion = €4.2 billion), so the code is neither a name the claim
# must write nor a restriction it drops. A code on its own still names something.
CURRENCY_PASS = [
    ("In 2023 revenue was EUR 4.2 billion, up from EUR 3.9 billion in 2022.",
     "In 2023 revenue was €4.2 billion, up from €3.9 billion in 2022."),
    ("The dividend was €1.20 per share.", "The dividend was EUR 1.20 per share."),
    ("The dividend was 1.20 EUR per share.", "The dividend was €1.20 per share."),
    ("Revenue was 4.2 billion EUR in 2023.", "Revenue was €4.2 billion in 2023."),
]
CURRENCY_NOT_PASS = [
    ("USD-denominated notes worth 4.2 billion were issued in 2023.", "EUR-denominated notes worth 4.2 billion were issued in 2023."),
    ("In Germany, revenue was EUR 4.2 billion in 2023.", "Revenue was €4.2 billion in 2023."),
    ("Revenue in USD was 4.2 billion in 2023.", "Revenue in EUR was 4.2 billion in 2023."),
]


def test_a_currency_code_for_its_symbol_still_passes(tmp_path):
    # rt_mine: "€4.2 billion" citing "EUR 4.2 billion" was undecided ("entity not in one segment:
    # eur", "the source restricts it ('from EUR')")
    held = [(c.text, c.status, c.undecided_reasons) for c in verify_pairs(tmp_path, CURRENCY_PASS) if c.status != "pass"]
    assert held == []


def test_a_currency_code_on_its_own_and_a_real_restriction_still_hold_the_claim(tmp_path):
    wrongly = [(c.text, c.status) for c in verify_pairs(tmp_path, CURRENCY_NOT_PASS) if c.status == "pass"]
    assert wrongly == []
