"""Markdown reports: blocks, lines, sections, tables, Mermaid fences, inline and block HTML."""

from __future__ import annotations

import pytest
from evidence_sources import verify_citing

from citeproof.parse import parse_report
from citeproof.settings import Settings

SETTINGS = Settings()

DOC = """# Report

## Efficacy

The response rate was **45%** in Arm A. [nct:NCT00000001#L3] It was higher
than placebo [pmid:123; pmid:456#abstract].
In this section we summarise the evidence.

| Arm | Dose | ORR |
|---|---|---|
| Arm A | **200 mg**/day | 12% [nct:NCT1#Results] |
| Arm B | 100 mg/day | 8% |

- Nausea in 3 patients [nct:NCT1#L5]
- A plain item.

> Quoted 9% response. [pmid:789#L2]

See [the record](https://trials.example.org/study/NCT1) for 12 events.

```mermaid
graph TD
%% [nct:NCT1#L3]
A[Dose 200 mg]-->B
```

```python
x = 5  # code is not prose
```

<div class="mermaid" data-chart="x">
graph LR
A-->B
</div>

<p hidden>Hidden 99%.</p>

Visible <span style="display:none">hidden 98%</span>text with 7 cases.

### Subsection

Rate was 3.5 mg in 2 patients.

## References

1. Smith J. et al. Trial of 200 patients. [pmid:123]
"""


@pytest.fixture(scope="module")
def report():
    return parse_report(DOC, "markdown", SETTINGS)


def test_claims_text_lines_units(report) -> None:
    got = [(c.location.line, c.unit, c.text) for c in report.claims]
    assert got == [
        (5, "sentence", "The response rate was 45% in Arm A."),
        (5, "sentence", "It was higher than placebo."),
        (11, "table_row", "Arm A | 200 mg/day | 12%"),
        (12, "table_row", "Arm B | 100 mg/day | 8%"),
        (14, "list_item", "Nausea in 3 patients"),
        (17, "sentence", "Quoted 9% response."),
        (19, "sentence", "See the record for 12 events."),
        (21, "mermaid_label", "Dose 200 mg"),
        (38, "sentence", "Visible text with 7 cases."),
        (42, "sentence", "Rate was 3.5 mg in 2 patients."),
        (46, "list_item", "Smith J. et al. Trial of 200 patients."),
    ]


def test_emphasis_is_folded(report) -> None:
    assert report.claims[2].text == "Arm A | 200 mg/day | 12%"
    assert "**" not in report.claims[0].raw_text


def test_anchors(report) -> None:
    c = report.claims
    assert [a.raw for a in c[0].anchors] == ["nct:NCT00000001#L3"]
    assert [a.raw for a in c[1].anchors] == ["pmid:123", "pmid:456#abstract"]
    assert c[1].anchors[1].locator.name == "abstract"
    assert [(a.kind, a.source_id) for a in c[6].anchors] == [("url", "https://trials.example.org/study/NCT1")]
    assert c[0].raw_text == "The response rate was 45% in Arm A. [nct:NCT00000001#L3]"


def test_section_paths_and_source_list(report) -> None:
    by_text = {c.text: c for c in report.claims}
    assert by_text["Rate was 3.5 mg in 2 patients."].location.section_path == ("Report", "Efficacy", "Subsection")
    assert by_text["The response rate was 45% in Arm A."].location.section_path == ("Report", "Efficacy")
    ref = by_text["Smith J. et al. Trial of 200 patients."]
    assert ref.in_source_list and ref.location.section_path == ("Report", "References")
    assert not any(c.in_source_list for c in report.claims[:-1])


