"""A number written after a capitalised word with a space ("Covid 19", "IL 6", "CD 20") may be
the tail of a name the cited source writes glued ("COVID-19", "IL-6", "CD20"). The source's
index reads no number inside a name, so such a claim failed ``numeric_token_miss`` against a
source naming the very same thing (HealthVer: "Covid 19 is different from the flu", found
with ``eval/healthver_tier1.py``). The number is supported by a line holding the same word
glued to the same digits, and by nothing else.
"""

from __future__ import annotations

import pytest

from citeproof.values.extract import extract_atoms
from tests.values.helpers import cited_report, verify_against

SOURCE = (
    "# S\n\n"
    "Serum IL-6 rose in patients with COVID-19 and fell after treatment.\n\n"
    "CD20 expression was high in 12 of 20 samples.\n"
)


@pytest.mark.parametrize(
    ("claim", "line"),
    [
        ("Serum IL 6 rose in patients with Covid 19.", 3),
        ("CD 20 expression was high in 12 of 20 samples.", 5),
    ],
)
def test_a_name_written_with_a_space_is_found_glued(tmp_path, claim, line):
    out = verify_against(tmp_path, SOURCE, cited_report(claim, anchor=f"[evidence:s.md#L{line}]"))
    (checked,) = [c for c in out.claims if c.anchors]
    assert not any(r.code == "numeric_token_miss" for r in checked.reasons), checked.reasons
    tails = [n for n in checked.numbers if n.raw in ("6", "19", "20")]
    assert tails and all(n.state == "supported" for n in tails), checked.numbers


@pytest.mark.parametrize(
    "claim",
    [
        "Serum IL 8 rose in patients with Covid 19.",  # another interleukin
        "Serum IL 6 rose in patients with Covid 21.",  # another number after the same word
        "Serum IL-6 rose in patients with Covid 19 in 14 of 20 samples.",  # the count stays checked
    ],
)
def test_another_name_or_number_is_still_missing(tmp_path, claim):
    out = verify_against(tmp_path, SOURCE, cited_report(claim, anchor="[evidence:s.md#L3]"))
    (checked,) = [c for c in out.claims if c.anchors]
    assert checked.status == "fail"
    assert any(r.code == "numeric_token_miss" for r in checked.reasons)


@pytest.mark.parametrize(
    ("text", "word"),
    [("Covid 19 spread", "Covid"), ("IL 6 rose", "IL"), ("the IL 6 level", "IL")],
)
def test_a_bare_number_after_a_capitalised_word_may_be_a_name_tail(text, word):
    (atom,) = extract_atoms(text, mode="claim")
    assert atom.name_word == word


@pytest.mark.parametrize(
    "text",
    [
        "in 6 patients",  # no word before it
        "the rate was 19%",  # a unit
        "Dose 6 mg",  # a unit after it
        "Grade 3 events",  # a grade
        "about 19 cases",  # lower-case word
        "Covid 19.5",  # not a whole number
        "Over 19",  # a bound
    ],
)
def test_a_number_with_a_unit_grade_decimal_or_bound_is_no_name_tail(text):
    assert all(a.name_word is None for a in extract_atoms(text, mode="claim"))


def test_a_source_never_marks_name_tails():
    assert all(a.name_word is None for a in extract_atoms("Covid 19 spread", mode="source"))
