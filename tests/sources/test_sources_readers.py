"""Readers: visible lines, sections, pages and tables per media type."""

from __future__ import annotations

import json

import pytest

from citeproof.sources.readers import UnreadableSource, read_html, read_json, read_markdown, read_plain_text, read_xml

# A small record shaped like the ClinicalTrials.gov JSON used in NLI4CT (own text, not the corpus).
CT_RECORD = {
    "Clinical Trial ID": "NCT00000042",
    "Intervention": ["INTERVENTION 1: ", "  Arm A", "  Study drug A 20 mg/m2 weekly", "INTERVENTION 2: ", "  Arm B"],
    "Eligibility": ["Inclusion Criteria:", "  age 18 years or older", "Exclusion Criteria:", "  prior therapy"],
    "Results": [
        "Outcome Measurement: ",
        "  Objective Response Rate",
        "  Time frame: 6 months",
        "Results 1: ",
        "  Overall Number of Participants Analyzed: 52",
        "  Unit of Measure: percentage of participants  31.0        (18.9 to 43.1)",
    ],
    "Adverse Events": ["Adverse Events 1:", "  Total: 11/52 (21.15%)", "  Nausea 3/52 (5.77%)"],
}


# ------------------------------------------------------------------ JSON


def test_ct_json_sections_map_items_to_lines() -> None:
    r = read_json(json.dumps(CT_RECORD))
    assert list(r.sections) == ["Clinical Trial ID", "Intervention", "Eligibility", "Results", "Adverse Events"]
    # each list item is exactly one line, so item k of a section is line first + k
    for key, value in CT_RECORD.items():
        first, last = r.sections[key]
        items = value if isinstance(value, list) else [value]
        assert last - first + 1 == len(items)
        for k, item in enumerate(items):
            shown = " ".join(item.split())
            assert r.lines[first - 1 + k] == (shown if isinstance(value, list) else f"{key}: {shown}")
    assert r.sections["Clinical Trial ID"] == (1, 1) and r.lines[0] == "Clinical Trial ID: NCT00000042"


def test_json_nested_keys_are_dotted_paths_and_parents_span_children() -> None:
    r = read_json(json.dumps({"title": "T", "results": {"primary": ["p1", "p2"], "secondary": {"a": 1.5, "b": True}}}))
    assert r.sections["results.primary"] == (2, 3)
    assert r.sections["results.secondary.a"] == (4, 4) and r.lines[3] == "results › secondary › a: 1.5"
    assert r.sections["results.secondary"] == (4, 5)
    assert r.sections["results"] == (2, 5)


def test_json_multiline_string_and_list_items_with_newlines() -> None:
    r = read_json(json.dumps({"abstract": "line one\nline two", "items": ["a\nb", "c"]}))
    assert r.sections["abstract"] == (1, 2)
    assert r.sections["items"] == (3, 4) and r.lines[2] == "a b"  # one item stays one line


def test_json_list_of_objects_is_pretty_printed_in_its_section() -> None:
    r = read_json(json.dumps({"arms": [{"name": "A", "n": 10}]}))
    first, last = r.sections["arms"]
    assert '"name": "A",' in r.lines[first - 1 : last]


def test_json_empty_values_make_no_section() -> None:
    r = read_json(json.dumps({"a": [], "b": {}, "c": ["x"]}))
    assert list(r.sections) == ["c"] and r.lines == ["x"]


def test_non_object_json_is_pretty_printed() -> None:
    r = read_json(json.dumps([{"k": 1}, 2]))
    assert r.sections == {} and r.lines[0] == "[" and '"k": 1' in r.lines


def test_invalid_json() -> None:
    with pytest.raises(UnreadableSource, match="invalid JSON at line 1 column"):
        read_json("{oops")


def test_json_values_are_normalised() -> None:
    r = read_json(json.dumps({"n": ["１２０ mg  daily"]}))
    assert r.lines == ["120 mg daily"]


# ------------------------------------------------------------------ plain text


def test_plain_text_lines_match_the_file() -> None:
    r = read_plain_text("first\r\nsecond  line\rthird\n")
    assert r.lines == ["first", "second line", "third"]


