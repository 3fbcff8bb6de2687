"""Locators → windows, through the store (as the rules see them) and through window_for."""

from __future__ import annotations

import json

import pytest

from citeproof.model import Finding, Locator
from citeproof.settings import Settings
from citeproof.sources.locate import window_for
from citeproof.sources.types import SourceDocument, SourceWindow

CT = json.dumps(
    {
        "Clinical Trial ID": "NCT00000042",
        "Results": ["Outcome Measurement: ", "  Response rate", "  Overall Number of Participants Analyzed: 52"],
        "Adverse Events": ["Adverse Events 1:", "  Total: 11/52 (21.15%)"],
        "results": {"primary": ["p1"], "secondary": ["s1", "s2"]},
    }
)
PAPER = (
    "A study of outcomes\n"  # 1
    "ABSTRACT\n"  # 2
    "We studied 40 people.\n"  # 3
    "Methods:\n"  # 4
    "Randomised, open label.\n"  # 5
    "RESULTS\n"  # 6
    "Response was 25%.\n"  # 7
    "Table 2. Outcomes\n"  # 8
    "arm A 25%\n"  # 9
    "arm B 10%\n"  # 10
    "\n"  # 11
    "Discussion\n"  # 12
    "It worked.\n"  # 13
)


def test_line_locators(make_store, anchor) -> None:
    store = make_store({"pubmed/1.txt": PAPER})
    w = store.resolve(anchor("pmid", "1", "L7")).window
    assert (w.line_start, w.line_end, w.text, w.coarse, w.locator_raw) == (7, 7, "Response was 25%.", False, "L7")
    w = store.resolve(anchor("pmid", "1", "L8-L10")).window
    assert w.text.splitlines() == ["Table 2. Outcomes", "arm A 25%", "arm B 10%"]


@pytest.mark.parametrize("loc", ["L14", "L12-L20", "L0"])
def test_line_locator_out_of_range(make_store, anchor, loc) -> None:
    store = make_store({"pubmed/1.txt": PAPER})
    f = store.resolve(anchor("pmid", "1", loc)).finding
    assert (f.code, f.severity) == ("locator_out_of_range", "critical")
    assert "13 lines" in f.message and "pubmed/1.txt" in f.message


def test_last_line_is_in_range(make_store, anchor) -> None:
    store = make_store({"pubmed/1.txt": PAPER})
    assert store.resolve(anchor("pmid", "1", "L13")).window.text == "It worked."


@pytest.mark.parametrize(
    ("loc", "first", "last"),
    [
        ("Abstract", 2, 3),
        ("abstract", 2, 3),
        ("METHODS", 4, 5),
        ("results", 6, 11),  # a plain-text section runs to the next heading
        ("discussion", 12, 13),
    ],
)
def test_plain_text_sections(make_store, anchor, loc, first, last) -> None:
    store = make_store({"pubmed/1.txt": PAPER})
    w = store.resolve(anchor("pmid", "1", loc)).window
    assert (w.line_start, w.line_end) == (first, last)


@pytest.mark.parametrize("loc", ["adverse_events", "Adverse Events", "ADVERSE-EVENTS", "adverse  events"])
def test_json_section_names_are_tolerant(make_store, anchor, loc) -> None:
    store = make_store({"clinical_trials/NCT00000042.json": CT})
    w = store.resolve(anchor("nct", "NCT00000042", loc)).window
    assert w.text.splitlines() == ["Adverse Events 1:", "Total: 11/52 (21.15%)"]


def test_json_key_paths_and_exact_case_wins(make_store, anchor) -> None:
    store = make_store({"clinical_trials/NCT00000042.json": CT})
    assert store.resolve(anchor("nct", "NCT00000042", "results.secondary")).window.text == "s1\ns2"
    # "Results" and "results" both exist: the exact name picks its own section
    assert store.resolve(anchor("nct", "NCT00000042", "results")).window.text == "p1\ns1\ns2"
    assert store.resolve(anchor("nct", "NCT00000042", "Results")).window.text.startswith("Outcome Measurement:")


NESTED = json.dumps(
    {
        "protocolSection": {"eligibilityModule": {"minimumAge": "18 Years"}, "outcomesModule": {"primary": ["ORR"]}},
        "resultsSection": {
            "outcomeMeasuresModule": {"value": "33.7"},
            "adverseEventsModule": {"primary": ["nausea 12%"]},
        },
    }
)


