"""Compound and declared units read whole (red team rt32a, s29-units).

* p2: an exposure "42.1 µg·h/mL" was read up to the "·" as 42.1 µg, so "42.1 µg·h/L" (1000×
  smaller) and "42.1 µg·min/mL" (60×) PASSED against it, and the equal "42.1 mg·h/L" FAILED.
* j3, tb: a ClinicalTrials.gov "Unit of Measure: ug/mL" (or ``"unitOfMeasure": "ng/mL"``) gave the
  bare results under it the unit "ug" only, so the true "22.4 µg/mL" and "1850 ng/mL" FAILED.
* l2, h5, h6: a header "(mg, twice daily)", "(mL/min/1.73 m²)" or "(µg·h/mL)" gave its cells no
  unit, so true dose, clearance and exposure claims FAILED.
"""

from __future__ import annotations

import pytest

from citeproof.values.assess import build_index, match_atom
from citeproof.values.extract import extract_atoms
from tests.values.helpers import cited_report, verify_against, verify_pairs


def _read(text: str) -> list[tuple[str, str, float]]:
    return [(a.unit, a.dim, round(a.factor, 12)) for a in extract_atoms(text)]


def _state(claim: str, source: str, number: float) -> str:
    atom = next(a for a in extract_atoms(claim) if a.number == number)
    return match_atom(atom, build_index(source))[0]


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("AUC 42.1 µg·h/mL", [("µg·h/mL", "mass·time/volume", 1e-3)]),
        ("AUC 42.1 ng*h/mL", [("ng·h/mL", "mass·time/volume", 1e-6)]),
        ("AUC 42.1 mg.h/L", [("mg·h/L", "mass·time/volume", 1e-3)]),
        ("AUC 42.1 µg h/mL", [("µg·h/mL", "mass·time/volume", 1e-3)]),
        ("AUC 42.1 µg·min/mL", [("µg·min/mL", "mass·time/volume", round(1e-3 / 60, 12))]),
        # a loose joiner (a stop, a space) joins only before a denominator: here it ends the value
        ("The dose was 42 mg. H was high", [("mg", "mass", 1e-3)]),
        ("a 5 mg h", [("mg", "mass", 1e-3)]),
        # a calendar unit has no exact length: no exposure is written in months
        ("42 mg·month/L", [("mg", "mass", 1e-3)]),
        # a clearance normalised to a body surface: the 1.73 is the denominator's, no value of its own
        ("CrCl 30 mL/min/1.73 m²", [("mL/minute/1.73 m2", "volume/time/area", round(1e-3 * 60 / 1.73, 12))]),
        ("CrCl 30 mL/min/1.73m2", [("mL/minute/1.73 m2", "volume/time/area", round(1e-3 * 60 / 1.73, 12))]),
    ],
)
def test_a_compound_unit_is_read_as_one_unit(text, read):
    assert _read(text) == read


PK = "Under fasted conditions the geometric mean AUC0-inf was 42.1 µg·h/mL and Cmax was 5.8 µg/mL."


@pytest.mark.parametrize(
    ("claim", "number", "state"),
    [
        ("AUC0-inf was 42.1 µg·h/mL", 42.1, "supported"),
        ("AUC0-inf was 42.1 mg·h/L", 42.1, "supported"),  # mg/L = µg/mL
        ("AUC0-inf was 42,100 ng·h/mL", 42100, "supported"),
        ("AUC0-inf was 42.1 ug*h/mL", 42.1, "supported"),
        ("AUC0-inf was 42.1 µg·h/L", 42.1, "missing"),  # 1000× smaller
        ("AUC0-inf was 42.1 µg·min/mL", 42.1, "missing"),  # 60× smaller
        ("AUC0-inf was 42.1 µg/mL", 42.1, "missing"),  # a concentration, not an exposure
        ("AUC0-inf was 42.1 µg", 42.1, "missing"),
        ("Cmax was 5.8 µg·h/mL", 5.8, "missing"),
    ],
)
def test_an_exposure_meets_only_the_same_exposure(claim, number, state):
    assert _state(claim, PK, number) == state


