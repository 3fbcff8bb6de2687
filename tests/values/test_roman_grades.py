"""Stages and grades in Roman numerals meet the digits a report writes, both ways."""

from __future__ import annotations

import pytest

from citeproof.values.extract import extract_atoms
from citeproof.values.roman_grades import numeric_grades
from values.test_assess import states


@pytest.mark.parametrize(
    "text, digits",
    [
        ("Stage IV disease", "Stage 4 disease"),
        ("grade III neutropenia", "grade 3 neutropenia"),
        ("preoperative stages II-III per AJCC", "preoperative stages 2-3 per AJCC"),
        ("stage II or III", "stage 2 or 3"),
        ("Stage II, III or IV", "Stage 2, 3 or 4"),
        ("stages II/III", "stages 2-3"),  # never "2/3", a fraction
        ("stage IIIA or IIIB", "stage 3A or 3B"),  # a substage stays an identifier
        ("NYHA class II", "NYHA class 2"),
    ],
)
def test_graded_roman_numerals_become_digits(text, digits):
    assert numeric_grades(text) == digits


@pytest.mark.parametrize(
    "text",
    ["Part I of the study", "Phase II trial", "Type II diabetes mellitus", "stage iv", "grade V1 antibody", "IV infusion"],
)
def test_other_roman_numerals_and_lower_case_are_left_alone(text):
    assert numeric_grades(text) == text


def test_a_stage_in_digits_is_found_in_roman_numerals_and_a_wrong_one_is_not():
    stage = "Inclusion Criteria:\nNewly diagnosed stage IV disease"
    assert states("Patients had stage 4 disease", stage) == ["supported"]
    assert states("Patients had stage 3 disease", stage) == ["missing"]
    grade = "Adverse Events:\nNeutropenia grade III"
    assert states("grade 3 neutropenia", grade) == ["supported"]
    assert states("grade 2 neutropenia", grade) == ["missing"]


def test_a_listed_stage_range_reads_as_its_ends():
    # two stages next to each other are the pair "stages 2 or 3" (s27-fails4: "G3-4" is "grade 3 or 4")
    for text in ("stages II-III", "stages II/III"):
        assert [(a.describe(), a.alternative) for a in extract_atoms(text)] == [("2", True), ("3", True)]
    assert [a.describe() for a in extract_atoms("stages II-IV")] == ["2–4"]
