"""rt32b j1: a supported quote whose two figures compare the other way than the claim's comparison
of two named subjects is refused (``tier2.compared_direction``); the honest comparisons pass."""

from __future__ import annotations

import pytest

from tier2.answer_check import check_answer
from tier2.compared_direction import direction_reversed
from tier2.fake import answer

ORR = "The overall response rate was 78.3% with zanubrutinib and 62.5% with ibrutinib."
AF = "Atrial fibrillation occurred in 5.2% of patients receiving zanubrutinib and 13.3% of patients receiving ibrutinib."
ZH = "泽布替尼组总缓解率为78.3%，伊布替尼组为62.5%。"


def checked(claim: str, quote: str, excerpt: str | None = None):
    return check_answer(answer("supported", quote), claim, excerpt or quote)


@pytest.mark.parametrize(
    ("claim", "quote"),
    [
        ("Zanubrutinib produced a lower overall response rate than ibrutinib in relapsed CLL.", ORR),
        ("Ibrutinib produced a higher overall response rate than zanubrutinib.", ORR),
        ("Compared with ibrutinib, zanubrutinib had a lower overall response rate.", ORR),
        ("The overall response rate was lower with zanubrutinib than with ibrutinib.", ORR),
        ("Ibrutinib's overall response rate exceeded zanubrutinib's.", ORR),
        ("Zanubrutinib was associated with higher rates of atrial fibrillation than ibrutinib.", AF),
        ("More patients had atrial fibrillation with zanubrutinib than with ibrutinib.", AF),
        ("Zanubrutinib produced a lower ORR than ibrutinib.", "ORR: zanubrutinib 78.3%, ibrutinib 62.5%."),
        ("Zanubrutinib produced a lower ORR than ibrutinib.", "ORR was 78.3% in the zanubrutinib arm versus 62.5% in the ibrutinib arm."),
        ("泽布替尼组的总缓解率低于伊布替尼组。", ZH),
    ],
)
def test_figures_compared_the_other_way_are_refused(claim, quote):
    excerpt = f"## Results\n\n{ORR}\n{AF}\n{quote}"
    result = checked(claim, quote, excerpt)
    assert not result.ok and result.reason == "quote_lacks_direction", result
    assert "the quote gives" in result.detail


@pytest.mark.parametrize(
    ("claim", "quote"),
    [
        ("Zanubrutinib produced a higher overall response rate than ibrutinib in relapsed CLL.", ORR),
        # the subjects named in the other order, and the comparison turned with them
        ("Ibrutinib produced a lower overall response rate than zanubrutinib.", ORR),
        ("Compared with ibrutinib, zanubrutinib had a higher overall response rate.", ORR),
        ("The overall response rate was higher with zanubrutinib than with ibrutinib.", ORR),
        ("Zanubrutinib's overall response rate exceeded ibrutinib's.", ORR),
        ("Zanubrutinib was associated with lower rates of atrial fibrillation than ibrutinib.", AF),
        ("Fewer patients had atrial fibrillation with zanubrutinib than with ibrutinib.", AF),
        ("Zanubrutinib produced a higher ORR than ibrutinib.", "ORR: zanubrutinib 78.3%, ibrutinib 62.5%."),
        ("泽布替尼组的总缓解率高于伊布替尼组。", ZH),
    ],
)
def test_figures_compared_the_claims_way_still_pass(claim, quote):
    result = checked(claim, quote, f"## Results\n\n{ORR}\n{AF}\n{quote}")
    assert result.ok, result.detail


