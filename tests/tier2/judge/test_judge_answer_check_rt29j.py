"""rt29j: the answer check's regimen forms, grade floors and other measures' figures."""

from __future__ import annotations

import pytest

from tier2.answer_check import check_answer
from tier2.fake import answer


def checked(claim: str, quote: str, excerpt: str | None = None):
    return check_answer(answer("supported", quote), claim, excerpt or quote)


@pytest.mark.parametrize(
    ("claim", "quote"),
    [  # rt29j c01, c02: a "+" glued to a grade or a marker is no combination regimen
        ("Grade 3+ neutropenia occurred in 12% of patients receiving drug A.",
         "Grade 3 or higher neutropenia occurred in 12% of patients receiving drug A monotherapy."),
        ("In HER2+ metastatic breast cancer, first-line drug A produced an objective response rate of 26%.",
         "First-line drug A monotherapy produced an objective response rate of 26%."),
        ("In PD-L1+ patients, drug A achieved an ORR of 45%.", "Single-agent drug A achieved an ORR of 45% in the PD-L1+ cohort."),
        ("Drug A monotherapy achieved an ORR of 45%.", "Single-agent drug A achieved an ORR of 45% in the CD8+ cohort."),
    ],
)
def test_a_suffix_plus_is_no_combination(claim, quote):
    result = checked(claim, quote)
    assert result.ok, result.detail


def test_a_spaced_plus_between_names_is_a_combination():
    excerpt = "Median PFS was 11.5 months with drug A + drug B and 6.9 months with single-agent drug A."
    result = checked("Median PFS with drug A plus drug B was 6.9 months.", "6.9 months with single-agent drug A", excerpt)
    assert not result.ok and result.reason == "quote_in_other_group", result
    result = checked("Median PFS with drug A alone was 11.5 months.", excerpt)
    assert not result.ok and result.reason == "quote_in_other_group", result
    assert checked("Median PFS with drug A + drug B was 11.5 months.", "11.5 months with drug A + drug B", excerpt).ok


@pytest.mark.parametrize(
    ("claim", "quote"),
    [  # rt29j c08: "severe" grades the patients' condition, not the denied event
        ("No grade 4 hepatotoxicity was observed in patients with severe renal impairment.",
         "In the subgroup with creatinine clearance below 30 mL/min, no grade 4 hepatotoxicity was observed."),
        ("No grade 4 rash occurred among participants who had severe psoriasis.", "No grade 4 rash occurred."),
    ],
)
def test_a_population_grade_word_sets_no_floor(claim, quote):
    result = checked(claim, quote)
    assert result.ok, result.detail


@pytest.mark.parametrize(
    ("claim", "quote"),
    [  # rt29j c06, GL2, GL3, GL9: a grade in Roman numerals or words sets the quote's floor
        ("No severe cytokine release syndrome occurred.", "No grade IV cytokine release syndrome occurred."),
        ("No grade 3 or higher cytokine release syndrome occurred.", "No grade IV cytokine release syndrome occurred."),
        ("No severe neutropenia occurred.", "No grade four neutropenia occurred."),
        ("No grade 3 or higher adverse events were reported.", "No Grade IV–V adverse events were reported."),
        # the severity word grades the denied event itself, after a people word too
        ("No patients with severe neutropenia were reported.", "No patients with grade 4 neutropenia were reported."),
    ],
)
def test_a_higher_roman_or_spelled_grade_is_refused(claim, quote):
    result = checked(claim, quote)
    assert not result.ok and result.reason == "quote_unrelated_to_claim", result


@pytest.mark.parametrize(
    ("claim", "quote"),
    [
        ("No severe cytokine release syndrome occurred.", "No grade III or IV cytokine release syndrome occurred."),
        ("No grade 4 neutropenia occurred.", "No grade four neutropenia occurred."),
        ("No severe rash was reported.", "No grade 3 or higher rash was reported."),
    ],
)
def test_the_claims_own_grade_in_roman_or_words_passes(claim, quote):
    result = checked(claim, quote)
    assert result.ok, result.detail


