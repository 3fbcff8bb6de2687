"""A table row carries its column headers beside its text (``Claim.columns``).

The row's text and id stay the cells joined by " | " (what users see); the headers over each
cell travel in ``columns`` so Tier 1 can read "Arm B" over "40%" as the row says it.
"""

from __future__ import annotations

import pytest

from citeproof.parse import claim_key, parse_report
from citeproof.settings import Settings

A = "[nct:NCT1#L2]"


def rows(text: str, fmt: str = "markdown") -> list[tuple[str, list[tuple[str, str]]]]:
    report = parse_report(text, fmt, Settings())  # type: ignore[arg-type]
    return [(c.text, [(col.header, col.cell) for col in c.columns]) for c in report.claims]


def md(header: str, *body: str) -> str:
    width = header.count("|") - 1
    return "# T\n\n" + header + "\n|" + "---|" * width + "\n" + "\n".join(body) + "\n"


def test_markdown_row_keeps_its_text_and_id_and_gains_its_headers():
    report = parse_report(md("| Measure | Arm B | Arm A |", f"| Objective response rate | 40% | 25% {A} |"), "markdown", Settings())
    claim = report.claims[0]
    assert claim.text == "Objective response rate | 40% | 25%"
    assert claim.id == "c-" + claim_key(("T",), claim.text)  # the headers do not enter the id
    assert [(c.header, c.cell) for c in claim.columns] == [
        ("Measure", "Objective response rate"), ("Arm B", "40%"), ("Arm A", "25%")]


def test_markdown_rows_narrower_or_wider_than_the_header_sit_under_it_by_position():
    # markdown-it pads a short row with empty cells and drops a long row's extra cells (which
    # the row's text keeps, under no header)
    text = md("| Measure | Arm A | Arm B |", f"| ORR | 40% {A} |", f"| PFS | 5.1 months | 4.0 months {A} | 9 |")
    assert rows(text) == [
        ("ORR | 40%", [("Measure", "ORR"), ("Arm A", "40%"), ("Arm B", "")]),
        ("PFS | 5.1 months | 4.0 months | 9", [("Measure", "PFS"), ("Arm A", "5.1 months"), ("Arm B", "4.0 months")]),
    ]


def test_empty_header_cells_and_empty_cells_keep_their_positions():
    text = md("|  | Arm A | Arm B |", f"| ORR |  | 25% {A} |")
    assert rows(text) == [("ORR | 25%", [("", "ORR"), ("Arm A", ""), ("Arm B", "25%")])]


def test_chinese_headers():
    text = md("| 指标 | A组 | B组 |", f"| 客观缓解率 | 40% | 25% {A} |")
    assert rows(text)[0][1] == [("指标", "客观缓解率"), ("A组", "40%"), ("B组", "25%")]


def test_a_table_does_not_lend_its_header_to_the_next_and_a_list_row_has_none():
    text = md("| Measure | Arm A |", f"| ORR | 40% {A} |") + "\nThe rate was 40% in Arm A [nct:NCT1#L2].\n"
    claims = parse_report(text, "markdown", Settings()).claims
    assert claims[0].columns and claims[1].columns == ()


def test_html_thead_and_an_all_th_first_row_are_headers():
    thead = f"<table><thead><tr><th>Measure</th><th>Arm B</th></tr></thead><tr><td>ORR</td><td>40% {A}</td></tr></table>"
    th_row = f"<table><tr><th>Measure</th><th>Arm B</th></tr><tr><td>ORR</td><td>40% {A}</td></tr></table>"
    expected = [("ORR | 40%", [("Measure", "ORR"), ("Arm B", "40%")])]
    assert rows(thead, "html") == expected and rows(th_row, "html") == expected


def test_html_first_row_of_labels_heads_a_table_without_header_cells():
    labels = f"<table><tr><td>Measure</td><td>Arm B</td></tr><tr><td>ORR</td><td>40% {A}</td></tr></table>"
    assert rows(labels, "html") == [("ORR | 40%", [("Measure", "ORR"), ("Arm B", "40%")])]
    # a first row with a number (or an anchor) is data, not a header
    data = f"<table><tr><td>ORR</td><td>40% {A}</td></tr><tr><td>PFS</td><td>5.1 months {A}</td></tr></table>"
    assert [cols for _, cols in rows(data, "html")] == [[], []]


