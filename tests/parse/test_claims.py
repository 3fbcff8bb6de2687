"""Claims: stable ids, anchors after the stop, anchor-only units, parse findings, speed."""

from __future__ import annotations

import re
import time

import pytest

from citeproof.parse import parse_report
from citeproof.settings import Settings

SETTINGS = Settings()

BASE = """# Report

## Efficacy

The response rate was 45% in Arm A. [nct:NCT1#L3]
Arm B responded less often. [nct:NCT1#L4]

## Safety

Nausea occurred in 3 patients. [nct:NCT1#L9]
Nausea occurred in 3 patients. [nct:NCT1#L9]
"""


def ids(doc: str, fmt: str = "markdown") -> dict[str, str]:
    return {c.raw_text: c.id for c in parse_report(doc, fmt, SETTINGS).claims}


def test_id_shape_and_repeats() -> None:
    claims = parse_report(BASE, "markdown", SETTINGS).claims
    assert all(re.fullmatch(r"c-[0-9a-f]{10}(-\d+)?", c.id) for c in claims)
    assert claims[2].id + "-2" == claims[3].id
    assert len({c.id for c in claims}) == len(claims)


def test_ids_survive_unrelated_edits() -> None:
    before = ids(BASE)
    edited = BASE.replace("# Report\n", "# Report\n\nA new introduction with 12 facts. [pmid:9]\n\nAnother 5% line.\n")
    edited = edited.replace("Arm B responded less often.", "Arm B responded far less often.")
    after = ids(edited)
    for raw, cid in before.items():
        if "Arm B" not in raw:
            assert after[raw] == cid, raw


def test_ids_ignore_anchors_emphasis_and_whitespace_but_not_section() -> None:
    a = ids("# S\n\nThe rate was 45%. [nct:NCT1#L3]\n")
    b = ids("# S\n\nThe   rate was **45%**. [pmid:7]\n")
    c = ids("# Other\n\nThe rate was 45%. [nct:NCT1#L3]\n")
    assert list(a.values()) == list(b.values())
    assert list(a.values()) != list(c.values())


def test_same_claim_same_id_in_html_and_markdown() -> None:
    md = ids("# S\n\nThe rate was 45%. [nct:NCT1#L3]\n")
    html = ids("<h1>S</h1><p>The rate was 45%. [nct:NCT1#L3]</p>", "html")
    assert list(md.values()) == list(html.values())


def test_anchor_after_full_stop_belongs_to_previous_sentence() -> None:
    claims = parse_report("# S\n\nFirst rate 45%. [nct:NCT1#L3] Second rate 12%. [pmid:2]\n", "markdown", SETTINGS).claims
    assert [(c.text, [a.raw for a in c.anchors]) for c in claims] == [
        ("First rate 45%.", ["nct:NCT1#L3"]),
        ("Second rate 12%.", ["pmid:2"]),
    ]


def test_anchor_paragraph_cites_the_unit_before_it() -> None:
    claims = parse_report("# S\n\nThe rate was 45%.\n\n[nct:NCT1#L3]\n", "markdown", SETTINGS).claims
    assert [(c.text, [a.raw for a in c.anchors]) for c in claims] == [("The rate was 45%.", ["nct:NCT1#L3"])]


def test_anchor_with_nothing_before_it_is_an_orphan_finding() -> None:
    report = parse_report("# S\n\n[nct:NCT1#L3]\n\nThe rate was 45%.\n", "markdown", SETTINGS)
    assert [c.anchors for c in report.claims] == [()]
    assert [f.code for f in report.findings] == ["orphan_anchor"]
    assert report.findings[0].location is not None and report.findings[0].location.line == 3


def test_anchor_only_claims_are_claims_even_without_facts() -> None:
    (c,) = parse_report("# S\n\nThis is discussed in the guideline. [guideline:G1#Dosing]\n", "markdown", SETTINGS).claims
    assert not c.fact_bearing and c.fact_signals == () and len(c.anchors) == 1


