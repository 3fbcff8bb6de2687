"""Numbers or names swapped between subjects never pass Tier 1; the same pairing still does.

The bad case this guards: "30% in Arm A and 40% in Arm B" citing "40% in Arm A and 30% in
Arm B" shares every number, name and word with its source, and passed.
"""

from __future__ import annotations

import pytest

from citeproof.values import claim_atoms
from citeproof.values.binding import binding_differs, listed_labels
from tests.values.helpers import cited_claim, cited_report, verify_against, verify_pairs

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
    report = cited_report(
        "The response rate was 30% in Arm A and 40% in Arm B among the adult patients.",
        "The response rate was 40% in Arm A and 30% in Arm B among the adult patients.",
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


# ---- one subject, its number moved: red-team findings ---------------------------------------

TWO_ARMS = "Median PFS was 11.2 months in Arm A and 7.4 months in Arm B."


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("Median PFS was 11.2 months in Arm B.", TWO_ARMS),
        ("对照组的中位PFS为11.2个月。", "试验组的中位PFS为11.2个月，对照组为7.4个月。"),
        ("The ORR was 45% with placebo.", "The ORR was 45% with the study drug and 30% with placebo."),
        ("Arm B的ORR为45%。", "Arm A的ORR为45%，Arm B的ORR为30%。"),
        ("Women had an ORR of 45%.", "Men had an ORR of 45% and women had an ORR of 30%."),
        ("B组ORR为45%。", "A组ORR为45%，B组ORR为30%。"),
    ],
)
def test_a_number_moved_to_the_other_subject_differs(claim, source):
    assert differs(claim, source) is not None


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("Median PFS was 11.2 months in Arm A.", TWO_ARMS),
        ("Median PFS was 7.4 months in Arm B.", TWO_ARMS),
        ("试验组的中位PFS为11.2个月。", "试验组的中位PFS为11.2个月，对照组为7.4个月。"),
        ("对照组的中位PFS为7.4个月。", "试验组的中位PFS为11.2个月，对照组为7.4个月。"),
        ("The ORR was 30% with placebo.", "The ORR was 45% with the study drug and 30% with placebo."),
        ("Arm A的ORR为45%。", "Arm A的ORR为45%，Arm B的ORR为30%。"),
        ("Women had an ORR of 30%.", "Men had an ORR of 45% and women had an ORR of 30%."),
        ("Arm A had 40%.", "Arm A and Arm B had 40% and 30%, respectively."),
        ("The response rate was 40% in Arm A.", "The response rate in Arm A was 40% and in Arm B 30%."),
    ],
)
def test_a_number_kept_with_its_subject_does_not_differ(claim, source):
    assert differs(claim, source) is None


def test_group_labels_subject_words_and_given_names_are_subjects():
    source = "Treatment group ORR was 45%; control group ORR was 30%."
    assert differs("Control group ORR was 45%.", source) is not None
    assert differs("Control group ORR was 30%.", source) is None
    # names the caller knows (the run's drug lexicon) count as subjects too
    src = "Alphamab group ORR was 45%, betamab group ORR was 30%."
    assert binding_differs("Betamab group ORR was 45%.", claim_atoms("Betamab group ORR was 45%."), src, ["betamab", "alphamab"])
    assert binding_differs("Betamab group ORR was 30%.", claim_atoms("Betamab group ORR was 30%."), src, ["betamab", "alphamab"]) is None


def test_a_word_that_only_contains_a_label_is_no_subject():
    from citeproof.values.binding import names_in, subjects_of

    assert names_in("the army", "the army", set()) == []
    # a Chinese character ends a Latin name: ORR is named, as in English, and is a measure, no subject
    names = names_in("Arm B的ORR", "arm b的orr", set())
    assert [n for n, _ in names] == ["arm b", "orr"]
    assert [n for n, _ in subjects_of("Arm B的ORR", "arm b的orr", names)] == ["arm b"]


def test_a_number_supported_in_another_form_is_not_paired_with_an_unrelated_number():
    # the claim's 40% is the source's 2/5; the one other percentage (10%) belongs to something else
    assert differs("In Arm A 40% responded.", "In Arm A 2/5 responded and 10% had a rash.") is None


def test_chinese_labels_are_whole_words_and_determiners_are_no_labels():
    from citeproof.values.binding import names_in

    assert [n for n, _ in names_in("对照组为7.4个月", "对照组为7.4个月", set())] == ["对照组"]
    assert names_in("两组患者", "两组患者", set()) == [] and names_in("各组", "各组", set()) == []


def test_the_runs_drug_names_are_subjects(tmp_path):
    source = "# S\n\nGemcitabine group ORR was 45%, cisplatin group ORR was 30%.\n"
    report = cited_report("Cisplatin group ORR was 45%.", "Cisplatin group ORR was 30%.")
    out = verify_against(tmp_path, source, report)
    assert [c.status for c in out.claims] == ["undecided", "pass"]


