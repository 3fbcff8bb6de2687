"""Claim/source pairs through the whole pipeline: a number's label, time point, verb and "x of N"
role in its own clause (citeproof.values.pairing). The false claims were red-team wrong PASSes
(a value moved across its label, the other clause's verb, the denominator claimed as a count);
each has a true claim of the same shape beside it, which must still PASS.

Every claim cites its own line of one evidence file, so each pair is judged on its source alone.
"""

from __future__ import annotations

from values.helpers import verify_pairs

ORR = "The objective response rate was 40% in the letrozole arm and 25% in the tamoxifen arm."
ORR_FRONTED = "In the letrozole arm the objective response rate was 40%, and in the tamoxifen arm it was 25%."
PFS = "Median progression-free survival was 13.5 months in Arm A and 15.0 months in Arm B."
SEX = "Grade 3 fatigue occurred in 12 men and 20 women."
PLACEBO = "Response rates were 40% with drug X and 25% with placebo."
FLOW = "A total of 200 patients were randomised; 150 completed the study and 12 died."
PR = "In Arm A, 16 of 48 patients (33.3%) had a partial response."
RELAPSE = "Relapse occurred in 3 patients (6%) at 2 years and 5 patients (10%) at 5 years."
# the measure is a name too (HbA1c, ALT): with it a clause holds two names and one number
MEASURE = "Mean HbA1c decreased by 1.2% in Arm A and by 0.4% in Arm B."
MEASURE_GROUPS = "Mean HbA1c decreased by 1.2% in the treatment group and by 0.4% in the control group."
MEASURE_ZH = "A组ALT升高12%，B组ALT升高4%。"

FALSE = [
    (ORR, "The objective response rate in the letrozole arm was 25%."),
    (ORR, "Letrozole produced an objective response rate of 25%."),
    (PFS, "Median progression-free survival in Arm A was 15.0 months."),
    (SEX, "Grade 3 fatigue occurred in 20 men."),
    (ORR_FRONTED, "The objective response rate was 40% in the tamoxifen arm."),
    (PLACEBO, "Response rates were 40% with placebo and 25% with drug X."),
    (FLOW, "A total of 150 patients were randomised."),
    (FLOW, "A total of 200 patients completed the study."),
    (FLOW, "A total of 200 patients were randomised and 150 died."),
    (PR, "In Arm A, 48 patients had a partial response."),
    (PR, "In Arm A, 33.3% of 16 patients had a partial response."),
    (PR, "In Arm A, 48 of 16 patients had a partial response."),
    (RELAPSE, "At 2 years, relapse occurred in 5 patients (10%)."),
    (RELAPSE, "Relapse occurred in 3 patients (6%) at 60 months."),
    (MEASURE, "Mean HbA1c decreased by 0.4% in Arm A."),
    (MEASURE_GROUPS, "Mean HbA1c decreased by 0.4% in the treatment group."),
    (MEASURE_GROUPS, "In the control group, mean HbA1c decreased by 1.2%."),
    (MEASURE_ZH, "A组ALT升高4%。"),
]

TRUE = [
    (ORR, "The objective response rate in the letrozole arm was 40%."),
    (ORR, "Tamoxifen produced an objective response rate of 25%."),
    (PFS, "In Arm A, median progression-free survival was 13.5 months."),
    (PFS, "Median progression-free survival in Arm B was 15.0 months."),
    (SEX, "Grade 3 fatigue occurred in 20 women."),
    (ORR_FRONTED, "The objective response rate was 25% in the tamoxifen arm."),
    (PLACEBO, "Response rates were 40% with drug X and 25% with placebo."),
    (FLOW, "A total of 200 patients were randomised."),
    (FLOW, "150 patients completed the study."),
    (PR, "In Arm A, 16 of 48 patients had a partial response."),
    (PR, "In Arm A, 16 patients (33.3%) had a partial response."),
    (PR, "In Arm A, 33.3% of 48 patients had a partial response."),
    (RELAPSE, "At 2 years, relapse occurred in 3 patients (6%)."),
    (RELAPSE, "Relapse occurred in 5 patients (10%) at 60 months."),
    (MEASURE, "Mean HbA1c decreased by 1.2% in Arm A."),
    (MEASURE, "Mean HbA1c decreased by 0.4% in Arm B."),
    (MEASURE_GROUPS, "Mean HbA1c decreased by 0.4% in the control group."),
    (MEASURE_ZH, "B组ALT升高4%。"),
]


