"""How a number is read decides what it may support: red-team wrong passes (a range's second
unit, digits grouped by spaces, per mille, spelled shares, ratio statistics, alternatives), each
with the true claim of the same shape beside it."""

from __future__ import annotations

import pytest

from citeproof.values import assess_numbers
from values.helpers import window


def states(claim: str, source: str) -> list[str]:
    return [a.state for a in assess_numbers(claim, [window(source)])]


@pytest.mark.parametrize(
    "claim, source, expected",
    [
        # a ratio statistic named earlier in its clause is no share
        ("The hazard ratio for progression was 75%.", "The hazard ratio for progression was 0.75.", ["missing"]),
        ("HR 0.75 for progression.", "The hazard ratio for progression was 0.75.", ["supported"]),
        ("75% of patients responded.", "A proportion of 0.75 of patients responded.", ["supported"]),
    ],
)
def test_value_reading(claim, source, expected):
    assert states(claim, source) == expected
