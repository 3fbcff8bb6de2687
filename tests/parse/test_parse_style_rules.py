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
        # rhide: a selector is matched as written, as for saved sources (descendants, children,
        # attribute tests, static pseudo-classes)
        ("p .x{display:none}", '<span class="x">not</span>'),
        ("[data-x]{display:none}", '<span data-x="1">not</span>'),
        ("p > span[data-k]{display:none}", '<span data-k="1">not</span>'),
        ("p .v{visibility:hidden}", '<span class="v">not</span>'),
        ("body p .b{display:none}", '<span class="b">not</span>'),
        ("p span:first-child{display:none}", "<span>not</span>"),
        ("p span:not(.shown){display:none}", "<span>not</span>"),
        (".sm\\:gone{display:none}", '<span class="sm:gone">not</span>'),  # an escaped colon names no state
    ],
)
def test_text_a_rule_hides_is_not_claimed(style, markup):
    claim = _claim(style, markup)
    assert claim.text == "Serious adverse events were observed in 12 patients."
    assert claim.unsure_text == ()


@pytest.mark.parametrize(
    ("style", "markup"),
    [
        (".x{color:red}", '<span class="x">not</span>'),
        ("@media print{.x{display:none}}", '<span class="x">not</span>'),  # conditional
        (".x::after{display:none}", '<span class="x">not</span>'),
        (".x{color:red  span{display:none}", '<span class="x">not</span>'),  # unclosed: swallows the next rule
        # rhide: a rule that styles other elements than the claim's leaves its text shown
        ("nav{display:none} .cookie-banner{display:none}", '<span class="x">not</span>'),
        (".sidebar .x{display:none}", '<span class="x">not</span>'),
        ("div > span.x{display:none}", '<span class="x">not</span>'),
        ("span[data-k]{display:none}", '<span data-j="1">not</span>'),
        (".g .v{visibility:hidden} .op{opacity:0}", '<span class="w">not</span>'),
        ("p span:not(.x){display:none}", '<span class="x">not</span>'),
        ("span:nth-child(2){display:none}", "<span>not</span>"),
    ],
)
def test_text_no_rule_hides_is_read(style, markup):
    claim = _claim(style, markup)
    assert claim.text == "Serious adverse events were not observed in 12 patients."
    assert claim.unsure_text == ()


@pytest.mark.parametrize(
    "style",
    [
        ".x{display:none} @media (min-width:600px){.x{display:inline}}",
        ".x{display:none} .x:is(.open){display:inline}",  # a function: its weight is not counted here
        ".x{display:none} p:hover .x{visibility:visible}",
    ],
)
def test_text_another_rule_may_show_again_is_unsure(style):
    claim = _claim(style, '<span class="x open">not</span>')
    assert claim.text == "Serious adverse events were observed in 12 patients."
    assert claim.unsure_text and "another rule may override" in claim.unsure_text[0]


@pytest.mark.parametrize(
    ("style", "markup"),
    [
        # rt27t: the open tab of the usual tab pattern is shown by its own style attribute; an
        # inline style is the weightiest normal declaration, as browsers weigh it (unsure rt37)
        (".tab{display:none}", '<span class="tab" style="display:inline">not</span>'),
        ("#t{display:none}", '<span id="t" style="display: inline !important">not</span>'),
        ("#t{display:none!important}", '<span id="t" style="display: inline !important">not</span>'),
        ("span#t.x{visibility:hidden}", '<span id="t" class="x" style="visibility:visible">not</span>'),
        (".x{opacity:0}", '<span class="x" style="opacity:1">not</span>'),
    ],
)
def test_text_its_own_style_shows_again_is_read(style, markup):
    claim = _claim(style, markup)
    assert claim.text == "Serious adverse events were not observed in 12 patients."
    assert claim.unsure_text == ()