_RESPONSE = "The objective response rate was 62% (CR 21%, PR 41%)."
_OVERALL = "The overall response rate was 62%, including a complete response rate of 21%."
_PATHOLOGICAL = "The pathological complete response rate was 38%, and the major pathological response rate was 54%."
_GRADED = "Any-grade diarrhea occurred in 45% of patients, including grade 3 diarrhea in 8%."


@pytest.mark.parametrize(
    ("claim", "quote"),
    [  # rt29j c03, c07, c05, c04: another measure's figure in one sentence
        ("The complete response rate was 62%.", _RESPONSE),
        ("The CR rate was 62%.", _OVERALL),
        ("The major pathological response rate was 38%.", _PATHOLOGICAL),
        ("Grade 3 diarrhea occurred in 45% of patients.", _GRADED),
        ("Grade III diarrhea occurred in 45% of patients.", _GRADED),
    ],
)
def test_another_measures_figure_is_refused(claim, quote):
    result = checked(claim, quote)
    assert not result.ok and result.reason == "quote_unrelated_to_claim", result


@pytest.mark.parametrize(
    ("claim", "quote"),
    [
        ("The complete response rate was 21%.", _RESPONSE),
        ("The objective response rate was 62%.", _RESPONSE),
        ("The CR rate was 21%.", _OVERALL),
        ("The major pathological response rate was 54%.", _PATHOLOGICAL),
        ("The pathologic complete response rate was 38%.", _PATHOLOGICAL),
        ("Grade 3 diarrhea occurred in 8% of patients.", _GRADED),
        ("Diarrhea of any grade occurred in 45% of patients.", _GRADED),
        # a clause naming no grade is the graded clause's own figure
        ("Grade 3 diarrhea occurred in 8% of patients.", "Grade 3 diarrhea occurred in 12 patients, representing 8%."),
        ("Grade 3 diarrhea resolved in 75% of cases.", "Grade 3 diarrhea occurred in 8% of patients, and it resolved in 75% of cases."),
        # all grades hold grade 3; the grade 3 clause's share is no figure of the claim's kind
        ("Grade 3 rash resolved within 14 days.", "Rash of all grades resolved within 14 days, and grade 3 rash occurred in 4% of patients."),
        ("The objective response rate was 62%.", "The objective response rate (ORR) was 62%, with complete responses in 21%."),
        ("The complete response (CR) rate was 21%.", "The complete response (CR) rate was 21% and the ORR was 62%."),
    ],
)
def test_the_claims_own_measure_in_a_two_measure_sentence_passes(claim, quote):
    result = checked(claim, quote)
    assert result.ok, result.detail


@pytest.mark.parametrize(
    "excerpt",
    [  # rt29j c09: a list's item names its arm before a comma or a colon
        "Median overall survival: nivolumab, 28.1 months; placebo, 33.7 months.",
        "Median overall survival: nivolumab, 28.1 months; placebo, 33.7 months. The hazard ratio for death was 1.12.",
        "Median overall survival by arm:\nnivolumab: 28.1 months\nplacebo: 33.7 months",
    ],
)
def test_a_listed_arm_before_a_comma_or_colon_is_another_group(excerpt):
    quote = "placebo, 33.7 months" if "placebo," in excerpt else "placebo: 33.7 months"
    result = checked("Median overall survival with nivolumab was 33.7 months.", quote, excerpt)
    assert not result.ok and result.reason == "quote_in_other_group", result
    assert checked("Median overall survival with nivolumab was 28.1 months.", "nivolumab" + excerpt.split("nivolumab")[1].rstrip("\n;"), excerpt).ok
    assert checked("Median overall survival with placebo was 33.7 months.", quote, excerpt).ok


