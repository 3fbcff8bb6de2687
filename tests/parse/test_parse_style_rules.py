"""A report's own <style> rules: text a simple rule hides is not claimed; text another rule may
show again is unsure; a rule that does not hide, or hides only under @media, leaves it read.

Red team s26 (hiddencss): "<style>.fn-x{display:none}</style>" was ignored, so the hidden text
was read into the claim a reader sees without it.
"""

from __future__ import annotations

import pytest

from citeproof.parse import parse_report
from citeproof.pipeline import VerifyOptions, run
from citeproof.settings import Settings

_CLAIM = "Serious adverse events were {} observed in 12 patients [nct:NCT1#L1]."


def _claim(style: str, markup: str):
    html = f"<html><head><style>{style}</style></head><body><h1>R</h1>\n<p>{_CLAIM.format(markup)}</p>\n</body></html>"
    (claim,) = parse_report(html, "html", Settings()).claims
    return claim


@pytest.mark.parametrize(
    ("style", "markup"),
    [
        (".fn-x{display:none}", '<span class="fn-x">not</span>'),
        ("#n{visibility:hidden}", '<span id="n">not</span>'),
        ("span.aside{display:none}", '<span class="aside">not</span>'),
        ("i{display:none}", "<i>not</i>"),
        (".a,.b{display:none}", '<span class="b">not</span>'),
    ],
)
def test_text_a_simple_rule_hides_is_not_claimed(style, markup):
    claim = _claim(style, markup)
    assert claim.text == "Serious adverse events were observed in 12 patients."
    assert claim.unsure_text == ()


@pytest.mark.parametrize(
    ("style", "markup"),
    [
        (".x{color:red}", '<span class="x">not</span>'),
        ("@media print{.x{display:none}}", '<span class="x">not</span>'),  # conditional
        # not understood: a report hides by simple selectors only, so the text is read and checked
        ("p .x{display:none}", '<span class="x">not</span>'),
        ("[data-x]{display:none}", '<span data-x="1">not</span>'),
        (".x:hover{display:none}", '<span class="x">not</span>'),
        (".x::after{display:none}", '<span class="x">not</span>'),
        (".x{color:red  span{display:none}", '<span class="x">not</span>'),  # unclosed: swallows the next rule
    ],
)
def test_text_no_simple_rule_hides_is_read(style, markup):
    claim = _claim(style, markup)
    assert claim.text == "Serious adverse events were not observed in 12 patients."
    assert claim.unsure_text == ()


@pytest.mark.parametrize(
    "style",
    [
        ".x{display:none} @media (min-width:600px){.x{display:inline}}",
        ".x{display:none} .x.open{display:inline}",
        ".x{display:none} p:hover .x{visibility:visible}",
    ],
)
def test_text_another_rule_may_show_again_is_unsure(style):
    claim = _claim(style, '<span class="x open">not</span>')
    assert claim.text == "Serious adverse events were observed in 12 patients."
    assert claim.unsure_text and "another rule may override" in claim.unsure_text[0]


@pytest.mark.parametrize(
    ("style", "markup", "why"),
    [
        # rt27t: the open tab of the usual tab pattern is shown by its own style attribute
        (".tab{display:none}", '<span class="tab" style="display:inline">not</span>', "its own style attribute"),
        ("#t{display:none}", '<span id="t" style="display: inline !important">not</span>', "its own style attribute"),
    ],
)
def test_text_its_own_style_shows_again_is_unsure(style, markup, why):
    claim = _claim(style, markup)
    assert claim.text == "Serious adverse events were observed in 12 patients."
    assert claim.unsure_text and why in claim.unsure_text[0]