def test_a_name_either_text_writes_as_a_name_counts_in_both():
    # "Merck" opens the claim's sentence (no name by capitals alone) but is a name mid-sentence in the source
    source = "Pfizer held a 32% market share, followed by Merck at 21%."
    assert differs("Merck held a 32% market share, followed by Pfizer at 21%.", source) is not None
    assert differs(source, source) is None


# ---- red-team round 2: a number moved to another time point, an extra subject --------------------


@pytest.mark.parametrize(
    ("claim", "source", "moved"),
    [
        ("Sales were $3.4B in 2022.", "Sales were $2.1B in 2022 and $3.4B in 2023.", True),
        ("Sales were $2.1B in 2022.", "Sales were $2.1B in 2022 and $3.4B in 2023.", False),
        ("ORR was 45% at week 24.", "ORR was 45% at week 12 and 30% at week 24.", True),
        ("ORR was 45% at week 12.", "ORR was 45% at week 12 and 30% at week 24.", False),
        ("Revenue was $1.2B in Q2.", "Revenue was $1.2B in Q3 and $1.0B in Q2.", True),
        ("Revenue was $1.2B in Q3.", "Revenue was $1.2B in Q3 and $1.0B in Q2.", False),
        ("第24周时ORR为45%。", "第12周时ORR为45%，第24周时ORR为30%。", True),
        ("A CAGR of 7.5% from 2030 to 2023.", "A CAGR of 7.5% from 2023 to 2030.", True),
        ("ORR was 45% at 24 weeks.", "ORR was 45% at 12 weeks and 30% at 24 weeks.", True),
        ("ORR was 45% at 12 weeks.", "ORR was 45% at 12 weeks and 30% at 24 weeks.", False),
    ],
)
def test_a_number_moved_to_another_time_point(claim, source, moved):
    assert (differs(claim, source) is not None) is moved


def test_a_subject_the_line_does_not_name_is_not_carried():
    source = "The objective response rate was 45% in the study group."
    assert "placebo" in differs("The objective response rate was 45% in the study group and the placebo group.", source)
    assert "b组" in differs("The objective response rate in B组 was 45%.", "The objective response rate was 45% in Arm A.")
    assert differs("Response was higher among adults.", "Response was higher among the adult patients.") is None


def test_a_time_point_in_other_units_is_the_numeric_rules_not_a_missing_name():
    # "after 84 days" is "after 12 weeks": compared as numbers, not required as a name in the line
    assert differs("Response rose to 40% in Arm A after 84 days.", "Response rose to 40% in Arm A after 12 weeks.") is None


def test_one_name_written_twice_is_not_an_order():
    # a single subject named twice in the claim and once in the line has no order to keep
    assert differs("In Arm A, 40% responded; Arm A was well tolerated.", "In Arm A, 40% responded and was well tolerated.") is None


def test_a_value_stated_for_listed_labels_is_paired_with_each():
    """"Cohorts 1 and 2 received 25 mg" names cohort 2 too: the source gives cohort 2 50 mg."""
    source = "Cohort 1 received 25 mg daily and cohort 2 received 50 mg daily."
    assert differs("Cohorts 1 and 2 received 25 mg daily.", source) == (
        "the claim gives 25 mg daily to 'cohort 2'; the source gives 'cohort 2' 50 mg daily and 25 mg daily to 'cohort 1'"
    )
    assert differs("Cohort 1 and 2 received 25 mg daily.", source) is not None
    assert differs("Cohort 1 received 25 mg daily.", source) is None
    # the same list in the source: nothing is paired otherwise
    assert differs("Cohorts 1 and 2 received 25 mg daily.", "Cohorts 1 and 2 received 25 mg daily, then a rest week.") is None
    assert differs("Groups A, B and C received 25 mg daily.", "Groups A, B and C received 25 mg daily.") is None


def test_chinese_listed_cohorts_are_paired_with_the_value_too():
    source = "队列1接受25 mg治疗，队列2接受50 mg治疗。"
    assert differs("队列1和2接受25 mg治疗。", source) == (
        "the claim gives 25 mg to '队列2'; the source gives '队列2' 50 mg and 25 mg to '队列1'"
    )
    assert differs("队列1接受25 mg治疗。", source) is None
    assert differs("队列1和2接受25 mg治疗。", "队列1和2接受25 mg治疗。") is None


def test_a_listed_label_must_be_in_the_line():
    assert differs("Cohorts 1 and 3 received 25 mg daily.", "Cohorts 1 and 2 received 25 mg daily.") == (
        "the claim names 'cohort 3', which the source line does not"
    )


