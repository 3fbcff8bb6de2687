"""A temperature in every common spelling, and °C never equal to °F (session 30, wfail).

"38.5 degrees C" in a claim against "38.5 °C" in the source (and the other way round) FAILED: only
"°C" and "degrees celsius" were a unit, "°F" none at all, and "38.5 ºC" (a masculine ordinal
typed for the degree sign) lost its unit to NFKC ("38.5 oC"). Worse, with both sides read bare,
"38.5 °F" PASSED against "38.5 degrees C". Each spelling is now read as its unit; °C and °F are
two dims, never equal, so the same figure in the other scale, or another figure, still fails; the
other scale's conversion at the claim's precision ("38.5 °C (101.3 °F)") is only plausible (rt36b t1:
it FAILED, withholding the bracketed conversion reports add).
"""

from __future__ import annotations

import pytest

from citeproof.values.extract import extract_atoms
from citeproof.text.normalize import normalize_text
from tests.values.helpers import verify_pairs


@pytest.mark.parametrize(
    ("text", "unit"),
    [
        ("Fever was 38.5 °C.", "°C"),
        ("Fever was 38.5°C.", "°C"),
        ("Fever was 38.5° C.", "°C"),
        ("Fever was 38.5 ºC.", "°C"),
        ("Fever was 38.5˚C.", "°C"),
        ("Fever was 38.5 ℃.", "°C"),
        ("Fever was 38.5 degrees C.", "°C"),
        ("Fever was 38.5 degrees Celsius.", "°C"),
        ("Fever was 38.5 degrees centigrade.", "°C"),
        ("Fever was 101.3 °F.", "°F"),
        ("Fever was 101.3 ºF.", "°F"),
        ("Fever was 101.3 degrees F.", "°F"),
        ("Fever was 101.3 degrees Fahrenheit.", "°F"),
    ],
)
def test_every_spelling_of_a_temperature_is_read_with_its_unit(text, unit):
    assert [a.unit for a in extract_atoms(text)] == [unit]


def test_celsius_and_fahrenheit_are_two_dims():
    (c,), (f,) = extract_atoms("38.5 °C"), extract_atoms("38.5 °F")
    assert c.dim != f.dim


@pytest.mark.parametrize("text", ["10 degrees cooler", "a 30 degree angle", "1º lugar"])
def test_a_degree_that_is_no_temperature_gets_no_temperature_unit(text):
    assert all(a.unit not in ("°C", "°F") for a in extract_atoms(text))


def test_the_degree_lookalike_is_folded_only_before_c_or_f():
    assert normalize_text("38.5 ºC and 101.3˚F") == "38.5 °C and 101.3°F"
    assert normalize_text("el 1º lugar") == "el 1o lugar"  # an ordinal stays what NFKC makes of it


C = "Fever was defined as 38.5 °C in the trial."
C_WORDS = "Fever was defined as 38.5 degrees C in the trial."
F = "Fever was defined as 101.3 °F in the trial."
C_ORDINAL = "Fever was defined as 38.5 ºC in the trial."


def test_through_the_pipeline_each_spelling_passes_and_each_slip_fails(tmp_path):
    out = verify_pairs(tmp_path, [
        (C, "Fever was defined as 38.5 degrees C in the trial."),
        (C_WORDS, "Fever was defined as 38.5 °C in the trial."),
        (C_ORDINAL, "Fever was defined as 38.5 degrees C in the trial."),
        (F, "Fever was defined as 101.3 degrees F in the trial."),
        # the same figure in the other scale, another figure, the other scale's equivalent
        (C, "Fever was defined as 38.5 degrees F in the trial."),
        (C_WORDS, "Fever was defined as 38.5 °F in the trial."),
        (C_WORDS, "Fever was defined as 38.6 degrees C in the trial."),
        (F, "Fever was defined as 101.3 degrees C in the trial."),
    ])
    assert [c.status for c in out] == ["pass"] * 4 + ["fail"] * 4


def test_the_other_scales_conversion_is_judged_never_failed_nor_passed(tmp_path):
    # rt36b t1: "38.5 °C (101.3 °F)" FAILED on its 101.3 °F against "38.5 °C"
    out = verify_pairs(tmp_path, [
        (C, "Fever was defined as 38.5 °C (101.3 °F) in the trial."),
        (C, "Fever was defined as 101.3 °F in the trial."),
        (F, "Fever was defined as 38.5 °C in the trial."),
        # a wrong conversion, or the same figure in the other scale, still fails
        (C, "Fever was defined as 102.3 °F in the trial."),
        (C, "Fever was defined as 38.5 °C (38.5 °F) in the trial."),
        (F, "Fever was defined as 39.5 °C in the trial."),
    ])
    assert [c.status for c in out] == ["undecided"] * 3 + ["fail"] * 3
    assert [n.state for n in out[1].numbers] == ["plausible"]


def test_a_differences_conversion_by_the_scale_alone_is_judged_never_failed(tmp_path):
    # rt37 t1: "rose by 1.5 °C (2.7 °F)" FAILED on its 2.7 °F: a rise converts without the offset
    rise = "Mean body temperature rose by 1.5 °C from baseline."
    out = verify_pairs(tmp_path, [
        (rise, "Mean body temperature rose by 1.5 °C (2.7 °F) from baseline."),
        (rise, "Mean body temperature rose by 2.7 °F from baseline."),
        # neither the level's nor the rise's conversion: still missing
        (rise, "Mean body temperature rose by 1.5 °C (3.7 °F) from baseline."),
        (rise, "Mean body temperature rose by 1.5 °F from baseline."),
    ])
    assert [c.status for c in out] == ["undecided"] * 2 + ["fail"] * 2
    assert [n.state for n in out[1].numbers] == ["plausible"]