@pytest.mark.parametrize(
    ("script", "unsure"),
    [
        ("<script>function show(id){document.getElementById(id).style.display='inline'}</script>", True),
        ('<button onclick="show(1)">More</button>', True),
        ('<script type="application/ld+json">{"@type": "Report"}</script>', False),  # data, runs nothing
        ("", False),
    ],
)
def test_text_a_rule_hides_on_a_page_that_runs_scripts_is_unsure(script, unsure):
    html = (f"<html><head><style>.x{{display:none}}</style></head><body><h1>R</h1>{script}\n"
            f"<p>{_CLAIM.format('<span class=x>not</span>')}</p>\n</body></html>")
    (claim,) = parse_report(html, "html", Settings()).claims
    assert claim.text == "Serious adverse events were observed in 12 patients."
    assert bool(claim.unsure_text) is unsure
    if unsure:
        assert "scripts may show it" in claim.unsure_text[0]


def test_a_style_block_in_the_body_and_a_malformed_one_do_not_hide_the_page():
    html = ("<html><body><h1>R</h1><style>}{ .y{display:none</style>\n<p>Rates were 12% [nct:NCT1#L1].</p>\n"
            "<style>.fn{display:none}</style><p>Rates were 40%<span class='fn'> (14%)</span> [nct:NCT1#L2].</p></body></html>")
    claims = parse_report(html, "html", Settings()).claims
    assert [c.text for c in claims] == ["Rates were 12%.", "Rates were 40%."]


def _run(tmp_path, style: str, markup: str):
    folder = tmp_path / "sources" / "evidence"
    folder.mkdir(parents=True)
    (folder / "s.md").write_text("Serious adverse events were observed in 12 patients.\n", encoding="utf-8")
    claim = "Serious adverse events were {} observed in 12 patients [evidence:s.md#L1]."
    html = f"<html><head><style>{style}</style></head><body><h1>R</h1>\n<p>{claim.format(markup)}</p>\n</body></html>"
    (checked,) = [c for c in run(html, "html", folder.parent, VerifyOptions(mode="report")).claims if c.anchors]
    return checked.status


def test_through_the_pipeline_hidden_text_is_not_checked_and_shown_text_is(tmp_path):
    assert _run(tmp_path / "a", ".x{display:none}", '<span class="x">not</span>') == "pass"
    # shown: the reader sees "not", which the source does not say
    assert _run(tmp_path / "b", ".x{color:red}", '<span class="x">not</span>') != "pass"
    assert _run(tmp_path / "c", "@media print{.x{display:none}}", '<span class="x">not</span>') != "pass"
    assert _run(tmp_path / "d", ".x{display:none} .x.on{display:inline}", '<span class="x on">not</span>') == "undecided"
    # rt27t: the shown tab's figure is checked, not dropped: its "not" keeps it from passing
    assert _run(tmp_path / "e", ".tab{display:none}", '<span class="tab" style="display:inline">not</span>') != "pass"


_TABS = ("<html><head><style>.tab{{display:none}}</style></head><body><h1>R</h1>{script}\n"
         '<div class="tab"{shown}><h2>Efficacy</h2><p>The response rate was 61% [nct:NCT1#L3].</p></div>\n'
         "<p>Median survival was 17.1 months [nct:NCT1#L4].</p>\n</body></html>")


@pytest.mark.parametrize(
    ("script", "shown", "why"),
    [
        # rt27t case18: the open tab of a tab set holds paragraphs of its own; they were dropped
        # with their figures, and a fabricated 61% there published unchecked
        ("", ' style="display:block"', "its own style attribute"),
        ("<script>function open(n){}</script>", "", "scripts may show it"),
    ],
)
def test_blocks_a_rule_hides_but_something_may_show_are_claims_that_cannot_pass(script, shown, why):
    claims = parse_report(_TABS.format(script=script, shown=shown), "html", Settings()).claims
    assert [c.text for c in claims] == ["The response rate was 61%.", "Median survival was 17.1 months."]
    assert why in claims[0].unsure_text[0] and claims[0].location.section_path == ("R", "Efficacy")
    assert claims[1].unsure_text == ()


def test_blocks_a_rule_hides_with_nothing_to_show_them_are_not_claimed():
    claims = parse_report(_TABS.format(script="", shown=""), "html", Settings()).claims
    assert [(c.text, c.unsure_text) for c in claims] == [("Median survival was 17.1 months.", ())]