def test_plain_text_headings_become_sections() -> None:
    text = "Title of paper\nABSTRACT\nSome text.\nMethods:\nWe enrolled 40.\nRESULTS: In total 40 were analysed.\nMore.\n3. Discussion\nEnd.\n"
    r = read_plain_text(text)
    # an abstract that opens with prose ends at the next heading, a label or not
    assert r.sections == {"ABSTRACT": (2, 3), "Methods": (4, 5), "RESULTS": (6, 7), "Discussion": (8, 9)}


@pytest.mark.parametrize("line", ["Stop the tablets", "Starting dose 12.5 mg", "Dose: 10 mg", "NCT00000042", "HR 0.75"])
def test_ordinary_lines_are_not_headings(line) -> None:
    assert read_plain_text(f"Intro\n{line}\nmore\n").sections == {}


def test_form_feeds_mark_pages() -> None:
    r = read_plain_text("p1 a\np1 b\n\fp2 a\np2 b\fp3?\n\np3 b\n")
    # "\f" at a line start starts the page there; mid-line it starts the page at that line
    assert r.pages == ((1, 2), (3, 3), (4, 6))
    assert "\f" not in "".join(r.lines)
    assert len(r.lines) == 6  # form feeds never add or remove lines


def test_page_markers_as_footers() -> None:
    r = read_plain_text("Intro text\nmore text\nand more\nPage 1 of 2\nsecond page\n- 2 -\n")
    assert r.pages == ((1, 4), (5, 6))


def test_page_markers_as_headers() -> None:
    r = read_plain_text("Page 1\nfirst page\nPage 2\nsecond page\n第3页\nthird\n")
    assert r.pages == ((1, 2), (3, 4), (5, 6))


def test_no_pages_without_markers() -> None:
    assert read_plain_text("a\nb\n").pages == ()


def test_text_table_caption_runs_to_blank_line() -> None:
    r = read_plain_text("Intro.\nTable 1. Baseline\nage 50\nweight 70\n\nTable 2: Outcomes\n\nrate 10%\nTable 3\n")
    assert r.tables == {1: (2, 4), 2: (6, 8), 3: (9, 9)}


# ------------------------------------------------------------------ Markdown


def test_markdown_headings_nest_by_level() -> None:
    md = "# Title\nintro\n## Results\ntext\n### Primary\np\n### Secondary\ns\n## Discussion\nd\n"
    r = read_markdown(md)
    assert r.sections["Results"] == (3, 8)
    assert r.sections["Primary"] == (5, 6)
    assert r.sections["Secondary"] == (7, 8)
    assert r.sections["Discussion"] == (9, 10)
    assert r.sections["Title"] == (1, 10)
    assert r.title == "Title"


def test_markdown_fenced_hash_is_not_a_heading_and_setext_is() -> None:
    r = read_markdown("Overview\n========\ntext\n```\n# not a heading\n```\nSub\n---\nx\n")
    assert set(r.sections) == {"Overview", "Sub"}
    assert r.sections["Sub"] == (7, 9)


def test_markdown_pipe_tables_are_numbered_without_captions() -> None:
    r = read_markdown("# T\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\ntext\n\n| c |\n|---|\n")
    assert r.tables == {1: (3, 5), 2: (9, 10)}


def test_markdown_caption_above_table() -> None:
    r = read_markdown("**Table 2.** Outcomes\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nafter\n")
    assert r.tables == {2: (1, 5)}


# ------------------------------------------------------------------ HTML

HTML = """<!doctype html><html><head><title>Page title</title><style>p{}</style></head>
<body>
<nav>Home | About</nav><header>Site header</header>
<script>var x = "invisible";</script>
<div class="cookie" hidden>Accept cookies</div>
<p style="display: none">hidden by style</p>
<span aria-hidden="true">icon</span>
<h1>Guideline</h1>
<p>The usual dose is <b>200 mg</b>/day.<br>Second line.</p>
<h2>Dosing</h2>
<ul><li>Start low.</li><li>Go slow.</li></ul>
<table><caption>Table 1. Arms</caption><tr><th>Arm</th><th>N</th></tr><tr><td>A</td><td>10</td></tr></table>
<h2>Safety</h2>
<table><tr><td>AE</td><td>5%</td></tr></table>
<pre>line one
line two</pre>
<footer>Footer text</footer>
</body></html>"""


