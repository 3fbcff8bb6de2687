"""A grade's or a stage's number names the grade: it does not back a count.

"Events occurred in 3 patients" PASSED on "Grade 3 events occurred in 5 patients." — the 3 of
"grade 3" stood in for a count of patients. A number right after a grading word
(``roman_grades`` in value_cues.json: grade, stage, class) now meets only another grade's
number; against any other number it is at most plausible (the judge reads it).
"""

from __future__ import annotations

from citeproof.values.compare import relate
from citeproof.values.extract import extract_atoms
from tests.values.helpers import verify_pairs


def _atom(text: str, raw: str, mode: str = "claim"):
    return next(a for a in extract_atoms(text, mode=mode) if a.raw == raw)


def test_a_number_after_a_grading_word_is_marked():
    assert _atom("Grade 3 events occurred in 5 patients.", "3").graded
    assert _atom("patients with stages 2 disease", "2").graded
    assert not _atom("Grade 3 events occurred in 5 patients.", "5").graded


def test_a_count_meets_a_grade_number_only_as_plausible():
    grade = _atom("Grade 3 events occurred in 5 patients.", "3", mode="source")
    assert relate(_atom("Events occurred in 3 patients.", "3"), grade) == "plausible"
    assert relate(_atom("grade 3 events", "3"), grade) == "supported"


SOURCE = "Grade 3 events occurred in 5 patients."


def test_a_count_taken_from_a_grade_does_not_pass_and_the_true_count_does(tmp_path):
    out = verify_pairs(tmp_path, [(SOURCE, "Events occurred in 3 patients."), (SOURCE, "Grade 3 events occurred in 5 patients.")])
    assert [c.status for c in out] == ["undecided", "pass"]
