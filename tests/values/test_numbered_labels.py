"""A numbered label the claim gives its numbers ("Grade 4 …", 第3周期, 2级) must be written in
the carrying segment, not only its digits.

Found by mutating passing red-team claims: "Grade 4 neutropenia occurred in 24% of patients
in Arm A" passed on "Grade 3 neutropenia occurred in 12 (24%) patients in Arm A and 4 (8%) …"
(a capitalised first word is no name, and the 4 is written elsewhere in the line), and
"第2周期时，2级皮疹发生率为12%" passed on "第3周期时，2级皮疹发生率为12%" (Chinese labels were
not names at all).
"""

from __future__ import annotations

import pytest

from citeproof.values.segment_support import entity_tokens, numbered_labels
from tests.values.helpers import cited_report, verify_against

SOURCE = "# S\n\nGrade 3 neutropenia occurred in 12 (24%) patients in Arm A and 4 (8%) patients in Arm B.\n\n第3周期时，2级皮疹发生率为12%。\n"


def _cited(claim: str) -> str:
    # each claim cites the source line in its own language
    return cited_report(claim, anchor="[evidence:s.md#L3]" if claim.isascii() else "[evidence:s.md#L5]")

# (claim, the label the reason names)
RELABELLED = [
    ("Grade 4 neutropenia occurred in 24% of patients in Arm A.", "grade 4"),
    ("Grade 12 neutropenia occurred in 24% of patients in Arm A.", "grade 12"),
    ("第2周期时，2级皮疹发生率为12%。", "第2周期"),
    ("第3周期时，3级皮疹发生率为12%。", "3级"),
]

KEPT = [
    "Grade 3 neutropenia occurred in 24% of patients in Arm A.",
    "In Arm A, grade 3 neutropenia occurred in 24% of patients.",
    "第3周期时，2级皮疹发生率为12%。",
    "第 3 周期时，2 级皮疹发生率为12%。",
]


def test_the_labels_read():
    assert numbered_labels("Arm B had 24%.") == {"arm b"}
    assert numbered_labels("Grade 4 neutropenia occurred in 24%.") == set()  # a grade is written_labels' to read
    assert numbered_labels("第3周期时，2级皮疹发生率为12%。") == {"第3周期", "2级"}
    assert numbered_labels("第 3 周期时，2 级皮疹") == {"第3周期", "2级"}
    assert numbered_labels("皮疹发生率为1.2级") == set()  # the tail of a decimal is no label
    assert numbered_labels("Patients in grade 4 were 24%.") == set()  # not first: entity_tokens' job
    assert numbered_labels("Revenue 2023 was $4.5bn.") == {"revenue 2023"}
    assert numbered_labels("Response 4.5 was seen") == set()  # a decimal is a value, not a label number
    assert numbered_labels("Drug Y 24mg/m2 and Drug Z 30mg/m2: Part 2.") == {"drug y", "part 2"}  # after a colon, before a full stop
    assert numbered_labels("Cohorts 1 and 2 received 25 mg.") == set()  # a list of labels is the binding check's
    assert numbered_labels("Days 1-8: 50 mg.") == set()


def test_a_dose_level_after_a_colon_is_written_in_the_line_that_carries_the_doses(tmp_path):
    # mutation of a real record's line: the doses of level 1 claimed for level 2 (the 2 of
    # "Level 2" was found in "mg/m2")
    source = "# S\n\nDrug Y 24mg/m2 and Drug Z 30mg/m2: Level 1\n\nDrug Y 32mg/m2 and Drug Z 30mg/m2: Level 2\n"
    claims = ["Drug Y 24mg/m2 and Drug Z 30mg/m2: Level 2.", "Drug Y 24mg/m2 and Drug Z 30mg/m2: Level 1."]
    out = verify_against(tmp_path, source, cited_report(*claims, anchor="[evidence:s.md#L3-L5]"))
    assert [c.status for c in out.claims if c.anchors] == ["undecided", "pass"]


def test_the_names_other_checks_pair_numbers_with_are_unchanged():
    # the binding check reads entity_tokens as the names numbers belong to: a sentence's first
    # label stays out of it, or it would take the numbers from "Arm A"
    assert "grade 3" not in entity_tokens("Grade 3 neutropenia occurred in 12 patients in Arm B.")


@pytest.mark.parametrize(("claim", "label"), RELABELLED)
def test_a_label_the_segment_does_not_write_is_left_to_the_judge(tmp_path, claim, label):
    out = verify_against(tmp_path, SOURCE, _cited(claim))
    (checked,) = [c for c in out.claims if c.anchors]
    assert checked.status == "undecided"
    assert label in " ".join(checked.undecided_reasons)


@pytest.mark.parametrize("claim", KEPT)
def test_a_label_the_segment_writes_still_passes(tmp_path, claim):
    out = verify_against(tmp_path, SOURCE, _cited(claim))
    (checked,) = [c for c in out.claims if c.anchors]
    assert checked.status == "pass", (checked.reasons, checked.undecided_reasons)


@pytest.mark.parametrize("claim", ["3 级及以上皮疹发生率为12%。", "3级及以上皮疹发生率为12%。", "≥3级皮疹发生率为12%。"])
def test_a_label_the_segment_writes_with_a_space_still_passes(tmp_path, claim):
    # rt18a: the claim's "3 级" reads as the label 3级, which the line "3 级及以上…" writes with its space
    out = verify_against(tmp_path, "# S\n\n3 级及以上皮疹发生率为12%。\n", cited_report(claim, anchor="[evidence:s.md#L3]"))
    (checked,) = [c for c in out.claims if c.anchors]
    assert checked.status == "pass", (checked.reasons, checked.undecided_reasons)


def test_another_label_than_the_spaced_one_is_still_left_to_the_judge(tmp_path):
    out = verify_against(tmp_path, "# S\n\n3 级及以上皮疹发生率为12%。\n", cited_report("2级及以上皮疹发生率为12%。", anchor="[evidence:s.md#L3]"))
    (checked,) = [c for c in out.claims if c.anchors]
    assert checked.status == "undecided"