@pytest.mark.parametrize(
    ("style", "markup"),
    [
        # a rule's !important beats a normal inline declaration; a property it does not show hides still
        (".tab{display:none!important}", '<span class="tab" style="display:inline">not</span>'),
        (".tab{visibility:hidden}", '<span class="tab" style="display:inline">not</span>'),
    ],
)
def test_text_its_own_style_does_not_show_again_stays_hidden(style, markup):
    claim = _claim(style, markup)
    assert claim.text == "Serious adverse events were observed in 12 patients."
    assert claim.unsure_text == ()


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


@pytest.mark.parametrize(
    ("style", "markup", "why"),
    [
        # rhide: a rule draws the text where no eye sees it, as an inline style would
        (".op{opacity:0}", '<span class="op">not</span>', "styled not to be seen (by a <style> rule)"),
        (".tw{font-size:0}", '<span class="tw">not</span>', "styled not to be seen"),
        ("p .w{color:transparent}", '<span class="w">not</span>', "styled not to be seen"),
        (".off{position:absolute;left:-9999px}", '<span class="off">not</span>', "read aloud by screen readers"),
        (".box{height:0;overflow:hidden}", '<span class="box">not</span>', "read aloud by screen readers"),
    ],
)
def test_text_a_rule_draws_unseen_is_unsure(style, markup, why):
    claim = _claim(style, markup)
    assert claim.text == "Serious adverse events were observed in 12 patients."
    assert len(claim.unsure_text) == 1 and why in claim.unsure_text[0]


@pytest.mark.parametrize(
    "style",
    [
        # a selector whose match hangs on the reader (hover, a linked target) or the parser
        # cannot read: it may hide the text, so the sentence is read as written and cannot pass
        ".x:hover{display:none}",
        "p:not(:hover) .x{display:none}",
        "p:target .x{display:none}",
        "p .x:unknown-state(1){display:none}",
        "p .x:focus{opacity:0}",
    ],
)
def test_text_a_rule_not_decided_here_may_hide_is_read_and_noted(style):
    claim = _claim(style, '<span class="x">not</span>')
    assert claim.text == "Serious adverse events were not observed in 12 patients."
    assert len(claim.unsure_text) == 1 and "cannot be decided here" in claim.unsure_text[0]


def test_a_rule_taking_text_off_the_page_wins_over_one_drawing_it_unseen():
    claim = _claim(".x{opacity:0} p .x{display:none}", '<span class="x">not</span>')
    assert claim.text == "Serious adverse events were observed in 12 patients." and claim.unsure_text == ()


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
        ("<script>function open(n){}</script>", "", "scripts may show it"),
    ],
)
def test_blocks_a_rule_hides_but_something_may_show_are_claims_that_cannot_pass(script, shown, why):
    claims = parse_report(_TABS.format(script=script, shown=shown), "html", Settings()).claims
    assert [c.text for c in claims] == ["The response rate was 61%.", "Median survival was 17.1 months."]
    assert why in claims[0].unsure_text[0] and claims[0].location.section_path == ("R", "Efficacy")
    assert claims[1].unsure_text == ()


def test_blocks_their_own_style_shows_are_claims_read_as_any_other():
    # the open tab's style="display:block" beats the rule's normal display:none, as browsers weigh it
    claims = parse_report(_TABS.format(script="", shown=' style="display:block"'), "html", Settings()).claims
    assert [(c.text, c.unsure_text) for c in claims] == [
        ("The response rate was 61%.", ()), ("Median survival was 17.1 months.", ())]


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
    "style", [".h{display:inline !important}", "p .h{display:block!important}", "span.h{display:inline!important}"]
)
def test_an_inline_hiding_style_an_important_rule_outweighs_is_read_shown(style):
    # unsure rt37: the rule's !important beats the inline display:none, as browsers weigh it
    claim = _claim(style, '<span class="h" style="display:none">not</span>')
    assert (claim.text, claim.unsure_text) == ("Serious adverse events were not observed in 12 patients.", ())


