"""An abbreviation of ``unstated_words.abbreviations`` ("DCR", "HR", "TRAEs") names what its
source line spells out ("disease control rate"): the line carries the claim's term and its
name, and whose number it is, is read as for the spelled-out claim.

Red team s26: "DCR was 80%" against "The disease control rate was 80%" was left undecided — DCR
was missing from the data, and a line spelling an abbreviation out held neither its term nor
its name.
"""

from __future__ import annotations

from citeproof.values.segment_support import abbreviations_spelled, segment_terms, spell_abbreviations
from tests.values.helpers import verify_pairs

PAIRED = "The disease control rate was 80% and the objective response rate was 40%."

KEPT = [
    ("The disease control rate was 80% in the treatment arm.", "DCR was 80% in the treatment arm."),
    (PAIRED, "The DCR was 80%."),
    ("The clinical benefit rate was 45% in the treatment arm.", "The CBR was 45% in the treatment arm."),
    ("The hazard ratio for death was 0.71.", "The HR for death was 0.71."),
    # a name is not stemmed, a term is: "teaes" is written as "teae"
    ("Treatment-emergent adverse events occurred in 61% of patients.", "TEAEs occurred in 61% of patients."),
]

NOT_PASSED = [
    ("The disease control rate was 80% in the treatment arm.", "DCR was 85% in the treatment arm."),
    ("The objective response rate was 80% in the treatment arm.", "DCR was 80% in the treatment arm."),
    (PAIRED, "The DCR was 40%."),
    (PAIRED, "The ORR was 80%."),
    (PAIRED, "The ORR was 80% and the DCR was 40%."),
    ("Treatment-emergent adverse events occurred in 61% of patients.", "TRAEs occurred in 61% of patients."),
    ("The odds ratio for death was 0.71.", "The HR for death was 0.71."),
]


def test_a_spelled_out_abbreviation_reads_as_its_term():
    assert abbreviations_spelled("The disease control rate was 80%") == {"dcr"}
    assert abbreviations_spelled("progression free survival; adverse events") == {"pfs", "aes"}
    assert abbreviations_spelled("the diseases control rates") == set()
    assert "dcr" in segment_terms("The disease-control rate was 80%")


def test_the_claims_abbreviation_is_spelled_as_the_segment_spells_it():
    assert spell_abbreviations("The DCR was 40%.", PAIRED) == ("The disease control rate was 40%.", ((7, 17),))
    assert spell_abbreviations("The DCR was 40%.", "The DCR was 40%.") == ("The DCR was 40%.", ())
    assert spell_abbreviations("The DCRs and xDCR stay.", PAIRED)[1] == ()


def test_a_claim_naming_the_spelled_out_measure_passes(tmp_path):
    for c in verify_pairs(tmp_path, KEPT):
        assert c.status == "pass", (c.text, c.status, c.undecided_reasons)


def test_a_claim_with_another_number_or_measure_does_not_pass(tmp_path):
    for c in verify_pairs(tmp_path, NOT_PASSED):
        assert c.status != "pass", (c.text, c.status)
