"""A restriction the source attaches to a number or a criterion: dropped by the claim, or moved
onto another number of the sentence (citeproof.values.restriction).

Red-team round 3: "Gail score >= 0.1%" citing "Gail score >= 0.1% for women age 20-29 years"
passed (an age band dropped), "ALT must be no more than 2.5 x ULN in patients with liver
metastases" citing "… 2.5 x ULN, or no more than 5 x ULN in patients with liver metastases"
passed (the other clause's condition moved onto the first clause's number). Sources here are
hand-written.
"""

from __future__ import annotations

import pytest

from citeproof.values.restriction import dropped_restriction, moved_restriction, restriction_differs

BAND = "Risk score >= 0.1% for women age 20-29 years."
SETTING = "Less than 3 different prior regimens for advanced disease."
EXCEPT = (
    "No other illness within the past 5 years except adequately treated condition alpha, condition beta "
    "of the skin, or adequately treated stage I or II condition gamma currently in complete remission."
)
TWO_LIMITS = "ALT must be no more than 2.5 x ULN, or no more than 5 x ULN in patients with liver involvement."
ARMS = "Grade 3 fatigue occurred in 12 (24%) patients in Arm A and 5 (10%) patients in Arm B."
ZH_TWO_LIMITS = "ALT不超过2.5倍ULN，肝转移患者中ALT不超过5倍ULN。"


