"""A source's own table header, or a label that brackets its unit, gives the unit of the bare
numbers under it, as a reader reads them.

Red team round 4: "Europe's revenue was $3.3B" FAILED against a source table
"| Region | Revenue ($B) |" over "| Europe | 3.3 |", "The daily dose was 200 mg" against
"Daily dose (mg): 200", and "The ORR was 45%" against "| Arm A | 45 |" under "ORR (%)" — true
claims blocking market and clinical reports that cite evidence tables. The unit is read only
from the header; a cell writing a unit of its own, or a thousandfold slip, still fails.
"""

from __future__ import annotations

import pytest

from citeproof.values.assess import _header_cells, build_index, match_atom
from citeproof.values.extract import extract_atoms
from tests.values.helpers import cited_report, verify_against

TABLES = (
    "| Region | Revenue ($B) |\n|---|---|\n| Europe | 3.3 |\n| Japan | 1.1 |\n\n"
    "Daily dose (mg): 200\n\n"
    "| Arm | ORR (%) | Patients |\n| --- | --- | --- |\n| Arm A | 45 | 120 |\n"
)


def _state(claim: str) -> str:
    (atom,) = extract_atoms(claim)
    return match_atom(atom, build_index(TABLES))[0]


def test_header_cells_are_found_for_table_rows_and_labelled_lines():
    cells = _header_cells(TABLES.split("\n"))
    assert sorted(cells) == [2, 3, 5, 9]  # the two revenue rows, the dose line, the arm row
    assert len(cells[9]) == 1  # only the ORR column states a unit; "Patients" states none


@pytest.mark.parametrize(
    ("claim", "state"),
    [
        ("revenue of $3.3B", "supported"),
        ("revenue of $3.3 billion", "supported"),
        ("revenue of $4.3B", "missing"),
        ("a dose of 200 mg", "supported"),
        ("a dose of 0.2 g", "supported"),
        ("a dose of 200 µg", "missing"),  # a thousandfold slip
        ("an ORR of 45%", "supported"),
        ("an ORR of 54%", "missing"),
        ("120 patients", "supported"),  # a column with no unit: the number as written
    ],
)
def test_a_cell_is_read_in_its_headers_unit(claim, state):
    assert _state(claim) == state


def test_through_the_pipeline_the_true_claims_no_longer_fail_and_a_wrong_one_does(tmp_path):
    source = "# S\n\n" + TABLES
    out = verify_against(tmp_path, source, cited_report(
        "The daily dose was 200 mg.", "The daily dose was 200 µg.", anchor="[evidence:s.md#L8]"))
    assert [c.status for c in out.claims if c.anchors] == ["pass", "fail"]


# Red team round 5 leftover: a value the source writes bare where its own label names the unit.
# The same line's label holds for certain ("Median PFS, months: 11.2"; "Median PFS (months) was
# 11.2 …" up to the clause's end); a label line above the value is a reading only (plausible), and
# a unit no label of the source names is never lent.
@pytest.mark.parametrize(
    ("source", "claim", "state"),
    [
        ("Median PFS, months: 11.2", "a median PFS of 11.2 months", "supported"),
        ("Median PFS, months: 11.2", "a median PFS of 11.2 weeks", "missing"),
        ("Median PFS (months) was 11.2 in Arm A", "a median PFS of 11.2 months", "supported"),
        ("Median PFS (months) was 11.2 in Arm A", "a median PFS of 11.2 weeks", "missing"),
        ("中位无进展生存期（月）为11.2", "中位无进展生存期为11.2个月", "supported"),
        # a last comma-part naming the statistic ('median') leaves the unit before it (header_stat)
        ("Age (years), median (range): 62 (35-81)", "a median age of 62 years", "supported"),
        ("Age (years), median (range): 62 (35-81)", "a median age of 62 months", "missing"),
        ("Age, median (range): 62 (35-81)", "a median age of 62 years", "missing"),  # no unit written
        # the clause ends at ';': a figure after it is not in the label's unit
        ("Median PFS (months) was 11.2; the HR was 0.65", "a median PFS of 0.65 months", "missing"),
        ("Progression-free survival (months)\nArm A: 11.2", "a median PFS of 11.2 months", "plausible"),
        ("Progression-free survival (months)\nArm A: 11.2", "a median PFS of 11.2 weeks", "missing"),
        # a blank line, or another label line, ends what the label line names
        ("Progression-free survival (months)\n\nArm A: 11.2", "a median PFS of 11.2 months", "missing"),
        ("Progression-free survival (months)\nTime to response\nArm A: 11.2", "a median PFS of 11.2 months", "missing"),
        # a count-and-share label names no unit for the counts under it
        ("Adverse events, n (%)\nGrade 3: 12", "12% had grade 3 events", "missing"),
    ],
)
def test_a_label_naming_the_unit_gives_the_bare_value_its_unit(source, claim, state):
    atom = next(a for a in extract_atoms(claim) if a.number in (11.2, 0.65, 12, 62))
    assert match_atom(atom, build_index(source))[0] == state


def test_through_the_pipeline_a_label_unit_true_claim_passes_and_its_wrong_unit_fails(tmp_path):
    out = verify_against(tmp_path, "# S\n\nMedian PFS, months: 11.2\n", cited_report(
        "Median PFS was 11.2 months.", "Median PFS was 11.2 weeks."))
    assert [c.status for c in out.claims if c.anchors] == ["pass", "fail"]


_MD_HTML_TABLE = ("# S\n\n<table>\n<tr><th>Endpoint</th><th>Arm A</th><th>Arm B</th></tr>\n"
                  "<tr><td>Median PFS (months)</td><td>11.2</td><td>7.4</td></tr>\n"
                  "<tr><td>ORR (%)</td><td>45.2</td><td>30.1</td></tr>\n</table>\n")