def _statuses(tmp_path, pairs):
    return [(c.status, c.text, c.undecided_reasons) for c in verify_pairs(tmp_path, pairs)]


def test_no_false_claim_passes_and_each_is_left_to_the_judge_with_the_sources_pairing(tmp_path):
    out = _statuses(tmp_path, FALSE)
    assert [text for status, text, _ in out if status != "undecided"] == []
    # the reason names the number and what the source states it with
    assert "the source gives 'letrozole arm' 40% and 25% to 'tamoxifen arm'" in out[0][2][0]
    assert "the source gives 'at 5 years' 5 and 3 to 'at 2 years'" in out[FALSE.index((RELAPSE, "Relapse occurred in 3 patients (6%) at 60 months."))][2][0]
    assert "the claim gives 0.4% to 'arm a'; the source gives 'arm a' 1.2% and 0.4% to 'arm b'" in out[FALSE.index((MEASURE, "Mean HbA1c decreased by 0.4% in Arm A."))][2][0]


def test_every_true_claim_of_the_same_shape_passes(tmp_path):
    assert [(text, reasons) for status, text, reasons in _statuses(tmp_path, TRUE) if status != "pass"] == []


# A drug named between the arm and its dose: two labels and one number, which the label
# pairing leaves unknown; the arm check reads the arms of the clause on their own.
DOSES = "Arm A received osimertinib 80 mg once daily, and Arm B received gefitinib 250 mg once daily."
DOSES_GROUPS = "The experimental group received osimertinib 80 mg once daily, the control group received gefitinib 250 mg once daily."
DOSES_ZH = "试验组接受奥希替尼80毫克每日一次，对照组接受吉非替尼250毫克每日一次。"
DOSES_AB_ZH = "A组接受吉西他滨1000毫克/平方米治疗，B组接受顺铂75毫克/平方米治疗。"
REGIMEN_ZH = "试验组的给药方案为奥希替尼80毫克每日一次，对照组的给药方案为多西他赛75毫克/平方米每3周一次。"
DRUG_GROUPS_ZH = "Osimertinib组的客观缓解率为80%，Gefitinib组为76%。"
ARM_EARLIER = "In Arm A, patients received osimertinib 80 mg and then gefitinib 250 mg on day 8."
# English abbreviations in Chinese sentences: the words of a number's clause
METRICS_ZH = "本品的ORR为35%，DCR为80%。"
SURVIVAL_ZH = "本品的mPFS为7.2个月，mOS为18.5个月。"
RATIOS_ZH = "本品的HR为0.65，OR为1.8。"
PFS_ZH = "试验组的中位PFS为11.2个月，对照组为7.4个月。"

ARM_FALSE = [
    (DOSES, "Arm A received gefitinib 250 mg once daily."),
    (DOSES_GROUPS, "The experimental group received gefitinib 250 mg once daily."),
    (DOSES_ZH, "试验组接受吉非替尼250毫克每日一次。"),
    (DOSES_AB_ZH, "A组接受顺铂75毫克/平方米治疗。"),
    (REGIMEN_ZH, "试验组的给药方案为多西他赛75毫克/平方米每3周一次。"),
    (DRUG_GROUPS_ZH, "Gefitinib组的客观缓解率为80%。"),
    (METRICS_ZH, "本品的DCR为35%。"),
    (METRICS_ZH, "本品的ORR为80%。"),
    (SURVIVAL_ZH, "本品的mOS为7.2个月。"),
    (RATIOS_ZH, "本品的OR为0.65。"),
]

