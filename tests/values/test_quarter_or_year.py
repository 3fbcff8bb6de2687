"""fails3 item 4: a quarter's or a half's figure is no figure of the whole year. "Revenue in 2023
was $640 million" citing "Fourth-quarter 2023 revenue was $640 million" passed: the hyphenated
"fourth-quarter", "first-half" and "4Q 2023" were no restriction words (``strength_cues``)."""

from __future__ import annotations

import pytest

from citeproof.values.strength import stronger_than_source
from tests.values.helpers import verify_pairs

YEAR = "Revenue was $2.6 billion in 2023."


@pytest.mark.parametrize(
    "source",
    [
        "Fourth-quarter 2023 revenue was $640 million.",
        "First-half 2023 revenue was $640 million.",
        "Revenue was $640 million in 4Q 2023.",
        "2023年四季度收入为6.4亿美元。",
    ],
)
def test_a_part_of_the_year_restricts_the_figure(source: str) -> None:
    assert stronger_than_source("Revenue was $640 million in 2023.", source) is not None


def test_a_claim_naming_the_same_part_of_the_year_keeps_it() -> None:
    assert stronger_than_source("Q4 2023 revenue was $640 million.", "Fourth-quarter 2023 revenue was $640 million.") is None
    assert stronger_than_source("Revenue was $2.6 billion in 2023.", YEAR) is None


def test_year_and_quarter_figures_are_not_swapped(tmp_path) -> None:
    quarter = "Fourth-quarter 2023 revenue was $640 million."
    claims = verify_pairs(tmp_path, [
        (quarter, "Revenue in 2023 was $640 million."),
        (YEAR, "Revenue was $2.6 billion in the fourth quarter of 2023."),
        (YEAR, "Fourth-quarter 2023 revenue was $2.6 billion."),
        (quarter, "Fourth-quarter 2023 revenue was $640 million."),
        (YEAR, "Revenue in 2023 was $2.6 billion."),
    ])
    assert [c.status for c in claims] == ["undecided", "undecided", "undecided", "pass", "pass"]