def test_mermaid_fence_and_html_block(report) -> None:
    fence, div = report.mermaid
    assert fence.location.line == 21 and fence.attributes["tag"] == "fence"
    assert fence.source == "graph TD\n%% [nct:NCT1#L3]\nA[Dose 200 mg]-->B"
    assert [a.raw for a in fence.declared_anchors] == ["nct:NCT1#L3"]
    assert fence.preceding_anchor is not None and fence.preceding_anchor.kind == "url"
    assert div.attributes == {"class": "mermaid", "data-chart": "x", "tag": "div"}
    assert div.location.line == 31
    assert "graph LR" in div.source


def test_hidden_html_and_code_are_not_claims(report) -> None:
    text = " ".join(c.text for c in report.claims)
    assert "Hidden" not in text and "hidden" not in text and "x = 5" not in text
    assert any(b.kind == "code" for b in report.blocks)


def test_transition_sentence_counted_but_not_claimed(report) -> None:
    assert "In this section we summarise the evidence." not in [c.text for c in report.claims]
    # 3 sentences + 2 rows + 2 items + quote + link + diagram label + '7 cases' + '3.5 mg' + reference
    assert report.total_sentences == 13


def test_headings_are_blocks_not_claims(report) -> None:
    headings = [b.text for b in report.blocks if b.kind == "heading"]
    assert headings == ["Report", "Efficacy", "Subsection", "References"]
    assert not any(c.text in headings for c in report.claims)


def test_chinese_report() -> None:
    doc = "# 疗效\n\n## 主要结局\n\nA组缓解率为45%。[nct:NCT1#L2]B组缓解率低于A组[nct:NCT1#L3]。\n综上所述，我们讨论如下。\n"
    report = parse_report(doc, "markdown", SETTINGS)
    assert [(c.text, [a.raw for a in c.anchors]) for c in report.claims] == [
        ("A组缓解率为45%。", ["nct:NCT1#L2"]),
        ("B组缓解率低于A组。", ["nct:NCT1#L3"]),
    ]
    assert report.claims[0].location.section_path == ("疗效", "主要结局")
    assert report.total_sentences == 3
    assert [c.location.line for c in report.claims] == [5, 5]


def test_chinese_source_list_titles() -> None:
    for title in ("参考文献", "来源", "附录A 证据说明", "资料来源"):
        doc = f"# 结果\n\n缓解率为45%。[nct:NCT1#L2]\n\n## {title}\n\n- 试验记录，共3个组。\n"
        claims = parse_report(doc, "markdown", SETTINGS).claims
        assert [c.in_source_list for c in claims] == [False, True], title


def test_setext_headings_and_loose_lists() -> None:
    doc = "Results\n=======\n\n- First item has 3 cases.\n\n  Second paragraph 4 cases.\n"
    report = parse_report(doc, "markdown", SETTINGS)
    assert [(c.location.line, c.unit, c.location.section_path) for c in report.claims] == [
        (4, "list_item", ("Results",)),
        (6, "list_item", ("Results",)),
    ]


@pytest.mark.parametrize(
    "doc",
    ["", "\n\n", "# Only a heading", "[", "```\nunclosed fence 5%", "<div>\n\nunclosed", "| a |\n|---|\n| 1 | 2 | 3 |", "\x00"],
)
def test_odd_markdown_does_not_crash(doc: str) -> None:
    parse_report(doc, "markdown", SETTINGS)


def test_crlf_and_bom() -> None:
    report = parse_report("\ufeff# A\r\n\r\nRate was 5%.\r\n", "markdown", SETTINGS)
    (c,) = report.claims
    assert c.location.line == 3 and c.location.section_path == ("A",)


def test_link_targets_are_kept_as_written() -> None:
    doc = "# S\n\nSee [the record](https://例子.org/路径?q=a%20b) for 12 events. Also <https://e.org/x?y=1>.\n"
    claims = parse_report(doc, "markdown", SETTINGS).claims
    assert [a.source_id for c in claims for a in c.anchors] == ["https://例子.org/路径?q=a%20b", "https://e.org/x?y=1"]


