"""Text a report may draw unseen ("unsure") never fails an honest claim by its absence: the sentence
is checked with it and without it, fails only if it fails both ways, and never passes."""

from __future__ import annotations

from pathlib import Path

import pytest
from evidence_sources import verify_citing

SOURCE = "The response rate was 45% in the trial.\n"


def page(style: str, body: str) -> str:
    return f"<html><head><style>{style}</style></head><body><p>{body} [evidence:s.md#L1].</p></body></html>"


def claim_of(tmp_path: Path, html: str):
    (claim,) = verify_citing(tmp_path, html, SOURCE, fmt="html").claims
    return claim


# a figure split by an element whose text may be drawn unseen: the sentence reads "4%" without it
UNSEEN_DIGIT = [
    pytest.param("", 'The response rate was 4<span style="opacity:0">5</span>% in the trial', id="opacity"),
    pytest.param(".f{font-size:0}", 'The response rate was 4<span class="f">5</span>% in the trial', id="rule-size"),
    pytest.param("", 'The response rate was 4<span style="color:#fff">5</span>% in the trial', id="white-span"),
]


@pytest.mark.parametrize(("style", "body"), UNSEEN_DIGIT)
def test_unsure_text_a_true_figure_needs_does_not_fail_the_claim(tmp_path, style, body):
    claim = claim_of(tmp_path, page(style, body))
    assert claim.status == "undecided"
    assert any("fails only" in why and "45%" in why for why in claim.undecided_reasons)


@pytest.mark.parametrize(("style", "body"), UNSEEN_DIGIT)
def test_a_fabricated_figure_with_unsure_text_still_fails(tmp_path, style, body):
    # 65% read with the text, 6% without it: wrong either way; the finding names the figure the
    # claim's text shows
    claim = claim_of(tmp_path, page(style, body.replace("4", "6", 1)))
    assert claim.status == "fail"
    assert any(f.message.startswith("'6%'") for f in claim.reasons)


def test_a_figure_wrong_only_with_the_unsure_text_is_not_passed(tmp_path):
    # "45%" is on screen for sure; the unsure "0" makes it "450%" for whoever sees it: never a pass
    claim = claim_of(tmp_path, page("", 'The response rate was 45<span style="opacity:0">0</span>% in the trial'))
    assert claim.status == "undecided"


def test_unsure_text_that_is_not_a_figure_never_passes(tmp_path):
    claim = claim_of(tmp_path, page("", 'The response rate was 45% <span style="opacity:0">overall</span> in the trial'))
    assert claim.status == "undecided"
    assert claim.status != "pass"


def test_the_same_sentence_with_nothing_unsure_passes(tmp_path):
    assert claim_of(tmp_path, page("", "The response rate was 45% in the trial")).status == "pass"


def test_the_same_sentence_with_a_wrong_figure_and_nothing_unsure_fails(tmp_path):
    assert claim_of(tmp_path, page("", "The response rate was 4% in the trial")).status == "fail"


def test_a_markdown_reports_inline_html_is_read_both_ways_too(tmp_path):
    honest = '# R\n\nThe response rate was 4<span style="opacity:0">5</span>% in the trial [evidence:s.md#L1].\n'
    (claim,) = verify_citing(tmp_path, honest, SOURCE).claims
    assert claim.status == "undecided"
    (claim,) = verify_citing(tmp_path, honest.replace("4<", "6<"), SOURCE).claims
    assert claim.status == "fail"


# rt37: an inline style is the weightiest normal declaration: the figure it shows is read whole
def test_a_figure_its_own_style_shows_again_passes(tmp_path):
    html = page(".x{display:none}", 'The response rate was 4<span class="x" style="display:inline">5</span>% in the trial')
    assert claim_of(tmp_path, html).status == "pass"


def test_a_fabricated_figure_its_own_style_shows_again_fails(tmp_path):
    html = page(".x{display:none}", 'The response rate was 6<span class="x" style="display:inline">5</span>% in the trial')
    assert claim_of(tmp_path, html).status == "fail"


