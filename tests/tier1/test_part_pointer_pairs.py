"""Claim/source pairs through the whole pipeline: a pointer to the report's own part ("Table 1",
"如表1所示", "图3显示") beside a claim's figures. Red team rt34b n3: the Chinese pointer's number
failed numeric_token_miss (a wrong FAIL); the figure beside it must still be checked.
"""

from __future__ import annotations

import pytest

from values.helpers import verify_pairs

_ORR = "治疗组的客观缓解率为45%，对照组为31%。"
_PFS = "治疗组的中位无进展生存期为11.2个月，对照组为7.4个月。"

NOT_PASS = [
    (_ORR, "如表1所示，治疗组的客观缓解率为54%。"),  # a fabricated figure beside the pointer
    (_PFS, "图3显示治疗组的中位无进展生存期为12.1个月。"),
    (_ORR, "1张表显示治疗组的客观缓解率为45%。"),  # a count of tables the source never gives
]

NOT_FAIL = [
    (_ORR, "如表1所示，治疗组的客观缓解率为45%。"),
    (_PFS, "表 2：治疗组的中位无进展生存期为11.2个月。"),
    (_PFS, "图3显示治疗组的中位无进展生存期为11.2个月。"),
    (_PFS, "见附图2，治疗组的中位无进展生存期为11.2个月。"),
    (_ORR, "补充表2显示治疗组的客观缓解率为45%。"),
    (_ORR, "由表S1可知，治疗组的客观缓解率为45%。"),
]


@pytest.mark.parametrize("pairs, wrong", [(NOT_PASS, "pass"), (NOT_FAIL, "fail")], ids=["false-claims", "true-claims"])
def test_no_pair_ends_the_wrong_way(tmp_path, pairs, wrong):
    wrongly = [c.text for c in verify_pairs(tmp_path, pairs) if c.status == wrong]
    assert wrongly == []


def test_a_fabricated_figure_beside_a_pointer_fails_on_the_figure(tmp_path):
    (claim,) = verify_pairs(tmp_path, NOT_PASS[:1])
    assert claim.status == "fail" and "54%" in str(claim.reasons[0])


def test_a_pointers_number_is_no_digit_the_source_must_write(tmp_path):
    # every other word of the claim is the source's: only the pointer's "1" is not
    pairs = [("如表所示，治疗组的客观缓解率为45%。", "如表1所示，治疗组的客观缓解率为45%。")]
    assert [c.status for c in verify_pairs(tmp_path, pairs)] == ["pass"]
