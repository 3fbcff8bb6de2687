"""A claim with a negation more than its carrying segment does not pass, even when both are
negated somewhere.

The per-text flag says only "negated or not": "No prior cancer unless therapy was not
completed" and "No prior cancer unless therapy was completed" are both negated, and every
word of the claim is the source's. The count tells them apart; a claim that negates as often
as the source, or less often (it leaves out a negated part), is untouched by it.
"""

from __future__ import annotations

import pytest

from citeproof.values.segment_support import counted_polarity, polarity
from tests.values.helpers import cited_report, verify_against

# (claim, source): the claim adds a negation inside a sentence the source already negates
ADDED = [
    ("No prior invasive cancer unless all systemic therapy was not completed at least 1 year ago.",
     "No prior invasive cancer unless all systemic therapy was completed at least 1 year ago."),
    ("Patients could not enrol if chemotherapy was not stopped 4 weeks before.",
     "Patients could not enrol if chemotherapy was stopped 4 weeks before."),
    ("如果未完成化疗，患者不能入组。", "如果完成化疗，患者不能入组。"),
]

# (claim, source): the same negations, or fewer (a negated part left out)
KEPT = [
    ("No prior invasive cancer unless all systemic therapy was completed at least 1 year ago.",
     "No prior invasive cancer unless all systemic therapy was completed at least 1 year ago."),
    ("Patients could not enrol if chemotherapy was stopped 4 weeks before.",
     "If chemotherapy was stopped 4 weeks before, patients could not enrol."),
    ("No serious adverse events occurred in Arm A.", "No serious adverse events occurred in Arm A and none in Arm B."),
    ("如果完成化疗，患者不能入组。", "如果完成化疗，患者不能入组。"),
]


def test_the_count_reads_words_phrases_and_chinese_characters():
    assert counted_polarity("no x unless y was not done")[0] == 2
    assert counted_polarity("no x unless y was done")[0] == 1
    assert counted_polarity("it failed to respond and was not seen")[0] == 2  # a phrase cue counts too
    assert counted_polarity("如果未完成化疗，患者不能入组")[0] == 2
    assert counted_polarity("不良事件未见")[0] == 1  # 不良 (adverse) is no negation
    assert counted_polarity("more than 5 patients")[0] == 0


def test_the_flag_is_the_count_read_as_a_flag():
    for text in ("no x unless y was not done", "x was done", "未见", "不良事件"):
        assert polarity(text)[0] == (counted_polarity(text)[0] > 0)


@pytest.mark.parametrize(("claim", "source"), ADDED)
def test_a_negation_added_beside_another_is_left_to_the_judge(tmp_path, claim, source):
    out = verify_against(tmp_path, f"# S\n\n{source}\n", cited_report(claim))
    (checked,) = [c for c in out.claims if c.anchors]
    assert checked.status == "undecided"
    assert "negat" in " ".join(checked.undecided_reasons)


@pytest.mark.parametrize(("claim", "source"), KEPT)
def test_as_many_negations_or_fewer_still_pass(tmp_path, claim, source):
    out = verify_against(tmp_path, f"# S\n\n{source}\n", cited_report(claim))
    (checked,) = [c for c in out.claims if c.anchors]
    assert checked.status == "pass", (checked.reasons, checked.undecided_reasons)


@pytest.mark.parametrize("text, negated", [
    ("不足三成的患者出现皮疹。", False),  # less than 30%: a bound, no negation (rt18a)
    ("不足 30% 的患者出现皮疹。", False),
    ("不足半数的患者出现皮疹。", False),
    ("该组的给药剂量不足。", True),  # insufficient: a negation, no number follows
])
def test_a_bound_word_before_a_number_negates_nothing(text, negated):
    assert polarity(text)[0] is negated
