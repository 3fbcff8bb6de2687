"""Amounts as market and finance reports write them: signs, Chinese numerals with 万/亿,
scale abbreviations, glued currency codes, 余/多 bounds, and "pounds".

Red-team findings (market reports) this guards, each with its twin: a wrong PASS where a
sign written before a currency symbol, after a CJK character or as accounting parentheses
was dropped; where 十五亿 was never read (so never checked); where ¥ (the yen or the yuan)
was equal to a named yuan. A wrong FAIL where "$1.2 bln", "12M users", "$1.2MM",
"USD1.2bn", "35，000人", "3千亿", 億, "200余亿" or "3.4 billion pounds" were misread.
"""

from __future__ import annotations

import pytest

from citeproof.values import assess_numbers, claim_atoms
from citeproof.values.extract import extract_atoms
from tests.values.helpers import window


def states(claim: str, source: str) -> list[str]:
    return [r.state for r in assess_numbers(claim, [window(source)])]


def read(text: str, mode: str = "claim") -> list[tuple[float, str, str | None]]:
    return [(a.number, a.unit, a.qualifier) for a in extract_atoms(text, mode=mode)]  # type: ignore[arg-type]


# ---- signs ------------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("Net income was -$120 million.", -120e6),
        ("Free cash flow was −$80 million.", -80e6),  # Unicode minus
        ("Net income was -€5m.", -5e6),
        ("营收同比-5%。", -5.0),  # a sign after a CJK character
        ("营收同比+5%。", 5.0),
        ("Net income was $120 million.", 120e6),
    ],
)
def test_a_sign_before_a_currency_or_after_a_cjk_character_is_read(text, number):
    assert [a.number for a in claim_atoms(text)] == [number]


def test_a_hyphen_joining_a_word_or_a_range_is_still_no_sign():
    assert read("IL-6 rose by 5-10 mg.") == [(5.0, "mg", None)]
    assert [a.high for a in claim_atoms("剂量为5-10 mg。")] == [10.0]


def test_a_dropped_sign_is_never_supported():
    assert states("Net income was $120 million in 2023.", "Net income was -$120 million in 2023.") == ["plausible"]
    assert states("公司营收同比增长5%。", "公司营收同比-5%。") == ["plausible"]
    # a claim that writes its own sign says the opposite: missing, not "reduced by" (plausible)
    assert states("营收同比+5%。", "营收同比-5%。") == ["missing"]
    # the same sign is supported
    assert states("Net income was -$120 million in 2023.", "Net income was −$120 million in 2023.") == ["supported"]
    assert states("营收同比-5%。", "营收同比-5%。") == ["supported"]


def test_an_amount_alone_in_parentheses_is_negative_on_the_source_side():
    assert read("Net income was ($120 million) in 2023.", "source") == [(-120e6, "USD", None)]
    assert states("Net income was $120 million in 2023.", "Net income was ($120 million) in 2023.") == ["plausible"]
    assert states("Net income was -$120 million in 2023.", "Net income was ($120 million) in 2023.") == ["supported"]


@pytest.mark.parametrize(
    "source, number, code",
    [("Net income: $(45) million in FY2022.", -45e6, "USD"), ("Loss of €(1.2)bn.", -1.2e9, "EUR"),
     ("EBIT was £(3.5)m.", -3.5e6, "GBP")],
)
def test_accounting_parentheses_inside_the_symbol_are_negative_too(source, number, code):
    assert read(source, "source") == [(number, code, None)]


@pytest.mark.parametrize(
    "claim, state",
    [
        ("Net income was -$45 million in FY2022.", "supported"),
        ("The company posted a net loss of $45 million in FY2022.", "plausible"),
        ("净亏损4500万美元。", "plausible"),
        # a sign written as a gain, or a different loss, is not the source's figure
        ("Net income was +$45 million in FY2022.", "missing"),
        ("Net income was -$46 million in FY2022.", "missing"),
    ],
)
def test_a_loss_written_as_symbol_then_parentheses(claim, state):
    assert states(claim, "Net income: $(45) million in FY2022.") == [state]


