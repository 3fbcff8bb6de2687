"""A claim word the source replaces with another never passes Tier 1; dropped or moved words still do.

The bad case this guards: "The most common adverse event in Arm A was nausea, reported in 30%
of patients" citing "... was fatigue, reported in 30% of patients" passed on 80% word overlap.
"""

from __future__ import annotations

import pytest

from citeproof.values.substitution import opposed_word, swapped_word
from tests.values.helpers import cited_report, verify_against, verify_pairs

SOURCE = "The most common adverse event in Arm A was fatigue, reported in 30% of patients."


@pytest.mark.parametrize(
    ("claim", "source", "swap"),
    [
        ("The most common adverse event in Arm A was nausea, reported in 30% of patients.", SOURCE, ("nausea", "fatigue")),
        ("The primary endpoint was overall survival at 12 months.", "The primary endpoint was progression-free survival at 12 months.",
         ("overall", "progression-free")),
        ("Fatigue was reported in 30% of patients.", "Nausea was reported in 30% of patients.", ("fatigue", "nausea")),
        ("最常见的不良事件是恶心，发生率为30%。", "最常见的不良事件是乏力，发生率为30%。", ("是恶", "是乏")),
    ],
)
def test_a_swapped_word_is_found(claim, source, swap):
    assert swapped_word(claim, source) == swap


@pytest.mark.parametrize(
    "claim",
    [
        SOURCE,
        "The most common adverse event in Arm A was fatigue.",  # words dropped at the end
        "Fatigue was the most common adverse event in Arm A, reported in 30% of patients.",  # moved
        "Overall, the most common adverse event in Arm A was fatigue, reported in 30% of patients.",  # added
        "最常见的不良事件是乏力。",
    ],
)
def test_dropped_moved_or_added_words_are_not_swaps(claim):
    source = SOURCE if claim.isascii() else "最常见的不良事件是乏力，发生率为30%。"
    assert swapped_word(claim, source) is None


def test_numbers_in_other_spellings_are_not_swaps():
    # the claim's 两百 / 四周 are the source's 200 / 4周 once both are read as numbers
    assert swapped_word("受试者接受每日两百 mg治疗，持续四周。", "受试者接受每日200 mg治疗，持续4周。") is None


def test_the_segment_saying_more_at_its_end_is_not_a_swap():
    claim = "The most common adverse event in Arm A was fatigue overall."
    longer = "The most common adverse event in Arm A was fatigue, reported by the treating investigators in 30% of patients."
    assert swapped_word(claim, longer) is None  # "overall" faces a longer stretch: the source goes on
    # one word facing one word at the end is a swap, as "nausea" for "fatigue" is
    assert swapped_word(claim, "The most common adverse event in Arm A was fatigue, reported.") == ("overall", "reported")


def test_a_swap_leaves_the_claim_to_the_judge(tmp_path):
    report = cited_report(
        "The most common adverse event in Arm A was nausea, reported in 30% of patients.",
        "The most common adverse event in Arm A was fatigue, reported in 30% of patients.",
    )
    out = verify_against(tmp_path, f"# S\n\n{SOURCE}\n", report)
    assert [c.status for c in out.claims] == ["undecided", "pass"]
    assert "'nausea' stands where the source says 'fatigue'" in out.claims[0].undecided_reasons[0]


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        # words in another order: "nausea" is missing where "frequently" was added, but it is there
        ("Fatigue and nausea were reported in Arm A.", "Nausea and fatigue were frequently reported in Arm A."),
        ("Nausea and fatigue were frequently reported in Arm A.", "Fatigue and nausea were reported in Arm A."),
        # "fatigue" faces the source's "fever" but is in the source further on: listed in another order
        ("Nausea, fatigue and rash were reported.", "Nausea, fever, rash and fatigue were reported."),
        # a naming word kept on both sides: "objective" is only added
        ("The overall response was high.", "The overall objective response was high."),
    ],
)
def test_words_present_elsewhere_are_moved_not_swapped(claim, source):
    assert swapped_word(claim, source) is None


