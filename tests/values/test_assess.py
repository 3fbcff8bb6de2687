"""The three states, both directions for every equivalence (a mutation that loosens or
tightens one of them fails a test here)."""

from __future__ import annotations

import pytest

from citeproof.values import assess_numbers, index_text
from values.helpers import window


def states(claim: str, source: str, **kw) -> list[str]:
    return [a.state for a in assess_numbers(claim, [window(source)], **kw)]


@pytest.mark.parametrize(
    "claim, source, expected",
    [
        # Markdown emphasis (seed 000): a correct bolded dose passes, a fabricated one does not
        ("The maximum dose is **200 mg**/day.", "The maximum dose is 200 mg/day.", "supported"),
        ("The maximum dose is **250 mg**/day.", "The maximum dose is 200 mg/day.", "missing"),
        ("The dose is `200 mg`/day.", "The dose is 200 mg/day.", "supported"),
        # exact SI equivalences
        ("120 mg", "a dose of 0.12 g", "supported"),
        ("120 mg", "a dose of 0.13 g", "missing"),
        ("0.12 grams", "120 milligrams", "supported"),
        ("120,000 micrograms", "120 mg", "supported"),
        ("125,000 micrograms", "120 mg", "missing"),
        ("0.3 cm", "3 mm", "supported"),
        ("0.4 cm", "3 mm", "missing"),
        ("336 hours", "for 2 weeks", "supported"),
        ("337 hours", "for 2 weeks", "missing"),
        # percent ↔ proportion ↔ fraction at the claim's precision
        # a claim fraction is exact: a rounded source share does not state its denominator
        ("1/3 of patients", "33.33% of patients", "supported"),  # SPEC §3.4: 1/3 = 33.33%
        ("1/4 of patients", "25% of patients", "supported"),
        ("33.33%", "Total: 1/3", "supported"),
        ("0.3333", "Total: 1/3", "supported"),
        ("33.34%", "Total: 1/3", "missing"),
        ("33%", "33.33%", "plausible"),  # a same-unit rounding is judged, not equal
        ("35%", "33.33%", "missing"),
        ("10.00%", "Total: 2/20", "supported"),
        ("12.00%", "Total: 2/20", "missing"),
        # a rate needs the same rate; a bare amount may be read off a rate
        ("200 mg/week", "200 mg/day", "missing"),
        ("200 mg", "200 mg/day", "supported"),
        # counts are bare numbers: a count noun is not a unit
        ("20 patients", "Overall Number of Participants Analyzed: 20", "supported"),
        ("21 patients", "Overall Number of Participants Analyzed: 20", "missing"),
        ("3例", "共入组3名患者", "supported"),
        ("20 patients", "a dose of 20 mg", "missing"),
        # scale words both directions
        ("1.2 billion dollars", "revenue of $1.2B", "supported"),
        ("1.3 billion dollars", "revenue of $1.2B", "missing"),
        ("3.5万名患者", "35,000 patients", "supported"),
        ("3.6万名患者", "35,000 patients", "missing"),
        ("12亿元", "1,200,000,000元", "supported"),
        ("13亿元", "1,200,000,000元", "missing"),
        ("USD 3 million", "USD 3,000,000", "supported"),
        ("EUR 3 million", "USD 3,000,000", "missing"),
        # full-width digits are the same digits; different digits stay different
        ("２００ mg", "200 mg", "supported"),
        ("２５０ mg", "200 mg", "missing"),
        # ranges, CI and p-values
        ("10-20 mg", "between 10 and 20 mg", "supported"),
        ("10-25 mg", "between 10 and 20 mg", "missing"),
        ("p = 0.03", "P-value: 0.03", "supported"),
        ("p = 0.04", "P-value: 0.03", "missing"),
        # a unit is part of the fact
        ("20 mg", "20 mL", "missing"),
        ("20 mg/kg", "20 mg/m2", "missing"),
    ],
)
def test_supported_and_missing(claim, source, expected):
    assert states(claim, source) == [expected]