@pytest.mark.parametrize(
    "source, state",
    [
        ("Net income: $(45) million in FY2022.", "supported"),
        ("Net income: -$45 million in FY2022.", "supported"),
        ("Net income: ($45 million) in FY2022.", "supported"),
        # a gain of the same figure, or another loss, is not the claim's
        ("Net income: $45 million in FY2022.", "missing"),
        ("Net income: $(54) million in FY2022.", "missing"),
    ],
)
def test_a_claim_writing_the_symbol_then_parentheses_states_a_loss(source, state):
    # red-team finding: a claim's "$(45) million" read as a bare 45 and failed its own source
    assert read("Net income was $(45) million in FY2022.") == [(-45e6, "USD", None)]
    assert [a.raw for a in extract_atoms("Loss was US$(1.2)bn.")] == ["US$(1.2)bn"]
    assert states("Net income was $(45) million in FY2022.", source) == [state]


@pytest.mark.parametrize(
    "claim, state",
    [
        # the loss the source names, written as a sign: judged, never equal
        ("Net income was -$45 million in FY2022.", "plausible"),
        ("Net income was $(45) million in FY2022.", "plausible"),
        ("The company posted a net loss of $45 million in FY2022.", "supported"),
        # another loss, or the source's figure with the sign it does not name, is missing
        ("Net income was -$54 million in FY2022.", "missing"),
    ],
)
def test_a_loss_the_source_names_in_words_meets_a_claims_sign(claim, state):
    assert states(claim, "The company posted a net loss of $45 million in FY2022.") == [state]


def test_an_amount_no_loss_word_names_has_no_negative_reading():
    assert states("Net income was -$45 million in FY2022.", "Net income was $45 million in FY2022.") == ["missing"]
    assert [a.loss_named for a in extract_atoms("净亏损4500万美元，营收4500万美元。", mode="source")] == [True, False]
    # a claim states its own sign: its loss words make no negative of it
    assert [a.loss_named for a in extract_atoms("A net loss of $45 million.")] == [False]


def test_a_parenthesised_conversion_after_another_amount_is_no_loss():
    assert read("Sales were €5 billion ($5.4 billion).", "source") == [(5e9, "EUR", None), (5.4e9, "USD", None)]
    assert states("Sales were $5.4 billion.", "Sales were €5 billion ($5.4 billion).") == ["supported"]
    # a claim's own parentheses are read as written (a wrong reading there could fail it)
    assert read("Net income was ($120 million).") == [(120e6, "USD", None)]


# ---- Chinese numerals with 万/亿 -----------------------------------------------------------

@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("营业收入十五亿元", 1.5e9),
        ("营业收入十二亿元", 1.2e9),
        ("营业收入一百二十亿元", 1.2e10),
        ("营业收入五千亿元", 5e11),
        ("用户数达两千万", 2e7),
        ("一亿二千万元", 1.2e8),
        ("三万亿元", 3e12),
        ("十二点五亿元", 1.25e9),
        ("营业收入3千亿元", 3e11),
        ("营业收入12億元", 1.2e9),  # traditional 億
        ("兩萬人", 2e4),
    ],
)
def test_a_chinese_amount_scaled_by_wan_or_yi_is_read(text, number):
    assert [a.number for a in claim_atoms(text)] == [number]


def test_a_chinese_range_scaled_at_its_end_scales_both_ends():
    assert [(a.number, a.high) for a in claim_atoms("营业收入十二至十五亿元")] == [(1.2e9, 1.5e9)]
    assert [(a.number, a.high) for a in claim_atoms("三至五万人")] == [(3e4, 5e4)]
    assert [(a.number, a.high) for a in claim_atoms("一亿至两亿元")] == [(1e8, 2e8)]


def test_a_fabricated_chinese_amount_is_missing_however_written():
    assert states("营业收入十五亿元。", "营业收入120亿元。") == ["missing"]
    assert states("营业收入五千亿元。", "营业收入3000亿元。") == ["missing"]
    assert states("营业收入一百二十亿元。", "营业收入120亿元。") == ["supported"]
    assert states("营业收入三千亿元。", "营业收入3000亿元。") == ["supported"]
    assert states("营业收入3千亿元。", "营业收入3000亿元。") == ["supported"]
    assert states("营业收入12億元。", "营业收入12亿元。") == ["supported"]


@pytest.mark.parametrize("text", ["千万不要忽视", "万一出现", "亿万人民", "数十亿元", "几百万人"])
def test_a_scale_character_in_a_word_or_a_vague_numeral_is_no_amount(text):
    assert claim_atoms(text) == []


# ---- 余/多: over ---------------------------------------------------------------------------

