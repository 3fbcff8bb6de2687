"""A year stays with the words of its own clause (red team round 7).

The bad case this guards: "The trial started in 2012 and ended in 2018" cited for "The trial
started in 2018" passed. A year is a time label, not a number, so the check that reads each
number with the words of its own clause (``pairing.words_differ``) never read it, and a claim
whose only figure is a year was checked for nothing but the year's being written.
"""

from __future__ import annotations

import pytest

from citeproof.values import claim_atoms
from citeproof.values.binding import binding_differs
from tests.values.helpers import verify_pairs

TRIAL = "The trial started in 2012 and ended in 2018."
FDA = "The drug was submitted to the FDA in 2016 and approved in 2018."
COMPANY = "The company, founded in 2008, went public in 2012."
FDA_ZH = "该药于2016年提交上市申请，2018年获批。"
TRIAL_ZH = "该试验于2012年启动，2018年结束。"
SALES = "The drug was approved in 2019 and sales reached $2 billion in 2021."

MOVED = [
    ("The trial started in 2018.", TRIAL),
    ("The trial ended in 2012.", TRIAL),
    ("The drug was approved in 2016.", FDA),
    ("The company was founded in 2012.", COMPANY),
    ("The company went public in 2008.", COMPANY),
    ("该药于2016年获批。", FDA_ZH),
    ("该试验于2018年启动。", TRIAL_ZH),
    ("The drug was approved in 2021.", SALES),
]

KEPT = [
    ("The trial ended in 2018.", TRIAL),
    ("The trial started in 2012.", TRIAL),
    ("In 2018, the trial ended.", TRIAL),
    ("The FDA approved the drug in 2018.", FDA),
    ("The company was founded in 2008.", COMPANY),
    ("The company went public in 2012.", COMPANY),
    ("该药于2018年获批。", FDA_ZH),
    ("该试验于2012年启动。", TRIAL_ZH),
    ("The drug was approved in 2019.", SALES),
    # one dated clause: nothing to take the words from
    ("The drug was approved in 2017.", "The drug was approved by the FDA in 2017."),
]


def differs(claim: str, source: str) -> str | None:
    return binding_differs(claim, claim_atoms(claim), source)


@pytest.mark.parametrize(("claim", "source"), MOVED)
def test_a_year_said_with_another_clauses_words_differs(claim, source):
    why = differs(claim, source)
    assert why is not None and "another date" in why


@pytest.mark.parametrize(("claim", "source"), KEPT)
def test_a_year_said_with_its_own_clauses_words_does_not_differ(claim, source):
    assert differs(claim, source) is None


def test_through_the_pipeline_a_moved_year_is_not_passed_and_its_own_passes(tmp_path):
    pairs = [(TRIAL, "The trial started in 2018."), (FDA_ZH, "该药于2016年获批。"),
             (TRIAL, "The trial ended in 2018."), (FDA_ZH, "该药于2018年获批。")]
    assert [c.status for c in verify_pairs(tmp_path, pairs)] == ["undecided", "undecided", "pass", "pass"]