@pytest.mark.parametrize(
    "claim, source, expected",
    [
        # the same bound is supported; a bound a value satisfies is plausible; else missing
        ("below 17%", "less than 17%", "supported"),
        ("more than 90%", "93% responded", "plausible"),
        ("more than 90%", "85% responded", "missing"),
        ("at least 20 mg", "a dose of 25 mg", "plausible"),
        ("at least 20 mg", "a dose of 15 mg", "missing"),
        ("超过30%", "缓解率为35%", "plausible"),
        ("超过30%", "缓解率为25%", "missing"),
        ("up to 3 weeks", "for 2 weeks", "plausible"),
        # approximations within the claim's precision
        ("about 30 mg", "29 mg", "plausible"),
        ("about 30 mg", "45 mg", "missing"),
        ("about 30 mg", "30 mg", "supported"),
        # calendar conversions are only ever plausible
        ("2 months", "for 1440 hours", "plausible"),
        ("2 months", "for 2000 hours", "missing"),
        ("6 months", "26 weeks", "plausible"),
        ("12 months", "1 year", "supported"),
        # a value inside the source's bound can only be judged
        ("a 60 year old patient", "aged 18 years or older", "plausible"),
        ("a 16 year old patient", "aged 18 years or older", "missing"),
    ],
)
def test_plausible_and_its_negative_twin(claim, source, expected):
    assert states(claim, source) == [expected]


def test_confidence_interval_level_and_bounds():
    source = "HR 2.1 (95% CI 1.2–3.4)"
    assert states("95% CI 1.2 to 3.4", source) == ["supported", "supported"]
    assert states("95% CI 1.2 to 3.5", source) == ["supported", "missing"]
    assert states("90% CI 1.2 to 3.4", source) == ["missing", "supported"]


def test_unit_of_measure_header_gives_bare_results_their_unit():
    source = "Unit of Measure: percentage of participants  40.0"
    assert states("40% of participants", source) == ["supported"]
    assert states("45% of participants", source) == ["missing"]


def test_negated_claim_makes_bounds_judgeable():
    source = "Total: 1/208 (0.48%)"
    assert states("no adverse event occurred in more than 1% of participants", source) == ["plausible"]
    assert states("an adverse event occurred in more than 1% of participants", source) == ["missing"]


def test_derived_number_needs_a_checked_model_file():
    """A plain source never supports a derived number; a model file only through its checked
    calculation, which needs a store to resolve its inputs (tests/values/test_model_check.py)."""
    plain = window("response 40% vs 20%")
    model = window(
        "- response_a = 40% [nct:NCT0000001#Results]\n- response_b = 20% [nct:NCT0000001#Results]\n"
        "Formula: ratio = response_a / response_b\nUnits: ratio\nResult: ratio = 2-fold",
        source_id="models/ratio.md", path="models/ratio.md",
    )
    claim = "response was 2-fold higher"
    assert [a.state for a in assess_numbers(claim, [plain], kinds=["nct"])] == ["missing"]
    [unchecked] = assess_numbers(claim, [model], kinds=["model"])
    assert unchecked.state == "missing" and "cannot be resolved (no source store)" in (unchecked.why or "")


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("response was 2-fold higher", "response 40% vs 20%; a 2-fold difference"),
        ("The market will grow at a CAGR of 12.4% from 2023 to 2030.", "The market is projected to grow at a CAGR of 12.4% from 2023 to 2030."),
        ("The response rate was 15 percentage points higher in Arm A.", "Response was 15 percentage points higher in Arm A than in Arm B."),
        ("A组的发生率是B组的两倍。", "A组的发生率是B组的两倍。"),
        # a change the source states against an earlier period (rt17b: failed as a writer's own working)
        ("Sales were 30% higher than in 2022.", "Sales rose 30% year on year to $1.3 billion in 2023."),
        ("Sales were 30% higher than in 2022.", "Sales were up 30% from 2022."),
    ],
)
def test_a_derived_number_the_source_states_as_such_is_judged_not_failed(claim, source):
    # red-team finding: every analyst report quoting a source's CAGR verbatim was blocked
    [a] = assess_numbers(claim, [window(source)], kinds=["evidence"])
    assert a.state == "plausible" and "states as such" in (a.why or "")


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("The market will grow at a CAGR of 12.4% from 2023 to 2030.", "The market grew 12.4% in 2023."),  # a plain value
        ("The response rate was 15 percentage points higher in Arm A.", "The response rate was 15% in Arm A."),
        ("Exposure increased 3-fold with food.", "Exposure increased 2.5-fold with food."),
        ("Sales were 30% higher than in 2022.", "Sales were 30% of the total in 2023."),  # no change stated
        ("Sales were 30% higher than in 2022.", "Sales rose 25% year on year."),
    ],
)
def test_a_derived_number_the_source_does_not_state_as_such_is_still_missing(claim, source):
    assert [a.state for a in assess_numbers(claim, [window(source)], kinds=["evidence"])] == ["missing"]


