"""A lowercase "m" after a number: the metre it writes, or the million markets write with it.

Red-team round 5: "1.5m users" in a source failed the true claim "1.5 million users" (the "m"
was read as metres). Before what is counted ("users", "patients", value_cues.json
``millions_glued_m``) no length fits, so the "m" is a million; elsewhere ("the population is
1.5m") both readings stay — the metre as written, the million at most plausible, so a million
claim is judged, never failed and never passed on the symbol alone.
"""

from __future__ import annotations

import pytest

from citeproof.values.extract import extract_atoms
from tests.values.helpers import verify_pairs


def read(text: str, mode: str = "source") -> list[tuple[float, str, float | None]]:
    return [(a.number, a.unit, a.million_count) for a in extract_atoms(text, mode=mode)]  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "atoms"),
    [
        ("The company had 1.5m users.", [(1.5e6, "", None)]),
        ("The trial enrolled 2.5 m patients.", [(2.5e6, "", None)]),
        ("Between 1.5m and 2m users joined.", [(1.5e6, "", None)]),
        ("The company had 1.5m dollars.", [(1.5e6, "USD", None)]),
        ("The wall is 1.5m high.", [(1.5, "m", 1.5e6)]),
        ("Patients walked 300 m.", [(300.0, "m", 3e8)]),
        ("The rope is 1.5-2m long.", [(1.5, "m", None)]),  # a range keeps its unit; only a count reads it as millions
        ("A dose of 5 mg was given.", [(5.0, "mg", None)]),
        ("A tumour radius of 0.003m.", [(0.003, "m", None)]),  # no figure in millions has three decimals
    ],
)
def test_what_a_lowercase_m_reads_as(text, atoms):
    assert read(text) == atoms


TRUE = [
    ("The company had 1.5m users.", "The company had 1.5 million users."),
    ("The company had 1.5 million users.", "The company had 1.5m users."),
    ("The trial enrolled 2.5m patients.", "The trial enrolled 2.5 million patients."),
    ("The app reached 1.5m downloads.", "The app reached 1.5 million downloads."),
    ("Between 1.5m and 2m users joined.", "Between 1.5 and 2 million users joined."),
    ("1.5-2m users joined.", "1.5 to 2 million users joined."),
    ("The company had 1.5m dollars.", "The company had $1.5 million."),
    ("The wall is 1.5m high.", "The wall is 1.5 metres high."),
    ("Patients walked 300m in six minutes.", "Patients walked 300 metres in six minutes."),
    ("Revenue was $1.5M.", "Revenue was $1.5 million."),
    ("The fund raised 1.5 mn.", "The fund raised 1.5 million."),
    ("Revenue was 1.5bn.", "Revenue was 1.5 billion."),
    ("They had 3k users.", "They had 3,000 users."),
]

FALSE = [
    ("The company had 1.5m users.", "The company had 2.5 million users."),
    ("The company had 1.5m users.", "The company had 1.5 billion users."),
    ("The company had 1.5m users.", "The company had 1.5 metres users."),
    ("Between 1.5m and 2m users joined.", "Between 1.5 and 3 million users joined."),
    ("Patients walked 300 m in six minutes.", "Patients walked 400 metres in six minutes."),
    ("They had 3k users.", "They had 4,000 users."),
]

# the symbol alone, with nothing counted after it: a million is one reading of two
AMBIGUOUS = [
    ("The population is 1.5m.", "The population is 1.5 million."),
    ("The company reported revenue of 1.5m.", "The company reported revenue of $1.5 million."),
    ("Sales reached 1.5m units.", "Sales reached 1.5 million units."),
]


def test_a_true_million_or_metre_claim_passes(tmp_path):
    assert [(c.text, c.status) for c in verify_pairs(tmp_path, TRUE) if c.status != "pass"] == []


def test_a_false_count_in_millions_fails(tmp_path):
    assert [(c.text, c.status) for c in verify_pairs(tmp_path, FALSE) if c.status != "fail"] == []


def test_a_million_read_from_the_metre_symbol_alone_is_judged(tmp_path):
    assert [c.status for c in verify_pairs(tmp_path, AMBIGUOUS)] == ["undecided"] * len(AMBIGUOUS)


def test_a_claims_metre_symbol_is_a_million_only_plausibly(tmp_path):
    pairs = [("The population is 1.5 million.", "The population is 1.5m."),
             ("The wall is 1.5 metres high.", "The wall is 1.5m high."),
             ("The population is 2.5 million.", "The population is 1.5m.")]
    assert [c.status for c in verify_pairs(tmp_path, pairs)] == ["undecided", "pass", "fail"]
