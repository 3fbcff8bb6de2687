"""An acronym behind a lower-case prefix — mOS, mPFS, mDoR, eGFR, pCR, cORR — names what is
measured, as OS and PFS do: the carrying segment must write it, or spell it out ("median OS",
"median overall survival").

Red team rt24b: "mOS was 10.4 months" passed on "median progression-free survival was 10.4
months" and "the mPFS was 10.4 months" (no entity pattern read a lower-case first letter, and
"mos" is a unit word for months, so the every-word check dropped it); "治疗组的mOS为14.2个月" passed
on "治疗组的mDoR为14.2个月".
"""

from __future__ import annotations

import pytest

from citeproof.values.segment_support import entity_tokens, prefixed_spelled
from citeproof.values.substitution import swapped_word
from tests.values.helpers import verify_pairs

PFS = "In the intention-to-treat population, median progression-free survival was 10.4 months with the combination."
OS = "In the intention-to-treat population, median overall survival was 10.4 months with the combination."

# (source line, claim naming another measure)
REMEASURED = [
    (PFS, "In the intention-to-treat population, mOS was 10.4 months with the combination."),
    ("In the treatment arm, the mPFS was 10.4 months.", "In the treatment arm, the mOS was 10.4 months."),
    ("联合治疗组的中位无进展生存期为10.4个月。", "联合治疗组的mOS为10.4个月。"),
    ("治疗组的mDoR为14.2个月。", "治疗组的mOS为14.2个月。"),
    ("The eGFR declined by 3.1 mL/min over 52 weeks.", "The mGFR declined by 3.1 mL/min over 52 weeks."),
    ("The pCR rate was 21% in the treatment arm.", "The cCR rate was 21% in the treatment arm."),
    ("治疗组的中位PFS为14.2个月。", "治疗组的mOS为14.2个月。"),
    ("In the treatment arm, the unconfirmed ORR was 41.0%.", "In the treatment arm, the cORR was 41.0%."),
]

# (source line, claim naming the same measure as written or spelled out)
KEPT = [
    (OS, "In the intention-to-treat population, mOS was 10.4 months with the combination."),
    ("In the intention-to-treat population, median OS was 10.4 months with the combination.",
     "In the intention-to-treat population, mOS was 10.4 months with the combination."),
    ("In the treatment arm, the mOS was 10.4 months.", "In the treatment arm, the mOS was 10.4 months."),
    ("治疗组的mOS为14.2个月。", "治疗组的mOS为14.2个月。"),
    ("In the treatment arm, the median PFS was 10.4 months.", "In the treatment arm, the mPFS was 10.4 months."),
    ("The pCR rate was 21% in the treatment arm.", "The pCR rate was 21% in the treatment arm."),
    ("治疗组的中位OS为14.2个月。", "治疗组的mOS为14.2个月。"),
    ("In the treatment arm, the confirmed ORR was 41.0%.", "In the treatment arm, the cORR was 41.0%."),
    ("Median OS was 10.4 mos in the treatment arm.", "Median OS was 10.4 months in the treatment arm."),
    ("Median OS was 10.4 months in the treatment arm.", "Median OS was 10.4 mos in the treatment arm."),
]


def test_the_prefixed_acronyms_read():
    assert entity_tokens("In the arm, mOS was 10.4 months") == {"mos"}
    assert entity_tokens("the mDoR and eGFR and pCR") == {"mdor", "egfr", "pcr"}
    assert entity_tokens("联合治疗组的mOS为10.4个月") == {"mos"}
    assert entity_tokens("median OS was 10.4 mos") == {"os"}  # a unit of months is no name
    assert entity_tokens("LH was 5 mIU/mL") == {"lh"}  # a unit after its number is no name


@pytest.mark.parametrize("word", ["iPhone", "mg", "mL", "eCl", "kg"])
def test_a_word_with_one_capital_after_a_small_letter_is_no_acronym(word):
    assert entity_tokens(f"the {word} was 10") == set()


def test_the_spelled_out_forms_read():
    assert prefixed_spelled("median OS was 10.4 months") == {"mos"}
    assert prefixed_spelled("Median progression-free survival (PFS) was") == {"mpfs"}
    assert prefixed_spelled("median progression free survival") == {"mpfs"}
    assert prefixed_spelled("治疗组的中位OS为14.2个月") == {"mos"}
    assert prefixed_spelled("the confirmed ORR and pathological complete response") == {"corr", "pcr"}
    assert prefixed_spelled("the mediano survival; median time") == set()


def test_the_swap_check_reads_a_spelled_out_prefix_as_the_same_word():
    assert swapped_word("In the arm, the mPFS was 10.4 months.", "In the arm, the median PFS was 10.4 months.") is None
    assert swapped_word("In the arm, the median PFS was 10.4 months.", "In the arm, the mPFS was 10.4 months.") is None
    assert swapped_word("In the arm, the mPFS was 10.4 months.", "In the arm, the median DoR was 10.4 months.") is not None


def test_a_claim_naming_another_measure_is_left_to_the_judge(tmp_path):
    for c in verify_pairs(tmp_path, REMEASURED):
        assert c.status == "undecided", (c.text, c.status)


def test_a_claim_naming_the_same_measure_still_passes(tmp_path):
    for c in verify_pairs(tmp_path, KEPT):
        assert c.status == "pass", (c.text, c.status, c.undecided_reasons)
