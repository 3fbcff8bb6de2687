"""A source table's header, row label or "n (%)" header gives its bare cells their unit — also
when the claim cites rows without the header above them.

Red team round 5: true claims FAILED (numeric_token_miss) against "| Median PFS (months) | 11.2 |"
(the unit in the row label), "ORR, % (95% CI)" over "45.2 (38.1–52.3)" (the unit before a
spread bracket), "Arm A, n (%)" over "24 (20.0)" (the share in the bracket), a row cited alone
("#L3") under a header on L1, and an HTML table whose header row is ``<th>`` cells. A unit goes
only to the bare values of its own column (or row), never the other way round in "n (%)", and
a header from above the window only when the lines between are rows of the same table.
"""

from __future__ import annotations

import pytest

from citeproof.values.assess import build_index, match_atom
from citeproof.values.columns import header_unit
from citeproof.values.extract import extract_atoms
from tests.values.helpers import cited_report, verify_against


def _states(source: str, claim: str) -> list[str]:
    index = build_index(source)
    return [match_atom(atom, index)[0] for atom in extract_atoms(claim)]


@pytest.mark.parametrize(
    ("header", "unit"),
    [
        ("ORR, % (95% CI)", "%"),
        ("ORR (%) (95% CI)", "%"),
        ("Median PFS, months (95% CI)", "month"),
        ("Age, years (range)", "year"),
        ("中位PFS（月）（95% CI）", "month"),
        ("A组中位无进展生存期（月）", "month"),
        ("HR (95% CI)", None),  # the bracket is the spread, and nothing before it is a unit
        ("Arm A, n (%)", None),  # a count column: its share is bracketed in the cell
        ("95% CI", None),
    ],
)
def test_a_spread_bracket_leaves_the_unit_before_it(header, unit):
    found = header_unit(header)
    assert (found.unit if found is not None else None) == unit


CI_TABLE = "| Arm | n | ORR, % (95% CI) |\n|---|---|---|\n| Arm A | 120 | 45.2 (38.1–52.3) |\n| Arm B | 118 | 30.1 (22.0–38.9) |"


@pytest.mark.parametrize(
    ("claim", "states"),
    [
        ("an ORR of 45.2%", ["supported"]),
        ("an ORR of 30.1%", ["supported"]),  # the row, not the number, is claim support's to pair
        ("an ORR of 45.2 months", ["missing"]),  # not the header's unit
        ("120%", ["missing"]),  # the "n" column states no unit
        ("an ORR of 54.2%", ["missing"]),
    ],
)
def test_a_cell_under_a_percent_and_ci_header(claim, states):
    assert _states(CI_TABLE, claim) == states


NPCT = "| Adverse event | Arm A, n (%) | Arm B, n (%) |\n|---|---|---|\n| Neutropenia, grade ≥3 | 24 (20.0) | 10 (8.5) |"
NPCT_ZH = "| 不良事件 | 试验组，例数（%） |\n|---|---|\n| 中性粒细胞减少 | 24（20.0） |"


@pytest.mark.parametrize(
    ("source", "claim", "states"),
    [
        (NPCT, "24 patients (20.0%)", ["supported", "supported"]),
        (NPCT, "10 patients (8.5%)", ["supported", "supported"]),
        (NPCT, "20.0 patients (24%)", ["plausible", "missing"]),  # the count is never the share; the share no count
        (NPCT, "24%", ["missing"]),
        (NPCT_ZH, "24例（20.0%）", ["supported", "supported"]),
        (NPCT_ZH, "20例（24%）", ["plausible", "missing"]),
    ],
)
def test_only_the_bracketed_number_of_a_count_share_cell_is_a_percentage(source, claim, states):
    assert _states(source, claim)[-len(states):] == states


ROW_LABEL = (
    "| Endpoint | Arm A | Arm B |\n|---|---|---|\n| Median PFS (months) | 11.2 | 7.4 |\n"
    "| ORR | 45 | 30 |\n| Median OS, months | 48 weeks | 20.1 |"
)
ROW_LABEL_ZH = "| 终点 | 试验组 | 对照组 |\n|---|---|---|\n| 中位无进展生存期（月） | 11.2 | 7.4 |"


