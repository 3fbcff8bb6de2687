"""Numbers or names swapped between subjects never pass Tier 1; the same pairing still does.

The bad case this guards: "30% in Arm A and 40% in Arm B" citing "40% in Arm A and 30% in
Arm B" shares every number, name and word with its source, and passed.
"""

from __future__ import annotations

import pytest

from citeproof.values import claim_atoms
from citeproof.values.binding import binding_differs
from tests.values.helpers import verify_against

SOURCE = "The response rate was 40% in Arm A and 30% in Arm B among the adult patients."


def differs(claim: str, source: str = SOURCE) -> str | None:
    return binding_differs(claim, claim_atoms(claim), source)


def test_swapped_numbers_differ_and_the_same_pairing_does_not():
    assert "numbers" in differs("The response rate was 30% in Arm A and 40% in Arm B among the adult patients.")
    assert differs(SOURCE) is None


def test_swapped_names_differ_and_the_same_order_does_not():
    source = "Arm A had a higher response rate than Arm B among the adult patients."
    assert "names" in differs("Arm B had a higher response rate than Arm A among the adult patients.", source)
    assert differs("Arm A had a higher response rate than Arm B among adults.", source) is None


def test_numbers_are_matched_by_value_not_spelling():
    # 0.12 g is 120 mg: the order check sees the same number
    source = "Arm A received 120 mg and Arm B received 60 mg of the study drug."
    assert differs("Arm A received 0.12 g and Arm B received 0.06 g of the study drug.", source) is None
    assert differs("Arm A received 0.06 g and Arm B received 0.12 g of the study drug.", source) is not None


def test_repeated_values_and_chinese_group_labels():
    assert differs("Arm A and Arm B each enrolled 60 patients, 60 per arm.", "Arm A and Arm B enrolled 60 and 60 patients.") is None
    source = "A组的缓解率为40%，B组的缓解率为30%。"
    assert differs("B组的缓解率为40%，A组的缓解率为30%。", source) is not None  # names swapped
    assert differs("A组的缓解率为40%，B组的缓解率为30%。", source) is None


@pytest.mark.parametrize(
    "claim",
    [
        "The response rate was 40% in Arm A.",  # one number, one name: nothing to swap
        "Arm A responded better (40%).",
    ],
)
def test_one_number_and_one_name_are_not_order_checked(claim):
    assert differs(claim, "In Arm A the response rate was 40%.") is None


def test_a_swapped_pairing_is_undecided_never_passed_or_failed(tmp_path):
    report = (
        "# R\n\nThe response rate was 30% in Arm A and 40% in Arm B among the adult patients [evidence:s.md#L3].\n\n"
        "The response rate was 40% in Arm A and 30% in Arm B among the adult patients [evidence:s.md#L3].\n"
    )
    out = verify_against(tmp_path, f"# S\n\n{SOURCE}\n", report)
    assert [c.status for c in out.claims] == ["undecided", "pass"]
    assert "another order" in out.claims[0].undecided_reasons[0]


@pytest.mark.parametrize(
    "text",
    [
        "HER2-positive patients in Arm A and HER2 testing in Arm B were compared.",  # a name inside a longer one
        "A组和AB组的缓解率分别为40%和30%。",
        "Arm A1 and Arm A enrolled 40 and 30 patients.",
    ],
)
def test_a_claim_identical_to_its_source_never_differs(text):
    assert differs(text, text) is None


def test_an_item_the_segment_lacks_is_left_to_the_other_gates():
    # "70" is nowhere in the segment: the numeric gate judges that; the order of 40 and 30 is right
    source = "Arm A enrolled 40 patients and Arm B enrolled 30 patients."
    assert differs("Arm A enrolled 40 patients and Arm B enrolled 30 patients, 70 in all.", source) is None