@pytest.mark.parametrize(
    ("claim", "quote"),
    [
        # another measure's figures: longer survival is the claim's lower risk, not against it
        ("Zanubrutinib was associated with a lower risk of death than ibrutinib.",
         "Median overall survival was 24.1 months with zanubrutinib and 18.2 months with ibrutinib."),
        # a statistic between the groups: one figure, no side to give it
        ("Zanubrutinib was associated with a lower risk of death than ibrutinib (HR 0.70).",
         "The hazard ratio for death was 0.70 (95% CI 0.50-0.90) with zanubrutinib versus ibrutinib."),
        # figures that are sizes of a change: the larger fall is the lower level
        ("Zanubrutinib produced a lower HbA1c than ibrutinib.",
         "HbA1c was reduced by 1.2% with zanubrutinib and by 0.5% with ibrutinib."),
        # "better" says nothing of which figure is larger
        ("Zanubrutinib had a better safety profile than ibrutinib, with atrial fibrillation in 5.2% versus 13.3%.", AF),
    ],
)
def test_what_cannot_be_told_is_left_alone(claim, quote):
    assert direction_reversed(claim, quote) is None


def test_the_red_team_case_through_a_request():
    # rt32b j1, as the runner checks it: a lying judge's "supported" with the line as its quote
    excerpt = "## Results\n\n" + ORR + "\nProgression-free survival at 24 months was 78.4% in the zanubrutinib arm.\n"
    lying = checked("Zanubrutinib produced a lower overall response rate than ibrutinib in relapsed CLL", ORR, excerpt)
    honest = checked("Zanubrutinib produced a higher overall response rate than ibrutinib in relapsed CLL", ORR, excerpt)
    assert (lying.ok, lying.reason) == (False, "quote_lacks_direction")
    assert honest.ok, honest.detail



LOWER = "Zanubrutinib produced a lower overall response rate than ibrutinib in relapsed CLL."
HIGHER = "Zanubrutinib had a higher ORR than ibrutinib."


@pytest.mark.parametrize(
    ("claim", "quote"),
    [
        # s30 audit: a quote that words the opposite comparison itself, its two figures agreeing with its words
        (LOWER, "The overall response rate was higher with zanubrutinib (78.3%) than with ibrutinib (62.5%)."),
        (LOWER, "Zanubrutinib's overall response rate was higher than ibrutinib's (78.3% vs 62.5%)."),
        (LOWER, "Compared with ibrutinib, zanubrutinib had a higher overall response rate (78.3% vs 62.5%)."),
        ("Zanubrutinib was associated with a lower risk of death than ibrutinib.",
         "The risk of death was higher with zanubrutinib than with ibrutinib (12.1% vs 8.9%; HR 1.40)."),
        ("泽布替尼组的总缓解率低于伊布替尼组。", "泽布替尼组的总缓解率高于伊布替尼组（78.3%对62.5%）。"),
    ],
)
def test_a_quote_wording_the_opposite_comparison_is_refused(claim, quote):
    result = checked(claim, quote, f"## Results\n\n{quote}\n{AF}")
    assert not result.ok and result.reason == "quote_lacks_direction", result
    assert "the quote's words compare it the other way" in result.detail


@pytest.mark.parametrize(
    ("claim", "quote"),
    [
        (LOWER, "The overall response rate was lower with zanubrutinib (62.5%) than with ibrutinib (78.3%)."),
        # the subjects in the other order, the word turned with them
        (LOWER, "Ibrutinib's overall response rate was higher than zanubrutinib's (78.3% vs 62.5%)."),
        (LOWER, "Compared with zanubrutinib, ibrutinib had a higher overall response rate (78.3% vs 62.5%)."),
        ("泽布替尼组的总缓解率低于伊布替尼组。", "伊布替尼组的总缓解率高于泽布替尼组（78.3%对62.5%）。"),
        # another measure compared in the same sentence; the claim's measure by its figures
        (LOWER, "The overall response rate was 62.5% with zanubrutinib and 78.3% with ibrutinib, "
                "while toxicity was higher with zanubrutinib than with ibrutinib."),
        # a statistic between the groups, in the claim's own words or a verb of change
        ("Zanubrutinib was associated with a lower risk of death than ibrutinib (HR 0.70).",
         "The risk of death was lower with zanubrutinib than with ibrutinib (HR 0.70; 8.9% vs 12.1%)."),
        ("Zanubrutinib was associated with a reduced risk of death compared with ibrutinib (HR 0.70).",
         "Zanubrutinib reduced the risk of death compared with ibrutinib (HR 0.70; 8.9% vs 12.1%)."),
    ],
)
def test_a_quote_wording_the_claims_comparison_still_passes(claim, quote):
    result = checked(claim, quote, f"## Results\n\n{quote}\n{AF}")
    assert result.ok, result.detail


