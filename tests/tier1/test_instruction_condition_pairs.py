"""Claim/source pairs through the whole pipeline: a claim that drops the condition of a dosing
instruction, or changes its meal timing, is not backed by it (citeproof.values.instruction_terms;
red team rt32a: "If a dose is missed, the dose should be skipped." passed on "If a dose is
missed by more than 4 hours, the dose should be skipped." (t2), and "… should be taken with
meals / before a meal / after a meal / with or after a meal" on "… should be taken at least one
hour before or after a meal." (h7, h2)). The broader claim goes to the judge, never fails; the
claim that keeps the condition, and one whose source sets none, passes."""

from __future__ import annotations

from values.helpers import verify_pairs

MISSED = "If a dose is missed by more than 4 hours, the dose should be skipped."
APART = "The tablets should be taken at least one hour before or after a meal."
STABLE = "Patients must be on a stable dose for at least 2 weeks before enrolment."
TIMED = "Take the tablets 1 hour before a meal."
EITHER = "The tablets should be taken with or without food."
WITH_OR_AFTER = "The tablets should be taken with or after a meal."
INFUSE = "Infuse the injection over 1 to 2 hours, at a rate not exceeding 3 mg/kg per hour."
PLAIN = "If a dose is missed, the dose should be skipped."
ZH_MISSED = "如果漏服超过4小时，应跳过该剂量。"
ZH_BEFORE = "本品应在餐前1小时服用。"

BROADER = [
    (MISSED, "If a dose is missed, the dose should be skipped."),
    (MISSED, "A missed dose should be skipped if it is missed."),
    (APART, "The tablets should be taken with meals."),
    (APART, "The tablets should be taken before a meal."),
    (APART, "The tablets should be taken after a meal."),
    (APART, "The tablets should be taken with or after a meal."),
    (STABLE, "Patients must be on a stable dose before enrolment."),
    (TIMED, "Take the tablets before a meal."),
    (ZH_MISSED, "如果漏服，应跳过该剂量。"),
    (ZH_BEFORE, "本品应在餐前服用。"),
]

# the meal timing alone: the source sets no figure the claim drops
OTHER_TIMING = [
    (WITH_OR_AFTER, "The tablets should be taken with a meal."),
    (WITH_OR_AFTER, "The tablets should be taken after a meal."),
    (APART, "The tablets should be taken at least one hour after a meal."),
]

KEPT = [
    (MISSED, "If a dose is missed by more than 4 hours, the dose should be skipped."),
    (MISSED, "If a dose is missed by more than four hours, the dose should be skipped."),
    (APART, "The tablets should be taken at least one hour before or after a meal."),
    (STABLE, "Patients must be on a stable dose for at least 2 weeks before enrolment."),
    (TIMED, "Take the tablets 1 hour before a meal."),
    (EITHER, "The tablets should be taken with or without food."),
    (WITH_OR_AFTER, "The tablets should be taken with or after a meal."),
    (INFUSE, "Infuse the injection over 1 to 2 hours."),
    (PLAIN, "If a dose is missed, the dose should be skipped."),
    (ZH_MISSED, "如果漏服超过4小时，应跳过该剂量。"),
    (ZH_BEFORE, "本品应在餐前1小时服用。"),
]


def test_a_dropped_condition_goes_to_the_judge(tmp_path):
    claims = verify_pairs(tmp_path, BROADER)
    assert [(c.text, c.status) for c in claims if c.status != "undecided"] == []
    # the finding's cases are held back by this check, not by another that happens to catch them
    for i in (0, 2, 3, 4, 5, 7, 8):
        assert "holds under a bound" in " ".join(claims[i].undecided_reasons), claims[i].text


def test_another_meal_timing_goes_to_the_judge(tmp_path):
    claims = verify_pairs(tmp_path, OTHER_TIMING)
    assert [(c.text, c.status) for c in claims if c.status != "undecided"] == []
    for c in claims:
        assert "(meal timing) is not the source's" in " ".join(c.undecided_reasons), c.text


def test_the_claim_that_keeps_the_condition_passes(tmp_path):
    claims = verify_pairs(tmp_path, KEPT)
    assert [(c.text, c.status, c.undecided_reasons) for c in claims if c.status != "pass"] == []


# rt32a d1 line 11: the dose the source halves, named by the claim with no adjustment
HALVED = ("In patients with mild hepatic impairment (Class A and B), use the standard loading dose "
          "regimen but halve the maintenance dose.")
HALVED_AFTER = "In patients with mild hepatic impairment, the maintenance dose should be halved."
ZH_HALVED = "轻度肝功能不全患者维持剂量减半。"

UNADJUSTED = [
    (HALVED, "In patients with mild hepatic impairment (Class A and B), use the standard loading dose regimen and maintenance dose."),
    (HALVED_AFTER, "In patients with mild hepatic impairment, the maintenance dose should be used."),
    (ZH_HALVED, "轻度肝功能不全患者维持剂量不变。"),
]

ADJUSTED = [
    (HALVED, "In patients with mild hepatic impairment (Class A and B), use the standard loading dose regimen."),
    (HALVED, "In patients with mild hepatic impairment (Class A and B), halve the maintenance dose."),
    (HALVED_AFTER, "In patients with mild hepatic impairment, the maintenance dose should be halved."),
    (ZH_HALVED, "轻度肝功能不全患者维持剂量减半。"),
]


def test_a_dose_named_without_its_adjustment_goes_to_the_judge(tmp_path):
    claims = verify_pairs(tmp_path, UNADJUSTED)
    assert [(c.text, c.status) for c in claims if c.status != "undecided"] == []
    assert "the source adjusts the dose" in " ".join(claims[0].undecided_reasons)


def test_the_adjusted_dose_or_another_passes(tmp_path):
    claims = verify_pairs(tmp_path, ADJUSTED)
    assert [(c.text, c.status, c.undecided_reasons) for c in claims if c.status != "pass"] == []