def test_html_first_row_of_numbered_labels_heads_the_table_and_is_no_claim():
    """"Outcome | Week 12 | Week 24" in td cells names columns: read as the header, and not a
    claim whose 12 and 24 would need an anchor (a missing_anchor that blocked the report)."""
    weeks = (
        "<table><tr><td>Outcome</td><td>Week 12</td><td>Week 24</td></tr>"
        f"<tr><td>ORR</td><td>40%</td><td>45% {A}</td></tr></table>"
    )
    assert rows(weeks, "html") == [("ORR | 40% | 45%", [("Outcome", "ORR"), ("Week 12", "40%"), ("Week 24", "45%")])]
    years = f"<table><tr><td></td><td>2022</td><td>2023</td></tr><tr><td>Revenue</td><td>$1.2B</td><td>$1.5B {A}</td></tr></table>"
    assert rows(years, "html")[0][1] == [("", "Revenue"), ("2022", "$1.2B"), ("2023", "$1.5B")]
    weeks_zh = f"<table><tr><td>指标</td><td>第12周</td><td>第24周</td></tr><tr><td>缓解率</td><td>40%</td><td>45% {A}</td></tr></table>"
    assert rows(weeks_zh, "html")[0][1] == [("指标", "缓解率"), ("第12周", "40%"), ("第24周", "45%")]


@pytest.mark.parametrize(
    "first",
    [
        "<tr><td>ORR</td><td>Week 12</td><td>40%</td></tr>",  # a value beside the labels
        "<tr><td>Dose</td><td>12 mg</td><td>24 mg</td></tr>",  # values with units, no label word
        "<tr><td>Outcome</td><td>Week 12</td><td>Arm 3.5</td></tr>",  # a decimal is no label
        f"<tr><td>Outcome</td><td>Week 12</td><td>Week 24 {A}</td></tr>",  # an anchor: a claim
        '<tr><td>Outcome</td><td><a href="https://example.org/t">Week 12</a></td><td>Week 24</td></tr>',  # a link cites
        "<tr><td>Outcome [evidence:notes.md#intro]</td><td>Week 12</td><td>Week 24</td></tr>",  # an anchor anywhere
        "<tr><td>Outcome</td><td>Week 12</td><td>Overall</td></tr>",  # one numbered label is not a header of them
    ],
)
def test_a_first_row_that_states_values_is_still_a_row(first):
    table = f"<table>{first}<tr><td>ORR</td><td>40%</td><td>45% {A}</td></tr></table>"
    assert all(cols == [] for _, cols in rows(table, "html"))


def test_html_spans_place_cells_under_the_columns_they_render_in():
    html = (
        "<table><thead><tr><th rowspan=2>Measure</th><th colspan=2>Arm A</th><th>Arm B</th></tr>"
        "<tr><th>ORR (%)</th><th>PFS (months)</th><th>ORR (%)</th></tr></thead><tbody>"
        "<tr><th colspan=4>Efficacy</th></tr>"  # a title row labels rows, not columns
        f"<tr><td rowspan=2>Overall</td><td>40</td><td>5.1</td><td>25 {A}</td></tr>"
        f"<tr><td>41</td><td>5.2</td><td>26 {A}</td></tr></tbody></table>"
    )
    heads = ["Measure", "Arm A ORR (%)", "Arm A PFS (months)", "Arm B ORR (%)"]
    assert rows(html, "html") == [
        ("Overall | 40 | 5.1 | 25", list(zip(heads, ["Overall", "40", "5.1", "25"]))),
        # under the rowspan, one column on; the label spanning into the row is part of its text
        ("Overall | 41 | 5.2 | 26", list(zip(heads, ["", "41", "5.2", "26"]))),
    ]


def test_a_header_row_after_data_rows_starts_a_new_header_and_a_section_row_does_not():
    html = (
        "<table><tr><th>Measure</th><th>Arm A</th></tr>"
        f"<tr><td>ORR</td><td>40% {A}</td></tr>"
        "<tr><th>Safety</th></tr>"  # one cell once a header exists: a section label
        f"<tr><td>AE</td><td>12% {A}</td></tr>"
        "<tr><th>Measure</th><th>Arm B</th></tr>"
        f"<tr><td>ORR</td><td>25% {A}</td></tr></table>"
    )
    assert [cols[1] for _, cols in rows(html, "html")] == [("Arm A", "40%"), ("Arm A", "12%"), ("Arm B", "25%")]


