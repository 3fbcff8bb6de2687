"""rt26 case3: "grade 3/4" names grades 3 or 4 — after a grading word the slash joins the
grades' alternatives, it writes no fraction to find in the source."""

from __future__ import annotations

from citeproof.values.extract import extract_atoms
from tests.values.helpers import verify_pairs

SOURCE = "Grade 3 or 4 anemia occurred in 9% of patients in the combination arm."
SLASHED = "Grade 3/4 neutropenia occurred in 21% of patients in the combination arm."


def test_a_grade_slash_is_read_as_alternatives_not_a_fraction() -> None:
    atoms = extract_atoms("Grade 3/4 anemia occurred in 9% of patients", mode="claim")
    assert [(a.raw, a.kind, a.graded, a.alternative) for a in atoms] == [
        ("3", "value", True, True), ("4", "value", False, True), ("9%", "value", False, False)]


def test_a_slash_without_grades_stays_a_fraction() -> None:
    assert [a.kind for a in extract_atoms("3/4 of patients responded", mode="claim")] == ["fraction"]
    # a denominator beyond any grade is a count: "grade 3 in 3/40 patients" keeps its fraction
    assert [(a.raw, a.kind) for a in extract_atoms("grade 3/40", mode="claim")] == [("3/40", "fraction")]


def test_grade_slash_claims_are_not_failed(tmp_path) -> None:
    claims = verify_pairs(tmp_path, [
        (SOURCE, "Grade 3/4 anemia occurred in 9% of patients in the combination arm."),
        (SLASHED, "Grade 3 or 4 neutropenia occurred in 21% of patients in the combination arm."),
        (SLASHED, "Grade 3/4 neutropenia occurred in 21% of patients in the combination arm."),
    ])
    assert [c.status for c in claims] == ["pass", "pass", "pass"]


def test_other_grades_than_the_source_writes_still_fail(tmp_path) -> None:
    claims = verify_pairs(tmp_path, [
        (SOURCE, "Grade 2/3 anemia occurred in 9% of patients in the combination arm."),
        (SOURCE, "Grade 3/5 anemia occurred in 9% of patients in the combination arm."),
        (SOURCE, "Grade 3/4 anemia occurred in 12% of patients in the combination arm."),
    ])
    assert [c.status for c in claims] == ["fail", "fail", "fail"]


# "G3/4", "Gr 3/4" and "3/4级" name the same pair of grades (value_cues.json grade_abbreviations)
ABBREVIATED = "G3/4 neutropenia: 12%."
ZH_PAIR = "3/4级中性粒细胞减少发生率为12%。"


def test_a_short_grading_word_before_a_pair_reads_as_grades() -> None:
    for text in ("G3/4 neutropenia: 12%", "Gr 3/4 neutropenia: 12%", "Gr. 3/4 neutropenia: 12%"):
        atoms = extract_atoms(text, mode="source")
        assert [(a.raw, a.kind, a.graded, a.alternative) for a in atoms] == [
            ("3", "value", True, True), ("4", "value", False, True), ("12%", "value", False, False)], text
    # glued to a longer name, or no pair of grades: left as it was
    assert [a.kind for a in extract_atoms("HG3/4 cells", mode="source")] == ["fraction"]
    from citeproof.values.extract import prepare

    assert [prepare(t) for t in ("HG3/4 cells", "5G3/4 cells", "v.G3/4")] == ["HG3/4 cells", "5G3/4 cells", "v.G3/4"]
    assert [a.raw for a in extract_atoms("G3/40 cells", mode="source")] == ["3/40"]


def test_a_chinese_grade_pair_is_a_pair_of_labels_not_a_fraction() -> None:
    assert [a.raw for a in extract_atoms(ZH_PAIR, mode="claim")] == ["12%"]
    assert [a.raw for a in extract_atoms("1/2期研究纳入40例患者", mode="source")] == ["40"]
    # a share before no label word stays a share
    assert [a.kind for a in extract_atoms("3/4的患者有效", mode="claim")] == ["fraction"]


def test_abbreviated_grade_pairs_pass_and_other_figures_fail(tmp_path) -> None:
    claims = verify_pairs(tmp_path, [
        (ABBREVIATED, "grade 3/4 neutropenia in 12%."),
        (ABBREVIATED, "G3/4 neutropenia in 12%."),
        (ABBREVIATED, "grade 3/4 neutropenia in 15%."),
        (ZH_PAIR, "3/4级中性粒细胞减少发生率为12%。"),
        (ZH_PAIR, "3/4级中性粒细胞减少发生率为15%。"),
        (SLASHED, "3/4级中性粒细胞减少发生率为21%。"),
    ])
    assert [c.status for c in claims] == ["pass", "pass", "fail", "pass", "fail", "undecided"]


