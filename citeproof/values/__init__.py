"""Value atoms: extraction, normalisation, equivalences and the supported/plausible/missing states."""

from citeproof.values.assess import (
    NumberAssessment,
    assess_atoms,
    assess_numbers,
    claim_atoms,
    index_text,
    match_atom,
    text_supports_all,
)
from citeproof.values.atoms import ValueAtom
from citeproof.values.extract import extract_atoms, prepare

__all__ = [
    "NumberAssessment",
    "ValueAtom",
    "assess_atoms",
    "assess_numbers",
    "claim_atoms",
    "extract_atoms",
    "index_text",
    "match_atom",
    "prepare",
    "text_supports_all",
]
