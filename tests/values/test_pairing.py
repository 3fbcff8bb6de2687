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


def test_latin_words_of_a_chinese_clause_are_read_even_units_and_stop_words():
    from citeproof.values.pairing import _latin_in_cjk

    assert _latin_in_cjk("本品的mos为7.2个月") == ["mos"]
    assert _latin_in_cjk("本品的hr为0.65，or为1.8") == ["hr", "or"]
    assert _latin_in_cjk("3级trae发生率") == ["trae"]
    # a unit after its number is the value's, and English text is read as English
    assert _latin_in_cjk("每日口服250mg每日，250 mg每日") == []
    assert _latin_in_cjk("the mos was 7.2 months") == []


def test_an_arms_numbers_are_those_of_its_clause_paired_when_arms_and_numbers_alternate():
    from citeproof.values.binding import labels_in, names_in, subjects_of
    from citeproof.values.pairing import _arms_by_value, read

    def arms(text: str, drugs: set[str]) -> list[list[str]]:
        low = text.lower()
        labels = labels_in(low, subjects_of(text, low, names_in(text, low, drugs)))
        return [sorted(a) for a in _arms_by_value(read(low, extract_atoms(low, mode="source"), labels))]

    # one clause, two arms alternating with two numbers, drugs between: each number its own arm
    assert arms("The experimental group received drugx 80 mg, the control group received drugy 250 mg.",
                {"drugx", "drugy"}) == [["experimental"], ["control"]]
    assert arms("试验组接受drugx 80毫克，对照组接受drugy 250毫克。", {"drugx", "drugy"}) == [["试验组"], ["对照组"]]
    # a listed clause gives the number to each arm; a clause with no arm gives it to none
    assert arms("Arms A and B received drugy 250 mg.", {"drugy"}) == [["arm a", "arm b"]]
    assert arms("Arm A received drugx 80 mg and then drugy 250 mg on day 8.", {"drugx", "drugy"}) == [["arm a"], []]


def test_a_value_past_the_last_clause_is_read_in_the_last_one_not_raised():
    # review: an offset outside every clause raised ValueError, a crash the rule handler turns
    # into a failed claim; the clauses cover the text, so the nearest one is the reading
    from citeproof.values.pairing import Reading, _clause_of

    atoms = extract_atoms("12 patients in Arm A and 5 in Arm B")
    reading = Reading(tuple(atoms), (), ((0, 20), (20, 36)), tuple({} for _ in atoms))
    assert _clause_of(reading, atoms[0].evolve(start=99, end=101)) == 1
    assert _clause_of(reading, atoms[0]) == 0