def test_prepare_lines_writes_the_short_grading_word_in_full() -> None:
    from citeproof.values.extract import prepare_lines

    assert prepare_lines(["G3/4 neutropenia: 12%", "Rash: 4%"]) == ["grade 3/4 neutropenia: 12%", "Rash: 4%"]


# a lone grade after a short form ("G3", "Gr 3", "≥G3", "G≥3", "G3+") is a grade as "grade 3" is
SINGLES = "G3 neutropenia occurred in 14% and G4 neutropenia in 8% of patients."
AT_LEAST = "≥G3 diarrhoea occurred in 9% of patients."


def test_a_short_grading_word_before_one_grade_reads_as_the_grade() -> None:
    from citeproof.values.roman_grades import spelled_grades

    assert spelled_grades(SINGLES) == "grade 3 neutropenia occurred in 14% and grade 4 neutropenia in 8% of patients."
    assert [spelled_grades(t) for t in ("Gr 3 fatigue", "Gr. 3 fatigue", "G5 sepsis", "≥G3 rash", "G≥3 rash", "G3+ rash", "(≥G3)")] == [
        "grade 3 fatigue", "grade 3 fatigue", "grade 5 sepsis", "grade ≥3 rash", "grade ≥3 rash", "grade ≥3 rash", "(grade ≥3)"]
    # no word graded after a plain one: a name of a node, a group, a box
    for text in ("subgraph G1 [Arm I]", "G1 --> E", "(G3)", "in G3.", "G2"):
        assert spelled_grades(text) == text, text
    atoms = extract_atoms("G3 hypertension: 11%", mode="source")
    assert [(a.raw, a.graded) for a in atoms] == [("3", True), ("11%", False)]


def test_names_holding_a_short_grading_word_are_left_alone() -> None:
    from citeproof.values.roman_grades import spelled_grade_cue, spelled_grades

    for text in ("HG3 cells", "5G3 clone", "X-G3 line", "G3P2 women", "G3BP1 levels", "G3/40 cells", "G3-40 rash",
                 "G6 dose", "G3.5 score", "G 3 arm", "cells in G1 phase", "G2 arrest", "g3 weight"):
        assert spelled_grades(text) == text, text
        assert not spelled_grade_cue(text), text
    assert spelled_grade_cue("G3 rash") and spelled_grade_cue("G3/4 rash")


def test_single_grades_pass_and_other_grades_or_figures_do_not(tmp_path) -> None:
    claims = verify_pairs(tmp_path, [
        (SINGLES, "Grade 3 neutropenia occurred in 14% of patients."),
        (SINGLES, "Grade 4 neutropenia occurred in 8% of patients."),
        (AT_LEAST, "Grade ≥3 diarrhoea occurred in 9% of patients."),
        ("Gr 3 fatigue occurred in 7% of patients.", "Grade 3 fatigue occurred in 7% of patients."),
        (SINGLES, "Grade 3 neutropenia occurred in 16% of patients."),
        (AT_LEAST, "Grade ≥3 diarrhoea occurred in 12% of patients."),
        ("G4 thrombocytopenia occurred in 3% of patients.", "Grade 3 thrombocytopenia occurred in 3% of patients."),
        (AT_LEAST, "Grade 4 diarrhoea occurred in 9% of patients."),
        ("HG3 thrombocytopenia occurred in 3% of patients.", "Grade 3 thrombocytopenia occurred in 3% of patients."),
        (SINGLES, "Grade 3 neutropenia occurred in 8% of patients."),
    ])
    assert [c.status for c in claims][:4] == ["pass"] * 4
    assert [c.status for c in claims][4:6] == ["fail", "fail"]
    assert "pass" not in [c.status for c in claims][6:]


def test_prepare_lines_writes_a_lone_short_grade_in_full() -> None:
    from citeproof.values.extract import prepare_lines

    assert prepare_lines(["G3 neutropenia: 14%", "Rash: 4%"]) == ["grade 3 neutropenia: 14%", "Rash: 4%"]


# s27-fails4 case1: a lone grade filling a table row's cell ("| Neutropenia | G3 | 14% |") is a
# grade, as before a word it grades; the row's other cells say what is graded
def test_a_lone_grade_filling_a_table_cell_reads_as_the_grade() -> None:
    from citeproof.values.roman_grades import spelled_grades

    assert [spelled_grades(t) for t in ("Neutropenia | G3 | 14%", "G3 | 14%", "Neutropenia | 14% | Gr 4")] == [
        "Neutropenia | grade 3 | 14%", "grade 3 | 14%", "Neutropenia | 14% | grade 4"]
    # no cell of its own, or no row: left as written
    for text in ("G3", "(G3)", "A -->|yes| G3", "x | in G3 | 1", "Neutropenia | G3a | 14%", "Arm | HG3 | 14%"):
        assert spelled_grades(text) == text, text


