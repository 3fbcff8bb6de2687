"""Table rows are checked under their column headers, end to end (pipeline and CLI).

A row "| Objective response rate | 40% | 25% |" under "| Measure | Arm B | Arm A |" says Arm B
had 40%: against a source giving Arm A 40% it must not pass, under the right headers it
passes, and a header subject the source does not name never fails a row.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from citeproof.cli import main
from citeproof.pipeline import VerifyOptions, run
from tests.values.helpers import verify_against

NCT1 = "Results\nObjective response rate: Arm A 40%, Arm B 25%.\n"
A = "[evidence:s.md#L3]"


def table(header: list[str], *rows: list[str]) -> str:
    lines = ["# R", "", "| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    return "\n".join(lines + ["| " + " | ".join(r) + " |" for r in rows]) + "\n"


def statuses(tmp_path: Path, source: str, report: str, fmt: str = "markdown") -> list[tuple[str, str]]:
    if fmt == "markdown":
        out = verify_against(tmp_path, source, report)
    else:
        folder = tmp_path / "sources" / "evidence"
        folder.mkdir(parents=True)
        (folder / "s.md").write_text(source, encoding="utf-8")
        out = run(report, "html", tmp_path / "sources", VerifyOptions(mode="report"))
    return [(c.status, (c.undecided_reasons or ("",))[0]) for c in out.claims]


# ---- the reported wrong PASS, through the CLI ------------------------------------------------


def cli(tmp_path: Path, header: str, row: str, capsys) -> tuple[int, dict]:
    sources = tmp_path / "sources" / "clinical_trials"
    sources.mkdir(parents=True, exist_ok=True)
    (sources / "NCT1.txt").write_text(NCT1, encoding="utf-8")
    report = tmp_path / "report.md"
    report.write_text(f"# T\n\n{header}\n|---|---|---|\n{row}\n", encoding="utf-8")
    out = tmp_path / "out.json"
    code = main(["verify", str(report), "--sources", str(tmp_path / "sources"), "--out", str(out)])
    capsys.readouterr()
    return code, json.loads(out.read_text(encoding="utf-8"))["claims"][0]


def test_values_under_swapped_column_headers_do_not_pass(tmp_path, capsys):
    code, claim = cli(tmp_path, "| Measure | Arm B | Arm A |", "| Objective response rate | 40% | 25% [nct:NCT1#L2] |", capsys)
    assert (code, claim["status"]) == (3, "undecided")
    assert claim["text"] == "Objective response rate | 40% | 25%"  # the row is shown as written
    assert "the row puts 40% under 'Arm B'; the source gives 'arm b' 25%" in claim["undecided_reasons"][0]


def test_values_under_the_right_column_headers_pass(tmp_path, capsys):
    code, claim = cli(tmp_path, "| Measure | Arm A | Arm B |", "| Objective response rate | 40% | 25% [nct:NCT1#L2] |", capsys)
    assert (code, claim["status"]) == (0, "pass")


def test_values_swapped_under_the_right_headers_stay_undecided(tmp_path, capsys):
    code, claim = cli(tmp_path, "| Measure | Arm A | Arm B |", "| Objective response rate | 25% | 40% [nct:NCT1#L2] |", capsys)
    assert (code, claim["status"]) == (3, "undecided")
    assert "another order" in claim["undecided_reasons"][0]


# ---- the pipeline: English, Chinese, HTML --------------------------------------------------------

SOURCE_EN = "# S\n\nThe objective response rate was 40% in Arm A and 25% in Arm B.\n"
SOURCE_ZH = "# S\n\nA组的客观缓解率为40%，B组为25%。\n"


@pytest.mark.parametrize(
    ("source", "header", "row", "status"),
    [
        (SOURCE_EN, ["Measure", "Arm B", "Arm A"], ["Objective response rate", "40%", f"25% {A}"], "undecided"),
        (SOURCE_EN, ["Measure", "Arm A", "Arm B"], ["Objective response rate", "40%", f"25% {A}"], "pass"),
        (SOURCE_ZH, ["指标", "B组", "A组"], ["客观缓解率", "40%", f"25% {A}"], "undecided"),
        (SOURCE_ZH, ["指标", "A组", "B组"], ["客观缓解率", "40%", f"25% {A}"], "pass"),
        ("# S\n\n客观缓解率：试验组40%，对照组25%。\n", ["指标", "对照组", "试验组"], ["客观缓解率", "40%", f"25% {A}"], "undecided"),
        ("# S\n\n客观缓解率：试验组40%，对照组25%。\n", ["指标", "试验组", "对照组"], ["客观缓解率", "40%", f"25% {A}"], "pass"),
        # title-case headers are not names; the subject word in "Control Arm" is
        ("# S\n\nThe objective response rate was 40% in the experimental arm and 25% in the control arm.\n",
         ["Outcome", "Experimental Arm", "Control Arm"], ["Objective response rate", "40%", f"25% {A}"], "pass"),
        ("# S\n\nThe objective response rate was 40% in the experimental arm and 25% in the control arm.\n",
         ["Outcome", "Control Arm", "Experimental Arm"], ["Objective response rate", "40%", f"25% {A}"], "undecided"),
        ("# S\n\nRevenue was USD 3.4 billion in 2022 and USD 4.1 billion in 2023.\n",
         ["Metric", "2023", "2022"], ["Revenue", "USD 3.4 billion", f"USD 4.1 billion {A}"], "undecided"),
        ("# S\n\nRevenue was USD 3.4 billion in 2022 and USD 4.1 billion in 2023.\n",
         ["Metric", "2022", "2023"], ["Revenue", "USD 3.4 billion", f"USD 4.1 billion {A}"], "pass"),
        # columns in another order than the source's, each value under its own subject: the headers
        # pair every number, so the cells' order says nothing
        (SOURCE_EN, ["Measure", "Arm B", "Arm A"], ["Objective response rate", "25%", f"40% {A}"], "pass"),
        (SOURCE_ZH, ["指标", "B组", "A组"], ["客观缓解率", "25%", f"40% {A}"], "pass"),
        ("# S\n\nRevenue was USD 3.4 billion in 2022 and USD 4.1 billion in 2023.\n",
         ["Metric", "2023", "2022"], ["Revenue", "USD 4.1 billion", f"USD 3.4 billion {A}"], "pass"),
        # ... but not when a number sits in a column that names no subject: its place is unpaired
        ("# S\n\nAt week 12 the objective response rate was 40% in Arm A and 25% in Arm B.\n",
         ["Measure", "Arm B", "Arm A", "Visit"], ["Objective response rate", "25%", "40%", f"week 12 {A}"], "undecided"),
    ],
)
def test_a_row_is_read_under_its_headers(tmp_path, source, header, row, status):
    assert [s for s, _ in statuses(tmp_path, source, table(header, row))] == [status]


@pytest.mark.parametrize(
    ("head", "status"),
    [
        ("<thead><tr><th>Measure</th><th>Arm B</th><th>Arm A</th></tr></thead>", "undecided"),
        ("<thead><tr><th>Measure</th><th>Arm A</th><th>Arm B</th></tr></thead>", "pass"),
        ("<tr><th>Measure</th><th>Arm B</th><th>Arm A</th></tr>", "undecided"),  # an all-th first row
        ("<tr><td>Measure</td><td>Arm B</td><td>Arm A</td></tr>", "undecided"),  # a first row of labels
        ("<tr><td>Measure</td><td>Arm A</td><td>Arm B</td></tr>", "pass"),
        # a group header over unit sub-headers: "Objective response rate Arm B (%)"
        ("<thead><tr><th rowspan=2>Measure</th><th colspan=2>Objective response rate</th></tr>"
         "<tr><th>Arm B (%)</th><th>Arm A (%)</th></tr></thead>", "undecided"),
        ("<thead><tr><th rowspan=2>Measure</th><th colspan=2>Objective response rate</th></tr>"
         "<tr><th>Arm A (%)</th><th>Arm B (%)</th></tr></thead>", "pass"),
    ],
)
def test_html_headers(tmp_path, head, status):
    cells = ("40", "25") if "(%)" in head else ("40%", "25%")
    report = (f"<h1>R</h1><table>{head}<tbody><tr><td>Objective response rate</td>"
              f"<td>{cells[0]}</td><td>{cells[1]} {A}</td></tr></tbody></table>")
    assert [s for s, _ in statuses(tmp_path, SOURCE_EN, report, "html")] == [status]


# ---- a header subject the source does not name never fails a row ---------------------------------


def test_an_absent_header_subject_of_a_single_subject_column_leaves_a_correct_row_as_it_was(tmp_path):
    source = "# S\n\nAt week 12 the objective response rate was 40%, and at week 24 it was 35%.\n"
    report = table(["Measure", "Arm A"], [f"At week 12 the objective response rate {A}", "40%"])
    assert [s for s, _ in statuses(tmp_path, source, report)] == ["pass"]


def test_an_absent_header_subject_with_one_value_of_its_kind_leaves_a_correct_row_as_it_was(tmp_path):
    source = "# S\n\nThe objective response rate was 40%.\n"
    report = table(["Measure", "Arm A", "Arm B"], ["Objective response rate", f"40% {A}", ""])
    assert [s for s, _ in statuses(tmp_path, source, report)] == ["pass"]


def test_an_absent_subject_where_columns_compete_is_undecided_never_failed(tmp_path):
    source = "# S\n\nThe objective response rate was 40% in group 1 and 25% in group 2.\n"
    out = statuses(tmp_path, source, table(["Measure", "Arm A", "Arm B"], ["Objective response rate", "40%", f"25% {A}"]))
    assert out[0][0] == "undecided" and "names 'arm a', which the source line does not" in out[0][1]


def test_headers_that_name_no_subject_change_nothing(tmp_path):
    source = "# S\n\nObjective response rate: Arm A 40%, Arm B 25%.\n"
    for header in (["Measure", "Value"], ["Measure", "n (%)"], ["指标", "数值"]):
        out = statuses(tmp_path / header[1].replace(" ", "").replace("(", "").replace(")", "").replace("%", "p"),
                       source, table(header, [f"Objective response rate, Arm A {A}", "40%"]))
        assert out[0][0] == "pass", header


# ---- a unit in the header qualifies the cell's bare number -----------------------------------------


@pytest.mark.parametrize(
    ("source", "label", "header", "cell", "status"),
    [
        ("The objective response rate was 40%.", "Objective response rate", "ORR (%)", "40", "pass"),  # was a wrong FAIL
        ("The daily dose was 0.2 g.", "Daily dose", "Dose (mg)", "200", "pass"),  # an exact equivalence
        ("中位无进展生存期为7.4个月。", "中位无进展生存期", "中位PFS（个月）", "7.4", "pass"),
        ("Daily dose (mg): 200", "Daily dose", "Dose (mg)", "200", "pass"),  # the source's own unit header
        ("The daily dose was 200 µg.", "Daily dose", "Dose (mg)", "200", "fail"),  # a thousandfold error
        ("The daily dose was 0.2 g.", "Daily dose", "Dose (mg)", "300", "fail"),
        ("Response was seen in 12% of patients.", "Response", "n (%)", "12", "fail"),  # a count is not a share
        # the bare number the source writes may count something else: only the judge can say
        ("Acme Corp operated 12 stores in 2023.", "Acme Corp", "Revenue ($B)", "12", "undecided"),
        ("Online stores numbered 40 at the end of 2023.", "Online stores", "Share of sales (%)", "40", "undecided"),
        ("公司A在2023年拥有12家门店。", "公司A", "营收（亿元）", "12", "undecided"),
        # another scale the source's own label gives the cell (rt30t d07): no reading left, a miss
        ("Acme Corp revenue ($M): 12", "Acme Corp revenue", "Revenue ($B)", "12", "fail"),
        ("Daily dose (g): 200", "Daily dose", "Dose (mg)", "200", "undecided"),  # another unit
        ("Acme Corp revenue ($B): 12", "Acme Corp revenue", "Revenue ($B)", "12", "pass"),
    ],
)
def test_a_unit_header(tmp_path, source, label, header, cell, status):
    out = statuses(tmp_path, f"# S\n\n{source}\n", table(["Item", header], [label, f"{cell} {A}"]))
    assert [s for s, _ in out] == [status]


def test_a_table_in_billions_is_checked_as_the_amounts_it_states(tmp_path):
    # market tables put the currency and scale in the header: '($B)' over 4.2 states $4.2 billion
    source = "Acme revenue was $4.2 billion in 2023 and $3.1 billion in 2022.\n"
    table = "| Company | {a} | {b} |\n|---|---|---|\n| Acme | {x} | {y} [evidence:s.md#L1] |\n"
    right = table.format(a="2023 revenue ($B)", b="2022 revenue ($B)", x="4.2", y="3.1")
    swapped = table.format(a="2022 revenue ($B)", b="2023 revenue ($B)", x="4.2", y="3.1")
    wrong = table.format(a="2023 revenue ($B)", b="2022 revenue ($B)", x="4.7", y="3.1")
    millions = table.format(a="2023 revenue ($M)", b="2022 revenue ($M)", x="4.2", y="3.1")
    status = [verify_against(tmp_path / str(k), source, f"# Market\n\n{t}").claims[0].status
              for k, t in enumerate((right, swapped, wrong, millions))]
    assert status == ["pass", "undecided", "fail", "fail"]


REGION_TABLE = ("# Cloud security spending by region\n\n| Region | 2023 revenue ($B) | 2024 revenue ($B) |\n"
                "|---|---|---|\n| North America | 14.2 | 16.9 |\n| Total | 28.6 | 34.1 |\n")


@pytest.mark.parametrize(
    ("header", "cells", "status"),
    [
        # rt30t d07, d16, d08: a source table's own header gives its cell a scale and currency; the
        # claim table's header another one is a wrong figure, not a bare number the judge reads
        ("2024 revenue ($M)", ["North America", "16.9"], "fail"),
        ("2024 revenue (USD million)", ["Total", "34.1"], "fail"),
        ("2024 revenue (€B)", ["North America", "16.9"], "fail"),
        ("2024 revenue (USD billion)", ["Total", "34.1"], "undecided"),  # the same amount: never failed
        ("2024 revenue ($B)", ["North America", "16.9"], "undecided"),
    ],
)
def test_a_source_tables_own_unit_header_decides_the_claim_tables_scale(tmp_path, header, cells, status):
    report = table(["Region", header], [cells[0], f"{cells[1]} [evidence:s.md#L5-L6]"])
    assert [s for s, _ in statuses(tmp_path, REGION_TABLE, report)] == [status]


@pytest.mark.parametrize(
    "source",
    [
        # a note or a label line over the table gives its cells a unit only as a reading: the judge's
        "# S\n\nAll figures in US$ billion.\n\n| Region | 2024 |\n|---|---|\n| North America | 16.9 |\n",
        "# S\n\nRevenue ($B)\n\n| Region | 2024 |\n|---|---|\n| North America | 16.9 |\n",
        # no table cell at all: the source's amount in its own currency is left as it was, to the judge
        "# S\n\nThe list price was €16.9 per pack.\n",
    ],
    ids=["unit-note", "label-line", "no-cell"],
)
def test_a_source_unit_that_is_only_a_reading_never_fails_the_claim_tables_scale(tmp_path, source):
    last = len(source.split("\n")) - 1
    report = table(["Region", "2024 revenue ($M)"], ["North America", f"16.9 [evidence:s.md#L3-L{last}]"])
    assert [s for s, _ in statuses(tmp_path, source, report)] == ["undecided"]


def test_a_row_under_a_label_spanning_rows_is_read_with_that_label(tmp_path):
    # HTML: "Arm B" spans its ORR and PFS rows; the PFS row gave Arm A's 5.1 months to nobody and passed
    source = "# S\n\nArm A: ORR 40%, PFS 5.1 months. Arm B: ORR 25%, PFS 3.2 months.\n"
    html = ("<html><body><h1>R</h1><table><tr><th>Arm</th><th>Measure</th><th>Value</th></tr>"
            f"<tr><td rowspan=2>Arm B</td><td>ORR</td><td>25% {A}</td></tr>"
            f"<tr><td>PFS</td><td>{{pfs}} months {A}</td></tr></table></body></html>")
    wrong = [s for s, _ in statuses(tmp_path / "wrong", source, html.format(pfs="5.1"), fmt="html")]
    right = [s for s, _ in statuses(tmp_path / "right", source, html.format(pfs="3.2"), fmt="html")]
    assert wrong == ["pass", "undecided"]
    assert right == ["pass", "pass"]


@pytest.mark.parametrize(
    ("label", "cells", "status"),
    [
        ("Median PFS (months)", ["11.2", f"7.4 {A}"], "pass"),  # the unit in the row label is the row's
        ("Median PFS, months", ["11.2", f"7.4 {A}"], "pass"),
        ("Median PFS (months)", ["12.2", f"7.4 {A}"], "fail"),  # a wrong figure still fails
        ("Median PFS (weeks)", ["11.2", f"7.4 {A}"], "fail"),  # and another unit is another value
        ("Median PFS", ["11.2", f"7.4 {A}"], "fail"),  # no unit anywhere: bare numbers, as before
    ],
)
def test_a_unit_in_the_row_label_is_the_unit_of_the_rows_bare_cells(tmp_path, label, cells, status):
    source = "# S\n\nMedian PFS was 11.2 months with the study drug and 7.4 months with placebo.\n"
    report = table(["Endpoint", "Study drug", "Placebo"], [label, *cells])
    assert [s for s, _ in statuses(tmp_path, source, report)] == [status]


def test_a_column_header_unit_wins_over_the_row_labels(tmp_path):
    source = "# S\n\nThe loading dose was 120 mg.\n"
    report = table(["Dose", "Amount (g)"], ["Loading dose (mg)", f"0.12 {A}"])
    assert [s for s, _ in statuses(tmp_path, source, report)] == ["pass"]


# ---- a mark says what it says through its header -------------------------------------------------


@pytest.mark.parametrize(
    ("source", "header", "cells"),
    [
        ("Serious adverse events were observed in the study cohort.",
         ["Finding", "Observed", "Not observed"], ["Serious adverse events in the study cohort", "", f"✓ {A}"]),
        ("Serious adverse events were observed in the study cohort.",
         ["Finding", "Observed"], ["Serious adverse events in the study cohort", f"No {A}"]),
        ("研究队列中观察到严重不良事件。", ["发现", "未观察到"], ["研究队列中观察到严重不良事件", f"√ {A}"]),
    ],
    ids=["tick-under-negated-header", "no-under-header", "zh-tick-under-negated-header"],
)
def test_a_row_that_speaks_through_a_mark_is_never_passed_on_its_label(tmp_path, source, header, cells):
    out = statuses(tmp_path, f"# S\n\n{source}\n", table(header, cells))
    assert out[0][0] == "undecided" and "through the column header" in out[0][1]


def test_a_dash_for_an_empty_cell_is_no_mark(tmp_path):
    source = "# S\n\nThe objective response rate was 40%.\n"
    report = table(["Measure", "Arm A", "Arm B"], ["Objective response rate", f"40% {A}", "-"])
    assert [s for s, _ in statuses(tmp_path, source, report)] == ["pass"]


# ---- a source table row under its own header (rt13a) -------------------------------------------

SOURCE_TABLE = "# S\n\n| Endpoint | Arm A | Arm B |\n|---|---|---|\n| ORR | 45% | 30% |\n| ORR at week 12 | 45% | 30% |\n"


@pytest.mark.parametrize(
    ("header", "row"),
    [
        (["Endpoint", "Arm A"], ["ORR", "30% [evidence:s.md#L5]"]),  # Arm B's 30% given to Arm A
        (["Endpoint", "Arm B"], ["ORR", "45% [evidence:s.md#L5]"]),
        (["Endpoint", "Arm A"], ["ORR at week 12", "45% [evidence:s.md#L6]"]),  # a row label followed by two values binds neither
    ],
    ids=["a-takes-b", "b-takes-a", "label-before-two-values"],
)
def test_a_value_from_a_source_table_row_is_not_bound_to_the_report_column_by_the_line_alone(tmp_path, header, row):
    out = statuses(tmp_path, SOURCE_TABLE, table(header, row))
    assert out[0][0] == "undecided" and "which the source line does not" in out[0][1]


def test_a_row_label_that_places_its_value_in_the_line_still_binds_it(tmp_path):
    source = "# S\n\nThe objective response rate was 35% at week 24 and 40% at week 12.\n"
    report = table(["Measure", "Arm A"], [f"Objective response rate at week 12 {A}", "40%"])
    assert [s for s, _ in statuses(tmp_path, source, report)] == ["pass"]


@pytest.mark.parametrize(("heading", "status"), [("## Arm A results", "pass"), ("## Arm B results", "undecided")])
def test_a_column_subject_the_source_heading_names_is_the_whole_lines(tmp_path, heading, status):
    # rt14a: "| Arm A |" over 45% against "The objective response rate was 45% and the disease
    # control rate was 80%." under "## Arm A results" was left open
    source = f"# S\n\n{heading}\n\nThe objective response rate was 45% and the disease control rate was 80%.\n"
    report = table(["Measure", "Arm A"], ["Objective response rate [evidence:s.md#L5]", "45%"])
    assert [s for s, _ in statuses(tmp_path, source, report)] == [status]


# ---- bare cells under a unit header are ordered in that unit (rt24a) ----------------------------
# "| Combination (%) | Monotherapy (%) |" over "| 28 | 45 |": the bare 28 met none of the line's
# percentages, so the order check had nothing to order and a row with its cells swapped passed.

COMBINATION = "The objective response rate was 45% with the combination and 28% with monotherapy."
COMBINATION_AFTER = "The objective response rate with the combination was 45%, and with monotherapy 28%."
GRADES = "Anaemia occurred in 49% of patients; grade 3 anaemia in 10%."
BRANDED = "Branded products had sales of $6.6 billion and generics $3.4 billion."


def html_table(header: list[str], *rows: list[str]) -> str:
    head = "".join(f"<th>{h}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    return f"<html><body><h1>R</h1><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></body></html>"


UNIT_HEADER_ROWS = [
    # value before its subject ("45% with the combination")
    (COMBINATION, ["Endpoint", "Combination (%)", "Monotherapy (%)"], ["Objective response rate", "45", "28"], "pass"),
    (COMBINATION, ["Endpoint", "Combination (%)", "Monotherapy (%)"], ["Objective response rate", "28", "45"], "undecided"),
    # value after its subject ("with the combination was 45%")
    (COMBINATION_AFTER, ["Endpoint", "Combination (%)", "Monotherapy (%)"], ["Objective response rate", "45", "28"], "pass"),
    (COMBINATION_AFTER, ["Endpoint", "Combination (%)", "Monotherapy (%)"], ["Objective response rate", "28", "45"], "undecided"),
    # grade columns
    (GRADES, ["Adverse event", "Any grade (%)", "Grade 3 (%)"], ["Anaemia", "49", "10"], "pass"),
    (GRADES, ["Adverse event", "Any grade (%)", "Grade 3 (%)"], ["Anaemia", "10", "49"], "undecided"),
    # a currency and scale header
    (BRANDED, ["Metric", "Branded ($B)", "Generics ($B)"], ["Sales", "6.6", "3.4"], "pass"),
    (BRANDED, ["Metric", "Branded ($B)", "Generics ($B)"], ["Sales", "3.4", "6.6"], "undecided"),
]


@pytest.mark.parametrize("fmt", ["markdown", "html"])
@pytest.mark.parametrize(("source", "header", "row", "status"), UNIT_HEADER_ROWS)
def test_bare_cells_under_a_unit_header_are_ordered_in_that_unit(tmp_path, fmt, source, header, row, status):
    cells = [*row[:-1], f"{row[-1]} {A}"]
    report = table(header, cells) if fmt == "markdown" else html_table(header, cells)
    out = statuses(tmp_path, f"# S\n\n{source}\n", report, fmt)
    assert [s for s, _ in out] == [status]
    if status == "undecided":
        assert "another order" in out[0][1]


# ---- a unit header's own words are its column's subject (rt24a) ----------------------------------
# "| Monotherapy (%) | Combination (%) |" over "| 45 | 28 |" meets the line's numbers in its order,
# yet gives monotherapy the combination's 45%: the headers' words pair each cell with its group.

REVERSED_COLUMN_ROWS = [
    (COMBINATION, ["Endpoint", "Monotherapy (%)", "Combination (%)"], ["Objective response rate", "28", "45"], "pass"),
    (COMBINATION, ["Endpoint", "Monotherapy (%)", "Combination (%)"], ["Objective response rate", "45", "28"], "undecided"),
    (COMBINATION_AFTER, ["Endpoint", "Monotherapy (%)", "Combination (%)"], ["Objective response rate", "28", "45"], "pass"),
    (COMBINATION_AFTER, ["Endpoint", "Monotherapy (%)", "Combination (%)"], ["Objective response rate", "45", "28"], "undecided"),
    (GRADES, ["Adverse event", "Grade 3 (%)", "Any grade (%)"], ["Anaemia", "49", "10"], "undecided"),
    (BRANDED, ["Metric", "Generics ($B)", "Branded ($B)"], ["Sales", "3.4", "6.6"], "pass"),
    (BRANDED, ["Metric", "Generics ($B)", "Branded ($B)"], ["Sales", "6.6", "3.4"], "undecided"),
]


@pytest.mark.parametrize("fmt", ["markdown", "html"])
@pytest.mark.parametrize(("source", "header", "row", "status"), REVERSED_COLUMN_ROWS)
def test_a_unit_headers_words_pair_its_cell_whatever_the_columns_order(tmp_path, fmt, source, header, row, status):
    cells = [*row[:-1], f"{row[-1]} {A}"]
    report = table(header, cells) if fmt == "markdown" else html_table(header, cells)
    out = statuses(tmp_path, f"# S\n\n{source}\n", report, fmt)
    assert [s for s, _ in out] == [status]
    if status == "undecided":
        assert f"the row puts {row[1]} under '{header[1]}'" in out[0][1]


@pytest.mark.parametrize("fmt", ["markdown", "html"])
def test_a_row_label_time_point_binds_no_value_of_the_arm_written_after_it(tmp_path, fmt):
    # rt24a case15: "at 5 years was 67% in arm A and 46% in arm B": 67% stands after the time point
    # but is arm A's, so "Control group (%)" over 67 is not bound by the row label
    source = "# S\n\nOverall survival at 5 years was 67% in arm A and 46% in arm B.\n"
    cells = ["Overall survival at 5 years", f"67 {A}"]
    header = ["Outcome", "Control group (%)"]
    report = table(header, cells) if fmt == "markdown" else html_table(header, cells)
    out = statuses(tmp_path, source, report, fmt)
    assert out[0][0] == "undecided" and "names 'control', which the source line does not" in out[0][1]


# ---- a unit header's words the line does not write are not its claim (rt25a) --------------------
# "| ORR | 45 | 28 |" under "Combination (%) | Monotherapy (%)" passed against "45% with
# chemotherapy and 28% with monotherapy": the unwritten "Combination" left the row to the order
# check, which the line's order met. The header's words are the row's claim as much as its cells.

UNWRITTEN_HEADER_ROWS = [
    ("The ORR was 45% with chemotherapy and 28% with monotherapy.",
     ["Endpoint", "Combination (%)", "Monotherapy (%)"], ["ORR", "45", "28"]),
    ("The ORR was 45% in the overall population and 28% with monotherapy.",
     ["Endpoint", "Combination (%)", "Monotherapy (%)"], ["ORR", "45", "28"]),
    ("The ORR was 45% at 12 months and 28% with monotherapy.",
     ["Endpoint", "Combination (%)", "Monotherapy (%)"], ["ORR", "45", "28"]),
    ("Grade 3 anaemia occurred in 10% of patients and grade 4 anaemia in 6%.",
     ["AE", "Any grade (%)", "Grade ≥3 (%)"], ["Anaemia", "10", "6"]),
    # a bound in words for another group is still another group
    ("Anaemia occurred in 10% of patients, including grade 4 or higher anaemia in 6%.",
     ["AE", "Any grade (%)", "Grade ≥3 (%)"], ["Anaemia", "10", "6"]),
    ("Relapse occurred in 11% with maintenance therapy and 29% with chemotherapy re-challenge.",
     ["Outcome", "Maintenance therapy (%)", "Observation (%)"], ["Relapse", "11", "29"]),
    # a header's time point the line does not write
    ("Retention was 45% at 6 months and 28% at 12 months.",
     ["Metric", "6 months (%)", "24 months (%)"], ["Retention", "45", "28"]),
]

WRITTEN_HEADER_ROWS = [
    ("The ORR was 45% with the combination and 28% with monotherapy.",
     ["Endpoint", "Combination (%)", "Monotherapy (%)"], ["ORR", "45", "28"]),
    ("Retention was 45% at 6 months and 28% at 24 months.",
     ["Metric", "6 months (%)", "24 months (%)"], ["Retention", "45", "28"]),
    ("Relapse occurred in 11% with maintenance therapy and 29% with observation.",
     ["Outcome", "Maintenance therapy (%)", "Observation (%)"], ["Relapse", "11", "29"]),
    (GRADES, ["Adverse event", "Any grade (%)", "Grade 3 (%)"], ["Anaemia", "49", "10"]),
    # rt26 case16: the header's bound written in words or with a space is the same group
    ("Nausea occurred in 41% of patients, including grade 3 or higher nausea in 4%.",
     ["Event", "Any grade (%)", "Grade ≥3 (%)"], ["Nausea", "41", "4"]),
    ("Nausea occurred in 41% of patients, including grade ≥ 3 nausea in 4%.",
     ["Event", "Any grade (%)", "Grade ≥3 (%)"], ["Nausea", "41", "4"]),
]


@pytest.mark.parametrize("fmt", ["markdown", "html"])
@pytest.mark.parametrize(("source", "header", "row"), UNWRITTEN_HEADER_ROWS)
def test_a_unit_headers_words_the_line_does_not_write_leave_the_row_undecided(tmp_path, fmt, source, header, row):
    cells = [*row[:-1], f"{row[-1]} {A}"]
    report = table(header, cells) if fmt == "markdown" else html_table(header, cells)
    out = statuses(tmp_path, f"# S\n\n{source}\n", report, fmt)
    assert [s for s, _ in out] == ["undecided"]
    assert "which the source line does not write" in out[0][1]


@pytest.mark.parametrize("fmt", ["markdown", "html"])
@pytest.mark.parametrize(("source", "header", "row"), WRITTEN_HEADER_ROWS)
def test_a_unit_headers_words_the_line_writes_still_pass(tmp_path, fmt, source, header, row):
    cells = [*row[:-1], f"{row[-1]} {A}"]
    report = table(header, cells) if fmt == "markdown" else html_table(header, cells)
    assert [s for s, _ in statuses(tmp_path, f"# S\n\n{source}\n", report, fmt)] == ["pass"]
