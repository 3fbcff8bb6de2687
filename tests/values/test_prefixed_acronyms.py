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

from citeproof.values.prefixed_abbreviations import prefixed_spelled, prefixed_written_terms, shifted, spell_prefixed
from citeproof.values.segment_support import entity_tokens
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


# Red team rt25a: a line pairing two measures with two numbers. The prefixed acronym is read as
# its words ("mPFS" as "median PFS", or as the line spells it), so the number it is paired with
# must be the one the line pairs with that measure, as for the spelled-out claim.
PAIRED_PFS_OS = "Median PFS was 7.2 months and median OS was 16.0 months."
PAIRED_SPELLED = "Median overall survival was 18.4 months and median progression-free survival was 6.1 months."
PAIRED_DOR = "The median duration of response was 14.1 months and median PFS was 8.3 months."
PAIRED_ZH = "中位OS为21.3个月，中位PFS为9.8个月。"
PAIRED_ZH_SPELLED = "中位总生存期为21.3个月，中位无进展生存期为9.8个月。"

CROSSED = [
    (PAIRED_PFS_OS, "The mPFS was 16.0 months."),
    (PAIRED_PFS_OS, "The mOS was 7.2 months."),
    (PAIRED_SPELLED, "The mPFS was 18.4 months."),
    (PAIRED_DOR, "The mDoR was 8.3 months."),
    (PAIRED_DOR, "The mPFS was 14.1 months."),
    (PAIRED_ZH, "mPFS为21.3个月。"),
    (PAIRED_ZH, "mOS为9.8个月。"),
    (PAIRED_ZH_SPELLED, "mPFS为21.3个月。"),
    (PAIRED_ZH_SPELLED, "mOS为9.8个月。"),
    ("The mPFS was 7.2 months and the mOS was 16.0 months.", "The mPFS was 16.0 months."),
]

PAIRED_RIGHT = [
    (PAIRED_PFS_OS, "The mPFS was 7.2 months."),
    (PAIRED_SPELLED, "The mPFS was 6.1 months."),
    (PAIRED_DOR, "The mDoR was 14.1 months."),
    (PAIRED_DOR, "The mPFS was 8.3 months."),
    (PAIRED_ZH, "mOS为21.3个月。"),
    (PAIRED_ZH, "mPFS为9.8个月。"),
    (PAIRED_ZH_SPELLED, "mOS为21.3个月。"),
    (PAIRED_ZH_SPELLED, "mPFS为9.8个月。"),
    ("治疗组的中位总生存期为14.2个月。", "治疗组的mOS为14.2个月。"),
]


def test_a_prefixed_acronym_with_another_measures_number_is_left_to_the_judge(tmp_path):
    for c in verify_pairs(tmp_path, CROSSED):
        assert c.status == "undecided", (c.text, c.status)


def test_a_prefixed_acronym_with_its_own_number_still_passes(tmp_path):
    for c in verify_pairs(tmp_path, PAIRED_RIGHT):
        assert c.status == "pass", (c.text, c.status, c.undecided_reasons)


def test_the_chinese_spelled_out_forms_read():
    assert prefixed_spelled("治疗组的中位总生存期为14.2个月") == {"mos"}
    assert prefixed_spelled("中位无进展生存期为9.8个月") == {"mpfs"}
    assert prefixed_spelled("median 总生存期") == set()  # an English word before a Chinese term spells nothing


def test_a_prefixed_acronym_is_spelled_as_the_segment_spells_it():
    assert spell_prefixed("The mPFS was 6.1 months.", PAIRED_SPELLED)[0] == \
        "The median progression-free survival was 6.1 months."
    assert spell_prefixed("The mPFS was 7.2 months.", PAIRED_PFS_OS)[0] == "The median PFS was 7.2 months."
    assert spell_prefixed("mOS为21.3个月", PAIRED_ZH_SPELLED)[0] == "中位总生存期为21.3个月"
    assert spell_prefixed("mOS为21.3个月")[0] == "中位OS为21.3个月"
    assert spell_prefixed("The mOS was 10 months; the mg dose and eGFR stayed.") == \
        ("The median OS was 10 months; the mg dose and eGFR stayed.", ((7, 6),))
    assert spell_prefixed("no acronym here") == ("no acronym here", ())


def test_atoms_move_with_the_spelled_out_words():
    from citeproof.values.extract import extract_atoms

    text = "The mPFS was 7.2 months and the mOS was 16.0 months."
    spelled, edits = spell_prefixed(text)
    moved = shifted(extract_atoms(text), edits)
    assert [spelled[a.start:a.end] for a in moved] == [a.raw for a in extract_atoms(spelled)]


# Red team rt25a (s26): a claim naming its measure only by a prefixed acronym ("The mOS was 16.0
# months") had no content word at all — "mos" is also a unit word for months — and was left
# undecided against the line spelling it out. As a name (not right after a number) it is a term.
NAMED_ONLY = [
    ("Median overall survival was 16.0 months.", "The mOS was 16.0 months."),
    ("Median OS was 16.0 months with the combination.", "The mOS was 16.0 months."),
    ("The mOS was 16.0 months.", "The mOS was 16.0 months."),
    ("中位总生存期为16.0个月。", "mOS为16.0个月。"),
]


def test_a_prefixed_acronym_alone_names_the_measure():
    assert prefixed_written_terms("The mOS was 16.0 months") == {"mos"}
    assert prefixed_written_terms("mOS为16.0个月，mPFS为7.2个月") == {"mos", "mpfs"}
    # a number followed by "mos" is months, however written
    assert prefixed_written_terms("Median OS was 16.0 mos") == set()
    assert prefixed_written_terms("Median OS was 16.0 mOS") == set()
    assert prefixed_written_terms("follow-up of 16 mOS; the mPFS was") == {"mpfs"}


def test_a_claim_named_only_by_its_prefixed_acronym_passes(tmp_path):
    for c in verify_pairs(tmp_path, NAMED_ONLY):
        assert c.status == "pass", (c.text, c.status, c.undecided_reasons)


def test_a_claim_named_only_by_its_prefixed_acronym_with_another_number_does_not_pass(tmp_path):
    changed = [(source, claim.replace("16.0", "17.0")) for source, claim in NAMED_ONLY]
    changed += [("Median progression-free survival was 16.0 months.", "The mOS was 16.0 months."),
                ("Median follow-up was 16.0 months.", "The mOS was 16.0 months.")]
    for c in verify_pairs(tmp_path, changed):
        assert c.status != "pass", (c.text, c.status)
