"""Wrong PASSes a reviewer found: each bad claim is no longer supported, its good twin still is.

SPEC §3.4: supported only by an equal value with an equal unit (exact SI conversions;
percent ↔ proportion ↔ fraction at the claim's stated precision); bounds, approximations and
roundings are plausible (judged).
"""

from __future__ import annotations

import pytest

from citeproof.values import assess_numbers
from tests.values.helpers import window


def states(claim: str, source: str) -> list[tuple[str, str]]:
    return [(r.raw, r.state) for r in assess_numbers(claim, [window(source)])]


def all_supported(claim: str, source: str) -> bool:
    got = states(claim, source)
    return bool(got) and all(s == "supported" for _, s in got)


# ---- 1. a fraction before sentence punctuation is still a fraction ----------------------

def test_fraction_before_full_stop_is_not_supported_by_scattered_numbers():
    got = states("Responders were 2/20.", "Responders were 2/25, and 20 were enrolled.")
    assert got and all(s != "supported" for _, s in got), got


def test_fraction_before_full_stop_is_supported_by_the_same_fraction():
    assert all_supported("Responders were 2/20.", "Responders were 2/20.")
    assert all_supported("Responders were 2/20, as planned.", "Responders were 2/20.")


# ---- 2. a p-value, HR or OR is not a proportion -----------------------------------------

@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("Mortality was reduced by 5% in Arm A.", "Mortality was reduced in Arm A (p = 0.05)."),
        ("Survival improved by 75% in Arm A.", "Survival improved in Arm A (HR 0.75)."),
    ],
)
def test_statistic_is_not_a_proportion(claim, source):
    assert not all_supported(claim, source), states(claim, source)


def test_proportion_still_supports_a_percentage():
    assert all_supported("Mortality was reduced by 5% in Arm A.", "Mortality was reduced by 0.05 in Arm A.")


# ---- 4. a different statistic is at most plausible --------------------------------------

@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("The HR 0.75 favoured Arm A.", "The OR 0.75 favoured Arm A."),
        ("The effect was significant (p = 0.75).", "The effect was seen (HR 0.75)."),
    ],
)
def test_different_statistic_is_not_supported(claim, source):
    got = states(claim, source)
    assert got and all(s == "plausible" for _, s in got), got


def test_same_statistic_is_supported():
    assert all_supported("The HR 0.75 favoured Arm A.", "The HR 0.75 favoured Arm A.")
    assert all_supported("The effect was significant (p = 0.03).", "The effect was significant (p = 0.03).")


# ---- 3. a point claim equal to a range or CI end is only plausible ----------------------

@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("Median PFS was 5.1 months in Arm A.", "Median PFS was 7.2 months in Arm A (95% CI 5.1 to 9.0 months)."),
        ("Median age was 45 years.", "Median age was 52 years (range 45-70 years)."),
        ("Median age was 70 years.", "Median age was 52 years (range 45-70 years)."),
    ],
)
def test_point_claim_at_a_range_end_is_plausible(claim, source):
    got = states(claim, source)
    assert got and all(s == "plausible" for _, s in got), got


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("Median PFS was 7.2 months (95% CI 5.1 to 9.0 months).", "Median PFS was 7.2 months in Arm A (95% CI 5.1 to 9.0 months)."),
        ("Ages ranged from 45 to 70 years.", "Median age was 52 years (range 45-70 years)."),
        ("Median age was 52 years.", "Median age was 52 years (range 45-70 years)."),
    ],
)
def test_range_and_point_claims_matching_the_source_stay_supported(claim, source):
    assert all_supported(claim, source), states(claim, source)


def test_confidence_interval_is_not_a_plain_range():
    got = states("Median PFS was 7.2 months (95% CI 5.1 to 9.0 months).", "Median PFS was 7.2 months (5.1 to 9.0 months).")
    assert ("5.1 to 9.0 months", "plausible") in got, got


# ---- 5. a fraction is supported by a percentage only when exactly equal -----------------

@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("Responses occurred in 2 of 7 patients.", "Responses occurred in 29% of patients."),
        ("Responses occurred in 2 of 7 patients.", "Responses occurred in a proportion of 0.29 of patients."),
        ("Responses occurred in 10 of 20 patients.", "Responses occurred in 1/2 of patients."),
    ],
)
def test_fraction_from_a_rounded_share_is_plausible(claim, source):
    got = states(claim, source)
    assert got and all(s == "plausible" for _, s in got), got


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("Responses occurred in 1 of 4 patients.", "Responses occurred in 25% of patients."),
        ("Responses occurred in 1 of 4 patients.", "Responses occurred in a proportion of 0.25 of patients."),
        ("Responses occurred in 1 of 2 patients.", "Responses occurred in 10/20 patients."),
        ("Responses occurred in 2 of 7 patients.", "Responses occurred in 2/7 patients."),
    ],
)
def test_fraction_equal_to_the_share_is_supported(claim, source):
    assert all_supported(claim, source), states(claim, source)


# ---- 6. an unqualified claim is not supported by an approximate source ------------------

@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("The response rate was 30%.", "The response rate was about 30%."),
        ("Responses occurred in 3 of 10 patients.", "Responses occurred in about 30% of patients."),
    ],
)
def test_exact_claim_against_approximate_source_is_plausible(claim, source):
    got = states(claim, source)
    assert got and all(s == "plausible" for _, s in got), got


def test_approximate_claim_against_approximate_source_is_supported():
    assert all_supported("The response rate was about 30%.", "The response rate was about 30%.")
    assert all_supported("The response rate was 30%.", "The response rate was 30%.")


# ---- 7. SI conversions are exact -----------------------------------------------------------

@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("The dose was 1.2 g.", "The dose was 1,190 mg."),
        ("The dose was 0.33 g.", "The dose was 333 mg."),
    ],
)
def test_rounded_si_conversion_is_plausible(claim, source):
    got = states(claim, source)
    assert got and all(s == "plausible" for _, s in got), got


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("The dose was 1.2 g.", "The dose was 1,200 mg."),
        ("The dose was 0.12 g.", "The dose was 120 mg."),
        ("One third responded (33.33%).", "1/3 of participants responded."),
        ("The response rate was 0.33.", "The response rate was 33.3%."),
    ],
)
def test_exact_si_and_claim_precision_share_conversions_are_supported(claim, source):
    assert all_supported(claim, source), states(claim, source)


# ---- a share written over a decimal: "1/3.33 of patients" -------------------------------

def test_a_share_over_a_decimal_is_judged_against_the_percentage_it_approximates():
    # 1/3.33 ≈ 30.03%: against a source 30% it is neither a pass (not exact) nor a miss
    assert states("No event affected more than 1/3.33 of patients.", "Nausea occurred in 30% of patients.") == [
        ("1/3.33", "plausible")
    ]
    assert states("1/3.33 of patients had nausea.", "Nausea occurred in 30% of patients.") == [("1/3.33", "plausible")]


def test_a_fabricated_share_over_a_decimal_is_missing():
    # 1/2.5 = 40%: nothing near it in the source
    assert states("1/2.5 of patients had nausea.", "Nausea occurred in 30% of patients.") == [("1/2.5", "missing")]


@pytest.mark.parametrize("text", ["The dose was 12/3.5 mg.", "The ratio was 5/2.5 overall."])
def test_a_slash_before_a_decimal_is_not_always_a_share(text):
    from citeproof.values import claim_atoms

    assert all(a.dim != "percent" for a in claim_atoms(text))
