"""A grade in the claim's heading or lead-in (ctxfix 1): "## Grade 3 events" over "Neutropenia
occurred in 22% of patients" passed on "Grade 3/4 neutropenia occurred in 22% of patients", whose
figure belongs to grades 3 and 4 together. The context's grade is read as the claim's, as its
subject is; the claim's own grade, written in its sentence, is compared as before."""

from __future__ import annotations

import pytest

from citeproof.values.grade_pairs import context_grade, context_grade_crossed, names_grade, states_grade_alone
from tests.values.helpers import cited_claim


@pytest.mark.parametrize("contexts, grade", [
    (("Grade 3 events",), "3"),
    (("3级不良事件",), "3"),
    (("Haematological", "Grade 4 toxicity"), None),  # the nearest naming grades is not the first
    (("Grade 3/4 events",), None),  # a pair names grades together
    (("Grades 3 and 4",), None),
    (("Grade ≥3 events",), None),  # a bounded grade
    (("Grade 3 or higher",), None),
    (("≥3级不良事件",), None),
    (("Safety", "Results"), None),
])
def test_the_nearest_context_naming_grades_names_one(contexts, grade):
    found = context_grade(contexts)
    # a context naming no grade is read past to the next one
    assert found == grade or (contexts[0] == "Haematological" and found == "4")


@pytest.mark.parametrize("segment", [
    "Grade 3/4 neutropenia occurred in 22% of patients.",
    "Grades 3 and 4 neutropenia occurred in 22% of patients.",
    "Grade 4 neutropenia occurred in 22% of patients.",
    "Grade ≥3 neutropenia occurred in 22% of patients.",
    "3/4级中性粒细胞减少发生率为22%。",
    "≥3级中性粒细胞减少发生率为22%。",
])
def test_a_context_grade_the_line_does_not_give_the_figure_alone_differs(segment):
    why = context_grade_crossed("3", "Neutropenia occurred in 22% of patients", segment, [22.0])
    assert why is not None and why.startswith("the report states it under grade 3")


@pytest.mark.parametrize("claim, segment", [
    ("Neutropenia occurred in 22% of patients", "Grade 3 neutropenia occurred in 22% of patients."),
    ("Neutropenia occurred in 22% of patients", "Neutropenia occurred in 22% of patients."),  # the line names no grade
    ("中性粒细胞减少发生率为22%", "3级中性粒细胞减少发生率为22%。"),
    # the claim's own grade is its own: compared as written elsewhere
    ("Grade 4 neutropenia occurred in 22% of patients", "Grade 3/4 neutropenia occurred in 22% of patients."),
    # a grade given another figure of the line is no grade of this one
    ("Neutropenia occurred in 22% of patients", "Grade 3 neutropenia occurred in 22% and grade 4 in 5% of patients."),
])
def test_a_context_grade_the_line_gives_the_figure_alone_or_reads_no_further_does_not_differ(claim, segment):
    assert context_grade_crossed("3", claim, segment, [22.0]) is None


def test_a_context_grade_crosses_a_respectively_pair_as_the_claims_own_would():
    segment = "Grade 3 and grade 4 neutropenia occurred in 11% and 2% of patients, respectively."
    assert context_grade_crossed("4", "Neutropenia occurred in 11% of patients", segment, [11.0]) is not None
    assert context_grade_crossed("3", "Neutropenia occurred in 11% of patients", segment, [11.0]) is None


def test_a_line_states_a_grade_alone_only_where_it_holds_the_claims_figure():
    assert states_grade_alone("3", "3级中性粒细胞减少发生率为22%。", [22.0])
    assert not states_grade_alone("3", "3/4级中性粒细胞减少发生率为22%。", [22.0])
    assert not states_grade_alone("3", "3级贫血为5%。中性粒细胞减少为22%。", [22.0])


_G34 = "# Safety\n\nGrade 3/4 neutropenia occurred in 22% of patients.\n"
_G3 = "# Safety\n\nGrade 3 neutropenia occurred in 22% of patients.\n"
_CLAIM = "Neutropenia occurred in 22% of patients [evidence:s.md#L3].\n"
_ZH34 = "# 安全性\n\n3/4级中性粒细胞减少发生率为22%。\n"
_ZH3 = "# 安全性\n\n3级中性粒细胞减少发生率为22%。\n"
_ZH_CLAIM = "中性粒细胞减少发生率为22% [evidence:s.md#L3]。\n"


