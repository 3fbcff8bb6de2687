"""Numbers written with another locale's separators (citeproof.values.locale_numbers): a form
English never writes is read the foreign way and supports; a form that reads both ways supports
its English reading and makes the foreign one plausible only; a changed figure still fails."""

from __future__ import annotations

import pytest

from citeproof.values.assess import assess_numbers, build_index, claim_atoms
from citeproof.values.locale_numbers import certain_forms, locale_readings
from values.helpers import window


def states(claim: str, source: str) -> list[str]:
    return [a.state for a in assess_numbers(claim, [window(source)])]


@pytest.mark.parametrize("claim, source", [
    ("The hazard ratio was 0.72.", "Hazard ratio: 0,72 (95% CI 0,61-0,85)."),
    ("The 95% CI was 0.61 to 0.85.", "Hazard ratio: 0,72 (95% CI 0,61-0,85)."),
    ("The trial enrolled 12,345 participants.", "The trial enrolled 12'345 participants."),
    ("The trial enrolled 12,345 participants.", "The trial enrolled 12’345 participants."),
    ("The city has 1,234,567 inhabitants.", "Die Stadt hat 1.234.567 Einwohner."),
    ("The dose was 1,234.5 mg.", "Die Dosis betrug 1.234,5 mg."),
    ("p = 0.05", "p = 0,05"),
])
def test_a_form_english_never_writes_supports_its_foreign_reading(claim, source):
    assert set(states(claim, source)) == {"supported"}


@pytest.mark.parametrize("claim, source", [
    ("The hazard ratio was 0.75.", "Hazard ratio: 0,72 (95% CI 0,61-0,85)."),
    ("The hazard ratio was 72.", "Hazard ratio: 0,72 (95% CI 0,61-0,85)."),
    ("The trial enrolled 12,346 participants.", "The trial enrolled 12'345 participants."),
    ("The trial enrolled 345 participants.", "The trial enrolled 12'345 participants."),  # a part of the number
    ("The response rate was 45.3%.", "Taux de réponse : 45,2 %."),
    ("The trial enrolled 12,346 participants.", "Die Studie schloss 12.345 Teilnehmer ein."),
    ("The dose was 1,234.6 mg.", "Die Dosis betrug 1.234,5 mg."),
])
def test_a_changed_figure_still_fails(claim, source):
    assert "missing" in states(claim, source)


@pytest.mark.parametrize("claim, source", [
    ("The response rate was 45.2%.", "Taux de réponse : 45,2 %."),  # or a list "45, 2 %"
    ("The trial enrolled 12,345 participants.", "Die Studie schloss 12.345 Teilnehmer ein."),  # or 12.345
    ("The ratio was 1.2.", "Grades 1,2 were allowed."),  # or a list of grades
])
def test_a_form_read_two_ways_is_only_plausible_in_its_foreign_reading(claim, source):
    assert states(claim, source) == ["plausible"]


@pytest.mark.parametrize("claim, source", [
    ("The mean was 12.345.", "The mean was 12.345."),
    ("Grades 1 and 2 were allowed.", "Grades 1,2 were allowed."),
    ("A total of 1,234 patients enrolled.", "A total of 1,234 patients enrolled."),
    ("Revenue was $1,234.5 million.", "Revenue was $1,234.5 million."),
])
def test_english_formatted_sources_read_as_before(claim, source):
    assert set(states(claim, source)) == {"supported"}


def test_lists_and_section_numbers_are_no_foreign_numerals():
    assert certain_forms("days 1,8,15; section 1.2.3; ECOG 0,1") == "days 1,8,15; section 1.2.3; ECOG 0,1"
    # a schedule that goes on after "0,14" is a list, not 0.14 (found in review)
    for schedule in ("on days 0,14 and 28", "on days 0,14, and 28", "at weeks 0,12 or 24"):
        assert certain_forms(schedule) == schedule
    assert states("Doses were given on days 0, 14 and 28.", "Doses were given on days 0,14 and 28.") == ["supported"] * 3
    assert states("Doses were given on days 14 and 28.", "Doses were given on days 0,14 and 28.") == ["supported"] * 2
    assert certain_forms("HR 0,72 and OR 0,55") == "HR 0.72 and OR 0.55"
    assert locale_readings("days 1,8,15 and 1.2.3") is None
    # a lone 0 with one decimal digit is a list as often as a decimal ("ECOG 0,1"): two readings
    [(atom, _)] = [e for e in build_index("ECOG 0,1").by_dim[""] if e[0].number == 0.1]
    assert atom.ambiguous_digits


