"""A number that counts the members of a set the source lists — a spelled number after
"the"/"these"/"those" ("the difference between the two cohorts", "these three criteria"), or a
number before "different", "types of" … ("3 different drugs", "more than one type of
medication"), or a spelled number before a group noun ("two cohorts", "three arms") — is seldom written as a count: the source lists the members ("INTERVENTION 1 …
INTERVENTION 2"). Missing from the window, the number is plausible — the judge counts the
members — never supported, so such a claim never passes on it. Before, it failed
``numeric_token_miss`` (NLI4CT 2023 dev b0b61978, fe876bb0, 82a3e542; test bca4c94d;
HealthVer). A digit ("the 2 cohorts") and a number elsewhere stay counts.
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
        "The trial gives agent A to two different cohorts.",
        "Patients in the trial have two types of cancer.",
        "Two cohorts receive the same dose of agent A.",  # a group noun after it (rt16b)
    ],
)
def test_a_set_in_view_is_left_to_the_judge(tmp_path, claim):
    out = verify_against(tmp_path, SOURCE, cited_report(claim, anchor="[evidence:s.md#L3-L4]"))
    (checked,) = [c for c in out.claims if c.anchors]
    assert checked.status == "undecided", checked.reasons
    (two,) = [n for n in checked.numbers if n.raw.lower() == "two"]
    assert two.state == "plausible"


@pytest.mark.parametrize(
    "claim",
    [
        "The 2 cohorts receive the same dose of agent A.",  # a digit is a count
        "Both arms gave 300 mg every 2 weeks.",  # a number of the record, not a set
    ],
)
def test_a_count_the_window_does_not_write_still_fails(tmp_path, claim):
    out = verify_against(tmp_path, SOURCE, cited_report(claim, anchor="[evidence:s.md#L3-L4]"))
    (checked,) = [c for c in out.claims if c.anchors]
    assert checked.status == "fail"
    assert any(r.code == "numeric_token_miss" for r in checked.reasons)


@pytest.mark.parametrize(
    ("claim", "status"),
    [
        ("Patients may have had more than 3 different prior treatments.", "fail"),  # the source writes the count
        ("Patients may have had 2 different prior treatments.", "undecided"),  # it writes none of two
    ],
)
def test_a_set_count_the_source_writes_is_compared_as_a_count(tmp_path, claim, status):
    source = "# S\n\nPatients may have had less than 3 different prior treatments.\n"
    out = verify_against(tmp_path, source, cited_report(claim, anchor="[evidence:s.md#L3]"))
    (checked,) = [c for c in out.claims if c.anchors]
    assert checked.status == status, checked.reasons


@pytest.mark.parametrize(
    ("text", "counts_set"),
    [
        ("the two cohorts", True),
        ("these three criteria", True),
        ("those two questions", True),
        ("the 2 cohorts", False),
        ("two cohorts", True),  # a group noun after a spelled number (rt16b: "Two cohorts were enrolled: …" failed)
        ("three arms", True),
        ("2 cohorts", False),  # a digit is a count to check
        ("two patients", False),  # patients are counted, not listed
        ("in all two visits", False),
        ("over the two years", False),  # a measure with a unit, not a set in view
        ("3 different drugs", True),
        ("more than one type of medication", True),
        ("four kinds of events", True),
        ("3 drugs of different kinds", False),
        ("2 mg different from placebo", False),  # a measure with a unit
    ],
)
def test_only_a_number_counting_a_listed_set_is_marked(text, counts_set):
    (atom,) = extract_atoms(text, mode="claim")
    assert (atom.counts_set is not None) is counts_set


ZH_SOURCE = "# S\n\nA公司和B公司合计市场份额为60%。\n"


@pytest.mark.parametrize("claim", ["A公司和B公司两家合计市场份额为60%。", "A公司、B公司2家合计市场份额为60%。"])
def test_a_chinese_count_right_after_the_members_it_counts_is_left_to_the_judge(tmp_path, claim):
    # rt13b: "两家" read as a 2 the source never writes failed a correct report
    out = verify_against(tmp_path, ZH_SOURCE, cited_report(claim, anchor="[evidence:s.md#L3]"))
    (checked,) = [c for c in out.claims if c.anchors]
    assert checked.status == "undecided", checked.reasons
    assert [n.state for n in checked.numbers if n.normalised.startswith("2")] == ["plausible"]


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("A组和B组共21名患者入组。", "# S\n\nA组和B组共19名患者入组。\n"),  # a word between: a count of patients
        ("A组和B组各21名患者。", "# S\n\nA组和B组各19名患者。\n"),
        ("A公司和B公司三家合计市场份额为60%。", "# S\n\nA公司和B公司两家合计市场份额为60%。\n"),  # the source counts them otherwise
        ("A公司和B公司12家合计市场份额为60%。", "# S\n\nA公司和B公司合计市场份额为60%。\n"),  # more than ten: a count
    ],
)
def test_a_chinese_count_that_is_no_set_count_or_that_the_source_writes_otherwise_still_fails(tmp_path, claim, source):
    out = verify_against(tmp_path, source, cited_report(claim, anchor="[evidence:s.md#L3]"))
    (checked,) = [c for c in out.claims if c.anchors]
    assert checked.status == "fail", [n.state for n in checked.numbers]