def test_html_visible_text_only() -> None:
    r = read_html(HTML)
    text = "\n".join(r.lines)
    for invisible in ("Home", "Site header", "invisible", "Accept cookies", "hidden by style", "icon", "Footer", "p{}"):
        assert invisible not in text
    assert r.lines[:6] == [
        "Guideline",
        "The usual dose is 200 mg/day.",
        "Second line.",
        "Dosing",
        "Start low.",
        "Go slow.",
    ]
    assert "Arm | N" in r.lines and "A | 10" in r.lines
    assert r.lines[-2:] == ["line one", "line two"]
    assert r.title == "Page title"


def test_html_headings_are_sections_and_tables_numbered() -> None:
    r = read_html(HTML)
    first, last = r.sections["Dosing"]
    assert r.lines[first - 1] == "Dosing" and r.lines[last - 1] == "A | 10"
    assert r.sections["Guideline"] == (1, len(r.lines))
    t1 = r.tables[1]
    assert r.lines[t1[0] - 1] == "Table 1. Arms"
    t2 = r.tables[2]
    assert r.lines[t2[0] - 1] == "AE | 5%"


def test_html_deep_nesting_does_not_recurse() -> None:
    deep = "<div>" * 5000 + "deep text" + "</div>" * 5000
    assert read_html(deep).lines == ["deep text"]


# ------------------------------------------------------------------ XML


def test_xml_element_text_per_line_and_tags_as_sections() -> None:
    xml = (
        "<?xml version='1.0'?><PubmedArticle><ArticleTitle>A trial</ArticleTitle><Abstract>"
        "<AbstractText Label='BACKGROUND'>Why.</AbstractText>"
        "<AbstractText Label='RESULTS'>We saw <i>12</i> events.</AbstractText></Abstract></PubmedArticle>"
    )
    r = read_xml(xml)
    assert r.lines == ["A trial", "Why.", "We saw 12 events."]
    assert r.sections["ArticleTitle"] == (1, 1)
    assert r.sections["RESULTS"] == (3, 3)
    assert r.sections["Abstract"] == (2, 3)
    assert "AbstractText" not in r.sections  # a tag two elements share names neither (rt18d case12)
    assert r.sections["PubmedArticle"] == (1, 3)


def test_xml_entities_are_refused() -> None:
    bomb = '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>'
    with pytest.raises(UnreadableSource, match="entities"):
        read_xml(bomb)


def test_invalid_xml() -> None:
    with pytest.raises(UnreadableSource, match="invalid XML"):
        read_xml("<a><b></a>")


# ------------------------------------------------------------------ plain-text structure

STRUCTURED_ABSTRACT = """Title line of a trial report
Abstract
BACKGROUND:
Why the trial was run.
METHODS: We enrolled 120 patients.
Results: The response rate was 40%.
CONCLUSIONS:
It worked.
Introduction
The body starts here with 7 more numbers.
"""


def test_structured_abstract_heading_runs_over_its_labelled_parts() -> None:
    r = read_plain_text(STRUCTURED_ABSTRACT)
    assert r.sections["Abstract"] == (2, 8)  # through "It worked" — not the line "Abstract" alone
    assert r.sections["BACKGROUND"] == (3, 4)  # each part is still a section of its own
    assert r.sections["Results"] == (6, 6)
    assert r.sections["Introduction"] == (9, 10)


def test_chinese_structured_abstract_runs_over_its_labels() -> None:
    r = read_plain_text("标题：某试验\n摘要\n目的：评估疗效。\n方法：共纳入357例患者。\n结果：客观缓解率为44.7%。\n讨论\n正文。\n")
    assert r.sections["摘要"] == (2, 5)
    assert r.sections["结果"] == (5, 5)


