"""A numbered label the claim gives (grade 4, stage 3A, phase 2, dose level 2, cycle 15) must be
written with its number in the carrying segment; the digits alone are no evidence.

Found by mutating lines of real trial records: "Cycle 15, Day 1" passed on "Cycle 1, Day 1 …
day 15", "Phase 2: … 25 mg" on "Phase 1: … 25 mg" (the 2 of "Phase 2" is in the other arm's
line, the 15 in "day 15"), "grade 4" on "grade 3 … 4 (8%) patients".
"""

from __future__ import annotations

import pytest

from citeproof.values.written_labels import labels_of, unwritten_label
from tests.values.helpers import cited_report, verify_against


def test_labels_read_with_lists_ranges_and_the_dose_level_spelling():
    assert labels_of("grade 4 neutropenia in 24%") == (("grade", "4"),)
    assert labels_of("grades 3-4 and stage 3a") == (("grade", "3"), ("grade", "4"), ("stage", "3a"))
    assert labels_of("phases 1 through 3") == (("phase", "1"), ("phase", "2"), ("phase", "3"))
    assert labels_of("dose level 2") == (("level", "2"),)
    assert labels_of("a 4-day cycle of 50 mg") == ()  # no label number
    assert labels_of("grade 3.5 mm") == ()  # a decimal is a value


@pytest.mark.parametrize(
    ("claim", "segment", "missing"),
    [
        ("grade 4 neutropenia", "grade 3 neutropenia occurred in 12 (24%) and 4 (8%)", "grade 4"),
        ("stage 3b disease", "stage 3a disease", "stage 3b"),
        ("cycle 15, day 1", "cycle 1, day 1, and day 15", "cycle 15"),
        ("dose level 2: 24 mg", "level 1: 24 mg", "level 2"),
    ],
)
def test_a_label_the_segment_does_not_write_is_named(claim, segment, missing):
    assert unwritten_label(labels_of(claim), segment) == missing


@pytest.mark.parametrize(
    ("claim", "segment"),
    [
        ("grade 4 neutropenia", "grade 3-4 neutropenia"),
        ("grade 4 neutropenia", "grades 3 or 4 neutropenia"),
        ("stage 3 disease", "stage 3a disease"),  # the claim less exact than the source
        ("phase 2", "phases 1 through 3"),
        ("dose level 2", "level 2"),
        ("grade 3 or higher adverse events", "grade ≥3 adverse events"),
        ("grade 3 or higher adverse events", "grade >= 3 adverse events"),
    ],
)
def test_a_label_the_segment_writes_or_lists_is_not(claim, segment):
    assert unwritten_label(labels_of(claim), segment) is None


SOURCE = (
    "# S\n\n"
    "Phase 1: Drug Y 25 mg twice daily from Cycle 1, Day 1 and day 15.\n\n"
    "Phase 2: Drug Y 100 mg twice daily.\n\n"
    "Stage IIIA disease with grade 3 or 4 toxicity in 12 patients.\n"
)


@pytest.mark.parametrize(
    ("claim", "anchor"),
    [
        ("Phase 2: Drug Y 25 mg twice daily from Cycle 1, Day 1 and day 15.", "L3-L5"),
        ("Phase 1: Drug Y 25 mg twice daily from Cycle 15, Day 1 and day 15.", "L3"),
        ("Stage IIIB disease with grade 3 or 4 toxicity in 12 patients.", "L7"),
    ],
)
def test_through_the_pipeline_a_relabelled_line_is_left_to_the_judge(tmp_path, claim, anchor):
    out = verify_against(tmp_path, SOURCE, cited_report(claim, anchor=f"[evidence:s.md#{anchor}]"))
    (checked,) = [c for c in out.claims if c.anchors]
    assert checked.status != "pass"  # undecided; a substage the window lacks fails as a value


@pytest.mark.parametrize(
    ("claim", "anchor"),
    [
        ("Phase 1: Drug Y 25 mg twice daily from Cycle 1, Day 1 and day 15.", "L3-L5"),
        ("Stage 3A disease with grade 3 or 4 toxicity in 12 patients.", "L7"),
    ],
)
def test_through_the_pipeline_the_same_labels_still_pass(tmp_path, claim, anchor):
    out = verify_against(tmp_path, SOURCE, cited_report(claim, anchor=f"[evidence:s.md#{anchor}]"))
    (checked,) = [c for c in out.claims if c.anchors]
    assert checked.status == "pass", (checked.reasons, checked.undecided_reasons)
