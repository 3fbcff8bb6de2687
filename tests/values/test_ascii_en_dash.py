""""1--2 mg": the ASCII en dash (TeX, Pandoc and smart-punctuation sources) writes a range 1–2 mg.

rt33 a3: "The dose was 1–2 mg" stayed undecided against "The dose was 1--2 mg": the second hyphen
was read as a minus, a range from 1 down to −2 mg, only plausible. A range whose low end is
negative keeps the minus ("-5--2" runs from −5 to −2).
"""

from __future__ import annotations

import pytest

from citeproof.values.extract import extract_atoms
from tests.values.helpers import verify_pairs


@pytest.mark.parametrize(
    ("text", "low", "high", "unit"),
    [
        ("The dose was 1--2 mg.", 1.0, 2.0, "mg"),
        ("The dose was 0--3 mg.", 0.0, 3.0, "mg"),
        ("Scores ranged 10--20.", 10.0, 20.0, ""),
        ("The change was -5--2 points.", -5.0, -2.0, ""),  # a negative low end: the minus stays
        ("The change was -5 - -2 points.", -5.0, -2.0, ""),
    ],
)
def test_a_double_hyphen_between_figures_is_a_range_dash(text, low, high, unit):
    (atom,) = extract_atoms(text, mode="source")
    assert (atom.kind, atom.number, atom.high, atom.unit) == ("range", low, high, unit)


def test_through_the_pipeline_the_range_passes_and_another_fails(tmp_path):
    line = "The dose was 1--2 mg in the treatment arm."
    out = verify_pairs(tmp_path, [
        (line, "The dose was 1–2 mg in the treatment arm."),
        (line, "The dose was 1 to 2 mg in the treatment arm."),
        (line, "The dose was 1–3 mg in the treatment arm."),
        (line, "The dose was 1–2 g in the treatment arm."),
    ])
    assert [c.status for c in out][:2] == ["pass", "pass"]
    assert "pass" not in [c.status for c in out][2:]