def test_a_bare_heading_ends_the_abstract_and_other_headings_stay_flat() -> None:
    # "Methods" as its own bare line starts the body; a non-abstract heading does not nest labels
    r = read_plain_text("Abstract\nResults: 40% responded.\nMethods\nWe enrolled 120.\n")
    assert r.sections["Abstract"] == (1, 2)
    assert r.sections["Methods"] == (3, 4)
    r = read_plain_text("ADVERSE EVENTS\nNausea in 12%.\nResults: 40% responded.\n")
    assert r.sections["ADVERSE EVENTS"] == (1, 2)


RUN_IN = (
    "A trial in adults: two-year analysis.\n"
    "BACKGROUND: The marker is found in 13% of cases. METHODS: 174 patients received 960 mg daily. "
    "RESULTS: The response rate was 41% and median PFS was 6.3 months. Grade 3 events occurred in 21%. "
    "CONCLUSIONS: The benefit lasted; 2-year OS was 33%.\n"
    "Introduction\n"
)


def test_a_structured_abstract_in_one_paragraph_has_a_section_per_label() -> None:
    # rt21b case14: PubMed's text export writes the labelled parts in one paragraph; "#Results"
    # was not found ("sections: BACKGROUND") — each label is a section, as on lines of their own
    r = read_plain_text(RUN_IN)
    assert r.lines[2].startswith("METHODS: 174") and r.lines[3].startswith("RESULTS: The response")
    assert r.sections["BACKGROUND"] == (2, 2) and r.sections["METHODS"] == (3, 3)
    assert r.sections["RESULTS"] == (4, 4) and r.sections["CONCLUSIONS"] == (5, 5)
    assert "960 mg" not in r.lines[3] and "33%" not in r.lines[3]  # the parts around it are not in it
    assert r.file_lines == (1, 2, 2, 2, 2, 3) and r.file_line_count == 3  # line locators count the file's lines
    # any case at the start, then capitalised after a sentence end; Chinese labels too; capitals for any known label
    r = read_plain_text("Results: 40% responded. Conclusions: it works.\n")
    assert r.sections == {"Results": (1, 1), "Conclusions": (2, 2)}
    r = read_plain_text("目的：评估疗效。方法：共纳入357例。结果：缓解率为44.7%。\n")
    assert r.sections["结果"] == (3, 3) and r.lines[2] == "结果：缓解率为44.7%。"
    r = read_plain_text("IMPORTANCE: Unclear. DESIGN, SETTING, AND PARTICIPANTS: 12 sites. MAIN OUTCOMES AND MEASURES: PFS.\n")
    assert len(r.lines) == 3 and r.sections["MAIN OUTCOMES AND MEASURES"] == (3, 3)
    # a form feed's page still starts at the line its file line starts at
    r = read_plain_text("Title\n\fBACKGROUND: a. RESULTS: b.\n\fnext\n")
    assert r.pages == ((1, 1), (2, 3), (4, 4))


