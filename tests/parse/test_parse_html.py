"""HTML reports: visible body only, blocks, tables, Mermaid, line numbers, section paths."""

from __future__ import annotations

import pytest

from citeproof.parse import parse_report
from citeproof.settings import Settings

SETTINGS = Settings()

PAGE = """<!doctype html>
<html>
<head><title>Title 11%</title>
<script>var s = "<p>Script 12 mg</p>";</script>
<style>p::before { content: "Style 13%"; }</style>
</head>
<body>
<header><p>Header 14 items</p></header>
<nav><ul><li>Nav 15 links</li></ul></nav>
<nav>Nav 16 notes (an aside is read: tests below)</nav>
<noscript></noscript>
<template><p>Template 18</p></template>
<!-- <p>Comment 19%</p> -->
<h1>Report</h1>
<h2>Efficacy</h2>
<p>The response rate was <b>45%</b> in Arm A. [nct:NCT00000001#L3]
It was higher than placebo <a href="https://pubmed.example.org/123/">PubMed</a>.</p>
<p hidden>Hidden 20%.</p>
<p style="color: red; display : none">Hidden 21%.</p>
<p style="visibility:hidden">Hidden 22%.</p>
<div class="d-none"><p>Hidden 23%.</p></div>
<p>Visible <span class="sr-only">Hidden 24%</span>text with 25 cases.</p>
<h3>Table</h3>
<table>
<thead><tr><th>Arm</th><th>Dose</th><th>ORR</th></tr></thead>
<tbody>
<tr><td>Arm A</td><td>200 mg/day</td><td>12% [nct:NCT1#Results]</td></tr>
<tr>
  <td>Arm B</td>
  <td>100 mg/day</td>
  <td>8%</td>
</tr>
</tbody>
</table>
<h2>Safety</h2>
<ul>
  <li>Nausea in 3 patients
    <ul><li>Grade 2 in 1 patient</li></ul>
  </li>
</ul>
<footer><p>Footer 2024</p></footer>
</body>
</html>
"""


@pytest.fixture(scope="module")
def report():
    return parse_report(PAGE, "html", SETTINGS)


def test_invisible_content_is_never_claimed(report) -> None:
    everything = " ".join(c.raw_text for c in report.claims) + " ".join(b.text for b in report.blocks)
    for word in ("Title", "Script", "Style", "Header", "Nav", "Noscript", "Template", "Comment",
                 "Hidden", "Footer"):
        assert word not in everything, word


@pytest.mark.parametrize(
    ("markup", "why"),
    [
        ("<noscript>Noscript 17 [nct:NCT1#L1]</noscript>", "scripts are off"),
        ("<noscript><p>Noscript 17 [nct:NCT1#L1]</p></noscript>", "scripts are off"),
        ('<div class="sr-only"><p>Noscript 17 [nct:NCT1#L1]</p></div>', "screen readers"),
        ('<span class="sr-only">Noscript 17 [nct:NCT1#L1]</span>', "screen readers"),
    ],
)
def test_text_only_some_readers_get_is_read_but_unsure(markup, why) -> None:
    # shown to readers without scripts, or read aloud: checked like any text, never passed
    html = f"<html><body><h1>R</h1><p>Rates were 12% [nct:NCT1#L1].</p>\n{markup}\n<p>Done.</p></body></html>"
    report = parse_report(html, "html", SETTINGS)
    (claim,) = [c for c in report.claims if "Noscript" in c.text]
    assert claim.text == "Noscript 17" and claim.location.line == 2
    assert claim.unsure_text and why in claim.unsure_text[0]
    assert [(c.text, c.unsure_text) for c in report.claims if "Noscript" not in c.text] == [("Rates were 12%.", ())]


def test_visible_text_is_claimed(report) -> None:
    texts = [c.text for c in report.claims]
    assert texts == [
        "The response rate was 45% in Arm A.",
        "It was higher than placebo PubMed.",
        "Visible text with 25 cases.",
        "Arm A | 200 mg/day | 12%",
        "Arm B | 100 mg/day | 8%",
        "Nausea in 3 patients",
        "Grade 2 in 1 patient",
    ]


def test_line_numbers(report) -> None:
    # a row's line is its <tr>; a sentence's line is where it starts
    assert [c.location.line for c in report.claims] == [16, 17, 22, 27, 28, 37, 38]


