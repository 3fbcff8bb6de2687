"""A Chinese group label written with its index — 队列A, A队列, 队列 A, 治疗臂A, 亚组A, 剂量组A,
队列I/队列II, 队列一 — names whose numbers they are, as "Cohort A" does, so the carrying segment
must name the same group with the same index.

Red team rt24b: "队列A的客观缓解率为31.5%" passed on "队列B的客观缓解率为31.5%。" (a single
capital is no entity, and Chinese has no word boundary to read "队列A" by), and so did A队列,
队列 A, 治疗臂A, 亚组A, 剂量组A against the B group's line, 队列C against 队列B and 队列I against
队列II.
"""

from __future__ import annotations

import pytest

from citeproof.values.segment_support import entity_tokens, numbered_labels
from tests.values.helpers import verify_pairs

# (source line, claim naming another group)
REGROUPED = [
    ("队列B的客观缓解率为31.5%。", "队列A的客观缓解率为31.5%。"),
    ("B队列的疾病控制率为66.0%。", "A队列的疾病控制率为66.0%。"),
    ("队列 B 的中位缓解持续时间为9.1个月。", "队列 A 的中位缓解持续时间为9.1个月。"),
    ("治疗臂B的3级以上不良事件发生率为12.2%。", "治疗臂A的3级以上不良事件发生率为12.2%。"),
    ("亚组B的完全缓解率为4.5%。", "亚组A的完全缓解率为4.5%。"),
    ("剂量组B的中位治疗时长为5.6个月。", "剂量组A的中位治疗时长为5.6个月。"),
    ("队列B的客观缓解率为31.5%。", "队列C的客观缓解率为31.5%。"),
    ("队列II的客观缓解率为31.5%。", "队列I的客观缓解率为31.5%。"),
    ("队列I的客观缓解率为31.5%。", "队列II的客观缓解率为31.5%。"),
    ("部分B的客观缓解率为31.5%。", "部分A的客观缓解率为31.5%。"),
    ("阶段2的客观缓解率为31.5%。", "阶段1的客观缓解率为31.5%。"),
]

# (source line, claim naming the same group, however spaced or ordered)
KEPT = [
    ("队列A的客观缓解率为31.5%。", "队列A的客观缓解率为31.5%。"),
    ("队列 A 的客观缓解率为31.5%。", "队列A的客观缓解率为31.5%。"),
    ("A队列的疾病控制率为66.0%。", "A队列的疾病控制率为66.0%。"),
    ("队列A的疾病控制率为66.0%。", "A队列的疾病控制率为66.0%。"),
    ("治疗臂A的3级以上不良事件发生率为12.2%。", "治疗臂A的3级以上不良事件发生率为12.2%。"),
    ("亚组A的完全缓解率为4.5%。", "亚组A的完全缓解率为4.5%。"),
    ("剂量组A的中位治疗时长为5.6个月。", "剂量组A的中位治疗时长为5.6个月。"),
    ("队列II的客观缓解率为31.5%。", "队列II的客观缓解率为31.5%。"),
    ("队列A和队列B的客观缓解率分别为31.5%和20.1%。", "队列A的客观缓解率为31.5%。"),
]


def test_the_group_labels_read():
    assert numbered_labels("队列A的客观缓解率为31.5%") == {"队列a"}
    assert numbered_labels("A队列的疾病控制率") == {"队列a"}  # the index before the word is the same group
    assert numbered_labels("队列 A 的中位缓解持续时间") == {"队列a"}
    assert numbered_labels("治疗臂A的不良事件") == {"治疗臂a"}  # the longest group word
    assert numbered_labels("剂量组A的中位治疗时长") == {"剂量组a"}
    assert numbered_labels("队列II的客观缓解率") == {"队列ii"}
    assert numbered_labels("队列一的中位总生存期") == {"队列一"}
    assert numbered_labels("队列12的客观缓解率") == {"队列12"}


@pytest.mark.parametrize("text", [
    "A型流感患者的缓解率",  # a type, not a group
    "维生素A水平升高",
    "HER2阳性组的缓解率",  # a longer Latin name before 组 is no index
    "PD-L1表达组",
    "IIIA期患者的缓解率",
    "一部分患者出现皮疹",  # "some", not part one
    "患者分为两组",
    "ABC组的缓解率",
    "队列AB的缓解率",
    "两组I级不良事件发生率相当",  # a grade after the group word
    "对照组12例患者出现皮疹",  # a count after it
    "各组p值均小于0.05",  # a small letter after it
])
def test_no_group_label_where_a_letter_is_no_group_index(text):
    assert not any(label.startswith(("队列", "组", "臂", "部分", "阶段")) or label.endswith("组") for label in numbered_labels(text))


def test_a_single_capital_alone_is_still_no_name():
    assert entity_tokens("队列A的客观缓解率为31.5%") == set()


def test_a_claim_about_another_group_is_left_to_the_judge(tmp_path):
    for c in verify_pairs(tmp_path, REGROUPED):
        assert c.status == "undecided", (c.text, c.status)
        assert any("entity not in one segment" in r for r in c.undecided_reasons), (c.text, c.undecided_reasons)


def test_a_claim_about_the_same_group_still_passes(tmp_path):
    for c in verify_pairs(tmp_path, KEPT):
        assert c.status == "pass", (c.text, c.status, c.undecided_reasons)


def test_a_section_of_another_group_does_not_carry_the_claim(tmp_path):
    # rt24b case18: the cited section is cohort B's, its lines name no cohort
    from tests.values.helpers import verify_against

    source = "# S\n\n## 队列A\n\n### 结果\n\n客观缓解率为52.0%。\n\n## 队列B\n\n### 结果\n\n客观缓解率为31.5%。\n"
    out = verify_against(tmp_path, source, "# R\n\n队列A的客观缓解率为31.5% [evidence:s.md#队列B/结果]。\n")
    assert [c.status for c in out.claims if c.anchors] != ["pass"]