def test_html_wrappers_spanning_markdown_blocks() -> None:
    doc = (
        "# R\n\nRate was 5%. [nct:NCT1#L2]\n\n"
        '<div class="mermaid" data-chart="x">\ngraph TD\n\nA[Dose 45%] --> B\n</div>\n\n'
        "<div hidden>\n\nHidden 99% text.\n\n</div>\n\n"
        '<div align="center">\n\nVisible 7% text.\n\n</div>\n\n'
        '<nav>\n\n- Menu 3 items\n\n</nav>\n\n'
        "After 8%.\n"
    )
    report = parse_report(doc, "markdown", SETTINGS)
    assert [(c.location.line, c.text) for c in report.claims] == [
        (3, "Rate was 5%."), (5, "Dose 45%"), (19, "Visible 7% text."), (29, "After 8%."),
    ]
    assert report.claims[1].unit == "mermaid_label"  # the diagram's label is a claim of its own kind, not prose
    (m,) = report.mermaid
    assert m.source == "graph TD\n\nA[Dose 45%] --> B" and m.location.line == 5
    assert m.attributes["data-chart"] == "x"


def test_unclosed_wrapper_does_not_swallow_the_report() -> None:
    doc = '# R\n\n<div class="mermaid">\ngraph TD\n\nA --> B with 5%\n\nLater 6% claim.\n'
    report = parse_report(doc, "markdown", SETTINGS)
    assert "Later 6% claim." in [c.text for c in report.claims]


def test_footnote_references_are_not_part_of_what_a_sentence_states(tmp_path) -> None:
    # "Arm I[^1]" rendered as "Arm I¹": read as written it was "I" then "1", and a true
    # sentence went undecided ("'1' is not written in one segment")
    doc = (
        "# R\n\nThe median TTP was 13.5 months in Arm I[^1] [evidence:s.md#L1].\n\n"
        "[^1]: Arm II median TTP was 17.0 months [evidence:s.md#L1].\n"
    )
    claims = parse_report(doc, "markdown", SETTINGS).claims
    assert [c.text for c in claims] == ["The median TTP was 13.5 months in Arm I.", "Arm II median TTP was 17.0 months."]
    assert "[^1]" in claims[0].raw_text  # what was written is kept
    report = verify_citing(tmp_path, doc, "The median TTP was 13.5 months in Arm I.\n", mode="enforce")
    assert [c.status for c in report.claims] == ["pass", "fail"]  # the footnote's own figure is still checked


def test_a_claim_in_tex_math_is_checked_as_drawn_both_ways(tmp_path) -> None:
    doc = "# R\n\nThe ORR was $45\\%$ in Arm A [evidence:s.md#L1].\n\nThe ORR was $55\\%$ in Arm A [evidence:s.md#L1].\n"
    report = verify_citing(tmp_path, doc, "The ORR was 45% in Arm A.\n")
    assert [(c.text, c.status) for c in report.claims] == [
        ("The ORR was 45% in Arm A.", "pass"), ("The ORR was 55% in Arm A.", "fail"),
    ]
    assert report.claims[1].reasons[0].code == "numeric_token_miss"


def test_tex_in_markdown_is_read_before_markdown_escapes_eat_it(tmp_path) -> None:
    # red team rt10: "$200\,\text{mg}$" became "200,\text{mg}" (Markdown's "\," escape) and a true claim failed
    doc = "# R\n\nThe dose was $200\\,\\text{mg}$ daily [evidence:s.md#L1].\n\nA vial cost $45 (HK$ 350) in 2020.\n"
    report = verify_citing(tmp_path, doc, "The dose was 200 mg daily.\n")
    assert [(c.text, c.status) for c in report.claims][0] == ("The dose was 200 mg daily.", "pass")
    assert report.claims[1].text == "A vial cost $45 (HK$ 350) in 2020."  # prices are no math