def test_rows_that_cannot_be_placed_leave_the_table_without_headers():
    nested = (
        "<table><tr><th>Measure</th><th>Arm A</th></tr>"
        f"<tr><td>ORR<table><tr><td>x</td></tr></table></td><td>40% {A}</td></tr>"
        f"<tr><td>PFS</td><td>5.1 months {A}</td></tr></table>"
    )
    assert [cols for _, cols in rows(nested, "html")] == [[], []]
    zero_rowspan = (
        "<table><tr><th>Measure</th><th>Arm A</th></tr>"
        f"<tr><td rowspan=0>ORR</td><td>40% {A}</td></tr></table>"
    )
    assert [cols for _, cols in rows(zero_rowspan, "html")] == [[]]


def test_anchors_are_removed_from_cells_and_headers():
    text = md("| Measure | Arm A [nct:NCT1#L1] |", f"| ORR | 40% {A} |")
    assert rows(text)[0][1] == [("Measure", "ORR"), ("Arm A", "40%")]


def test_a_title_row_spanning_the_table_heads_no_column():
    html = (
        "<table><tr><th colspan=3>Table 2. Efficacy in Arm A and placebo</th></tr>"
        "<tr><th>Measure</th><th>Arm A</th><th>Placebo</th></tr>"
        f"<tr><td>ORR</td><td>40%</td><td>25% {A}</td></tr></table>"
    )
    assert [h for h, _ in rows(html, "html")[0][1]] == ["Measure", "Arm A", "Placebo"]


def test_a_cell_spanning_rows_is_part_of_each_rows_text_once():
    html = (
        "<table><tr><th>Arm</th><th>Measure</th><th>Value</th></tr>"
        f"<tr><td rowspan=2>Arm B</td><td>ORR</td><td>25% {A}</td></tr>"
        f"<tr><td>PFS</td><td>3.2 months {A}</td></tr>"
        f"<tr><td rowspan=2 colspan=2>Arm A overall</td><td>40% {A}</td></tr>"
        f"<tr><td>5.1 months {A}</td></tr>"
        f"<tr><td>Arm C</td><td>ORR</td><td>10% {A}</td></tr></table>"
    )
    assert [text for text, _ in rows(html, "html")] == [
        "Arm B | ORR | 25%", "Arm B | PFS | 3.2 months", "Arm A overall | 40%", "Arm A overall | 5.1 months",
        "Arm C | ORR | 10%",  # the span ended
    ]


def test_markdown_cells_beyond_the_header_keep_their_words_and_anchors():
    # markdown-it drops them; the author wrote them, and an anchor there was lost with them
    md = (
        "| Measure | Arm A |\n|---|---|\n"
        f"| ORR | 40% | 25% {A} |\n"
        f"| PFS | 5.1 months {A} |\n"
        "| a \\| b | 3 |\n"  # an escaped pipe is no cell boundary
    )
    report = parse_report(md, "markdown", Settings())
    assert [(c.text, [a.raw for a in c.anchors]) for c in report.claims][:2] == [
        ("ORR | 40% | 25%", ["nct:NCT1#L2"]),
        ("PFS | 5.1 months", ["nct:NCT1#L2"]),
    ]
    assert rows(md)[0][1] == [("Measure", "ORR"), ("Arm A", "40%")]  # the extra cell is under no header
    assert [c.text for c in report.claims][2] == "a | b | 3"


def test_a_unit_bracket_in_a_spanning_header_row_closes_each_column_header_under_it():
    # rt25a case11: "Result (%)" over "Zelcitinib | Placebo" — the % must reach both columns' cells
    html = (
        "<table><tr><th rowspan=2>Endpoint</th><th colspan=2>Result (%)</th><th rowspan=2>Note</th></tr>"
        "<tr><th>Arm A</th><th>Placebo (n)</th></tr>"
        f"<tr><td>ORR</td><td>42</td><td>12</td><td>{A}</td></tr></table>"
    )
    # a lower cell with a bracket of its own keeps it last; a header with one row is unchanged
    heads = ["Endpoint", "Result Arm A (%)", "Result (%) Placebo (n)", "Note"]
    assert rows(html, "html") == [("ORR | 42 | 12 |", list(zip(heads, ["ORR", "42", "12", ""])))]


