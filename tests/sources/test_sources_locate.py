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
        assert store.resolve(anchor("nct", "NCT00000043", loc)).window.text == "resultsSection › outcomeMeasuresModule › value: 33.7", loc
    assert store.resolve(anchor("nct", "NCT00000043", "eligibilityModule")).window.text == "protocolSection › eligibilityModule › minimumAge: 18 Years"
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


@pytest.mark.parametrize("loc", ["结果, evidence:s.md#L6", "结果，evidence:s.md#L6", "L5, pmid:1#abstract", "Results ,nct : NCT1"])
def test_a_second_anchor_after_a_comma_is_named_in_the_miss(make_store, anchor, loc) -> None:
    # rt24b: [evidence:s.md#结果, evidence:s.md#L6] read the second anchor into the section name
    store = make_store({"evidence/s.md": "# S\n\n## 结果\n\n缓解率为45%。\n"})
    f = store.resolve(anchor("evidence", "s.md", loc)).finding
    assert f.code == "locator_not_found" and "separate anchors with ';'" in f.message, f.message


@pytest.mark.parametrize("loc", ["结果, 安全性", "Efficacy, note: see text", "结果：总结"])
def test_a_comma_or_colon_without_a_known_kind_gets_no_anchor_hint(make_store, anchor, loc) -> None:
    store = make_store({"evidence/s.md": "# S\n\n## 结果\n\n缓解率为45%。\n"})
    f = store.resolve(anchor("evidence", "s.md", loc)).finding
    assert f.code == "locator_not_found" and "separate anchors" not in f.message, f.message


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


# ------------------------------------------------------------------ rt18d: names shared, paths, ids, printed pages

COHORTS = (
    "# Basket trial summary\n"  # 1
    "\n"  # 2
    "## Cohort A: first tumour type\n"  # 3
    "\n"  # 4
    "### Results\n"  # 5
    "\n"  # 6
    "The objective response rate was 41% among 72 evaluable patients.\n"  # 7
    "\n"  # 8
    "## Cohort B: second tumour type\n"  # 9
    "\n"  # 10
    "### Results\n"  # 11
    "\n"  # 12
    "The objective response rate was 12% among 58 evaluable patients.\n"  # 13
)


def test_a_name_two_sections_share_names_neither(make_store, anchor) -> None:
    # rt18d case01: "#Results" took the first cohort's, so a correct claim on the second failed
    store = make_store({"evidence/t.md": COHORTS})
    f = store.resolve(anchor("evidence", "t.md", "Results")).finding
    assert f is not None and (f.code, f.severity) == ("locator_ambiguous", "critical")
    assert "#Cohort A: first tumour type/Results, #Cohort B: second tumour type/Results" in f.message
    f = store.resolve(anchor("evidence", "t.md", "Nothing")).finding
    assert "Cohort A: first tumour type/Results, Cohort B: second tumour type" in f.message


@pytest.mark.parametrize(
    "loc, first",
    [
        ("Cohort B: second tumour type/Results", 11),
        ("cohort_b: second tumour type / results", 11),
        ("Basket trial summary/Cohort A: first tumour type/Results", 5),
        ("/Basket trial summary/Cohort B: second tumour type/Results", 11),
        ("Cohort B: second tumour type", 9),
        ("Basket trial summary/Cohort B: second tumour type", 9),  # a path to a name only one place has
    ],
)
def test_a_path_names_one_section(make_store, anchor, loc, first) -> None:
    store = make_store({"evidence/t.md": COHORTS})
    w = store.resolve(anchor("evidence", "t.md", loc)).window
    assert w is not None and w.line_start == first, loc
    assert ("12%" in w.text) == (first >= 9) and ("41%" in w.text) == (first < 9)