def test_yu_and_duo_after_a_number_make_it_a_bound():
    assert read("营业收入200余亿元") == [(2e10, "CNY", ">")]
    assert read("营业收入十余亿元") == [(1e9, "CNY", ">")]
    assert [(a.number, a.qualifier, a.count_noun) for a in claim_atoms("三十多名患者")] == [(30.0, ">", "名患者")]


def test_a_value_inside_an_over_bound_is_judged_and_one_outside_is_missing():
    assert states("营业收入200余亿元。", "营业收入203亿元。") == ["plausible"]
    assert states("营业收入203亿元。", "营业收入200余亿元。") == ["plausible"]
    assert states("营业收入190亿元。", "营业收入200余亿元。") == ["missing"]


# ---- full-width thousands separator --------------------------------------------------------

def test_a_full_width_comma_between_digit_groups_is_a_thousands_separator():
    assert [a.number for a in claim_atoms("员工总数为35，000人。")] == [35000.0]
    assert states("员工总数为35，000人。", "员工总数为35,000人。") == ["supported"]
    assert states("员工总数为36，000人。", "员工总数为35,000人。") == ["missing"]
    # a comma before a group that is not three digits separates two numbers
    assert [a.number for a in claim_atoms("分别为12，30人。")] == [12.0, 30.0]


# ---- scale abbreviations ---------------------------------------------------------------------

@pytest.mark.parametrize(
    ("claim", "number"),
    [("$1.2 bln", 1.2e9), ("$1.2 tn", 1.2e12), ("$1.2 trn", 1.2e12), ("$3 mln", 3e6), ("$1.2MM", 1.2e6),
     ("$1.2mm", 1.2e6), ("12M users", 12e6), ("1.2MM subscribers", 1.2e6)],
)
def test_a_scale_abbreviation_scales_the_amount(claim, number):
    assert [a.number for a in claim_atoms(claim)] == [number]


def test_scale_abbreviations_are_supported_by_the_spelled_scale_and_only_by_it():
    assert states("Revenue was $1.2 bln in 2023.", "Revenue was $1.2 billion in 2023.") == ["supported"]
    assert states("Revenue was $1.2 bln in 2023.", "Revenue was $1.2 million in 2023.") == ["missing"]
    assert states("Revenue was $1.2MM in 2023.", "Revenue was $1.2 million in 2023.") == ["supported"]
    assert states("Revenue was $1.2MM in 2023.", "Revenue was $1.2 billion in 2023.") == ["missing"]
    assert states("Users reached 12M in 2023.", "Users reached 12 million in 2023.") == ["supported"]
    assert states("Users reached 13M in 2023.", "Users reached 12 million in 2023.") == ["missing"]


def test_a_lowercase_or_spaced_m_without_a_currency_stays_a_length():
    assert read("The corridor was 12 m long.") == [(12.0, "m", None)]
    assert read("The corridor was 12m long.") == [(12.0, "m", None)]
    assert read("A 12 mm lesion.") == [(12.0, "mm", None)]


# ---- currency codes glued to the amount -----------------------------------------------------

def test_a_currency_code_glued_to_the_amount_is_read():
    assert read("Revenue was USD1.2bn in 2023.") == [(1.2e9, "USD", None)]
    assert read("营业收入RMB12亿。") == [(1.2e9, "CNY", None)]
    assert states("Revenue was $1.2 billion in 2023.", "Revenue was USD1.2bn in 2023.") == ["supported"]
    assert states("Revenue was $1.3 billion in 2023.", "Revenue was USD1.2bn in 2023.") == ["missing"]


def test_an_identifier_ending_like_a_code_is_still_no_amount():
    assert claim_atoms("HER2 and CD20 and NCT01234567 and XUSD12") == []


# ---- pounds ----------------------------------------------------------------------------------

def test_pounds_after_a_scale_word_are_money_and_judged_against_a_named_pound():
    assert read("Revenue was 3.4 billion pounds in 2023.") == [(3.4e9, "GBP", None)]
    # "pounds" is the pound sterling and other pounds: the same figure with £ is the judge's
    assert states("Revenue was £3.4 billion in 2023.", "Revenue was 3.4 billion pounds in 2023.") == ["plausible"]
    assert states("Revenue was £3.5 billion in 2023.", "Revenue was 3.4 billion pounds in 2023.") == ["missing"]
    assert states("Revenue was 3.4 billion pounds in 2023.", "Revenue was 3.4 billion pounds in 2023.") == ["supported"]
    assert states("Revenue was £3.4 billion.", "Revenue was 3.4 billion pounds sterling.") == ["supported"]