@pytest.mark.parametrize(
    ("claim", "quote", "excerpt"),
    [  # rt29j Z1: "而" opens the other arm's clause; it is no part of its name
        ("安慰剂组的中位总生存期为28.1个月。", "甲药组的中位总生存期为28.1个月，而安慰剂组为33.7个月。", None),
        # rt29j Z4: "在…臂中，" before the figure's "，" says whose figure it is
        ("甲药臂的中位总生存期为33.7个月。", "在安慰剂臂中，中位总生存期为33.7个月",
         "在安慰剂臂中，中位总生存期为33.7个月；甲药臂为28.1个月。"),
        # rt29j Z5: "使用X的患者" names a group as "接受X的患者" does
        ("使用甲药的患者中位总生存期为33.7个月。", "使用安慰剂的患者中位总生存期为33.7个月",
         "使用安慰剂的患者中位总生存期为33.7个月，使用甲药的患者为28.1个月。"),
    ],
)
def test_a_chinese_quote_of_the_other_arm_is_refused(claim, quote, excerpt):
    result = checked(claim, quote, excerpt)
    assert not result.ok and result.reason == "quote_in_other_group", result


@pytest.mark.parametrize(
    ("claim", "quote", "excerpt"),
    [
        ("甲药组的中位总生存期为28.1个月。", "甲药组的中位总生存期为28.1个月，而安慰剂组为33.7个月。", None),
        ("安慰剂组的中位总生存期为33.7个月。", "甲药组的中位总生存期为28.1个月，而安慰剂组为33.7个月。", None),
        ("安慰剂臂的中位总生存期为33.7个月。", "在安慰剂臂中，中位总生存期为33.7个月",
         "在安慰剂臂中，中位总生存期为33.7个月；甲药臂为28.1个月。"),
        ("甲药臂的中位总生存期为28.1个月。", "甲药臂为28.1个月", "在安慰剂臂中，中位总生存期为33.7个月；甲药臂为28.1个月。"),
        ("使用甲药的患者中位总生存期为28.1个月。", "使用甲药的患者为28.1个月",
         "使用安慰剂的患者中位总生存期为33.7个月，使用甲药的患者为28.1个月。"),
    ],
)
def test_a_chinese_quote_of_the_claims_arm_is_accepted(claim, quote, excerpt):
    result = checked(claim, quote, excerpt)
    assert result.ok, result.detail


@pytest.mark.parametrize(
    ("claim", "quote", "excerpt"),
    [  # rt29j E3: list items after a dash and between bars
        ("Median OS with drugx was 33.7 months.", "placebo: 33.7 months", "Median OS — drugx: 28.1 months | placebo: 33.7 months"),
        # rt29j E4: each item's figure written before its name
        ("Median overall survival with drugx was 33.7 months.", "Median overall survival (months): 28.1 drugx, 33.7 placebo.", None),
    ],
)
def test_a_listed_item_of_the_other_arm_is_refused(claim, quote, excerpt):
    result = checked(claim, quote, excerpt)
    assert not result.ok and result.reason == "quote_in_other_group", result


@pytest.mark.parametrize(
    ("claim", "quote", "excerpt"),
    [
        ("Median OS with drugx was 28.1 months.", "drugx: 28.1 months", "Median OS — drugx: 28.1 months | placebo: 33.7 months"),
        ("Median OS with placebo was 33.7 months.", "Median OS — drugx: 28.1 months | placebo: 33.7 months", None),
        ("Median overall survival with drugx was 28.1 months.", "Median overall survival (months): 28.1 drugx, 33.7 placebo.", None),
        ("Median overall survival with placebo was 33.7 months.", "Median overall survival (months): 28.1 drugx, 33.7 placebo.", None),
        # a unit after a figure is no item's name ("12 months, 24 weeks")
        ("Median response duration with drugx was 12 months.", "median response duration: 12 months, 24 weeks for placebo.",
         "With drugx, median response duration: 12 months, 24 weeks for placebo."),
    ],
)
def test_a_listed_item_of_the_claims_arm_is_accepted(claim, quote, excerpt):
    result = checked(claim, quote, excerpt)
    assert result.ok, result.detail