@pytest.mark.parametrize(
    ("source", "claim", "swap"),
    [
        ("The drug was approved before 2020 in the EU.", "The drug was approved after 2020 in the EU.", ("after", "before")),
        ("Rash occurred in the first cycle in Arm A.", "Rash occurred in the second cycle in Arm A.", ("second", "first")),
        ("Some patients responded in Arm A.", "Most patients responded in Arm A.", ("most", "some")),
        ("The drug may increase the risk of bleeding.", "The drug will increase the risk of bleeding.", ("will", "may")),
        ("Patients received cisplatin and gemcitabine.", "Patients received cisplatin or gemcitabine.", ("or", "and")),
        ("The study was completed in March 2023.", "The study was completed in May 2023.", ("may", "march")),
    ],
)
def test_stop_words_that_carry_a_fact_are_swaps_too(source, claim, swap):
    # red-team findings: each of these passed Tier 1 with 100% content-word overlap
    assert swapped_word(claim, source) == swap
    assert swapped_word(source, source) is None


def test_a_swap_at_the_start_facing_a_slightly_longer_stretch_is_still_a_swap():
    # red-team round 2: "Deaths" for "Dose reductions" passed (1 term against 2 at the boundary)
    source = "Dose reductions due to adverse events occurred in 12% of patients."
    assert swapped_word("Deaths due to adverse events occurred in 12% of patients.", source) == ("death", "dose")


@pytest.mark.parametrize(
    ("claim", "segment", "expected"),
    [
        # red team round 3: an opposite added beside the segment's words
        ("No malignancy except untreated basal cell skin cancer.", "No malignancy except adequately treated basal cell skin cancer.",
         ("untreated", "treated")),
        ("Patients with measurable disease were enrolled.", "Patients with non-measurable disease were enrolled.",
         ("measurable", "non-measurable")),
        ("Patients with invasive carcinoma of the cervix were eligible.", "Patients with carcinoma in situ of the cervix were eligible.",
         ("invasive", "in situ")),
        ("Eligible: carcinoma in situ of the cervix, invasive melanoma.", "Eligible: carcinoma in situ of the cervix, melanoma in situ.",
         ("invasive", "in situ")),
        ("Patients received neoadjuvant chemotherapy.", "Patients received adjuvant chemotherapy.", ("neoadjuvant", "adjuvant")),
        ("患者为浸润性癌。", "患者为原位癌。", ("浸润性", "原位")),
        # found by mutating passing red-team claims: one word in ten changed, every number kept
        ("Overall survival at ten years was the secondary outcome.", "Overall survival at ten years was the primary outcome.",
         ("secondary", "primary")),
        ("Mean diastolic pressure fell by 8 mmHg.", "Mean systolic pressure fell by 8 mmHg.", ("diastolic", "systolic")),
        ("Postmenopausal women with HER2-positive disease were enrolled.",
         "Premenopausal women with HER2-positive disease were enrolled.", ("postmenopausal", "premenopausal")),
        ("Gross margin was 42% in 2023.", "Net margin was 42% in 2023.", ("gross", "net")),
        ("女性患者占60%。", "男性患者占60%。", ("女性", "男性")),
        # mutations of real record lines: 'without' and an in- prefix the prefix list does not hold
        ("Massage therapists provided no-touch with healing intention.",
         "Massage therapists provided no-touch without healing intention.", ("with", "without")),
        ("Patients with other invasive malignancies are ineligible once treated.",
         "Patients with other invasive malignancies are eligible once treated.", ("ineligible", "eligible")),
        ("Pain episodes were usually at most partially controlled.", "Pain episodes were usually at least partially controlled.",
         ("at most", "at least")),
        # red team round 4: a verb swapped for its opposite, every other word kept
        ("Most elderly patients received adjuvant chemotherapy.", "Most elderly patients declined adjuvant chemotherapy.",
         ("received", "declined")),
        ("The company received approval in Japan.", "The company applied for approval in Japan.", ("received", "applied")),
        ("The company had a 30% share of the market.", "The company lost a 30% share of the market.", ("had", "lost")),
        # one of two opposites turned where the sentence has both (mutation of a real eligibility line)
        ("Stage II HER2 negative breast cancer with node positive disease.",
         "Stage II HER2 positive breast cancer with node positive disease.", ("negative", "positive")),
        ("No positive axillary nodes or a positive sentinel node.", "No positive axillary nodes or a negative sentinel node.",
         ("positive", "negative")),
    ],
)
def test_a_claim_saying_the_opposite_of_its_segment_is_named(claim, segment, expected):
    assert opposed_word(claim, segment) == expected