@pytest.mark.parametrize(
    "style",
    [
        ".h:hover{display:inline!important}",  # a state: not weighed, may show it
        "@media print{.h{display:inline!important}}",  # conditional
    ],
)
def test_an_inline_hiding_style_a_rule_not_weighed_may_outweigh_stays_unsure(style):
    claim = _claim(style, '<span class="h" style="display:none">not</span>')
    assert claim.text == "Serious adverse events were observed in 12 patients."


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


# rt29t: what the first round of unsure reading still let through, and what it held back needlessly
_PANEL = ('<div role="tablist"><button role="tab" aria-controls="p2">Survival</button></div>\n'
          '<div {attrs}><p>Median survival was 14.8 months [nct:NCT1#L4].</p></div>\n')
_SHOW = "<script>function show(id){document.getElementById(id).hidden=false}</script>"


def _page(body: str, head: str = "") -> list[tuple[str, bool]]:
    html = f"<html><head>{head}</head><body><h1>R</h1>\n<p>Rates were 12% [nct:NCT1#L1].</p>\n{body}</body></html>"
    return [(c.text, bool(c.unsure_text)) for c in parse_report(html, "html", Settings()).claims]


@pytest.mark.parametrize(
    "attrs",
    ['role="tabpanel" id="p2" hidden', 'role="tabpanel" class="hidden"', 'id="p2" class="d-none"',
     'id="p2" style="display:none"'],
)
def test_a_tab_its_markup_hides_on_a_page_whose_scripts_show_it_is_read_unsure(attrs):
    # h19-h22: the ARIA tab pattern; the panel is named by a role or by a control's aria-controls
    assert _page(_PANEL.format(attrs=attrs) + _SHOW) == [("Rates were 12%.", False), ("Median survival was 14.8 months.", True)]


@pytest.mark.parametrize(
    ("body", "read"),
    [
        (_PANEL.format(attrs='role="tabpanel" id="p2" hidden'), False),  # no script: hidden stays hidden
        (_SHOW + '<div id="tpl" hidden><p>Median survival was 14.8 months [nct:NCT1#L4].</p></div>', False),  # nothing names it
        (_SHOW + '<div id="x" hidden><p>Median survival was 14.8 months [nct:NCT1#L4].</p></div>'
         "<script>show('x')</script>", True),  # a script names its id
        ("<dialog><p>Median survival was 14.8 months [nct:NCT1#L4].</p></dialog>"
         "<button onclick=\"document.querySelector('dialog').showModal()\">More</button>", True),  # d2
        ('<div hidden style="display:block"><p>Median survival was 14.8 months [nct:NCT1#L4].</p></div>', True),  # h1
    ],
)
def test_what_a_script_or_its_own_style_may_show(body, read):
    claims = _page(body)
    assert (("Median survival was 14.8 months.", True) in claims) is read
    assert claims[0] == ("Rates were 12%.", False)


@pytest.mark.parametrize(
    ("style", "unsure"),
    [
        (r"li::before{content:'\2022'}", False),  # s1: a bullet written as a CSS escape
        (r'.n:before{content:"\f00c"}', False),  # s3: an icon font's glyph
        (r".n::after{content:'\00a0'}", False),  # s5
        (r".n::before{content:'\31'}", True),  # the escape of "1" is a digit
        (".n::before{content:attr(data-p)}", True),  # x1: the attribute's digits are not read here
    ],
)
def test_css_escapes_are_read_before_looking_for_digits(style, unsure):
    html = (f"<html><head><style>{style}</style></head><body><h1>R</h1>\n"
            '<ul><li>Rates were <span class="n" data-p="1">4%</span> in all [nct:NCT1#L1].</li></ul>\n</body></html>')
    (claim,) = parse_report(html, "html", Settings()).claims
    assert bool(claim.unsure_text) is unsure


def test_a_markdown_display_rule_for_other_elements_leaves_a_hidden_wrapper_hidden():
    # m10: ".kpi{display:grid}" displays .kpi elements only, not every hidden <div>
    md = ("# R\n\n<style>.kpi{display:grid} div.note{display:block}</style>\n\n<div hidden>\n\n"
          "Placeholder 00.0 months [nct:NCT1#L2].\n\n</div>\n\nRates were 12% [nct:NCT1#L1].\n")
    assert [c.text for c in parse_report(md, "markdown", Settings()).claims] == ["Rates were 12%."]