def test_section_paths(report) -> None:
    paths = {c.text: c.location.section_path for c in report.claims}
    assert paths["The response rate was 45% in Arm A."] == ("Report", "Efficacy")
    assert paths["Arm A | 200 mg/day | 12%"] == ("Report", "Efficacy", "Table")
    assert paths["Nausea in 3 patients"] == ("Report", "Safety")


def test_tables_one_claim_per_row(report) -> None:
    rows = [c for c in report.claims if c.unit == "table_row"]
    assert len(rows) == 2
    assert [a.raw for a in rows[0].anchors] == ["nct:NCT1#Results"]
    assert rows[0].raw_text == "Arm A | 200 mg/day | 12% [nct:NCT1#Results]"
    header = [b for b in report.blocks if b.kind == "header_row"]
    assert [b.text for b in header] == ["Arm | Dose | ORR"]


def test_links_are_url_anchors_of_their_sentence(report) -> None:
    first, second = report.claims[:2]
    assert [a.kind for a in first.anchors] == ["nct"]
    assert [(a.kind, a.source_id) for a in second.anchors] == [("url", "https://pubmed.example.org/123/")]


def test_blocks_hold_every_visible_block(report) -> None:
    kinds = [b.kind for b in report.blocks]
    assert kinds.count("heading") == 4
    assert "p" in kinds and "li" in kinds and "tr" in kinds


def test_total_sentences_counts_every_visible_unit(report) -> None:
    assert report.total_sentences == 7


@pytest.mark.parametrize(
    "html",
    [
        "",
        "<p>unclosed <b>bold <i>x</b> 5%</i>",
        "<table><td>9</td><p>z</table></p></div></span>",
        "<html><frameset></frameset></html>",
        "<<<>>> </p></li> &bogus; <p 5%",
        "<div>" * 5000 + "deep 7%" + "</div>" * 10,
        "<p>\x00null 3%</p>",
        "<svg><p>4%</p></svg><math><mi>x</mi></math>",
    ],
)
def test_malformed_html_does_not_crash(html: str) -> None:
    report = parse_report(html, "html", SETTINGS)
    assert report.format == "html"


def test_deeply_nested_text_is_still_read() -> None:
    report = parse_report("<div>" * 3000 + "The rate was 7%." + "</div>" * 3000, "html", SETTINGS)
    assert [c.text for c in report.claims] == ["The rate was 7%."]


@pytest.mark.parametrize(
    ("tag", "attrs"),
    [
        ('<div class="mermaid" data-chart="x">', {"class": "mermaid", "data-chart": "x", "tag": "div"}),
        ('<div id="d1" class="chart mermaid big" style="width:100%">', {"id": "d1", "class": "chart mermaid big", "style": "width:100%", "tag": "div"}),
        ('<pre class="mermaid">', {"class": "mermaid", "tag": "pre"}),
    ],
)
def test_mermaid_any_attributes(tag: str, attrs: dict[str, str]) -> None:
    close = "</pre>" if tag.startswith("<pre") else "</div>"
    html = (
        "<h2>Pathway</h2>\n<p>Rates were 45%. [nct:NCT1#L3]</p>\n"
        f"{tag}graph TD\n%% source [nct:NCT2#L4]\nA[Dose 200 mg]--&gt;B[Rate 45%]\n{close}\n<p>After.</p>"
    )
    report = parse_report(html, "html", SETTINGS)
    (m,) = report.mermaid
    assert m.attributes == attrs
    assert m.source.startswith("graph TD") and "A[Dose 200 mg]-->B[Rate 45%]" in m.source
    assert [a.raw for a in m.declared_anchors] == ["nct:NCT2#L4"]
    assert m.preceding_anchor is not None and m.preceding_anchor.raw == "nct:NCT1#L3"
    assert m.location.line == 3 and m.location.section_path == ("Pathway",)
    assert all("200 mg" not in c.text for c in report.claims if c.unit != "mermaid_label"), "diagram text is not prose"
    labels = [(c.text, [a.raw for a in c.anchors], c.location.line) for c in report.claims if c.unit == "mermaid_label"]
    # B is drawn after A: read after it (the dose a rate follows is part of what the box says)
    assert labels == [("Dose 200 mg", ["nct:NCT2#L4"], 3), ("Dose 200 mg: Rate 45%", ["nct:NCT2#L4"], 3)]