@pytest.mark.parametrize(
    "low, labels",
    [
        ("cohorts 1 and 2 received 25 mg", [("cohort 1", 0), ("cohort 2", 14)]),
        ("arms a, b and c", [("arm a", 0), ("arm b", 8), ("arm c", 14)]),
        ("in arm a, 40% responded; arm a was", []),  # a comma lists only after a plural
        ("cohort 2, 12 responded", []),
        ("cohort 1 or 2.5 mg", []),  # a dose, not a label
        ("arms a and 2", [("arm a", 0)]),  # a letter and a digit are not one list
        ("队列1、2和3的患者", [("队列1", 0), ("队列2", 4), ("队列3", 6)]),
    ],
)
def test_listed_labels(low, labels):
    assert listed_labels(low) == labels


# ---- red-team round 3: the number on the other side of its label, its clause's words, "x of N" ---


@pytest.mark.parametrize(
    ("claim", "source", "why"),
    [
        # the claim writes its number after the label; the source's label has the number before it
        ("The objective response rate in the experimental arm was 25%.",
         "The objective response rate was 40% in the experimental arm and 25% in the control arm.",
         "the claim gives 25% to 'experimental arm'; the source gives 'experimental arm' 40% and 25% to 'control arm'"),
        ("Median progression-free survival in Arm A was 15.0 months.",
         "Median progression-free survival was 13.5 months in Arm A and 15.0 months in Arm B.",
         "the claim gives 15.0 months to 'arm a'; the source gives 'arm a' 13.5 months and 15.0 months to 'arm b'"),
        ("Grade 3 fatigue occurred in 20 men.", "Grade 3 fatigue occurred in 12 men and 20 women.",
         "the claim gives 20 to 'men'; the source gives 'men' 12 and 20 to 'women'"),
        ("The objective response rate was 40% in the control arm.",
         "In the experimental arm the objective response rate was 40%, and in the control arm it was 25%.",
         "the claim gives 40% to 'control arm'; the source gives 'control arm' 25% and 40% to 'experimental arm'"),
        # the source's other label is no name Tier 1 reads ("drug X"): its own label's number decides
        ("Response rates were 40% with placebo and 25% with drug X.", "Response rates were 40% with drug X and 25% with placebo.",
         "the claim gives 40% to 'placebo'; the source gives 'placebo' 25% and does not tie 40% to it"),
        # a time point is compared by its length: 60 months is 5 years, not 2
        ("Relapse occurred in 3 patients (6%) at 60 months.",
         "Relapse occurred in 3 patients (6%) at 2 years and 5 patients (10%) at 5 years.",
         "the claim gives 3 to 'at 60 months'; the source gives 'at 5 years' 5 and 3 to 'at 2 years'"),
        ("At 2 years, relapse occurred in 5 patients (10%).",
         "Relapse occurred in 3 patients (6%) at 2 years and 5 patients (10%) at 5 years.",
         "the claim gives 5 to 'at 2 years'; the source gives 'at 2 years' 3 and 5 to 'at 5 years'"),
        # the words of another clause put with this clause's number
        ("A total of 150 patients were randomised.", "A total of 200 patients were randomised; 150 completed the study and 12 died.",
         "the claim says 'randomised' with 150; the source says 'completed' with it ('randomised' with another number)"),
        ("A total of 200 patients completed the study.", "A total of 200 patients were randomised; 150 completed the study and 12 died.",
         "the claim says 'completed' with 200; the source says 'randomised' with it ('completed' with another number)"),
        # the denominator of "x of N" claimed as a count, the count claimed as a denominator
        ("In Arm A, 48 patients had a partial response.", "In Arm A, 16 of 48 patients (33.3%) had a partial response.",
         "the claim gives 48 as a count; the source has it only as a denominator ('16 of 48')"),
        ("In Arm A, 33.3% of 16 patients had a partial response.", "In Arm A, 16 of 48 patients (33.3%) had a partial response.",
         "the claim gives 16 as a denominator; the source has it only as a count ('16 of 48')"),
        ("In Arm A, 48 of 16 patients had a partial response.", "In Arm A, 16 of 48 patients (33.3%) had a partial response.",
         "the claim gives 48 as a count; the source has it only as a denominator ('16 of 48')"),
    ],
)
def test_a_number_paired_otherwise_in_its_clause_differs(claim, source, why):
    assert differs(claim, source) == why


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("The objective response rate in the experimental arm was 40%.",
         "The objective response rate was 40% in the experimental arm and 25% in the control arm."),
        ("The objective response rate was 25% in the control arm.",
         "The objective response rate was 40% in the experimental arm and 25% in the control arm."),
        ("In Arm A, median progression-free survival was 13.5 months.",
         "Median progression-free survival was 13.5 months in Arm A and 15.0 months in Arm B."),
        ("Grade 3 fatigue occurred in 20 women.", "Grade 3 fatigue occurred in 12 men and 20 women."),
        ("In the control arm the objective response rate was 25%.",
         "In the experimental arm the objective response rate was 40%, and in the control arm it was 25%."),
        ("Response rates were 25% with placebo.", "Response rates were 40% with drug X and 25% with placebo."),
        ("At 2 years, relapse occurred in 3 patients (6%).",
         "Relapse occurred in 3 patients (6%) at 2 years and 5 patients (10%) at 5 years."),
        ("Relapse occurred in 5 patients (10%) at 60 months.",
         "Relapse occurred in 3 patients (6%) at 2 years and 5 patients (10%) at 5 years."),
        ("A total of 200 patients were randomised.", "A total of 200 patients were randomised; 150 completed the study and 12 died."),
        # words the source leaves implied in a later clause ("patients") are no other clause's words
        ("150 patients completed the study.", "A total of 200 patients were randomised; 150 completed the study and 12 died."),
        ("In Arm A, 16 of 48 patients had a partial response.", "In Arm A, 16 of 48 patients (33.3%) had a partial response."),
        ("In Arm A, 16 patients had a partial response.", "In Arm A, 16 of 48 patients (33.3%) had a partial response."),
        ("In Arm A, 33.3% of 48 patients had a partial response.", "In Arm A, 16 of 48 patients (33.3%) had a partial response."),
        # "a total of 300", "of the 120 enrolled": no part before the "of", so no denominator
        ("300 patients were enrolled.", "A total of 300 patients were enrolled, of whom 150 were randomised to each arm."),
        ("120 patients were enrolled.", "Of the 120 patients enrolled, 60 received drug X and 60 received placebo."),
        ("Response rates were 30% in Arm B.", "Response rates were 40% and 30% in Arm A and Arm B, respectively."),
        ("Arm A had a response rate of 40%.", "Arm A and Arm B had response rates of 40% and 30%, respectively."),
        ("In Arm A, the disease control rate was 80%.", "In Arm A, the ORR was 40% and the disease control rate was 80%."),
        ("The ORR was 30% in Arm B.", "The ORR was higher in Arm A (40%) than in Arm B (30%)."),
        ("B组的客观缓解率为25%。", "A组的客观缓解率为40%，B组为25%。"),
        ("The ORR in Arm B was 30%.", "The ORR was 40% in Arm A, 30% in Arm B."),
        ("The ORR in Arm A was 40%.", "The ORR was 40% in Arm A, 30% in Arm B."),
    ],
)
def test_a_number_paired_the_same_way_in_its_clause_does_not_differ(claim, source):
    assert differs(claim, source) is None


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("Arm B had a response rate of 40%.", "Arm A and Arm B had response rates of 40% and 30%, respectively."),
        ("The ORR was 40% in Arm B.", "The ORR was higher in Arm A (40%) than in Arm B (30%)."),
        ("Nausea occurred in 10% of patients.", "Nausea occurred in 30% of patients and vomiting in 10%."),
        ("A组的客观缓解率为25%。", "A组的客观缓解率为40%，B组为25%。"),
        # one clause, labels after their numbers: each number takes the label after it
        ("The ORR in Arm A was 30%.", "The ORR was 40% in Arm A, 30% in Arm B."),
    ],
)
def test_respectively_than_and_elided_clauses_are_read_too(claim, source):
    assert differs(claim, source) is not None