def test_markdown_wrappers_the_outermost_decides_and_text_after_a_hidden_one_is_read():
    # m3: a hidden note inside a screen-reader-only region no longer skips the whole region
    m3 = ('# R\n\n<div class="sr-only">\n<div hidden>\n\nDraft.\n\n</div>\n\n'
          "Median survival was 14.8 months [nct:NCT1#L4].\n\n</div>\n")
    assert [(c.text, bool(c.unsure_text)) for c in parse_report(m3, "markdown", Settings()).claims] \
        == [("Median survival was 14.8 months.", True)]
    # m2: "</div>" and the next line are one html_block; the line is outside the wrapper
    m2 = "# R\n\n<div hidden>\n\nDraft note.\n\n</div>\nMedian survival was 14.8 months [nct:NCT1#L4].\n"
    claims = parse_report(m2, "markdown", Settings()).claims
    assert [(c.text, bool(c.unsure_text), c.location.line) for c in claims] == [("Median survival was 14.8 months.", False, 8)]


def test_a_markdown_tab_panel_its_scripts_show_is_read_unsure():
    # m4: the ARIA tab pattern written in a Markdown report
    md = ('# R\n\n<div role="tabpanel" id="p2" hidden>\n\nMedian survival was 14.8 months [nct:NCT1#L4].\n\n</div>\n\n'
          "Rates were 12% [nct:NCT1#L1].\n\n<script>function show(id){document.getElementById(id).hidden=false}</script>\n")
    claims = [(c.text, bool(c.unsure_text)) for c in parse_report(md, "markdown", Settings()).claims]
    assert claims == [("Median survival was 14.8 months.", True), ("Rates were 12%.", False)]
    without = md.replace("<script>function show(id){document.getElementById(id).hidden=false}</script>\n", "")
    assert [c.text for c in parse_report(without, "markdown", Settings()).claims] == ["Rates were 12%."]


# rhide (red team rt34b hx1–hx8): a figure split by a span some rule hides — the reader sees
# "4%", and the text read as "45%" passed against a source saying 45%
_SPLIT_SOURCE = "<html><body><h2 id='Results'>Results</h2><p>The objective response rate was 45% in Arm A.</p></body></html>"
_SPLIT_CLAIM = "The objective response rate was {} in Arm A [evidence:trial.html#Results]."


_FX = '4<span class="fx">5</span>%'


def _split(tmp_path, style: str, figure: str, around: str = "{}", kind: str = "html") -> str:
    folder = tmp_path / "sources" / "evidence"
    folder.mkdir(parents=True)
    (folder / "trial.html").write_text(_SPLIT_SOURCE, encoding="utf-8")
    claim = _SPLIT_CLAIM.format(figure)
    if kind == "html":
        report = (f"<html><head><style>{style}</style></head><body><h1>Review</h1>\n"
                  f'<div class="res" id="sec3">{around.format(f"<p class=g>{claim}</p>")}</div>\n</body></html>')
    else:
        report = f"# Review\n\n<style>{style}</style>\n\n{claim}\n"
    (checked,) = [c for c in run(report, kind, folder.parent, VerifyOptions(mode="report")).claims if c.anchors]
    return checked.status