def test_pounds_without_a_scale_word_or_before_of_stay_a_weight():
    assert read("He lost 20 pounds.") == [(20.0, "lb", None)]
    assert read("They shipped 2 billion pounds of cotton.") == [(2e9, "lb", None)]


@pytest.mark.parametrize(
    "text",
    ["The price target is 12.50 pounds per share.", "It sold 125,000 units at 899 pounds each.",
     "The shares were priced at 12 pounds."],
)
def test_pounds_that_price_something_are_money(text):
    assert read(text)[-1][1] == "GBP"


@pytest.mark.parametrize(
    "text", ["The price of 12.50 pounds of sugar rose.", "12.50 pounds of sugar", "They weigh 12 pounds each."],
)
def test_pounds_of_something_or_weighed_stay_a_weight(text):
    assert read(text)[0][1] == "lb"


def test_priced_pounds_are_judged_against_a_named_pound():
    # red-team finding: "12.50 pounds per share" against "£12.50 per share" failed as a weight
    assert states("The price target is 12.50 pounds per share.", "Price target: £12.50 per share.") == ["plausible"]
    assert states("It sold 125,000 units at 899 pounds each.", "The company sold 125,000 units at £899 each.") \
        == ["supported", "plausible"]
    # another figure, or a weight, is not the price
    assert states("The price target is 13.50 pounds per share.", "Price target: £12.50 per share.") == ["missing"]
    assert states("They bought 12.50 pounds of sugar.", "Price target: £12.50 per share.") == ["missing"]


@pytest.mark.parametrize(
    "claim",
    ["Trailing twelve-month revenue was $3.4 billion.", "Trailing 12-month revenue was $3.4 billion.",
     "Revenue over the trailing 12 months was $3.4 billion.", "Trailing 12 million revenue was $3.4 billion."],
)
def test_a_glued_12m_after_a_period_word_may_be_months_or_a_million(claim):
    # red-team finding: "trailing 12 months" against "Trailing 12M revenue" failed as 12 million
    assert states(claim, "Trailing 12M revenue: $3.4bn.")[0] == "plausible"


@pytest.mark.parametrize(
    "claim", ["Trailing 11-month revenue was $3.4 billion.", "Trailing 12-week revenue was $3.4 billion."],
)
def test_another_period_than_the_glued_12m_misses(claim):
    assert states(claim, "Trailing 12M revenue: $3.4bn.")[0] == "missing"


@pytest.mark.parametrize(
    "source",
    ["Revenue over the trailing twelve months was $3.4 billion.", "Trailing 12-month revenue was $3.4 billion.",
     "Trailing 12M revenue: $3.4bn.", "Trailing 12 million revenue was $3.4 billion."],
)
def test_a_claims_glued_12m_after_a_period_word_is_looked_up_as_months_and_as_a_million(source):
    # red-team finding: a claim's "trailing 12M revenue" failed "the trailing twelve months"
    assert states("Trailing 12M revenue was $3.4 billion.", source) == ["plausible", "supported"]


def test_a_claims_glued_m_of_another_period_or_with_no_period_word_is_no_months():
    twelve_months = "Revenue over the trailing twelve months was $3.4 billion."
    assert states("Trailing 9M revenue was $3.4 billion.", twelve_months)[0] == "missing"
    assert states("It has 12M users.", "It has been live for 12 months.") == ["missing"]
    assert states("It has 12M users.", "It has 12 million users.") == ["supported"]


def test_a_glued_m_with_no_period_word_stays_a_plain_million():
    assert [(a.number, a.month_count) for a in extract_atoms("It has 12M users.", mode="source")] == [(12e6, None)]
    assert states("It has 12 million users.", "It has 12M users.") == ["supported"]


def test_scale_and_currency_words_are_no_content_words():
    # "$1.2 bln" against "$1.2 billion" must not lose word overlap on the scale word the atom already checks
    from citeproof.values.segment_support import content_terms

    assert content_terms("Revenue was $1.2 bln in 2023.") == content_terms("Revenue was $1.2 billion in 2023.") == {"revenue"}
    assert content_terms("Revenue was 1.2 trillion yuan.") == {"revenue"}