def test_run_in_abstract_forms_bracketed_prefixed_mixed_case_and_after_a_bracket() -> None:
    # rt22b h01/h05: bracketed labels; h02: "摘要：" before the first label
    r = read_plain_text("T\n【背景】常见。【方法】共纳入412例。【结果】发生率为0.42。【结论】有效。\n")
    assert r.sections["结果"] == (4, 4) and "412" not in r.lines[3] and r.lines[3].startswith("【结果】")
    r = read_plain_text("T\n[目的] 评价疗效。[方法] 共纳入412例。[结果] 发生率为0.42。\n")
    assert r.sections["结果"] == (4, 4) and "412" not in r.lines[3]
    r = read_plain_text("T\n摘要：目的：评价疗效。方法：共纳入412例。结果：发生率为0.42。\n")
    assert r.lines[1] == "摘要：" and r.sections["目的"] == (3, 3) and r.sections["结果"] == (5, 5)
    # b05: a label in capitals right after a closing bracket
    r = read_plain_text("T\nBACKGROUND: Common. METHODS: 412 adults (NCT01234567) RESULTS: The rate was 0.42.\n")
    assert r.sections["RESULTS"] == (4, 4) and "412" not in r.lines[3]
    # b09/b10: mixed-case labels among at least two more after the first
    r = read_plain_text("T\nImportance: Common. Objective: To test. Design, Setting, and Participants: 412 adults. "
                        "Results: The rate was 0.42. Conclusions and Relevance: It works.\n")
    assert r.sections["Results"] == (5, 5) and "412" not in r.lines[4]
    assert r.sections["Design, Setting, and Participants"] == (4, 4)
    # any known label in capitals labels a line of its own, and opens a paragraph of two parts
    r = read_plain_text("Intro\nIMPORTANCE: Unclear.\nDESIGN, SETTING, AND PARTICIPANTS: 12 sites.\nmore\n")
    assert r.sections == {"IMPORTANCE": (2, 2), "DESIGN, SETTING, AND PARTICIPANTS": (3, 4)}
    assert read_plain_text("Intro\nIMPORTANCE: Unclear. RESULTS: 12 sites.\n").sections["RESULTS"] == (3, 3)
    # rt22b b04/b01: a mixed-case label after the results label, or in a capitals abstract, labels a part
    # of the results ("Patients: 35% …", "Primary outcome: …"), which keeps it
    r = read_plain_text("T\nBackground: Common. Methods: 412 adults. Results: The rate was 0.42. Patients: 35% smoked. "
                        "Conclusions: It works.\n")
    assert r.sections["Results"] == (4, 4) and "35%" in r.lines[3] and "Patients" not in r.sections
    r = read_plain_text("T\nBACKGROUND: Common. METHODS: 412 adults. RESULTS: Of 412, 398 completed. Primary outcome: "
                        "the rate was 0.42. CONCLUSIONS: It works.\n")
    assert r.sections["RESULTS"] == (4, 4) and "0.42" in r.lines[3]
    r = read_plain_text("T\nBACKGROUND: Common. Setting: 40 centres. Design: a cohort. RESULTS: 0.42.\n")
    assert r.sections["BACKGROUND"] == (2, 2) and "40 centres" in r.lines[1]
    # b02/b03: "RESULT:" and "MATERIAL AND METHODS:" are labels too
    r = read_plain_text("T\nOBJECTIVE: x. MATERIAL AND METHODS: 412 adults. RESULT: The rate was 0.42.\n")
    assert r.sections["MATERIAL AND METHODS"] == (3, 3) and r.sections["RESULT"] == (4, 4)


def test_a_structured_abstract_in_one_markdown_paragraph_has_a_section_per_label() -> None:
    # rt22b a15/a16: the run-in abstract saved as .md
    r = read_markdown("# A trial\n\nBACKGROUND: 35% before. METHODS: 412 adults. RESULTS: The rate was 0.42. "
                      "CONCLUSIONS: It works.\n\n## Discussion\nMore.\n")
    assert r.sections["RESULTS"] == (5, 5) and "412" not in r.lines[4] and r.sections["METHODS"] == (4, 4)
    assert r.sections["A trial"] == (1, 9) and r.sections["Discussion"] == (8, 9)
    assert r.file_lines == (1, 2, 3, 3, 3, 3, 4, 5, 6) and r.file_line_count == 6
    # an HTML table's header row below it keeps its line among the split lines
    r = read_markdown("# T\n\nBACKGROUND: a. RESULTS: b 0.42.\n\n<table>\n<tr><th>Arm</th><th>ORR (%)</th></tr>\n"
                      "<tr><td>A</td><td>45.2</td></tr>\n</table>\n")
    assert r.header_rows == frozenset({7}) and r.lines[6].startswith("| Arm")