# ---- a subject whose name holds the other's: read longest-first (red team m5, m7, z1) --------

OS_PFS = "The median overall survival was 14.2 months and the median progression-free survival was 6.1 months."
AE_SAE = "Adverse events occurred in 80% and serious adverse events in 15%."
AE_SAE_ZH = "严重不良事件发生率为15%，不良事件发生率为80%。"

CONTAINED_SUBJECT_MOVED = [
    ("The median progression-free survival was 14.2 months and the median overall survival was 6.1 months.", OS_PFS),
    ("Disease-free survival was 14.2 months and overall survival was 6.1 months.", OS_PFS),
    ("Serious adverse events occurred in 80% and adverse events in 15%.", AE_SAE),
    ("Adverse events occurred in 15%.", AE_SAE),
    ("不良事件发生率为15%，严重不良事件发生率为80%。", AE_SAE_ZH),
]

CONTAINED_SUBJECT_KEPT = [
    (OS_PFS, OS_PFS),
    ("The median overall survival was 14.2 months.", OS_PFS),
    ("The median progression-free survival was 6.1 months.", OS_PFS),
    (AE_SAE, AE_SAE),
    ("Adverse events occurred in 80%.", AE_SAE),
    ("Serious adverse events occurred in 15%.", AE_SAE),
    (AE_SAE_ZH, AE_SAE_ZH),
    ("不良事件发生率为80%。", AE_SAE_ZH),
    ("严重不良事件发生率为15%。", AE_SAE_ZH),
]


@pytest.mark.parametrize(("claim", "source"), CONTAINED_SUBJECT_MOVED)
def test_a_number_moved_between_a_subject_and_one_holding_its_name_differs(claim, source):
    assert differs(claim, source) is not None


@pytest.mark.parametrize(("claim", "source"), CONTAINED_SUBJECT_KEPT)
def test_a_number_kept_with_a_subject_holding_the_others_name_does_not_differ(claim, source):
    assert differs(claim, source) is None