@pytest.mark.parametrize(
    "loc", ["Cohort B/Results", "/Cohort B: second tumour type/Results", "second tumour type/Results", "Results/Results"]
)
def test_a_path_no_section_has_names_none(make_store, anchor, loc) -> None:
    store = make_store({"evidence/t.md": COHORTS})
    f = store.resolve(anchor("evidence", "t.md", loc)).finding
    assert f is not None and f.code == "locator_not_found", loc


def test_a_name_at_the_top_and_under_a_heading(make_store, anchor) -> None:
    # rt19a case15: the name several share names the shallowest of them, the one under no heading
    doc = "## Results\nTop 10%.\n\n## Abstract\n### Results\nInner 20%.\n"
    store = make_store({"evidence/u.md": doc})
    assert store.resolve(anchor("evidence", "u.md", "Results")).window.text == "## Results\nTop 10%.\n"
    assert store.resolve(anchor("evidence", "u.md", "/Results")).window.text == "## Results\nTop 10%.\n"
    assert store.resolve(anchor("evidence", "u.md", "Abstract/Results")).window.text == "### Results\nInner 20%."


STRUCTURED = (
    "A randomised trial\n"  # 1
    "\n"  # 2
    "Abstract\n"  # 3
    "BACKGROUND: Plaque disease affects adults.\n"  # 4
    "METHODS: We randomly assigned 666 patients.\n"  # 5
    "RESULTS: At week 16, response occurred in 58.4%.\n"  # 6
    "CONCLUSIONS: The drug was superior.\n"  # 7
    "\n"  # 8
    "Methods\n"  # 9
    "Patients aged 18 years or older were eligible.\n"  # 10
    "\n"  # 11
    "Results\n"  # 12
    "Discontinuation due to adverse events occurred in 2.4%.\n"  # 13
)


def test_a_structured_abstract_in_one_paragraph(make_store, anchor) -> None:
    # rt21b case14: "BACKGROUND: … METHODS: … RESULTS: … CONCLUSIONS: …" on one line; "#Results" is the
    # text after "RESULTS:" up to the next label, never the methods before it nor the conclusions after
    text = ("A randomised trial: two-year analysis.\n"
            "BACKGROUND: Found in 13% of cases. METHODS: 174 patients received 960 mg once daily. RESULTS: The "
            "response rate was 41% and median PFS was 6.3 months. CONCLUSIONS: The benefit lasted; 2-year OS was 33%.\n")
    store = make_store({"pubmed/4.txt": text})
    w = store.resolve(anchor("pmid", "4", "Results")).window
    assert w.text == "RESULTS: The response rate was 41% and median PFS was 6.3 months."
    assert "960" in store.resolve(anchor("pmid", "4", "Methods")).window.text
    assert "33%" in store.resolve(anchor("pmid", "4", "Conclusions")).window.text
    # a line locator counts the file's lines: line 2 is the whole paragraph
    w = store.resolve(anchor("pmid", "4", "L2")).window
    assert w.text.startswith("BACKGROUND:") and w.text.endswith("2-year OS was 33%.")
    f = store.resolve(anchor("pmid", "4", "L3")).finding
    assert f.code == "locator_out_of_range" and "which has 2 lines" in f.message


@pytest.mark.parametrize(
    "loc, first, last",
    [("Results", 12, 13), ("Methods", 9, 11), ("/Results", 12, 13), ("Abstract/RESULTS", 6, 6), ("Abstract", 3, 8)],
)
def test_a_papers_section_over_its_abstracts_part(make_store, anchor, loc, first, last) -> None:
    # rt19a case12: "Results" of the body and "RESULTS:" of the abstract; the body's is the shallower
    store = make_store({"pubmed/3.txt": STRUCTURED})
    w = store.resolve(anchor("pmid", "3", loc)).window
    assert w is not None and (w.line_start, w.line_end) == (first, last), loc