GRADE_CELL_SOURCE = "# S\n\nGrade 3 neutropenia occurred in 14% of patients.\n"


def _table(*rows: str) -> str:
    body = "".join(f"| {row} [evidence:s.md#L3] |\n" for row in rows)
    return "# R\n\n## Safety\n\n| Event | Grade | Rate |\n|---|---|---|\n" + body


def test_a_grade_cell_passes_and_another_grade_or_figure_fails(tmp_path) -> None:
    from tests.values.helpers import verify_against

    report = _table("Neutropenia | G3 | 14%", "Neutropenia | G4 | 14%", "Neutropenia | G3 | 15%")
    claims = [c for c in verify_against(tmp_path, GRADE_CELL_SOURCE, report).claims if c.anchors]
    assert [c.status for c in claims] == ["pass", "fail", "fail"]


# s27-fails4 case4: "G3-4" and "grade 3-4" are grades 3 or 4 — a range of two grades next to each
# other holds no other grade, so it is the pair "grade 3 or 4" writes
def test_a_range_of_two_next_grades_is_read_as_the_pair() -> None:
    from citeproof.values.extract import prepare

    assert [prepare(t) for t in ("G3-4 rash", "Gr 3–4 rash", "grade 3-4 rash", "stage II/III")] == [
        "grade 3/4 rash", "grade 3/4 rash", "grade 3/4 rash", "stage 2/3"]
    # a wider range keeps its middle grade; no grading word, no pair
    assert [prepare(t) for t in ("grade 2-4 rash", "G2-4 rash", "3-4 weeks", "HG3-4 cells", "grade 3-40")] == [
        "grade 2-4 rash", "grade 2-4 rash", "3-4 weeks", "HG3-4 cells", "grade 3-40"]


RANGE_SOURCE = "Grade 3 or 4 neutropenia occurred in 12% of patients."


def test_grade_ranges_pass_and_other_grades_do_not(tmp_path) -> None:
    claims = verify_pairs(tmp_path, [
        (RANGE_SOURCE, "G3-4 neutropenia occurred in 12% of patients."),
        (RANGE_SOURCE, "Grade 3-4 neutropenia occurred in 12% of patients."),
        ("Grade 3-4 neutropenia occurred in 12% of patients.", "Grade 3 or 4 neutropenia occurred in 12% of patients."),
        (RANGE_SOURCE, "G2-4 neutropenia occurred in 12% of patients."),
        (RANGE_SOURCE, "G3-4 neutropenia occurred in 13% of patients."),
        (RANGE_SOURCE, "G4-5 neutropenia occurred in 12% of patients."),
        ("Grade 3-4 neutropenia occurred in 12% of patients.", "Grade 3 neutropenia occurred in 12% of patients."),
        ("Grade 3 neutropenia occurred in 12% of patients.", "Grade 3-4 neutropenia occurred in 12% of patients."),
    ])
    assert [c.status for c in claims][:3] == ["pass"] * 3
    assert [c.status for c in claims][3:6] == ["fail"] * 3
    assert "pass" not in [c.status for c in claims][6:]


# s27-fails4 case7: the content words read the short grading word as the word ("G3/4" writes
# "grade"), so "Grade 3 or 4 X" lists no word the source line lacks
def test_grade_words_against_a_short_grade_pair_pass(tmp_path) -> None:
    source = "G3/4 neutropenia occurred in 12% of patients."
    claims = verify_pairs(tmp_path, [
        (source, "Grade 3 or 4 neutropenia occurred in 12% of patients."),
        (source, "Grade 2 or 3 neutropenia occurred in 12% of patients."),
        (source, "Grade 3 or 4 neutropenia occurred in 14% of patients."),
        (source, "Grade 3 neutropenia occurred in 12% of patients."),
    ])
    assert [c.status for c in claims][:3] == ["pass", "fail", "fail"]
    assert claims[3].status != "pass"


# rt33 c5: the grading word written again after the slash ("grade 3/grade 4") is the pair "grade 3/4"
REPEATED = "Grade 3/grade 4 neutropenia occurred in 20% of patients receiving agent X."


def test_a_pair_writing_its_grading_word_twice_is_read_as_the_pair() -> None:
    from citeproof.values.roman_grades import paired_grades

    assert paired_grades(REPEATED) == "Grade 3/4 neutropenia occurred in 20% of patients receiving agent X."
    assert paired_grades("stage 3 or stage 4 disease") == "stage 3 or 4 disease"
    # two grading words, or a number after the second that is no grade, are left as written
    assert paired_grades("stage 3/grade 4 disease") == "stage 3/grade 4 disease"
    assert paired_grades("grade 3/grade 40") == "grade 3/grade 40"
    atoms = extract_atoms(REPEATED, mode="source")
    assert [(a.raw, a.graded, a.alternative) for a in atoms] == [("3", True, True), ("4", False, True), ("20%", False, False)]