@pytest.mark.parametrize(
    ("claim", "source", "named"),
    [
        ("Risk score >= 0.1%.", BAND, "for women age 20-29 years"),
        ("Less than 3 different prior regimens.", SETTING, "for advanced disease"),
        # a qualifier inside an exception list dropped: the exception becomes broader
        (
            "No other illness within the past 5 years except condition alpha, condition beta of the skin, or stage I "
            "or II condition gamma.",
            EXCEPT,
            "'adequately'",
        ),
        # no exception at all: the criterion is stated stricter than the source's
        ("No other illness within the past 5 years.", EXCEPT, "except adequately treated"),
        # a criterion without a number: the clause it restates carries the restriction
        ("Prior chemotherapy is allowed.", "Prior chemotherapy is allowed for advanced disease.", "for advanced disease"),
        ("ALT不超过5倍ULN。", ZH_TWO_LIMITS, "肝转移患者中"),
        ("缓解率为40%。", "在初治患者中缓解率为40%，在经治患者中为20%。", "在初治患者中"),
        ("评分≥0.1%。", "20-29岁女性中评分≥0.1%。", "20-29岁女性中"),
        # a strong restricting word opens the clause after the number's: it restricts it still
        ("Risk score >= 0.1%.", "Risk score >= 0.1%, only for women age 20-29 years.", "only for women age 20-29 years"),
        ("评分≥0.1%。", "评分≥0.1%，仅限20-29岁女性。", "仅限20-29岁女性"),
        ("评分≥0.1%。", "评分≥0.1%（适用于20-29岁女性）。", "适用于20-29岁女性"),
        ("Median age was 62 years.", "Median age was 62 years in the per-protocol population.", "'per-protocol'"),
        # a condition restricts the whole clause, after its verb too
        (
            "Enzyme level must be at most 2.5 x ULN.",
            "Patients with enzyme level at most 2.5 x ULN are eligible if bone scans show no lesions.",
            "if bone scans show no lesions",
        ),
        # a time a number is counted from
        (
            "Relapse 12 months or more after prior therapy.",
            "Relapse 12 months or more after completing prior adjuvant therapy.",
            "'adjuvant'",
        ),
        # inside the subject, before the number
        ("Revenue reached $2.4 billion in 2023.", "Revenue from the top 10 customers reached $2.4 billion in 2023.", "from the top 10 customers"),
        ("The response rate was 40%.", "The response rate in the experimental arm was 40%.", "in the experimental arm"),
        # a label is a restriction too ("a" is no word, "Arm A" is a name)
        ("Median survival was 14.2 months.", "Median survival was 14.2 months in Arm A and 10.1 months in Arm B.", "in Arm A"),
        # red team round 4: the patients a percentage counts, named by what they received
        ("Nausea occurred in 20% of patients.", "Nausea occurred in 20% of patients treated with sampletinib.",
         "treated with sampletinib"),
        ("Nausea occurred in 20% of patients.", "Nausea occurred in 20% of patients receiving the higher dose.",
         "receiving the higher dose"),
        ("Rash occurred in 12% of patients.", "Rash occurred in 12% of patients randomized to the study agent.",
         "randomized to the study agent"),
    ],
)
def test_a_dropped_restriction_is_named(claim, source, named):
    why = dropped_restriction(claim, source)
    assert why is not None and named in why


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        # the claim keeps the restriction, or it belongs to another number than the claim's
        ("Risk score >= 0.1% for women age 20-29 years.", BAND),
        ("For women age 20-29 years, the risk score is >= 0.1%.", BAND),
        ("Less than 3 different prior regimens for advanced disease.", SETTING),
        (EXCEPT, EXCEPT),
        ("ALT must be no more than 2.5 x ULN.", TWO_LIMITS),
        ("ALT must be no more than 5 x ULN in patients with liver involvement.", TWO_LIMITS),
        # the other arm's figures are another clause, not a restriction of the claim's
        ("Grade 3 fatigue occurred in 12 (24%) patients in Arm A.", ARMS),
        ("Grade 3 fatigue occurred in 20 women.", "Grade 3 fatigue occurred in 12 men and 20 women."),
        # a number written otherwise is still the claim's ("sixteen" is 16)
        ("Grade 3 fatigue occurred in sixteen patients in Arm A.", "Grade 3 fatigue occurred in 16 patients in Arm A."),
        # what follows a verb is the predicate's ("evaluable for response"), not the number's restriction
        ("Of the 120 patients enrolled, 100 were evaluable.", "Of the 120 enrolled patients, 100 were evaluable for response."),
        # a clause after a comma that opens on no strong restricting word is more said, not a restriction
        ("The response rate was 40%.", "The response rate was 40%, with a median duration of 8 months."),
        ("Risk score >= 0.1%, only for women age 20-29 years.", "Risk score >= 0.1%, only for women age 20-29 years."),
        ("评分≥0.1%，仅限20-29岁女性。", "评分≥0.1%，仅限20-29岁女性。"),
        ("Relapse 12 months or more after completing prior adjuvant therapy.",
         "Relapse 12 months or more after completing prior adjuvant therapy."),
        ("Revenue from the top 10 customers reached $2.4 billion in 2023.",
         "Revenue from the top 10 customers reached $2.4 billion in 2023."),
        ("The experimental arm's response rate was 40%.", "The response rate in the experimental arm was 40%."),
        # a phrase before the number that opens on another number is that number's, not the subject's
        ("Europe sales 2022 | 8,900", "Europe accounted for EUR 8.9 billion of sales in 2022."),
        # "from baseline" after a number is its reference, not a restriction
        ("Tumour size decreased by 30%.", "Tumour size decreased by 30% from baseline."),
        # a claim that keeps a phrase's head keeps the phrase: what it leaves of the rest is read as
        # a summary ("in 28-day cycles" of "… until progression"); the age band here is the price
        ("Risk score >= 0.1% for women.", BAND),
        ("Patients received 200 mg daily in 28-day cycles.", "Patients received 200 mg daily in 28-day cycles until progression."),
        # a phrase that opens on a number (past "up to") is the number's, checked as a value
        ("Docetaxel 75 mg/m2 was given every 3 weeks.", "Docetaxel 75 mg/m2 was given every 3 weeks for up to 6 cycles."),
        # a comparison ends the clause of the first number ("versus"), and "with" after a number says more
        ("Median survival was 14.2 months with drug X.", "Median survival was 14.2 months with drug X versus 10.1 months with placebo."),
        ("The response rate was 40%.", "The response rate was 40% with a median duration of response of 8 months."),
        # a number written otherwise in the source is the numeric checks' to pair, not another number
        ("Incidence was 3.5% in the exposed group.", "Incidence was 35‰ in the exposed group."),
        ("Creatinine was measured 120 minutes before the infusion.", "Creatinine was measured 2 hours before the infusion."),
        # the base of a rate is part of its number
        ("Incidence was 35 per 100,000 in the exposed group.", "Incidence was 35 per 100,000 in the exposed group."),
        # phrases that restrict nothing
        ("Median age was 62 years.", "Median age was 62 years in the overall population."),
        ("Discontinuation occurred in 8% of patients.", "Discontinuation occurred in 8% of patients in the safety population."),
        ("Life expectancy of at least 12 weeks.", "Life expectancy of at least 12 weeks in the opinion of the investigator."),
        ("The response rate was 40%.", "The response rate was 40% in this study."),
        ("ALT不超过2.5倍ULN。", ZH_TWO_LIMITS),
        ("肝转移患者中ALT不超过5倍ULN。", ZH_TWO_LIMITS),
        # a word that counts opens a clause of its own, as a number does ("and none in Arm B")
        ("No serious adverse events occurred in Arm A.", "No serious adverse events occurred in Arm A and none in Arm B."),
        ("Fatigue was reported in the letrozole arm.", "Fatigue was reported in the letrozole arm and two cases in the placebo arm."),
        # the true twins: the claim names the patients' treatment
        ("Nausea occurred in 20% of patients treated with sampletinib.", "Nausea occurred in 20% of patients treated with sampletinib."),
        ("Nausea occurred in 20% of sampletinib-treated patients.", "Nausea occurred in 20% of patients treated with sampletinib."),
        ("Nausea occurred in 20% of patients on the higher dose.", "Nausea occurred in 20% of patients receiving the higher dose."),
    ],
)
def test_a_kept_or_unattached_restriction_is_no_finding(claim, source):
    assert restriction_differs(claim, source, [16.0] if "sixteen" in claim else ()) is None


