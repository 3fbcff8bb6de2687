"""A saved page's own <style> rules hide text as an inline style does: hidden text never backs a claim.

Red team s26 (hiddencss): "<style>.fn-x{display:none}</style> … <span class="fn-x">500 mg</span>"
was read as if shown, so a fabricated "500 mg" passed against a page whose reader sees 50 mg.
"""

from __future__ import annotations

import pytest

from citeproof.pipeline import VerifyOptions, run
from citeproof.sources.readers import read_html

_SHOWN = "<p>Visible 12 mg.</p>"


def _lines(style: str, body: str) -> list[str]:
    return read_html(f"<html><head><style>{style}</style></head><body>{_SHOWN}{body}</body></html>").lines


@pytest.mark.parametrize(
    ("style", "body"),
    [
        (".fn-x{display:none}", '<p class="fn-x">Hidden 99 mg.</p>'),
        ("#note{visibility:hidden}", '<p id="note">Hidden 99 mg.</p>'),
        ("p.aside{display:none}", '<p class="aside">Hidden 99 mg.</p>'),
        ("p{display:none}", "<p>Hidden 99 mg.</p>"),  # the tag rule hides the shown line too
        (".a, .b { color: red; display : none !important }", '<p class="b">Hidden 99 mg.</p>'),
        ("@supports (display:grid){.x{display:none}}", '<p class="x">Hidden 99 mg.</p>'),
        (".x{display:none", '<p class="x">Hidden 99 mg.</p>'),  # closed by the end of the sheet, as CSS does
        # fail-closed: a selector not read exactly hides at least what it may hide
        (".box .x{display:none}", '<div class="box"><p class="x">Hidden 99 mg.</p></div>'),
        ("[data-fn]{display:none}", '<p data-fn="1">Hidden 99 mg.</p>'),
        (".x:hover{display:none}", '<p class="x">Hidden 99 mg.</p>'),
        (".x:focus-within{visibility:hidden}", '<p class="x">Hidden 99 mg.</p>'),
        # rt27t: a rule conceals as an inline style does (not drawn, off the screen, a closed box)
        (".tiny{font-size:0}", '<p class="tiny">Hidden 99 mg.</p>'),
        (".ghost{opacity:0}", '<p class="ghost">Hidden 99 mg.</p>'),
        (".white{color:#fff}", '<p class="white">Hidden 99 mg.</p>'),
        # cssfix (rt35): off-white on white, a colour equal to its card's, a fade that never ends seen
        (".x{color:#ffe}", '<p class="x">Hidden 99 mg.</p>'),
        (".card{background:#f8f9fa} .x{color:#f8f9fa}", '<div class="card"><p class="x">Hidden 99 mg.</p></div>'),
        (".x{opacity:0;animation:fadeIn .8s ease}@keyframes fadeIn{to{opacity:1}}", '<p class="x">Hidden 99 mg.</p>'),
        (".off{position:absolute;left:-9999px}", '<p class="off">Hidden 99 mg.</p>'),
        (".box{height:0;overflow:hidden}", '<p class="box">Hidden 99 mg.</p>'),
        # rt27t: @media for every screen is no condition
        ("@media screen{.m{display:none}}", '<p class="m">Hidden 99 mg.</p>'),
        ("@media all{.m{display:none}}", '<p class="m">Hidden 99 mg.</p>'),
        ("@media only screen{.m{display:none}}", '<p class="m">Hidden 99 mg.</p>'),
        # a rule's !important beats the element's own normal style; a property it does not show still hides
        (".x{display:none!important}", '<p class="x" style="display:block">Hidden 99 mg.</p>'),
        (".x{visibility:hidden}", '<p class="x" style="display:block">Hidden 99 mg.</p>'),
    ],
)
def test_text_a_style_rule_hides_is_not_source_text(style, body):
    assert "Hidden 99 mg." not in _lines(style, body)
    assert "Hidden 99 mg." not in " ".join(_lines(style, body))