@pytest.mark.parametrize("source, report, status", [
    # a grade over the claim that the line gives its figure to together with another
    (_G34, "# R\n\n## Grade 3 events\n\n" + _CLAIM, "undecided"),
    (_G34, "# R\n\nGrade 3 events:\n\n- " + _CLAIM, "undecided"),
    (_G34, "# R\n\n## Grade 3 events\n\n### Haematological\n\n" + _CLAIM, "undecided"),
    (_G3.replace("Grade 3", "Grade 4"), "# R\n\n## Grade 3 events\n\n" + _CLAIM, "undecided"),
    (_ZH34, "# 综述\n\n## 3级不良事件\n\n" + _ZH_CLAIM, "undecided"),
    # the pair over the claim, the grade alone in the line, no grade over the claim
    (_G34, "# R\n\n## Grade 3/4 events\n\n" + _CLAIM, "pass"),
    (_G3, "# R\n\n## Grade 3 events\n\n" + _CLAIM, "pass"),
    (_G34, "# R\n\n## Safety\n\n" + _CLAIM, "pass"),
    (_ZH3, "# 综述\n\n## 3级不良事件\n\n" + _ZH_CLAIM, "pass"),
])
def test_through_the_pipeline_a_heading_grade_is_the_claims(tmp_path, source, report, status):
    claim = cited_claim(tmp_path, source, report)
    assert claim.status == status, claim.undecided_reasons


# ctx2: a heading naming grades together ("## Grade 3/4 events") gives a claim naming none the
# figure of those grades together; a line giving it to one of them alone does not carry it

@pytest.mark.parametrize("contexts, grades", [
    (("Grade 3/4 events",), {"3", "4"}),
    (("Grades 3 and 4",), {"3", "4"}),
    (("Grade 3-4 events",), {"3", "4"}),  # a range names the grades together too
    (("3/4级不良事件",), {"3", "4"}),
    (("2-4级不良事件",), {"2", "3", "4"}),
    (("Grade ≥3 events",), {"3", "4", "5"}),
    (("Haematological", "Grade 3/4 events"), {"3", "4"}),  # read past a context naming none
    (("Grade 3 events", "Grade 3/4 events"), None),  # the nearest names one grade
    (("Grade 3/4 and grade 5 events",), None),  # several sets
    (("Safety",), None),
])
def test_the_nearest_context_naming_grades_names_them_together(contexts, grades):
    from citeproof.values.grade_pairs import context_grades_together
    found = context_grades_together(contexts)
    assert found == (frozenset(grades) if grades else None)


@pytest.mark.parametrize("segment", [
    "Grade 3 neutropenia occurred in 22% of patients.",
    "Grade 4 neutropenia occurred in 22% of patients.",
    "Grade ≥3 neutropenia occurred in 22% of patients.",  # grade 5 too
    "Grade 3 neutropenia occurred in 22% and grade 4 in 5% of patients.",
    "Grade 3 and 4 neutropenia occurred in 22% and 5% of patients, respectively.",
    "3级中性粒细胞减少发生率为22%。",
])
def test_a_context_pair_the_line_does_not_give_the_figure_together_narrows(segment):
    from citeproof.values.grade_pairs import context_grades_narrowed
    why = context_grades_narrowed(frozenset({"3", "4"}), "Neutropenia occurred in 22% of patients", segment, [22.0])
    assert why is not None and why.startswith("the report states it under grades 3/4 together")


@pytest.mark.parametrize("claim, segment", [
    ("Neutropenia occurred in 22% of patients", "Grade 3/4 neutropenia occurred in 22% of patients."),
    ("Neutropenia occurred in 22% of patients", "Grades 3 and 4 neutropenia occurred in 22% of patients."),
    ("Neutropenia occurred in 22% of patients", "Grade 3-4 neutropenia occurred in 22% of patients."),
    ("Neutropenia occurred in 22% of patients", "Neutropenia occurred in 22% of patients."),  # no grade in the line
    ("Neutropenia occurred in 22% of patients", "Grade 3 anaemia was 5%. Grade 3/4 neutropenia was 22%."),
    # the claim's own grade is its own: compared as written elsewhere
    ("Grade 3 neutropenia occurred in 22% of patients", "Grade 3 neutropenia occurred in 22% of patients."),
])
def test_a_context_pair_the_line_gives_the_figure_together_or_reads_no_further_does_not_narrow(claim, segment):
    from citeproof.values.grade_pairs import context_grades_narrowed
    assert context_grades_narrowed(frozenset({"3", "4"}), claim, segment, [22.0]) is None