@pytest.mark.parametrize(
    ("source", "claim", "state"),
    [
        (ROW_LABEL, "11.2 months", "supported"),
        (ROW_LABEL, "7.4 months", "supported"),
        (ROW_LABEL, "11.2%", "missing"),  # the label says months
        (ROW_LABEL, "11.2 weeks", "missing"),
        (ROW_LABEL, "45 months", "missing"),  # the label's unit is its own row's only
        (ROW_LABEL, "48 months", "missing"),  # a cell with a unit of its own keeps it
        (ROW_LABEL, "20.1 months", "supported"),
        (ROW_LABEL_ZH, "11.2个月", "supported"),
        (ROW_LABEL_ZH, "11.2%", "missing"),
    ],
)
def test_a_row_label_gives_its_rows_bare_cells_its_unit(source, claim, state):
    assert _states(source, claim) == [state]


# the data rows (L3, L4) sit under a header on L1; L7 is a table row with no header of its own
SOURCE = "| Arm | n | ORR (%) |\n|---|---|---|\n| Arm A | 120 | 45.2 |\n| Arm B | 118 | 30.1 |\n\n" \
         "Other rows:\n| Arm C | 99 | 61.5 |\n"


def _statuses(tmp_path, source, report, name="s.md"):
    return [c.status for c in verify_against(tmp_path, source, report, name=name).claims if c.anchors]


def test_a_row_cited_alone_reads_its_tables_header_above(tmp_path):
    report = cited_report("The ORR in Arm A was 45.2%.", "The ORR in Arm A was 30.1%.", "The ORR in Arm A was 45.2 months.")
    statuses = _statuses(tmp_path, SOURCE, report)
    assert statuses[0] != "fail"  # true: 45.2 under "ORR (%)"
    assert statuses[1:] == ["fail", "fail"]  # Arm B's value is not on the cited row; months is not the unit


def test_a_header_above_a_gap_is_not_the_rows_header(tmp_path):
    statuses = _statuses(tmp_path, SOURCE, cited_report("The ORR in Arm C was 61.5%.", anchor="[evidence:s.md#L7]"))
    assert statuses == ["fail"]  # L7 is no row of the ORR table: its 61.5 has no unit


def test_the_whole_table_cited_does_not_pass_another_rows_value(tmp_path):
    statuses = _statuses(tmp_path, SOURCE, cited_report("The ORR in Arm A was 30.1%.", "The ORR in Arm A was 45.2%.",
                                                        anchor="[evidence:s.md#L1-L4]"))
    assert statuses[0] != "pass"
    assert statuses[1] != "fail"


# a row a line of the file: #L counts the saved file's lines (SPEC §2), so L2 is the Arm A row
HTML = ("<html><body><table><tr><th>Arm</th><th>ORR (%)</th></tr>\n<tr><td>Arm A</td><td>45.2</td></tr>\n"
        "<tr><td>Arm B</td><td>30.1</td></tr></table></body></html>")


@pytest.mark.parametrize("anchor", ["[evidence:s.html#L2]", "[evidence:s.html#L1-L3]"])
def test_an_html_tables_th_row_is_its_header(tmp_path, anchor):
    report = cited_report("The ORR in Arm A was 45.2%.", "The ORR in Arm A was 45.2 months.", anchor=anchor)
    statuses = _statuses(tmp_path, HTML, report, name="s.html")
    assert statuses[0] != "fail"
    assert statuses[1] == "fail"


def test_an_html_row_cited_alone_does_not_carry_another_rows_value(tmp_path):
    report = cited_report("The ORR in Arm A was 30.1%.", anchor="[evidence:s.html#L2]")
    assert _statuses(tmp_path, HTML, report, name="s.html") == ["fail"]