def test_pre_code_language_mermaid() -> None:
    report = parse_report('<pre><code class="language-mermaid">graph LR\nA--&gt;B</code></pre>', "html", SETTINGS)
    assert [m.source for m in report.mermaid] == ["graph LR\nA-->B"]


def test_line_numbers_skip_tags_in_comments_and_scripts() -> None:
    html = "<!--\n<p>x</p>\n-->\n<script>\n'<p>'\n</script>\n<p>The rate was 7%.</p>"
    (claim,) = parse_report(html, "html", SETTINGS).claims
    assert claim.location.line == 7


def test_a_word_split_by_dropped_markup_does_not_place_its_text_at_a_later_copy() -> None:
    # found by the any-input property test: "]</>Rat" reads "]Rat", whose first copy in the file is on
    # line 2, so the block was placed there and its second sentence on line 3 of a 2-line file
    html = "]</>Rat \n。]Rat%"
    assert [c.location.line for c in parse_report(html, "html", SETTINGS).claims] == [2]


def test_sentence_lines_inside_a_multiline_paragraph() -> None:
    html = "<p>\nFirst fact 1%.\nSecond fact 2%.\n\nThird fact 3%.</p>"
    lines = [c.location.line for c in parse_report(html, "html", SETTINGS).claims]
    assert lines == [2, 3, 5]


def test_an_aside_call_out_is_claimed() -> None:
    # red-team finding: a "Key takeaway" <aside> stating a fabricated 62% was never checked
    html = "<h2>Efficacy</h2><p>The response rate was 45% [nct:NCT1#Results].</p><aside>Key takeaway: a 62% response rate.</aside>"
    assert [c.text for c in parse_report(html, "html", SETTINGS).claims] == [
        "The response rate was 45%.", "Key takeaway: a 62% response rate."]


def test_source_list_sections() -> None:
    html = "<h2>Findings</h2><p>Rate was 7%.</p><h2>References</h2><ol><li>Trial of 200 patients.</li></ol>"
    report = parse_report(html, "html", SETTINGS)
    assert [c.in_source_list for c in report.claims] == [False, True]


def test_a_measured_figure_under_an_appendix_or_sources_heading_is_a_claim() -> None:
    # red-team finding: a fabricated 62% placed under "Annex 1", "Appendix A" or 数据来源 was never checked
    html = (
        "<h2>Annex 1: Efficacy tables</h2><p>The objective response rate was 62%.</p>"
        "<h2>数据来源</h2><p>客观缓解率为62%。</p>"
        "<h2>References</h2><ol><li>Smith J et al. A trial of 200 patients. Lancet 2020;395:123-30.</li>"
        "<li>Jones K. Outcomes in 2019. PMID 31234567.</li></ol>"
    )
    report = parse_report(html, "html", SETTINGS)
    listed = {c.text: c.in_source_list for c in report.claims}
    assert listed["The objective response rate was 62%."] is False
    assert listed["客观缓解率为62%。"] is False
    references = [v for k, v in listed.items() if k.startswith(("Smith", "Lancet", "Jones", "PMID"))]
    assert len(references) == 4 and all(references)  # a count, a year, pages, an id: still a listing


def test_lines_of_loose_text_misnested_and_uppercase_markup() -> None:
    html = (
        "<HTML><BODY>\n<H1>Top</H1>\n<P\n  class=\"x\">The rate was 5%.</P>\n<b>loose <i>text 6%.</b></i>\n"
        "<table><td>cell 8%</td></table>\n<ul><li>one 1%<li>two 2%</ul>\n<p>unclosed 4%.\n"
        "<div><p>x</p>\ntail 5% here</div>\n<p>a &amp; b 6%</p>\n</BODY></HTML>"
    )
    got = [(c.location.line, c.text) for c in parse_report(html, "html", SETTINGS).claims]
    assert got == [
        (4, "The rate was 5%."),
        (5, "loose text 6%."),
        (6, "cell 8%"),
        (7, "one 1%"),
        (7, "two 2%"),
        (8, "unclosed 4%."),
        (10, "tail 5% here"),
        (11, "a & b 6%"),
    ]


def test_template_content_does_not_shift_lines() -> None:
    html = "<template>\n<p>inert 1%</p>\n</template>\n<p>The rate was 7%.</p>"
    (claim,) = parse_report(html, "html", SETTINGS).claims
    assert claim.location.line == 4


