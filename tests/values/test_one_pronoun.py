""""one" as a pronoun is not the count 1 ("a new virus, one that had not been seen before";
"catechins, notably one called EGCG"; "one particular substance"): the cited source need
not say "one". Before, such a claim failed ``numeric_token_miss`` against a source that said
the same thing without the word — a correct report withheld (HealthVer claims, found with
``eval/healthver_tier1.py``). A count word before it keeps it a count ("only one that …").
"""

from __future__ import annotations

import pytest

from citeproof.values.extract import extract_atoms
from tests.values.helpers import cited_report, verify_against


@pytest.mark.parametrize(
    "text",
    [
        "The agent is a new compound, one that had not been tested in humans.",
        "Tea holds catechins, notably one called EGCG.",
        "One particular substance in the extract may prevent infection.",
        "The arms were compared with one another.",
        "A second virus, one which spreads faster, was found.",
    ],
)
def test_one_as_a_pronoun_is_no_number(text):
    assert [a.raw.lower() for a in extract_atoms(text, mode="claim")] == []


@pytest.mark.parametrize(
    "text",
    [
        "Only one that received placebo died.",
        "Exactly one such case was reported.",
        "At least one that responded was enrolled.",
        "One patient died.",
        "One of the three arms closed early.",
    ],
)
def test_one_stays_a_count_after_a_count_word_or_before_a_noun(text):
    assert "one" in [a.raw.lower() for a in extract_atoms(text, mode="claim")]


SOURCE = (
    "# S\n\n"
    "The agent is a new compound that had not been tested in humans.\n\n"
    "Two that received placebo died.\n"
)


def test_a_pronoun_one_the_source_does_not_write_is_no_missing_number(tmp_path):
    claim = "The agent is a new compound, one that had not been tested in humans."
    out = verify_against(tmp_path, SOURCE, cited_report(claim, anchor="[evidence:s.md#L3]"))
    (checked,) = [c for c in out.claims if c.anchors]
    assert checked.status != "fail", checked.reasons
    assert not any(r.code == "numeric_token_miss" for r in checked.reasons)


def test_a_counted_one_the_source_contradicts_still_fails(tmp_path):
    out = verify_against(tmp_path, SOURCE, cited_report("Only one that received placebo died.", anchor="[evidence:s.md#L5]"))
    (checked,) = [c for c in out.claims if c.anchors]
    assert checked.status == "fail"
    assert any(r.code == "numeric_token_miss" for r in checked.reasons)


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("No two patients had the same type of adverse event.", []),
        ("No one was lost to follow-up.", []),
        ("Two patients had the same type of adverse event.", ["two"]),
        ("In two patients no two events were alike.", ["two"]),
    ],
)
def test_a_number_word_after_no_is_a_quantifier(text, kept):
    assert [a.raw.lower() for a in extract_atoms(text, mode="claim")] == kept


def test_no_two_alike_is_no_missing_count(tmp_path):
    source = "# S\n\nFever 1/30 (3.33%)\n\nRash 1/30 (3.33%)\n"
    claim = "No two patients had the same adverse event."
    out = verify_against(tmp_path, source, cited_report(claim, anchor="[evidence:s.md#L3-L5]"))
    (checked,) = [c for c in out.claims if c.anchors]
    assert not any(r.code == "numeric_token_miss" for r in checked.reasons), checked.reasons