def test_transition_sentences_and_headings_are_not_claims() -> None:
    doc = "# The 5 key findings\n\nIn this section we summarise the evidence. The next section turns to safety.\n"
    report = parse_report(doc, "markdown", SETTINGS)
    assert report.claims == ()
    assert report.total_sentences == 2


def test_malformed_anchor_is_a_finding_on_its_claim() -> None:
    report = parse_report("# S\n\nThe rate was 45%. [nct:NCT1#L5-L2]\n\nOther 3%. [pmid 12]\n", "markdown", SETTINGS)
    assert [(f.rule, f.code, f.severity) for f in report.findings] == [
        ("CP100", "inverted_range", "critical"),
        ("CP100", "malformed_anchor", "critical"),
    ]
    assert [f.claim_id for f in report.findings] == [c.id for c in report.claims]
    assert [f.location.line for f in report.findings] == [3, 5]
    assert all(c.anchors == () for c in report.claims)
    assert report.claims[0].text == "The rate was 45%."


def test_text_tidied_after_anchor_removal() -> None:
    (c,) = parse_report("# S\n\nThe rate was 45% ([nct:NCT1#L3]) overall [pmid:1] .\n", "markdown", SETTINGS).claims
    assert c.text == "The rate was 45% overall."


def test_footnote_brackets_stay_and_are_not_anchors() -> None:
    (c,) = parse_report("# S\n\nThe rate was 45% [1].\n", "markdown", SETTINGS).claims
    assert c.anchors == () and c.text == "The rate was 45% [1]."


def _big_report(n: int) -> str:
    parts = ["# Report\n"]
    for i in range(n):
        if i % 50 == 0:
            parts.append(f"\n## Section {i // 50}\n\n")
        parts.append(f"In cohort {i}, the response rate was {i % 97}.{i % 10}% (95% CI 1.2–3.4) in 120 patients. "
                     f"[nct:NCT{i:08d}#L{i % 40 + 1}-L{i % 40 + 3}]\n")
        if i % 5 == 0:
            parts.append("\n| Arm | 200 mg/day | 12% [pmid:1#Results] |\n|---|---|---|\n| A | 1 | 2 |\n\n")
    return "".join(parts)


# CPU time, best of a few runs, with headroom: the suite shares a busy machine. Measured on
# a quiet core: ~0.35 s (Markdown) and ~0.5 s (HTML) for 2,000 claims.
def _cpu(fn, runs: int = 3) -> float:
    best = float("inf")
    for _ in range(runs):
        t0 = time.process_time()
        fn()
        best = min(best, time.process_time() - t0)
    return best


def test_two_thousand_claims_parse_well_under_a_second() -> None:
    md = _big_report(2000)
    report = parse_report(md, "markdown", SETTINGS)
    assert len(report.claims) >= 2000
    elapsed = _cpu(lambda: parse_report(md, "markdown", SETTINGS))
    assert elapsed < 1.5, elapsed


def test_html_two_thousand_claims_parse_well_under_a_second() -> None:
    body = "".join(
        f"<p>In cohort {i}, the response rate was {i % 97}% in 120 patients. [nct:NCT{i:08d}#L3]</p>\n"
        for i in range(2000)
    )
    html = f"<html><body><h1>R</h1>{body}</body></html>"
    report = parse_report(html, "html", SETTINGS)
    assert len(report.claims) == 2000 and report.claims[-1].location.line == 2000
    elapsed = _cpu(lambda: parse_report(html, "html", SETTINGS))
    assert elapsed < 1.5, elapsed


