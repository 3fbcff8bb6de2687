"""Claim/source pairs through the whole pipeline: a restriction the source attaches to a number
or a criterion, dropped by the claim or moved onto another number (citeproof.values.restriction).
Each false claim copies its source line but for the restriction; it must not pass, and since
the line does say something close, it must not fail either: it goes to the judge. The true
claim of the same shape keeps the restriction, or takes a number the restriction is not
attached to, and passes.
"""

from __future__ import annotations

from values.helpers import verify_pairs

BAND = "Risk score of at least 0.1% for women age 20-29 years."
SETTING = "Less than 3 different prior regimens for advanced disease."
EXCEPT = (
    "No other illness within the past 5 years except adequately treated condition alpha, condition beta "
    "of the skin, or adequately treated stage I or II condition gamma currently in complete remission."
)
TWO_LIMITS = "ALT must be no more than 2.5 x ULN, or no more than 5 x ULN in patients with liver involvement."
ZH_TWO_LIMITS = "ALT不超过2.5倍ULN，肝转移患者中ALT不超过5倍ULN。"
ZH_BAND = "风险评分≥0.1%，仅限20-29岁女性。"
ONLY_BAND = "Risk score of at least 0.1%, only for women age 20-29 years."
SUBJECT = "Revenue from the top 10 customers reached $2.4 billion in fiscal 2023."
CONDITION = "Patients with enzyme level at most 2.5 x ULN are eligible if bone scans show no lesions."
MORE_SAID = "The objective response rate was 40%, with a median duration of response of 8 months."

DROPPED_OR_MOVED = [
    (BAND, "Risk score of at least 0.1%."),
    (SETTING, "Less than 3 different prior regimens."),
    (
        EXCEPT,
        "No other illness within the past 5 years except condition alpha, condition beta of the skin, or stage I or II "
        "condition gamma.",
    ),
    (TWO_LIMITS, "ALT must be no more than 2.5 x ULN in patients with liver involvement."),
    (ZH_TWO_LIMITS, "ALT不超过5倍ULN。"),
    (ZH_TWO_LIMITS, "肝转移患者中ALT不超过2.5倍ULN。"),
    (ZH_BAND, "风险评分≥0.1%。"),
    (ONLY_BAND, "Risk score of at least 0.1%."),
    (SUBJECT, "Revenue reached $2.4 billion in fiscal 2023."),
    # the other limit in a parenthesis; a Chinese population without "中"; a Chinese parenthetical restriction
    ("Bilirubin no more than 1.5 x ULN (3 x ULN for patients with an inherited condition).",
     "Bilirubin no more than 1.5 x ULN for patients with an inherited condition."),
    ("ALT不超过2.5倍ULN，肝转移患者不超过5倍ULN。", "肝转移患者ALT不超过2.5倍ULN。"),
    ("风险评分≥0.1%（适用于20-29岁女性）。", "风险评分≥0.1%。"),
    (CONDITION, "Patients with enzyme level at most 2.5 x ULN are eligible."),
]

KEPT = [
    (BAND, "Risk score of at least 0.1% for women age 20-29 years."),
    (SETTING, "Less than 3 different prior regimens for advanced disease."),
    (EXCEPT, EXCEPT),
    (TWO_LIMITS, "ALT must be no more than 2.5 x ULN."),
    (TWO_LIMITS, "ALT must be no more than 5 x ULN in patients with liver involvement."),
    # the sentence goes on about another arm: summarising it away drops no restriction of the claim's
    ("Grade 3 fatigue occurred in 12 (24%) patients in Arm A, and 5 (10%) in Arm B.",
     "Grade 3 fatigue occurred in 12 (24%) patients in Arm A."),
    (ZH_TWO_LIMITS, "ALT不超过2.5倍ULN。"),
    (ZH_TWO_LIMITS, "肝转移患者中ALT不超过5倍ULN。"),
    (ZH_BAND, ZH_BAND),
    (ONLY_BAND, ONLY_BAND),
    (SUBJECT, SUBJECT),
    ("Bilirubin no more than 1.5 x ULN (3 x ULN for patients with an inherited condition).",
     "Bilirubin no more than 1.5 x ULN."),
    ("风险评分≥0.1%（适用于20-29岁女性）。", "风险评分≥0.1%（适用于20-29岁女性）。"),
    (CONDITION, CONDITION),
    # what the sentence says besides, after a comma, is no restriction of the claim's number
    (MORE_SAID, "The objective response rate was 40%."),
    # nor is what it says of another number, the tail of a phrase the claim keeps, or a number's own phrase
    ("Median overall survival was 14.2 months with the study drug versus 10.1 months with placebo.",
     "Median overall survival was 14.2 months with the study drug."),
    ("Patients received 200 mg orally once daily in 28-day cycles until progression.",
     "Patients received 200 mg orally once daily in 28-day cycles."),
    ("The study drug 75 mg/m2 was given intravenously every 3 weeks for up to 6 cycles.",
     "The study drug 75 mg/m2 was given intravenously every 3 weeks."),
    ("The response rate was 40% with a median duration of response of 8 months.", "The response rate was 40%."),
]


def test_a_dropped_or_moved_restriction_goes_to_the_judge(tmp_path):
    claims = verify_pairs(tmp_path, DROPPED_OR_MOVED)
    assert [(c.text, c.status) for c in claims if c.status != "undecided"] == []
    # the reason names what the claim left out or moved
    reasons = [" ".join(c.undecided_reasons) for c in claims]
    assert "for women age 20-29 years" in reasons[0]
    assert "for advanced disease" in reasons[1]
    assert "'adequately'" in reasons[2] or "'treated'" in reasons[2]  # the exception's qualifier, by either check
    assert "another number" in reasons[3] and "5 x ULN" in reasons[3]


def test_the_claim_that_keeps_the_restriction_passes(tmp_path):
    claims = verify_pairs(tmp_path, KEPT)
    assert [(c.text, c.status, c.undecided_reasons) for c in claims if c.status != "pass"] == []