@pytest.mark.parametrize(
    ("style", "figure"),
    [
        (".res span.fx{display:none}", '4<span class="fx">5</span>%'),
        ("p > span[data-k]{display:none}", '4<span data-k="1">5</span>%'),
        (".g .v{visibility:hidden}", '4<span class="v">5</span>%'),
        ("#sec3 .b{display:none}", '4<span class="b">5</span>%'),
        (".op{opacity:0}", '4<span class="op">5</span>%'),
        (".tw{font-size:0}", '4<span class="tw">5</span>%'),
        (".x{}", '4<span style="width:0;height:0;overflow:hidden;display:inline-block">5</span>%'),
        (".x{}", '4<span style="position:absolute;left:-9999px">5</span>%'),
        (".off{position:absolute;left:-9999px}", '4<span class="off">5</span>%'),
        (".fx:hover{display:none}", '4<span class="fx">5</span>%'),
        # cssfix (rt35): a fade-in that does not keep its last frame, whose frames are not on the
        # page, or that ends unseen leaves the text unseen
        (".fx{opacity:0;animation:fadeIn .8s ease} @keyframes fadeIn{to{opacity:1}}", _FX),
        (".fx{opacity:0;animation:fadeIn .8s ease forwards}", _FX),
        (".fx{opacity:0;animation:f 1s forwards} @keyframes f{to{opacity:0.05}}", _FX),
        (".fx{opacity:0;animation:f 1s forwards} @keyframes f{to{color:red}}", _FX),
        (".fx{opacity:0;animation:f 1s forwards;filter:opacity(0)} @keyframes f{to{opacity:1}}", _FX),
        # rt36b c1: a fade-out that keeps its last frame leaves the text unseen, whatever the rule
        # declares before it runs
        (".fx{animation:fadeOut 1s forwards} @keyframes fadeOut{from{opacity:1}to{opacity:0}}", _FX),
        (".fx{animation:f 2s ease both} @keyframes f{0%{opacity:1}100%{opacity:0}}", _FX),
        (".fx{animation-name:f;animation-duration:1s;animation-fill-mode:forwards} @keyframes f{to{opacity:0.02}}", _FX),
        (".fx{opacity:1;animation:a 1s forwards,b 1s forwards} @keyframes a{to{opacity:1}} @keyframes b{to{opacity:0}}", _FX),
        # a size is the nearest element's that declares one: its own zero hides it, whatever an
        # ancestor's; a rule in doubt on the same element (any of them hiding) hides it
        (".g{font-size:16px} .fx{font-size:0}", _FX),
        (".fx{font-size:0} span{font-size:16px}", _FX),
        (".res{font-size:0} .kpi{font-size:16px}", _FX),  # the span reset nowhere: the row's zero
        # a colour lost on the background it stands on (the page's white when none is painted)
        (".fx{color:#fff}", _FX),
        (".fx{color:rgb(255, 255, 255)}", _FX),
        ("body{background:hsl(0,0%,100%)} .fx{color:hsl(0, 0%, 100%)}", _FX),
        (".res{background:#f8f9fa} .fx{color:#f8f9fa}", _FX),
        ("body{background:#111;color:#eee} .fx{color:#111}", _FX),
        (".fx{color:rgba(0,0,0,0.05)}", _FX),
        (".fx{color:transparent}", _FX),
        (".res{background:#000} .fx{color:rgba(255,255,255,0.02)}", _FX),  # see-through: the card shows
        (".res{background:#000;color:#fff} .fx{background:#fff}", _FX),  # white on its own white box
        (".fx{background:#1e293b;color:#1e293b}", _FX),
        # drawn nowhere: clipped whole, scaled to nothing, a box of no width, moved far away
        (".fx{clip-path:inset(100%)}", _FX),
        (".fx{display:inline-block;transform:scale(0)}", _FX),
        (".fx{display:inline-block;transform:scaleX(0)}", _FX),
        (".fx{display:inline-block;width:0;overflow:hidden}", _FX),
        (".fx{display:inline-block;max-width:0;overflow:hidden}", _FX),
        (".fx{filter:opacity(0)}", _FX),
        (".fx{opacity:0.01}", _FX),
        (".fx{font-size:1px}", _FX),
        (".fx{font-size:0.0001px}", _FX),
        (".fx{display:inline-block;transform:translateX(-9999px)}", _FX),
        (".fx{margin-left:-9999px}", _FX),
        # rt36b c2: drawn right to left ('45' shows as '54'); c3: a <font> colour lost on the page
        (".x{}", '<bdo dir="rtl">45</bdo>%'),
        (".x{}", '<span style="unicode-bidi:bidi-override;direction:rtl">45</span>%'),
        (".x{}", '<span dir="rtl" style="unicode-bidi: isolate-override">45</span>%'),
        (".fx{unicode-bidi:bidi-override;direction:rtl}", '<span class="fx">45</span>%'),
        (".x{}", '4<font color="#fff">5</font>%'),
        (".x{}", '4<font color="white">5</font>%'),
    ],
)
def test_a_figure_a_rule_hides_part_of_never_passes_on_the_hidden_part(tmp_path, style, figure):
    assert _split(tmp_path, style, figure) != "pass"


