"""A spelled number after "the"/"these"/"those" names a set the text has in view ("the difference
between the two cohorts", "these three criteria"): a source shows such a set by listing its
members ("INTERVENTION 1 … INTERVENTION 2"), seldom by writing the count. Missing from the
window, the number is plausible — the judge counts the members — never supported, so such a
claim never passes on it. Before, it failed ``numeric_token_miss`` (NLI4CT 2023 dev b0b61978,
fe876bb0; HealthVer). A digit ("the 2 cohorts") and a number after any other word stay counts.
"""

from __future__ import annotations

import pytest

from citeproof.values.extract import extract_atoms
from tests.values.helpers import cited_report, verify_against

SOURCE = (
    "# S\n\n"
    "INTERVENTION 1: agent A 240 mg every 2 weeks (cohort with lung cancer)\n"
    "INTERVENTION 2: agent A 240 mg every 2 weeks (cohort with skin cancer)\n"
)


@pytest.mark.parametrize(
    "claim",
    [
        "The two cohorts receive the same dose of agent A.",
        "These two cohorts differ only in their cancer type.",
    ],
)
def test_a_set_in_view_is_left_to_the_judge(tmp_path, claim):
    out = verify_against(tmp_path, SOURCE, cited_report(claim, anchor="[evidence:s.md#L3-L4]"))
    (checked,) = [c for c in out.claims if c.anchors]
    assert checked.status == "undecided", checked.reasons
    (two,) = [n for n in checked.numbers if n.raw == "two"]
    assert two.state == "plausible"


@pytest.mark.parametrize(
    "claim",
    [
        "The 2 cohorts receive the same dose of agent A.",  # a digit is a count
        "Two cohorts receive the same dose of agent A.",  # no definite word before it
        "Both arms gave 300 mg every 2 weeks.",  # a number of the record, not a set
    ],
)
def test_a_count_the_window_does_not_write_still_fails(tmp_path, claim):
    out = verify_against(tmp_path, SOURCE, cited_report(claim, anchor="[evidence:s.md#L3-L4]"))
    (checked,) = [c for c in out.claims if c.anchors]
    assert checked.status == "fail"
    assert any(r.code == "numeric_token_miss" for r in checked.reasons)


@pytest.mark.parametrize(
    ("text", "definite"),
    [
        ("the two cohorts", True),
        ("these three criteria", True),
        ("those two questions", True),
        ("the 2 cohorts", False),
        ("two cohorts", False),
        ("in all two arms", False),
        ("over the two years", False),  # a measure with a unit, not a set in view
    ],
)
def test_only_a_spelled_number_after_a_definite_word_names_a_set(text, definite):
    (atom,) = extract_atoms(text, mode="claim")
    assert atom.definite is definite