@pytest.mark.parametrize(
    ("claim", "source", "other"),
    [
        ("ALT must be no more than 2.5 x ULN in patients with liver involvement.", TWO_LIMITS, "5 x ULN"),
        ("肝转移患者中ALT不超过2.5倍ULN。", ZH_TWO_LIMITS, "5倍ULN"),
        # the other limit in a parenthesis, and a Chinese population without "中"
        (
            "Bilirubin no more than 1.5 x ULN for patients with an inherited condition.",
            "Bilirubin no more than 1.5 x ULN (3 x ULN for patients with an inherited condition).",
            "3 x ULN",
        ),
        ("肝转移患者ALT不超过2.5倍ULN。", "ALT不超过2.5倍ULN，肝转移患者不超过5倍ULN。", "5倍ULN"),
    ],
)
def test_a_restriction_moved_onto_another_number_is_named(claim, source, other):
    why = moved_restriction(claim, source)
    assert why is not None and other in why and "another number" in why


def test_a_restriction_word_inside_another_claim_word_is_not_written():
    # review: "men" sat inside "women", so the claim's "in women" kept the source's "in men"
    assert dropped_restriction("The response rate was 40% in women.", "The response rate was 40% in men.") is not None
    assert dropped_restriction("The response rate was 40% in men.", "The response rate was 40% in men.") is None


QUARTERS = "Net product revenue was $410 million in Q3 2024 and $455 million in Q4 2024."