def test_the_dropped_qualifier_is_named_as_written():
    why = differs("Serious adverse events occurred in 80% and adverse events in 15%.", AE_SAE)
    assert why is not None and "without 'serious'" in why


def test_through_the_pipeline_a_contained_subject_moved_is_undecided_and_kept_passes(tmp_path):
    pairs = [(s, c) for c, s in CONTAINED_SUBJECT_MOVED] + [(s, c) for c, s in CONTAINED_SUBJECT_KEPT[:3]]
    claims = verify_pairs(tmp_path, pairs)
    assert [c.status for c in claims] == ["undecided"] * len(CONTAINED_SUBJECT_MOVED) + ["pass"] * 3


# One source number backs one statement of it: the claim's second "day 14" has no source of its own
SCHEDULE = ("Patients receive the study drug on days 1, 14, and 28 during course 1 and then on day 28 "
            "of the subsequent courses.")


def test_a_value_the_claim_states_more_often_than_the_source_is_named():
    claim = ("Patients receive the study drug on days 1, 14, and 28 during course 1 and then on day 14 "
             "of the subsequent courses.")
    why = differs(claim, SCHEDULE)
    assert why is not None and "twice" in why and "14" in why


def test_a_value_stated_as_often_as_the_source_states_it_is_carried():
    assert differs(SCHEDULE, SCHEDULE) is None
    source = "The response rate was 40% in Arm A and 40% in Arm B among the adult patients."
    assert differs(source, source) is None


ARM_DOSES = "Arm A received drugx 80 mg once daily, and Arm B received drugy 250 mg once daily."


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("Arm A received drugy 250 mg once daily.", ARM_DOSES),
        ("In Arm A, patients received drugy 250 mg.", "In Arm A, patients received drugx 80 mg; in Arm B, drugy 250 mg."),
        ("试验组接受drugy 250毫克每日一次。", "试验组接受drugx 80毫克每日一次，对照组接受drugy 250毫克每日一次。"),
    ],
)
def test_a_dose_moved_to_another_arm_past_a_drug_name_differs(claim, source):
    why = binding_differs(claim, claim_atoms(claim), source, ["drugx", "drugy"])
    assert why is not None and "the source states it for" in why


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("Arm B received drugy 250 mg once daily.", ARM_DOSES),
        ("Arm A received drugy 250 mg once daily.", "Arms A and B received drugy 250 mg once daily."),
        ("Arm A received drugy 250 mg.", "Arm A received drugx 80 mg once daily and drugy 250 mg on day 8."),
        ("In Arm B, patients received drugy 250 mg.", "In Arm A, patients received drugx 80 mg; in Arm B, drugy 250 mg."),
        ("对照组接受drugy 250毫克每日一次。", "试验组接受drugx 80毫克每日一次，对照组接受drugy 250毫克每日一次。"),
    ],
)
def test_a_dose_kept_with_its_arm_or_listed_for_it_does_not_differ(claim, source):
    assert binding_differs(claim, claim_atoms(claim), source, ["drugx", "drugy"]) is None


def test_a_measure_named_before_every_subject_is_each_subjects():
    source = "Median PFS was 11.2 months in Arm A and 7.4 months in Arm B."
    assert differs("Arm B had a median PFS of 7.4 months.", source) is None
    assert "arm b" in differs("Arm A had a median PFS of 7.4 months.", source)
    # a measure written among the subjects keeps its place: the route after the other drug's dose
    source = "Drugx 825 mg/m2 orally twice daily and drugy 75 mg/m2 IV on day 1."
    claim = "Drugx 825 mg/m2 IV twice daily and drugy 75 mg/m2 orally on day 1."
    assert binding_differs(claim, claim_atoms(claim), source, ["drugx", "drugy"]) is not None


def test_latin_names_in_chinese_text_end_at_the_chinese_character():
    from citeproof.values.segment_support import entity_tokens

    assert entity_tokens("本品的ORR为35%，DCR为80%。") == {"orr", "dcr"}
    assert "gefitinib组" in [n for n, _ in __import__("citeproof.values.binding", fromlist=["names_in"]).names_in(
        "Gefitinib组为76%", "gefitinib组为76%", {"gefitinib"})]
    assert differs("本品的DCR为35%。", "本品的ORR为35%，DCR为80%。") is not None
    assert differs("本品的DCR为80%。", "本品的ORR为35%，DCR为80%。") is None


