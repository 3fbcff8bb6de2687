"""citeproof.values.instruction_terms read directly: the condition an instruction sets (a bound
figure, a meal timing, a dose adjustment) that a claim drops or changes, and the claims that keep
it (red team rt32a h7, t2, d1; the whole-pipeline pairs are tests/tier1/test_instruction_condition_pairs.py)."""

from __future__ import annotations

from citeproof.values.instruction_terms import adjustment_dropped, dropped_bound, timing_differs

MISSED = "If a dose is missed by more than 4 hours, the dose should be skipped."
APART = "The tablets should be taken at least one hour before or after a meal."


def test_a_bound_the_claim_drops_is_named():
    assert dropped_bound("If a dose is missed, the dose should be skipped.", MISSED) == "more than 4 hours"
    assert dropped_bound("The tablets should be taken with meals.", APART) == "at least one hour"
    assert dropped_bound("如果漏服，应跳过该剂量。", "如果漏服超过4小时，应跳过该剂量。") == "超过4小时"


def test_a_time_set_against_a_meal_bounds_the_instruction():
    # no bound word: the time is set against the meal ("1 hour before"), 餐前1小时 in Chinese
    assert dropped_bound("Take the tablets before a meal.", "Take the tablets 1 hour before a meal.") == "1 hour before"
    assert dropped_bound("本品应在餐前服用。", "本品应在餐前1小时服用。") == "餐前1小时"
    # a time that is no condition: how long an infusion lasts
    assert dropped_bound("Infuse the injection.", "Infuse the injection over 2 hours.") is None


def test_the_claim_that_writes_the_bound_keeps_it():
    assert dropped_bound("If a dose is missed by more than four hours, skip it.", MISSED) is None
    assert dropped_bound("The tablets should be taken one hour before or after a meal.", APART) is None


def test_only_an_instruction_or_a_restated_clause_is_read():
    # a finding, not an instruction: the claim that leaves out its bound says less
    assert dropped_bound("The drug lowered the rate.", "The drug lowered the rate by more than 20%.") is None
    # the bound of another clause of the instruction: the rate cap of an infusion whose length the claim gives
    assert dropped_bound("Infuse the injection over 1 to 2 hours.",
                         "Infuse the injection over 1 to 2 hours, at a rate not exceeding 3 mg/kg per hour.") is None


def test_the_meal_timing_must_be_the_sources():
    assert "before or after a meal" in timing_differs("The tablets should be taken with a meal.", APART)
    assert timing_differs("The tablets should be taken with a meal.", "The tablets should be taken with or after a meal.")
    assert timing_differs("The tablets should be taken with food.", "The tablets should be taken with or without food.")
    assert timing_differs("The tablets should be taken on an empty stomach.", "The tablets should be taken.") == (
        "the claim's 'on an empty stomach' (meal timing) is not the source's: the source line gives no meal timing")
    assert timing_differs("本品应随餐服用。", "本品应在餐前1小时服用。")


def test_the_same_meal_timing_or_none_passes():
    assert timing_differs("The tablets may be taken with or without food.", "The tablets may be taken with or without food.") is None
    assert timing_differs("The tablets should be taken one hour before or after a meal.", APART) is None
    assert timing_differs("The tablets should be taken with meals.", "The tablets should be taken with a meal.") is None
    assert timing_differs("The tablets should be taken.", APART) is None


HALVED = "In these patients, use the standard loading dose regimen but halve the maintenance dose."


def test_a_dose_the_source_adjusts_named_without_the_adjustment():
    assert adjustment_dropped("In these patients, use the standard loading dose regimen and maintenance dose.", HALVED) == (
        "halve the maintenance dose")
    assert adjustment_dropped("In these patients, use the standard maintenance dose.",
                              "In these patients, the maintenance dose should be halved.") == "the maintenance dose should be halved"
    assert adjustment_dropped("轻度肝功能不全患者使用标准维持剂量。", "轻度肝功能不全患者维持剂量减半。") == "维持剂量减半"


def test_the_adjustment_kept_or_the_other_dose_passes():
    assert adjustment_dropped("In these patients, use the standard loading dose regimen.", HALVED) is None
    assert adjustment_dropped("In these patients, reduce the maintenance dose.", HALVED) is None
    # what is adjusted is only 'the dose': no word names which dose the claim gives unchanged
    assert adjustment_dropped("The starting dose is 200 mg.", "The starting dose is 200 mg; reduce the dose for toxicity.") is None
    # 'reduced' acting on no dose
    assert adjustment_dropped("The drug lowered the risk of death.", "The drug reduced the risk of death.") is None


def test_a_bound_of_the_claims_own_is_the_number_rules():
    # the claim states the other limit of the two: which one is the number and restriction rules' to read
    two_limits = "ALT must be no more than 2.5 x ULN, or no more than 5 x ULN in patients with liver involvement."
    assert dropped_bound("ALT must be no more than 5 x ULN in patients with liver involvement.", two_limits) is None