def test_json_key_paths_as_pointers_or_by_their_last_keys(make_store, anchor) -> None:
    # rt16b: only the full dotted path was found
    store = make_store({"clinical_trials/NCT00000043.json": NESTED})
    for loc in ("resultsSection/outcomeMeasuresModule", "/resultsSection/outcomeMeasuresModule", "outcomeMeasuresModule"):
        assert store.resolve(anchor("nct", "NCT00000043", loc)).window.text == "33.7", loc
    assert store.resolve(anchor("nct", "NCT00000043", "eligibilityModule")).window.text == "18 Years"
    assert store.resolve(anchor("nct", "NCT00000043", "adverseEventsModule.primary")).window.text == "nausea 12%"
    # two key paths end in "primary": the short name names neither
    f = store.resolve(anchor("nct", "NCT00000043", "primary")).finding
    assert f is not None and f.code == "locator_not_found"


def test_a_last_key_alone_finds_nothing_outside_json(make_store, anchor) -> None:
    store = make_store({"guidelines/g.md": "# Guide\n\n## Dosing.Adults\nStart low.\n"})
    assert store.resolve(anchor("guideline", "g", "Adults")).finding is not None


def test_unknown_section_lists_available(make_store, anchor) -> None:
    store = make_store({"clinical_trials/NCT00000042.json": CT})
    f = store.resolve(anchor("nct", "NCT00000042", "Outcomes")).finding
    assert (f.code, f.severity) == ("locator_not_found", "critical")
    assert "'Outcomes'" in f.message and "Clinical Trial ID, Results, Adverse Events" in f.message
    assert "[nct:NCT00000042#Outcomes]" in f.message


def test_markdown_and_html_headings(make_store, anchor) -> None:
    store = make_store(
        {
            "guidelines/g.md": "# Guide\n\n## Dosing\nStart low.\n\n## Monitoring\nCheck levels.\n",
            "guidelines/h.html": "<h1>Guide</h1><h2>Dosing</h2><p>Start low.</p><h2>Monitoring</h2><p>Check.</p>",
        }
    )
    assert store.resolve(anchor("guideline", "g", "dosing")).window.text == "## Dosing\nStart low.\n"
    assert store.resolve(anchor("guideline", "h", "Dosing")).window.text == "Dosing\nStart low."


def test_table_locators(make_store, anchor) -> None:
    store = make_store(
        {
            "pubmed/1.txt": PAPER,
            "pubmed/2.html": "<table><tr><td>first</td></tr></table><p>x</p><table><tr><td>second</td></tr></table>",
        }
    )
    assert store.resolve(anchor("pmid", "1", "table2")).window.text == "Table 2. Outcomes\narm A 25%\narm B 10%"
    assert store.resolve(anchor("pmid", "2", "table2")).window.text == "second"
    f = store.resolve(anchor("pmid", "1", "table3")).finding
    assert f.code == "locator_not_found" and "tables found: table2" in f.message


def test_page_locators(make_store, anchor) -> None:
    store = make_store({"guidelines/p.txt": "one\n\ftwo a\ntwo b\n\fthree\n", "guidelines/n.txt": "no pages\n"})
    w = store.resolve(anchor("guideline", "p", "p2")).window
    assert (w.line_start, w.line_end, w.text) == (2, 3, "two a\ntwo b")
    assert store.resolve(anchor("guideline", "p", "p2-p3")).window.text == "two a\ntwo b\nthree"
    assert store.resolve(anchor("guideline", "p", "p4")).finding.code == "locator_out_of_range"
    f = store.resolve(anchor("guideline", "n", "p1")).finding
    assert f.code == "locator_not_found" and "no page breaks" in f.message


def test_no_locator_is_whole_document_and_coarse(make_store, anchor) -> None:
    store = make_store({"pubmed/1.txt": PAPER})
    w = store.resolve(anchor("pmid", "1")).window
    assert (w.line_start, w.line_end, w.coarse, w.locator_raw) == (1, 13, True, None)


def test_long_windows_are_coarse_short_ones_are_not(make_store, anchor) -> None:
    body = "\n".join(f"line {i}." for i in range(1, 101)) + "\n"
    store = make_store({"pubmed/1.txt": body}, Settings(coarse_window_lines=10))
    assert store.resolve(anchor("pmid", "1", "L1-L10")).window.coarse is False
    assert store.resolve(anchor("pmid", "1", "L1-L11")).window.coarse is True


def test_window_for_directly() -> None:
    doc = SourceDocument(
        source_id="d", channel="c", path="c/d.txt", media="txt", text="One.\nTwo.", lines=("One.", "Two."),
        sections={"Intro": (1, 2)},
    )
    w = window_for(doc, Locator(raw="intro", kind="section", name="intro"))
    assert isinstance(w, SourceWindow) and w.text == "One.\nTwo." and [s.text for s in w.segments] == ["One.", "Two."]
    miss = window_for(doc, Locator(raw="L3", kind="lines", start=3, end=3))
    assert isinstance(miss, Finding) and miss.rule == "CP102" and miss.code == "locator_out_of_range"
