"""A verb whose particle states the direction, turned ("scaled up" for "scaled back", "stepped
down" for "stepped up"): 'up', 'down' and 'back' alone are stop-words, so the claim kept every
content word and number of its line and passed (red team rt36b d1). The same verb with the
opposite particle in the line names the turn (``claim_support.json`` antonyms particles)."""

from __future__ import annotations

import pytest

from citeproof.values.substitution import flipped_particle, opposed_word
from tests.values.helpers import verify_pairs


@pytest.mark.parametrize(
    ("claim", "segment", "expected"),
    [
        ("Production was scaled up by 20% in 2024.", "Production was scaled back by 20% in 2024.", ("scaled up", "scaled back")),
        ("Production was scaled up by 20% in 2024.", "Production was scaled down by 20% in 2024.", ("scaled up", "scaled down")),
        ("Marketing spend was stepped down by $20 million.", "Marketing spend was stepped up by $20 million.",
         ("stepped down", "stepped up")),
        ("Hiring ramped up by 12% in Q3.", "Hiring ramped down by 12% in Q3.", ("ramped up", "ramped down")),
        # the same verb in another form: a stem, not a spelling
        ("The company is scaling back output by 20%.", "The company scaled up output by 20%.", ("scaling back", "scaled up")),
        ("The dose was titrated upward to 20 mg.", "The dose was titrated downward to 20 mg.", ("titrated upward", "titrated downward")),
        ("Spending steps up by 5% in 2025.", "Spending stepped down by 5% in 2025.", ("steps up", "stepped down")),
    ],
)
def test_the_same_verb_with_the_opposite_particle_is_named(claim, segment, expected):
    assert flipped_particle(claim, segment) == expected
    assert opposed_word(claim, segment) == expected


@pytest.mark.parametrize(
    ("claim", "segment"),
    [
        ("Production was scaled up by 20% in 2024.", "Production was scaled up by 20% in 2024."),
        # the line has both: which one the figure is, is not the particle's to say
        ("Output was ramped up by 20%.", "Output was ramped down in 2023 and ramped up by 20% in 2024."),
        # another verb's particle: no turn of this one
        ("Output was ramped up by 20%.", "Output was cut back by 20% after it was ramped up."),
        ("Patients were followed up for 18 months.", "Results were broken down by region."),
        ("The median follow-up was 18 months.", "The median follow-down was 18 months."),  # a hyphen: no particle
        ("Sales rose by 20%.", "Sales were scaled back by 20%."),  # no particle in the claim
    ],
)
def test_no_turn_of_the_same_verb_is_no_flip(claim, segment):
    assert flipped_particle(claim, segment) is None


def test_through_the_pipeline_a_turned_particle_is_left_to_the_judge(tmp_path):
    bad, good, zh = verify_pairs(tmp_path, [
        ("Monthly sales scaled back by 12% in 2024.", "Monthly sales scaled up by 12% in 2024."),
        ("Monthly sales stepped up by 12% in 2024.", "Monthly sales stepped up by 12% in 2024."),
        ("Capacity was scaled up by 30% in 2023.", "Capacity was scaled up by 30% in 2023."),
    ])
    assert bad.status == "undecided"
    assert "scaled up" in " ".join(bad.undecided_reasons)
    assert good.status == "pass"
    assert zh.status == "pass"