def test_a_fabricated_figure_in_the_open_tab_blocks_the_report(tmp_path):
    sources = tmp_path / "sources" / "clinical_trials"
    sources.mkdir(parents=True)
    (sources / "NCT1.txt").write_text("Results\n\nThe response rate was 42%.\nMedian survival was 17.1 months.\n")
    html = _TABS.format(script="", shown=' style="display:block"')
    out = run(html, "html", tmp_path / "sources", VerifyOptions(mode="report"))
    statuses = {c.text: c.status for c in out.claims}
    assert statuses == {"The response rate was 61%.": "fail", "Median survival was 17.1 months.": "pass"}


@pytest.mark.parametrize(
    ("style", "markup", "unsure"),
    [
        # the hidden attribute is the browser's own rule: any rule that displays the element wins
        ("[hidden]{display:block}", '<span hidden>not</span>', True),
        ("span{display:inline}", '<span hidden>not</span>', True),
        (".d-none{display:inline!important}", '<span class="d-none">not</span>', True),
        # an inline style wins over a rule unless the rule is !important
        (".h{display:inline}", '<span class="h" style="display:none">not</span>', False),
        (".h{display:inline !important}", '<span class="h" style="display:none">not</span>', True),
        # a rule that shows other elements leaves the hidden one hidden
        (".other{display:block}", '<span hidden>not</span>', False),
    ],
)
def test_markup_hiding_a_rule_may_undo_is_unsure(style, markup, unsure):
    claim = _claim(style, markup)
    assert claim.text == "Serious adverse events were observed in 12 patients."
    assert bool(claim.unsure_text) is unsure
    if unsure:
        assert "hidden by its markup, shown by a <style> rule" in claim.unsure_text[0]


@pytest.mark.parametrize(
    ("style", "unsure"),
    [
        # rt28t css1: '.pct::before{content:"1"}' draws "15%" where the text says "5%"
        ('.n::before{content:"1"}', True),
        (".n::after{content:'0'}", True),
        ('.n:before{content:"1"}', True),
        ('p .n::before{content:"1"}', True),
        ('.n::before{content:"*"}', False),  # a mark, no figure
        (".n::before{content:counter(item)}", False),  # list numbering
        ('.other::before{content:"1"}', False),
    ],
)
def test_digits_a_rule_draws_into_an_element_keep_its_sentence_from_passing(style, unsure):
    html = (f"<html><head><style>{style}</style></head><body><h1>R</h1>\n"
            '<p>Serious adverse events were observed in <span class="n">12</span> patients [nct:NCT1#L1].</p>\n</body></html>')
    (claim,) = parse_report(html, "html", Settings()).claims
    assert claim.text == "Serious adverse events were observed in 12 patients."  # read as written
    assert bool(claim.unsure_text) is unsure
    if unsure:
        assert "writes digits into its ::before/::after" in claim.unsure_text[0]


def test_a_markdown_reports_style_block_styles_its_html():
    md = ("# R\n\n<style>.x{display:none} [hidden]{display:block}</style>\n\n"
          'Serious adverse events were <span class="x">not</span> observed in 12 patients [nct:NCT1#L1].\n\n'
          "<div hidden>\n\nRates were 99% [nct:NCT1#L2].\n\n</div>\n")
    claims = parse_report(md, "markdown", Settings()).claims
    assert [(c.text, bool(c.unsure_text)) for c in claims] == [
        ("Serious adverse events were observed in 12 patients.", False),
        ("Rates were 99%.", True),
    ]


def test_a_markdown_hidden_wrapper_stays_hidden_without_a_showing_rule():
    md = ("# R\n\n<style>.x{color:red}</style>\n\n<div hidden>\n\nRates were 99% [nct:NCT1#L2].\n\n</div>\n\n"
          "Rates were 12% [nct:NCT1#L1].\n")
    assert [c.text for c in parse_report(md, "markdown", Settings()).claims] == ["Rates were 12%."]


def test_a_rule_forcing_a_shown_element_to_show_changes_nothing():
    claim = _claim(".h{display:inline !important}", '<span class="h">not</span>')
    assert claim.text == "Serious adverse events were not observed in 12 patients."
    assert claim.unsure_text == ()
