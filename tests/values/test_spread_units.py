"""A unit written once, after a value's spread in parentheses, belongs to the value.

"Median age 62 (range 35-81) years" states 62 years; a claim of "62 years" failed against it
(the unit was read as nobody's). The numbers inside the parenthesis stay bare on both sides,
as they are when the unit comes first ("71 kg (SD 8)"), so a claim wording its spread another
way is not failed for a unit the source wrote only once.
"""

from __future__ import annotations

import pytest

from citeproof.values import assess_numbers, claim_atoms
from tests.values.helpers import window


def states(claim: str, source: str) -> list[str]:
    return [r.state for r in assess_numbers(claim, [window(source)])]


@pytest.mark.parametrize(
    ("text", "atoms"),
    [
        ("Median age was 62 (range 35-81) years.", [("62", "year"), ("35-81", "")]),
        ("Median age was 62 (35-81) years.", [("62", "year"), ("35-81", "")]),
        ("Mean weight 71 (SD 8) kg.", [("71", "kg"), ("8", "")]),
        ("Mean weight 71 (SD: 8.5) kg.", [("71", "kg"), ("8.5", "")]),
        ("Dose 20 (IQR 10 to 30) mg/kg/day.", [("20", "mg/kg/day"), ("10 to 30", "")]),
        ("ORR 45 (95% CI 38-52)% overall.", [("45", "%"), ("95%", "%"), ("38-52", "")]),
        # the unit written first stays where it was
        ("Mean weight 71 kg (SD 8).", [("71 kg", "kg"), ("8", "")]),
    ],
)
def test_the_unit_after_the_spread_is_the_values(text, atoms):
    assert [(a.raw, a.unit) for a in claim_atoms(text)] == atoms


@pytest.mark.parametrize(
    "text",
    [
        "Arm A (n=12) patients responded.",  # a count in parentheses is no spread
        "Arm A 62 (12%) patients",  # a share is no spread, and patients is no unit
        "Arm A 62 (range 35-81) participants",  # a count noun is not a unit
        "Arm A 62 (see table 3) years",  # words other than a spread label
    ],
)
def test_other_parentheses_give_no_unit(text):
    assert all(a.unit in ("", "%") for a in claim_atoms(text) if a.raw.startswith("62") or a.raw == "12")
    assert [a.unit for a in claim_atoms(text) if a.raw == "62"] in ([], [""])


def test_a_claim_with_the_unit_on_the_value_is_supported_by_the_unit_after_the_spread():
    assert states("Median age was 62 years.", "Median age was 62 (range 35-81) years.") == ["supported"]
    assert states("Median age was 62 (range 35-81) years.", "Median age was 62 years (range 35-81).") == [
        "supported", "supported",
    ]


def test_a_changed_value_still_fails_and_another_unit_is_still_another_value():
    assert states("Median age was 63 years.", "Median age was 62 (range 35-81) years.") == ["missing"]
    assert states("Median follow-up was 62 months.", "Median follow-up was 62 (range 35-81) weeks.") == ["missing"]


def test_a_spread_worded_otherwise_is_not_failed_for_its_unit():
    assert states("Mean weight was 71 kg with a standard deviation of 8.", "Mean weight was 71 (SD 8) kg.") == [
        "supported", "supported",
    ]
