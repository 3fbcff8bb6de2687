"""A verb's particle or an adverb that states a direction ("was up 12%", "up from", "revised
down", "opted out", "phased in") is a direction cue (``claim_support.json`` directions); the same
words where they state none ("up to 12 weeks", "follow-up", "out of 100 patients") are not
(rt34a c40, c32, c35, c36, c46)."""

from __future__ import annotations

import pytest

from citeproof.values.segment_support import counted_polarity


@pytest.mark.parametrize(
    ("text", "way"),
    [
        ("revenue was $3.1 billion in 2024, up from $2.7 billion in 2023", "up"),
        ("revenue was $3.1 billion in 2024, down from $2.7 billion in 2023", "down"),
        ("net sales were up 12% year over year", "up"),
        ("net sales were down 12% year over year", "down"),
        ("revenue was $3.1 billion in 2024, up 15% from 2023", "up"),
        ("revenue was $3.1 billion in 2024, down 15% from 2023", "down"),
        ("revenue of $3.1 billion (down $200 million)", "down"),
        ("shares traded up 9% after the label expansion", "up"),
        ("shares traded down 9% after the label expansion", "down"),
        ("guidance was revised up by $200 million", "up"),
        ("guidance was revised down by $200 million", "down"),
        ("prescriptions ticked down 3% week over week", "down"),
        ("the company opted in to the agreement", "in"),
        ("the company opted out of the agreement", "out"),
        ("the company phased in the price increase", "in"),
        ("the company phased out the price increase", "out"),
    ],
)
def test_a_particle_that_states_a_direction_is_one(text, way):
    assert way in counted_polarity(text)[1]


@pytest.mark.parametrize(
    "text",
    [
        "treatment lasted up to 12 weeks",  # a bound
        "the response rate was up to 12% in arm a",  # a bound after a copula
        "the change in follow-up from baseline was 3 points",  # a noun's end
        "median follow up 24 months",
        "median follow-up 24 months",
        "the registry was set up in 2024",
        "30 out of 100 patients responded",
        "the dropout rate was 12%",
        "the analysis was carried out in 2024",
        "infection was ruled out in 12 patients",
        "in-patient stays made up 12% of costs",
        "the study ran in 2024 with 120 patients",
    ],
)
def test_the_same_words_stating_no_direction_are_none(text):
    assert counted_polarity(text)[1] == frozenset()