def test_one_grade_of_a_repeated_pair_is_not_passed(tmp_path) -> None:
    stage = "Stage III/stage IV disease was present in 20% of patients given agent X."
    or_pair = "Grade 3 or grade 4 rash occurred in 20% of patients receiving agent X."
    claims = verify_pairs(tmp_path, [
        (REPEATED, "Grade 3 neutropenia occurred in 20% of patients receiving agent X."),
        (REPEATED, "Grade 4 neutropenia occurred in 20% of patients receiving agent X."),
        (stage, "Stage III disease was present in 20% of patients given agent X."),
        (or_pair, "Grade 3 rash occurred in 20% of patients receiving agent X."),
    ])
    assert [c.status for c in claims] == ["undecided"] * 4


def test_both_grades_of_a_repeated_pair_pass(tmp_path) -> None:
    stage = "Stage III/stage IV disease was present in 20% of patients given agent X."
    claims = verify_pairs(tmp_path, [
        (REPEATED, "Grade 3/4 neutropenia occurred in 20% of patients receiving agent X."),
        (REPEATED, "Grade 3 or 4 neutropenia occurred in 20% of patients receiving agent X."),
        (REPEATED, "Grade 3–4 neutropenia occurred in 20% of patients receiving agent X."),
        (REPEATED, "Grade 3/grade 4 neutropenia occurred in 20% of patients receiving agent X."),
        # the claim drops the grading altogether: as a claim dropping one grade ("Grade 3 X" →
        # "X") passes today, so does this (the restriction check reads dropped qualifiers)
        (REPEATED, "Neutropenia occurred in 20% of patients receiving agent X."),
        (stage, "Stage III/IV disease was present in 20% of patients given agent X."),
    ])
    assert [c.status for c in claims] == ["pass"] * 6


def test_a_chinese_grade_pair_narrowed_to_one_grade_is_not_passed(tmp_path) -> None:
    claims = verify_pairs(tmp_path, [
        ("3/4级中性粒细胞减少发生率为20%。", "3级中性粒细胞减少发生率为20%。"),
        ("3/4级中性粒细胞减少发生率为20%。", "3/4级中性粒细胞减少发生率为20%。"),
    ])
    assert [c.status for c in claims] == ["undecided", "pass"]


# rt35 g1: a respectively list of grades keeps its grading words: written once, its grades would
# be read as alternatives and the list would lose its items
RESPECTIVE = "Grade 3 or grade 4 neutropenia occurred in 22% and 9% of patients, respectively."


def test_a_respectively_list_of_grades_is_left_as_written() -> None:
    from citeproof.values.roman_grades import paired_grades

    assert paired_grades(RESPECTIVE) == RESPECTIVE
    # another sentence's "respectively" leaves the pair to be written once
    assert paired_grades("Grade 3/grade 4 rash occurred in 20%. X and Y had 1% and 2%, respectively.") == \
        "Grade 3/4 rash occurred in 20%. X and Y had 1% and 2%, respectively."


def test_each_grade_of_a_respectively_list_passes_with_its_own_figure(tmp_path) -> None:
    claims = verify_pairs(tmp_path, [
        (RESPECTIVE, "Grade 4 neutropenia occurred in 9% of patients."),
        (RESPECTIVE, "Grade 3 neutropenia occurred in 22% of patients."),
        (RESPECTIVE, "Grade 4 neutropenia occurred in 22% of patients."),
        (RESPECTIVE, "Grade 3 neutropenia occurred in 9% of patients."),
    ])
    assert [c.status for c in claims] == ["pass", "pass", "undecided", "undecided"]


def test_a_grade_and_a_plus_reads_as_the_grade_and_higher() -> None:
    # rt36b g1: "Grade 3+" read bare backed "Grade 3 neutropenia … 22%"; "G3+" was already "grade ≥3"
    from citeproof.values.roman_grades import paired_grades

    assert [paired_grades(t) for t in ("Grade 3+ neutropenia", "grade 3 + rash", "stage 2+ disease")] == [
        "Grade ≥3 neutropenia", "grade ≥3 rash", "stage ≥2 disease"]
    for text in ("grade 3 + 4 = 7", "grades 3+4", "a 3+ score"):
        assert paired_grades(text) == text, text
    atoms = extract_atoms("Grade 3+ neutropenia occurred in 22%.", mode="source")
    assert [(a.raw, a.qualifier) for a in atoms][0][1] == ">="