def test_many_unclosed_comments_and_scripts_stay_linear() -> None:
    import time

    html = "<p>The rate was 7%.</p>\n" + "<!-- x <script> y " * 20000
    t0 = time.process_time()
    report = parse_report(html, "html", SETTINGS)
    assert time.process_time() - t0 < 2.0
    assert [c.text for c in report.claims] == ["The rate was 7%."]


def test_parser_invented_elements_stay_linear() -> None:
    import time

    html = "<p>The rate was 7%.</p>\n" + "</p>" * 20000 + "<table>" + "<td>1</td>" * 2000
    t0 = time.process_time()
    report = parse_report(html, "html", SETTINGS)
    assert time.process_time() - t0 < 3.0
    assert report.claims[0].text == "The rate was 7%."


PANDOC_NOTE = (
    '<p>305 patients were randomly assigned.<a href="#fn1" class="footnote-ref" role="doc-noteref"><sup>1</sup></a></p>'
    '<section class="footnotes" role="doc-endnotes"><hr><ol><li id="fn1"><p>{note}'
    '<a href="#fnref1" class="footnote-back" role="doc-backlink">↩︎</a></p></li></ol></section>'
)


@pytest.mark.parametrize(
    ("note", "cited"),
    [
        ("[nct:NCT00000001#Results]", "nct:NCT00000001#Results"),
        ('<a href="https://registry.example.org/study/1">Registry record</a>', "https://registry.example.org/study/1"),
        ('<a href="https://journal.example.org/PIIS1470-2045(20)30001-1/fulltext">Reck M, et al. 2020.</a>',
         "https://journal.example.org/PIIS1470-2045(20)30001-1/fulltext"),
    ],
    ids=["anchor", "link", "link-with-parentheses"],
)
def test_an_html_note_of_citations_only_cites_at_its_reference(note, cited) -> None:
    # rt13d: pandoc's notes left the sentence uncited, its "1" read as a number, and the notes
    # section blocked CP201 as a source inventory
    parsed = parse_report(PANDOC_NOTE.format(note=note), "html", Settings())
    assert [(c.text, [a.raw for a in c.anchors]) for c in parsed.claims] == [("305 patients were randomly assigned.", [cited])]
    assert not any("fnref" in b.text or "Registry record" in b.text for b in parsed.blocks)


def test_a_note_in_a_references_list_that_a_mark_points_to_cites_there() -> None:
    html = ('<p>305 patients were randomly assigned.<sup><a href="#r1">1</a></sup></p><h2>References</h2>'
            '<ol><li id="r1"><a href="https://registry.example.org/study/1">Registry record.</a></li></ol>')
    (claim,) = parse_report(html, "html", Settings()).claims
    assert [a.raw for a in claim.anchors] == ["https://registry.example.org/study/1"]


def test_a_note_that_says_more_is_read_in_place_and_its_mark_cites_what_it_cites() -> None:
    # red team rt34b m2: the mark's sentence failed missing_anchor though its note cites a source
    html = PANDOC_NOTE.format(note="The rate was later revised to 7% [nct:NCT00000001#Results].")
    parsed = parse_report(html, "html", Settings())
    texts = {c.text: [a.raw for a in c.anchors] for c in parsed.claims}
    # the note's back-link "↩︎" is navigation, not part of its sentence
    assert texts == {"305 patients were randomly assigned.": ["nct:NCT00000001#Results"],
                     "The rate was later revised to 7%.": ["nct:NCT00000001#Results"]}


def test_a_mark_to_a_note_without_a_citation_or_to_no_note_cites_nothing() -> None:
    html = (PANDOC_NOTE.format(note="The rate was later revised to 7% at the final analysis.")
            + '<p>12 patients relapsed.<sup><a href="#fn9">9</a></sup></p>')
    parsed = parse_report(html, "html", Settings())
    assert {c.text: [a.raw for a in c.anchors] for c in parsed.claims} == {
        "305 patients were randomly assigned.^1": [], "The rate was later revised to 7% at the final analysis.": [],
        "12 patients relapsed.^9": []}


def test_an_in_page_link_to_a_plain_item_is_not_a_note() -> None:
    html = ('<p>See the dosing list<a href="#d1">.</a> Patients received 200 mg [nct:NCT00000001#L2].</p>'
            '<ol><li id="d1">Cycle 1: 200 mg daily.</li></ol>')
    parsed = parse_report(html, "html", Settings())
    assert any(c.text.startswith("Cycle 1: 200 mg daily") for c in parsed.claims)