def test_a_footnote_reference_cites_what_its_note_cites(tmp_path) -> None:
    # red team rt10: "[^1]: [nct:…]" left the sentence uncited (missing_anchor), and "[^2]: text" made
    # Markdown draw "61[^2] years" as "61^2 years" (a link definition), which failed as a number
    doc = (
        "# R\n\nORR was 45%[^1].\n\nThe median age was 61[^2] years [evidence:s.md#L2].\n\n"
        "[^1]: Source: [evidence:s.md#L1]\n[^2]: investigator-assessed\n"
    )
    report = verify_citing(tmp_path, doc, "ORR was 45%.\nThe median age was 61 years.\n")
    got = [(c.text, c.location.line, [a.raw for a in c.anchors], c.status) for c in report.claims]
    assert got == [
        ("ORR was 45%.", 3, ["evidence:s.md#L1"], "pass"),
        ("The median age was 61 years.", 5, ["evidence:s.md#L2"], "pass"),
    ]
    assert not report.findings or all(f.code != "orphan_anchor" for f in report.findings)


def test_a_bibliography_note_adds_no_bare_citation_beside_a_located_one() -> None:
    # red team rt12: "[^1]: [nct:X]" gave "…[nct:X#Results].[^1]" a bare [nct:X] too, which failed CP103
    from citeproof.parse.footnotes import read_footnotes

    doc = "7 responded [nct:NCT00000001#Results].[^1]\n\nA rate of 45%.[^1]\n\n[^1]: [nct:NCT00000001]\n"
    assert read_footnotes(doc) == "7 responded [nct:NCT00000001#Results].\n\nA rate of 45%. [nct:NCT00000001]\n\n\n"


@pytest.mark.parametrize(
    "note",
    [
        "<https://registry.example.org/study/1>",
        "[Registry](https://registry.example.org/study/1)",
        "Registry record, https://registry.example.org/study/1",
        "Source: https://registry.example.org/study/1",
    ],
    ids=["autolink", "link", "named", "source-label"],
)
def test_a_note_that_is_only_a_source_url_cites_it_at_each_reference(note) -> None:
    # rt13d: an autolink, a link or a named URL in a note left every sentence uncited
    from citeproof.parse.footnotes import read_footnotes

    doc = f"One was 5%.[^1]\nTwo was 6%.[^1]\n\n[^1]: {note}\n"
    assert read_footnotes(doc) == (
        "One was 5%. https://registry.example.org/study/1\nTwo was 6%. https://registry.example.org/study/1\n\n\n"
    )


@pytest.mark.parametrize(
    "note",
    [
        "The rate was later revised to 7%, see https://registry.example.org/study/1",  # a statement of its own
        "[Registry](https://registry.example.org/study/1) and the rate was 7% in the final analysis of all arms",
    ],
    ids=["statement", "link-then-statement"],
)
def test_a_note_that_says_more_than_its_source_stays_a_paragraph(note) -> None:
    from citeproof.parse.footnotes import read_footnotes

    # the note is a paragraph of its own; the reference keeps its mark and reads in what the
    # note cites (rt34b m2: a reader who follows the mark finds that citation)
    assert read_footnotes(f"One was 5%.[^1]\n\n[^1]: {note}\n") == (
        f"One was 5%.[^1] https://registry.example.org/study/1\n\n{note}\n")


def test_a_note_that_says_more_adds_no_citation_its_reference_line_already_writes() -> None:
    from citeproof.parse.footnotes import read_footnotes

    doc = "A was 5% in Arm I[^1] [evidence:s.md#L1].\n\n[^1]: Arm II was 6% [evidence:s.md#L1].\n"
    assert read_footnotes(doc) == "A was 5% in Arm I[^1] [evidence:s.md#L1].\n\nArm II was 6% [evidence:s.md#L1].\n"


