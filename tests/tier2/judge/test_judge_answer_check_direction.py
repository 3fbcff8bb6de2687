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