# A label stated in a part of its own, with no number, beside the label the number is stated
# with: the claim that gives the number to the numberless label (red team round 6).
_BORROWED_LABEL = [
    # (source, false claim, true claim)
    ("Mean weight loss at week 12 was 4.2 kg, and the study continued to week 24.",
     "Mean weight loss at week 24 was 4.2 kg.", "Mean weight loss at week 12 was 4.2 kg."),
    ("At week 26, the mean HbA1c reduction was 1.4%; the extension phase ran to week 52.",
     "At week 52, the mean HbA1c reduction was 1.4%.", "At week 26, the mean HbA1c reduction was 1.4%."),
    ("On day 8, the mean platelet count was 92,000 per microlitre, recovering by day 15.",
     "On day 15, the mean platelet count was 92,000 per microlitre.", "On day 8, the mean platelet count was 92,000 per microlitre."),
    ("The study ran to week 24, but at week 12 mean weight loss was 4.2 kg.",
     "At week 24, mean weight loss was 4.2 kg.", "At week 12, mean weight loss was 4.2 kg."),
    ("In cohort 1, the response rate was 38%; cohort 2 is still enrolling.",
     "In cohort 2, the response rate was 38%.", "In cohort 1, the response rate was 38%."),
    ("第12周时，平均体重下降4.2 kg，研究持续至第24周。", "第24周时，平均体重下降4.2 kg。", "第12周时，平均体重下降4.2 kg。"),
]


@pytest.mark.parametrize(("source", "false", "true"), _BORROWED_LABEL)
def test_a_label_in_a_numberless_part_of_the_sentence_does_not_take_its_number(source, false, true):
    why = differs(false, source)
    assert why is not None and "the source gives" in why
    assert differs(true, source) is None


def test_labels_listed_with_and_still_share_their_number():
    # "Arm A and Arm B" is one list: the 'and' starts no clause, so neither arm is cut off
    source = "In Arm A and Arm B, the response rate was 40%, and enrolment closed in 2021."
    assert differs("In Arm A, the response rate was 40%.", source) is None
    assert differs("In Arm B, the response rate was 40%.", source) is None


def test_a_borrowed_time_point_is_undecided_and_the_stated_one_passes(tmp_path):
    pairs = [(source, claim) for source, false, true in _BORROWED_LABEL for claim in (false, true)]
    claims = verify_pairs(tmp_path, pairs)
    assert [c.status for c in claims] == ["undecided", "pass"] * len(_BORROWED_LABEL)
    assert all("the source gives" in " ".join(c.undecided_reasons) for c in claims[::2])


@pytest.mark.parametrize(
    ("source", "earlier", "current"),
    [
        ("FY2023 revenue was $1.2 billion, up from $1.0 billion in FY2022.", "FY2022 revenue was $1.2 billion.", "FY2023 revenue was $1.2 billion."),
        ("In 2023, revenue was $1.2 billion, up from $1.0 billion in 2022.", "In 2022, revenue was $1.2 billion.", "In 2023, revenue was $1.2 billion."),
        ("Q4 revenue was $50 million, up from $40 million in Q3.", "Q3 revenue was $50 million.", "Q4 revenue was $50 million."),
        ("FY2023 revenue was $1.0 billion, down from $1.2 billion in FY2022.", "FY2022 revenue was $1.0 billion.", "FY2023 revenue was $1.0 billion."),
        ("FY2023 revenue was $300 million, an increase from $250 million in FY2022.", "FY2022 revenue was $300 million.", "FY2023 revenue was $300 million."),
    ],
    ids=["fy", "in-year", "quarter", "down-from", "an-increase-from"],
)
def test_a_change_from_an_earlier_period_binds_each_figure_to_its_period(source, earlier, current):
    # rt13b: "up from … in FY2022" was read as one clause, so FY2022 took FY2023's figure
    why = differs(earlier, source)
    assert why is not None and "the source gives" in why
    assert differs(current, source) is None


# ---- rt25a case19: a year written inside a period label ("Q4 2023", "H1 2023", "FY2023") ---------

_QUARTERS = "Revenue was $455 million in Q4 2023 and $510 million in Q4 2024."
_HALVES = "Sales were $1.2 billion in H1 2023 and $1.5 billion in H1 2024."
_FISCAL = "Net sales were $3.1 billion in fiscal 2023 and $3.4 billion in fiscal 2024."


