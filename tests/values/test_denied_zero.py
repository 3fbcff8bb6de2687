"""A zero the claim writes as a word ("None of the patients …") is seldom written as a count in
the source: "No patients had …", "… was not observed". Where the cited window negates, such a
zero is plausible (the judge reads it); where it does not, it is missing, as before. A digit 0
stays a count.

Found writing true claims by hand: "None of the patients had grade 4 neutropenia" FAILED
against "No patients had grade 4 neutropenia." — a correct report blocked.
"""

from __future__ import annotations

import pytest

from tests.values.helpers import cited_report, verify_against

SOURCE = (
    "# S\n\n"
    "No patients had grade 4 neutropenia.\n\n"
    "Grade 4 neutropenia was not observed in any patient.\n\n"
    "Grade 4 neutropenia occurred in 3 patients.\n"
)


@pytest.mark.parametrize(
    ("claim", "line"),
    [
        ("None of the patients had grade 4 neutropenia.", 3),
        ("None of the patients had grade 4 neutropenia.", 5),
        ("Zero patients had grade 4 neutropenia.", 3),
    ],
)
def test_a_zero_in_words_where_the_source_negates_is_left_to_the_judge(tmp_path, claim, line):
    out = verify_against(tmp_path, SOURCE, cited_report(claim, anchor=f"[evidence:s.md#L{line}]"))
    (checked,) = [c for c in out.claims if c.anchors]
    assert checked.status == "undecided", checked.reasons
    zero = next(n for n in checked.numbers if n.raw.lower() in ("none", "zero"))
    assert zero.state == "plausible"


@pytest.mark.parametrize(
    ("claim", "line"),
    [
        ("None of the patients had grade 4 neutropenia.", 7),  # the line counts 3: a fabricated zero
        ("0 patients had grade 4 neutropenia.", 3),  # a digit is a count the window does not hold
    ],
)
def test_a_zero_the_window_does_not_negate_or_a_digit_zero_still_fails(tmp_path, claim, line):
    out = verify_against(tmp_path, SOURCE, cited_report(claim, anchor=f"[evidence:s.md#L{line}]"))
    (checked,) = [c for c in out.claims if c.anchors]
    assert checked.status == "fail"
    assert any(f.code == "numeric_token_miss" for f in checked.reasons)


ARMS = (
    "# S\n\n"
    "Cohort A receives 200 mg film-coated tablets daily; cohort B receives 400 mg film-coated tablets daily.\n\n"
    "Arm A had 2 serious events and arm B had 3 serious events.\n"
)


def test_none_of_things_no_source_counts_is_left_to_the_judge(tmp_path):
    # NLI4CT 2023: "None of the cohorts … receive enteric-coated tablets" FAILED on its 'None' against
    # an intervention section that lists what each cohort receives and never counts cohorts
    claim = "None of the cohorts receive enteric-coated tablets."
    out = verify_against(tmp_path, ARMS, cited_report(claim, anchor="[evidence:s.md#L3]"))
    (checked,) = [c for c in out.claims if c.anchors]
    assert checked.status == "undecided", checked.reasons
    assert [n.state for n in checked.numbers] == ["plausible"]


@pytest.mark.parametrize(
    "claim",
    [
        "None of the patients had serious events in arm A.",  # counts patients: a count the window lacks
        "There were zero serious events in arm A.",  # 'zero' is a count however it is written
    ],
)
def test_a_zero_that_counts_a_count_noun_still_fails(tmp_path, claim):
    out = verify_against(tmp_path, ARMS, cited_report(claim, anchor="[evidence:s.md#L5]"))
    (checked,) = [c for c in out.claims if c.anchors]
    assert checked.status == "fail", checked.undecided_reasons
