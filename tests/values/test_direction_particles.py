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


@pytest.mark.parametrize(
    ("text", "way"),
    [
        # rt35 d3: a cue that opens with a comma or bracket follows a word as well as a digit
        ("sales reached $1.9 billion, up 12%", "up"),
        ("sales reached $1.9 billion, down 12%", "down"),
        ("us sales were $1.9 billion, up 12% year over year", "up"),
        ("sales were $1.9 billion in 2024, up 15%", "up"),
        ("the share was 31%, down 2% from 2023", "down"),
        ("sales (net of rebates), up 4%", "up"),
        ("revenue grew sharply (up 7%)", "up"),
    ],
)
def test_a_comma_or_bracket_cue_reads_after_any_character(text, way):
    assert counted_polarity(text)[1] == frozenset({way})


@pytest.mark.parametrize(
    ("text", "way"),
    [
        # rt35 d1, d2: a market's verb whose particle states the direction
        ("shares closed up 4% on the day of the approval", "up"),
        ("shares closed down 4% on the day of the approval", "down"),
        ("shares ended the year up 18%", "up"),
        ("shares ended the year down 18%", "down"),
        ("shares ended up 18% on the day", "up"),
        ("the stock finished the session up 6.5% at $42.10", "up"),
        ("the stock finished the session down 6.5% at $42.10", "down"),
        ("guidance was marked up by $200 million", "up"),
        ("guidance was marked down by $200 million", "down"),
        ("prescription volumes trended up 9%", "up"),
        ("prescription volumes trended down 9%", "down"),
    ],
)
def test_a_market_verbs_particle_states_a_direction(text, way):
    assert counted_polarity(text)[1] == frozenset({way})


@pytest.mark.parametrize(
    "text",
    [
        "patients ended up receiving 3 doses",  # "ended up" before no figure
        "the study finished up in 2024",
        "enrolment ramped up to 40 patients per month",
        "uptake picked up in the second half",
        "patients were followed up for 18 months",
        "results were broken down by region",
        "a top-down model of the market",
        "an up-front payment of $150 million",
    ],
)
def test_other_particles_state_no_direction(text):
    assert counted_polarity(text)[1] == frozenset()