def test_a_spanning_unit_header_lets_a_true_row_pass_and_a_wrong_one_fail(tmp_path):
    from citeproof.pipeline import VerifyOptions, run

    folder = tmp_path / "sources" / "evidence"
    folder.mkdir(parents=True)
    (folder / "s.md").write_text("# S\n\nThe ORR was 42% with the study drug and 12% with placebo.\n", encoding="utf-8")
    cite = "[evidence:s.md#L3]"
    html = (
        "<html><body><h1>T</h1><table>"
        "<tr><th rowspan=2>Endpoint</th><th colspan=2>Result (%)</th><th rowspan=2>Source</th></tr>"
        "<tr><th>Study drug</th><th>Placebo</th></tr>"
        f"<tr><td>ORR</td><td>42</td><td>12</td><td>{cite}</td></tr>"
        f"<tr><td>ORR</td><td>45</td><td>12</td><td>{cite}</td></tr>"
        "</table></body></html>"
    )
    claims = [c for c in run(html, "html", tmp_path / "sources", VerifyOptions(mode="report")).claims if c.anchors]
    assert [c.status for c in claims] == ["pass", "fail"]


def test_a_count_and_share_tail_in_a_spanning_header_row_closes_each_column_header():
    # rt27t case21: "Patients, n (%)" over "Arm A (N=210) | Placebo (N=205)" — each cell writes "count (share)"
    from citeproof.parse.blocks import stacked_columns

    assert stacked_columns([["Adverse event", "Patients, n (%)", "Patients, n (%)"], ["", "Arm A (N=210)", "Placebo (N=205)"]]) == [
        "Adverse event", "Patients Arm A (N=210), n (%)", "Patients Placebo (N=205), n (%)"]
    # a unit bracket that is no count-and-share tail still gives way to the lower cell's own bracket
    assert stacked_columns([["Result (%)"], ["Placebo (n)"]]) == ["Result (%) Placebo (n)"]


def test_a_markdown_groups_label_written_once_heads_the_rows_under_it():
    # rt28t f1: the rows under "Arm A" left their first cell empty or wrote a ditto mark; read
    # without the label, another group's figure could back them (HTML rowspan was read already)
    text = md(
        "| Arm | Measure | Value |",
        f"| Arm A | ORR | 30% {A} |", f"|  | DCR | 55% {A} |", f"| 〃 | PFS | 8.2 months {A} |",
        f"| Arm B | ORR | 12% {A} |", f'| " | DCR | 80% {A} |', f"| - | PFS | 4.1 months {A} |",
    )
    assert [t for t, _ in rows(text)] == [
        "Arm A | ORR | 30%", "Arm A | DCR | 55%", "Arm A | PFS | 8.2 months",
        "Arm B | ORR | 12%", "Arm B | DCR | 80%", "- | PFS | 4.1 months",  # a dash says "none" as often
    ]


def test_an_empty_first_cell_with_nothing_above_or_nothing_beside_it_stays_empty():
    text = md("| Arm | Measure | Value |", f"|  | ORR | 30% {A} |", "| Arm A |  |  |", f"|  | DCR | 55% {A} |")
    # the first row has no label above it; a label-only row is no claim but still heads the next
    assert [t for t, _ in rows(text)] == ["ORR | 30%", "Arm A | DCR | 55%"]
    # a new table starts without a label from the one before
    two = md("| Arm | Measure |", f"| Arm A | 30% {A} |") + "\n" + md("| Arm | Measure |", f"|  | 55% {A} |")
    assert [t for t, _ in rows(two)] == ["Arm A | 30%", "55%"]


def test_a_carried_label_lets_the_groups_row_pass_and_keeps_another_groups_figure_out(tmp_path):
    from citeproof.pipeline import VerifyOptions, run

    folder = tmp_path / "sources" / "evidence"
    folder.mkdir(parents=True)
    (folder / "s.md").write_text(
        "# S\n\nIn the Arm A group, the disease control rate was 55%.\n\nIn the Arm B group, the disease control rate was 80%.\n",
        encoding="utf-8")
    report = md("| Arm | Measure | Value |", "| Arm A | ORR | 30% |",
                "|  | Disease control rate | 55% [evidence:s.md#L3] |",
                "| 〃 | Disease control rate | 80% [evidence:s.md#L5] |")
    claims = [c for c in run(report, "markdown", tmp_path / "sources", VerifyOptions(mode="report")).claims if c.anchors]
    assert [(c.text, c.status) for c in claims] == [
        ("Arm A | Disease control rate | 55%", "pass"), ("Arm A | Disease control rate | 80%", "undecided")]


def test_an_empty_row_takes_no_label():
    # filled, the spacer row would be a claim "Cohort 2" with no citation
    text = md("| Cohort | Measure | Value |", f"| Cohort 2 | ORR | 30% {A} |", "|  |  |  |")
    assert [t for t, _ in rows(text)] == ["Cohort 2 | ORR | 30%"]
