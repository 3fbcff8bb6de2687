"""A value and its spread share one unit, written once.

"Median age 62 (range 35-81) years" states 62 years; a claim of "62 years" failed against it
(the unit was read as nobody's). And a spread is in its value's unit whether the unit is
written on it or not: "71 ± 8 kg" failed against "71 kg (SD 8)" (8 kg against a bare 8). The
extractor keeps a spread's numbers as written; the source index also holds each spread in the
other form (citeproof.values.assess._spread_forms), so either wording meets the other.
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


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("Mean weight was 71 ± 8 kg.", "Mean weight was 71 kg (SD 8)."),
        ("Mean weight was 71 kg (SD 8).", "Mean weight was 71 ± 8 kg."),
        ("Mean weight was 71 kg (standard deviation 8).", "Mean weight was 71 ± 8 kg."),
        ("Median age was 62 years (range, 35-81 years).", "Median age was 62 years (range, 35-81)."),
        ("Median age was 62 years (range 35-81 years).", "Median age was 62 (range 35-81) years."),
        ("The ORR was 45% (95% CI, 38%-52%).", "The ORR was 45% (95% CI, 38-52)."),
        ("The ORR was 45% (95% CI, 38-52).", "The ORR was 45% (95% CI, 38%-52%)."),
        ("体重71 ± 8 kg", "体重71 kg（标准差8）"),
        ("中位年龄62岁", "中位年龄62（范围35-81）岁"),
    ],
)
def test_a_spread_with_its_unit_written_once_meets_one_with_it_written_twice(claim, source):
    assert set(states(claim, source)) == {"supported"}


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("Mean weight was 71 ± 9 kg.", "Mean weight was 71 kg (SD 8)."),  # another spread
        ("Mean weight was 71 ± 8 g.", "Mean weight was 71 kg (SD 8)."),  # another unit
        ("The ORR was 45% (95% CI, 38%-53%).", "The ORR was 45% (95% CI, 38-52)."),  # another end
        ("Weight fell by 8 kg.", "Weight 71 kg; 8 participants withdrew."),  # no spread: a bare 8 stays bare
        ("The SD was 8 kg.", "Mean 71 kg, SD 8."),  # no parenthesis or ±: not read as the value's spread
        ("Mean 71 kg (SD 8).", "Mean 71 kg ± 8 g."),  # a spread in a unit of its own is not in the value's
        # a number that does not fill the parenthesis is no spread (the bundled example's fabricated count)
        ("Partial responses numbered 21.", "Given on Day 1 and Day 8 (21 day cycle)."),
        ("Mean weight 71 kg (n=12).", "Mean weight 71 kg (n=12 kg)."),
    ],
)
def test_a_spread_that_differs_or_a_number_that_is_no_spread_is_not_supported(claim, source):
    assert "missing" in states(claim, source)


def test_each_end_of_a_spread_range_is_a_value_in_the_values_unit():
    # as any range's ends are: a point claim equal to one is judged, not supported
    assert states("The oldest participant was 81 years old.", "Median age 62 years (range 35-81).") == ["plausible"]
    assert states("The oldest participant was 91 years old.", "Median age 62 years (range 35-81).") == ["missing"]


@pytest.mark.parametrize(
    ("text", "spreads"),
    [
        ("Mean weight was 71 ± 8 kg.", [False, True]),
        ("Mean weight was 71 kg (SD 8).", [False, True]),
        ("Median 62 years (range 35-81).", [False, True]),
        ("ORR 45% (95% CI, 38-52).", [False, False, True]),  # the interval belongs to 45%, not to 95%
        ("Mean weight was 71 kg, SD 8.", [False, False]),  # no ± or parenthesis
        ("Given on Day 8 (21 day cycle).", [False, False]),  # the number does not fill the parenthesis
        ("Score 71 (SD 8).", [False, False]),  # a bare value has no unit to share
    ],
)
def test_a_number_is_marked_as_its_values_spread(text, spreads):
    assert [a.spread for a in claim_atoms(text)] == spreads


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("Mean weight was 8 kg.", "Mean weight was 71 kg (SD 8)."),  # the SD is not the mean
        ("Eight kg were lost on average.", "Mean weight was 71 kg (SD 8)."),
        ("Overall 8 patients withdrew.", "Mean weight was 71 ± 8 kg."),  # nor is it a count
    ],
)
def test_a_spread_read_in_another_form_only_meets_a_spread(claim, source):
    assert "supported" not in states(claim, source)


# red team round 7: a spread written in its own unit ("(SD 12 kg)", "±12岁", "（标准差：12岁）") was
# 'supported' for a claim stating it as the value itself ("Mean weight was 12 kg")
@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("Mean weight was 12 kg.", "Mean weight was 71 kg (SD 12 kg)."),
        ("Mean age was 12 years.", "Mean age was 58 years (SD 12 years)."),
        ("平均年龄为12岁。", "平均年龄为58岁（标准差12岁）。"),
        ("平均年龄为12岁。", "平均年龄为58岁（标准差：12岁）。"),
        ("平均年龄为12岁。", "平均年龄为58±12岁。"),
        ("平均体重为12 kg。", "平均体重为71 kg（标准差12 kg）。"),
    ],
)
def test_a_spread_written_in_its_unit_is_not_the_value(claim, source):
    assert "supported" not in states(claim, source)


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("Mean weight was 71 kg (SD 12 kg).", "Mean weight was 71 kg (SD 12 kg)."),
        ("Mean weight was 71 ± 12 kg.", "Mean weight was 71 kg (SD 12 kg)."),
        ("平均年龄为58岁（标准差：12岁）。", "平均年龄为58岁（标准差：12岁）。"),
        ("平均年龄为58岁。", "平均年龄为58岁（标准差：12岁）。"),
        ("Patients were aged 35 to 81 years.", "Median age was 62 years (range 35-81 years)."),
    ],
)
def test_the_value_and_a_restated_spread_are_still_supported(claim, source):
    assert set(states(claim, source)) == {"supported"}