@pytest.mark.parametrize(
    "fmt, text",
    [
        ("html", '<p>Free accounts may send 200 requests per minute (<a href="https://x.example/limits">the <b>limits</b> page</a>).</p>'),
        ("markdown", "Free accounts may send 200 requests per minute ([the **limits** page](https://x.example/limits))."),
        ("markdown", 'Free accounts may send 200 requests per minute (<a href="https://x.example/limits">the limits page</a>).'),
    ],
)
def test_a_url_link_keeps_its_text_as_the_claims_citation_label(fmt: str, text: str) -> None:
    (claim,) = parse_report(text, fmt, Settings()).claims
    assert claim.link_labels == ("the limits page",)
    assert claim.anchors[0].source_id.startswith("https://x.example/limits")


def test_a_table_row_link_and_an_in_page_link_carry_no_label() -> None:
    report = "| Plan | Limit |\n|---|---|\n| Free | 200 [docs](https://x.example/limits) |\n\nSee [below](#notes) for 200 more.\n"
    claims = parse_report(report, "markdown", Settings()).claims
    assert [c.link_labels for c in claims] == [(), ()]


# --- labels that lead what follows them without a colon (rt34b) --------------------------------

_LABELLED = """<html><body><h1>R</h1>
<table><caption>Control arm outcomes</caption>
<tr><th>Endpoint</th><th>Result</th></tr>
<tr><td>Median PFS</td><td>11.2 months [evidence:t.md#L1]</td></tr></table>
<table><tr><th>Endpoint</th><th>Result</th></tr>
<tr><td>Overall ORR</td><td>31% [evidence:t.md#L1]</td></tr></table>
<dl><dt>Arm B</dt><dd>Median OS was 20.1 months [evidence:t.md#L1].</dd></dl>
<details open><summary>Arm A</summary><p>Median OS was 18.3 months [evidence:t.md#L1].</p></details>
<p>Median DOR was 9.0 months [evidence:t.md#L1].</p>
<table><tr><th colspan="2">Control arm</th></tr>
<tr><td>Grade 3 events</td><td>29% [evidence:t.md#L1]</td></tr>
<tr><th colspan="2">Arm A</th></tr>
<tr><td>Grade 4 events</td><td>8% [evidence:t.md#L1]</td></tr></table>
</body></html>"""


def test_a_caption_dt_summary_and_title_row_lead_what_they_label():
    lead = {c.text: c.lead_in for c in parse_report(_LABELLED, "html", SETTINGS).claims if c.anchors}
    assert lead["Median PFS | 11.2 months"] == ("Control arm outcomes",)
    assert lead["Median OS was 20.1 months."] == ("Arm B",)
    assert lead["Median OS was 18.3 months."] == ("Arm A",)
    # a title row leads the rows under it, up to the next title row
    assert lead["Grade 3 events | 29%"] == ("Control arm",)
    assert lead["Grade 4 events | 8%"] == ("Arm A",)


def test_a_caption_leads_its_own_table_and_a_dt_the_one_paragraph_after_it():
    lead = {c.text: c.lead_in for c in parse_report(_LABELLED, "html", SETTINGS).claims if c.anchors}
    assert lead["Overall ORR | 31%"] == ()
    assert lead["Median DOR was 9.0 months."] == ()


def _claims_of(html: str):
    return parse_report(html, "html", Settings()).claims


def test_unsure_text_left_out_is_put_back_where_it_stood_for_the_second_reading():
    (claim,) = _claims_of('<p>The rate was 4<span style="opacity:0">5</span>% in Arm A [evidence:s.md#L1].</p>')
    assert claim.text == "The rate was 4% in Arm A."
    assert claim.text_with_unsure == "The rate was 45% in Arm A."


def test_each_sentence_gets_back_only_the_unsure_text_it_lost():
    first, second = _claims_of(
        '<p>The rate was 45% in Arm A. It was 3<span style="opacity:0">0</span>% in Arm B [evidence:s.md#L1].</p>'
    )
    assert first.text_with_unsure == ""
    assert second.text_with_unsure == "It was 30% in Arm B."


def test_a_sentence_with_nothing_left_out_has_no_second_reading():
    (claim,) = _claims_of("<p>The rate was 45% in Arm A [evidence:s.md#L1].</p>")
    assert claim.text_with_unsure == ""
