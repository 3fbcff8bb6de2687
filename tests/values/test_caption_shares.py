"""A table's caption naming its cells "count (share)" ("Table 3. Adverse events, n (%)") makes
each cell's bracketed number a percentage, as a column header or row label naming them so does
(red team s28 t2). The count beside it stays a count: "12%" is still not in "12 (20.7)".

Both table forms: a Markdown table, and a PDF's table as plain text ("Neutropenia  12 (20.7)
30 (51.7)"), whose rows the segmenter reads as rows (``citeproof.sources.segment.text_table_rows``).
"""

from __future__ import annotations

import pytest

from citeproof.values.assess import build_index, match_atom
from citeproof.values.extract import extract_atoms
from tests.values.helpers import verify_against

TEXT_TABLE = (
    "Table 3. Grade 3 or higher adverse events, n (%)\n"
    "Adverse event        Arm A (n=58)     Arm B (n=58)\n"
    "Neutropenia          12 (20.7)        30 (51.7)\n"
    "Anaemia              8 (13.8)         5 (8.6)\n"
)
MD_TABLE = (
    "Table 3. Grade 3 or higher adverse events, n (%)\n\n"
    "| Adverse event | Arm A (n=58) | Arm B (n=58) |\n|---|---|---|\n"
    "| Neutropenia | 12 (20.7) | 30 (51.7) |\n| Anaemia | 8 (13.8) | 5 (8.6) |\n"
)
# the same tables under a caption naming no share: a bracketed number is read as it stands
PLAIN_CAPTION = "Table 3. Grade 3 or higher adverse events"


def _state(source: str, claim: str, number: float) -> str:
    atom = next(a for a in extract_atoms(claim) if a.number == number)
    return match_atom(atom, build_index(source))[0]


@pytest.mark.parametrize("source", [TEXT_TABLE, MD_TABLE], ids=["text", "markdown"])
@pytest.mark.parametrize(("claim", "number"), [
    ("20.7% had neutropenia", 20.7), ("51.7% had neutropenia", 51.7), ("8.6% had anaemia", 8.6)])
def test_a_count_and_share_caption_makes_the_bracketed_share_a_percentage(source, claim, number):
    assert _state(source, claim, number) == "supported"


@pytest.mark.parametrize("source", [TEXT_TABLE, MD_TABLE], ids=["text", "markdown"])
@pytest.mark.parametrize(("claim", "number"), [("12% had neutropenia", 12), ("30% had neutropenia", 30)])
def test_the_count_beside_the_share_is_never_a_percentage(source, claim, number):
    assert _state(source, claim, number) == "missing"


@pytest.mark.parametrize("source", [TEXT_TABLE, MD_TABLE], ids=["text", "markdown"])
def test_a_caption_naming_no_share_makes_no_percentage(source):
    assert _state(source.replace(", n (%)", ""), "20.7% had neutropenia", 20.7) != "supported"


def test_a_caption_three_lines_over_the_rows_is_not_theirs():
    # a caption, a blank line, a paragraph, then rows: the caption heads another table
    source = "Adverse events, n (%)\n\nThe rows below are shares.\nNeutropenia 12 (20.7) 30 (51.7)\nAnaemia 8 (13.8) 5 (8.6)\n"
    assert _state(source, "20.7% had neutropenia", 20.7) != "supported"


def test_through_the_pipeline_the_share_passes_and_the_count_fails(tmp_path):
    report = ("# R\n\n"
              "Grade 3 or higher neutropenia occurred in 20.7% of patients [evidence:s.txt#L1-L4].\n\n"
              "Grade 3 or higher neutropenia occurred in 12% of patients [evidence:s.txt#L1-L4].\n")
    out = verify_against(tmp_path, TEXT_TABLE, report, name="s.txt")
    assert [c.status for c in out.claims if c.anchors][1] == "fail"
    assert [c.status for c in out.claims if c.anchors][0] != "fail"


# a plain-text table row's label states its cells' unit, as a Markdown row label does (red team rt31 e7/e8/e1)
LABEL_UNIT_TABLES = (
    "Table 2. Efficacy outcomes by arm\nOutcome Arm A Arm B\nMedian PFS, months 11.2 6.9\nORR, % 45.0 30.0\n",
    "Table 2. Efficacy outcomes by arm\nOutcome Arm A Arm B\nMedian PFS (months) 11.2 6.9\nORR (%) 45.0 30.0\n",
    "Table 2. Efficacy outcomes by arm\nOutcome Arm A Arm B\n"
    "objective response rate, % (95% CI) 45.0 (38.1-52.0) 30.0 (23.5-37.2)\n"
    "median PFS, months (95% CI) 11.2 (9.6-13.0) 6.9 (5.5-8.1)\n",
)


@pytest.mark.parametrize("source", LABEL_UNIT_TABLES, ids=["comma", "bracket", "interval"])
@pytest.mark.parametrize(("claim", "number"), [
    ("median PFS was 11.2 months", 11.2), ("median PFS was 6.9 months", 6.9), ("the ORR was 45.0%", 45.0)])
def test_a_text_rows_label_unit_reaches_its_cells(source, claim, number):
    assert _state(source, claim, number) == "supported"


# the value index reads row labels only in a text holding a closing bracket or a comma (a label's
# unit stands in one or after one: columns.header_unit): each of them, full-width too, still reaches
@pytest.mark.parametrize("label", ["Median PFS (months)", "Median PFS（months）", "Median PFS [months]",
                                   "Median PFS, months", "Median PFS，months"])
def test_a_text_rows_label_unit_in_any_bracket_or_after_any_comma_reaches_its_cells(label):
    source = f"Outcome Arm A Arm B\n{label} 11.2 6.9\nResponders 45 30\n"
    assert _state(source, "median PFS was 11.2 months", 11.2) == "supported"
    assert _state(source.replace(label, "Median PFS months"), "median PFS was 11.2 months", 11.2) != "supported"


@pytest.mark.parametrize(("source", "claim", "number"), [
    (LABEL_UNIT_TABLES[0], "median PFS was 11.2 weeks", 11.2),  # another unit than the label's
    ("Adverse event Arm A Arm B\nnausea 12 30\nfatigue 8 25\n", "nausea lasted 12 months", 12),  # a label of no unit
    # a count of a total is no number in the label's unit
    ("Outcome Arm A Arm B\nResponders, % 12/58 30/60\nStable, % 8/58 5/60\n", "12% responded", 12),
])
def test_a_text_rows_label_unit_makes_no_other_reading(source, claim, number):
    assert _state(source, claim, number) != "supported"


@pytest.mark.parametrize("source", LABEL_UNIT_TABLES, ids=["comma", "bracket", "interval"])
def test_through_the_pipeline_a_text_rows_label_unit_never_fails(tmp_path, source):
    report = ("# R\n\nMedian PFS in Arm A was 11.2 months [evidence:s.txt#L1-L4].\n\n"
              "The ORR in Arm A was 45.0% [evidence:s.txt#L1-L4].\n")
    out = verify_against(tmp_path, source, report, name="s.txt")
    assert "fail" not in [c.status for c in out.claims if c.anchors]


def test_a_captions_shares_outrank_a_row_labels_unit():
    source = ("Table 3. Patients with each event, n (%)\nEvent Arm A Arm B\n"
              "Fever, days 12 (20.7) 30 (51.7)\nRash, days 8 (13.8) 5 (8.6)\n")
    assert _state(source, "20.7% had fever", 20.7) == "supported"
