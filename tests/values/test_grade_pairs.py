"""Which grade a figure is stated for where a sentence names two grades
(citeproof.values.grade_pairs; red team rt35 g1, g2): a respectively list of grades gives the k-th
figure to the k-th grade, and a Chinese grade pair ('3级/4级') gives its figure to both."""

from __future__ import annotations

import pytest

from citeproof.values.grade_pairs import grade_crossed
from tests.values.helpers import verify_pairs

AND = "Grade 3 and grade 4 rash occurred in 11% and 2% of patients, respectively."
OR = "Grade 3 or grade 4 rash occurred in 22% and 9% of patients, respectively."
ONCE = "Grade 3 and 4 rash occurred in 11% and 2% of patients, respectively."
AFTER = "Rash of grade 3 and grade 4 was seen in 7% and 1%, respectively."
ZH_LIST = "3级和4级皮疹的发生率分别为11%和2%。"
ZH_PAIR = "3级/4级皮疹发生率为22%。"


@pytest.mark.parametrize(
    ("segment", "claim", "values"),
    [
        (AND, "Grade 4 rash occurred in 11% of patients.", [4, 11]),
        (AND, "Grade 3 rash occurred in 2% of patients.", [3, 2]),
        (OR, "Grade 4 rash occurred in 22% of patients.", [4, 22]),
        (ONCE, "Grade 4 rash occurred in 11% of patients.", [11]),
        (AFTER, "Grade 4 rash was seen in 7%.", [7]),
        (ZH_LIST, "4级皮疹的发生率为11%。", [11]),
        (ZH_PAIR, "4级皮疹发生率为22%。", [22]),
        (ZH_PAIR, "3级皮疹发生率为22%。", [22]),
        ("3级或4级皮疹发生率为22%。", "4级皮疹发生率为22%。", [22]),
        ("3/4级皮疹发生率为22%。", "4级皮疹发生率为22%。", [22]),
        # a range of grades is the pair together
        ("3-4级皮疹发生率为22%。", "4级皮疹发生率为22%。", [22]),
        ("3至4级皮疹发生率为22%。", "3级皮疹发生率为22%。", [22]),
    ],
)
def test_a_grade_given_another_grades_figure_is_held(segment: str, claim: str, values: list[float]) -> None:
    assert grade_crossed(claim, segment, values) is not None


@pytest.mark.parametrize(
    ("segment", "claim", "values"),
    [
        (AND, "Grade 3 rash occurred in 11% of patients.", [3, 11]),
        (AND, "Grade 4 rash occurred in 2% of patients.", [4, 2]),
        (OR, "Grade 4 rash occurred in 9% of patients.", [9]),
        (AFTER, "Grade 4 rash was seen in 1%.", [1]),
        (ZH_LIST, "4级皮疹的发生率为2%。", [2]),
        # the claim names the pair itself, or no grade
        (ZH_PAIR, "3/4级皮疹发生率为22%。", [22]),
        (ZH_PAIR, "3级或4级皮疹发生率为22%。", [22]),
        (ZH_PAIR, "皮疹发生率为22%。", [22]),
        # the pair written as a range of grades (rt27t case7: "3-4级" on "3/4级" was held)
        (ZH_PAIR, "3-4级皮疹发生率为22%。", [22]),
        ("3/4级皮疹发生率为22%。", "3～4级皮疹发生率为22%。", [22]),
        (AND, "Grade 3 and grade 4 rash occurred in 11% and 2% of patients, respectively.", [11, 2]),
        # a sentence that names one grade; the pair's sentence holds none of the claim's figures
        ("Grade 3 rash occurred in 14% of patients and grade 4 rash in 8%.", "Grade 4 rash occurred in 8% of patients.", [8]),
        ("3级/4级皮疹发生率为22%。4级腹痛为5%。", "4级腹痛为5%。", [5]),
    ],
)
def test_a_grade_with_its_own_figure_is_not_held(segment: str, claim: str, values: list[float]) -> None:
    assert grade_crossed(claim, segment, values) is None


def test_a_claim_without_a_figure_is_not_read() -> None:
    assert grade_crossed("Grade 4 rash occurred.", AND, []) is None