def test_same_depth_names_stay_ambiguous_with_paths(make_store, anchor) -> None:
    # the shallowest rule picks no side between two cohorts', nor between a body's two "Results"
    store = make_store({"evidence/t.md": COHORTS, "evidence/v.md": "## Results\nA 10%.\n\n## Results\nB 20%.\n"})
    f = store.resolve(anchor("evidence", "t.md", "Results")).finding
    assert f.code == "locator_ambiguous" and "Cohort A: first tumour type/Results" in f.message
    f = store.resolve(anchor("evidence", "v.md", "Results")).finding
    assert f.code == "locator_ambiguous" and "#/Results (1), #/Results (2)" in f.message


def test_a_title_over_its_namesakes_names_none_of_them(make_store, anchor) -> None:
    # rt20 L3: "# Results" over "## Part A/### Results" and "## Part B/### Results" was the
    # shallowest, so #Results read the whole file and a cohort-swapped claim reached the judge
    doc = "# Results\n\n## Part A\n\n### Results\n\nORR 12%.\n\n## Part B\n\n### Results\n\nORR 45%.\n"
    store = make_store({"evidence/p.md": doc})
    f = store.resolve(anchor("evidence", "p.md", "Results")).finding
    assert f is not None and f.code == "locator_ambiguous"
    w = store.resolve(anchor("evidence", "p.md", "Part B/Results")).window
    assert w is not None and "45%" in w.text and "12%" not in w.text


def test_html_headings_shared_and_element_ids(make_store, anchor) -> None:
    # rt18d case17 (one heading name under two others) and case04 (the URL fragment of a heading)
    html = (
        "<h1>Label</h1><h2>Adults</h2><h3>Recommended dosage</h3><p>200 mg once daily.</p>"
        "<h2>Children</h2><h3>Recommended dosage</h3><p>100 mg once daily.</p>"
        "<h2 id='dosing'>Dosage and administration</h2><p>150 mg twice daily.</p>"
        "<section id='warnings'><p>Monitor 4 weeks.</p></section><p>Outside 9 mg.</p>"
    )
    store = make_store({"evidence/l.html": html})
    assert store.resolve(anchor("evidence", "l.html", "Recommended dosage")).finding.code == "locator_ambiguous"
    assert "100 mg" in store.resolve(anchor("evidence", "l.html", "Children/Recommended dosage")).window.text
    adults = store.resolve(anchor("evidence", "l.html", "Adults/Recommended dosage")).window.text
    assert "200 mg" in adults and "100 mg" not in adults
    assert store.resolve(anchor("evidence", "l.html", "dosing")).window.text == "Dosage and administration\n150 mg twice daily.\nMonitor 4 weeks.\nOutside 9 mg."
    assert store.resolve(anchor("evidence", "l.html", "warnings")).window.text == "Monitor 4 weeks."


def test_html_id_that_is_its_headings_name_is_one_section(make_store, anchor) -> None:
    store = make_store({"evidence/m.html": "<h2 id='results'>Results</h2><p>40%.</p><h2>Discussion</h2><p>x</p>"})
    assert store.resolve(anchor("evidence", "m.html", "results")).window.text == "Results\n40%."


@pytest.mark.parametrize(
    "html",
    [
        # rt19a case10: a paragraph after </section> that no heading closes
        "<article><h1>T</h1><section id='methods'><h2>Methods</h2><p>Dose 200 mg.</p></section>"
        "<section id='results'><h2>Results</h2><p>OS 12.9 months.</p></section><p>Funding: none.</p></article>",
        # rt19a case11: a figure between two sections
        "<article><h1>T</h1><section id='methods'><h2>Methods</h2><p>Dose 200 mg.</p></section>"
        "<div><p>Figure 1.</p></div><section id='results'><h2>Results</h2><p>OS 12.9 months.</p></section></article>",
        # the id's element holds the heading's section, after a label of its own
        "<article><h1>T</h1><section id='methods'><p>Part 2</p><h2>Methods</h2><p>Dose 200 mg.</p></section>"
        "<section id='results'><p>Part 3</p><h2>Results</h2><p>OS 12.9 months.</p></section></article>",
        # the id's element holds the heading's whole section, after a box with a heading of its own
        "<article><h1>T</h1><section id='methods'><h2>Methods</h2><p>Dose 200 mg.</p></section>"
        "<section id='results'><h2>Key points</h2><p>Durable.</p><h2>Results</h2><p>OS 12.9 months.</p></section></article>",
    ],
)
def test_html_section_id_its_heading_repeats_is_one_section(make_store, anchor, html) -> None:
    store = make_store({"evidence/k.html": html})
    methods = store.resolve(anchor("evidence", "k.html", "Methods")).window
    results = store.resolve(anchor("evidence", "k.html", "results")).window
    assert methods is not None and "200 mg" in methods.text and "12.9" not in methods.text
    assert results is not None and "12.9 months" in results.text and "200 mg" not in results.text