ARM_TRUE = [
    (DOSES, "Arm B received gefitinib 250 mg once daily."),
    (DOSES, "Arm A received osimertinib 80 mg once daily."),
    (DOSES_GROUPS, "The control group received gefitinib 250 mg once daily."),
    (DOSES_ZH, "对照组接受吉非替尼250毫克每日一次。"),
    (DOSES_AB_ZH, "B组接受顺铂75毫克/平方米治疗。"),
    (REGIMEN_ZH, "对照组的给药方案为多西他赛75毫克/平方米每3周一次。"),
    (DRUG_GROUPS_ZH, "Gefitinib组的客观缓解率为76%。"),
    (ARM_EARLIER, "In Arm A, patients received gefitinib 250 mg on day 8."),
    (METRICS_ZH, "本品的DCR为80%。"),
    (METRICS_ZH, "本品的ORR为35%。"),
    (SURVIVAL_ZH, "本品的mOS为18.5个月。"),
    (RATIOS_ZH, "本品的HR为0.65。"),
    (PFS_ZH, "对照组的中位PFS为7.4个月。"),
]


def test_a_dose_moved_to_another_arm_past_a_drug_name_is_left_to_the_judge_naming_both_arms(tmp_path):
    out = _statuses(tmp_path, ARM_FALSE)
    assert [text for status, text, _ in out if status != "undecided"] == []
    assert "the claim gives 250 mg once daily to 'arm a'; the source states it for 'arm b', not for 'arm a'" in out[0][2][0]
    assert "'对照组', not for '试验组'" in out[2][2][0]
    assert "the claim says 'dcr' with 35%; the source says 'orr' with it" in out[ARM_FALSE.index((METRICS_ZH, "本品的DCR为35%。"))][2][0]


def test_the_same_dose_kept_with_its_own_arm_or_listed_for_both_still_passes(tmp_path):
    assert [(text, reasons) for status, text, reasons in _statuses(tmp_path, ARM_TRUE) if status != "pass"] == []


# A number the source states only for one arm, stated by the claim with no arm in its clause:
# it reads as the whole trial's, or as the arm an earlier clause of the claim names.
CONTROL_COLON_ZH = "对照组：客观缓解率为30%。"
BORROWED_ZH = "试验组入组150例患者，对照组的客观缓解率为30%。"
HIGH_DOSE_ZH = "高剂量组的中位总生存期为21.3个月，低剂量组为18.0个月。"
ARM_THEN_MEASURE_ZH = "A组的客观缓解率为30%，中位PFS为6个月。"
CONTROL_COLON = "The control arm: ORR was 30%."

ARM_DROPPED = [
    (CONTROL_COLON_ZH, "客观缓解率为30%。"),
    (BORROWED_ZH, "试验组入组150例患者，客观缓解率为30%。"),
    (HIGH_DOSE_ZH, "中位总生存期为21.3个月。"),
    (HIGH_DOSE_ZH, "本研究的中位总生存期为18.0个月。"),
    (CONTROL_COLON, "ORR was 30%."),
    (CONTROL_COLON, "The experimental arm enrolled patients, and the ORR was 30%."),
]

ARM_KEPT = [
    (CONTROL_COLON_ZH, "对照组的客观缓解率为30%。"),
    (CONTROL_COLON_ZH, "对照组：客观缓解率为30%。"),
    (BORROWED_ZH, "试验组入组150例患者，对照组的客观缓解率为30%。"),
    (HIGH_DOSE_ZH, "高剂量组的中位总生存期为21.3个月。"),
    (HIGH_DOSE_ZH, "低剂量组的中位总生存期为18.0个月。"),
    # a number the source states with no arm of its own clause stays open
    (ARM_THEN_MEASURE_ZH, "中位PFS为6个月。"),
    (ARM_THEN_MEASURE_ZH, "A组的客观缓解率为30%，中位PFS为6个月。"),
    (CONTROL_COLON, "The control arm: the ORR was 30%."),
]


def test_a_number_stated_without_the_one_arm_the_source_gives_it_is_left_to_the_judge(tmp_path):
    out = _statuses(tmp_path, ARM_DROPPED)
    assert [text for status, text, _ in out if status != "undecided"] == []
    assert "the claim states 30% with no arm; the source states it for '对照组'" in out[0][2][0]
    assert "with no arm, after naming '试验组" in out[1][2][0]


def test_a_number_kept_with_its_arm_or_armless_in_the_source_still_passes(tmp_path):
    assert [(text, reasons) for status, text, reasons in _statuses(tmp_path, ARM_KEPT) if status != "pass"] == []