def test_crossed_grades_go_to_the_judge_and_own_figures_pass(tmp_path) -> None:
    claims = verify_pairs(tmp_path, [
        (AND, "Grade 4 rash occurred in 11% of patients."),
        (AFTER, "Grade 4 rash was seen in 7%."),
        (ZH_PAIR, "4级皮疹发生率为22%。"),
        (AND, "Grade 3 rash occurred in 11% of patients."),
        (AND, "Grade 4 rash occurred in 2% of patients."),
        (ZH_PAIR, "3/4级皮疹发生率为22%。"),
    ])
    assert [c.status for c in claims] == ["undecided"] * 3 + ["pass"] * 3
    assert "the other grade's" in claims[0].undecided_reasons[-1]


# --- red team rt36b g1: a grade with its bound, or two grades joined by "and", stated for one ---------

@pytest.mark.parametrize(
    ("segment", "claim", "values"),
    [
        # the figure is grade 3's and higher's: one grade alone is narrower
        ("≥3级中性粒细胞减少发生率为22%。", "3级中性粒细胞减少发生率为22%。", [22]),
        ("3级及以上中性粒细胞减少发生率为22%。", "3级中性粒细胞减少发生率为22%。", [22]),
        ("3级以上中性粒细胞减少发生率为22%。", "3级中性粒细胞减少发生率为22%。", [22]),
        ("3级或以上中性粒细胞减少发生率为22%。", "3级中性粒细胞减少发生率为22%。", [22]),
        ("≥ 3 级皮疹发生率为22%。", "3级皮疹发生率为22%。", [22]),
        # two grades joined by "and" without "respectively": the figure is both's
        ("Grades 3 and 4 neutropenia occurred in 22%.", "Grade 3 neutropenia occurred in 22%.", [3, 22]),
        ("Grade 3 and 4 neutropenia occurred in 22%.", "Grade 4 neutropenia occurred in 22%.", [4, 22]),
    ],
)
def test_one_grade_given_a_bounded_or_joined_grades_figure_is_held(segment: str, claim: str, values: list[float]) -> None:
    assert grade_crossed(claim, segment, values) is not None


@pytest.mark.parametrize(
    ("segment", "claim", "values"),
    [
        # the claim keeps the bound, in either language's form
        ("3级及以上中性粒细胞减少发生率为22%。", "≥3级中性粒细胞减少发生率为22%。", [22]),
        ("≥3级中性粒细胞减少发生率为22%。", "3级及以上中性粒细胞减少发生率为22%。", [22]),
        ("3级以上中性粒细胞减少发生率为22%。", "3级或以上中性粒细胞减少发生率为22%。", [22]),
        # a bounded grade in another sentence than the claim's figure
        ("≥3级皮疹发生率为10%。3级腹泻为22%。", "3级腹泻为22%。", [22]),
        # the claim names the pair itself
        ("Grades 3 and 4 neutropenia occurred in 22%.", "Grade 3 and 4 neutropenia occurred in 22%.", [3, 4, 22]),
        ("Grades 3 and 4 neutropenia occurred in 22%.", "Grade 3/4 neutropenia occurred in 22%.", [3, 4, 22]),
    ],
)
def test_a_claim_keeping_the_bound_or_the_pair_is_not_held(segment: str, claim: str, values: list[float]) -> None:
    assert grade_crossed(claim, segment, values) is None


@pytest.mark.parametrize(
    ("segment", "claim", "status"),
    [
        ("Grade 3+ neutropenia occurred in 22%.", "Grade 3 neutropenia occurred in 22%.", "undecided"),
        ("3级及以上中性粒细胞减少发生率为22%。", "3级中性粒细胞减少发生率为22%。", "undecided"),
        ("Grades 3 and 4 neutropenia occurred in 22%.", "Grade 3 neutropenia occurred in 22%.", "undecided"),
        ("3级中性粒细胞减少发生率为22%。", "3级中性粒细胞减少发生率为22%。", "pass"),
        ("Grade 3 neutropenia occurred in 22%.", "Grade 3 neutropenia occurred in 22%.", "pass"),
        ("Grades 3 and 4 neutropenia occurred in 22%.", "Grades 3 and 4 neutropenia occurred in 22%.", "pass"),
    ],
)
def test_through_the_pipeline_one_grade_for_a_bounded_or_joined_figure_goes_to_the_judge(tmp_path, segment, claim, status) -> None:
    [c] = verify_pairs(tmp_path, [(segment, claim)])
    assert c.status == status
