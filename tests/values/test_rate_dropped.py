"""A claim that drops a rate's period keeps a daily dose, not an hourly rate or a price.

Red team round 4: "Morphine was infused at 2 mg" passed on "2 mg/h", "at least 60 mL" on
"60 mL/min", "5 µg/kg" on "5 µg/kg/min", "$150,000" on "$150,000 per year". "200 mg/day" still
states "200 mg": a dose given per day or longer is named by its amount.
"""

from __future__ import annotations

import pytest

from citeproof.values.assess import build_index, match_atom
from citeproof.values.extract import extract_atoms


@pytest.mark.parametrize(
    ("source", "claim", "state"),
    [
        ("infused at 2 mg/h", "2 mg", "plausible"),
        ("clearance of 60 mL/min", "60 mL", "plausible"),
        ("infused at 5 µg/kg/min", "5 µg/kg", "plausible"),
        ("costs $150,000 per year", "$150,000", "plausible"),
        ("200 mg/day orally", "200 mg", "supported"),
        ("1000 mg/m2/day on days 1-14", "1000 mg/m2", "supported"),
        ("infused at 2 mg/h", "2 mg/h", "supported"),
    ],
)
def test_an_amount_without_its_rate(source, claim, state):
    (atom,) = extract_atoms(claim)
    assert match_atom(atom, build_index(source))[0] == state


@pytest.mark.parametrize(
    ("source", "claim", "state"),
    [
        # red team round 4: an approximation or a bound in words, dropped, passed as a flat figure
        ("Close to 50% of patients completed", "50%", "plausible"),
        ("valued just shy of $5 billion", "$5 billion", "plausible"),
        ("upwards of 50% of patients completed", "50%", "missing"),  # a bound the point does not meet
        ("valued north of $5 billion", "$5 billion", "missing"),
        ("upwards of 50% of patients completed", "more than 50%", "supported"),
    ],
)
def test_an_approximation_or_bound_in_words(source, claim, state):
    atoms = extract_atoms(claim)
    assert match_atom(atoms[-1], build_index(source))[0] == state