@pytest.mark.parametrize(
    ("claim", "found"),
    [  # rt24a case5: the year after "Q3" stood in the other figure's clause and took its "in Q3"
        ("Net product revenue was $455 million in Q4 2024.", False),
        ("In Q4 2024, net product revenue was $455 million.", False),
        ("Net product revenue was $410 million in Q3 2024.", False),
        # the figure's own restriction is still read: dropped, or another quarter's
        ("Net product revenue was $455 million in 2024.", True),
        ("Net product revenue was $455 million in Q3 2024.", True),
    ],
)
def test_a_year_is_no_anchor_beside_the_claims_figure(claim, found):
    assert (dropped_restriction(claim, QUARTERS) is not None) is found


def test_a_year_anchors_when_it_is_the_claims_only_number():
    assert dropped_restriction("Enrolment closed in 2024.", "Enrolment closed in 2024 for patients with condition A.") is not None


# rt28t finding 1: a source sentence that names its group as the SUBJECT (not after "In …") gave
# that group's figure to a claim whose arm came from its context (a heading, a pronoun, a blank
# or ditto table cell under another arm's row)
SUBJECT = (
    "Comparator recipients had an objective response rate of 12% and a disease control rate of 80%, "
    "with median progression-free survival of 4.1 months."
)
ZH_SUBJECT = "对照组的客观缓解率为12%，疾病控制率为80%，中位无进展生存期为4.1个月。"


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("The disease control rate was 80%.", SUBJECT),
        # the clause after the comma stands under the sentence's subject too
        ("Median progression-free survival was 4.1 months.", SUBJECT),
        ("Its disease control rate was 80%.", "The comparator arm's disease control rate was 80%."),
        ("The disease control rate was 80%.", "Comparator-arm disease control rate was 80%."),
        ("Median progression-free survival was 4.1 months.", "Patients given the comparator had a median progression-free survival of 4.1 months."),
        ("Disease control rate | 80%", "Comparator-treated patients had a disease control rate of 80%."),
        ("疾病控制率为80%。", ZH_SUBJECT),
        ("中位无进展生存期为4.1个月。", ZH_SUBJECT),
        ("〃 | 疾病控制率 | 80%", ZH_SUBJECT),
        # each clause under its own subject: the second figure is the other group's
        ("The objective response rate was 30%.", "The comparator group had a rate of 12%, while the active-drug group had 30%."),
    ],
)
def test_a_group_named_as_the_subject_restricts_its_figures(claim, source):
    why = dropped_restriction(claim, source)
    assert why is not None and "group" in why


@pytest.mark.parametrize(
    ("claim", "source", "headers"),
    [
        ("Comparator recipients had a disease control rate of 80%.", SUBJECT, ""),
        ("In the comparator arm, median progression-free survival was 4.1 months.", SUBJECT, ""),
        ("Disease control rate | 80%", SUBJECT, "Comparator"),
        ("The disease control rate in the comparator arm was 80%.", "The comparator arm's disease control rate was 80%.", ""),
        ("对照组的疾病控制率为80%。", ZH_SUBJECT, ""),
        ("The objective response rate with the active drug was 30%.", "The comparator group had a rate of 12%, while the active-drug group had 30%.", ""),
        # a subject that names the whole population, or no group, restricts nothing
        ("The objective response rate was 30%.", "Patients had an objective response rate of 30%.", ""),
        ("The objective response rate was 30%.", "All patients had an objective response rate of 30%.", ""),
        ("The response rate was 30%.", "The response rate in each group was 30%.", ""),
        ("The response rate was 30%.", "Both groups had a response rate of 30%.", ""),
        ("The response rate was 30%.", "Patients in each arm had a response rate of 30%.", ""),
        ("The rate was 30%.", "The response rate in each group was 30%.", ""),
        ("30 patients were enrolled.", "The study arm enrolled 30 patients.", ""),
        ("客观缓解率为30%。", "两组的客观缓解率均为30%。", ""),
        ("所有组的客观缓解率均为30%。", "所有组的客观缓解率均为30%。", ""),
        ("客观缓解率为30%。", "所有组的客观缓解率均为30%。", ""),
        ("两组差异为5%。", "治疗组间差异为5%。", ""),
        # the figure also stands with no group before it: the claim may be that one
        ("The rate was 30%.", "The rate was 30% overall, and comparator recipients had a rate of 30%.", ""),
    ],
)
def test_a_claim_naming_the_group_or_a_whole_population_subject_still_passes(claim, source, headers):
    assert dropped_restriction(claim, source, headers=headers) is None


