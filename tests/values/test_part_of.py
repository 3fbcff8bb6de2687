"""A figure of a part (after 其中 / "of which" / "of whom") given to the whole, or the whole's
given to the part: left to the judge; the part's figure kept with its part still passes."""

from __future__ import annotations

from citeproof.values.extract import extract_atoms
from citeproof.values.part_of import part_differs
from tests.values.helpers import verify_pairs

REVENUE_ZH = "2023年公司营收为80亿元，其中创新药收入为30亿元，同比增长50%。"
ENROLLED_ZH = "共入组120例患者，其中60例为EGFR突变阳性。"
REVENUE = "Revenue was $8 billion, of which drug sales were $3 billion, up 50%."
WOMEN = "Of the 200 patients enrolled, 120 were women, of whom 40 were over 65."

PART_MOVED = [
    (REVENUE_ZH, "2023年公司营收为80亿元，同比增长50%。"),
    (REVENUE_ZH, "公司营收同比增长50%。"),
    (REVENUE, "Revenue was $8 billion, up 50%."),
    (WOMEN, "Of the 200 patients enrolled, 40 were over 65."),
]

PART_KEPT = [
    (REVENUE_ZH, REVENUE_ZH),
    (REVENUE_ZH, "2023年公司营收为80亿元，其中创新药收入为30亿元。"),
    (ENROLLED_ZH, "共入组120例患者，其中60例为EGFR突变阳性。"),
    (ENROLLED_ZH, "共入组120例患者，60例为EGFR突变阳性。"),
    (REVENUE, "Drug sales were $3 billion, up 50%."),
    (WOMEN, "Of the 120 women enrolled, 40 were over 65."),
]


def _why(source: str, claim: str) -> str | None:
    return part_differs(claim, extract_atoms(claim), source)


def test_a_parts_figure_stated_without_the_part_is_found_and_named():
    assert all(_why(s, c) for s, c in PART_MOVED)
    why = _why(*PART_MOVED[0])
    assert why is not None and "50% after '其中'" in why and "创新药收入为30亿元" in why


def test_the_parts_figure_kept_with_its_part_is_not():
    assert [c for s, c in PART_KEPT if _why(s, c)] == []


def test_the_wholes_figure_said_with_the_parts_words_is_found():
    source = "2023年公司营收为80亿元，同比增长20%，其中创新药收入为30亿元。"
    why = _why(source, "创新药收入同比增长20%，营收为80亿元。")
    assert why is not None and "of the whole" in why
    assert _why(source, "2023年公司营收为80亿元，同比增长20%。") is None


def test_through_the_pipeline_a_moved_part_is_undecided_and_a_kept_one_passes(tmp_path):
    statuses = [c.status for c in verify_pairs(tmp_path, [*PART_MOVED, *PART_KEPT])]
    assert statuses == ["undecided"] * len(PART_MOVED) + ["pass"] * len(PART_KEPT)