def test_html_rows_of_td_cells_only_have_no_header(tmp_path):
    html = "<table><tr><td>Arm</td><td>ORR (%)</td></tr><tr><td>Arm A</td><td>45.2</td></tr></table>"
    report = cited_report("The ORR in Arm A was 45.2 months.", anchor="[evidence:s.html#L2]")
    assert _statuses(tmp_path, html, report, name="s.html") == ["fail"]


# a claim written as "Label (unit): value" reads its bare value in the label's unit
LABEL_SOURCE = "# S\n\nArm A: median PFS was 11.2 months.\n\nA组中位无进展生存期为11.2个月。\n"


@pytest.mark.parametrize(
    ("claim", "line", "not_fail"),
    [
        ("Median PFS (months) in Arm A: 11.2", 3, True),
        ("Median PFS (months): 11.2", 3, True),
        ("Median PFS (weeks) in Arm A: 11.2", 3, False),  # the label's unit is not the source's
        ("Median PFS (%) in Arm A: 11.2", 3, False),
        ("Median PFS (months) in Arm A: 12.1", 3, False),
        ("Median PFS (months) in Arm A: 11.2 weeks", 3, False),  # a value's own unit is kept
        ("A组中位无进展生存期（月）：11.2", 5, True),
        ("A组中位无进展生存期（周）：11.2", 5, False),
        ("A组中位无进展生存期（月）：12.1", 5, False),
    ],
)
def test_a_claims_label_gives_its_bare_value_the_bracketed_unit(tmp_path, claim, line, not_fail):
    statuses = _statuses(tmp_path, LABEL_SOURCE, cited_report(claim, anchor=f"[evidence:s.md#L{line}]"))
    assert (statuses != ["fail"]) is not_fail, statuses


TWO_ARMS = "# S\n\nMedian PFS was 11.2 months in Arm A and 7.4 months in Arm B.\n\nA组中位无进展生存期为11.2个月，B组为7.4个月。\n"


@pytest.mark.parametrize(
    ("claim", "line", "passes"),
    [
        ("Median PFS (months) in Arm A: 11.2", 3, True),
        ("Median PFS (months) in Arm A: 7.4", 3, False),  # Arm B's value
        ("Median PFS (months) in Arm B: 11.2", 3, False),
        ("A组中位无进展生存期（月）：11.2", 5, True),
        ("A组中位无进展生存期（月）：7.4", 5, False),  # B组's value
    ],
)
def test_a_labelled_value_is_paired_with_its_subject_in_the_labels_unit(tmp_path, claim, line, passes):
    statuses = _statuses(tmp_path, TWO_ARMS, cited_report(claim, anchor=f"[evidence:s.md#L{line}]"))
    assert (statuses == ["pass"]) is passes, statuses


ESCAPED = "| Drug | Dose (mg) | Duration (weeks) |\n|---|---|---|\n| Drug A \\| low | 200 | 12 |"


@pytest.mark.parametrize(
    ("claim", "state"),
    [
        ("200 mg", "supported"),
        ("12 weeks", "supported"),
        ("200 weeks", "missing"),  # split at the escaped pipe, 200 would sit under "Duration (weeks)"
        ("12 mg", "missing"),
    ],
)
def test_an_escaped_pipe_is_text_of_its_cell(claim, state):
    assert _states(ESCAPED, claim) == [state]


# rt18b case05/case07: a unit the table states once for all its cells — in a caption over its header,
# in its corner cell, or in a note over it — gives the year columns' bare cells that unit, as a reading
_REGIONS = "| North America | 4.1 | 4.8 | 5.5 |\n| Europe | 2.3 | 2.7 | 3.1 |\n"
TABLE_UNITS = {
    "caption": "# CGM\n\nTable 2. Revenue by region (USD billion)\n| Region | 2023A | 2024A | 2025E |\n|---|---|---|---|\n"
               + _REGIONS,
    "first-column header": "# CGM\n\n| Region (USD billion) | 2023A | 2024A | 2025E |\n|---|---|---|---|\n" + _REGIONS,
    "corner": "# CGM\n\n| Revenue ($B) | 2023A | 2024A | 2025E |\n|---|---|---|---|\n" + _REGIONS,
    "note": "# CGM\n\nAll figures in USD billion.\n\n| Region | 2023A | 2024A | 2025E |\n|---|---|---|---|\n" + _REGIONS,
    # a note bracketed whole: its last bracket names no unit, the note inside it does
    "bracketed note": "# CGM\n\n(Figures in USD billion)\n| Region | 2023A | 2024A | 2025E |\n|---|---|---|---|\n"
                      + _REGIONS,
}