def test_parse_time_is_linear() -> None:
    small, big = _big_report(400), _big_report(4000)
    t_small = _cpu(lambda: parse_report(small, "markdown", SETTINGS))
    t_big = _cpu(lambda: parse_report(big, "markdown", SETTINGS), runs=1)
    assert t_big < 25 * t_small + 0.1, (t_small, t_big)  # 10x input; quadratic would be ~100x


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_PIECES = st.sampled_from(
    ["<p>", "</p>", "<div class='mermaid'>", "</div>", "<h2>", "</h2>", "<tr><td>", "</td>", "<script>", "</script>",
     "<!--", "-->", "# ", "## ", "- ", "| a | 5% |\n|---|---|\n", "```mermaid\n", "```\n", "> ", "\n", "\n\n",
     "Rate 45%. ", "[nct:NCT1#L3]", "[nct:]", "[pmid 1]", "[1]", "https://e.org/a ", "**", "_", "。", "比较高于。",
     "<a href='https://e.org/b'>x</a>", "<span hidden>9%</span>", "&amp;", "[", "]", "(", ")"]
)


@settings(max_examples=200, deadline=None)
@given(st.lists(_PIECES, max_size=40).map("".join), st.sampled_from(["html", "markdown"]))
def test_any_input_parses_and_lines_are_in_the_file(text: str, fmt: str) -> None:
    report = parse_report(text, fmt, SETTINGS)  # never raises
    n_lines = text.count("\n") + 1
    for c in report.claims:
        assert 1 <= c.location.line <= n_lines, (c, text)
        assert c.text and "[nct:" not in c.text
    for f in report.findings:
        assert f.rule == "CP100" and f.location is not None
    assert len({c.id for c in report.claims}) == len(report.claims)


def test_regressions_found_by_the_property_test() -> None:
    (c,) = parse_report("&amp;\n\n比较高于。", "html", SETTINGS).claims
    assert c.location.line == 3
    (c,) = parse_report("<p></p></p>\n| a | 5% |\n<p>", "html", SETTINGS).claims  # stray </p> invents a <p>
    assert c.location.line == 2
    (c,) = parse_report("Rate 45%. [nct:NCT1#L3](", "html", SETTINGS).claims
    assert c.text == "Rate 45%." and [a.raw for a in c.anchors] == ["nct:NCT1#L3"]
    # an anchor attempt before "(#…" or "(https://…" is still one: HTML has no Markdown links
    report = parse_report("[nct:NCT1#L3](# ", "html", SETTINGS)
    assert not report.claims and [f.code for f in report.findings] == ["orphan_anchor"]
    report = parse_report("[nct:](# Rate 45%. ", "html", SETTINGS)
    assert all("[nct:" not in c.text for c in report.claims) and "malformed_anchor" in [f.code for f in report.findings]
    # ... while a link's label that is no anchor attempt stays text, its URL an anchor
    (c,) = parse_report("See [PubMed: the trial](https://pubmed.ncbi.nlm.nih.gov/1/) for details.", "html", SETTINGS).claims
    assert [a.raw for a in c.anchors] == ["https://pubmed.ncbi.nlm.nih.gov/1/"]


_WORDS = st.sampled_from(["Rate", "was", "45%", "in", "arm", "higher", "than", "B", "12", "mg", "**5%**", "e.g.", "3.5"])
_SENTENCE = st.lists(_WORDS, min_size=2, max_size=8).map(lambda ws: f"Q{len(ws)} " + " ".join(ws) + ".")
_LINE = st.lists(_SENTENCE, min_size=1, max_size=3).map(" ".join)
_BLOCK = st.one_of(
    st.lists(_LINE, min_size=1, max_size=3).map("\n".join),
    st.lists(_LINE, min_size=1, max_size=3).map(lambda ls: "\n".join("- " + x for x in ls)),
    st.lists(_LINE, min_size=1, max_size=2).map(lambda ls: "\n".join("> " + x for x in ls)),
    st.just("## Head"),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(_BLOCK, min_size=1, max_size=6).map("\n\n".join), st.booleans())