CTGOV = "Outcome: Trough concentration\nUnit of Measure: ug/mL  22.4 (8.1)\n"
CTGOV_NG = "Outcome: Maximum concentration\nUnit of Measure: ng/mL\nArm A: 1850\n"
CTGOV_JSON = '{\n"title": "Cmax",\n"unitOfMeasure": "ng/mL",\n"value": "1850"\n}'


@pytest.mark.parametrize(
    ("source", "claim", "number", "state"),
    [
        (CTGOV, "trough concentration was 22.4 µg/mL", 22.4, "supported"),
        (CTGOV, "trough concentration was 22.4 ug/mL", 22.4, "supported"),
        (CTGOV, "trough concentration was 22.4 mg/L", 22.4, "supported"),
        (CTGOV, "trough concentration was 22.4 mg/mL", 22.4, "missing"),
        (CTGOV, "trough concentration was 22.4 ng/mL", 22.4, "missing"),
        (CTGOV, "trough concentration was 22.4 µg", 22.4, "missing"),
        (CTGOV_NG, "Cmax was 1850 ng/mL", 1850, "supported"),
        (CTGOV_NG, "Cmax was 1.85 µg/mL", 1.85, "supported"),
        (CTGOV_NG, "Cmax was 1850 µg/mL", 1850, "missing"),
        # a JSON key's unit is a reading only (it may belong to another object than the value)
        (CTGOV_JSON, "Cmax was 1850 ng/mL", 1850, "plausible"),
        (CTGOV_JSON, "Cmax was 1850 mg/mL", 1850, "missing"),
    ],
)
def test_a_declared_unit_is_the_whole_unit(source, claim, number, state):
    assert _state(claim, source, number) == state


DOSES = ("| Body weight | Starting dose (mg, twice daily) |\n|---|---|\n| 20 to 40 kg | 250 |\n")
RENAL = ("| Group | Creatinine clearance (mL/min/1.73 m²) | Dosage (mg) |\n|---|---|---|\n"
         "| Mild | 50 – 80 | 500 to 1,000 |\n| Severe | <30 | 250 to 500 |\n")
RENAL_PLAIN = ("| Group | Creatinine clearance (mL/min) | Dosage (mg) |\n|---|---|---|\n"
               "| Severe | <30 | 250 to 500 |\n")
EXPOSURE = "| Regimen | AUC0-12 (µg·h/mL) |\n|---|---|\n| oral | 20.3 |\n"


@pytest.mark.parametrize(
    ("source", "claim", "number", "expected"),
    [
        # the qualifier after the bracket's comma is no part of the unit
        (DOSES, "start with 250 mg", 250, ("supported",)),
        (DOSES, "start with 250 µg", 250, ("missing",)),
        (RENAL, "creatinine clearance <30 mL/min/1.73 m²", 30, ("supported",)),
        (RENAL, "creatinine clearance <30 mL/min/1.73m2", 30, ("supported",)),
        (RENAL, "creatinine clearance 50–80 mL/min/1.73 m²", 50, ("supported",)),
        (RENAL, "creatinine clearance of 50 mL/min/m2", 50, ("missing",)),  # 1.73× another clearance
        # the clearance without the body-surface normalisation: the same figure, for the judge
        (RENAL, "creatinine clearance <30 mL/min", 30, ("plausible",)),
        (RENAL_PLAIN, "creatinine clearance <30 mL/min/1.73 m²", 30, ("plausible",)),
        (RENAL, "creatinine clearance of 45 mL/min", 45, ("missing",)),
        (EXPOSURE, "AUC0-12 was 20.3 µg·h/mL", 20.3, ("supported",)),
        (EXPOSURE, "AUC0-12 was 20.3 mg·h/L", 20.3, ("supported",)),
        (EXPOSURE, "AUC0-12 was 20.3 µg·h/L", 20.3, ("missing",)),
        (EXPOSURE, "AUC0-12 was 20.3 µg/mL", 20.3, ("missing",)),
    ],
)
def test_a_header_unit_in_a_bracket_is_read_whole(source, claim, number, expected):
    assert _state(claim, source, number) in expected