# rt19a case52: the note under the table ("… unless otherwise stated."), cited by row or with the note
TABLE_UNITS["note below"] = "# CGM\n\n| Region | 2023A | 2024A | 2025E |\n|---|---|---|---|\n" + _REGIONS + \
    "\nAll figures in USD billion unless otherwise stated.\n"


def _row_line(source: str) -> int:
    return source.split("\n").index("| North America | 4.1 | 4.8 | 5.5 |") + 1


@pytest.mark.parametrize("where", sorted(TABLE_UNITS))
@pytest.mark.parametrize("whole", [False, True])
def test_a_unit_stated_for_the_whole_table_reads_its_cells_as_a_reading(tmp_path, where, whole):
    source = TABLE_UNITS[where]
    row = _row_line(source)
    anchor = f"[evidence:s.md#L1-L{row + 1}]" if whole else f"[evidence:s.md#L{row}]"
    report = cited_report("North America CGM revenue was USD 4.8 billion in 2024.",
                          "North America CGM revenue was USD 5.0 billion in 2024.",  # fabricated: on no row
                          "North America CGM revenue was 4.8% in 2024.",  # not the table's unit
                          anchor=anchor)
    assert _statuses(tmp_path, source, report) == ["undecided", "fail", "fail"]


def test_a_header_row_cited_with_its_rows_reads_the_caption_over_it(tmp_path):
    source = TABLE_UNITS["caption"]
    row = _row_line(source)
    report = cited_report("North America CGM revenue was USD 4.8 billion in 2024.", anchor=f"[evidence:s.md#L{row - 2}-L{row}]")
    assert _statuses(tmp_path, source, report) == ["undecided"]


@pytest.mark.parametrize(("source", "claim", "state"), [
    # a corner naming the rows' subject states no unit; a bare corner unit must be money, a scale or a share
    ("| Week | Arm A | Arm B |\n|---|---|---|\n| Week 12 | 45 | 30 |", "45 weeks", "missing"),
    ("| Region | 2023 | 2024 |\n|---|---|---|\n| Europe | 2.3 | 2.7 |", "USD 2.7 billion", "missing"),
    # a first column of numbers is data: its header's unit is its own column's only
    ("| Dose (mg) | n | ORR |\n|---|---|---|\n| 200 | 45 | 30 |", "45 mg", "missing"),
    ("| Dose (mg) | n | ORR |\n|---|---|---|\n| 200 | 45 | 30 |", "200 mg", "supported"),
    # a column's own header unit outranks the table's, and is certain
    ("| Revenue ($B) | 2024 | Share (%) |\n|---|---|---|\n| Europe | 2.7 | 31 |", "31%", "supported"),
    ("| USD million | 2024 | 2023 |\n|---|---|---|\n| Obesity care | 2,150 | 1,380 |", "USD 2.15 billion", "plausible"),
    # a caption that is a sentence ending otherwise states nothing
    ("Revenue grew in every region.\n| Region | 2024 |\n|---|---|\n| Europe | 2.7 |", "USD 2.7 billion", "missing"),
])
def test_what_a_table_unit_reads(source, claim, state):
    assert _states(source, claim) == [state]


HTML_CORNER = ("<html><body><p>Results.</p><table>\n<tr><th>USD million</th><th>2024</th><th>2023</th></tr>\n"
               "<tr><td>Obesity care</td><td>2,150</td><td>1,380</td></tr>\n</table></body></html>")


