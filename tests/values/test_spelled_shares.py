"""Shares spelled as words are fractions; ordinals and words that merely contain them are not.

The bad case this guards: "Half of the adult patients … responded" citing "30% of the adult
patients … responded" passed Tier 1 — every word matched, and "half" was no number.
"""

from __future__ import annotations

import pytest

from citeproof.values import assess_numbers
from citeproof.values.spelled_shares import numeric_shares
from tests.values.helpers import verify_against, window


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Half of the patients responded.", "1⁄2 of the patients responded."),
        ("They received half the dose.", "They received 1⁄2 the dose."),
        ("More than half of the patients", "More than 1⁄2 of the patients"),
        ("One-third of patients", "1⁄3 of patients"),
        ("a third of patients", "1⁄3 of patients"),
        ("Two-thirds of the patients", "2⁄3 of the patients"),
        ("three quarters of the cohort", "3⁄4 of the cohort"),
        ("a quarter of an hour", "1⁄4 of an hour"),
        ("一半的患者", "1⁄2的患者"),
        ("半数以上患者", "1⁄2以上患者"),
        ("过半数患者", "超过1⁄2患者"),
        ("三成患者", "30%患者"),
        ("七成以上", "70%以上"),
    ],
)
def test_a_spelled_share_is_written_as_a_fraction(text, expected):
    assert numeric_shares(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "the second half of the year",  # a part of a period, not a share
        "the other half of the cohort",
        "The half-life of the compound",
        "the third of three cycles",  # an ordinal
        "a quarter past nine",
        "two third of them",  # not a share as written
        "另一半患者",  # "the other half"
        "成年患者",  # 成年: adult
        "完成治疗",  # 完成: complete
        "三成年人",  # 成年 again
        "一成不变",  # "unchanging"
    ],
)
def test_an_ordinal_or_a_word_is_left_alone(text):
    assert numeric_shares(text) == text


def test_a_spelled_share_is_supported_only_by_its_value():
    assert [r.state for r in assess_numbers("Half of the patients responded.", [window("50% of the patients responded.")])] == [
        "supported"
    ]
    assert [r.state for r in assess_numbers("Half of the patients responded.", [window("30% of the patients responded.")])] == [
        "missing"
    ]
    # and a share spelled in the source supports the figure
    assert [r.state for r in assess_numbers("50% of the patients responded.", [window("Half of the patients responded.")])] == [
        "supported"
    ]


def test_a_fabricated_spelled_share_fails_and_the_true_one_passes(tmp_path):
    source = (
        "# Results\n\n30% of the adult patients enrolled in Arm A responded to the assigned treatment by week 12.\n\n"
        "在第12周随访时，A组入组的成年患者中有一半对所分配的治疗有反应。\n"
    )
    body = "the adult patients enrolled in Arm A responded to the assigned treatment by week 12 [evidence:t.md#L3].\n\n"
    report = (
        "# R\n\n"
        f"Half of {body}"
        f"A quarter of {body}"
        f"30% of {body}"
        "在第12周随访时，A组入组的成年患者中有三成对所分配的治疗有反应。[evidence:t.md#L5]\n\n"
        "在第12周随访时，A组入组的成年患者中有半数对所分配的治疗有反应。[evidence:t.md#L5]\n"
    )
    out = verify_against(tmp_path, source, report, name="t.md")
    assert [c.status for c in out.claims] == ["fail", "fail", "pass", "fail", "pass"]
