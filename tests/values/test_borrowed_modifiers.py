"""A modifier the claim takes from another clause of the source line is an added one.

"Serious adverse events occurred in 22%" against "Adverse events occurred in 22% …; serious
events were rare" passed: the added-modifier check let any word the line has anywhere through.
Now a word counts as the line's own only when the clause stating the figure has it.
"""

from __future__ import annotations

import pytest

from citeproof.values.agreement import added_modifier
from values.helpers import verify_pairs

BORROWED = [
    ("Adverse events occurred in 22% of patients in the study; serious events were rare.",
     "Serious adverse events occurred in 22% of patients in the study."),
    ("Adverse events occurred in 22% of patients, including serious events in 3%.",
     "Serious adverse events occurred in 22% of patients."),
    ("Revenue grew 12% in 2023, while recurring revenue was flat.",
     "Total recurring revenue grew 12% in 2023."),
]
OWN = [
    # the word in the figure's own clause, before or after the head
    ("Serious adverse events occurred in 22% of patients in the study.",
     "Serious adverse events occurred in 22% of patients in the study."),
    ("The response rate was 45% (objective), and toxicity was mild.", "The objective response rate was 45%."),
    # a label list before the figure: its comma separates words of one label
    ("Age, median (range): 62 (35–81) years.", "The median age was 62 years (range, 35-81)."),
    ("Adverse events occurred in 22% of patients in the study; serious events were rare.",
     "Adverse events occurred in 22% of patients in the study."),
]


@pytest.mark.parametrize("source, claim", BORROWED)
def test_a_word_from_another_clause_is_an_added_modifier(source, claim):
    assert added_modifier(claim.lower(), source.lower()) is not None


@pytest.mark.parametrize("source, claim", OWN)
def test_a_word_of_the_figures_own_clause_or_label_is_not(source, claim):
    assert added_modifier(claim.lower(), source.lower()) is None


def test_through_the_pipeline_the_borrowed_word_is_undecided_and_the_true_claims_pass(tmp_path):
    claims = verify_pairs(tmp_path, BORROWED + OWN)
    borrowed, own = claims[: len(BORROWED)], claims[len(BORROWED):]
    assert [c.status for c in borrowed] == ["undecided"] * len(BORROWED)
    assert all("serious" in r or "recurring" in r for c in borrowed for r in c.undecided_reasons if "stands before" in r)
    assert [c.status for c in own] == ["pass", "pass", "pass", "undecided"]  # the last: 'serious' restricts the line