def test_a_figure_hidden_by_an_important_rule_over_its_own_style_is_read_hidden(tmp_path):
    # the reader sees "4%": the rule's !important beats the inline display
    html = page(".x{display:none!important}", 'The response rate was 4<span class="x" style="display:inline">5</span>% in the trial')
    claim = claim_of(tmp_path, html)
    assert (claim.status, claim.text) == ("fail", "The response rate was 4% in the trial.")


@pytest.mark.parametrize("digit", ["5", "7"])
def test_a_figure_an_important_rule_shows_over_its_own_hiding_style_is_read_whole(tmp_path, digit):
    # rt37: ".x{display:inline!important}" beats an inline display:none: the reader sees 45% (or 47%)
    html = page(".x{display:inline!important}", f'The response rate was 4<span class="x" style="display:none">{digit}</span>% in the trial')
    claim = claim_of(tmp_path, html)
    assert (claim.status, claim.text) == ("pass" if digit == "5" else "fail", f"The response rate was 4{digit}% in the trial.")


@pytest.mark.parametrize(
    ("style", "inline"),
    [
        (".x{display:inline}", "display:none"),  # a normal rule loses to the inline style: hidden
        (".x{display:inline!important}", "display:none!important"),  # inline !important wins
    ],
)
def test_a_rule_that_does_not_outweigh_its_own_hiding_style_leaves_it_hidden(tmp_path, style, inline):
    html = page(style, f'The response rate was 4<span class="x" style="{inline}">5</span>% in the trial')
    assert claim_of(tmp_path, html).text == "The response rate was 4% in the trial."


def test_an_important_rule_that_shows_one_property_leaves_the_other_unsure(tmp_path):
    html = page(".x{display:inline!important}", 'The response rate was 4<span class="x" style="display:none;opacity:0">5</span>% in the trial')
    assert claim_of(tmp_path, html).status == "undecided"


# rt37: a dark ground the page's own rule paints on body or html is the ground white text is seen on
@pytest.mark.parametrize(
    "style",
    [
        "body{background:#111}", "html{background-color:#0b0b0b}", "html, body{background:#1e293b}",
        "body{background:#111} html{background:#fff}",  # the body's ground lies over the page's
    ],
)
def test_white_text_on_a_page_a_rule_paints_dark_is_read(tmp_path, style):
    claim = claim_of(tmp_path, page(style, 'The response rate was 4<span style="color:#fff">5</span>% in the trial'))
    assert (claim.status, claim.text) == ("pass", "The response rate was 45% in the trial.")


def test_a_fabricated_figure_in_white_text_on_a_dark_page_fails(tmp_path):
    html = page("body{background:#111}", 'The response rate was 6<span style="color:#fff">5</span>% in the trial')
    assert claim_of(tmp_path, html).status == "fail"


@pytest.mark.parametrize(
    ("style", "colour"),
    [
        ("body{background:#111}", "#000"),  # black on the dark page: unseen
        ("body{background:#111} .card{background:#fff}", "#fff"),  # another rule may paint white under it
        ("@media (prefers-color-scheme: dark){body{background:#111}}", "#fff"),  # dark on some screens only
        ("body.dark{background:#111}", "#fff"),  # not the page's rule as written
        ("body{background:#fff}", "#fff"),
    ],
)
def test_text_a_dark_page_rule_does_not_make_seen_stays_unsure(tmp_path, style, colour):
    html = page(style, f'The response rate was 4<span style="color:{colour}">5</span>% in the trial')
    claim = claim_of(tmp_path, html)
    assert claim.text == "The response rate was 4% in the trial."
    assert claim.status == "undecided"


def test_white_text_on_a_dark_page_of_a_markdown_report_is_read(tmp_path):
    report = ("<style>body{background:#111}</style>\n\n# R\n\n"
              'The response rate was 4<span style="color:#fff">5</span>% in the trial [evidence:s.md#L1].\n')
    (claim,) = verify_citing(tmp_path, report, SOURCE).claims
    assert claim.status == "pass"
