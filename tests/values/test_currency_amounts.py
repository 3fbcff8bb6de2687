"""Units written on one side only: a dollar is not any dollar, and an amount (or a range) stated
without its currency or unit is judged, not failed.

Red-team findings this guards: "$4.2 billion" PASSED against "HK$4.2 billion" (every $ read as
USD); "4.2 billion" FAILED against "USD 4.2 billion" and 120亿 against 120亿元.
"""

from __future__ import annotations

import pytest

from citeproof.values import assess_numbers, claim_atoms
from tests.values.helpers import window


def states(claim: str, source: str) -> list[str]:
    return [r.state for r in assess_numbers(claim, [window(source)])]


@pytest.mark.parametrize(
    ("text", "currency"),
    [("HK$4.2 billion", "HKD"), ("A$4.2 billion", "AUD"), ("NT$4.2 billion", "TWD"), ("S$4.2 billion", "SGD"),
     ("C$4.2 billion", "CAD"), ("US$4.2 billion", "USD"), ("$4.2 billion", "USD"), ("42亿港元", "HKD")],
)
def test_each_dollar_is_its_own_currency(text, currency):
    assert [a.unit for a in claim_atoms(text)] == [currency]


def test_a_us_dollar_claim_is_not_supported_by_another_dollar():
    assert states("Annual sales were $4.2 billion.", "Annual sales were HK$4.2 billion.") == ["missing"]
    assert states("Annual sales were $4.2 billion.", "Annual sales were US$4.2 billion.") == ["supported"]


def test_an_amount_with_its_currency_on_one_side_only_is_judged():
    assert states("The market reached 4.2 billion in 2023.", "The market reached USD 4.2 billion in 2023.") == ["plausible"]
    assert states("市场规模预计将达到120亿。", "市场规模预计将达到120亿元。") == ["plausible"]
    assert states("The market reached $4.2 billion.", "The market reached 4.2 billion.") == ["plausible"]
    # a different figure is still missing, currency or not
    assert states("The market reached 4.3 billion in 2023.", "The market reached USD 4.2 billion in 2023.") == ["missing"]


def test_a_range_with_its_unit_on_one_side_only_is_judged():
    # red-team round 2: "95% CI 38%-52%" failed against "95% CI, 38-52" (the unit written once, on the
    # estimate). A spread right after its value now takes the value's unit (tests/values/test_spread_units.py);
    # a range anywhere else with its unit on one side only is still judged, not failed.
    assert states("Ages ranged from 35 to 81 years.", "Ages ranged from 35 to 81.") == ["plausible"]
    assert states("Response rates ranged from 38% to 52%.", "Response rates ranged from 38 to 52.") == ["plausible"]
    # other ends are still missing
    assert states("The ORR was 45% (95% CI, 36%-52%).", "The ORR was 45% (95% CI, 38-52).") == ["supported", "supported", "missing"]


@pytest.mark.parametrize("amount", ["$5m", "$5M", "$5 m", "US$5 m", "$5 million", "$5 mn"])
def test_an_m_after_a_currency_is_a_million(amount):
    # "$5m" was read as 5 metres (and "$5M" as 5 million metres): a wrong FAIL against "$5 million"
    assert states(f"Revenue was {amount}.", "Revenue was $5 million.") == ["supported"]
    assert states(f"Revenue was {amount}.", "Revenue was $6 million.") == ["missing"]


def test_an_m_without_a_currency_is_still_a_metre():
    assert [(a.unit, a.number) for a in claim_atoms("The corridor was 5 m long.")] == [("m", 5.0)]
    assert [a.unit for a in claim_atoms("A price of $5/m of cable.")] == ["USD/m"]


@pytest.mark.parametrize(
    ("claim", "source", "state"),
    [
        # ¥ is the yuan and the yen: an amount written with it is judged against the other
        ("Sales were JPY 120 billion.", "Sales were ¥120 billion.", "plausible"),
        ("Sales were ¥120 billion.", "Sales were JPY 120 billion.", "plausible"),
        # ... and against the yuan named too: ¥ is read as the yuan, but whether it meant it is
        # the judge's (red team: a Japanese company's "¥1.2 trillion" passed as "1.2 trillion yuan")
        ("销售额为¥120亿。", "销售额为120亿元。", "plausible"),
        ("销售额为120亿元。", "销售额为¥120亿。", "plausible"),
        ("Sales were 1.2 trillion yuan.", "Sales were ¥1.2 trillion.", "plausible"),
        ("Sales were ¥120 billion.", "Sales were ¥120 billion.", "supported"),
        ("销售额为¥120亿。", "销售额为¥120亿。", "supported"),
        ("Sales were 1.2 trillion yuan.", "Sales were RMB 1.2 trillion.", "supported"),
        ("Sales were 120 billion yen.", "Sales were 120 billion 円.", "supported"),
        # another figure, or a currency outside the symbol's group, is still missing
        ("Sales were JPY 130 billion.", "Sales were ¥120 billion.", "missing"),
        ("Sales were USD 120 billion.", "Sales were ¥120 billion.", "missing"),
        ("Sales were JPY 12 billion.", "Sales were 120亿元.", "missing"),  # 元 is only the yuan (120亿 = 12 billion)
    ],
)
def test_a_symbol_two_currencies_write_is_judged_against_either(claim, source, state):
    assert states(claim, source) == [state]