@pytest.mark.parametrize(
    ("style", "body"),
    [
        (".x{color:red}", '<p class="x">Shown 99 mg.</p>'),
        ("@media print{.x{display:none}}", '<p class="x">Shown 99 mg.</p>'),  # conditional
        ("@media (max-width:600px){#n{visibility:hidden}}", '<p id="n">Shown 99 mg.</p>'),
        ("@media screen and (max-width:600px){.x{display:none}}", '<p class="x">Shown 99 mg.</p>'),
        ("@media print, screen and (orientation:portrait){.x{display:none}}", '<p class="x">Shown 99 mg.</p>'),
        (".x{height:0}", '<p class="x">Shown 99 mg.</p>'),  # its overflow shows
        (".x{color:#777}", '<p class="x">Shown 99 mg.</p>'),
        # cssfix (rt35): a colour is weighed against the background it stands on
        (".card{background:#1e293b} .x{color:#fff}", '<div class="card"><p class="x">Shown 99 mg.</p></div>'),
        (".x{opacity:0;animation:fadeIn .8s ease forwards} @keyframes fadeIn{to{opacity:1}}", '<p class="x">Shown 99 mg.</p>'),
        (".row{font-size:0} .row .x{font-size:16px}", '<div class="row"> <p class="x">Shown 99 mg.</p> </div>'),
        (".x::before{display:none}", '<p class="x">Shown 99 mg.</p>'),  # generated content only
        (".x:after{display:none}", '<p class="x">Shown 99 mg.</p>'),  # the same, in the older spelling
        (".box .x{display:none}", '<p class="x">Shown 99 mg.</p>'),  # no .box around it
        ("html{display:none}", '<p class="x">Shown 99 mg.</p>'),  # framing guard: a script shows it
        ("body{display:none}", '<p class="x">Shown 99 mg.</p>'),
        # malformed: the rule left open swallows the next, which hides nothing
        (".x{color:red  p{display:none}", '<p class="x">Shown 99 mg.</p>'),
        ("}}{ .y{display:none}", '<p class="x">Shown 99 mg.</p>'),
        ("/* .x{display:none} */ .x{margin:0}", '<p class="x">Shown 99 mg.</p>'),
        ("@import url(x.css); .y{display:none}", '<p class="x">Shown 99 mg.</p>'),
    ],
)
def test_text_no_style_rule_hides_is_source_text(style, body):
    assert _lines(style, body) == ["Visible 12 mg.", "Shown 99 mg."]


def test_a_static_pseudo_class_is_matched_as_written():
    # rhide: one reading with reports — structure is decided by the parser, not dropped
    lines = _lines(".box p:first-child{display:none}", '<div class="box"><p>Hidden 99 mg.</p><p>Shown 98 mg.</p></div>')
    assert "Hidden 99 mg." not in " ".join(lines) and "Shown 98 mg." in lines


def test_a_style_block_in_the_body_hides_too():
    page = f"<html><body>{_SHOWN}<style>.fn{{display:none}}</style><p>Dose 50 mg<span class='fn'> (500 mg)</span>.</p></body></html>"
    assert read_html(page).lines == ["Visible 12 mg.", "Dose 50 mg."]


def test_an_unclosed_style_element_does_not_crash():
    # the parser reads the rest of the page as the style's text: nothing after it is shown
    assert read_html(f"<html><body>{_SHOWN}<style>.x{{display:none</body></html>").lines == ["Visible 12 mg."]


def _verify(tmp_path, page: str, claim: str):
    folder = tmp_path / "sources" / "evidence"
    folder.mkdir(parents=True)
    (folder / "page.html").write_text(page, encoding="utf-8")
    report = f"# R\n\n{claim[:-1]} [evidence:page.html#L1-L4].\n"
    (checked,) = [c for c in run(report, "markdown", tmp_path / "sources", VerifyOptions(mode="report")).claims if c.anchors]
    return checked


_PAGE = """<html><head><style>{style}</style></head><body>
<p>In the first cohort, patients received 50 mg of drug X daily for 14 days.</p>
<p>In the second cohort, patients received <span class="fn-x">500 mg</span> of drug Y weekly for 8 weeks.</p>
</body></html>
"""


@pytest.mark.parametrize("style", [".fn-x{display:none}", "span.fn-x{ visibility: hidden }", "#a, .fn-x{display:none}"])
def test_a_figure_hidden_by_a_style_rule_backs_no_claim(tmp_path, style):
    checked = _verify(tmp_path, _PAGE.format(style=style), "In the second cohort, patients received 500 mg of drug Y weekly for 8 weeks.")
    assert checked.status != "pass"


@pytest.mark.parametrize("style", [".fn-x{color:red}", "@media print{.fn-x{display:none}}"])
def test_a_figure_a_rule_leaves_shown_backs_its_claim(tmp_path, style):
    checked = _verify(tmp_path, _PAGE.format(style=style), "In the second cohort, patients received 500 mg of drug Y weekly for 8 weeks.")
    assert checked.status == "pass", checked.undecided_reasons


def test_the_shown_figure_still_backs_its_claim(tmp_path):
    checked = _verify(tmp_path, _PAGE.format(style=".fn-x{display:none}"), "In the first cohort, patients received 50 mg of drug X daily for 14 days.")
    assert checked.status == "pass", checked.undecided_reasons


@pytest.mark.parametrize(
    "body",
    [
        # the element's own style is the weightiest normal declaration: the open tab is on screen
        '<p class="x" style="display:block">Shown 99 mg.</p>',
        '<p class="x" style="display:block !important">Shown 99 mg.</p>',
    ],
)
def test_text_its_own_style_shows_over_a_hiding_rule_is_source_text(body):
    assert "Shown 99 mg." in _lines(".x{display:none}", body)
