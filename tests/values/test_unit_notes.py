"""A note that gives a table's unit in words ("All figures in US$ billion.", "Revenue in $
billion.", "单位：亿元") — above or below the table — lets the bare cells be read in it, as a
reading only (plausible: the judge decides), scale included. Before, a true claim of "$3.4
billion" failed on the cell "3.4" (rt16a)."""

from __future__ import annotations

import pytest

from citeproof.values import assess_numbers
from tests.values.helpers import window

TABLE = "| Region | 2022 | 2023 |\n|---|---|---|\n| Europe | 3.1 | 3.4 |\n| Asia | 2.2 | 2.9 |\n"


def states(claim: str, source: str) -> list[str]:
    return [r.state for r in assess_numbers(claim, [window(source)])]


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("European revenue was $3.4 billion.", "All figures in US$ billion.\n\n" + TABLE),
        ("European revenue was $3.4 billion.", TABLE + "\nRevenue in $ billion.\n"),
        ("European revenue was €3.4 billion.", "(in € billions)\n\n" + TABLE),
        ("华东地区销售额为34亿元。", "单位：亿元\n\n| 地区 | 2022年 | 2023年 |\n|---|---|---|\n| 华东 | 31 | 34 |\n"),
        ("Revenue was $3.4 billion.", "Revenue ($ billion)\nEurope: 3.4\n"),  # a label line's scale is read too
        # no table: a note anywhere in the window gives the labelled lines' bare numbers its unit
        ("European revenue was $3.4 billion.", "All figures in US$ billion.\n\nEurope: 3.4\nAsia: 2.9\n"),
        ("European revenue was $3.4 billion.", "Europe: 3.4\nAsia: 2.9\n\nAll figures in US$ billion.\n"),
    ],
)
def test_a_unit_note_lets_the_bare_cells_be_read_in_it(claim, source):
    assert states(claim, source)[0] == "plausible"


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("European revenue was $3.4 billion.", TABLE),  # no note: the cell is a bare number
        ("European revenue was $3.4 million.", "All figures in US$ billion.\n\n" + TABLE),  # another scale
        ("European revenue was €3.4 billion.", "All figures in US$ billion.\n\n" + TABLE),  # another currency
        ("European revenue was $3.5 billion.", "All figures in US$ billion.\n\n" + TABLE),  # another figure
        ("European revenue was $3.4 billion.", "Figures in this section are discussed in the text.\n\n" + TABLE),
    ],
)
def test_no_note_or_another_unit_leaves_the_figure_missing(claim, source):
    assert states(claim, source)[0] == "missing"


def test_a_note_never_makes_a_cell_supported():
    assert "supported" not in states("Asia had $2.9 billion.", "All figures in US$ billion.\n\n" + TABLE)


DOSES = "| Drug | Dose (mg) | Frequency |\n|---|---|---|\n| Agent A | 2.5 | once daily |\n| Agent B | 25 | twice daily |\n| Agent C | 1 | |\n"


@pytest.mark.parametrize(
    ("claim", "expected"),
    [
        ("Agent A is dosed at 2.5 mg once daily.", "plausible"),  # rt16b: failed on the row's separate cells
        ("Agent A is dosed at 2.5 mg per day.", "plausible"),
        ("Agent B is dosed at 25 mg once daily.", "missing"),  # its row says twice daily
        ("Agent C is dosed at 1 mg once daily.", "missing"),  # its row says no frequency
        ("Agent A is dosed at 5 mg once daily.", "missing"),
    ],
)
def test_a_daily_dose_against_a_row_giving_amount_and_frequency_apart(claim, expected):
    assert states(claim, DOSES)[0] == expected


ROW_SHARES = "| Adverse event | Drug A | Placebo |\n|---|---|---|\n| Neutropenia, n (%) | 30 (25.0) | 12 (10.2) |\n"


@pytest.mark.parametrize(
    ("claim", "expected"),
    [
        ("Neutropenia occurred in 25.0% of patients on Drug A.", "supported"),  # rt17b: failed
        ("Neutropenia occurred in 10.2% of patients on placebo.", "supported"),
        ("Neutropenia occurred in 30% of patients on Drug A.", "missing"),  # the count is no share
        ("Neutropenia occurred in 30 patients on Drug A.", "supported"),
    ],
)
def test_a_row_label_naming_a_count_and_its_share_reads_the_bracket_as_a_percentage(claim, expected):
    assert states(claim, ROW_SHARES)[0] == expected


TWO_ROW_HEADER = (
    "| Outcome | Drug A | | Placebo | |\n|---|---|---|---|---|\n| | n | % | n | % |\n"
    "| Objective response | 30 | 25.0 | 12 | 10.2 |\n"
)


def test_a_second_header_row_under_the_rule_gives_its_columns_units():
    # rt17b: '| | n | % | n | % |' under the rule was read as a data row, and a true 25.0% failed
    assert states("Objective response occurred in 25.0% of patients.", TWO_ROW_HEADER)[0] == "supported"
    assert states("Objective response occurred in 30% of patients.", TWO_ROW_HEADER)[0] == "missing"  # a count


def test_a_cited_row_under_a_two_row_header_reads_the_lower_row(tmp_path):
    from tests.values.helpers import cited_report, verify_against

    source = "# S\n\n" + TWO_ROW_HEADER
    out = verify_against(tmp_path, source, cited_report("Objective response occurred in 25.0% of patients.",
                                                        anchor="[evidence:s.md#L6]"))
    (checked,) = [c for c in out.claims if c.anchors]
    assert [n.state for n in checked.numbers] == ["supported"]


def test_a_cell_read_bare_under_a_unit_header_is_a_reading_only():
    # rt17d: "There were 45 responders" passed on the 45.0 under a "%" column
    table = "| Outcome | n | % |\n|---|---|---|\n| Responders | 54 | 45.0 |\n"
    assert states("There were 45 responders.", table)[0] == "plausible"
    assert states("Responders made up 45.0%.", table)[0] == "supported"
    assert states("There were 54 responders.", table)[0] == "supported"  # the "n" column states no unit


COUNTS = "| Product | 2022 | 2023 |\n|---|---|---|\n| Alpha | 96 | 118 |\n"


@pytest.mark.parametrize("note", ["All figures in thousands.", "Figures are in thousands of patients.",
                                  "Patient counts in thousands.", "Numbers in millions of doses", "(in thousands)"])
def test_a_note_giving_a_counts_scale_reads_the_bare_cells_in_it(note):
    scale = "million" if "million" in note else "thousand"
    assert states(f"Alpha reached 118 {scale} patients.", COUNTS + "\n" + note + "\n") == ["plausible"]
    assert states(f"Alpha reached 118 {scale} patients.", note + "\n\n" + COUNTS) == ["plausible"]
    other = "billion" if scale == "million" else "million"
    assert states(f"Alpha reached 118 {other} patients.", COUNTS + "\n" + note + "\n") == ["missing"]


@pytest.mark.parametrize("line", ["Figures in this section are discussed in the text.", "Prices in thousands of outlets vary.",
                                  "Patients were enrolled in thousands of sites worldwide.",
                                  "In thousands of cases the rash resolved without treatment."])
def test_a_sentence_naming_thousands_is_no_count_note(line):
    assert states("Alpha reached 118 thousand patients.", COUNTS + "\n" + line + "\n") == ["missing"]
