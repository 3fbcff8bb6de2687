"""Saved HTML sources use the report parser's rule for what is visible: hidden text never backs a claim."""

from __future__ import annotations

import pytest

from citeproof.sources.readers import read_html


@pytest.mark.parametrize(
    "hidden",
    [
        '<div class="d-none">Hidden 99 mg.</div>',
        '<p class="sr-only">Hidden 99 mg.</p>',
        '<p style="content-visibility:hidden">Hidden 99 mg.</p>',
        '<p hidden>Hidden 99 mg.</p>',
        '<aside>Hidden 99 mg.</aside>',
        '<input type="hidden" value="x"><button>Hidden 99 mg.</button>',
        # drawn where no one sees it (red team round 5: each backed a claim the visible line contradicts)
        '<p style="font-size:0">Hidden 99 mg.</p>',
        '<p style="opacity:0">Hidden 99 mg.</p>',
        '<p style="color:#ffffff">Hidden 99 mg.</p>',
        '<p style="position:absolute;left:-9999px">Hidden 99 mg.</p>',
        '<div style="clip:rect(0 0 0 0);position:absolute">Hidden 99 mg.</div>',
        '<div style="height:0;overflow:hidden">Hidden 99 mg.</div>',
        '<div class="invisible">Hidden 99 mg.</div>',
        '<noscript>Hidden 99 mg.</noscript>',
        # rt36b c3: a <font> colour is drawn as a style's
        '<p><font color="#ffffff">Hidden 99 mg.</font></p>',
        '<p><font color="white">Hidden 99 mg.</font></p>',
    ],
)
def test_hidden_text_is_not_source_text(hidden):
    result = read_html(f"<html><body><p>Visible 12 mg.</p>{hidden}</body></html>")
    assert result.lines == ["Visible 12 mg."]


@pytest.mark.parametrize(
    "shown",
    [
        '<p style="font-size:0.9em">Shown 99 mg.</p>',
        '<p style="opacity:0.8">Shown 99 mg.</p>',
        '<p style="margin-left:-12px">Shown 99 mg.</p>',
        '<div style="height:0">Shown 99 mg.</div>',  # overflow shown: the text spills out, on screen
        '<div style="overflow:hidden">Shown 99 mg.</div>',
        '<p class="visible">Shown 99 mg.</p>',
        '<p><font color="#b91c1c">Shown 99 mg.</font></p>',
    ],
)
def test_styled_but_seen_text_is_source_text(shown):
    result = read_html(f"<html><body><p>Visible 12 mg.</p>{shown}</body></html>")
    assert result.lines == ["Visible 12 mg.", "Shown 99 mg."]


def test_a_noscript_the_parser_moves_out_of_the_head_is_not_source_text():
    # red-team finding: a <noscript> first in the page was parsed into the body as plain text
    assert read_html("<noscript>Hidden 99 mg.</noscript><p>Visible 12 mg.</p>").lines == ["Visible 12 mg."]
    assert read_html("<NOSCRIPT class='x'>\nHidden 99 mg.\n</NOSCRIPT><p>Visible 12 mg.</p>").lines == ["Visible 12 mg."]


def test_visible_text_headings_and_title_are_kept():
    result = read_html("<html><head><title>Record</title></head><body><h2>Results</h2><p>Visible 12 mg.</p></body></html>")
    assert result.lines == ["Results", "Visible 12 mg."]
    assert result.title == "Record" and "Results" in result.sections


def test_a_heading_in_the_article_ends_with_the_article() -> None:
    # rt17b: a related-news teaser after </main> was part of the article's last section
    page = (
        "<html><body><main><article><h2>Efficacy</h2><p>The rate was 31%.</p></article></main>"
        "<div><p>More news: the rate was 58% elsewhere.</p></div></body></html>"
    )
    r = read_html(page)
    first, last = r.sections["Efficacy"]
    assert r.lines[first - 1 : last] == ["Efficacy", "The rate was 31%."]
    # a page without <main> or <article> keeps its sections as before
    plain = read_html("<html><body><h2>Efficacy</h2><p>The rate was 31%.</p><p>Also 58%.</p></body></html>")
    first, last = plain.sections["Efficacy"]
    assert plain.lines[first - 1 : last] == ["Efficacy", "The rate was 31%.", "Also 58%."]


@pytest.mark.parametrize(
    "furniture",
    [
        '<div class="cookie-banner">87% of visitors accept cookies.</div>',
        '<div id="cookie-consent">87% of visitors accept cookies.</div>',
        '<div class="advert">Sponsored: 87% better.</div>',
        '<aside class="related_articles">87% of readers liked this.</aside>',
        '<div class="newsletter-signup">Join 87% of clinicians.</div>',
    ],
)
def test_page_furniture_named_by_class_or_id_is_no_text(furniture) -> None:
    r = read_html(f"<html><body><p>The rate was 31%.</p>{furniture}</body></html>")
    assert r.lines == ["The rate was 31%."]