# rt28t finding 3: an English time point was dropped ("24个月时" already restricted)
TIMES = "At 12 months, the objective response rate was 30%; at 24 months, the objective response rate was 45%."


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("The objective response rate was 45%.", TIMES),
        ("The complete response rate was 18%.", "The 24-month complete response rate was 18%."),
        ("The objective response rate was 45%.", "The objective response rate was 30% at 12 months and 45% at 24 months."),
        ("The objective response rate was 45%.", "The objective response rate at 24 months was 45%."),
        # another time point is no more the source's
        ("At 12 months, the objective response rate was 45%.", TIMES),
        ("The objective response rate at month 12 was 45%.", "The objective response rate at month 24 was 45%."),
    ],
)
def test_a_time_point_restricts_its_figure(claim, source):
    why = dropped_restriction(claim, source)
    assert why is not None and "time point" in why


@pytest.mark.parametrize(
    ("claim", "source", "headers"),
    [
        ("At 24 months, the objective response rate was 45%.", TIMES, ""),
        ("The 24-month objective response rate was 45%.", TIMES, ""),
        ("The objective response rate at 24 months was 45%.", TIMES, ""),
        ("The 2-year objective response rate was 45%.", TIMES, ""),
        ("24个月时客观缓解率为45%。", TIMES, ""),
        ("Objective response rate | 45%", TIMES, "24 months"),
        ("The objective response rate at month 24 was 45%.", "The objective response rate at month 24 was 45%.", ""),
        # not a time point: a cycle's length, an age, a duration
        ("Patients received 200 mg daily.", "Patients received 200 mg daily in 28-day cycles.", ""),
        ("The score was 30.", "A 65-year-old man had a score of 30.", ""),
        ("The objective response rate was 45%.", "In this 24-month study, the objective response rate was 45%.", ""),
        ("Median overall survival was 24 months.", "Median overall survival was 24 months.", ""),
        ("Treatment lasted 12 months in 40% of patients.", "Treatment lasted 12 months in 40% of patients.", ""),
    ],
)
def test_a_claim_writing_the_time_point_still_passes(claim, source, headers):
    assert dropped_restriction(claim, source, headers=headers) is None