@pytest.mark.parametrize(
    ("claim", "quote"),
    [
        ("Toxicity was lower with zanubrutinib than with ibrutinib.",
         "Toxicity was not higher with zanubrutinib (12%) than with ibrutinib (10%)."),  # a denial is not read
        (LOWER, "Toxicity was higher with zanubrutinib than with ibrutinib."),  # another measure
        (LOWER, "The overall response rate was 62.5%, while toxicity was higher with zanubrutinib than with ibrutinib."),
        # the claim's other subject on both sides of the quote's comparison: no order to read
        (LOWER, "The overall response rate was higher with ibrutinib plus zanubrutinib than with ibrutinib."),
    ],
)
def test_worded_comparisons_that_cannot_be_told_are_left_alone(claim, quote):
    assert direction_reversed(claim, quote) is None


@pytest.mark.parametrize(
    ("claim", "quote", "said"),
    [
        # s30 audit: equal figures say neither is higher
        (HIGHER, "ORR was 45% with zanubrutinib and 45% with ibrutinib; CR was 12% and 10%.", "the quote gives both 45"),
        ("Zanubrutinib had a higher ORR than ibrutinib among 238 patients.",
         "Among 238 patients, ORR was 45% in both arms.", "the quote gives one figure, 45, in both arms"),
        (HIGHER, "ORR was 45% in both arms.", "fewer than two figures"),
        # a share and its fraction are one figure to the share's precision (53/118 is 44.9%, written 45%)
        (HIGHER, "ORR: zanubrutinib 45% (54/120), ibrutinib 45% (53/118).", "fewer than two figures"),
    ],
)
def test_one_figure_for_both_subjects_does_not_back_a_higher_one(claim, quote, said):
    result = checked(claim, quote, f"## Results\n\n{quote}")
    assert not result.ok and result.reason == "quote_lacks_direction", result
    assert said in result.detail


@pytest.mark.parametrize(
    ("claim", "quote"),
    [
        (HIGHER, "ORR was 60% with zanubrutinib and 45% with ibrutinib; CR was 12% and 10%."),
        ("Zanubrutinib had a higher ORR than ibrutinib among 238 patients.",
         "Among 238 patients, ORR was 60% in the zanubrutinib arm and 45% in the ibrutinib arm."),
        (HIGHER, "Grade 3 events occurred in 12% in both arms; ORR was 60% with zanubrutinib and 45% with ibrutinib."),
        (HIGHER, "ORR: zanubrutinib 60% (72/120), ibrutinib 45% (53/118)."),
    ],
)
def test_different_figures_for_the_subjects_still_back_a_higher_one(claim, quote):
    result = checked(claim, quote, f"## Results\n\n{quote}")
    assert result.ok, result.detail


def test_a_figure_for_both_groups_together_is_left_alone():
    claim = "Zanubrutinib had a higher ORR than ibrutinib among 238 patients."
    assert direction_reversed(claim, "Among 238 patients, ORR was 45% in both arms combined.") is None


def test_a_fraction_apart_from_its_share_is_a_second_figure():
    from tier2.answer_check import compared_figures

    assert compared_figures("45% (53/118)") == {45.0}
    assert compared_figures("44.0% (53/118)") == {44.0, 53 / 118 * 100}
    assert compared_figures("13.79% (48/348)") == {13.79}