def test_a_figure_whose_sentence_gives_the_claims_form_to_another_is_refused():
    # rt29j RG5: "with drug A and drug B" joins two names by no form word; "alone" is 6.9's
    excerpt = "Median PFS was 11.5 months with drug A and drug B and 6.9 months with drug A alone."
    result = checked("Median PFS with drug A alone was 11.5 months.", excerpt)
    assert not result.ok and result.reason == "quote_in_other_group", result
    result = checked("Median PFS with drug A alone was 11.5 months.", "11.5 months with drug A and drug B", excerpt)
    assert not result.ok and result.reason == "quote_in_other_group", result


@pytest.mark.parametrize(
    ("claim", "quote"),
    [
        ("Median PFS with drug A alone was 6.9 months.", "Median PFS was 11.5 months with drug A and drug B and 6.9 months with drug A alone."),
        ("Median PFS with drug A and drug B was 11.5 months.", "Median PFS was 11.5 months with drug A and drug B and 6.9 months with drug A alone."),
        # the other figure given the other form leaves the claim's its own (rt29j L5b)
        ("Objective response rate with chemotherapy alone was 18.9%.",
         "Objective response rates were: drug A plus chemotherapy 47.6%, chemotherapy 18.9%."),
    ],
)
def test_a_figure_of_the_claims_form_is_accepted(claim, quote):
    result = checked(claim, quote)
    assert result.ok, result.detail


# s28 regimen2 (red team rt31 finding 2): a quote stating the claim's figure for a regimen given
# in combination, for a claim that neither writes a combined word nor names the partner
PLUS_CHEMO = "Median PFS was 25.5 months with agent X plus chemotherapy and 16.7 months with agent X alone."
ZH_PLUS = "药物甲加化疗组中位PFS为25.5个月，药物甲单药组为16.7个月。"


@pytest.mark.parametrize(
    ("claim", "quote", "excerpt"),
    [
        ("Median PFS with agent X was 25.5 months.", "25.5 months with agent X plus chemotherapy", PLUS_CHEMO),
        # a quote stopping before the partner is read in its sentence
        ("Median PFS with agent X was 25.5 months.", "Median PFS was 25.5 months with agent X", PLUS_CHEMO),
        ("药物甲的中位PFS为25.5个月。", "药物甲加化疗组中位PFS为25.5个月", ZH_PLUS),
    ],
)
def test_a_combined_figure_quoted_for_a_claim_leaving_out_the_partner_is_refused(claim, quote, excerpt):
    result = checked(claim, quote, excerpt)
    assert not result.ok and result.reason == "quote_in_other_group", result
    assert "in combination" in result.note, result


@pytest.mark.parametrize(
    ("claim", "quote", "excerpt"),
    [
        ("Median PFS with agent X plus chemotherapy was 25.5 months.", "25.5 months with agent X plus chemotherapy", PLUS_CHEMO),
        ("Median PFS with agent X and chemotherapy was 25.5 months.", "25.5 months with agent X plus chemotherapy", PLUS_CHEMO),
        ("Median PFS with agent X was 16.7 months.", "16.7 months with agent X alone", PLUS_CHEMO),
        ("药物甲加化疗组的中位PFS为25.5个月。", "药物甲加化疗组中位PFS为25.5个月", ZH_PLUS),
        ("药物甲单药组的中位PFS为16.7个月。", "药物甲单药组为16.7个月", ZH_PLUS),
    ],
)
def test_a_quote_of_the_claims_own_regimen_is_accepted(claim, quote, excerpt):
    result = checked(claim, quote, excerpt)
    assert result.ok, result.detail