def test_html_section_id_of_another_place_stays_two(make_store, anchor) -> None:
    # an id on an element that a different heading opens names that element, and the heading of
    # the same name elsewhere is a second place: ambiguous, as two same-level headings are
    html = ("<h1>T</h1><section id='results'><h2>Summary</h2><p>OS 12.9 months.</p></section>"
            "<h2>Results</h2><p>OS 9.9 months.</p>")
    store = make_store({"evidence/k.html": html})
    f = store.resolve(anchor("evidence", "k.html", "Results")).finding
    assert f.code == "locator_ambiguous" and "(#/T/Results (1), #/T/results (2))" in f.message, f.message
    assert store.resolve(anchor("evidence", "k.html", "Summary")).window.text == "Summary\nOS 12.9 months."


JATS = (
    "<article><front><article-meta><abstract><sec><title>Results</title><p>Persistence was 47%.</p></sec>"
    "</abstract></article-meta></front><body>"
    "<sec id='s2'><title>Methods</title><p>We identified 8420 adults.</p></sec>"
    "<sec id='s3'><title>Results</title><p>Persistence was 58%.</p>"
    "<sec id='s3-1'><title>Subgroups</title><p>Persistence was 39% at 65 or older.</p></sec></sec>"
    "<sec id='s4'><title>Discussion</title><p>Earlier: 32%.</p></sec></body></article>"
)


def test_xml_sections_by_title_and_id(make_store, anchor) -> None:
    # rt18d case12: a JATS <sec> is named by its <title> and its id, not only by its tag
    store = make_store({"pubmed/PMC1.xml": JATS})
    assert store.resolve(anchor("pmid", "PMC1", "Methods")).window.text == "Methods\nWe identified 8420 adults."
    body = store.resolve(anchor("pmid", "PMC1", "s3")).window.text
    assert "58%" in body and "39%" in body and "32%" not in body and "47%" not in body
    assert store.resolve(anchor("pmid", "PMC1", "body/Results")).window.text == body
    assert store.resolve(anchor("pmid", "PMC1", "Subgroups")).window.text == "Subgroups\nPersistence was 39% at 65 or older."
    # the abstract's and the body's: the body's is the shallower (rt19a case12)
    assert store.resolve(anchor("pmid", "PMC1", "Results")).window.text == body
    assert store.resolve(anchor("pmid", "PMC1", "abstract/Results")).window.text == "Results\nPersistence was 47%."
    f = store.resolve(anchor("pmid", "PMC1", "sec")).finding  # a tag three sections share at one depth
    assert f.code == "locator_ambiguous" and "article/body/sec at #L1-L1" in f.message


PLOS = (
    "<article>\n<front>\n<article-meta>\n"
    "<abstract>\n<p>Chemoprevention reduced incidence by 62%.</p>\n</abstract>\n"  # 4-6
    "<abstract abstract-type='summary'>\n<title>Author summary</title>\n<p>Malaria remains common.</p>\n</abstract>\n"
    "</article-meta>\n</front>\n<body>\n<sec id='s1'><title>Results</title><p>4212 were enrolled.</p></sec>\n"
    "</body>\n</article>\n"
)