@pytest.mark.parametrize(
    "text",
    [
        "Intro\nThe trial met its goal. Results: were reported for 40%. Conclusions: none.\n",  # no label at its start
        "Intro\nRESULTS: The response rate was 41%. The Results: table shows 6.3 months.\n",  # no sentence end before it
        "Intro\nRESULTS: The response rate was 41%. results: 6.3 months.\n",  # lower case mid-paragraph
        "Intro\nRESULTS: The response rate was 41% (METHODS: see above).\n",  # inside a bracket
        "Intro\nRESULTS: The response rate was 41%. Note: 6.3 months.\n",  # one label only
        "Intro\nThe response rate was 41%. RESULTS: 6.3 months.\n",  # a label later in prose
        "Intro\nPatients: twelve were enrolled. Results: 40% responded.\n",  # its start no label in that case
        "Intro\nObjective: to look. Design: simple. Results: 40%.\n".replace("Results", "results"),  # too few capitalised
        "Intro\nDesign: a cohort. Setting: 40 centres.\n",  # mixed-case labels among too few
        "Intro\nRESULTS: The response rate was 41%. Setting: 6.3 months.\n",  # one more, in mixed case
        "Intro\n[Results] 40% responded (see [Methods]) and more.\n",  # a bracketed label not after a sentence end
        "Intro\nThe rate was 41% (n = 12) RESULTS: 6.3 months. METHODS: x.\n",  # no label at its start
        "Intro\nRESULTS: The rate was 41% (n = 12) Conclusions: 6.3 months.\n",  # mixed case after a bracket
    ],
)
def test_a_label_in_running_prose_splits_no_paragraph(text) -> None:
    r = read_plain_text(text)
    assert len(r.lines) == 2 and r.file_lines == ()


def test_numbered_titles_in_sentence_case_are_sections_where_text_follows_them() -> None:
    text = (
        "Cloud tracker, Q4 2023\n\n1. Executive summary\nSpending reached US$ 78.1 billion.\n\n"
        "2. Market size and growth\nFull-year spending was US$ 270.2 billion.\n\n"
        "3. Vendor landscape\nThe top three held 66%.\n"
    )
    r = read_plain_text(text)
    assert r.sections["Market size and growth"] == (6, 8)
    assert r.sections["Vendor landscape"] == (9, 10)
    zh = read_plain_text("2023年调研\n一、市场规模\n销售额约为120亿元。\n二、竞争格局\n前三家企业合计约六成。\n")
    assert zh.sections["市场规模"] == (2, 3)
    assert zh.sections["竞争格局"] == (4, 5)


def test_a_numbered_list_is_not_read_as_titles() -> None:
    # items with nothing between them, a lone numbered line, and numbered sentences are not titles
    assert read_plain_text("Steps\n1. Stop the drug\n2. Restart at half the dose\n3. Review in 2 weeks\n").sections == {}
    assert read_plain_text("Note\n1. Executive summary\nText under it.\n").sections == {}
    assert read_plain_text("1. The drug was stopped.\nText.\n2. The dose was 12.5 mg.\nText.\n").sections == {}


def test_a_heading_over_numbered_titles_runs_over_them() -> None:
    # rt17a: "Recommendations" shrank to its own line once its numbered items became sections
    text = (
        "Recommendations\n1. Start treatment at the threshold\nAdults above it should start treatment.\n"
        "2. Target a lower level\nMost adults should be treated to the target.\nMonitoring\nCheck yearly.\n"
    )
    r = read_plain_text(text)
    assert r.sections["Recommendations"] == (1, 5)
    assert r.sections["Target a lower level"] == (4, 5)
    assert r.sections["Monitoring"] == (6, 7)
    zh = read_plain_text("推荐意见\n一、血糖控制\n目标为<7.0%。\n二、血压控制\n目标为<130/80 mmHg。\n")
    assert zh.sections["推荐意见"] == (1, 5)


def test_a_heading_between_numbered_titles_does_not_swallow_the_next_title() -> None:
    text = "1. Market size\nRevenue grew.\nKEY FIGURES\nText.\n2. Competition\nThree vendors lead.\n"
    r = read_plain_text(text)
    assert r.sections["KEY FIGURES"] == (3, 4)
    assert r.sections["Competition"] == (5, 6)


def test_a_wrapped_numbered_item_is_no_title() -> None:
    # rt17a: "1. Adults aged 18 to 75 years with a confirmed" / "diagnosis of …" became a section
    text = (
        "Eligibility\n1. Adults aged 18 to 75 years with a confirmed\n   diagnosis of the condition.\n"
        "2. A score between 7 and 10 at\n   screening.\n"
    )
    assert read_plain_text(text).sections == {"Eligibility": (1, 5)}


