"""Counts, multiples and dosing shorthand are numbers; words that merely look like them are not.

The bad cases this guards, each of which passed Tier 1 on its words alone:
"200 mg t.i.d." citing "200 mg b.i.d."; "the response rate tripled" citing "… doubled";
受试者每两周 citing 每三周; and "6周" (weeks) read off "6个周期" (cycles).
"""

from __future__ import annotations

import pytest

from citeproof.values import assess_numbers, claim_atoms
from citeproof.values.spelled_multiples import numeric_multiples
from tests.values.helpers import verify_against, window


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("200 mg twice daily", "200 mg 2 times daily"),
        ("thrice weekly", "3 times weekly"),
        ("200 mg b.i.d.", "200 mg 2 times daily"),
        ("200 mg BID", "200 mg 2 times daily"),
        ("200 mg t.i.d. for 5 days", "200 mg 3 times daily for 5 days"),
        ("10 mg q.i.d.", "10 mg 4 times daily"),
        ("10 mg QD", "10 mg daily"),
        ("QOD", "every 2 days"),
        ("given Q3W", "given every 3 weeks"),
        ("given q8h", "given every 8 hours"),
        ("given 3-weekly", "given every 3 weeks"),
        ("6-monthly scans", "every 6 months scans"),
        ("4-Hourly", "every 4 hours"),
        ("twice-weekly", "2 times-weekly"),
        ("The rate doubled.", "The rate increased by 100%."),
        ("Enrolment tripled.", "Enrolment increased by 200%."),
        ("Mortality halved.", "Mortality decreased by 50%."),
        ("销售额翻了一番", "销售额增长了100%"),
        ("销售额翻了两番", "销售额增长了300%"),
        ("剂量减半", "剂量下降了50%"),
        ("销售额翻一番", "销售额增长了100%"),
        ("Sales Quadrupled.", "Sales increased by 300%."),
        ("The doubling time was 3 days.", "The doubling time was 3 days."),
        ("A dozen hospitals", "12 hospitals"),
        ("about a dozen patients", "about 12 patients"),
        ("half a dozen sites", "6 sites"),
        ("three dozen vials", "36 vials"),
        ("2 dozen vials", "24 vials"),
    ],
)
def test_a_spelled_count_or_shorthand_is_written_as_a_number(text, expected):
    assert numeric_multiples(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "The tumour doubling time was long.",  # a quantity's name
        "A bid for the company failed.",  # an English word
        "BIDS and TIDES",
        "Once daily dosing",  # "once daily" says no more than "daily"
        "dozens of sites",  # no one number
        "the dozen sites that enrolled",  # no count to multiply
    ],
)
def test_a_word_that_only_looks_like_one_is_left_alone(text):
    assert numeric_multiples(text) == text


def _states(claim: str, source: str) -> list[tuple[str, str]]:
    return [(r.raw, r.state) for r in assess_numbers(claim, [window(source)])]


def test_dosing_shorthand_and_words_support_each_other_and_nothing_else():
    assert _states("200 mg twice daily.", "200 mg b.i.d.") == [("200 mg", "supported"), ("2", "supported")]
    assert _states("200 mg two times a day.", "200 mg BID.") == [("200 mg", "supported"), ("two", "supported")]
    assert ("3", "missing") in _states("200 mg t.i.d.", "200 mg b.i.d.")


def test_a_hyphenated_cadence_is_every_n_units():
    # red-team finding: "given 3-weekly" against "every 3 weeks" failed on a bare 3
    source = "Bevacizumab 15 mg/kg IV every 3 weeks."
    assert _states("Bevacizumab 15 mg/kg IV was given 3-weekly.", source) == [("15 mg/kg", "supported"), ("3 weeks", "supported")]
    assert ("4 weeks", "missing") in _states("Bevacizumab 15 mg/kg IV was given 4-weekly.", source)
    # and the reverse: a source's cadence is an interval, never three doses a week
    assert ("3", "missing") in _states("Bevacizumab was given 3 times weekly.", "Bevacizumab 15 mg/kg 3-weekly.")