def test_claim_line_holds_its_first_word(doc: str, as_html: bool) -> None:
    """Markdown as written, or the same document rendered to HTML: each claim's line shows it."""
    if as_html:
        from markdown_it import MarkdownIt

        src, fmt = MarkdownIt("commonmark").render(doc), "html"
    else:
        src, fmt = doc, "markdown"
    lines = src.split("\n")
    for c in parse_report(src, fmt, SETTINGS).claims:
        assert c.text.split()[0] in lines[c.location.line - 1], (fmt, c.text, c.location.line, src)


def test_parse_leaves_the_garbage_collector_as_it_found_it() -> None:
    import gc

    assert gc.isenabled()
    parse_report("# S\n\nRate 5%.\n", "markdown", SETTINGS)
    assert gc.isenabled()
    gc.disable()
    try:
        parse_report("# S\n\nRate 5%.\n", "markdown", SETTINGS)
        assert not gc.isenabled()
    finally:
        gc.enable()
    with pytest.raises(ValueError):
        parse_report("x", "pdf", SETTINGS)  # type: ignore[arg-type]
    assert gc.isenabled()


LEAD_IN = """# Report

## Eligibility

Patients were excluded if they had any of the following:

- Untreated brain metastases [nct:NCT1#L3]
- Any of the following cardiac conditions:
  - Congestive heart failure [nct:NCT1#L4]

Overall survival was 12 months in 40 patients [nct:NCT1#L9].

Patients were included if they had:

Measurable disease by RECIST in 40 patients [nct:NCT1#L5].

Median age was 54 years in 40 patients [nct:NCT1#L6].

## Results

- Response rate was 45% in 40 patients [nct:NCT1#L7]
"""


def test_a_list_carries_the_lines_that_introduce_it():
    lead = {c.text: c.lead_in for c in parse_report(LEAD_IN, "markdown", SETTINGS).claims}
    excluded = "Patients were excluded if they had any of the following:"
    assert lead["Untreated brain metastases"] == (excluded,)
    # an item ending in a colon leads the items after it, under the paragraph's lead-in
    assert lead["Congestive heart failure"] == (excluded, "Any of the following cardiac conditions:")
    # a paragraph after the list, a later heading's list: no lead-in
    assert lead["Overall survival was 12 months in 40 patients."] == ()
    assert lead["Response rate was 45% in 40 patients"] == ()
    # a paragraph ending in a colon leads the one paragraph right after it, not the next
    assert lead["Measurable disease by RECIST in 40 patients."] == ("Patients were included if they had:",)
    assert lead["Median age was 54 years in 40 patients."] == ()


def test_the_lead_in_changes_no_claim_id():
    without = LEAD_IN.replace("Patients were excluded if they had any of the following:\n\n", "")
    assert ids(LEAD_IN)["Untreated brain metastases [nct:NCT1#L3]"] == ids(without)["Untreated brain metastases [nct:NCT1#L3]"]


def _anchored(doc: str) -> list[tuple[str, list[str]]]:
    return [(c.text, [a.raw for a in c.anchors]) for c in parse_report(doc, "markdown", SETTINGS).claims]


def test_a_clause_ending_at_a_chinese_semicolon_cites_what_its_sentence_cites() -> None:
    # "；" ends a claim, but the anchor after "。" is the whole sentence's, as after an English ";"
    out = _anchored("# R\n\n试验组的客观缓解率为45%；对照组的客观缓解率为30%。[evidence:s.md#L2]\n")
    assert out == [("试验组的客观缓解率为45%；", ["evidence:s.md#L2"]), ("对照组的客观缓解率为30%。", ["evidence:s.md#L2"])]