@pytest.mark.parametrize(
    "kept",
    ['<div class="results-table">87% responded.</div>', '<div class="downloads">87% responded.</div>',
     '<div id="adverse-events">87% responded.</div>',
     # rt17d: class names of clinical content that contain a furniture word
     '<div class="treatment-related-aes">87% responded.</div>', '<div id="informed-consent">87% responded.</div>',
     '<div class="ad-hoc-analysis">87% responded.</div>', '<div class="related-outcomes">87% responded.</div>',
     '<div class="promo-code">87% responded.</div>', '<div class="results-consent-form">87% responded.</div>',
     # rt17e: a protocol's consent section, a cohort's id, a bulletin's class
     '<section id="consent">87% responded.</section>', '<section id="ad">87% responded.</section>',
     '<div class="newsletter">87% responded.</div>'],
)
def test_a_class_that_only_contains_a_furniture_word_is_content(kept) -> None:
    assert read_html(f"<html><body>{kept}</body></html>").lines == ["87% responded."]


def test_an_article_nested_in_a_section_ends_nothing_outside_it() -> None:
    # rt17d: a case-report card cut the Results section it stands in; an h1 before an article was cut at its end
    page = (
        "<html><body><main><h2>Results</h2><p>The rate was 45%.</p>"
        "<article class='case-report'><h3>Case report</h3><p>One response lasted 30 months.</p></article>"
        "<p>Median survival was 11.2 months.</p><h2>Safety</h2><p>Grade 3 in 31%.</p></main></body></html>"
    )
    r = read_html(page)
    first, last = r.sections["Results"]
    assert "Median survival was 11.2 months." in r.lines[first - 1 : last]
    before = read_html("<html><body><h1>Trial X</h1><article><p>It enrolled 480.</p></article><p>Survival 14.2 months.</p></body></html>")
    first, last = before.sections["Trial X"]
    assert before.lines[first - 1 : last][-1] == "Survival 14.2 months."


def test_text_after_skipped_furniture_keeps_its_own_file_line() -> None:
    # rt17d: an advert's "In partnership …" took the line of the next paragraph's "In …"
    page = ("<html><body>\n<main>\n<div class='ad-slot'>\n<p>In partnership with our sponsors.</p>\n</div>\n"
            "<p>In the safety analysis, events occurred in 31%.</p>\n</main>\n</body></html>\n")
    r = read_html(page)
    (k,) = [i for i, line in enumerate(r.lines) if "31%" in line]
    assert r.file_lines[k] == 6


def test_skipped_text_is_read_past_without_its_scripts_or_svg_titles() -> None:
    # rt17e: an ad slot's script and an icon's <title> (both blanked in the file-line map) moved the
    # text after them onto a later line
    page = (
        "<html><body>\n<main>\n<div class='ad-slot'><span>Advertisement</span>\n"
        "<script>googletag.display('div-1')</script>\n</div>\n"
        "<p>At week 16, 72% responded.</p>\n"
        "<button class='print-btn'><svg><title>Print</title></svg></button>\n"
        "<p>Serious infections occurred in 1.2%.</p>\n"
        "<p>The sponsor will file in 1 region. Print this page.</p>\n</main>\n</body></html>\n"
    )
    r = read_html(page)
    lines = dict(zip(r.lines, r.file_lines))
    assert lines["At week 16, 72% responded."] == 6
    assert lines["Serious infections occurred in 1.2%."] == 8


def test_a_footnote_letter_on_a_figure_or_unit_is_set_apart_in_a_source() -> None:
    # rt17e: "18.4 months<sup>b</sup>" read "18.4 monthsb" and a true claim failed
    r = read_html("<p>Median OS was 18.4 months<sup>b</sup>; 42%<sup>a</sup> responded; 1<sup>st</sup> line.</p>")
    assert r.lines == ["Median OS was 18.4 months b; 42% a responded; 1st line."]


@pytest.mark.parametrize(
    "shown",
    [
        # rt37 c1: white text on the ground painted under it is seen (an exported table's header cell)
        '<table><tr><td bgcolor="#003366"><font color="white">Shown 99 mg.</font></td></tr></table>',
        '<div style="background:#111"><p><font color="#fff">Shown 99 mg.</font></p></div>',
        '<div style="background-color:navy"><p style="color:#ffffff">Shown 99 mg.</p></div>',
    ],
)
def test_a_colour_seen_on_the_ground_painted_under_it_is_source_text(shown):
    result = read_html(f"<html><body><p>Visible 12 mg.</p>{shown}</body></html>")
    assert result.lines == ["Visible 12 mg.", "Shown 99 mg."]


@pytest.mark.parametrize(
    "hidden",
    [
        '<div style="background:#000"><p><font color="#000">Hidden 99 mg.</font></p></div>',
        '<table><tr><td bgcolor="#111111"><span style="color:#111">Hidden 99 mg.</span></td></tr></table>',
        # the nearest painted ground is the one under the text
        '<div style="background:#000"><div style="background:#fff"><font color="white">Hidden 99 mg.</font></div></div>',
    ],
)
def test_a_colour_lost_on_the_ground_painted_under_it_is_not_source_text(hidden):
    result = read_html(f"<html><body><p>Visible 12 mg.</p>{hidden}</body></html>")
    assert result.lines == ["Visible 12 mg."]


def test_a_page_whose_rules_paint_a_ground_weighs_a_colour_on_white():
    # a rule may paint a white card between the dark ground and the text
    page = ('<html><head><style>.card{background:#fff}</style></head><body><p>Visible 12 mg.</p>'
            '<div style="background:#000"><div class="card"><font color="white">Hidden 99 mg.</font></div></div></body></html>')
    assert read_html(page).lines == ["Visible 12 mg."]
