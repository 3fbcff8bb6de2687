"""A bound written between a number and what it counts ("5 or more patients") is the number's,
as it is before a unit ("5 or more weeks") or after the noun ("5 patients or more"). Read as two
words before the count noun it was a plain 5: "5 patients" supported it, and "more than 5
patients" made the true claim fail."""

from __future__ import annotations

import pytest

from citeproof.values.extract import extract_atoms
from values.helpers import verify_pairs


@pytest.mark.parametrize(("text", "reading"), [
    ("5 or more patients had grade 3 events.", (5.0, ">=", "patients")),
    ("Five or more patients had grade 3 events.", (5.0, ">=", "patients")),
    ("10 or fewer participants withdrew.", (10.0, "<=", "participants")),
    ("5 patients or more had grade 3 events.", (5.0, ">=", "patients")),
    ("1 or 2 patients had grade 3 events.", (1.0, None, None)),  # a list of two counts, no bound
])
def test_a_bound_before_the_count_noun_bounds_the_count(text, reading):
    atom = extract_atoms(text)[0]
    assert (atom.number, atom.qualifier, atom.count_noun) == reading


def test_the_bound_meets_the_same_bound_and_is_only_judged_against_another_count(tmp_path):
    claim = "5 or more patients had grade 3 events."
    pairs = [
        ("≥5 patients had grade 3 events.", claim),
        ("Five or more patients had grade 3 events.", claim),
        ("5 patients had grade 3 events.", claim),  # a count inside the bound: judged, not equal
        ("More than 5 patients had grade 3 events.", claim),  # true, but no equal bound
        ("≥6 patients had grade 3 events.", claim),
        ("≥5 patients had grade 3 events.", "5 or fewer patients had grade 3 events."),
        ("3 patients had grade 3 events.", claim),  # no count of 5 or more
    ]
    same, spelled, plain, more_than, six, fewer, three = verify_pairs(tmp_path, pairs)
    for good in (same, spelled):
        assert good.status == "pass", [r.message for r in good.reasons] + list(good.undecided_reasons)
    for judged in (plain, more_than, six):
        assert judged.status == "undecided", [r.message for r in judged.reasons]
        assert judged.numbers[0].state == "plausible", [n.normalised for n in judged.numbers]
    assert fewer.status != "pass"
    assert three.status == "fail"
