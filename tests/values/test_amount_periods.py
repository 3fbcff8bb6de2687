"""An amount over a period in a source ("<1 g of protein in 24 hours") is also the rate a claim
restates it as ("under 1 g per 24 hours"), at most plausibly (citeproof.values.amount_periods);
another rate or another amount does not pass on it."""

from __future__ import annotations

import pytest

from citeproof.values.extract import extract_atoms
from values.helpers import verify_pairs

SOURCE = "Patients must demonstrate <1 g of protein in 24 hours to be eligible."


@pytest.mark.parametrize(("text", "period"), [
    (SOURCE, ("day", 24.0)),
    ("Urine volume of at least 500 mL in a day.", ("day", 24.0)),
    ("No more than 40 mg in one week.", ("week", 168.0)),
    ("Patients lost 5 kg in 6 months.", None),  # no rate names six months
    ("Patients lost 5 kg in 2024.", None),
    ("Two of 20 patients in 24 hours.", None),  # a count is no amount measured over time
    ("Symptoms eased in 12% of patients in a week.", None),  # nor is a share
    ("A dose of 1 g was given in the clinic, 24 hours apart.", None),
])
def test_an_amount_over_a_period_a_rate_names_carries_that_rate(text, period):
    assert extract_atoms(text, mode="source")[0].over_period == period


def test_a_claim_reads_the_amount_as_written():
    # a claim states what it states: only the source, which the claim may restate, is read both ways
    assert [a.over_period for a in extract_atoms(SOURCE, mode="claim")] == [None, None]


def test_the_rate_restated_is_judged_and_another_rate_or_amount_does_not_pass(tmp_path):
    pairs = [
        (SOURCE, "Urine protein had to be under 1 g per 24 hours."),
        (SOURCE, "Urine protein had to be under 1 g/day."),
        (SOURCE, "Urine protein had to be under 1 g per 12 hours."),
        (SOURCE, "Urine protein had to be under 2 g per 24 hours."),
        (SOURCE, "Urine protein was 3 g per 24 hours."),
        (SOURCE, "Patients must demonstrate <1 g of protein in 24 hours to be eligible."),
    ]
    per_day, slash_day, per_12h, two_g, three_g, verbatim = verify_pairs(tmp_path, pairs)
    for claim in (per_day, slash_day):
        # the same limit: the judge reads whether the source's amount is a daily one
        assert claim.status == "undecided", [r.message for r in claim.reasons]
        assert [n.state for n in claim.numbers] == ["plausible"], [n.normalised for n in claim.numbers]
    assert per_12h.status == "fail"
    assert two_g.status != "pass" and [n.state for n in two_g.numbers] != ["supported"]
    assert three_g.status == "fail"  # no amount under 1 g is 3 g
    # the source's own words still carry the amount and the period as written
    assert verbatim.status == "pass", [n.state for n in verbatim.numbers]


def test_a_rate_that_writes_its_period_states_the_period_too(tmp_path):
    # the mirror: a claim writing the amount and its period apart meets the source's rate
    source = "Proteinuria <1 g/24 h."
    pairs = [
        (source, "Urine protein had to be under 1 g of protein in 24 hours."),
        (source, "Urine protein had to be under 1 g of protein in 12 hours."),
        ("Proteinuria <1 g/day.", "Urine protein was measured over 24 hours."),  # "/day" writes no 24
    ]
    both, other_period, unwritten = verify_pairs(tmp_path, pairs)
    assert [n.state for n in both.numbers] == ["supported", "supported"], [n.normalised for n in both.numbers]
    assert both.status != "fail"
    assert other_period.status == "fail"
    assert unwritten.status == "fail"
