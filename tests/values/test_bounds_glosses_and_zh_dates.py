"""Three readings a red team found wrong: a bound written between a number and its unit ("5 or
more years" read as a unitless 5, so "5 or more weeks" passed), a unit glossed by its
abbreviation in brackets ("40 milligram (mg) once daily" lost its rate, so "40 mg once daily"
failed) and Chinese dates (2012年6月1日) whose swapped twin (2012年1月6日) passed because its
digits are all written in the source. Each false claim must not pass and its true twin of the
same shape must pass."""

from __future__ import annotations

import pytest

from citeproof.values.extract import extract_atoms, written_dates
from tests.values.helpers import verify_pairs


def _read(text: str) -> list[tuple[float, str, str | None]]:
    return [(a.number, a.unit, a.qualifier) for a in extract_atoms(text)]


@pytest.mark.parametrize(
    "text, reading",
    [
        ("disease-free for 5 or more years", (5.0, "year", ">=")),
        ("disease-free for 5 or more weeks", (5.0, "week", ">=")),
        ("5 or fewer days", (5.0, "day", "<=")),
        ("5 or longer months", (5.0, "month", ">=")),
        ("无病生存5或以上年", (5.0, "year", ">=")),
        ("无病生存6个月或以上", (6.0, "month", ">=")),
    ],
)
def test_a_bound_between_number_and_unit_keeps_the_unit(text, reading):
    assert _read(text) == [reading]


def test_a_bound_before_no_unit_is_unchanged():
    assert _read("grade 3 or higher hypertension") == [(3.0, "", ">=")]


@pytest.mark.parametrize(
    "text, unit",
    [
        ("Starting dose of 40 milligram (mg) once daily.", "mg/day"),
        ("Trastuzumab 2 mg/kilogram (kg) weekly", "mg/kg/week"),
        ("2 milligrams per kilogram (mg/kg) weekly", "mg/kg/week"),
        ("5 milliliter (mL) daily", "mL/day"),
    ],
)
def test_a_bracketed_abbreviation_of_the_unit_is_a_gloss(text, unit):
    assert [a.unit for a in extract_atoms(text)] == [unit]


def test_a_bracket_naming_another_unit_is_no_gloss():
    assert [a.unit for a in extract_atoms("40 mg (mL) daily")] == ["mg"]


@pytest.mark.parametrize("text", ["结束于2012年6月1日", "2012年6月", "2012年6月1日至7月1日"])
def test_chinese_dates_state_no_number(text):
    assert extract_atoms(text) == []


def test_chinese_dates_are_read_as_written():
    assert written_dates("开始于2009年4月30日，结束于2012年6月1日至7月1日") == ["2009年4月30日", "2012年6月1日", "7月1日"]


NOT_PASS = [
    ("Patients are eligible if disease-free for 5 or more years.",
     "Patients are eligible if disease-free for 5 or more weeks."),
    ("Patients are eligible if disease-free for 5 or more years.",
     "Patients are eligible if disease-free for 5 or more months."),
    ("Patients are eligible if disease-free for 5 or fewer years.",
     "Patients are eligible if disease-free for 5 or fewer days."),
    ("研究开始日期为2009年4月30日，结束于2012年6月1日。", "研究开始日期为2009年4月30日，结束于2012年1月6日。"),
    ("研究于2012年6月1日至7月1日进行。", "研究于2012年6月1日至1月7日进行。"),
    ("The study ran from 30 April 2009 to 1 June 2012.", "The study ran from 30 April 2009 to 6 June 2012."),
]

MUST_PASS = [
    ("Patients are eligible if disease-free for 5 or more years.",
     "Patients are eligible if disease-free for 5 or more years."),
    ("Starting dose of 40 milligram (mg) once daily.", "Starting dose of 40 mg once daily."),
    ("Starting dose of 40 milligram (mg) once daily.", "Starting dose of 40 mg/day."),
    ("研究开始日期为2009年4月30日，结束于2012年6月1日。", "研究开始日期为2009年4月30日，结束于2012年6月1日。"),
    ("The study ran from 30 April 2009 to 1 June 2012.", "The study ran from 30 April 2009 to 1 June 2012."),
]


def test_false_claims_do_not_pass(tmp_path):
    passed = [c.text for c in verify_pairs(tmp_path, NOT_PASS) if c.status == "pass"]
    assert passed == []


def test_true_twins_pass(tmp_path):
    not_passed = [(c.status, c.text) for c in verify_pairs(tmp_path, MUST_PASS) if c.status != "pass"]
    assert not_passed == []


def test_a_swapped_date_is_named_in_the_reason(tmp_path):
    (claim,) = verify_pairs(tmp_path, NOT_PASS[3:4])
    assert claim.status == "undecided"
    assert "2012年1月6日" in " ".join(claim.undecided_reasons or [])