def test_through_the_pipeline_exposure_units_pass_and_fail_as_they_should(tmp_path):
    out = verify_against(tmp_path, "# S\n\n" + PK + "\n", cited_report(
        "Under fasted conditions the geometric mean AUC0-inf was 42.1 µg·h/mL.",
        "Under fasted conditions the geometric mean AUC0-inf was 42.1 mg·h/L.",
        "Under fasted conditions the geometric mean AUC0-inf was 42.1 µg·h/L.",
        "Under fasted conditions the geometric mean AUC0-inf was 42.1 µg·min/mL."))
    assert [c.status for c in out.claims if c.anchors] == ["pass", "pass", "fail", "fail"]


@pytest.mark.parametrize(
    ("source", "claim", "state"),
    [
        # the normalisation dropped or added keeps the figure's size: 30 mL/min is 1.8 L/h
        ("Creatinine clearance was 30 mL/min/1.73 m² at baseline.", "creatinine clearance was 1.8 L/h", "plausible"),
        ("Creatinine clearance was 30 mL/min at baseline.", "creatinine clearance was 1.8 L/h/1.73 m²", "plausible"),
        ("Creatinine clearance was 30 mL/min/1.73 m² at baseline.", "creatinine clearance was 3.1 L/h", "missing"),
        ("Creatinine clearance was 30 mL/min at baseline.", "creatinine clearance was 1.04 L/h/1.73 m²", "missing"),
    ],
)
def test_a_clearance_read_across_its_normalisation_keeps_its_size(source, claim, state):
    assert _state(claim, source, next(a.number for a in extract_atoms(claim))) == state


# ---- red team rt33 (s29-units2): the other common spellings of an exposure -------------------
# u2, u3, u6, ct1: read whole in the claim ("ng·h/mL") but up to the joiner in the source (a bullet,
# a hyphen, " x ", a negative exponent, the time first or after the volume), every true claim FAILED.

@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("AUC 100.5 µg•h/mL", [("µg·h/mL", "mass·time/volume", 1e-3)]),  # U+2022 bullet
        ("AUC 108.5 ng∙h/mL", [("ng·h/mL", "mass·time/volume", 1e-6)]),
        ("AUC 109.5 ng·h·mL−1", [("ng·h/mL", "mass·time/volume", 1e-6)]),
        ("AUC 110.5 ng h ml−1.", [("ng·h/mL", "mass·time/volume", 1e-6)]),
        ("AUC 112.5 µg·h·mL-1", [("µg·h/mL", "mass·time/volume", 1e-3)]),
        ("AUC 112.5 µg·h·mL^-1", [("µg·h/mL", "mass·time/volume", 1e-3)]),
        ("AUC 112.5 µg·h·mL⁻¹", [("µg·h/mL", "mass·time/volume", 1e-3)]),
        ("AUC 5.6 µg h mL-1", [("µg·h/mL", "mass·time/volume", 1e-3)]),
        ("AUC 5.6 mg h L-1", [("mg·h/L", "mass·time/volume", 1e-3)]),
        ("AUC 117.5 μg-h/mL", [("µg·h/mL", "mass·time/volume", 1e-3)]),
        ("AUC 118.5 ng-hr/mL", [("ng·h/mL", "mass·time/volume", 1e-6)]),
        ("AUC 310 ng x h/mL", [("ng·h/mL", "mass·time/volume", 1e-6)]),
        ("AUC 1055.4 ng/mL*h", [("ng·h/mL", "mass·time/volume", 1e-6)]),
        ("AUC 45.2 µg/mL·h.", [("µg·h/mL", "mass·time/volume", 1e-3)]),
        ("AUC 103.5 h·ng/mL", [("ng·h/mL", "mass·time/volume", 1e-6)]),
        ("AUC 115.5 hr*ng/mL", [("ng·h/mL", "mass·time/volume", 1e-6)]),
        ("AUC 1099.4 hour*nanogram per milliliter", [("ng·h/mL", "mass·time/volume", 1e-6)]),
        # a negative exponent is a denominator of a plain concentration too
        ("Cmax 5 mg mL-1", [("mg/mL", "mass/volume", 1.0)]),
        # a hyphen is a range or a minus unless a mass, a time and a volume follow one another
        ("10-20 mg", [("mg", "mass", 1e-3)]),
        ("5 mg-10 mg", [("mg", "mass", 1e-3)]),
        ("2 mg-h", [("mg", "mass", 1e-3)]),
        ("2 mg-h/kg", [("mg", "mass", 1e-3)]),
        # " x " joins only before a denominator; a number after it is a product or a count
        ("3 mg x 2", [("mg", "mass", 1e-3), ("", "", 1.0)]),
        # a time after the volume joins by a strict joiner only: ". H" ends a sentence
        ("5 ng/mL.h", [("ng/mL", "mass/volume", 1e-6)]),
        ("5 ng/mL h", [("ng/mL", "mass/volume", 1e-6)]),
        ("5 mg/kg*h", [("mg/kg", "mass/mass", 1e-6)]),
        # a time first joins only a unit a time multiplies, and only before a denominator
        ("12 h·ng", [("h", "time", 1.0)]),
        ("12 h*2", [("h", "time", 1.0), ("", "", 1.0)]),
        ("sampled at 2 h mg/L rose", [("h", "time", 1.0)]),  # a loose joiner never joins a time first
        # a calendar unit written first has no exact length either: no exposure in months
        ("AUC 42 month*ng/mL", [("month", "time", 730.5)]),
        # no negative exponent: "-1.5" is a number, "day-1" as often a day's label
        ("AUC 5.6 µg h mL-1.5", [("µg", "mass", 1e-6)]),
        ("10 mg day-1", [("mg", "mass", 1e-3)]),
    ],
)
def test_every_common_spelling_of_an_exposure_is_read_whole(text, read):
    assert _read(text)[: len(read)] == read


