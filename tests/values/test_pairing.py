"""The pieces the clause pairing is built from: time points by length, "the X arm" labels,
clauses cut only between numbers, and the role of a number in "x of N"."""

from __future__ import annotations

import pytest

from citeproof.values.atoms import ValueAtom
from citeproof.values.extract import extract_atoms
from citeproof.values.pairing import arm_labels, clause_spans, role_of, time_key


@pytest.mark.parametrize(
    ("name", "key"),
    [("at 5 years", "60 months"), ("at 60 months", "60 months"), ("week 12", "84 days"), ("at 12 weeks", "84 days"),
     ("after 84 days", "84 days"), ("2022", "2022"), ("cycle 2", "cycle 2")],
)
def test_a_time_point_is_keyed_by_its_length(name, key):
    assert time_key(name) == key


def test_the_x_arm_is_a_label_keyed_without_its_head_word():
    assert [(n, k) for n, k, _, _ in arm_labels("40% in the letrozole arm and 25% in the placebo group")] == [
        ("letrozole arm", "letrozole"), ("placebo group", "placebo")]
    # determiners and counts name no arm; a numbered arm is read as "arm a" elsewhere
    assert arm_labels("patients in each arm and both groups, 20 per arm, in arm a") == []


def test_a_break_cuts_only_between_two_numbers():
    low = "nausea and vomiting occurred in 30% of patients and 10% had a rash and itching."
    spans = clause_spans(low, extract_atoms(low, mode="source"))
    assert [low[s:e].strip() for s, e in spans] == ["nausea and vomiting occurred in 30% of patients", "and 10% had a rash and itching."]
    low = "the dose was between 10 and 20 mg"
    assert clause_spans(low, extract_atoms(low, mode="source")) == [(0, len(low))]  # "and" inside a range


@pytest.mark.parametrize(
    ("text", "role"),
    [("16 of [48] patients", "den"), ("33.3% of [48] patients", "den"), ("16/[48]", "den"), ("[48] of 16 patients", "num"),
     ("a total of [48] patients", "count"), ("of the [48] patients enrolled", "count"), ("[48] patients", "count")],
)
def test_the_role_of_a_number_in_x_of_n(text, role):
    start = text.index("[")
    low = text.replace("[", "").replace("]", "")
    assert role_of(low, ValueAtom(raw="48", kind="value", number=48.0, start=start, end=start + 2)) == role