def test_a_change_spelled_as_a_verb_is_the_change_it_states():
    # red-team findings: "halved" against "fell by 50%" and 翻了一番 against 增长了100% failed; "tripled" for "doubled" passed
    assert _states("Sales grew 100% in 2023.", "Sales doubled in 2023.") == [("100%", "supported")]
    assert _states("The mortality rate fell by 50%.", "The mortality rate was halved.") == [("50%", "supported")]
    assert _states("2023年销售额增长了100%。", "2023年销售额翻了一番。") == [("100%", "supported")]
    assert _states("Sales tripled in 2023.", "Sales doubled in 2023.") == [("200%", "missing")]


@pytest.mark.parametrize(("claim", "fold"), [
    ("Sales tripled.", 3.0), ("Sales doubled.", 2.0), ("Costs halved.", 0.5), ("Sales increased by 150%.", 2.5),
    ("销售额翻了两番。", 4.0), ("成本减半。", 0.5),
    # a percentage that is not written as a change states no multiple
    ("Sales were 200% of the prior year.", None), ("Sales increased by about 200%.", None), ("Sales increased to 200%.", None),
    ("Sales increased by 200% or more.", None),
])
def test_a_change_carries_the_multiple_it_states(claim, fold):
    # rt24a: "tripled" against a model's fold of 3.0 failed; the atom carries 3.0 for the model checker
    [atom] = claim_atoms(claim)
    assert atom.fold == fold


def test_a_dozen_is_twelve_on_either_side():
    # red-team finding: "12 hospitals adopted the platform" citing "A dozen hospitals adopted the platform" failed
    assert _states("12 hospitals adopted the platform in 2023.", "A dozen hospitals adopted the platform in 2023.") == [
        ("12", "supported")]
    assert ("10", "missing") in _states("10 hospitals adopted the platform in 2023.", "A dozen hospitals adopted the platform in 2023.")
    assert ("12", "missing") in _states("A dozen hospitals adopted the platform.", "Ten hospitals adopted the platform.")


def test_a_treatment_cycle_is_not_a_week():
    assert [(a.number, a.unit) for a in claim_atoms("最多6个周期")] == [(6, "")]
    assert [(a.number, a.unit) for a in claim_atoms("第2周期")] == []
    assert [(a.number, a.unit) for a in claim_atoms("持续6周")] == [(6, "week")]
    assert _states("治疗持续6周。", "治疗持续6个周期。") == [("6周", "missing")]
    assert _states("治疗持续6周。", "治疗持续6周。") == [("6周", "supported")]


def test_fabricated_frequencies_fail_and_true_ones_pass(tmp_path):
    source = (
        "# S\n\nPatients received the study drug at 200 mg b.i.d. for four weeks in Arm A of the randomised trial.\n\n"
        "受试者每3周接受一次治疗，最多6个周期，A组的成年患者均完成了治疗。\n"
    )
    tail = " for four weeks in Arm A of the randomised trial [evidence:s.md#L3].\n\n"
    report = (
        "# R\n\n"
        f"Patients received the study drug at 200 mg t.i.d.{tail}"
        f"Patients received the study drug at 200 mg twice daily{tail}"
        "受试者每两周接受一次治疗，最多六个周期，A组的成年患者均完成了治疗。[evidence:s.md#L5]\n\n"
        "受试者每三周接受一次治疗，最多六个周期，A组的成年患者均完成了治疗。[evidence:s.md#L5]\n"
    )
    out = verify_against(tmp_path, source, report)
    assert [c.status for c in out.claims] == ["fail", "pass", "fail", "pass"]


def test_twice_the_upper_limit_of_normal_is_a_threshold_not_a_derived_number():
    # an eligibility criterion restated verbatim must not fail as a fold change
    text = "AST less than or equal to twice the upper limits of normal."
    assert [(a.number, a.unit, a.derived) for a in claim_atoms(text)] == [(2, "×ULN", False)]
    assert _states(text, text) == [("2 times the upper limits of normal", "supported")]
    assert _states("AST less than or equal to 3 times the upper limits of normal.", text)[0][1] != "supported"
