"""A figure the source gives one member of many ("revenue per employee", "each store", 人均,
"units per month") is not the total a claim without the qualifier states.

Red team rt30t, findings 1 and 2: "Northwind Robotics revenue was $310,000 in 2024" passed on
"… revenue per employee was $310,000 in 2024" (a "per X" before the figure was not read, only one
after it), likewise "sales per store", "spending per household", "Average revenue per user",
"revenue per merchant" (an HTML source) and "Each store generated revenue of $2.3 million"; and
"sold 12,500 units in 2024" passed on "12,500 units per month" (the word "units" read as the
enzyme unit U, whose daily-dose amount also states the amount). Each bad pair has its honest
twin, which still passes.
"""

from __future__ import annotations

import pytest

from citeproof.values.agreement import words_disagree
from citeproof.values.assess import build_index, match_atom
from citeproof.values.extract import extract_atoms
from tests.values.helpers import verify_against

# (claim, source, the qualifier the reason must name)
DROPPED = [
    ("Northwind Robotics revenue was $310,000 in 2024.",
     "Northwind Robotics revenue per employee was $310,000 in 2024.", "per employee"),
    ("Contoso Coffee sales were $1.8 million in 2024.", "Contoso Coffee sales per store were $1.8 million in 2024.",
     "per store"),
    ("Average revenue was $42 in 2024.", "Average revenue per user was $42 in 2024.", "per user"),
    ("Revenue of $2.3 million was generated in 2024.", "Each store generated revenue of $2.3 million in 2024.",
     "each store"),
    ("2024年该公司营收为230万元。", "2024年该公司单店年均营收为230万元。", "单店"),
    ("2024年全国居民可支配收入为41314元。", "2024年全国居民人均可支配收入为41314元，同比增长5.3%。", "人均"),
    ("2024年该公司门店营收为230万元。", "2024年该公司每家门店营收为230万元。", "每家"),
    ("2024年该平台新增用户为350万人。", "2024年该平台月均新增用户为350万人。", "月均"),
    # "a month" after a figure is a rate no frequency group reads ("within a month" is none)
    ("Fabrikam sold 3,000 vehicles in 2024.", "Fabrikam sold 3,000 vehicles a month in 2024.", "vehicles a month"),
]

KEPT = [
    ("Northwind Robotics revenue per employee was $310,000 in 2024.",
     "Northwind Robotics revenue per employee was $310,000 in 2024."),
    ("Northwind Robotics had $310,000 of revenue per employee in 2024.",
     "Northwind Robotics revenue per employee was $310,000 in 2024."),
    ("Contoso Coffee had sales of $1.8 million per store in 2024.",
     "Contoso Coffee sales per store were $1.8 million in 2024."),
    ("Each store generated $2.3 million of revenue in 2024.", "Each store generated revenue of $2.3 million in 2024."),
    ("2024年该公司单店年均营收为230万元。", "2024年该公司单店年均营收为230万元。"),
    ("2024年全国居民人均可支配收入为41314元。", "2024年全国居民人均可支配收入为41314元，同比增长5.3%。"),
    ("2024年该平台月均新增用户为350万人。", "2024年该平台月均新增用户为350万人。"),
    ("Fabrikam sold 3,000 vehicles a month in 2024.", "Fabrikam sold 3,000 vehicles a month in 2024."),
    ("Three patients died.", "Three patients died within a month."),
    ("12 patients relapsed.", "12 patients relapsed a year later."),
    # "per" naming no member ("per the protocol") and a "per X" in a clause the claim does not restate
    ("The response rate was 45%.", "Per the protocol, the response rate was 45%."),
    ("The response rate was 45%.", "The response rate was 45%, and visits per patient were rare."),
]


@pytest.mark.parametrize(("claim", "source", "word"), DROPPED)
def test_a_dropped_per_member_qualifier_before_the_figure_is_named(claim, source, word):
    why = words_disagree(claim, source)
    assert why is not None and f"'{word}'" in why


@pytest.mark.parametrize(("claim", "source"), KEPT)
def test_a_kept_per_member_qualifier_agrees(claim, source):
    assert words_disagree(claim, source) is None


@pytest.mark.parametrize(
    ("source", "claim", "state"),
    [
        ("sold 12,500 units per month", "12,500 units", "plausible"),
        ("sold 3,000 units a month", "3,000 units", "plausible"),
        ("sold 12,500 units per month", "12,500 units per month", "supported"),
        # a dose's unit written as a symbol or "international units" keeps its amount
        ("5000 U/day", "5000 U", "supported"),
        ("10,000 IU daily", "10,000 IU", "supported"),
        ("10,000 international units daily", "10,000 international units", "supported"),
    ],
)
def test_a_count_of_units_per_period_is_not_the_amount(source, claim, state):
    atom = extract_atoms(claim)[-1]
    assert match_atom(atom, build_index(source))[0] == state


def test_a_per_member_or_per_period_figure_never_passes_as_the_total(tmp_path):
    source = (
        "# N\n\n"
        "Northwind Robotics sold 12,500 units per month in 2024.\n"
        "Northwind Robotics revenue per employee was $310,000 in 2024.\n"
        "Fabrikam sold 3,000 units a month in 2024.\n"
        "Each store generated revenue of $2.3 million in 2024.\n"
    )
    report = (
        "# R\n\n"
        "Northwind Robotics sold 12,500 units in 2024 [evidence:s.md#L3].\n\n"
        "Northwind Robotics sold 12,500 units per month in 2024 [evidence:s.md#L3].\n\n"
        "Northwind Robotics revenue was $310,000 in 2024 [evidence:s.md#L4].\n\n"
        "Northwind Robotics revenue per employee was $310,000 in 2024 [evidence:s.md#L4].\n\n"
        "Fabrikam sold 3,000 units in 2024 [evidence:s.md#L5].\n\n"
        "Fabrikam sold 3,000 units a month in 2024 [evidence:s.md#L5].\n\n"
        "Revenue of $2.3 million was generated in 2024 [evidence:s.md#L6].\n\n"
        "Each store generated revenue of $2.3 million in 2024 [evidence:s.md#L6].\n"
    )
    out = verify_against(tmp_path, source, report)
    assert [c.status for c in out.claims] == ["undecided", "pass"] * 4