def test_a_long_labelled_paragraph_is_a_part_of_its_abstract() -> None:
    # rt17a: "METHODS AND RESULTS: …" over 80 characters was no heading, so "AIMS" ran over the results
    text = (
        "Abstract\nAIMS: To test whether the drug reduces admissions.\n"
        "METHODS AND RESULTS: We randomised 1200 patients. Admission occurred in 18% with the drug and 25% with placebo.\n"
        "CONCLUSION: It worked.\n"
    )
    r = read_plain_text(text)
    assert r.sections["AIMS"] == (2, 2)
    assert r.sections["METHODS AND RESULTS"] == (3, 3)
    assert r.sections["Abstract"] == (1, 4)
    # a long line that is no label stays text
    long = "This sentence is longer than eighty characters and has no label at its start: it is text."
    assert read_plain_text(f"Intro\n{long}\n").sections == {}


def test_page_markers_printed_numbers() -> None:
    # rt18d case02: an excerpt's markers print its pages' numbers
    r = read_plain_text("Page 12\nrenal\nPage 13\nhepatic\nPage 14\ninteractions\n")
    assert r.pages == ((1, 2), (3, 4), (5, 6)) and r.page_numbers == (12, 13, 14)
    assert read_plain_text("Page 1\na\nPage 2\nb\n").page_numbers == ()  # the count anyway
    assert read_plain_text("Page 12\na\nPage 9\nb\n").page_numbers == ()  # not rising: counted
    assert read_plain_text("Report\nPage 12\na\nPage 13\nb\n").page_numbers == (0, 12, 13)  # a running title's page
    assert read_plain_text("a\nb\nc\n- 7 -\nd\n- 8 -\n").page_numbers == (7, 8)  # footers


def test_a_last_page_cut_before_its_footer_keeps_the_printed_numbers() -> None:
    # rt21b case4: footers "Page 12".."Page 14", then one line of a page cut before its footer
    cut = "Title\nx 1.\ny 2.\nPage 12\nz 3.\nw 4.\nPage 13\nv 5.\nu 6.\nPage 14\nt 7.\n"
    r = read_plain_text(cut)
    assert r.pages == ((1, 4), (5, 7), (8, 10), (11, 11)) and r.page_numbers == (12, 13, 14, 15)
    assert r.page_footers and r.page_numbers_unused == ""
    # as long as a whole page, the text after the last marker may be its page under a header: counted
    whole = read_plain_text(cut + "s 8.\n")
    assert whole.page_numbers == () and "print 12-14 but may open their pages" in whole.page_numbers_unused
    # headers the file ends at: counted, and said why
    r = read_plain_text("Page 12\na\nPage 13\n")
    assert r.page_numbers == () and "print 12-13 but may close their pages" in r.page_numbers_unused
    assert "do not rise" in read_plain_text("Page 12\na\nPage 9\nb\n").page_numbers_unused
    assert read_plain_text("Page 1\na\nPage 2\nb\n").page_numbers_unused == ""  # the count anyway


def test_a_cover_above_a_first_marker_printing_2_makes_the_markers_headers() -> None:
    # rt22b p01-p05: a 3-line cover, then "Page 2".."Page 4" at the top of their pages, the last page
    # short. Read as footers (the last page cut before its own), every page had its neighbour's number
    cover = ("Market Report 2024\nPrepared by a firm\nConfidential\n\nPage 2\nSummary\nreached 8.4.\nshare 31%.\n"
             "region.\n\nPage 3\nOutlook\ngrew 18%.\nheld 24%.\nfell 12%.\n\nPage 4\nMethods\n42 markets.\n")
    r = read_plain_text(cover)
    assert not r.page_footers and r.pages == ((1, 4), (5, 10), (11, 16), (17, 19))
    assert r.page_numbers == () and r.page_numbers_unused == ""  # printed 2-4 under page 1: the count
    # a first marker printing 1 (or an excerpt's 12) below as much text still closes its page
    assert read_plain_text(cover.replace("Page 2", "Page 1").replace("Page 3", "Page 2").replace("Page 4", "Page 3")).page_footers
    assert read_plain_text(cover.replace("Page 2", "Page 12").replace("Page 3", "Page 13")
                           .replace("Page 4", "Page 14")).page_numbers == (12, 13, 14, 15)
    # a running title above a first header printing 2 is page 1 as well
    assert read_plain_text("Report\nPage 2\na\nPage 3\nb\n").pages == ((1, 1), (2, 3), (4, 5))