@pytest.mark.parametrize(
    ("claim", "segment"),
    [
        ("No malignancy except untreated basal cell skin cancer.", "No malignancy except untreated basal cell skin cancer."),
        ("Patients with uncontrolled hypertension were excluded.", "Uncontrolled hypertension or controlled diabetes excluded patients."),
        ("Carcinoma in situ and invasive carcinoma were both allowed.", "Invasive carcinoma and carcinoma in situ were allowed."),
        ("Patients received adjuvant chemotherapy.", "Patients received adjuvant chemotherapy after surgery."),
        ("The unit dose was 10 mg.", "The dose was 10 mg per unit."),  # 'unit' is no 'un' + 'it'
        ("Women made up 60% of patients.", "Of the patients, 60% were women and 40% men."),  # 'men' is not in 'women'
        ("Overall survival was the primary outcome.", "Overall survival was the primary outcome; safety was secondary."),
        ("HER2 positive disease with node positive disease.", "HER2 positive and node positive disease."),
        ("Patients with and without prior therapy were enrolled.", "Patients without and with prior therapy were enrolled."),
        ("The informed consent form was signed.", "The consent form was signed."),  # 'inform' is no 'in' + 'form'
        ("Patients had no more than 2 prior regimens.", "Patients had at most 2 prior regimens."),
        ("Most patients received and completed chemotherapy.", "Most patients received chemotherapy and completed it."),
        ("Patients who declined surgery received radiotherapy.", "Patients who declined surgery received radiotherapy."),
        ("Node negative, HER2 positive.", "HER2 positive and node negative disease."),
    ],
)
def test_the_same_words_or_both_opposites_are_no_opposite(claim, segment):
    assert opposed_word(claim, segment) is None


def test_through_the_pipeline_an_outcome_called_secondary_for_primary_is_left_to_the_judge(tmp_path):
    source = "# S\n\nLetrozole improved overall survival at ten years, the primary outcome.\n"
    bad = verify_against(tmp_path / "bad", source, cited_report("Letrozole improved overall survival at ten years, the secondary outcome."))
    good = verify_against(tmp_path / "good", source, cited_report("Letrozole improved overall survival at ten years, the primary outcome."))
    assert [c.status for c in bad.claims if c.anchors] == ["undecided"]
    assert "'secondary'" in " ".join(bad.claims[-1].undecided_reasons)
    assert [c.status for c in good.claims if c.anchors] == ["pass"]


# (claim, source): the people a share or a finding is of, changed — "patients" is a stop-word
# for overlap, yet where the source names the group ("children", "women", "responders") the
# claim's "patients" stands in its place (red team round 4: base_children_to_patients,
# base_responders_to_patients, subst_women_to_patients)
PEOPLE_CHANGED = [
    ("Nausea occurred in 20% of patients in the trial.", "Nausea occurred in 20% of children in the trial.", ("patient", "children")),
    ("Nausea occurred in 20% of patients in the trial.", "Nausea occurred in 20% of responders in the trial.", ("patient", "responder")),
    ("Nausea occurred in 20% of participants in the trial.", "Nausea occurred in 20% of women in the trial.", ("patient", "women")),
    ("Nausea occurred in 20% of women in the trial.", "Nausea occurred in 20% of patients in the trial.", ("women", "patient")),
    ("Incidence was 3.5 per 1,000 patients in the exposed group.", "Incidence was 3.5 per 1,000 person-years in the exposed group.",
     ("patient", "person-year")),
]

# (claim, source): the same people in other words, or a group named on both sides
PEOPLE_KEPT = [
    ("Nausea occurred in 20% of participants in the trial.", "Nausea occurred in 20% of patients in the trial."),
    ("Nausea occurred in 20% of subjects in the trial.", "Nausea occurred in 20% of patients in the trial."),
    ("Nausea occurred in 20% of patients.", "Nausea occurred in 20% of evaluable patients in the trial."),
    ("Nausea occurred in 20% of children in the trial.", "Nausea occurred in 20% of the children in the trial."),
]