def test_a_reference_to_a_note_that_says_more_and_cites_is_cited(tmp_path) -> None:
    # red team rt34b m2: "…improved survival.[^2]" with "[^2]: Median survival was 11.2 months …
    # [evidence:…]" failed missing_anchor, though the reader follows the mark to a cited note
    doc = (
        "# R\n\nThe study agent reduced the risk of progression.[^2]\n\n"
        "The study agent reduced mortality.[^3]\n\nThe study agent reduced relapse.[^9]\n\n"
        "[^2]: Median progression-free survival was 11.2 months [evidence:s.md#L1].\n\n"
        "[^3]: Survival data were immature at the cut-off and the hazard was lower.\n"
    )
    report = verify_citing(tmp_path, doc, "Median progression-free survival was 11.2 months.\n")
    got = {c.text: ([a.raw for a in c.anchors], c.status) for c in report.claims}
    assert got["The study agent reduced the risk of progression."][0] == ["evidence:s.md#L1"]
    assert got["Median progression-free survival was 11.2 months."] == (["evidence:s.md#L1"], "pass")  # still a claim
    # a note without a citation, and a note never written, still leave their references uncited
    for text in ("The study agent reduced mortality.", "The study agent reduced relapse."):
        claim = next(c for c in report.claims if c.text == text)
        assert (claim.anchors, claim.status, claim.reasons[0].code) == ((), "fail", "missing_anchor")


@pytest.mark.parametrize(
    ("note", "cited"),
    [
        ("Reck M, et al. N Engl J Med 2016;375:1823-33. https://doi.example.org/10.1/x", "https://doi.example.org/10.1/x"),
        ("Example Corp 2023 Annual Report, https://investors.example.org/ar-2023", "https://investors.example.org/ar-2023"),
        ("ClinicalTrials.gov record NCT00075764, accessed 2024-05-01: <https://registry.example.org/NCT00075764>",
         "https://registry.example.org/NCT00075764"),
        ("Smith J, et al. Lancet. 2023;388(4):301-312. [pmid:12345678#abstract]", "[pmid:12345678#abstract]"),
        ("See [pmid:12345678#abstract], table 2.", "[pmid:12345678#abstract]"),
    ],
    ids=["reference-entry", "name-with-year", "name-with-id-and-date", "entry-with-anchor", "see-table"],
)
def test_a_note_that_names_or_lists_its_source_cites_it_at_each_reference(note, cited) -> None:
    # rt14a/rt14c: a year, a record id or a journal's volume and pages kept the note a paragraph,
    # so its sentence failed missing_anchor and the note's own figures failed as claims
    from citeproof.parse.footnotes import read_footnotes

    assert read_footnotes(f"One was 5%.[^1]\n\n[^1]: {note}\n") == f"One was 5%. {cited}\n\n\n"


def test_a_labelled_source_after_a_sentence_cites_it() -> None:
    # rt14a: "Source:" became a claim of its own and the sentence before it failed missing_anchor
    parsed = parse_report("# R\n\nRevenue was $58.5 billion in 2023. Source: https://investors.example.org/ar-2023\n",
                          "markdown", Settings())
    assert [(c.text, [a.raw for a in c.anchors]) for c in parsed.claims] == [
        ("Revenue was $58.5 billion in 2023.", ["https://investors.example.org/ar-2023"])]


# rt32b r1: an LLM's answer wrapped whole in a fence ("```markdown" … "```") read as code held no
# claim and passed with 0 claims; the Markdown inside is what gets published, so it is read.
_BODY = "# Report\n\n## Efficacy\n\nThe response rate was 45% in Arm A. [evidence:s.md#L1]\n"


@pytest.mark.parametrize("fence", ["```markdown", "```md", "~~~gfm", "```", "````Markdown"])
def test_report_wrapped_whole_in_a_fence_is_read_as_markdown(fence) -> None:
    closing = fence.rstrip("markdownMgf")
    parsed = parse_report(f"{fence}\n{_BODY}{closing}\n", "markdown", SETTINGS)
    plain = parse_report(f"\n{_BODY}", "markdown", SETTINGS)
    # the same claims as the unwrapped report, on the lines of the original file
    assert [(c.location.line, c.text, c.location.section_path) for c in parsed.claims] == [
        (6, "The response rate was 45% in Arm A.", ("Report", "Efficacy"))
    ]
    assert [(c.location.line, c.text) for c in parsed.claims] == [(c.location.line, c.text) for c in plain.claims]
    assert not any(b.kind == "code" for b in parsed.blocks)