# each source spelling (the red team's), a true claim in "·h/mL", and its 1000× and 60× slips
SPELLINGS = [
    ("100.5 µg•h/mL", "100.5 µg·h/mL", "100.5 ng·h/mL", "100.5 µg·min/mL"),
    ("109.5 ng·h·mL−1", "109.5 ng·h/mL", "109.5 ng·h/L", "109.5 ng·min/mL"),
    ("110.5 ng h ml−1", "110.5 ng·h/mL", "110.5 µg·h/mL", "110.5 ng·min/mL"),
    ("112.5 µg·h·mL-1", "112.5 µg·h/mL", "112.5 µg·h/L", "112.5 µg·min/mL"),
    ("117.5 μg-h/mL", "117.5 µg·h/mL", "117.5 ng·h/mL", "117.5 µg·min/mL"),
    ("118.5 ng-hr/mL", "118.5 ng·h/mL", "118.5 ng·h/L", "118.5 ng·min/mL"),
    ("5.6 µg h mL-1", "5.6 µg·h/mL", "5.6 µg·h/L", "5.6 µg·min/mL"),
    ("310 ng x h/mL", "310 ng·h/mL", "310 µg·h/mL", "310 ng·min/mL"),
    ("45.2 µg/mL·h", "45.2 µg·h/mL", "45.2 µg·h/L", "45.2 µg·min/mL"),
    ("1055.4 ng/mL*h", "1055.4 ng·h/mL", "1055.4 ng·h/L", "1055.4 ng·min/mL"),
    ("103.5 h·ng/mL", "103.5 ng·h/mL", "103.5 µg·h/mL", "103.5 ng·min/mL"),
    ("115.5 hr*ng/mL", "115.5 ng·h/mL", "115.5 ng·h/L", "115.5 ng·min/mL"),
]


@pytest.mark.parametrize(("source", "claim", "slip_1000", "slip_60"), SPELLINGS)
def test_an_exposure_spelled_another_way_meets_the_same_exposure_only(source, claim, slip_1000, slip_60):
    text = f"The mean AUC of the study drug was {source}."
    number = float(claim.split()[0])
    assert _state(f"AUC was {claim}", text, number) == "supported"
    assert _state(f"AUC was {slip_1000}", text, number) == "missing"
    assert _state(f"AUC was {slip_60}", text, number) == "missing"
    # the concentration with the same figure is another quantity (u2 L3: it PASSED against "µg/mL·h")
    concentration = claim.replace("·h", "").replace("·min", "")
    assert _state(f"AUC was {concentration}", text, number) == "missing"