@pytest.mark.parametrize(("claim", "source", "swap"), PEOPLE_CHANGED)
def test_patients_where_the_source_names_another_group_is_a_swap(claim, source, swap):
    assert swapped_word(claim, source) == swap


@pytest.mark.parametrize(("claim", "source"), PEOPLE_KEPT)
def test_the_same_people_in_other_words_is_no_swap(claim, source):
    assert swapped_word(claim, source) is None


# the reverse ("women" for "patients") is short of content-word overlap already
@pytest.mark.parametrize(("claim", "source", "swap"), [PEOPLE_CHANGED[i] for i in (0, 1, 2, 4)])
def test_through_the_pipeline_other_people_are_left_to_the_judge(tmp_path, claim, source, swap):
    out = verify_against(tmp_path, f"# S\n\n{source}\n", cited_report(claim))
    (checked,) = [c for c in out.claims if c.anchors]
    assert checked.status == "undecided"
    assert f"'{swap[0]}' stands where the source says '{swap[1]}'" in checked.undecided_reasons[0]


# ("20% of patients" for "20% of evaluable patients" is no swap, but a dropped modifier of the
# people counted: tests/values/test_added_modifier.py leaves it to the judge)
@pytest.mark.parametrize(("claim", "source"), [k for k in PEOPLE_KEPT if "evaluable" not in k[1]])
def test_through_the_pipeline_the_same_people_still_pass(tmp_path, claim, source):
    out = verify_against(tmp_path, f"# S\n\n{source}\n", cited_report(claim))
    (checked,) = [c for c in out.claims if c.anchors]
    assert checked.status == "pass", checked.undecided_reasons


# red team round 6: a qualifier taken, with the word after it, from another clause of the line
BORROWED = [
    ("The complete remission rate was 62% after induction.",
     "The overall remission rate was 62% after induction, with complete remission in a minority.", ("complete", "overall")),
    ("The partial response rate was 30% at week 12 in the cohort.",
     "The objective response rate was 30% at week 12 in the cohort, and the partial response rate was lower.",
     ("partial", "objective")),
    ("The oral formulation achieved a bioavailability of 64% in healthy volunteers.",
     "The subcutaneous formulation achieved a bioavailability of 64% in healthy volunteers; the oral formulation was not tested.",
     ("oral", "subcutaneou")),
]


@pytest.mark.parametrize(("claim", "source", "swap"), BORROWED)
def test_a_phrase_borrowed_from_another_clause_is_a_swap(claim, source, swap):
    assert swapped_word(claim, source) == swap


@pytest.mark.parametrize(("claim", "source", "swap"), BORROWED)
def test_the_phrase_in_its_own_clause_is_no_swap(claim, source, swap):
    assert swapped_word(source.split(",")[0].split(";")[0] + ".", source) is None


def test_through_the_pipeline_a_borrowed_phrase_is_undecided_and_the_stated_one_passes(tmp_path):
    source = "The overall remission rate was 62% after induction, with complete remission in a minority."
    out = verify_against(tmp_path, f"# S\n\n{source}\n", cited_report(
        "The complete remission rate was 62% after induction.", "The overall remission rate was 62% after induction."))
    assert [c.status for c in out.claims] == ["undecided", "pass"]
    assert "'complete' stands where the source says 'overall'" in out.claims[0].undecided_reasons[0]


def test_a_word_a_wrap_hyphenated_is_the_same_word():
    # rt18d case08: a PDF's wrap "co-" / "administration" reflows to "co-administration"
    source = "Dose reductions after co-administration occurred in 14 of 212 patients."
    assert swapped_word("Dose reductions after coadministration occurred in 14 of 212 patients.", source) is None
    assert swapped_word("Dose reductions after readministration occurred in 14 of 212 patients.", source) is not None
    whole = "Dose reductions after coadministration occurred in 14 of 212 patients."
    assert swapped_word("Dose reductions after co-administration occurred in 14 of 212 patients.", whole) is None
