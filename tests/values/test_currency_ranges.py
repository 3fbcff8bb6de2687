"""A money range whose second end writes the currency again ("$3 billion to $5 billion",
"€3bn–€5bn", "between $3 and $5 billion") is one range, as "$3-5 billion" always was.

Red-team finding this guards (rt34a c41, c25, c30): the second end was matched only as a bare
figure straight after "to"/"and", so each end was read as a value of its own: "could reach $5
billion" PASSED against "between $3 billion and $5 billion" (a spread not stated as the value),
"forecast at $3" PASSED against "between $3 and $5 billion" (the source's "$3" read as three
dollars) and the honest "between $3 billion and $5 billion" FAILED there.
"""

from __future__ import annotations

import pytest

from citeproof.values import assess_numbers
from citeproof.values.extract import extract_atoms
from tests.values.helpers import window


def states(claim: str, source: str) -> list[str]:
    return [r.state for r in assess_numbers(claim, [window(source)])]


def ranges(text: str) -> list[tuple[str, float, float | None, str]]:
    return [(a.kind, a.number, a.high, a.unit) for a in extract_atoms(text, mode="source")]


@pytest.mark.parametrize(
    ("text", "low", "high", "code"),
    [("between $3 billion and $5 billion", 3e9, 5e9, "USD"),
     ("from $150,000 to $400,000 per patient", 150_000, 400_000, "USD"),
     ("$1.1 billion to $1.6 billion", 1.1e9, 1.6e9, "USD"),
     ("between $3 and $5 billion", 3e9, 5e9, "USD"),
     ("$3bn–$5bn", 3e9, 5e9, "USD"),
     ("$3B-$5B", 3e9, 5e9, "USD"),
     ("$3m to $5m", 3e6, 5e6, "USD"),
     ("€3 billion to €5 billion", 3e9, 5e9, "EUR"),
     ("$3 billion-$5 billion", 3e9, 5e9, "USD"),
     ("US$3 billion to US$5 billion", 3e9, 5e9, "USD"),
     ("USD 3 billion to USD 5 billion", 3e9, 5e9, "USD"),
     ("between $3 million and $5 billion", 3e6, 5e9, "USD")],
)
def test_a_range_writing_its_currency_on_both_ends_is_one_range(text, low, high, code):
    assert ranges(f"Peak sales could reach {text}.") == [("range", low, high, code)]


def test_the_first_end_exceeding_the_scaled_second_keeps_its_own_figure():
    # "between $300 and $5 billion": a range runs upwards, so "$300" is not carried to $300 billion;
    # it stays one range, so neither end alone is taken as the value
    assert ranges("Sales could reach between $300 and $5 billion.") == [("range", 300.0, 5e9, "USD")]


@pytest.mark.parametrize(
    "text",
    ["revenue of $3 billion and profit of $5 billion",  # two figures, no range
     "revenue of $3 billion and $5 billion of profit",  # "and" joins ends only after between/from
     "$3 billion to €5 billion"],  # another currency is no end of this range
)
def test_two_amounts_that_are_no_range_stay_two_values(text):
    assert [a.kind for a in extract_atoms(f"The company reported {text}.", mode="source")] == ["value", "value"]


@pytest.mark.parametrize(
    ("claim", "source"),
    [("Peak sales could reach $5 billion by 2032.", "Peak sales could reach between $3 billion and $5 billion by 2032."),
     ("Costs are $400,000 per patient.", "Costs range from $150,000 to $400,000 per patient."),
     ("Payments could total $1.6 billion.", "Payments could total $1.1 billion to $1.6 billion."),
     ("Peak sales could reach $5bn.", "Peak sales could reach $3bn–$5bn."),
     ("Peak sales could reach €5 billion.", "Peak sales could reach €3 billion to €5 billion."),
     ("Peak sales could reach $3 billion.", "Peak sales could reach $3 billion-$5 billion."),
     ("Peak sales could reach $5 billion.", "Peak sales could reach between $300 and $5 billion.")],
)
def test_one_end_of_a_money_range_claimed_as_the_value_is_judged(claim, source):
    assert states(claim, source) == ["plausible"]


def test_the_unscaled_first_end_is_no_figure_of_three_dollars():
    assert states("Peak sales are forecast at $3.", "Peak sales are forecast at between $3 and $5 billion.") == ["missing"]


@pytest.mark.parametrize(
    ("claim", "source"),
    [("Sales are forecast at between $3 billion and $5 billion.", "Sales are forecast at between $3 and $5 billion."),
     ("Sales could reach $3–5 billion.", "Sales could reach $3 billion to $5 billion."),
     ("Sales could reach $3 billion to $5 billion.", "Sales could reach $3-5 billion."),
     ("Sales could reach $3 billion to $5 billion.", "Sales could reach between $3bn and $5bn."),
     ("Sales could reach €3 billion to €5 billion.", "Sales could reach €3–5 billion."),
     ("Sales could reach between $300 and $5 billion.", "Sales could reach between $300 and $5 billion.")],
)
def test_the_whole_range_restated_is_supported(claim, source):
    assert states(claim, source) == ["supported"]


def test_a_range_end_off_by_scale_is_missing():
    assert states("Sales could reach $3 billion to $5 billion.", "Sales could reach $3 million to $5 billion.") == ["missing"]
    assert states("Sales could reach $3 million to $5 billion.", "Sales could reach $3 million to $5 billion.") == ["supported"]


def test_a_bound_a_money_range_meets_stays_judged():
    assert states("Sales could reach up to $5 billion.", "Sales could reach $3 billion to $5 billion.") == ["plausible"]


def test_two_figures_joined_by_and_are_each_claimable():
    source = "The company reported revenue of $3 billion and profit of $5 billion."
    assert states("The company reported profit of $5 billion.", source) == ["supported"]
    assert states("The company reported revenue of $3 billion.", source) == ["supported"]


def test_a_change_written_from_one_amount_to_another_is_judged_never_failed():
    # "from $3 billion to $5 billion" now reads as a range, as "from 3% to 5%" does: against the two
    # figures given apart it is judged (no wrong FAIL), and restated whole it is supported
    assert states("Revenue rose from $3 billion to $5 billion.",
                  "Revenue was $3 billion in 2023 and $5 billion in 2024.") == ["plausible"]
    assert states("Revenue rose from $3 billion to $5 billion.", "Revenue rose from $3 billion to $5 billion.") == ["supported"]
