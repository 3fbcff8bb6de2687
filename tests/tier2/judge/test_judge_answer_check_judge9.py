"""judge9: a claim's prefix denial ("ineligible") and a quote's spelt one ("not eligible") agree."""

from __future__ import annotations

import pytest

from tier2.answer_check import check_answer
from tier2.fake import answer


def checked(claim: str, quote: str, excerpt: str | None = None):
    return check_answer(answer("supported", quote), claim, excerpt or quote)


def test_a_prefix_denial_meets_a_spelt_one():
    # rt27j H9
    result = checked("Patients with disease progression at baseline were ineligible.",
                     "Patients with progressive disease at baseline were not eligible.")
    assert result.ok, result.detail


@pytest.mark.parametrize(
    ("claim", "quote"),
    [
        ("Patients with disease progression at baseline were eligible.", "Patients with progressive disease at baseline were not eligible."),
        ("Patients with disease progression at baseline were ineligible.", "Patients with progressive disease at baseline were eligible."),
    ],
)
def test_a_denial_against_an_affirmation_is_still_refused(claim, quote):
    result = checked(claim, quote)
    assert not result.ok and result.reason == "quote_unrelated_to_claim", result


def test_a_grade_word_defined_in_its_bracket_has_the_brackets_floor():
    # rt29j GL8: the source's "high-grade" is grade 4 here; its grade 3 events are not denied
    excerpt = "Grade 3 neutropenia was seen in 7%. No high-grade (grade 4) neutropenia occurred."
    quote = "No high-grade (grade 4) neutropenia occurred."
    result = checked("No grade 3 or higher neutropenia occurred.", quote, excerpt)
    assert not result.ok and result.reason == "quote_unrelated_to_claim", result
    result = checked("No grade 4 neutropenia occurred.", quote, excerpt)
    assert result.ok, result.detail
    result = checked("No severe neutropenia occurred.", "No high-grade (grade 3 or 4) neutropenia occurred.")
    assert result.ok, result.detail


def test_a_figure_of_a_measure_named_by_none_of_the_claims_words_is_refused():
    # rt29j ML9: "ORR" is no claim word; the bracket states the complete responses' own figure
    quote = "The ORR was 62% (CR 21%, PR 41%)."
    result = checked("The complete response rate was 62%.", quote)
    assert not result.ok and result.reason == "quote_unrelated_to_claim", result


@pytest.mark.parametrize(
    ("claim", "quote"),
    [
        ("The complete response rate was 21%.", "The ORR was 62% (CR 21%, PR 41%)."),
        ("The objective response rate was 62%.", "The ORR was 62% (CR 21%, PR 41%)."),
        ("The ORR was 62%.", "The ORR was 62% (CR 21%, PR 41%)."),
        # a rival clause stating the claim's number too is the same figure
        ("The complete response rate was 62%.", "The ORR was 62% (complete responses 62%)."),
        # ... also when a third clause writes another number, so the 62 is no number all share
        ("The complete response rate was 62%.", "The ORR was 62% (CR 62%, PR 0%)."),
        ("Median overall survival was 28.1 months.", "Median OS was 28.1 months (overall survival at 2 years, 28.1 months)."),
    ],
)
def test_a_figure_of_the_claims_measure_is_accepted(claim, quote):
    result = checked(claim, quote)
    assert result.ok, result.detail


# rt31: a time point both clauses write ("2-year") tied the other measure's clause to the claim
BOTH_AT_TWO_YEARS = "The 2-year overall survival rate was 62%, and the 2-year progression-free survival rate was 41%."
BOTH_AT_TWO_YEARS_OS = "The 2-year OS rate was 62%, and the 2-year progression-free survival rate was 41%."


@pytest.mark.parametrize(
    ("claim", "quote"),
    [
        ("Overall survival at 2 years was 62%.", BOTH_AT_TWO_YEARS),
        ("Progression-free survival at 2 years was 41%.", BOTH_AT_TWO_YEARS),
        ("Overall survival at 2 years was 62%.", BOTH_AT_TWO_YEARS_OS),
    ],
)
def test_a_number_every_clause_shares_ties_no_clause_to_the_claim(claim, quote):
    result = checked(claim, quote)
    assert result.ok, result.detail


@pytest.mark.parametrize(
    ("claim", "quote"),
    [
        ("Progression-free survival at 2 years was 62%.", BOTH_AT_TWO_YEARS),
        ("Overall survival at 2 years was 41%.", BOTH_AT_TWO_YEARS),
        ("Progression-free survival at 2 years was 62%.", BOTH_AT_TWO_YEARS_OS),
    ],
)
def test_the_other_measures_figure_is_refused_though_both_share_the_time_point(claim, quote):
    result = checked(claim, quote)
    assert not result.ok and result.reason == "quote_unrelated_to_claim", result