def test_the_same_exposure_in_other_units_still_meets_a_new_spelling():
    assert _state("AUC was 0.0452 mg·h/mL", "The mean AUC was 45.2 µg/mL·h.", 0.0452) == "supported"
    assert _state("AUC was 2712 µg·min/mL", "The mean AUC was 45.2 µg h mL-1.", 2712) == "supported"
    assert _state("AUC was 5.6 mg·h/L", "The mean AUC was 5.6 µg-h/mL.", 5.6) == "supported"


def _ctgov(unit: str, value: str) -> str:
    return ("Outcome Measurement: \n  Area Under the Curve (AUC)\n  Measure Type: Geometric Mean\n"
            f"  Unit of Measure: {unit}  {value} (35%)\n")


@pytest.mark.parametrize(
    "unit",
    ["hr*ng/mL", "h*ng/mL", "ng/mL*h", "hour*nanogram per milliliter (h*ng/mL)", "ng*hr/mL", "ng.h/mL"],
)
def test_a_declared_exposure_in_any_spelling_states_its_results_in_it(unit):
    source = _ctgov(unit, "1000.4")
    assert _state("the geometric mean AUC was 1000.4 ng·h/mL", source, 1000.4) == "supported"
    assert _state("the geometric mean AUC was 1000.4 µg·h/mL", source, 1000.4) == "missing"
    assert _state("the geometric mean AUC was 1000.4 ng·min/mL", source, 1000.4) == "missing"
    assert _state("the geometric mean AUC was 1000.4 ng/mL", source, 1000.4) == "missing"


def test_through_the_pipeline_other_spellings_pass_and_their_slips_fail(tmp_path):
    pk, ng, hyphen = ("The mean AUC was 45.2 µg/mL·h.", "The mean exposure was 109.5 ng·h·mL−1.",
                      "The mean exposure was 117.5 μg-h/mL.")
    out = verify_pairs(tmp_path, [
        (pk, "The mean AUC was 45.2 µg·h/mL."),
        (pk, "The mean AUC was 45.2 µg/mL."),
        (ng, "The mean exposure was 109.5 ng·h/mL."),
        (ng, "The mean exposure was 109.5 ng·h/L."),
        (hyphen, "The mean exposure was 117.5 µg·h/mL."),
        (hyphen, "The mean exposure was 117.5 µg·min/mL.")])
    assert [c.status for c in out] == ["pass", "fail", "pass", "fail", "pass", "fail"]


# s30 wfail: a joiner with a space each side ("mg ∙ h/mL", "mg * h / mL") read "3 mg" alone: the true
# exposure claim FAILED and the bare mass PASSED. Spaced, it is a loose joiner (before a denominator).
@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("AUC 3 mg ∙ h/mL", [("mg·h/mL", "mass·time/volume", 1.0)]),
        ("AUC 3 mg ⋅ h/mL", [("mg·h/mL", "mass·time/volume", 1.0)]),
        ("AUC 3 mg · h/mL", [("mg·h/mL", "mass·time/volume", 1.0)]),
        ("AUC 3 mg * h / mL", [("mg·h/mL", "mass·time/volume", 1.0)]),
        # no denominator after the time: a product or two quantities, not one unit
        ("3 mg * 2 h", [("mg", "mass", 1e-3)]),
        ("3 mg ∙ h", [("mg", "mass", 1e-3)]),
    ],
)
def test_a_spaced_joiner_joins_before_a_denominator(text, read):
    assert _read(text)[: len(read)] == read


@pytest.mark.parametrize("source", ["The AUC was 3 mg ∙ h/mL.", "The AUC was 3 mg * h / mL.", "The AUC was 3 mg ⋅ h/mL."])
def test_a_spaced_exposure_meets_the_exposure_only(source):
    assert _state("The AUC was 3 mg·h/mL", source, 3) == "supported"
    assert _state("The AUC was 3 mg", source, 3) == "missing"
    assert _state("The AUC was 3 mg/mL", source, 3) == "missing"
    assert _state("The AUC was 3 µg·h/mL", source, 3) == "missing"
