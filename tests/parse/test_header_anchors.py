"""An anchor written in a table's header cell cites the rows under it.

Red team round 5: "| Arm | ORR (%) [evidence:s.md#L1-L2] |" over "| Arm A | 45.2 |" FAILED every
row missing_anchor: the header row is no claim, and its anchor was dropped with it. A row that
cites nothing of its own now cites the header's anchors; a row with an anchor of its own keeps
only its own (the header's place may be wider), and the rows are still judged one by one.
"""

from __future__ import annotations

from citeproof.parse import parse_report
from citeproof.settings import Settings
from tests.values.helpers import verify_against

SOURCE = "Arm A: the objective response rate was 45.2% (54/120).\nArm B: the objective response rate was 30.1% (36/118).\n"
TABLE = (
    "# Findings\n\n| Arm | ORR (%) [evidence:s.md#L1-L2] |\n|---|---|\n"
    "| Arm A | 45.2 |\n| Arm B | 30.1 |\n| Arm C | 45.2 [evidence:s.md#L2] |\n"
)
TABLE_ZH = "# 结果\n\n| 组别 | 客观缓解率（%）[evidence:s.md#L1-L2] |\n|---|---|\n| Arm A | 45.2 |\n| Arm A | 54.2 |\n"


def test_rows_without_an_anchor_cite_the_headers_and_a_row_with_its_own_keeps_it():
    claims = parse_report(TABLE, "markdown", Settings()).claims  # type: ignore[arg-type]
    assert [[a.raw for a in c.anchors] for c in claims] == [
        ["evidence:s.md#L1-L2"], ["evidence:s.md#L1-L2"], ["evidence:s.md#L2"]]


def test_a_header_without_an_anchor_lends_none():
    claims = parse_report("# F\n\n| Arm | ORR (%) |\n|---|---|\n| Arm A | 45.2 |\n", "markdown", Settings()).claims  # type: ignore[arg-type]
    assert [list(c.anchors) for c in claims] == [[]]


def _statuses(tmp_path, report):
    run = tmp_path / str(len(list(tmp_path.iterdir())))
    run.mkdir()
    return [c.status for c in verify_against(run, SOURCE, report).claims]


def test_true_rows_under_a_cited_header_no_longer_fail(tmp_path):
    assert "fail" not in _statuses(tmp_path, TABLE)[:2]


def test_a_row_citing_its_own_narrower_line_is_judged_on_it(tmp_path):
    assert _statuses(tmp_path, TABLE)[2] == "fail"  # 45.2 is Arm A's, on L1; the row cites L2 alone


def test_swapped_or_wrong_rows_under_a_cited_header_do_not_pass(tmp_path):
    swapped = "# F\n\n| Arm | ORR (%) [evidence:s.md#L1-L2] |\n|---|---|\n| Arm A | 30.1 |\n| Arm B | 45.2 |\n"
    assert "pass" not in _statuses(tmp_path, swapped)
    assert _statuses(tmp_path, TABLE_ZH)[0] != "fail"
    assert _statuses(tmp_path, TABLE_ZH)[1] == "fail"  # 54.2 is in no cited line


CAPTIONED = (
    "# F\n\nTable 1. Objective response rate by arm [evidence:s.md#L1-L2]\n\n| Arm | ORR (%) |\n|---|---|\n"
    "| Arm A | 45.2 |\n| Arm C | 45.2 [evidence:s.md#L2] |\n\n"
    "Responses were durable [evidence:s.md#L1].\n\n| Arm | ORR (%) |\n|---|---|\n| Arm B | 30.1 |\n\n"
    "表1 各组客观缓解率 [evidence:s.md#L1-L2]\n\n| 组别 | 客观缓解率（%） |\n|---|---|\n| A组 | 45.2 |\n\n"
    "Table 2. Response [evidence:s.md#L1]\n\nThe trial was open label.\n\n| Arm | ORR (%) |\n|---|---|\n| Arm B | 30.1 |\n"
)


def test_a_caption_right_above_a_table_cites_its_rows_that_cite_nothing():
    claims = parse_report(CAPTIONED, "markdown", Settings()).claims  # type: ignore[arg-type]
    rows = [(c.text, [a.raw for a in c.anchors]) for c in claims if c.unit == "table_row"]
    assert rows == [
        ("Arm A | 45.2", ["evidence:s.md#L1-L2"]),  # under the caption
        ("Arm C | 45.2", ["evidence:s.md#L2"]),  # its own anchor only
        ("Arm B | 30.1", []),  # under a plain sentence that cites
        ("A组 | 45.2", ["evidence:s.md#L1-L2"]),
        ("Arm B | 30.1", []),  # a paragraph stands between the caption and the table
    ]


def test_a_caption_cites_the_rows_under_a_header_of_several_rows():
    html = (
        "<table><caption>Table 1. Adverse events [evidence:s.md#L1-L3]</caption><thead>"
        "<tr><th rowspan='2'>Event</th><th colspan='2'>Arm A (n=154)</th></tr>"
        "<tr><th>Any grade</th><th>Grade 3-5</th></tr></thead>"
        "<tbody><tr><td>Fatigue</td><td>16 (10%)</td><td>2 (1%)</td></tr></tbody></table>"
        # a second table right after it, uncaptioned: its rows cite nothing
        "<table><thead><tr><th>Event</th><th>Arm B</th></tr><tr><th></th><th>Any grade</th></tr></thead>"
        "<tbody><tr><td>Fatigue</td><td>42 (28%)</td></tr></tbody></table>"
    )
    claims = parse_report(html, "html", Settings()).claims  # type: ignore[arg-type]
    rows = [(c.text.split(" | ")[0], [a.raw for a in c.anchors]) for c in claims if c.unit == "table_row"]
    assert rows == [("Fatigue", ["evidence:s.md#L1-L3"]), ("Fatigue", [])]
