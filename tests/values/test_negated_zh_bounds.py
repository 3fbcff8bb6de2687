"""A negated Chinese comparative before a number is the complement bound (rt24b case4-6):
未超过5% is ≤ 5% as 不超过5% and "did not exceed 5%" are, not the > 5% its last two
characters say alone; 未低于 is ≥, 未达到 is <. Read so on both sides: a claim's "exceeded 5%"
does not meet a source's 未超过5%, and a claim's 未超过5% does not meet a source's "> 5%".
The negation is spent on the bound right before a number only: 未达到主要终点 still denies."""

from __future__ import annotations

import pytest

from citeproof.values.extract import extract_atoms
from citeproof.values.segment_support import polarity
from tests.values.helpers import verify_pairs


def _bound(text: str) -> list[tuple[float, str | None]]:
    return [(a.number, a.qualifier) for a in extract_atoms(text)]


@pytest.mark.parametrize(
    "text, qualifier",
    [
        ("停药比例未超过5%", "<="),
        ("停药比例没有超过5%", "<="),
        ("停药比例并未超过5%", "<="),
        ("停药比例均未超过5%", "<="),
        ("年治疗费用未高于5%", "<="),
        ("年治疗费用不高于5%", "<="),
        ("停药比例不多于5%", "<="),
        ("停药比例未低于5%", ">="),
        ("停药比例没有低于5%", ">="),
        ("停药比例不低于5%", ">="),
        ("停药比例未达到5%", "<"),
        ("停药比例没有达到5%", "<"),
        ("停药比例未达5%", "<"),
        # the positive forms keep their reading
        ("停药比例超过5%", ">"),
        ("停药比例高于5%", ">"),
        ("停药比例低于5%", "<"),
        ("停药比例不超过5%", "<="),
    ],
)
def test_a_negated_chinese_comparative_reads_as_its_complement(text, qualifier):
    assert _bound(text) == [(5.0, qualifier)]


@pytest.mark.parametrize("text", ["停药比例未超过5%", "停药比例没有达到5%", "停药比例未低于5%"])
def test_the_negation_of_a_bound_before_a_number_is_spent_on_the_bound(text):
    # the bound says what the negation says: no negation left for the polarity check
    assert not polarity(text)[0]


@pytest.mark.parametrize("text", ["该研究未达到主要终点。", "该研究没有达到主要终点。", "疗效未超过预期。"])
def test_a_negated_comparative_before_no_number_still_denies(text):
    assert polarity(text)[0]


# (source sentence, true claim, false twin), each side writing the negated bound once
PAIRS = [
    # claim side: the negated bound meets the source's ≤ and its positive twin does not
    ("治疗组因不良事件停药的比例≤5%。", "治疗组因不良事件停药的比例未超过5%。", "治疗组因不良事件停药的比例超过5%。"),
    ("对照组年治疗费用≤3万元。", "对照组年治疗费用没有超过3万元。", "对照组年治疗费用高于3万元。"),
    ("对照组年治疗费用≥3万元。", "对照组年治疗费用未低于3万元。", "对照组年治疗费用低于3万元。"),
    ("对照组年治疗费用<3万元。", "对照组年治疗费用未达到3万元。", "对照组年治疗费用达到3万元以上。"),
    # source side: the source's negated bound is the complement, so "exceeded" finds no number
    ("治疗组因不良事件停药的比例未超过5%。", "治疗组因不良事件停药的比例≤5%。", "治疗组因不良事件停药的比例>5%。"),
    ("治疗组因不良事件停药的比例未超过5%。", "治疗组因不良事件停药的比例不超过5%。", "治疗组因不良事件停药的比例超过5%。"),
    ("The discontinuation rate was 4.1%, 治疗组停药比例未高于5%。", "治疗组停药比例≤5%。", "治疗组停药比例高于5%。"),
]


@pytest.mark.parametrize(("source", "true", "false"), PAIRS, ids=[t for _, t, _ in PAIRS])
def test_a_negated_bound_meets_its_complement_and_the_positive_twin_fails(tmp_path, source, true, false):
    good, bad = verify_pairs(tmp_path, [(source, true), (source, false)])
    assert good.status != "fail", [r.message for r in good.reasons]
    assert [n.state for n in good.numbers] == ["supported"], [n.normalised for n in good.numbers]
    assert bad.status == "fail", (bad.status, [n.normalised for n in bad.numbers])
    assert [n.state for n in bad.numbers] != ["supported"]


def test_english_and_chinese_negated_bounds_agree(tmp_path):
    source = "The discontinuation rate due to adverse events did not exceed 5% in the treatment arm."
    claims = verify_pairs(tmp_path, [(source, "治疗组因不良事件停药的比例未超过5%。")])
    assert [n.normalised for n in claims[0].numbers] == ["≤ 5%"]
