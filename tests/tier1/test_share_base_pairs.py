"""Claim/source pairs through the whole pipeline: a share's base, the group it is a share of
(citeproof.values.share_base). The false claims exchange the base and what is counted — red-team
wrong PASSes ("40% of tablet users also own a smartphone" on "40% of smartphone users also own a
tablet") and their clinical and Chinese twins; each has a true claim of the same shape beside it
(the same base in other words order), which must still PASS.

Every claim cites its own line of one evidence file, so each pair is judged on its source alone.
"""

from __future__ import annotations

from values.helpers import verify_pairs

DEVICES = "About 40% of smartphone users also own a tablet."
SHOPPERS = "Among online shoppers, 40% were women."
MADE_UP = "Women made up 40% of online shoppers."
DOSE = "12% of patients who required dose reduction had grade 3 neutropenia."
SHOPPERS_ZH = "在网购用户中，40%为女性。"
SHOPPERS_ZH_HAS = "网购用户中有40%为女性。"
COHORT = "Of the 120 patients, 40% responded."
COHORTS = "Of the 120 patients, 40% responded; of the 80 patients, 30% responded."
DIABETES = "In patients with diabetes, 40% responded to treatment."

FALSE = [
    (DEVICES, "About 40% of tablet users also own a smartphone."),
    (SHOPPERS, "Among women, 40% were online shoppers."),
    (MADE_UP, "40% of women were online shoppers."),
    (DOSE, "12% of patients with grade 3 neutropenia required dose reduction."),
    (SHOPPERS_ZH, "在女性中，40%为网购用户。"),
    (SHOPPERS_ZH_HAS, "女性中有40%为网购用户。"),
    # the count of a base moved to another share's: still out of order
    (COHORTS, "40% of the 80 patients responded."),
]

TRUE = [
    (DEVICES, "Of smartphone users, about 40% also own a tablet."),
    (DEVICES, "About 40% of smartphone users also own a tablet."),
    (SHOPPERS, "Among online shoppers, 40% of respondents were women."),
    (MADE_UP, "Women made up 40% of the online shoppers."),
    (DOSE, "Of patients who required dose reduction, 12% had grade 3 neutropenia."),
    (SHOPPERS_ZH, "网购用户中有40%为女性。"),
    # a share and the count of its base, written in the other order
    (COHORT, "40% of the 120 patients responded."),
    (COHORTS, "30% of the 80 patients responded."),
    # the end of "patients with diabetes …" is guessed: a guess that runs into the verb must not
    # read the same base as another
    (DIABETES, "40% of patients with diabetes responded to treatment."),
]


def _statuses(tmp_path, pairs):
    return [(c.status, c.text, c.undecided_reasons) for c in verify_pairs(tmp_path, pairs)]


def test_a_share_taken_of_the_counted_group_is_left_to_the_judge_with_both_bases(tmp_path):
    out = _statuses(tmp_path, FALSE)
    assert [(status, text) for status, text, _ in out if status != "undecided"] == []
    assert "the claim takes 40% of 'tablet users'; the source takes it of 'smartphone users'" in out[0][2][0]
    assert "the claim takes 40% of 'women'; the source takes it of 'online shoppers'" in out[1][2][0]
    assert "the claim takes 12% of 'patients with grade 3 neutropenia'; the source takes it of 'patients who required dose reduction'" in out[3][2][0]
    assert "the claim takes 40% of '80 patients'; the source takes it of '120 patients'" in out[-1][2][0]


def test_a_share_of_the_same_base_in_other_words_passes(tmp_path):
    assert [(text, reasons) for status, text, reasons in _statuses(tmp_path, TRUE) if status != "pass"] == []