@pytest.mark.parametrize(
    ("style", "figure", "around"),
    [
        (".res span.fx{display:none}", "45%", "{}"),  # the same claim, nothing hidden
        (".op{opacity:0} .off{position:absolute;left:-9999px}", "45%", "{}"),
        (".x{}", '4<span aria-hidden="true">5</span>%', "{}"),  # on screen, hidden from assistive technology only
        ("nav{display:none} .cookie-banner{display:none}", "45%", '<nav>Menu 12</nav>{}<div class="cookie-banner">We use 3 cookies</div>'),
        (".sidebar span.fx{display:none} p > b{display:none}", '4<span class="fx">5</span>%', "{}"),
        (".g .v{visibility:hidden}", '4<span class="w">5</span>%', '<aside class="sidebar"><span class="v">9</span></aside>{}'),
        # cssfix (rt35): an ordinary dashboard's styles. A fade-in that ends seen and keeps its
        # last frame
        (".res{opacity:0;animation:fadeIn 0.8s ease forwards} @keyframes fadeIn{to{opacity:1}}", "45%", "{}"),
        (".res{opacity:0;animation-name:up;animation-duration:1s;animation-fill-mode:both}"
         "@-webkit-keyframes up{from{opacity:0}100%{opacity:1}}", "45%", "{}"),
        # rt36b c1: a fade-out that does not keep its last frame shows the text again when it ends
        (".fx{animation:fadeOut 1s} @keyframes fadeOut{from{opacity:1}to{opacity:0}}", '<span class="fx">45%</span>', "{}"),
        (".fx{animation:pulse 1s forwards} @keyframes pulse{to{opacity:0.6}}", '<span class="fx">45%</span>', "{}"),
        # the inline-block gap trick: the row sized to nothing, each card its own size again
        (".kpi-row{font-size:0} .kpi-row .kpi{display:inline-block;font-size:16px}", "45%",
         '<div class="kpi-row"> <div class="kpi">{}</div> </div>'),
        (".kpi-row{font-size:0}", "45%", '<div class="kpi-row"> <div style="font-size:1rem">{}</div> </div>'),
        # white on a dark card, a badge, a gradient, the page's own dark background
        (".res{background:#1e293b;color:#ffffff}", "45%", "{}"),
        (".res{background-color:#212529;color:#fff !important}", "45%", "{}"),
        (".fx{background:#dc3545;color:#fff;padding:2px 6px}", '<span class="fx">45%</span>', "{}"),
        (".hero{background:linear-gradient(135deg,#1e3a8a,#2563eb);color:white} .hero p{color:#fff}", "45%",
         '<section class="hero">{}</section>'),
        ("body{background:#000} .g{color:#fff}", "45%", "{}"),
        (".x{}", "45%", '<div style="background:#0d6efd;color:#fff">{}</div>'),
        (".muted{color:#9ca3af} .g{color:#1f2937}", "45%", "{}"),
        # rt36b c2, c3: text drawn in its own order, a <font> colour seen on the page
        (".x{}", '<bdo dir="ltr">45</bdo>%', "{}"),
        (".x{}", '<span dir="rtl">45</span>%', "{}"),
        (".fx{unicode-bidi:isolate}", '<span class="fx">45</span>%', "{}"),
        (".x{}", '<font color="#1f2937">45%</font>', "{}"),
    ],
)
def test_a_figure_no_rule_hides_still_passes(tmp_path, style, figure, around):
    assert _split(tmp_path, style, figure, around) == "pass"