def test_wrapped_report_is_checked_as_the_unwrapped_one(tmp_path) -> None:
    wrapped = verify_citing(tmp_path, f"```markdown\n{_BODY}```\n", "The response rate was 40% in Arm A.\n", mode="enforce")
    assert [(c.status, c.location.line) for c in wrapped.claims] == [("fail", 6)]
    assert wrapped.exit_code == 1


@pytest.mark.parametrize(
    "doc",
    ["```python\nx = 5  # [evidence:s.md#L1]\n```\n",  # labelled as another language: code
     "```\npip install citeproof\n```\n",  # unlabelled, cites nothing: a snippet
     "Intro line.\n\n```markdown\n# Title\n```\n",  # not the whole body
     "```mermaid\ngraph TD\nA[Dose 200 mg]-->B\n```\n"],
)
def test_other_fences_stay_what_they_are(doc) -> None:
    parsed = parse_report(doc, "markdown", SETTINGS)
    assert not any(b.kind == "heading" for b in parsed.blocks)
    assert any(b.kind == "code" for b in parsed.blocks) != bool(parsed.mermaid)
    assert [c.unit for c in parsed.claims] in ([], ["mermaid_label"])


# rt32b r1: a code block (fence, indented block, <pre>) that holds a citation is never skipped
# in silence: it is a CP100 finding naming the line, which blocks.
@pytest.mark.parametrize(
    ("fmt", "doc", "line"),
    [("markdown", "# R\n\nSome prose here.\n\n```text\nfirst\nThe rate was 45%. [evidence:s.md#L1]\n```\n", 7),
     ("markdown", "# R\n\nSome prose here.\n\n    The rate was 45%. [evidence:s.md#L1]\n", 5),
     ("html", "<h1>R</h1>\n<p>Some prose here.</p>\n<pre>\nfirst\nThe rate was 45%. [evidence:s.md#L1]</pre>", 5)],
)
def test_cited_code_block_is_a_finding_with_its_line(fmt, doc, line) -> None:
    parsed = parse_report(doc, fmt, SETTINGS)
    found = [f for f in parsed.findings if f.code == "anchor_in_code"]
    assert len(found) == 1 and found[0].location.line == line
    assert f"line {line}: cited text inside a code block is not checked" in found[0].message


def test_cited_code_block_blocks_the_report(tmp_path) -> None:
    doc = "# R\n\nSome prose here.\n\n```\nThe rate was 45%. [evidence:s.md#L1]\nmore\n```\n\nSee below.\n"
    result = verify_citing(tmp_path, doc, "The rate was 45%.\n", mode="enforce")
    assert result.exit_code == 1 and result.verdict == "blocked"


@pytest.mark.parametrize(
    "code",
    ["```sh\ncurl https://example.org/data.json\npython -c 'd = {}; print(d[key:value])'\n```\n",
     "    x = data[1:3]\n", "```json\n{\"a\": [1, 2]}\n```\n"],
)
def test_code_without_citations_is_still_ignored(tmp_path, code) -> None:
    # a README-like report: prose with a shell snippet passes as before
    doc = f"# Setup\n\nThe rate was 45%. [evidence:s.md#L1]\n\n{code}"
    parsed = parse_report(doc, "markdown", SETTINGS)
    assert not [f for f in parsed.findings if f.code == "anchor_in_code"]
    result = verify_citing(tmp_path, doc, "The rate was 45%.\n", mode="enforce")
    assert [c.status for c in result.claims] == ["pass"]
    assert not [f for f in result.findings if f.rule == "CP100"]
