"""A condition or frame in a clause of its own governs the clause the claim restates.

Red-team findings (rt4 b15, condition_*/hearsay_*/theory_animal_frames/forecast_model_no_jiang/
retracted_report/application_rejected): "If creatinine clearance is below 30 mL/min, the dose is
reduced to 100 mg once daily" let "The dose is reduced to 100 mg once daily" pass, and
"Reportedly, …", "据报道，…", "动物实验表明，…" let the bare fact pass: the condition sat in a
clause the claim does not restate, and such a clause was exempt. It governs the clause after
it, so a claim must carry it (its cue word, or most of its words), or go to the judge — never
a fail. A time phrase or a label in the leading clause ("In 2023, …", "In Arm A, …") is no
condition, and a claim that keeps the condition in any order still passes.
"""

from __future__ import annotations

import pytest

from citeproof.values.agreement import words_disagree
from tests.values.helpers import verify_pairs

# (source, claim, the word the reason must name): the claim drops the governing clause
DROPPED = [
    ("If creatinine clearance is below 30 mL/min, the dose is reduced to 100 mg once daily.",
     "The dose is reduced to 100 mg once daily.", "'if' (condition)"),
    ("Reportedly, the company had revenue of $8 billion in 2023.",
     "The company had revenue of $8 billion in 2023.", "'reportedly' (frame)"),
    ("When co-administered with a strong inhibitor, the dose is reduced to 100 mg.",
     "The dose is reduced to 100 mg.", "'when' (condition)"),
    ("In vitro, the compound inhibited 85% of resistant cell lines.",
     "The compound inhibited 85% of resistant cell lines.", "'in vitro' (frame)"),
    ("The company reported revenue of $8 billion in 2023, but the figure was later retracted.",
     "The company reported revenue of $8 billion in 2023.", "'retracted' (frame)"),
    ("The dose is 100 mg twice daily, if tolerated.", "The dose is 100 mg twice daily.", "'if' (condition)"),
    ("如果肌酐清除率低于30 mL/min，本品剂量减至100毫克每日一次。", "本品剂量减至100毫克每日一次。", "'如果' (condition)"),
    ("若肌酐清除率低于30 mL/min，本品剂量减至100毫克每日一次。", "本品剂量减至100毫克每日一次。", "'若' (condition)"),
    ("与强效抑制剂联用时，本品剂量应减至100毫克。", "本品剂量应减至100毫克。", "'与强效抑制剂联用时' (condition)"),
    ("体重低于50公斤者，本品剂量为100毫克。", "本品剂量为100毫克。", "'体重低于50公斤者' (condition)"),
    ("据报道，该公司2023年营收为80亿元。", "该公司2023年营收为80亿元。", "'据报道' (frame)"),
    ("业内人士称，该公司2023年营收为80亿元。", "该公司2023年营收为80亿元。", "'业内人士称' (frame)"),
    ("动物实验表明，本品的半衰期为12小时。", "本品的半衰期为12小时。", "'动物实验' (frame)"),
    ("理论上，本品每日最大剂量可达到400毫克。", "本品每日最大剂量可达到400毫克。", "'理论上' (frame)"),
    ("有媒体报道称本品可将死亡风险降低50%，但该报道随后被撤回。", "本品可将死亡风险降低50%。", "(frame)"),
    ("本品在中国获批上市的申请已被驳回。", "本品在中国获批上市。", "'驳回' (frame)"),
]

# (source, claim): the closest true claims — the condition kept, or a leading clause that is no condition
KEPT = [
    ("If creatinine clearance is below 30 mL/min, the dose is reduced to 100 mg once daily.",
     "The dose is reduced to 100 mg once daily if creatinine clearance is below 30 mL/min."),
    ("Reportedly, the company had revenue of $8 billion in 2023.",
     "The company reportedly had revenue of $8 billion in 2023."),
    ("In 2023, the company had revenue of $8 billion.", "The company had revenue of $8 billion in 2023."),
    ("In Arm A, the response rate was 40%.", "The response rate in Arm A was 40%."),
    ("The response rate was 40%, and if confirmed, it would be the highest reported.", "The response rate was 40%."),
    ("Patients with a prior malignancy are eligible; dose reductions are allowed if toxicity occurs.",
     "Patients with a prior malignancy are eligible."),
    ("如果肌酐清除率低于30 mL/min，本品剂量减至100毫克每日一次。", "本品剂量减至100毫克每日一次，如果肌酐清除率低于30 mL/min。"),
    ("体重低于50公斤者，本品剂量为100毫克。", "体重低于50公斤的患者，本品剂量为100毫克。"),
    ("据报道，该公司2023年营收为80亿元。", "据悉，该公司2023年营收为80亿元。"),
    ("基线时，中位年龄为60岁。", "中位年龄为60岁。"),
    ("同时，中位生存期为12个月。", "中位生存期为12个月。"),
    ("共纳入120例患者，中位生存期为12个月。", "中位生存期为12个月。"),
]


# (source, claim): true claims that pass through the whole pipeline (no other rule holds them back)
KEPT_THROUGH_PIPELINE = [
    ("If the patient is elderly, the dose is reduced to 100 mg once daily.",
     "The dose is reduced to 100 mg once daily if the patient is elderly."),
    ("Reportedly, the company had revenue of $8 billion in 2023.",
     "The company reportedly had revenue of $8 billion in 2023."),
    ("In 2023, the company had revenue of $8 billion.", "The company had revenue of $8 billion in 2023."),
    ("In Arm A, the response rate was 40%.", "The response rate in Arm A was 40%."),
    ("The response rate was 40%, and if confirmed, it would be the highest reported.", "The response rate was 40%."),
    ("如果患者肾功能不全，本品剂量减至100毫克每日一次。", "本品剂量减至100毫克每日一次，如果患者肾功能不全。"),
    ("与强效抑制剂联用时，本品剂量应减至100毫克。", "本品与强效抑制剂联用时，剂量应减至100毫克。"),
    ("肾功能不全者，本品剂量为100毫克。", "肾功能不全者本品剂量为100毫克。"),
    ("基线时，中位年龄为60岁。", "中位年龄为60岁。"),
    ("共纳入120例患者，中位生存期为12个月。", "中位生存期为12个月。"),
]


@pytest.mark.parametrize(("source", "claim", "word"), DROPPED)
def test_a_dropped_governing_clause_is_named(source, claim, word):
    why = words_disagree(claim, source)
    assert why is not None and word in why


@pytest.mark.parametrize(("source", "claim"), KEPT)
def test_a_kept_condition_or_a_leading_clause_that_is_no_condition_agrees(source, claim):
    assert words_disagree(claim, source) is None


def test_through_the_pipeline_the_dropped_condition_is_undecided_and_its_twin_passes(tmp_path):
    dropped = [(s, c) for s, c, _ in DROPPED]
    claims = verify_pairs(tmp_path, dropped + KEPT_THROUGH_PIPELINE)
    false_ones, true_ones = claims[: len(dropped)], claims[len(dropped):]
    assert [c.text for c in false_ones if c.status != "undecided"] == []
    assert [c.text for c in true_ones if c.status != "pass"] == []