def test_xml_tag_names_its_plain_element(make_store, anchor) -> None:
    # rt19a case60: <abstract> beside <abstract abstract-type="summary">: #abstract is the plain one
    store = make_store({"pubmed/P1.xml": PLOS})
    w = store.resolve(anchor("pmid", "P1", "abstract")).window
    assert w is not None and w.text == "Chemoprevention reduced incidence by 62%."
    assert store.resolve(anchor("pmid", "P1", "Author summary")).window.text == "Author summary\nMalaria remains common."


@pytest.mark.parametrize(
    "abstracts",
    [
        "<abstract abstract-type='toc'><p>A 1%.</p></abstract><abstract abstract-type='summary'><p>B 2%.</p></abstract>",
        "<abstract><p>A 1%.</p></abstract><abstract><p>B 2%.</p></abstract>",
    ],
)
def test_xml_tag_with_no_plain_element_is_ambiguous(make_store, anchor, abstracts) -> None:
    # no plain one (both typed, or neither): which is meant cannot be told; each is listed by its lines
    store = make_store({"pubmed/P2.xml": f"<article><front>{abstracts}</front><body><p>C 3%.</p></body></article>"})
    f = store.resolve(anchor("pmid", "P2", "abstract")).finding
    assert f.code == "locator_ambiguous" and "article/front/abstract at #L1-L1" in f.message, f.message


NUMBERED = (
    "A study\n"  # 1
    "\n"  # 2
    "2. Methods\n"  # 3
    "Patients received 40 mg weekly.\n"  # 4
    "\n"  # 5
    "3. Results\n"  # 6
    "A total of 312 patients were enrolled.\n"  # 7
    "\n"  # 8
    "3.1 Efficacy\n"  # 9
    "The response rate was 61%.\n"  # 10
    "\n"  # 11
    "3.2 Safety\n"  # 12
    "Grade 3 events occurred in 24%.\n"  # 13
    "\n"  # 14
    "4. Discussion\n"  # 15
    "Activity was durable in 80%.\n"  # 16
)


LABEL = (
    "HIGHLIGHTS OF PRESCRIBING INFORMATION\n"  # 1
    "These highlights do not include all the information.\n"  # 2
    "\n"  # 3
    "FULL PRESCRIBING INFORMATION: CONTENTS*\n"  # 4
    "1 INDICATIONS AND USAGE\n"  # 5
    "2 DOSAGE AND ADMINISTRATION\n"  # 6
    "6 ADVERSE REACTIONS\n"  # 7
    "6.1 Clinical Trials Experience\n"  # 8
    "\n"  # 9
    "FULL PRESCRIBING INFORMATION\n"  # 10
    "\n"  # 11
    "1 INDICATIONS AND USAGE\n"  # 12
    "The product is a kinase inhibitor indicated for adults.\n"  # 13
    "\n"  # 14
    "2 DOSAGE AND ADMINISTRATION\n"  # 15
    "The recommended dosage is 160 mg orally once daily.\n"  # 16
    "\n"  # 17
    "6 ADVERSE REACTIONS\n"  # 18
    "6.1 Clinical Trials Experience\n"  # 19
    "The most common adverse reactions were diarrhea (41%) and rash (34%).\n"  # 20
)


@pytest.mark.parametrize(
    "loc, first, last",
    [("Dosage and Administration", 15, 17), ("Adverse Reactions", 18, 20), ("Clinical Trials Experience", 19, 20),
     ("Indications and Usage", 12, 14)],
)
def test_table_of_contents_entry_is_no_section(make_store, anchor, loc, first, last) -> None:
    # rt19a case13: a label's contents list repeats its headings with no text under them
    store = make_store({"evidence/label.txt": LABEL})
    w = store.resolve(anchor("evidence", "label.txt", loc)).window
    assert w is not None and (w.line_start, w.line_end) == (first, last), loc