@pytest.mark.parametrize(
    ("claim", "source", "swap"),
    [
        # rt18b case15/case11: the shared year holds the swapped "share of what" word in place, though the
        # source sentence goes on after it
        ("In Germany, biosimilars accounted for 38% of adalimumab spending in 2023.",
         "In Germany, biosimilars accounted for 38% of adalimumab prescriptions in 2023, up sharply from 21% two "
         "years earlier.", ("spending", "prescription")),
        ("Abbott held 48% of the US CGM market by patients in 2024.",
         "Abbott held 48% of the US CGM market by revenue in 2024, while Dexcom held 41%.", ("patient", "revenue")),
        # rt18b case13: "unit" names what a share is of, though elsewhere it is read as a dose unit
        ("Abbott's unit share of the US CGM market was 48% in 2024.",
         "Abbott's revenue share of the US CGM market was 48% in 2024.", ("unit", "revenue")),
    ],
)
def test_a_word_swapped_before_a_number_both_write_is_found_where_the_source_goes_on(claim, source, swap):
    assert swapped_word(claim, source) == swap


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        # the claim stops earlier than its source sentence: nothing stands in place of anything
        ("In Germany, biosimilars accounted for 38% of adalimumab prescriptions in 2023.",
         "In Germany, biosimilars accounted for 38% of adalimumab prescriptions in 2023, up sharply from 21% two "
         "years earlier."),
        ("Abbott held 48% of the US CGM market in 2024.",
         "Abbott held 48% of the US CGM market by revenue in 2024, while Dexcom held 41%."),
        # a bound restated in fewer words before the number: the source's stretch is longer, as at an end
        ("Platelet count must be at least 100,000/mm3.", "Platelet count must be greater than or equal to 100,000/mm3."),
        # a number glued to Chinese holds nothing in place: its bigrams differ by chance
        ("A组中位无进展生存期（月）：11.2", "A组中位无进展生存期为11.2个月，B组为7.4个月。"),
        # the same unit word, singular or plural
        ("Abbott sold 2 million units in 2024.", "Abbott sold 2 million unit in 2024."),
    ],
)
def test_a_claim_stopping_earlier_or_restating_a_bound_is_no_swap(claim, source):
    assert swapped_word(claim, source) is None


def test_through_the_pipeline_a_swapped_share_base_is_undecided_and_the_shorter_claim_passes(tmp_path):
    source = ("Abbott held 48% of the US CGM market by revenue in 2024, while Dexcom held 41%.")
    claims = verify_pairs(tmp_path, [(source, "Abbott held 48% of the US CGM market by patients in 2024."),
                                     (source, "Abbott held 48% of the US CGM market by revenue in 2024.")])
    assert [c.status for c in claims] == ["undecided", "pass"]


# rt24a case6: the claim names a figure by the label the source writes right before it
HR_OS = ("Median overall survival was 16.4 months (95% CI 14.8-18.1) with drug X versus 13.2 months "
         "(95% CI 11.9-14.6) with placebo (hazard ratio 0.76, 95% CI 0.63-0.92; p=0.004).")


def test_a_phrase_labelling_the_claims_number_is_not_borrowed():
    assert swapped_word("The hazard ratio for overall survival was 0.76 (95% CI 0.63-0.92; p=0.004).", HR_OS) is None
    # the phrase labels another number there: borrowed, as before
    assert swapped_word("The hazard ratio for overall survival was 16.4.", HR_OS) == ("hazard", "median")
    assert swapped_word("The complete remission rate was 62%.",
                        "The overall remission rate was 62%, with complete remission 30%.") == ("complete", "overall")


def test_through_the_pipeline_a_labelled_ratio_passes_and_another_endpoints_stays_undecided(tmp_path):
    pfs = ("Median progression-free survival was 8.9 months (hazard ratio 0.76, 95% CI 0.63-0.92; p=0.004), "
           "and median overall survival was 16.4 months.")
    out = verify_against(tmp_path / "os", f"# S\n\n{HR_OS}\n", cited_report(
        "The hazard ratio for overall survival was 0.76 (95% CI 0.63-0.92; p=0.004).",
        "The hazard ratio for progression-free survival was 0.76 (95% CI 0.63-0.92; p=0.004)."))
    assert [c.status for c in out.claims if c.anchors] == ["pass", "undecided"]
    out = verify_against(tmp_path / "pfs", f"# S\n\n{pfs}\n", cited_report(
        "The hazard ratio for overall survival was 0.76 (95% CI 0.63-0.92; p=0.004).",
        "The hazard ratio for progression-free survival was 0.76 (95% CI 0.63-0.92; p=0.004)."))
    assert [c.status for c in out.claims if c.anchors] == ["undecided", "pass"]


