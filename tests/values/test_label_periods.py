"""A period named in an amount's label is its rate: "Monthly list price: $12,000" is $12,000
per month, "Daily dose: 200 mg" is 200 mg/day (values.label_periods).

Red team round 5: "The drug costs $12,000 per month" FAILED against "Monthly list price:
$12,000", and "The monthly cost is $12,000" against "Cost: $12,000 per month" was left to the
judge. The twins: another period ("$12,000 per year") still fails, and a claim's label period
the source does not state (a bare or an annual cost) is at most plausible.
"""

from __future__ import annotations

import pytest

from citeproof.values import assess_numbers
from citeproof.values.extract import extract_atoms
from tests.values.helpers import verify_pairs, window


def states(claim: str, source: str) -> list[str]:
    return [r.state for r in assess_numbers(claim, [window(source)])]


@pytest.mark.parametrize(
    ("text", "period"),
    [
        ("Monthly list price: $12,000.", "month"),
        ("The monthly cost is $12,000.", "month"),
        ("Annual revenue of $5 million.", "year"),
        ("Daily dose: 200 mg.", "day"),
        ("The weekly dose was 50 mg.", "week"),
        ("月费：12,000元。", "month"),
        ("每日剂量：200 mg。", "day"),
        ("The annual meeting approved a budget of $5 million.", None),  # the period names the meeting
        ("Daily, 45% of patients responded.", None),  # no amount
        ("The cost is $12,000.", None),
    ],
)
def test_the_period_a_label_names(text, period):
    named = [a.period_named[0] if a.period_named else None for a in extract_atoms(text, mode="source")]
    assert named == [period]


@pytest.mark.parametrize(
    ("claim", "source", "state"),
    [
        ("The drug costs $12,000 per month.", "Monthly list price: $12,000.", "supported"),
        ("The monthly cost is $12,000.", "Cost: $12,000 per month.", "supported"),
        ("The monthly cost is $12,000.", "Monthly list price: $12,000.", "supported"),
        ("Revenue was $5 million a year.", "Annual revenue of $5 million.", "supported"),
        ("Patients received 200 mg per day.", "Daily dose: 200 mg.", "supported"),
        ("Patients received 50 mg weekly.", "The weekly dose was 50 mg.", "supported"),
        ("每月费用为12,000元。", "月费：12,000元。", "supported"),
        ("The list price is $12,000.", "Monthly list price: $12,000.", "supported"),  # the amount as written
        # the false twins: another period, or a period the source never names
        ("The drug costs $12,000 per year.", "Monthly list price: $12,000.", "missing"),
        ("Patients received 200 mg per week.", "Daily dose: 200 mg.", "missing"),
        ("每年费用为12,000元。", "月费：12,000元。", "plausible"),
        ("The monthly cost is $12,000.", "Annual cost: $12,000.", "plausible"),
        ("The monthly cost is $12,000.", "The cost is $12,000.", "plausible"),
        ("The monthly cost is $13,000.", "Cost: $12,000 per month.", "missing"),
    ],
)
def test_a_label_period_meets_the_same_rate(claim, source, state):
    assert states(claim, source) == [state]


def test_through_the_pipeline_the_restated_rate_passes_and_another_period_does_not(tmp_path):
    pairs = [("Cost: $12,000 per month.", "The monthly cost is $12,000."),
             ("Monthly list price: $12,000.", "The monthly list price is $12,000."),
             ("Monthly list price: $12,000.", "The list price is $12,000 per year."),
             ("Annual cost: $12,000.", "The monthly cost is $12,000.")]
    assert [c.status for c in verify_pairs(tmp_path, pairs)] == ["pass", "pass", "fail", "undecided"]