def test_headings_with_no_text_stay_when_no_other_has_text(make_store, anchor) -> None:
    # a lone heading with nothing under it is still its section; two of them are still two
    store = make_store({"evidence/a.txt": "OVERVIEW\nSome text here.\n\nNOTES\n\nAPPENDIX\nMore text.\n",
                        "evidence/b.txt": "CONTENTS\nSAFETY\nSAFETY\nEFFICACY\nThe rate was 3%.\n"})
    assert store.resolve(anchor("evidence", "a.txt", "Notes")).window.line_start == 4
    assert store.resolve(anchor("evidence", "b.txt", "Safety")).finding.code == "locator_ambiguous"


@pytest.mark.parametrize(
    "loc, first, last",
    [("Results", 6, 14), ("Efficacy", 9, 11), ("Safety", 12, 14), ("Methods", 3, 5), ("Results/Safety", 12, 14)],
)
def test_plain_text_numbered_section_runs_over_its_subsections(make_store, anchor, loc, first, last) -> None:
    # rt18d case13: "3. Results" stopped at "3.1 Efficacy"; its subsections are part of it
    store = make_store({"pubmed/2.txt": NUMBERED})
    w = store.resolve(anchor("pmid", "2", loc)).window
    assert (w.line_start, w.line_end) == (first, last), loc


