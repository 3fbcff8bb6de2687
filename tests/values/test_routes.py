"""A route of administration stays with its dose (citeproof.values.routes)."""

from __future__ import annotations

import pytest

from citeproof.values.routes import routes_by_dose, swapped_route
from values.helpers import verify_pairs

SOURCE = "Drug A was given at 50 mg/m^2 intravenously on day 1 with drug B 1000 mg/m^2 twice a day by mouth on days 1-7."
ZH_SOURCE = "A药50 mg静脉滴注，第1天；B药1000 mg口服，每日两次。"

SWAPPED = [
    (SOURCE, "Drug A was given at 50 mg/m^2 orally on day 1 with drug B 1000 mg/m^2 twice a day intravenously on days 1-7."),
    (SOURCE, "Drug A was given at 50 mg/m^2 subcutaneously on day 1 with drug B 1000 mg/m^2 twice a day by mouth on days 1-7."),
    (ZH_SOURCE, "A药50 mg口服，第1天；B药1000 mg静脉滴注，每日两次。"),
]
KEPT = [
    (SOURCE, "Drug A was given at 50 mg/m^2 intravenously on day 1 with drug B 1000 mg/m^2 twice a day orally on days 1-7."),
    (SOURCE, "Drug B 1000 mg/m^2 was taken orally twice a day with drug A 50 mg/m^2 given intravenously on day 1."),
    (ZH_SOURCE, "A药50 mg静脉滴注，第1天；B药1000 mg口服，每日两次。"),
]


@pytest.mark.parametrize("source, claim", SWAPPED)
def test_a_dose_given_another_route_is_named(source, claim):
    assert swapped_route(claim.lower(), source.lower()) is not None


@pytest.mark.parametrize("source, claim", KEPT)
def test_each_dose_keeping_its_route_in_any_order_or_wording_is_not(source, claim):
    assert swapped_route(claim.lower(), source.lower()) is None


@pytest.mark.parametrize(
    "text, expected",
    [
        ("patients with stage iv disease received 200 mg orally.", {"200": {"oral"}}),  # 'iv' of a stage is no route
        ("the floral extract 50 mg was applied topically.", {"50": {"topical"}}),  # 'oral' inside a word is none
        ("il-6 antibody 8 mg/kg intravenously", {"8": {"intravenous"}}),  # the 6 of a name and the 2-less unit are no doses
        ("口服50 mg", {"50": {"oral"}}),  # a Chinese route before its number
        ("200 mg daily; orally thereafter", {}),  # a route in the next clause has no dose
    ],
)
def test_what_each_route_is_read_with(text, expected):
    assert routes_by_dose(text) == expected


def test_through_the_pipeline_a_swapped_route_is_undecided_and_the_true_claim_passes(tmp_path):
    claims = verify_pairs(tmp_path, [SWAPPED[0], (SOURCE, SOURCE)])
    # the route check, or before it the swap check (the numbers hold "intravenously" where the source
    # says "by mouth", rt18b), holds it back
    assert claims[0].status == "undecided" and any("route" in r or "stands where the source says" in r
                                                   for r in claims[0].undecided_reasons)
    assert claims[1].status == "pass"