def test_an_html_corner_th_naming_only_a_unit_reads_the_rows(tmp_path):
    report = cited_report("Obesity care sales were USD 2,150 million in 2024.", "Obesity care sales were USD 2,510 million in 2024.",
                          anchor="[evidence:s.html#L3]")
    assert _statuses(tmp_path, HTML_CORNER, report, name="s.html") == ["undecided", "fail"]


@pytest.mark.parametrize("below", [
    "Source: company filings.", "| Total | 6.4 | 7.5 | 8.6 |", "Figures are unaudited.",
    # the next table's caption, not this one's: only a note's wording speaks for the table above it
    "Table 3. Revenue by segment (USD billion)\n| Segment | 2023A |\n|---|---|\n| Devices | 1.1 |",
])
def test_a_line_under_the_table_that_is_no_unit_note_states_no_unit(tmp_path, below):
    source = "# CGM\n\n| Region | 2023A | 2024A | 2025E |\n|---|---|---|---|\n" + _REGIONS + f"\n{below}\n"
    report = cited_report("North America CGM revenue was USD 4.8 billion in 2024.", anchor=f"[evidence:s.md#L{_row_line(source)}]")
    assert _statuses(tmp_path, source, report) == ["fail"]


# rt21a case23: a row label naming its own unit under columns that name another — either may be the
# cell's (the row is the table's odd one, or the column a change of the row's measure), each a reading
SEGMENT = "| Segment | FY2022 (USD million) | FY2023 (USD million) |\n|---|---|---|\n| Net sales | 2,840 | 3,215 |\n" \
          "| Operating margin (%) | 21.5 | 24.1 |\n| Headcount | 1,950 | 2,120 |"
CHANGE = "| Parameter | Baseline | Change (%) |\n|---|---|---|\n| Hemoglobin (g/dL) | 12.1 | 4.5 |"


@pytest.mark.parametrize(("source", "claim", "state"), [
    (SEGMENT, "24.1%", "plausible"),  # the row label's unit: the cell is no FAIL of it
    (SEGMENT, "USD 24.1 million", "plausible"),  # the column's: no longer certain
    (SEGMENT, "24.1 months", "missing"),  # neither
    (SEGMENT, "USD 24.1 billion", "missing"),
    (SEGMENT, "USD 3,215 million", "supported"),  # a row naming no unit keeps its column's, certain
    (SEGMENT, "3,215%", "missing"),  # the label's unit is its own row's only
    (CHANGE, "4.5%", "plausible"),  # the column's unit, the change the row's measure
    (CHANGE, "4.5 g/dL", "plausible"),
    (CHANGE, "12.1 g/dL", "supported"),  # a column naming no unit takes the row label's
    # a row label and column header naming one unit agree: certain, as before
    ("| Arm | ORR (%) |\n|---|---|\n| Response rate (%) | 45.2 |", "45.2%", "supported"),
])
def test_a_row_label_and_column_header_naming_two_units_leave_either_reading(source, claim, state):
    assert _states(source, claim) == [state]


def test_a_row_label_unit_under_another_column_unit_neither_fails_nor_passes_wrongly(tmp_path):
    report = cited_report("Operating margin was 24.1%.", "Operating margin was USD 24.1 million.",
                          "Operating margin was 21.9%.", anchor="[evidence:s.md#L4]")
    statuses = _statuses(tmp_path, SEGMENT, report)
    assert statuses[0] != "fail"
    assert statuses[1] != "pass"
    assert statuses[2] == "fail"  # on no cell of the row


# rt21a case1n0-2: a count's scale noted under the table ("All figures in thousands.")
COUNTS = "# Reach\n\n| Product | 2022 | 2023 |\n|---|---|---|\n| Alpha | 96 | 118 |\n| Beta | 41 | 57 |\n"


@pytest.mark.parametrize("note", ["All figures in thousands.", "Figures are in thousands of patients.",
                                  "Patient counts in thousands.", "(in thousands)"])