def test_a_semicolon_clause_keeps_its_own_anchor_and_a_sentence_without_one_lends_none() -> None:
    own = _anchored("# R\n\n试验组为45%[evidence:a.md#L1]；对照组为30%。[evidence:b.md#L2]\n")
    assert own == [("试验组为45%；", ["evidence:a.md#L1"]), ("对照组为30%。", ["evidence:b.md#L2"])]
    none = _anchored("# R\n\n试验组为45%；对照组为30%。\n\n另一句为20%。[evidence:b.md#L2]\n")
    assert none[0] == ("试验组为45%；", []) and none[1] == ("对照组为30%。", [])


def test_a_lead_in_that_cites_its_source_cites_the_items_it_leads() -> None:
    # rt16b: one citation on the lead-in ("… were [x]:") left every item missing its anchor
    doc = (
        "# R\n\nBest responses among the 54 participants were [nct:NCT1#Results]:\n\n"
        "- complete response in 7;\n- partial response in 19 [nct:NCT2#Results];\n- stable disease in 19.\n\n"
        "Median age was 54 years in 40 patients.\n\n"
        "Outcomes were:\n\n- progression in 5.\n\n"
        "## Later\n\n- overall survival of 12 months.\n"
    )
    cited = dict(_anchored(doc))
    assert cited["complete response in 7;"] == ["nct:NCT1#Results"]
    assert cited["stable disease in 19."] == ["nct:NCT1#Results"]
    assert cited["partial response in 19;"] == ["nct:NCT2#Results"]  # an item's own anchor is kept
    assert cited["Median age was 54 years in 40 patients."] == []  # a paragraph after the list: not led
    assert cited["progression in 5."] == []  # a lead-in that cites nothing lends nothing
    assert cited["overall survival of 12 months."] == []  # a heading ends the lead-in


def test_an_anchor_in_full_width_brackets_is_the_same_citation() -> None:
    # rt16b: "［nct:NCT1#Results］" was no anchor, and the claim failed missing_anchor
    doc = "# R\n\n在54名受试者中，有19例部分缓解［nct:NCT1#Results］。\n\n完全缓解7例［nct：NCT1#Results］。\n\n见［附录］。\n"
    cited = dict(_anchored(doc))
    assert cited["在54名受试者中，有19例部分缓解。"] == ["nct:NCT1#Results"]
    assert cited["完全缓解7例。"] == ["nct:NCT1#Results"]
    claims = parse_report(doc, "markdown", SETTINGS).claims
    assert all("附录" not in c.text or not c.anchors for c in claims)  # a full-width bracket that is no anchor stays text


def test_an_anchor_in_lenticular_brackets_with_a_full_width_hash_is_the_same_citation() -> None:
    # rt21b case27: "【nct：NCT1＃Adverse Events】" was a malformed anchor and the claim cited nothing
    doc = "# R\n\n严重不良事件发生率为5.8%【nct：NCT1＃Adverse Events】。\n\n完全缓解7例【nct：NCT1＃Results；pmid：2】。\n"
    cited = dict(_anchored(doc))
    assert cited["严重不良事件发生率为5.8%。"] == ["nct:NCT1#Adverse Events"]
    assert cited["完全缓解7例。"] == ["nct:NCT1#Results", "pmid:2"]


def test_an_anchor_in_lenticular_brackets_is_the_same_citation() -> None:
    # rt18a: "【evidence:t.md#L3】" (the bracket Chinese writers use for references) was no anchor
    doc = "# R\n\n有19例部分缓解【nct:NCT1#Results】。\n\n完全缓解7例【nct：NCT1#Results】。\n\n见【附录】。\n\n共7例【nct:NCT1#Results］。\n"
    cited = dict(_anchored(doc))
    assert cited["有19例部分缓解。"] == ["nct:NCT1#Results"]
    assert cited["完全缓解7例。"] == ["nct:NCT1#Results"]
    assert cited["共7例【nct:NCT1#Results］。"] == []  # mixed bracket styles are not a pair
    claims = parse_report(doc, "markdown", SETTINGS).claims
    assert all("附录" not in c.text or not c.anchors for c in claims)
