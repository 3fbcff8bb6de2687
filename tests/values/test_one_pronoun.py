""""one" as a pronoun standing for a noun named before it is not the count 1 ("a new virus,
one that had not been seen before"; "catechins, notably one called EGCG"; "one another"):
the cited source need not say "one". Before, such a claim failed ``numeric_token_miss``
against a source that said the same thing without the word — a correct report withheld
(HealthVer claims, found with ``eval/healthver_tier1.py``). A sentence's own "One that
occurred on day 3 was fatal", "One particular patient …", "one other patient" and "only one
that …" count, and a source that counts two must fail them.
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
        "The arms were compared with one another.",
        "Of the regimens, the one that was shorter was preferred.",
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
        "One that occurred on day 3 was fatal.",
        "One particular patient had a rash.",
        "One other patient died.",
        "Of the deaths, only one that occurred early was related.",
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


COUNTED = (
    "# S\n\n"
    "Two that received placebo died.\n\n"
    "Two cases that occurred on day 3 were fatal.\n\n"
    "Two particular patients had a grade 4 rash.\n\n"
    "Two other patients died.\n"
)


@pytest.mark.parametrize(
    ("claim", "line"),
    [
        ("Only one that received placebo died.", 3),
        ("One that occurred on day 3 was fatal.", 5),
        ("One particular patient had a grade 4 rash.", 7),
        ("One other patient died.", 9),
    ],
)
def test_a_counted_one_the_source_contradicts_still_fails(tmp_path, claim, line):
    out = verify_against(tmp_path, COUNTED, cited_report(claim, anchor=f"[evidence:s.md#L{line}]"))
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