@pytest.mark.parametrize("whole", [False, True])
def test_a_count_scale_noted_under_the_table_reads_its_cells_as_a_reading(tmp_path, note, whole):
    source = COUNTS + f"\n{note}\n"
    anchor = "[evidence:s.md#L1-L8]" if whole else "[evidence:s.md#L5]"
    report = cited_report("Alpha treated 118,000 patients in 2023.", "Alpha treated 118 million patients in 2023.",
                          "Alpha treated 119,000 patients in 2023.", anchor=anchor)
    statuses = _statuses(tmp_path, source, report)
    assert statuses[0] != "fail"
    assert statuses[0] != "pass"  # a note is a reading: the judge decides
    assert statuses[1:] == ["fail", "fail"]  # another scale, another figure


# rt27t case21, case22: a unit bracket in a spanning upper <th> row of a saved page ("Result (%)"
# over "Arm A | Placebo") is every joined column's unit, as in a report's table (parse.blocks)
SPANNED = ("<html><body><table>\n"
           '<tr><th rowspan="2">Measure</th><th colspan="2">Result (%)</th><th rowspan="2">Note</th></tr>\n'
           "<tr><th>Arm A</th><th>Placebo</th></tr>\n"
           "<tr><td>Disease control</td><td>78</td><td>52</td><td>confirmed</td></tr>\n"
           "</table></body></html>")


@pytest.mark.parametrize("anchor", ["[evidence:s.html#L1-L5]", "[evidence:s.html#L4]"])
def test_a_unit_in_a_spanning_html_header_row_reaches_the_cells_under_it(tmp_path, anchor):
    report = cited_report("The disease control rate was 78% in Arm A.", "The disease control rate was 52% in Arm A.",
                          "The disease control rate was 79% in Arm A.", "The disease control rate was 78 months in Arm A.",
                          anchor=anchor)
    statuses = _statuses(tmp_path, SPANNED, report, name="s.html")
    assert statuses[0] != "fail"  # true: 78 under "Result (%)" over "Arm A"
    assert statuses[1] != "pass"  # the other arm's figure
    assert statuses[2:] == ["fail", "fail"]  # a changed figure; not the unit the header names


COUNTED = ("<html><body><table>\n"
           '<tr><th rowspan="2">Adverse event</th><th colspan="2">Patients, n (%)</th></tr>\n'
           "<tr><th>Arm A (N=210)</th><th>Placebo (N=205)</th></tr>\n"
           "<tr><td>Any adverse event</td><td>18 (8.6)</td><td>9 (4.4)</td></tr>\n"
           "</table></body></html>")


def test_a_spanning_count_and_share_header_reads_the_bracketed_share(tmp_path):
    report = cited_report("Any adverse event occurred in 8.6% of patients in Arm A.",
                          "Any adverse event occurred in 18% of patients in Arm A.",
                          "Any adverse event occurred in 8.7% of patients in Arm A.", anchor="[evidence:s.html#L4]")
    statuses = _statuses(tmp_path, COUNTED, report, name="s.html")
    assert statuses[0] != "fail"  # the share bracketed under "n (%)"
    assert statuses[1:] == ["fail", "fail"]  # the count is no percentage; a changed figure


# ------------------------------------------- a caption's unit after 单位： (red team rt32c f6)


@pytest.mark.parametrize(("header", "unit", "scale"), [
    ("（单位：万元）", "CNY", 1e4),
    ("表3 重点企业收入（单位：万元）", "CNY", 1e4),
    ("2023年收入(单位: 亿元)", "CNY", 1e8),
    ("Revenue (unit: USD million)", "USD", 1e6),
    ("时间（月：日）", None, None),  # a colon after a word that names no unit: no unit
])
def test_a_bracket_naming_its_unit_after_a_colon_states_that_unit(header, unit, scale):
    found = header_unit(header)
    assert (found.unit, found.number) == (unit, scale) if unit else found is None


_ZH_CAPTION = "# 表3 重点企业收入（单位：万元）\n\n| 企业 | 2023年收入 | 同比增长 |\n|---|---|---|\n| 甲公司 | 35,600 | 12.5% |\n"
_EN_CAPTION = "# Table 3. Revenue by company (RMB million)\n\n| Company | 2023 revenue | YoY |\n|---|---|---|\n" \
              "| Company A | 356 | 12.5% |\n"