def test_the_lazy_index_reads_a_line_for_its_foreign_reading():
    from citeproof.values.window_index import WindowIndex
    from citeproof.values.assess import claim_atoms, match_atom

    text = "Baseline.\nTaux de réponse : 45,2 %.\nDie Studie schloss 12.345 Teilnehmer ein."
    index = WindowIndex(text)
    for claim in ("45.2%", "12,345 participants"):
        [atom] = claim_atoms(claim)
        assert match_atom(atom, index.for_atom(atom))[0] == "plausible"


def test_locale_pairs_through_the_pipeline(tmp_path):
    from values.helpers import verify_pairs

    pairs = [
        ("Hazard ratio: 0,72 (95% CI 0,61-0,85).", "The hazard ratio was 0.72."),
        ("The trial enrolled 12'345 participants.", "The trial enrolled 12,345 participants."),
        ("Taux de réponse : 45,2 %.", "The response rate was 45.2%."),
        ("Die Studie schloss 12.345 Teilnehmer ein.", "The trial enrolled 12,345 participants."),
        ("Hazard ratio: 0,72 (95% CI 0,61-0,85).", "The hazard ratio was 0.75."),
        ("The trial enrolled 12'345 participants.", "The trial enrolled 345 participants."),
    ]
    statuses = [c.status for c in verify_pairs(tmp_path, pairs)]
    assert statuses[:2] == ["pass", "pass"]
    assert "fail" not in statuses[2:4]  # read two ways: the judge's
    assert statuses[4:] == ["fail", "fail"]


def test_prepare_lines_rewrites_foreign_numerals_as_prepare_does():
    from citeproof.values.extract import prepare, prepare_lines

    texts = ["Hazard ratio: 0,72.", "The trial enrolled 12'345 participants.", "Die Stadt hat 1.234.567 Einwohner."]
    assert prepare_lines(texts) == [prepare(t) for t in texts] == [
        "Hazard ratio: 0.72.", "The trial enrolled 12,345 participants.", "Die Stadt hat 1,234,567 Einwohner."]


@pytest.mark.parametrize(("claim", "number"), [("The dose was 0,125 mg.", 0.125), ("The dose was 0,1250 mg.", 0.125)])
def test_a_zero_before_a_comma_and_three_digits_is_a_decimal(claim, number):
    # red team rt10: "0,125 mg" read as 125 mg passed against "125 mg" — a thousandfold dose
    (atom,) = claim_atoms(claim)
    assert atom.number == pytest.approx(number) and atom.unit == "mg"


def test_tex_keeps_a_tight_comma_for_the_digits_to_read():
    from citeproof.text.normalize import fold_tex_math

    assert fold_tex_math("dose $0{,}125$ mg") == "dose 0,125 mg"  # a decimal comma, not "0125"
    assert fold_tex_math("n $=1{,}234$") == "n =1,234"


@pytest.mark.parametrize("claim, source", [
    ("The objective response rate was 44.8% (95% CI 36.8-53.0).", "The objective response rate was 44·8% (95% CI 36·8–53·0)."),
    ("The hazard ratio for death was 0.72.", "The hazard ratio for death was 0·72."),
    ("The hazard ratio for death was 0·72.", "The hazard ratio for death was 0.72."),
    ("Median PFS was 10·3 months.", "Median PFS was 10·3 months."),
])
def test_a_raised_decimal_point_is_a_decimal_point(claim, source):
    assert set(states(claim, source)) == {"supported"}


@pytest.mark.parametrize("claim, source", [
    ("The hazard ratio for death was 0.75.", "The hazard ratio for death was 0·72."),
    ("The hazard ratio for death was 72.", "The hazard ratio for death was 0·72."),
    ("The objective response rate was 8%.", "The objective response rate was 44·8%."),
    ("The hazard ratio for death was 0·75.", "The hazard ratio for death was 0.72."),
])
def test_a_changed_figure_beside_a_raised_decimal_point_still_fails(claim, source):
    assert "missing" in states(claim, source)


def test_a_middle_dot_after_a_letter_or_in_a_run_is_no_decimal_point():
    assert certain_forms("CuSO4·5H2O") == "CuSO4·5H2O"
    assert certain_forms("steps 1·2·3") == "steps 1·2·3"
    assert certain_forms("HR 0·72 (0·60–0·86)") == "HR 0.72 (0.60–0.86)"
    # before a power it multiplies (rt14a: "100·10^9/L" read as 100.10)
    assert certain_forms("100·10^9/L") == "100·10^9/L"
    assert certain_forms("1.5·10⁹/L") == "1.5·10⁹/L"