def test_assessment_reports_what_decided_and_where():
    [a] = assess_numbers("at least 20 mg", [window("Line one.\na dose of 25 mg daily", source_id="NCT1")])
    assert (a.state, a.matched, a.source_id) == ("plausible", "a dose of 25 mg daily", "NCT1")
    assert a.to_result().normalised == "≥ 20 mg"


def test_best_state_over_several_windows():
    claim = "120 mg"
    assert [a.state for a in assess_numbers(claim, [window("0.5 g"), window("0.12 g")])] == ["supported"]


def test_window_index_is_cached_by_text():
    text = "a dose of 25 mg\n" * 3
    assert index_text(text) is index_text(text)


def test_a_count_is_never_found_in_a_label():
    assert states("3 patients died", "Arm 3: deaths 2") == ["missing"]
    assert states("2 patients died", "Arm 3: deaths 2") == ["supported"]


def test_listed_labels_need_no_number_in_the_window_and_hide_no_count():
    record = "INTERVENTION 1:\n  Study drug 25 mg daily\nINTERVENTION 2:\n  Study drug 25 mg daily"
    assert states("Cohorts 1 and 2 of the trial receive 25 mg daily", record) == ["supported"]
    assert states("Cohorts 1 and 2 of the trial receive 30 mg daily", record) == ["missing"]
    # a count after a listed label is still a count the window must hold
    assert states("In cohorts 1 and 2, 3 patients died", "Arm 3: deaths 2") == ["missing"]


def test_an_age_written_without_its_unit_meets_the_record_in_years():
    assert states("Participants were aged 45", "Age: 45 years") == ["supported"]
    assert states("Participants were aged 46", "Age: 45 years") == ["missing"]
    assert states("45 patients", "Age: 45 years") == ["missing"]  # a count is no age
    assert states("over the age of 18", "Age between 18 years and 70 years.") == ["plausible"]


def test_an_or_equal_bound_is_the_same_bound_and_no_exact_value():
    record = "Inclusion Criteria:\nAge greater than or equal to 18 years"
    assert states("Patients must be at least 18 years old", record) == ["supported"]
    assert states("Patients must be 18 years old", record) == ["plausible"]  # a value inside the bound: judged
    assert states("Patients must be at least 21 years old", record) == ["plausible"]


def test_worded_fractions():
    assert states("one in three patients responded", "Response: 33.3%") == ["supported"]  # a tenth of a percent pins 1/3
    assert states("one in three patients responded", "Response: 33%") == ["plausible"]  # a whole percent does not
    assert states("one in four patients responded", "Response: 25%") == ["supported"]
    assert states("one in four patients responded", "Response: 33.3%") == ["missing"]
    assert states("fewer than 1 in 10 patients", "Total: 1/30 (3.33%)") == ["plausible"]
    assert states("fewer than 1 in 10 patients", "Total: 6/30 (20.00%)") == ["missing"]