@pytest.mark.parametrize(("claim", "state"), [
    ("35,600万元", "plausible"),
    ("3.56亿元", "plausible"),
    ("35,700万元", "missing"),  # a figure on no row, in the caption's scale
    ("3.57亿元", "missing"),
])
def test_a_chinese_captions_bracketed_unit_reads_the_tables_cells(claim, state):
    assert _states(_ZH_CAPTION, claim) == [state]


def test_a_chinese_caption_slip_reads_as_an_english_caption_slip_does():
    """The figure with its scale dropped reads as the English caption's does (both captions only
    give a reading: the bare cell is left to the judge, neither passed nor failed)."""
    assert _states(_ZH_CAPTION, "35,600元") == _states(_EN_CAPTION, "RMB 356") == ["plausible"]
    assert _states(_EN_CAPTION, "RMB 356 million") == ["plausible"]


def test_a_chinese_captions_unit_through_the_pipeline(tmp_path):
    report = cited_report("甲公司2023年收入为35,600万元", "甲公司2023年收入为3.56亿元", "甲公司2023年收入为35,700万元",
                          anchor="[evidence:s.md#L5]")
    assert _statuses(tmp_path, _ZH_CAPTION, report) == ["undecided", "undecided", "fail"]


@pytest.mark.parametrize(("caption", "state"), [
    ("# 表3 重点企业收入 单位：万元", "plausible"),
    ("表3 重点企业收入 单位: 万元。", "plausible"),
    ("# 表3 重点企业收入 来源：年报", "missing"),  # a colon after a word naming no unit
])
def test_a_caption_ending_in_its_unit_unbracketed_reads_it_as_bracketed(caption, state):
    source = caption + "\n\n| 企业 | 2023年收入 | 同比增长 |\n|---|---|---|\n| 甲公司 | 35,600 | 12.5% |\n"
    assert _states(source, "35,600万元") == [state]
    assert _states(source, "35,700万元") == ["missing"]


# ------------------------------- an English caption's "(in thousands)", "($000s)" (red team rt33 z2)


@pytest.mark.parametrize(("header", "unit", "scale"), [
    ("Selected financial data (in thousands)", "", 1e3),
    ("Revenue (in millions)", "", 1e6),
    ("Revenue (in $ millions)", "USD", 1e6),
    ("Selected financial data ($000s)", "USD", 1e3),
    ("Revenue (USD '000)", "USD", 1e3),
    ("Revenue ('000)", "", 1e3),
    ("Age (in years)", "year", 1.0),
    ("Data (in 2023)", None, None),  # "in" before no unit: no unit
    ("Response (in patients)", None, None),
])
def test_a_bracket_opening_with_in_states_the_unit_after_it(header, unit, scale):
    found = header_unit(header)
    assert (found.unit, found.number) == (unit, scale) if unit is not None else found is None


def _en_table(caption: str, cell: str) -> str:
    return f"# Annual summary\n\n{caption}\n\n| Item | 2023 | 2022 |\n|---|---|---|\n| Revenue | {cell} | 31,200 |\n"


@pytest.mark.parametrize(("caption", "cell", "claim", "state"), [
    ("Table 3 Selected financial data (in thousands)", "35,600", "$35.6 million", "plausible"),
    ("Table 3 Selected financial data (in thousands)", "35,600", "$35.6 billion", "missing"),  # 1000×
    ("Table 3 Selected financial data (in thousands)", "35,600", "$35.7 million", "missing"),
    ("Table 5 Selected financial data ($000s)", "1,200,000", "$1.2 billion", "plausible"),
    ("Table 5 Selected financial data ($000s)", "1,200,000", "$1.2 trillion", "missing"),
    ("Table 4 Selected financial data (in millions)", "356", "$356 million", "plausible"),
    ("Table 4 Selected financial data (in millions)", "356", "$356 billion", "missing"),
])
def test_an_english_captions_in_thousands_reads_the_tables_cells(caption, cell, claim, state):
    assert _states(_en_table(caption, cell), claim) == [state]