# red team s26 hiddencss: "72名患者" against "72例患者" was read as 名患 swapped for 例患; both
# classifiers count people (SPEC: count nouns are not units)
_ENROLLED = "本研究共入组72例患者。"


@pytest.mark.parametrize("claim", ["本研究共入组72名患者。", "本研究共入组72 名患者。", "本研究共入组72位患者。"])
def test_classifiers_counting_people_are_one_word(claim):
    assert swapped_word(claim, _ENROLLED) is None


@pytest.mark.parametrize(("claim", "source"), [("共入组3.5万名受试者。", "共入组3.5万例受试者。"), ("共入组三名患者。", "共入组三例患者。")])
def test_classifiers_after_a_scale_or_a_chinese_numeral_are_one_word(claim, source):
    assert swapped_word(claim, source) is None


def test_a_classifier_counting_visits_is_not_one_counting_people():
    # 人次 counts visits or events: not the 例 of the source's patients
    assert swapped_word("本研究共记录72人次就诊。", "本研究共记录72例就诊。") is not None


@pytest.mark.parametrize(
    ("claim", "status"),
    [
        ("本研究共入组72名患者。", "pass"),
        ("本研究共入组27名患者。", "fail"),  # another count
        ("本研究共入组72 mg患者。", "fail"),  # a unit where the source counts people
    ],
)
def test_through_the_pipeline_classifiers_counting_people_agree(tmp_path, claim, status):
    out = verify_against(tmp_path, f"# S\n\n{_ENROLLED}\n", cited_report(claim))
    (checked,) = [c for c in out.claims if c.anchors]
    assert checked.status == status, checked.undecided_reasons


@pytest.mark.parametrize(
    ("segment", "swap"),
    [
        # rt27t case29: the same "41 of 336" counting something else passed as patients
        ("In total, 41 of 336 treatment cycles were delayed because of neutropenia.", ("patient", "cycle")),
        ("Infusions were interrupted in 41 of 336 infusions because of neutropenia.", ("patient", "infusion")),
        # what the fraction counts, written among its first words: no swap
        ("Treatment was delayed because of neutropenia in 41 of 336 evaluable patients.", None),
        ("Neutropenia delayed treatment in 41/336 patients overall.", None),
        ("Treatment was delayed because of neutropenia in 41 of 336 (12%) patients.", None),
    ],
)
def test_a_fraction_counting_something_else_is_a_swap(segment, swap):
    claim = "Treatment was delayed because of neutropenia in 41 of 336 patients."
    assert swapped_word(claim, segment) == swap


def test_a_fraction_that_names_nothing_counted_is_no_counted_swap():
    from citeproof.values.substitution import _counted_swap

    claim = "Treatment was delayed because of neutropenia in 41 of 336 patients."
    assert _counted_swap(claim, "Of all courses, 41 of 336 were delayed because of neutropenia.") is None
    assert _counted_swap("In all, 41 of 336 had treatment delayed.", "In all, 41 of 336 cycles were delayed.") is None
    assert _counted_swap(claim, "In total, 41 of 336 treatment cycles were delayed.") == ("patient", "cycle")


def test_a_fraction_of_another_count_does_not_pass(tmp_path):
    claims = verify_pairs(tmp_path, [
        ("In total, 41 of 336 treatment cycles were delayed because of neutropenia.",
         "Treatment was delayed because of neutropenia in 41 of 336 patients."),
        ("Treatment was delayed because of neutropenia in 41 of 336 patients.",
         "Treatment was delayed because of neutropenia in 41 of 336 patients."),
    ])
    assert [c.status for c in claims] == ["undecided", "pass"]
