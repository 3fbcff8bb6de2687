"""A claim that describes its figure with words from a later clause about another member of the kind.

"The complete response rate was 45%" against "The overall response rate was 45% in the trial,
with a low complete response rate" passed: every claim word is in the line, and the content
words even align, with the later clause. The figure belongs to the clause that gives it; a
later clause that names another response rate, other events or another study does not lend
it its words (red team round 6: p072, p088, p158).
"""

from __future__ import annotations

import pytest

from citeproof.values.agreement import borrowed_from_later_clause
from values.helpers import verify_pairs

# (source sentence, false claim, the borrowed term)
BORROWED = [
    ("The overall response rate was 45% in the trial, with a low complete response rate.",
     "The complete response rate was 45% in the trial.", "complete"),
    ("A prior study reported an objective response rate of 45%; this trial found a lower rate.",
     "This trial found an objective response rate of 45%.", "found"),
    ("不良事件发生率为22%，严重事件罕见。", "严重不良事件发生率为22%。", "严重"),
    ("Revenue grew 12% in Europe in 2023, while Asian revenue was flat.", "Asian revenue grew 12% in 2023.", "asian"),
    ("客观缓解率为45%，完全缓解率较低。", "完全缓解率为45%。", "完全"),
]
# (source sentence, true claim): the claim's words from the figure's own clause, from a clause
# before it, or after its figure
OWN = [
    ("The overall response rate was 45% in the trial, with a low complete response rate.",
     "The overall response rate was 45% in the trial."),
    ("In women over 65, the objective response rate was 45%.", "The objective response rate in women over 65 was 45%."),
    ("In women over 65, the objective response rate was 45%, above the response rate in men.",
     "The objective response rate in women over 65 was 45%."),
    ("The overall response rate was 45% in the trial, compared with a lower complete response rate.",
     "The overall response rate was 45% in the trial compared with a lower complete response rate."),
    ("Median overall survival was 12 months in the treatment arm, compared with the control arm.",
     "Median overall survival was 12 months in the treatment arm compared with the control arm."),
    ("The objective response rate was 45%, in patients with tumour expression.",
     "In patients with tumour expression the objective response rate was 45%."),
    ("客观缓解率为45%，完全缓解率较低。", "客观缓解率为45%。"),
]


@pytest.mark.parametrize("source, claim, term", BORROWED)
def test_a_term_from_a_later_clause_about_the_same_kind_is_named(source, claim, term):
    found = borrowed_from_later_clause(claim.lower(), source.lower())
    assert found is not None and found[0].startswith(term)


@pytest.mark.parametrize("source, claim", OWN)
def test_a_term_of_the_figures_clause_an_earlier_clause_or_after_the_figure_is_not(source, claim):
    assert borrowed_from_later_clause(claim.lower(), source.lower()) is None


def test_a_later_clause_about_something_else_lends_nothing():
    # "control" is only in the later clause, but that clause shares no term with the figure's
    source = "median overall survival was 12 months in the treatment arm, as in the historical control."
    assert borrowed_from_later_clause("median control survival was 12 months.", source) is None


def test_a_figure_in_several_clauses_is_left_to_pairing():
    source = "the overall response rate was 45%, and the complete response rate was 45%."
    assert borrowed_from_later_clause("the complete response rate was 45%.", source) is None


def test_through_the_pipeline_the_false_claims_are_undecided_and_the_true_ones_pass(tmp_path):
    pairs = [(s, c) for s, c, _ in BORROWED] + OWN
    claims = verify_pairs(tmp_path, pairs)
    borrowed, own = claims[: len(BORROWED)], claims[len(BORROWED):]
    assert [c.status for c in borrowed] == ["undecided"] * len(BORROWED)
    # the first three passed before this check (the last two were already held back by others)
    assert any("later clause" in r for r in borrowed[2].undecided_reasons)
    # the figure's own "overall", before the number both write, faces the claim's "complete": held back
    # first as a swap since the numbers hold the words beside them in place (rt18b)
    assert any("later clause" in r or "'complete' stands where the source says 'overall'" in r
               for r in borrowed[0].undecided_reasons)
    # "A prior study reported …" is now held back first by its frame (a figure of another study)
    assert any("later clause" in r or "'a prior study' (frame)" in r for r in borrowed[1].undecided_reasons)
    assert [c.status for c in own] == ["pass"] * len(OWN)


def test_a_term_written_before_the_figures_clause_is_the_sources_own_though_a_later_clause_repeats_it():
    source = "in women, the objective response rate was 45%, above the response rate in men and in older women."
    assert borrowed_from_later_clause("the objective response rate in women was 45%.", source) is None
    # the same term found only in the later clause is borrowed
    source = "the objective response rate was 45%, above the response rate in men and in older women."
    assert borrowed_from_later_clause("the objective response rate in women was 45%.", source) is not None


def test_the_words_of_every_clause_holding_one_of_the_claims_figures_are_the_sources_own():
    # the claim's first figure, 65, is in the line's first clause; its words before 65 ("objective
    # response rate") are the clause giving 45%, not the later clause that repeats "response rate"
    source = "in women over 65, the objective response rate was 45%, above the response rate in younger women."
    assert borrowed_from_later_clause("the objective response rate in women over 65 was 45%.", source) is None
