"""A multiple coordinated with a multiple of the upper limit of normal leaves the limit unsaid
("no more than 2.5-fold the ULN, or 5-fold with liver metastases"): it is 5 × ULN, not a fold
change, so the true criterion meets its source and a wrong multiple still does not pass."""

from __future__ import annotations

import pytest

from citeproof.values.extract import extract_atoms
from values.helpers import verify_pairs

SOURCE = "AST and ALT <=2.5 x the upper limit of normal (ULN) or <=5 x ULN in presence of liver metastases."
SOURCE_PAREN = "AST and ALT <=3 x ULN (<=5 x ULN if liver metastases)."


def _read(text: str) -> list[tuple[float, str, str | None, bool]]:
    return [(a.number, a.unit, a.qualifier, a.derived) for a in extract_atoms(text)]


@pytest.mark.parametrize(("text", "atoms"), [
    ("AST/ALT had to be no more than 2.5-fold the ULN, or 5-fold with liver metastases.",
     [(2.5, "×ULN", "<=", False), (5.0, "×ULN", "<=", False)]),
    ("AST ≤3 × ULN (≤5-fold if liver metastases).", [(3.0, "×ULN", "<=", False), (5.0, "×ULN", "<=", False)]),
    ("AST ≤3 × ULN or ≤5 times in patients with liver metastases.", [(3.0, "×ULN", "<=", False), (5.0, "×ULN", "<=", False)]),
    ("ALT≤2.5倍ULN，或≤5倍（肝转移）。", [(2.5, "×ULN", "<=", False), (5.0, "×ULN", "<=", False)]),
])
def test_a_multiple_coordinated_with_a_uln_multiple_is_one_too(text, atoms):
    assert _read(text) == atoms


@pytest.mark.parametrize("text", [
    "ALT ≤3 × ULN or 5-fold higher in cohort B.",  # what follows the mark makes it a comparison
    "ALT ≤3 × ULN; bilirubin rose 5-fold with treatment.",  # not coordinated with the ULN value
    "Bilirubin rose 5-fold with treatment.",  # no ULN value before it
    "ALT was 3 mg, or 5-fold with treatment.",  # the first multiple is no ULN multiple
])
def test_a_fold_change_after_or_away_from_a_uln_multiple_stays_derived(text):
    assert _read(text)[-1] == (5.0, "", None, True), _read(text)


def test_the_shortened_second_multiple_meets_its_source_and_a_wrong_one_does_not_pass(tmp_path):
    pairs = [
        (SOURCE, "AST/ALT had to be no more than 2.5-fold the ULN, or 5-fold with liver metastases."),
        (SOURCE, "AST/ALT had to be no more than 2.5-fold the ULN, or 7-fold with liver metastases."),
        (SOURCE_PAREN, "AST had to be ≤3 × ULN (≤5-fold if liver metastases)."),
        (SOURCE_PAREN, "AST had to be ≤3 × ULN (≤7-fold if liver metastases)."),
    ]
    good, bad, good_paren, bad_paren = verify_pairs(tmp_path, pairs)
    for claim in (good, good_paren):
        assert claim.status != "fail", [r.message for r in claim.reasons]
        assert [n.state for n in claim.numbers] == ["supported", "supported"], [n.normalised for n in claim.numbers]
    for claim in (bad, bad_paren):
        assert claim.status != "pass"
        assert [n.state for n in claim.numbers][1] != "supported", [n.normalised for n in claim.numbers]