@pytest.mark.parametrize(
    ("claim", "source", "moved"),
    [
        ("Revenue was $510 million in Q4 2023.", _QUARTERS, True),
        ("Q4 2023 revenue was $510 million.", _QUARTERS, True),
        ("In Q4 2023, revenue was $510 million.", _QUARTERS, True),
        ("Revenue was $510 million in 4Q23.", _QUARTERS, True),
        ("Revenue was $510 million in 2023 Q4.", _QUARTERS, True),
        ("Revenue was $510 million in 2023.", _QUARTERS, True),  # the year of a period is a year
        ("Revenue was $510 million in Q4 2024.", _QUARTERS, False),
        ("Revenue was $455 million in Q4 2023.", _QUARTERS, False),
        ("Revenue was $455 million in 4Q23.", _QUARTERS, False),
        ("Revenue was $455 million in 2023 Q4.", _QUARTERS, False),
        ("Revenue was $510 million in 2024.", _QUARTERS, False),
        ("Sales were $1.5 billion in H1 2023.", _HALVES, True),
        ("Sales were $1.5 billion in 1H 2023.", _HALVES, True),
        ("Sales were $1.5 billion in H1 2024.", _HALVES, False),
        ("Sales were $1.2 billion in 1H23.", _HALVES, False),
        ("Revenue was $455 million in Q3 2024.", "Revenue was $410 million in Q3 2024 and $455 million in Q4 2024.", True),
        ("Revenue was $455 million in Q4 2024.", "Revenue was $410 million in Q3 2024 and $455 million in Q4 2024.", False),
        ("Net sales were $3.4 billion in FY2023.", _FISCAL, True),
        ("Net sales were $3.4 billion in FY 2023.", _FISCAL, True),
        ("Net sales were $3.4 billion in fiscal year 2023.", _FISCAL, True),
        ("Net sales were $3.4 billion in FY2024.", _FISCAL, False),
        ("Net sales were $3.1 billion in FY23.", _FISCAL, False),
    ],
)
def test_a_figure_moved_to_another_periods_year(claim, source, moved):
    # "Q4" and "2023" read apart stood side by side as a list and paired the figure with neither
    assert (differs(claim, source) is not None) is moved


def test_a_figure_moved_to_another_periods_year_is_undecided_and_the_right_one_passes(tmp_path):
    claims = verify_pairs(tmp_path, [
        (_QUARTERS, "Revenue was $510 million in Q4 2023."),
        (_QUARTERS, "Q4 2023 revenue was $510 million."),
        (_HALVES, "Sales were $1.5 billion in H1 2023."),
        (_QUARTERS, "Revenue was $510 million in Q4 2024."),
        (_QUARTERS, "Revenue was $455 million in Q4 2023."),
        (_HALVES, "Sales were $1.2 billion in H1 2023."),
    ])
    assert [c.status for c in claims] == ["undecided"] * 3 + ["pass"] * 3
    assert "'q4 2023'" in claims[0].undecided_reasons[0]


@pytest.mark.parametrize("source", [
    "A 组中位无进展生存期（PFS）为 8.9 个月，B 组为 5.0 个月。",
    "A\u3000组中位无进展生存期为8.9个月，B 组为5.0个月。",
])
def test_a_source_spacing_an_arm_letter_from_its_label_names_the_arm_unspaced(source):
    """"A 组" is "A组" (red team rt32c c1: the claim's A组 seemed a subject the line did not name)."""
    assert differs("A组中位PFS为8.9个月，B组为5.0个月。", source) is None
    assert differs("A组中位PFS为5.0个月，B组为8.9个月。", source) is not None  # the arms' figures swapped
    assert differs("C组中位PFS为8.9个月。", source) is not None  # an arm the line does not name


def test_a_spaced_arm_letter_through_the_pipeline(tmp_path):
    pairs = [("A 组客观缓解率（ORR）为 51.9%，B 组为 29.8%。", "A组客观缓解率为51.9%。"),
             ("A 组客观缓解率（ORR）为 51.9%，B 组为 29.8%。", "A组客观缓解率为29.8%。")]
    assert [c.status for c in verify_pairs(tmp_path, pairs)] == ["pass", "undecided"]


# --- a subject named over the claim (its lead-in, caption or heading: rt34b) --------------------

_ARMS = "Median progression-free survival was 11.2 months in the experimental arm versus 7.4 months in the control arm."


def test_a_figure_under_a_context_subject_the_source_pairs_with_another_figure_differs():
    claim = "median progression-free survival 11.2 months"
    why = binding_differs(claim, claim_atoms(claim), _ARMS, context="control arm")
    assert why is not None and why.startswith("under 'control arm': the claim gives 11.2 months to 'control arm'")


@pytest.mark.parametrize("claim, context", [
    ("median progression-free survival 7.4 months", "control arm"),
    ("median progression-free survival 11.2 months", "experimental arm"),
    # the claim's own subject is its own: the context is read no further
    ("median progression-free survival was 11.2 months in the experimental arm", "control arm"),
])
def test_a_figure_the_source_gives_the_context_subject_does_not_differ(claim, context):
    assert binding_differs(claim, claim_atoms(claim), _ARMS, context=context) is None


def test_without_a_context_a_figure_with_no_arm_drops_the_arm_as_before():
    claim = "median progression-free survival 11.2 months"
    assert "with no arm" in binding_differs(claim, claim_atoms(claim), _ARMS)


def test_a_context_subject_over_a_segment_naming_no_subject_is_no_difference():
    claim = "median progression-free survival 11.2 months"
    assert binding_differs(claim, claim_atoms(claim), "Median progression-free survival was 11.2 months.", context="control arm") is None


# rt36b h1: the source's own heading names whose figure a line naming no subject states
_PLAIN = "Median progression-free survival was 11.2 months."


