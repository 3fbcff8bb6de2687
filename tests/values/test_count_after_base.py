"""rt26 case8/case9: "Of the 210 patients …, 18 died" names the base first and the count after
it — maybe the same fact as a claim's "18 of 210". The count is read over the base only when it is
the first number right after the comma that closes the base's phrase, and only as plausible: the
claim goes to the judge (rt27t: read as supported it passed counts of another outcome, time point
or restricted base)."""

from __future__ import annotations

from citeproof.values.assess import index_text, match_atom
from citeproof.values.extract import extract_atoms, prepare
from citeproof.values.count_after_base import counts_after_base
from tests.values.helpers import verify_pairs

BASE_FIRST = "Of the 210 patients in the surgical cohort, 18 died within 28 days."
OTHER_18 = "Of the 210 patients in the surgical cohort, 12 died within 28 days and 18 were readmitted."
AGE_18 = "Of the 210 patients aged 18 years or older in the surgical cohort, 12 died within 28 days."


def _fractions(line: str) -> list[tuple[int | None, int | None]]:
    text = prepare(line)
    return [(a.num, a.den) for a in counts_after_base(text, extract_atoms(text, mode="source", prepared=True))]


def _state(claim: str, source: str) -> str:
    atom = next(a for a in extract_atoms(claim, mode="claim") if a.kind == "fraction")
    return match_atom(atom, index_text(source))[0]


def test_the_count_after_the_base_is_read_as_its_fraction() -> None:
    assert _fractions(BASE_FIRST) == [(18, 210)]
    assert _fractions("In the trial, among the 60 patients treated, 9 responded.") == [(9, 60)]
    assert _fractions("在210例患者中，18例在28天内死亡。") == [(18, 210)]
    assert _state("18 of 210 patients died", BASE_FIRST) == "plausible"


def test_only_the_first_count_after_the_comma_is_bound() -> None:
    assert _fractions(OTHER_18) == [(12, 210)]
    # a number inside the base's phrase is no count over it: the count after the phrase is
    # (s27-fails4 case2: it was read over no base at all)
    assert _fractions(AGE_18) == [(12, 210)]
    assert _fractions("Of the 210 patients in 18 centres, 12 died within 28 days.") == [(12, 210)]
    assert _fractions("Of the 210 patients aged 75 or older, 18 died.") == [(18, 210)]
    assert _fractions("在210例65岁以上患者中，18例在28天内死亡。") == [(18, 210)]
    # the count still comes right after the comma, not later in the clause
    assert _fractions("Of the 210 patients, a further 18 died.") == []
    assert _state("18 of 210 patients died", OTHER_18) == "missing"
    assert _state("18 of 210 patients died", AGE_18) == "missing"


def test_no_percentage_unit_larger_count_or_phrase_inside_a_clause() -> None:
    assert _fractions("Of the 210 patients, 18% died within 28 days.") == []
    assert _fractions("Of the 210 patients, 18 mg was the median dose.") == []
    assert _fractions("Of the 21 patients, 180 samples were taken.") == []
    # the base's phrase must open its sentence or clause: here 210 is no base
    assert _fractions("The rate of 210 patients, 18 died.") == []


def test_claims_go_to_the_judge_only_with_the_bound_count(tmp_path) -> None:
    claims = verify_pairs(tmp_path, [
        (BASE_FIRST, "18 of 210 patients in the surgical cohort died within 28 days."),
        (BASE_FIRST, "In the surgical cohort, 18 of 210 patients died within 28 days."),
        (BASE_FIRST, "19 of 210 patients in the surgical cohort died within 28 days."),
        (OTHER_18, "18 of 210 patients in the surgical cohort died within 28 days."),
    ])
    assert [c.status for c in claims] == ["undecided", "undecided", "fail", "fail"]


def test_a_count_read_over_its_base_never_passes_another_outcome_time_or_base(tmp_path) -> None:
    # rt27t: each of these passed while the fraction was read as supported
    claims = verify_pairs(tmp_path, [
        ("Of the 64 patients, 12 had a complete response; 5 died.", "Overall, 12 of 64 patients died."),
        ("Of the 210 patients, 18 died by week 12 and 30 by week 52.", "By week 52, 18 of 210 patients had died."),
        ("Of the 210 patients with diabetes, 18 died within 28 days.", "Overall, 18 of 210 patients died within 28 days."),
        ("Of the 24 patients, 4 had dose-limiting toxicities at 800 mg and 1 at 400 mg.",
         "At 400 mg, 4 of 24 patients had dose-limiting toxicities."),
    ])
    assert [c.status for c in claims] == ["undecided"] * 4


def test_a_count_after_a_base_phrase_holding_a_number_goes_to_the_judge(tmp_path) -> None:
    # s27-fails4 case2: failed while the age in the base's phrase stood between base and count
    source = "Of the 210 patients aged 75 or older, 18 died."
    claims = verify_pairs(tmp_path, [
        (source, "18 of 210 patients aged 75 or older died."),
        (source, "18 of 200 patients aged 75 or older died."),
        (source, "19 of 210 patients aged 75 or older died."),
        (source, "75 of 210 patients died."),
    ])
    assert [c.status for c in claims] == ["undecided", "fail", "fail", "fail"]


def test_a_share_of_a_count_after_its_base_goes_to_the_judge(tmp_path) -> None:
    # s27-fails4 case3: the lazy window index read no line for the share, so it failed
    source = "Of the 150 patients, 45 responded."
    claims = verify_pairs(tmp_path, [
        (source, "30% of patients responded."),
        (source, "35% of patients responded."),
        (source, "45% of patients responded."),
    ])
    assert [c.status for c in claims][:2] == ["undecided", "fail"]
    assert claims[2].status != "pass"