@pytest.mark.parametrize(
    ("style", "figure", "around"),
    [
        # rt37 c1: a colour is weighed on the ground the nearest painted element lays under it
        (".x{}", '4<font color="#000">5</font>%', '<div style="background:#000">{}</div>'),
        (".x{}", '4<span style="color:#111">5</span>%', '<table><tr><td bgcolor="#111111">{}</td></tr></table>'),
        (".x{}", '4<font color="white">5</font>%', '<div style="background:#000"><div style="background:#fff">{}</div></div>'),
        (".x{}", '4<font color="white">5</font>%', '<div bgcolor="#000"><div style="background:white">{}</div></div>'),
        # a rule may paint a white card between the dark ground and the text: weighed on the white
        (".card{background:#fff}", '4<font color="white">5</font>%', '<div style="background:#000"><div class="card">{}</div></div>'),
    ],
)
def test_a_colour_lost_on_the_ground_painted_under_it_never_passes(tmp_path, style, figure, around):
    assert _split(tmp_path, style, figure, around) != "pass"


@pytest.mark.parametrize(
    ("style", "figure", "around"),
    [
        # rt37 c1: white text in a dark table cell or card is seen
        (".x{}", '4<font color="white">5</font>%', '<table><tr><td bgcolor="#003366">{}</td></tr></table>'),
        (".x{}", '4<font color="#ffffff">5</font>%', '<div style="background-color:navy">{}</div>'),
        (".x{}", '4<span style="color:#fff">5</span>%', '<div style="background:#1e293b">{}</div>'),
        (".x{}", '4<span style="color:#fff;background:#dc3545">5</span>%', "{}"),
        # its own ground is the one under it, whatever its ancestor paints
        (".x{}", '4<span style="color:#fff;background:#dc3545">5</span>%', '<div style="background:#fff">{}</div>'),
    ],
)
def test_a_colour_seen_on_the_ground_painted_under_it_passes(tmp_path, style, figure, around):
    assert _split(tmp_path, style, figure, around) == "pass"


@pytest.mark.parametrize(
    ("style", "status"),
    [
        # a Markdown report's HTML is read in pieces: a rule naming ancestors the piece does not
        # hold may still hide the span in the page, so its sentence cannot pass
        (".res span.fx{display:none}", "undecided"),
        ("span.fx{display:none}", "fail"),  # hidden for sure: the reader sees 4%
        # drawn unseen: "4%" without it fails, "45%" with it does not, so it never fails (unsure)
        (".fx{opacity:0}", "undecided"),
        (".fx:hover{display:none}", "undecided"),
        ("nav{display:none}", "pass"),
    ],
)
def test_a_markdown_reports_rules_read_in_pieces(tmp_path, style, status):
    assert _split(tmp_path, style, '4<span class="fx">5</span>%' if status != "pass" else "45%", kind="markdown") == status


def test_the_note_on_text_drawn_unseen_says_it_was_left_out():
    # cssfix (rt35): "occurred in of patients" with no word of the figure dropped read as the
    # report's own gap; the note says the unseen text is not in the sentence checked
    claim = _claim(".fx{color:#fff}", '<span class="fx">not</span>')
    assert claim.text == "Serious adverse events were observed in 12 patients."
    assert claim.unsure_text[0].endswith("holds 'not', styled not to be seen (by a <style> rule); left out of the sentence checked")


# ctxfix 3: the cascade, as browsers weigh it. ".h{display:none} .h{display:inline}" shows the
# text (a later rule of equal specificity wins); it was read as hidden, and a correct claim was held.
_SHOWN = "Serious adverse events were not observed in 12 patients."
_HIDDEN = "Serious adverse events were observed in 12 patients."


