"""True claims of a bound verb, a multiple of the upper limit of normal or a unit price meet their
source; their false twins do not pass (the whole pipeline, one source sentence per claim)."""

from __future__ import annotations

import pytest

from values.helpers import verify_pairs

# (source sentence, true claim, false twin)
BOUNDS = [
    ("Hemoglobin >9 g/dL.", "Hemoglobin had to exceed 9 g/dL.", "Hemoglobin had to exceed 8 g/dL."),
    ("Hemoglobin >9 g/dL.", "Hemoglobin had to surpass 9 g/dL.", "Hemoglobin had to be below 9 g/dL."),
    ("Estrogen binding >10 fmol/mg.", "Estrogen binding had to exceed 10 fmol/mg.", "Estrogen binding had to exceed 12 fmol/mg."),
    ("Total cholesterol ≤300 mg/dL.", "Total cholesterol must not be greater than 300 mg/dL.", "Total cholesterol must be greater than 300 mg/dL."),
    ("Total cholesterol ≤300 mg/dL.", "Total cholesterol must not exceed 300 mg/dL.", "Total cholesterol must exceed 300 mg/dL."),
    ("总胆固醇≤300 mg/dL。", "总胆固醇不得高于300 mg/dL。", "总胆固醇高于300 mg/dL。"),
    ("总胆固醇≤300 mg/dL。", "总胆固醇最高300 mg/dL。", "总胆固醇最低300 mg/dL。"),
    ("Platelets ≥100 × 10⁹/L.", "血小板不得低于100 × 10⁹/L。", "血小板低于100 × 10⁹/L。"),
]

ULN = [
    ("ALT ≤ 2.5 × the ULN.", "ALT ≤ 2.5 times the ULN.", "ALT ≤ 3 times the ULN."),
    ("ALT ≤ 2.5 × ULN.", "ALT ≤ 2.5 × the ULN.", "ALT ≤ 3 × the ULN."),
    ("Total bilirubin ≤ 1.5 x ULN.", "Total bilirubin ≤ 1.5-fold the ULN.", "Total bilirubin ≤ 2-fold the ULN."),
    ("AST/ALT <2.5 X institutional upper limit of normal.", "AST/ALT <2.5 times the institutional upper limit of normal.",
     "AST/ALT <3 times the institutional upper limit of normal."),
    ("Bilirubin <1.5 x ULN.", "Bilirubin <1.5 times the institutional normal limits.", "Bilirubin <2 times the institutional normal limits."),
    ("总胆红素≤1.5 × ULN。", "总胆红素不超过正常值上限的1.5倍。", "总胆红素不超过正常值上限的2倍。"),
    ("总胆红素≤1.5 × ULN。", "总胆红素≤1.5倍正常值上限。", "总胆红素≤2倍正常值上限。"),
    ("ALT ≤ 3 × ULN.", "ALT ≤ 3 × ULN.", "ALT ≤ 2.5 times the ULN."),
]

PRICES = [
    ("The price was $10 per unit.", "The price was $10.", "The price was $12."),
    ("The average selling price was €450 per unit in 2023.", "The average selling price was €450 in 2023.",
     "The average selling price was €540 in 2023."),
]


def _numbers_met(claim) -> bool:
    """No number of the claim is missing from its cited line (CP104 raised nothing)."""
    return not any(r.rule == "CP104" for r in claim.reasons)


@pytest.mark.parametrize(("source", "true", "false"), BOUNDS + ULN, ids=[t for _, t, _ in BOUNDS + ULN])
def test_a_bound_or_uln_multiple_meets_its_source_and_its_twin_does_not_pass(tmp_path, source, true, false):
    good, bad = verify_pairs(tmp_path, [(source, true), (source, false)])
    assert good.status != "fail" and _numbers_met(good), [r.message for r in good.reasons]
    # the value and its bound are the source's, not merely judgeable
    assert [n.state for n in good.numbers] == ["supported"], [n.normalised for n in good.numbers]
    assert bad.status != "pass"


@pytest.mark.parametrize(("source", "true", "false"), PRICES, ids=[t for _, t, _ in PRICES])
def test_an_amount_meets_the_price_per_unit_only_plausibly(tmp_path, source, true, false):
    good, bad = verify_pairs(tmp_path, [(source, true), (source, false)])
    # a price of one item: whether the claim's amount is that price (not a total) is the judge's
    assert good.status == "undecided" and _numbers_met(good), [r.message for r in good.reasons]
    assert bad.status == "fail"


# (source sentence, true claim, false twin): a short Chinese bound word before a share or an
# amount (rt18a: 逾, 超, 突破 and 不足 were not read, so the true claim failed on its bare number)
ZH_BOUND_WORDS = [
    ("共入组 412 例患者，其中 52.4% 为女性。", "共入组 412 例患者，其中逾半数为女性。", "共入组 412 例患者，其中逾 60% 为女性。"),
    ("在 412 例患者中，有 68.0% 的患者既往接受过铂类化疗。", "在 412 例患者中，超六成的患者既往接受过铂类化疗。",
     "在 412 例患者中，超七成的患者既往接受过铂类化疗。"),
    ("在 412 例患者中，有 68.0% 的患者既往接受过铂类化疗。", "在 412 例患者中，逾 60% 的患者既往接受过铂类化疗。",
     "在 412 例患者中，逾 70% 的患者既往接受过铂类化疗。"),
    ("在 412 例患者中，有 68.0% 的患者既往接受过铂类化疗。", "在 412 例患者中，逾三分之二的患者既往接受过铂类化疗。",
     "在 412 例患者中，逾四分之三的患者既往接受过铂类化疗。"),
    ("该产品 2023 年销售额为 32.6 亿元。", "该产品 2023 年销售额突破 30 亿元。", "该产品 2023 年销售额突破 35 亿元。"),
    ("该产品 2023 年销售额为 32.6 亿元。", "该产品 2023 年销售额逾30亿元。", "该产品 2023 年销售额逾40亿元。"),
    ("有 27.1% 的患者出现皮疹。", "不足三成的患者出现皮疹。", "不足两成的患者出现皮疹。"),
    ("有 27.1% 的患者出现皮疹。", "不足 30% 的患者出现皮疹。", "不足 25% 的患者出现皮疹。"),
]


@pytest.mark.parametrize(("source", "true", "false"), ZH_BOUND_WORDS, ids=[t for _, t, _ in ZH_BOUND_WORDS])
def test_a_chinese_bound_word_is_met_plausibly_and_its_twin_fails(tmp_path, source, true, false):
    good, bad = verify_pairs(tmp_path, [(source, true), (source, false)])
    # a bound met by a value inside it is plausible: the judge reads it, it does not fail
    assert good.status == "undecided" and _numbers_met(good), [r.message for r in good.reasons]
    assert bad.status == "fail"
