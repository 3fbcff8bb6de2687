"""rt26 case3: "grade 3/4" names grades 3 or 4 — after a grading word the slash joins the
grades' alternatives, it writes no fraction to find in the source."""

from __future__ import annotations

from citeproof.values.extract import extract_atoms
from tests.values.helpers import verify_pairs

SOURCE = "Grade 3 or 4 anemia occurred in 9% of patients in the combination arm."
SLASHED = "Grade 3/4 neutropenia occurred in 21% of patients in the combination arm."


def test_a_grade_slash_is_read_as_alternatives_not_a_fraction() -> None:
    atoms = extract_atoms("Grade 3/4 anemia occurred in 9% of patients", mode="claim")
    assert [(a.raw, a.kind, a.graded, a.alternative) for a in atoms] == [
        ("3", "value", True, True), ("4", "value", False, True), ("9%", "value", False, False)]


def test_a_slash_without_grades_stays_a_fraction() -> None:
    assert [a.kind for a in extract_atoms("3/4 of patients responded", mode="claim")] == ["fraction"]
    # a denominator beyond any grade is a count: "grade 3 in 3/40 patients" keeps its fraction
    assert [(a.raw, a.kind) for a in extract_atoms("grade 3/40", mode="claim")] == [("3/40", "fraction")]


def test_grade_slash_claims_are_not_failed(tmp_path) -> None:
    claims = verify_pairs(tmp_path, [
        (SOURCE, "Grade 3/4 anemia occurred in 9% of patients in the combination arm."),
        (SLASHED, "Grade 3 or 4 neutropenia occurred in 21% of patients in the combination arm."),
        (SLASHED, "Grade 3/4 neutropenia occurred in 21% of patients in the combination arm."),
    ])
    assert [c.status for c in claims] == ["pass", "pass", "pass"]


def test_other_grades_than_the_source_writes_still_fail(tmp_path) -> None:
    claims = verify_pairs(tmp_path, [
        (SOURCE, "Grade 2/3 anemia occurred in 9% of patients in the combination arm."),
        (SOURCE, "Grade 3/5 anemia occurred in 9% of patients in the combination arm."),
        (SOURCE, "Grade 3/4 anemia occurred in 12% of patients in the combination arm."),
    ])
    assert [c.status for c in claims] == ["fail", "fail", "fail"]