def test_an_html_table_in_a_markdown_source_gives_its_rows_their_units(tmp_path):
    out = verify_against(tmp_path, _MD_HTML_TABLE, cited_report(
        "Median PFS was 11.2 months.", "Median PFS was 11.2 weeks.", "The ORR was 45.2%.", "The ORR was 45.2 months.",
        anchor="[evidence:s.md#L5-L6]"))
    statuses = [c.status for c in out.claims if c.anchors]
    assert statuses[1] == statuses[3] == "fail"  # a unit the table never gives its cell
    assert "fail" not in (statuses[0], statuses[2])  # flattened, both true claims failed


def test_a_row_of_an_html_table_in_markdown_cited_alone_reads_the_header_above(tmp_path):
    out = verify_against(tmp_path, _MD_HTML_TABLE, cited_report(
        "The ORR was 45.2%.", "The ORR was 30.1 months.", anchor="[evidence:s.md#L6]"))
    assert [c.numbers[0].state for c in out.claims if c.anchors] == ["supported", "missing"]


# a converter's layout (pandoc): a line per tag, so a row's other lines are left empty
_MD_HTML_TABLE_PER_CELL = (
    "# S\n\n<table>\n<thead>\n<tr class=\"header\">\n<th>Arm</th>\n<th>Median PFS (months)</th>\n</tr>\n</thead>\n"
    "<tbody>\n<tr class=\"odd\">\n<td>Arm A</td>\n<td>11.2</td>\n</tr>\n<tr class=\"even\">\n<td>Arm B</td>\n"
    "<td>7.4</td>\n</tr>\n</tbody>\n</table>\n")


@pytest.mark.parametrize(
    ("anchor", "claim", "state"),
    [
        ("[evidence:s.md#L3-L20]", "Median PFS in Arm B was 7.4 months.", "supported"),
        ("[evidence:s.md#L3-L20]", "Median PFS in Arm B was 7.4 weeks.", "missing"),
        ("[evidence:s.md#L15]", "Median PFS in Arm B was 7.4 months.", "supported"),  # the row alone: header above
        ("[evidence:s.md#L15]", "Median PFS in Arm B was 11.2 months.", "missing"),  # another row's value
    ],
)
def test_an_html_table_with_a_line_per_cell_keeps_its_header_across_the_empty_lines(tmp_path, anchor, claim, state):
    out = verify_against(tmp_path, _MD_HTML_TABLE_PER_CELL, cited_report(claim, anchor=anchor))
    assert [c.numbers[0].state for c in out.claims if c.anchors] == [state]


# a table that writes each row's unit in a column of its own: the unit holds for the cell just
# before it, never for another row's value or a column whose own header names none beside it
_UNIT_COLUMN = ("| Measure | Value | Unit |\n|---|---|---|\n| Median PFS | 11.2 | months |\n| Patients | 120 | |\n"
                "| Time to response | 8.1 | weeks |\n\n| Arm | N | Value | Unit |\n|---|---|---|---|\n| Arm A | 60 | 5.5 | months |")


@pytest.mark.parametrize(
    ("claim", "state"),
    [
        ("11.2 months", "supported"),
        ("11.2 weeks", "missing"),
        ("8.1 weeks", "supported"),
        ("8.1 months", "missing"),  # the row above's unit
        ("120 months", "missing"),  # a row with no unit written
        ("5.5 months", "supported"),
        ("60 months", "missing"),  # two cells before the unit
    ],
)
def test_a_unit_column_gives_the_cell_before_it_its_unit(claim, state):
    (atom,) = extract_atoms(claim)
    assert match_atom(atom, build_index(_UNIT_COLUMN))[0] == state


@pytest.mark.parametrize(
    ("heading", "claim", "expected"),
    [
        # the heading of the cited line's section brackets the unit: a reading, the judge's to take
        ("## Progression-free survival (months)", "Median PFS was 11.2 months.", ("undecided", "plausible")),
        ("## Progression-free survival (months)", "Median PFS was 11.2 weeks.", ("fail", "missing")),
        ("## 无进展生存期（月）", "中位无进展生存期为11.2个月。", ("undecided", "plausible")),
        ("## Progression-free survival", "Median PFS was 11.2 months.", ("fail", "missing")),  # no unit named
    ],
)
def test_a_heading_above_the_cited_line_may_name_its_bare_values_unit(tmp_path, heading, claim, expected):
    out = verify_against(tmp_path, f"# S\n\n{heading}\n\nMedian PFS was 11.2.\n",
                         cited_report(claim, anchor="[evidence:s.md#L5]"))
    (result,) = [c for c in out.claims if c.anchors]
    assert (result.status, result.numbers[0].state) == expected


def test_a_line_without_a_closing_bracket_or_comma_holds_no_unit_label():
    # _header_cells skips the two label patterns on a line _LABEL_CLOSE finds nothing in: every
    # line either pattern matches holds one (so the cells found are the same)
    import random

    from citeproof.values import assess

    rng = random.Random(9)
    pieces = ["Daily dose", " (mg)", "（月）", " [%]", ", months", "，亿元", ":", "：", " was ", " is ", " 200", " 11.2",
              "Median PFS", " ", "|", "\t", "(", "Revenue ($B)", "a", ".", ";"]
    matched = 0
    for _ in range(20000):
        line = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 6)))
        if assess._LABEL_UNIT.match(line) or assess._label_unit_link().match(line):
            matched += 1
            assert assess._LABEL_CLOSE.search(line) is not None, line
    assert matched > 1000
