"""Numbers spelled with "hundred" are one number; "hundreds of" is none.

The bad case this guards: "One hundred and twenty patients were enrolled." read as 1 and 20,
failing a correct claim against its source's 120.
"""

from __future__ import annotations

import pytest

from citeproof.values import assess_numbers
from citeproof.values.spelled_hundreds import numeric_hundreds
from tests.values.helpers import window


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("One hundred and twenty patients were enrolled.", "120 patients were enrolled."),
        ("a hundred patients", "100 patients"),
        ("three hundred and five", "305"),
        ("Two Hundred Forty-Two", "242"),
        ("twenty-one hundred", "2100"),
        ("one hundred thousand dollars", "100 thousand dollars"),
        ("a one hundred-day course", "a 100-day course"),  # a hyphen after the number is the number's
        ("a one hundred and ten-day course", "a 110-day course"),
    ],
)
def test_a_number_spelled_with_hundred_is_written_in_digits(text, expected):
    assert numeric_hundreds(text) == expected


@pytest.mark.parametrize("text", ["hundreds of patients", "the hundred-day mark", "the Hundred Years War", "Cinema hundred", "one hundredth of a gram"])
def test_hundred_without_a_count_is_left_alone(text):
    assert numeric_hundreds(text) == text


def test_a_spelled_hundred_is_supported_by_its_value_only():
    def states(claim: str, source: str) -> list[tuple[str, str]]:
        return [(r.raw, r.state) for r in assess_numbers(claim, [window(source)])]

    assert states("One hundred and twenty patients were enrolled.", "120 patients were enrolled.") == [("120", "supported")]
    assert states("One hundred and twenty patients were enrolled.", "102 patients were enrolled.") == [("120", "missing")]
    assert states("Three hundred patients were enrolled.", "Four hundred patients were enrolled.") == [("300", "missing")]
