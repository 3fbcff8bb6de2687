"""Two lists of numbers paired "respectively" keep their pairing in a claim (red team round 7).

The bad case this guards: "10 mg和20 mg剂量组的缓解率分别为30%和45%" cited for "20 mg剂量组的缓解率为30%"
passed. Both lists are numbers (doses, time spans, ages), so no label pairs them, and the order
check finds 20 mg before 30% as the source writes them. A claim taking one number from each list
must take them from the same place in both.
"""

from __future__ import annotations

import pytest

from citeproof.values import claim_atoms
from citeproof.values.binding import binding_differs
from tests.values.helpers import verify_pairs

DOSES = "Doses of 10 mg and 20 mg gave response rates of 30% and 45%, respectively."
DOSES_ZH = "10 mg和20 mg剂量组的缓解率分别为30%和45%。"
MONTHS_ZH = "12个月和24个月总生存率分别为78%和62%。"
WEEKS_ZH = "治疗12周和24周时缓解率分别为40%和55%。"
THREE = "Doses of 100 mg, 200 mg and 300 mg produced reductions of 20%, 40% and 55%, respectively."
AGES = "Patients aged 65 years and 75 years had response rates of 52% and 38%, respectively."

CROSSED = [
    ("The 20 mg dose gave a response rate of 30%.", DOSES),
    ("20 mg剂量组的缓解率为30%。", DOSES_ZH),
    ("24个月总生存率为78%。", MONTHS_ZH),
    ("治疗24周时缓解率为40%。", WEEKS_ZH),
    ("A dose of 300 mg produced a reduction of 40%.", THREE),
    ("Patients aged 75 years had a response rate of 52%.", AGES),
]

KEPT = [
    ("The 20 mg dose gave a response rate of 45%.", DOSES),
    ("20 mg剂量组的缓解率为45%。", DOSES_ZH),
    ("12个月总生存率为78%。", MONTHS_ZH),
    ("治疗24周时缓解率为55%。", WEEKS_ZH),
    ("A dose of 300 mg produced a reduction of 55%.", THREE),
    ("Patients aged 75 years had a response rate of 38%.", AGES),
    # the claim restates both lists: its own "respectively" pairs them
    ("Doses of 10 mg and 20 mg gave response rates of 30% and 45%, respectively.", DOSES),
    # one number only: nothing to pair
    ("The response rate was 45%.", DOSES),
]


def differs(claim: str, source: str) -> str | None:
    return binding_differs(claim, claim_atoms(claim), source)


@pytest.mark.parametrize(("claim", "source"), CROSSED)
def test_numbers_taken_from_different_places_of_two_lists_differ(claim, source):
    why = differs(claim, source)
    assert why is not None and "respectively" in why


@pytest.mark.parametrize(("claim", "source"), KEPT)
def test_numbers_taken_from_the_same_place_do_not_differ(claim, source):
    assert differs(claim, source) is None


def test_lists_interleaved_with_their_numbers_are_left_to_the_clauses():
    # "30% at 10 mg and 45% at 20 mg" pairs by clause, not by list place: this rule says nothing
    source = "The response rates were 30% at 10 mg and 45% at 20 mg, respectively."
    assert differs("The response rate was 45% at 20 mg.", source) is None


def test_through_the_pipeline_a_crossed_pair_is_not_passed_and_a_kept_one_passes(tmp_path):
    pairs = [(s, c) for c, s in CROSSED if not c.isascii()] + [(s, c) for c, s in KEPT[:4] if not c.isascii()]
    statuses = [c.status for c in verify_pairs(tmp_path, pairs)]
    assert statuses == ["undecided"] * 3 + ["pass"] * 3