@pytest.mark.parametrize("source, report, status", [
    # the pair over the claim; the line gives the figure to one grade of it
    (_G3, "# R\n\n## Grade 3/4 events\n\n" + _CLAIM, "undecided"),
    (_G3, "# R\n\nGrade 3/4 events:\n\n- " + _CLAIM, "undecided"),
    (_G3, "# R\n\n## Grades 3 and 4\n\n### Haematological\n\n" + _CLAIM, "undecided"),
    (_G3, "# R\n\n## Grade 3-4 events\n\n" + _CLAIM, "undecided"),
    (_G3, "# R\n\n## Grade ≥3 events\n\n" + _CLAIM, "undecided"),
    # a range in the line under one grade's heading is the pair, not that grade
    (_G34.replace("3/4", "3-4"), "# R\n\n## Grade 3 events\n\n" + _CLAIM, "undecided"),
    # the same pair in the line, written either way; a line naming no grade
    (_G34, "# R\n\n## Grade 3-4 events\n\n" + _CLAIM, "pass"),
    (_G34.replace("3/4", "3-4"), "# R\n\n## Grade 3/4 events\n\n" + _CLAIM, "pass"),
    (_G34.replace("Grade 3/4", "Grades 3 and 4"), "# R\n\n## Grade 3/4 events\n\n" + _CLAIM, "pass"),
    (_G34.replace("Grade 3/4 neutropenia", "Neutropenia"), "# R\n\n## Grade 3/4 events\n\n" + _CLAIM, "pass"),
    (_G34.replace("3/4", "≥3"), "# R\n\n## Grade ≥3 events\n\n" + _CLAIM, "pass"),
])
def test_through_the_pipeline_a_heading_pair_is_the_claims(tmp_path, source, report, status):
    claim = cited_claim(tmp_path, source, report)
    assert claim.status == status, claim.undecided_reasons


def test_a_pair_written_in_the_claim_is_not_carried_by_one_grade(tmp_path):
    report = "# R\n\nGrade 3/4 neutropenia occurred in 22% of patients [evidence:s.md#L3].\n"
    claim = cited_claim(tmp_path, _G3, report)
    assert claim.status != "pass"
# rt37: a line giving each grade its own figure without 'respectively' gives the claim's figure to
# the grade written before it, not to every grade the line names
_EACH = "# Safety\n\nGrade 3 anaemia occurred in 9% of patients and grade 4 in 2%.\n"
_ZH_EACH = "# 安全性\n\n3级贫血发生率为9%，4级为2%。\n"


@pytest.mark.parametrize("grade, number, crossed", [
    ("4", 9.0, True),   # grade 3's figure under grade 4
    ("3", 2.0, True),   # grade 4's under grade 3
    ("3", 9.0, False),
    ("4", 2.0, False),
])
def test_a_context_grade_takes_the_figure_of_the_grade_written_before_it(grade, number, crossed):
    for segment in (_EACH.split("\n")[2], _ZH_EACH.split("\n")[2]):
        why = context_grade_crossed(grade, "Anaemia occurred in a share of patients", segment, [number])
        assert (why is not None) == crossed, (segment, why)


def test_a_figure_with_no_grade_written_before_it_is_read_as_before():
    # the grades follow their figures: nothing is read closer than the sentence's grades
    segment = "Anaemia occurred in 9% (grade 3) and 2% (grade 4) of patients."
    assert context_grade_crossed("4", "Anaemia occurred in 9% of patients", segment, [9.0]) is None


@pytest.mark.parametrize("text, named", [
    ("Grade ≥3 neutropenia occurred in 22%", True),
    ("Grade 3+ neutropenia occurred in 22%", True),
    ("≥3级中性粒细胞减少", True),
    ("Grade 4 neutropenia", True),
    ("Neutropenia occurred in 22%", False),
])
def test_a_claim_names_a_grade_of_its_own_bounded_or_not(text, named):
    assert names_grade(text) is named


@pytest.mark.parametrize("source, report, status", [
    (_EACH, "# R\n\n## Grade 4 events\n\nAnaemia occurred in 9% of patients [evidence:s.md#L3].\n", "undecided"),
    (_EACH, "# R\n\nGrade 4 events:\n\n- Anaemia occurred in 9% of patients [evidence:s.md#L3].\n", "undecided"),
    (_ZH_EACH, "# 综述\n\n## 4级不良事件\n\n贫血发生率为9% [evidence:s.md#L3]。\n", "undecided"),
    (_EACH, "# R\n\n## Grade 3 events\n\nAnaemia occurred in 9% of patients [evidence:s.md#L3].\n", "pass"),
    (_ZH_EACH, "# 综述\n\n## 3级不良事件\n\n贫血发生率为9% [evidence:s.md#L3]。\n", "pass"),
    # the claim's own bounded grade is its own, whatever grade the heading names
    ("# Safety\n\nGrade ≥3 neutropenia occurred in 22% of patients.\n",
     "# R\n\n## Grade 3 events\n\nGrade ≥3 neutropenia occurred in 22% of patients [evidence:s.md#L3].\n", "pass"),
    ("# Safety\n\nGrade 3/4 neutropenia occurred in 22% of patients.\n",
     "# R\n\n## Grade 3 events\n\nGrade ≥3 neutropenia occurred in 22% of patients [evidence:s.md#L3].\n", "undecided"),
])
def test_through_the_pipeline_the_grade_written_before_the_figure_is_its_own(tmp_path, source, report, status):
    claim = cited_claim(tmp_path, source, report)
    assert claim.status == status, claim.undecided_reasons