@pytest.mark.parametrize(
    ("style", "markup"),
    [
        (".h{display:none} .h{display:inline}", '<span class="h">not</span>'),
        (".h{visibility:hidden} .h{visibility:visible}", '<span class="h">not</span>'),
        (".h{opacity:0} .h{opacity:1}", '<span class="h">not</span>'),
        (".x{display:none} .x.open{display:inline}", '<span class="x open">not</span>'),  # more specific
        ("p .h{display:none} p span.h{display:inline}", '<span class="h">not</span>'),
        ("#n{display:inline !important} #n{display:none}", '<span id="n">not</span>'),  # important beats later
        (".h{display:none} span.h{display:inline}", '<span class="h">not</span>'),
    ],
)
def test_text_a_later_or_weightier_rule_shows_again_is_read(style, markup):
    claim = _claim(style, markup)
    assert claim.text == _SHOWN
    assert claim.unsure_text == ()


@pytest.mark.parametrize(
    ("style", "markup"),
    [
        (".h{display:inline} .h{display:none}", '<span class="h">not</span>'),  # the later one hides
        (".h{display:none} span{display:inline}", '<span class="h">not</span>'),  # less specific
        (".h{display:none !important} .h{display:inline}", '<span class="h">not</span>'),  # important
        ("p .h{display:none} .h{display:inline}", '<span class="h">not</span>'),  # less specific
        (".h{display:none} .h{visibility:visible}", '<span class="h">not</span>'),  # another property
        ("#n{display:none} .h{display:inline}", '<span id="n" class="h">not</span>'),
    ],
)
def test_text_a_later_or_weightier_rule_hides_stays_hidden(style, markup):
    claim = _claim(style, markup)
    assert claim.text == _HIDDEN
    assert claim.unsure_text == ()


def test_text_shown_again_in_part_is_drawn_unseen():
    claim = _claim(".h{display:none;opacity:0} .h{display:inline}", '<span class="h">not</span>')
    assert claim.text == _HIDDEN
    assert claim.unsure_text and "styled not to be seen" in claim.unsure_text[0]


def test_a_saved_sources_text_a_later_rule_shows_again_backs_a_claim():
    from selectolax.lexbor import LexborHTMLParser

    from citeproof.parse.style_rules import source_style_hidden

    def hidden(style: str) -> bool:
        tree = LexborHTMLParser(f"<html><head><style>{style}</style></head><body><p>ORR <span class=h>45%</span></p></body></html>")
        return any(n.tag == "span" for n in tree.css("span") if n.mem_id in source_style_hidden(tree))

    assert not hidden(".h{display:none} .h{display:inline}")
    assert hidden(".h{display:inline} .h{display:none}")
    assert hidden(".h{display:none} @media (min-width:600px){.h{display:inline}}")


@pytest.mark.parametrize(
    ("style", "shown"),
    [
        (".h{font-size:0} .h{font-size:16px}", True),
        (".h{color:#fff} .h{color:#000}", True),
        (".h{font-size:0} span.h{font-size:1em}", True),
        (".h{font-size:16px} .h{font-size:0}", False),
        (".h{color:#000} .h{color:#fff}", False),
        ("span.h{font-size:0} .h{font-size:16px}", False),  # the lighter rule loses though later
        (".h{color:#fff !important} .h{color:#000}", False),
        (".h{font-size:0} .h:is(.x,.h){font-size:16px}", False),  # not weighed: unsure
    ],
)
def test_a_size_or_colour_is_the_one_the_cascade_draws(style, shown):
    claim = _claim(style, '<span class="h">not</span>')
    if shown:
        assert (claim.text, claim.unsure_text) == (_SHOWN, ())
    else:
        assert claim.text == _HIDDEN and claim.unsure_text and "styled not to be seen" in claim.unsure_text[0]


def test_an_animations_last_frame_is_not_undone_by_a_later_rule():
    # an animation wins over every rule's declaration: the fade-out's end stays unseen
    style = ".h{opacity:0;animation:fo 1s forwards} .h{opacity:1} @keyframes fo{to{opacity:0}}"
    claim = _claim(style, '<span class="h">not</span>')
    assert claim.text == _HIDDEN and claim.unsure_text