def test_a_page_above_a_first_footer_printing_2_is_page_2() -> None:
    # rt23a p2b: an excerpt of pages 2 to 5 with footers, the last page cut short. The text above
    # "Page 2" is as long as a page: page 2 itself, not a cover; read as headers every page was off by one
    excerpt = ("Summary\nreached 8.4.\nshare 31%.\nEurope.\ntenders.\n\nPage 2\nOutlook\ngrew 18%.\nheld 24%.\n"
               "fell 12%.\npayers.\n\nPage 3\nMethods\n42 markets.\n115 payers.\nbase 2023.\nnominal.\n\n"
               "Page 4\nAppendix\ngrew 9%.\n")
    r = read_plain_text(excerpt)
    assert r.page_footers and r.page_numbers == (2, 3, 4, 5)


def test_numbered_heading_runs_over_its_numbered_parts() -> None:
    r = read_plain_text("3. Results\nx\n3.1 Efficacy\ny\n3.2 Safety\nz\n4. Discussion\nw\n")
    assert r.sections["Results"] == (1, 6) and r.sections["Efficacy"] == (3, 4) and r.sections["Discussion"] == (7, 8)
    assert r.section_paths["Safety"] == ("Results", "Safety")
    # no number, or another number: the next heading ends it
    assert read_plain_text("3. Results\nx\n4.1 Other Things\ny\n").sections["Results"] == (1, 2)


def test_markdown_heading_caption_names_the_table_under_it() -> None:
    # rt25a case23/case20: "## Table 3. Efficacy" titles its table as a plain caption line does
    r = read_markdown("# R\n\n## Table 1. Base\n\n| a |\n|---|\n| 1 |\n\n## Table 3. Efficacy\n\n| b |\n|---|\n| 2 |\n")
    assert r.tables == {1: (3, 7), 3: (9, 13)}
    r = read_markdown("## 表3 疗效结果\n\n| b |\n|---|\n| 2 |\n\n## 讨论\n\n文字\n")
    assert r.tables == {3: (1, 5)}


def test_markdown_heading_that_is_no_caption_names_no_table() -> None:
    # a heading such as "## Tables" or "## Results" is no caption: pipe tables keep their ordinals
    r = read_markdown("## Tables\n\n| a |\n|---|\n| 1 |\n\n## Results 3\n\n| b |\n|---|\n| 2 |\n")
    assert r.tables == {1: (3, 5), 2: (9, 11)}


def test_stacked_html_header_rows_join_each_columns_header():
    from citeproof.sources.readers import read_html

    html = ("<table>"
            '<tr><th rowspan="2">Measure</th><th colspan="2">Result (%)</th><th rowspan="2">Note</th></tr>'
            "<tr><th>Arm A</th><th>Placebo</th></tr>"
            "<tr><td>Disease control</td><td>78</td><td>52</td><td>confirmed</td></tr></table>")
    result = read_html(html)
    assert result.lines[:2] == ["Measure | Result (%) | Note", "Arm A | Placebo"]  # the text stays as shown
    assert result.joined_headers == {2: "Measure | Result Arm A (%) | Result Placebo (%) | Note"}
    # rows spanning no cell, or one header row alone: nothing to join
    assert read_html("<table><tr><th>A</th><th>B</th></tr><tr><th>C</th><th>D</th></tr></table>").joined_headers == {}
    assert read_html('<table><tr><th colspan="2">Result (%)</th></tr><tr><td>1</td><td>2</td></tr></table>').joined_headers == {}
    # a cell whose text the line cannot tell apart from two cells: not placed
    assert read_html('<table><tr><th rowspan="2">M</th><th colspan="2">A | B (%)</th></tr>'
                     "<tr><th>X</th><th>Y</th></tr></table>").joined_headers == {}