def test_an_english_caption_in_thousands_through_the_pipeline(tmp_path):
    report = cited_report("Revenue in 2023 was $35.6 million", "Revenue in 2023 was $35.6 billion",
                          anchor="[evidence:s.md#L3-L7]")
    statuses = _statuses(tmp_path, _en_table("Table 3 Selected financial data (in thousands)", "35,600"), report)
    assert statuses[0] != "fail" and statuses[1] == "fail"


# ------------------------------- a filing's "($ in thousands)", "(Dollars in millions)" (red team rt34a c12, c13)


@pytest.mark.parametrize(("header", "unit", "scale"), [
    ("Fiscal 2024 ($ in thousands)", "USD", 1e3),
    ("Fiscal 2024 (Dollars in thousands)", "USD", 1e3),
    ("Fiscal 2024 (thousands of dollars)", "USD", 1e3),
    ("Revenue ($ in millions)", "USD", 1e6),
    ("Revenue (dollars in millions)", "USD", 1e6),
    ("Segment revenue (in millions of U.S. dollars)", "USD", 1e6),
    ("Revenue (thousands of euros)", "EUR", 1e3),
    ("Fiscal 2024 (in millions, except per share data)", "", 1e6),
    ("Reach (thousands of patients)", None, None),  # a count's words: no currency
    ("Doses (in millions of doses)", None, None),
])
def test_a_filing_bracket_naming_its_currency_in_words_states_its_scale(header, unit, scale):
    found = header_unit(header)
    assert (found.unit, found.number) == (unit, scale) if unit is not None else found is None


FILING = ("| Metric | Fiscal 2024 {header} |\n|---|---|\n| Deferred revenue | 18,450 |\n"
          "| Diluted earnings per share | 2.15 |\n")


@pytest.mark.parametrize("header", ["($ in thousands)", "(Dollars in thousands)", "(thousands of dollars)"])
def test_a_filing_header_in_thousands_reads_its_cells_so(header):
    source = FILING.format(header=header)
    assert _states(source, "$18.45 million") == ["supported"]
    assert _states(source, "$18.45 billion") == ["missing"]  # 1000× off
    assert _states(source, "€18.45 million") == ["missing"]  # another currency


def test_a_per_share_row_is_never_in_the_header_scale():
    source = FILING.format(header="(in millions, except per share data)")
    assert _states(source, "$18.45 billion") == ["plausible"]  # a scale with no currency: a reading
    assert _states(source, "$2.15 million") == ["missing"]  # EPS is no figure in millions
    assert _states(source, "$2.15") != ["missing"]


# rt34a c44, c22: a cell writing its "$" but no scale under an "(in millions)" caption
@pytest.mark.parametrize("cell", ["$ 412.6", "$412.6"])
def test_a_dollar_cell_under_a_scale_caption_is_read_in_that_scale(cell):
    source = f"Revenue by geography (in millions)\n\n| Region | Fiscal 2024 |\n|---|---|\n| United States | {cell} |\n"
    assert _states(source, "$412.6 million") == ["plausible"]  # a caption is a reading
    assert _states(source, "$412.6 billion") == ["missing"]
    assert _states(source, "€412.6 million") == ["missing"]


def test_a_dollar_cell_written_with_its_scale_is_not_scaled_again():
    source = "Revenue by geography (in millions)\n\n| Region | Fiscal 2024 |\n|---|---|\n| United States | $412.6 million |\n"
    assert _states(source, "$412.6 trillion") == ["missing"]
    assert _states(source, "$412.6 million") == ["supported"]


def test_a_dollar_cell_under_another_currency_caption_is_not_scaled():
    source = "Revenue by geography (in € millions)\n\n| Region | Fiscal 2024 |\n|---|---|\n| United States | $412.6 |\n"
    assert _states(source, "$412.6 million") == ["missing"]