def test_a_segment_read_under_its_own_heading_subject_differs_from_the_claims_context():
    claim = "median progression-free survival 11.2 months"
    why = binding_differs(claim, claim_atoms(claim), _PLAIN, context="control arm", segment_context="experimental arm")
    assert why is not None and why.startswith("under 'control arm'")
    # a line naming its own subject keeps it under any heading: the heading does not take its figure
    own = "Median progression-free survival was 11.2 months in the experimental arm."
    assert binding_differs(claim, claim_atoms(claim), own, context="control arm", segment_context="control arm") is not None


@pytest.mark.parametrize("context, segment_context, segment", [
    ("control arm", "control arm", _PLAIN),  # the same subject over both
    ("control arm", "", _PLAIN),  # a source heading naming none
    ("", "experimental arm", _PLAIN),  # no context over the claim: read as before
    # a segment naming its own subject keeps it; the heading is read no further
    ("experimental arm", "control arm", "Median progression-free survival was 11.2 months in the experimental arm."),
])
def test_a_segments_own_heading_subject_read_the_same_way_does_not_differ(context, segment_context, segment):
    claim = "median progression-free survival 11.2 months"
    assert binding_differs(claim, claim_atoms(claim), segment, context=context, segment_context=segment_context) is None


_BY_ARM_MD = "# Trial\n\n## Experimental arm\n\nThe ORR was 45%.\n\n## Control arm\n\nThe ORR was 30%.\n"
_BY_ARM_HTML = ("<html><body><h1>Trial</h1><h2>Experimental arm</h2><p>The ORR was 45%.</p>"
                "<h2>Control arm</h2><p>The ORR was 30%.</p></body></html>")


@pytest.mark.parametrize("name, source, report, status", [
    # the report's context gives the figure to another arm than the source's heading
    ("s.md", _BY_ARM_MD, "# R\n\n## Control arm\n\nThe ORR was 45% [evidence:s.md#L5].\n", "undecided"),
    ("s.md", _BY_ARM_MD, "- Control arm:\n  - The ORR was 45% [evidence:s.md#L5].\n", "undecided"),
    ("s.html", _BY_ARM_HTML, "# R\n\n## Control arm\n\nThe ORR was 45% [evidence:s.html#Experimental arm].\n", "undecided"),
    ("s.md", "Experimental arm:\nThe ORR was 45%.\n\nControl arm:\nThe ORR was 30%.\n",
     "# R\n\n## Control arm\n\nThe ORR was 45% [evidence:s.md#L2].\n", "undecided"),
    ("s.md", _BY_ARM_MD.replace("# Trial", "# 试验").replace("Experimental arm", "试验组").replace("Control arm", "对照组")
     .replace("The ORR was 45%.", "客观缓解率为45%。").replace("The ORR was 30%.", "客观缓解率为30%。"),
     "# 综述\n\n## 对照组\n\n客观缓解率为45% [evidence:s.md#L5]。\n", "undecided"),
    # rt37 h2: the other way round, an arm the line's words would not name as one
    ("s.md", _BY_ARM_MD, "# R\n\n## Experimental arm\n\nThe ORR was 30% [evidence:s.md#L9].\n", "undecided"),
    ("s.md", _BY_ARM_MD, "- Treatment arm:\n  - The ORR was 30% [evidence:s.md#L9].\n", "undecided"),
    ("s.html", _BY_ARM_HTML, "# R\n\n## Experimental arm\n\nThe ORR was 30% [evidence:s.html#Control arm].\n", "undecided"),
    # the same arm over both, no context over the claim, a source title naming the study's design
    ("s.md", _BY_ARM_MD, "# R\n\n## Control group\n\nThe ORR was 30% [evidence:s.md#L9].\n", "pass"),
    ("s.md", _BY_ARM_MD.replace("## Experimental arm", "## Experimental group"),
     "# R\n\n## Experimental arm\n\nThe ORR was 45% [evidence:s.md#L5].\n", "pass"),
    ("s.md", _BY_ARM_MD, "# R\n\n## Control arm\n\nThe ORR was 30% [evidence:s.md#L9].\n", "pass"),
    ("s.md", _BY_ARM_MD, "# R\n\n## Experimental arm\n\nThe ORR was 45% [evidence:s.md#L5].\n", "pass"),
    ("s.html", _BY_ARM_HTML, "# R\n\n## Control arm\n\nThe ORR was 30% [evidence:s.html#Control arm].\n", "pass"),
    ("s.md", _BY_ARM_MD, "# R\n\nThe ORR was 45% [evidence:s.md#L5].\n", "pass"),
    ("s.md", "# Placebo-controlled study\n\nThe ORR was 30%.\n", "# R\n\n## Control arm\n\nThe ORR was 30% [evidence:s.md#L3].\n", "pass"),
])
def test_through_the_pipeline_a_context_subject_meets_the_sources_heading(tmp_path, name, source, report, status):
    claim = cited_claim(tmp_path, source, report, name=name)
    assert claim.status == status, claim.undecided_reasons
