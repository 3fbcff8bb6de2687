"""Digits grouped by spaces ("1 500"), through the whole pipeline, both ways.

True claims the red team saw blocked: a source's run is read as one number at most plausibly
(the lazy per-atom index must read its line although neither part is near the claim's value),
and a claim's run is the one number its author wrote, never its parts ("000" is no value).
"""

from __future__ import annotations

from values.helpers import verify_pairs

NOT_PASS = [
    # a part of a source's run is never the run's number
    ("The company had 1 500 employees.", "The company had 500 employees."),
    ("The chain had 12 500 stores.", "The chain had 12 stores."),
    # a claim's run is one number: its parts do not find themselves in the source
    ("The company had 1,500 employees.", "The company had 15 000 employees."),
    ("The company had 1 and 500 employees in two sites.", "The company had 1 500 employees."),
]

NOT_FAIL = [
    ("The company had 1 500 employees.", "The company had 1,500 employees."),
    ("The chain had 12 500 stores.", "The chain had 12,500 stores."),
    ("Company A had 1 250 employees at year end.", "Company A had 1,250 employees at year end."),
    ("The company had 1,500 employees.", "The company had 1 500 employees."),
    ("营业收入为35,000元。", "营业收入为35 000元。"),
    # after a label the first group is the label's number
    ("On day 1, 500 mg was given.", "On day 1 500 mg was given."),
]


def test_false_grouped_digit_claims_never_pass(tmp_path):
    claims = verify_pairs(tmp_path, NOT_PASS)
    assert [c.status for c in claims if c.status == "pass"] == [], [(c.status, c.text) for c in claims]


def test_true_grouped_digit_claims_never_fail(tmp_path):
    claims = verify_pairs(tmp_path, NOT_FAIL)
    assert [c.status for c in claims if c.status == "fail"] == [], [(c.status, c.text) for c in claims]


def test_a_claims_run_is_one_number_so_a_different_one_fails(tmp_path):
    claims = verify_pairs(tmp_path, NOT_PASS[2:])
    assert [c.status for c in claims] == ["fail", "fail"]


def test_a_claims_run_matching_the_source_as_written_passes_its_numbers(tmp_path):
    (claim,) = verify_pairs(tmp_path, [("The company had 1,500 employees.", "The company had 1 500 employees.")])
    assert claim.status == "pass"