def test_printed_page_numbers(make_store, anchor) -> None:
    # rt18d case02: an excerpt whose markers print "Page 12".."Page 14": p13 is printed page 13
    text = "Page 12\nRenal dose 200 mg.\nPage 13\nHepatic dose 100 mg.\nPage 14\nInteractions 50 mg.\n"
    footers = "Intro 1 mg.\nmore\nmore\n- 12 -\nnext 2 mg.\n- 13 -\n"
    store = make_store({"guidelines/e.txt": text, "guidelines/f.txt": footers, "guidelines/g.txt": footers + "cover 3 mg.\n"})
    assert store.resolve(anchor("guideline", "e", "p13")).window.text == "Page 13\nHepatic dose 100 mg."
    assert store.resolve(anchor("guideline", "e", "p12-p13")).window.text.count("mg") == 2
    for loc in ("p1", "p3", "p15", "p11-p12"):
        f = store.resolve(anchor("guideline", "e", loc)).finding
        assert f is not None and f.code == "locator_out_of_range" and "12-14" in f.message, loc
    # footers: a marker closes its page
    assert store.resolve(anchor("guideline", "f", "p13")).window.text == "next 2 mg.\n- 13 -"
    assert store.resolve(anchor("guideline", "f", "p12")).window.text.startswith("Intro 1 mg.")
    assert store.resolve(anchor("guideline", "f", "p1")).finding.code == "locator_out_of_range"
    # a footer lost in conversion (rt19a case14): the page it closed ran on into the next footer's
    lost = "Synopsis.\nSponsor.\nSites.\nPage 1\nEndpoint.\nPage 2\nMedian 11.2 months.\n\nSAE 21.3%.\nPage 4\nStopped 9.1%.\nPage 5\n"
    heads = "Page 1\nEndpoint.\nPage 2\nMedian 11.2 months.\nSAE 21.3%.\nPage 4\nStopped 9.1%.\nPage 5\nEnd.\n"
    store = make_store({"evidence/csr.txt": lost, "evidence/hdr.txt": heads})
    assert store.resolve(anchor("evidence", "csr.txt", "p3")).window.text == "Median 11.2 months.\n\nSAE 21.3%.\nPage 4"
    assert store.resolve(anchor("evidence", "csr.txt", "p2-p3")).window.text.startswith("Endpoint.")
    assert store.resolve(anchor("evidence", "csr.txt", "p4")).window.text == "Median 11.2 months.\n\nSAE 21.3%.\nPage 4"
    for loc in ("p6", "p0", "p4-p3"):
        f = store.resolve(anchor("evidence", "csr.txt", loc)).finding
        assert f is not None and f.code == "locator_out_of_range" and "1-5" in f.message, loc
    # headers: a lost header's page ran on under the header before it
    assert store.resolve(anchor("evidence", "hdr.txt", "p3")).window.text == "Page 2\nMedian 11.2 months.\nSAE 21.3%."
    assert store.resolve(anchor("evidence", "hdr.txt", "p6")).finding.code == "locator_out_of_range"
    # rt20 L1: "Page 12" then "Page 20": pages left out of the excerpt, not one lost footer
    gap = ("STUDY REPORT EXCERPT\n\nThe primary endpoint was PFS.\nMedian PFS was 11.2 months.\nPage 12\n\n"
           "Median overall survival was 18.5 months.\nPage 20\n\nSerious adverse events occurred in 41% of patients.\nPage 21\n")
    store = make_store({"evidence/gap.txt": gap})
    for loc in ("p15", "p13", "p19"):
        f = store.resolve(anchor("evidence", "gap.txt", loc)).finding
        assert f is not None and f.code == "locator_out_of_range", loc
    assert "18.5" in store.resolve(anchor("evidence", "gap.txt", "p20")).window.text
    # text after the last footer: headers under a cover page, or footers? The pages are counted
    assert store.resolve(anchor("guideline", "g", "p3")).window.text == "cover 3 mg."
    f = store.resolve(anchor("guideline", "g", "p13")).finding
    assert f.code == "locator_out_of_range" and "counted in file order: its page markers print 12-13" in f.message
    # rt21b case4: the text after the last footer, shorter than a whole page, is the next page cut before its
    # footer: the printed numbers hold, and it is the page after the last one printed
    cut = ("Guideline 2024\nRegimens include two drugs.\nLoading dose 8 mg/kg.\nPage 12\nLoading dose 840 mg.\n"
           "Monitoring every 3 months.\nPage 13\nHeld below 50%\nwith a decrease of 10%.\nPage 14\nOther 3.6 mg/kg.\n")
    store = make_store({"guidelines/cut.txt": cut})
    assert store.resolve(anchor("guideline", "cut", "p13")).window.text.startswith("Loading dose 840 mg.")
    assert "840" not in store.resolve(anchor("guideline", "cut", "p12")).window.text
    assert store.resolve(anchor("guideline", "cut", "p15")).window.text == "Other 3.6 mg/kg."
    for loc in ("p4", "p16", "p11"):
        assert store.resolve(anchor("guideline", "cut", loc)).finding.code == "locator_out_of_range", loc
    # rt22b p01-p05: a cover, then "Page 2".."Page 4" opening their pages, the last one short: headers
    report = ("Biosimilars Market Report 2024\nPrepared by an analytics firm\nConfidential - for client use only\n\n"
              "Page 2\nExecutive summary\nThe market reached USD 8.4 billion in 2023.\nOne class held 31% of it.\n"
              "Europe remained the largest region.\n\nPage 3\nRegional outlook\nNorth American sales grew 18%.\n"
              "Another class held a 24% share.\nPrice erosion averaged 12%.\n\nPage 4\nMethodology\n"
              "Data were drawn from 42 markets.\n")
    store = make_store({"evidence/reports/onco.txt": report})
    assert "18%" in store.resolve(anchor("evidence", "reports/onco.txt", "p3")).window.text
    assert "8.4 billion" not in store.resolve(anchor("evidence", "reports/onco.txt", "p3")).window.text
    assert "8.4 billion" in store.resolve(anchor("evidence", "reports/onco.txt", "p2")).window.text
    assert "42 markets" in store.resolve(anchor("evidence", "reports/onco.txt", "p4")).window.text
    assert store.resolve(anchor("evidence", "reports/onco.txt", "p1")).window.text.startswith("Biosimilars Market")
    f = store.resolve(anchor("evidence", "reports/onco.txt", "p5")).finding
    assert f is not None and f.code == "locator_out_of_range"
