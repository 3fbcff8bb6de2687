"""A review's "one study found …" is often the source's "a study found …": a spelled "one" before a
singular word, missing from the window, is plausible (the judge reads whether it counts) where
the window writes "a"/"an" before the same word — never supported, so such a claim never
passes on it. Before, "In one study, 40% of patients responded" failed against "In a study of
80 patients, 40% responded" (HealthVer "In one study it was found that …", found with
``eval/healthver_tier1.py``). Where the window counts otherwise ("two patients died") or never
writes the word with an article, the "one" stays missing.
"""

from __future__ import annotations

import pytest

from citeproof.values.extract import extract_atoms
from tests.values.helpers import cited_report, verify_against

SOURCE = (
    "# S\n\n"
    "In a randomised study of 80 patients, 40% responded.\n\n"
    "Two patients died during the first cycle.\n\n"
    "An interim analysis was planned.\n"
)


@pytest.mark.parametrize(
    ("claim", "line"),
    [
        ("In one study, 40% responded.", 3),
        ("One randomised study found that 40% responded.", 3),
        ("One interim analysis was planned.", 7),
    ],
)
def test_one_said_with_an_article_is_left_to_the_judge(tmp_path, claim, line):
    out = verify_against(tmp_path, SOURCE, cited_report(claim, anchor=f"[evidence:s.md#L{line}]"))
    (checked,) = [c for c in out.claims if c.anchors]
    assert checked.status == "undecided", checked.reasons
    (one,) = [n for n in checked.numbers if n.raw.lower() == "one"]
    assert one.state == "plausible"


@pytest.mark.parametrize(
    ("claim", "line"),
    [
        ("One patient died during the first cycle.", 5),  # the source counts two
        ("One cohort study found that 40% responded.", 3),  # no 'a … cohort' in the window
        ("Of the patients, one of the arms responded.", 3),  # partitive: no word to match
    ],
)
def test_a_counted_one_the_window_does_not_write_with_an_article_fails(tmp_path, claim, line):
    out = verify_against(tmp_path, SOURCE, cited_report(claim, anchor=f"[evidence:s.md#L{line}]"))
    (checked,) = [c for c in out.claims if c.anchors]
    assert checked.status == "fail"
    (one,) = [n for n in checked.numbers if n.raw.lower() == "one"]
    assert one.state == "missing"


@pytest.mark.parametrize(
    ("text", "noun"),
    [("In one study it was found", "study"), ("One randomised trial", "randomised"), ("one patient died", "patient")],
)
def test_the_word_after_one_is_kept(text, noun):
    (atom,) = extract_atoms(text, mode="claim")
    assert atom.one_noun == noun


@pytest.mark.parametrize(
    "text", ["one of the arms", "at least one study", "two studies", "1 study", "one 5 mg dose", "one thousand patients"]
)
def test_no_word_is_kept_for_a_partitive_a_bound_a_digit_or_another_number(text):
    assert all(a.one_noun is None for a in extract_atoms(text, mode="claim"))