# rt29t findings 5 and 6: group subjects and time points written in forms the first rules missed
DISC = "9% of patients discontinued because of adverse events."


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        (DISC, "Patients who received placebo had a median PFS of 5.6 months, and 9% discontinued because of adverse events."),
        # a semicolon does not end the subject's reach
        (DISC, "Comparator-treated patients had a median PFS of 5.6 months; 9% discontinued because of adverse events."),
        ("9%的患者因不良事件停药。", "接受安慰剂的患者中位PFS为5.6个月，9%的患者因不良事件停药。"),
        ("9%的患者因不良事件停药。", "对照组的中位PFS为5.6个月；9%的患者因不良事件停药。"),
        # a group in a phrase after the first figure stands over the next clause
        (DISC, "Median PFS was 5.6 months in placebo recipients, and 9% discontinued because of adverse events."),
    ],
)
def test_a_group_written_otherwise_restricts_its_figures(claim, source):
    why = dropped_restriction(claim, source)
    assert why is not None and "group" in why


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("9% of placebo recipients discontinued because of adverse events.", "Patients who received placebo had a median PFS of 5.6 months, and 9% discontinued because of adverse events."),
        ("9% of comparator-treated patients discontinued because of adverse events.", "Comparator-treated patients had a median PFS of 5.6 months; 9% discontinued because of adverse events."),
        ("9% of patients given placebo discontinued because of adverse events.", "Median PFS was 5.6 months in placebo recipients, and 9% discontinued because of adverse events."),
        ("接受安慰剂的患者中9%因不良事件停药。", "接受安慰剂的患者中位PFS为5.6个月，9%的患者因不良事件停药。"),
        # a subject or a phrase that names no group, and a subject before a full stop
        (DISC, "Patients who received treatment had a median PFS of 5.6 months, and 9% discontinued because of adverse events."),
        (DISC, "Patients who received at least one dose had a median PFS of 5.6 months, and 9% discontinued because of adverse events."),
        (DISC, "All patients had a median PFS of 5.6 months; 9% discontinued because of adverse events."),
        (DISC, "Median PFS was 5.6 months in all patients, and 9% discontinued because of adverse events."),
        (DISC, "Median PFS was 5.6 months in patients who received treatment, and 9% discontinued because of adverse events."),
        ("9%的患者因不良事件停药。", "接受治疗的患者中位PFS为5.6个月，9%的患者因不良事件停药。"),
        (DISC, "Comparator-treated patients had a median PFS of 5.6 months. 9% discontinued because of adverse events."),
        # the next clause restricts its own figure: the phrase's group stays in its clause
        ("The response rate was 9% with the active drug.", "The response rate was 5% in placebo recipients, versus 9% with the active drug."),
        # nor past the next clause into one that does
        ("The rate was 9% with the active drug.", "The rate was 5% in placebo recipients, while 20% had grade 3 events, versus 9% with the active drug."),
    ],
)
def test_a_claim_naming_the_group_written_otherwise_or_no_group_still_passes(claim, source):
    assert dropped_restriction(claim, source) is None


OS = "Overall survival was 61% with the active drug."


@pytest.mark.parametrize(
    "source",
    [
        "Overall survival at two years was 61% with the active drug.",
        "Two-year overall survival was 61% with the active drug.",
        "Overall survival was 61% at the 24-mo landmark with the active drug.",
        "Overall survival at 2 yrs was 61% with the active drug.",
    ],
)
def test_a_time_point_spelled_or_abbreviated_restricts_its_figure(source):
    why = dropped_restriction(OS, source)
    assert why is not None and "time point" in why


def test_a_spelled_time_point_of_another_length_is_another_time():
    why = dropped_restriction("Overall survival at one year was 61%.", "Overall survival at two years was 61%.")
    assert why is not None and "time point" in why
    assert dropped_restriction("Overall survival at three years was 61%.", "Overall survival at 36 months was 61%.") is None


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("Overall survival at two years was 61% with the active drug.", "At 24 months, overall survival was 61% with the active drug."),
        ("Two-year overall survival was 61% with the active drug.", "Overall survival was 61% at the 24-mo landmark with the active drug."),
        ("Overall survival at 24 months was 61% with the active drug.", "Overall survival at two years was 61% with the active drug."),
        ("Overall survival at 2 yrs was 61% with the active drug.", "Two-year overall survival was 61% with the active drug."),
        # no time point: an age, a study's length, a duration
        ("The score was 30.", "A two-year-old child had a score of 30."),
        ("The rate was 30%.", "In this two-year study, the rate was 30%."),
        ("Treatment lasted two years in 40% of patients.", "Treatment lasted two years in 40% of patients."),
    ],
)
def test_a_claim_writing_the_spelled_time_point_still_passes(claim, source):
    assert dropped_restriction(claim, source) is None


def test_a_group_named_by_its_index_after_the_noun_is_no_subject():
    # "Unlike Arm B" is no group "unlike": the figure after it is the claim's Arm A's
    claim = "The response rate in Arm A was 45%."
    assert dropped_restriction(claim, "Unlike Arm B, the response rate in Arm A was 45%.") is None
