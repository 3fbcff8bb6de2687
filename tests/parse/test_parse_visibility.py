"""What a reader sees is the claim's text: on-screen markup is read, text only some readers get is
noted (``Claim.unsure_text``), superscripts and subscripts never glue into another number."""

from __future__ import annotations

import pytest

from citeproof.parse import parse_report
from citeproof.parse.html import render_script
from citeproof.settings import Settings

SETTINGS = Settings()


def _html(body: str):
    return parse_report(f"<html><body><h1>R</h1>\n{body}\n</body></html>", "html", SETTINGS)


def _md(body: str):
    return parse_report(f"# R\n\n{body}\n", "markdown", SETTINGS)


def _one(report):
    (claim,) = report.claims
    return claim


@pytest.mark.parametrize("parse", [_html, _md], ids=["html", "markdown"])
@pytest.mark.parametrize(
    ("markup", "seen"),
    [
        ('<span aria-hidden="true">not</span>', "not"),
        ('<span class="d-none d-md-inline">not</span>', "not"),
        ('<span class="d-none d-print-inline">not</span>', "not"),
        ('<span class="hidden md:inline">not</span>', "not"),
        ('<span class="hidden max-lg:inline">not</span>', "not"),
        ('<span class="sr-only md:not-sr-only">not</span>', "not"),
        ("<textarea>not</textarea>", "not"),
        ("<button>not</button>", "not"),
        ('<input value="not">', "not"),
        ('<input placeholder="not">', "not"),
        ("<select><option>one</option><option selected>not</option></select>", "not"),
        ("<svg><title>tip</title><text>no<tspan>t</tspan></text></svg>", "not"),
        ("<math><mtext>not</mtext></math>", "not"),
    ],
)
def test_text_on_screen_is_read(parse, markup: str, seen: str) -> None:
    claim = _one(parse(f"Serious adverse events were {markup} observed in 12 patients [nct:NCT1#L1]."))
    assert claim.text == f"Serious adverse events were {seen} observed in 12 patients."
    assert claim.unsure_text == ()


@pytest.mark.parametrize("parse", [_html, _md], ids=["html", "markdown"])
@pytest.mark.parametrize(
    "markup",
    [
        '<span class="d-none">not</span>',
        '<span class="hidden">not</span>',
        '<span class="d-none d-md-none">not</span>',
        '<span style="display:none">not</span>',
        "<span hidden>not</span>",
        '<input type="hidden" value="not">',
        '<input type="checkbox" value="not">',
        '<span class="sr-only hidden">not</span>',
        "<template>not</template>",
        "<!-- not -->",
        "<script>not</script>",
    ],
)
def test_hidden_text_stays_out(parse, markup: str) -> None:
    claim = _one(parse(f"Serious adverse events were {markup} observed in 12 patients [nct:NCT1#L1]."))
    assert claim.text == "Serious adverse events were observed in 12 patients."
    assert claim.unsure_text == ()


def test_a_closed_dialog_is_hidden_an_open_one_shown() -> None:
    report = _html("<p>Rates were 12% [nct:NCT1#L1].</p><dialog>Closed 77%.</dialog><dialog open>Open 88% [nct:NCT1#L2].</dialog>")
    assert [c.text for c in report.claims] == ["Rates were 12%.", "Open 88%."]


@pytest.mark.parametrize("parse", [_html, _md], ids=["html", "markdown"])
@pytest.mark.parametrize(
    ("markup", "named"),
    [
        ('<span class="sr-only">not</span>', "<span class=\"sr-only\"> holds 'not', read aloud by screen readers"),
        ('<span class="visually-hidden">not</span>', "read aloud by screen readers"),
        ("<noscript>not</noscript>", "<noscript> holds 'not', shown only when scripts are off"),
        ('<span hidden="until-found">not</span>', "hidden until find-in-page"),
        ('<span class="hidden group-hover:inline">not</span>', "'group-hover:inline'"),
        ('<img src="x.png" alt="not">', "alt text 'not'"),
        # red team round 2: struck through, drawn invisible, folded away
        ("<del>not</del>", "<del> holds 'not', struck through"),
        ("<s>not</s>", "<s> holds 'not', struck through"),
        ("<strike>not</strike>", "struck through"),
        ('<span style="font-size:0">not</span>', "styled not to be seen ('font-size:0')"),
        ('<span style="color: white">not</span>', "styled not to be seen"),
        ('<span style="opacity:0;">not</span>', "styled not to be seen ('opacity:0')"),
        # rhide: placed off the screen or in a box of no size, as a saved source reads it: read
        # aloud by screen readers, never seen
        ('<span style="position:absolute;left:-9999px">not</span>', "read aloud by screen readers, not shown ('left:-9999px')"),
        ('<span style="width:0;height:0;overflow:hidden;display:inline-block">not</span>', "read aloud by screen readers"),
        ('<span style="clip: rect(0 0 0 0)">not</span>', "read aloud by screen readers"),
    ],
)
def test_text_only_some_readers_get_is_noted(parse, markup: str, named: str) -> None:
    claim = _one(parse(f"Serious adverse events were {markup} observed in 12 patients [nct:NCT1#L1]."))
    assert claim.text == "Serious adverse events were observed in 12 patients."
    assert len(claim.unsure_text) == 1 and named in claim.unsure_text[0]


def test_a_closed_details_is_read_its_loose_text_never_passes() -> None:
    report = _html("<details><summary>Safety</summary><p>Serious adverse events occurred in 12 patients [nct:NCT1#L1].</p>"
                   "Grade 3 events occurred in 4 patients [nct:NCT1#L2].</details>")
    in_block, loose = report.claims
    assert in_block.text == "Serious adverse events occurred in 12 patients." and in_block.unsure_text == ()
    assert loose.text == "Grade 3 events occurred in 4 patients." and "closed <details>" in loose.unsure_text[0]


def test_markdown_strikethrough_is_noted() -> None:
    claim = _one(_md("Serious adverse events were ~~not~~ observed in 12 patients [nct:NCT1#L1]."))
    assert claim.text == "Serious adverse events were observed in 12 patients."
    assert "~~ holds 'not', struck through" in claim.unsure_text[0]


@pytest.mark.parametrize("parse", [_html, _md], ids=["html", "markdown"])
@pytest.mark.parametrize(
    "markup",
    ['<span style="font-size:0.9em">not</span>', '<span style="opacity:0.5">not</span>',
     '<span style="color:#ffa500">not</span>', '<span style="background-color:white">not</span>',
     "<ins>not</ins>", '<span style="position:relative;left:-2px">not</span>',
     '<span style="height:0">not</span>', '<span style="overflow:hidden">not</span>'],
)
def test_small_faint_coloured_open_or_inserted_text_is_read(parse, markup: str) -> None:
    claim = _one(parse(f"Serious adverse events were {markup} observed in 12 patients [nct:NCT1#L1]."))
    assert "not" in claim.text.split() and claim.unsure_text == ()


def test_markdown_image_alt_is_noted() -> None:
    claim = _one(_md("Serious adverse events were ![not](x.png) observed in 12 patients [nct:NCT1#L1]."))
    assert "alt text 'not'" in claim.unsure_text[0]


def test_a_note_belongs_to_its_sentence_only() -> None:
    report = _html('<p>Rates were 12% [nct:NCT1#L1]. Events were <span class="sr-only">not</span> seen in 3 [nct:NCT1#L2].</p>')
    first, second = report.claims
    assert first.unsure_text == () and second.unsure_text


def test_a_note_between_two_sentences_belongs_to_both() -> None:
    report = _html('<p>Rates were 12% [nct:NCT1#L1].<span class="sr-only"> Not significant.</span> Events in 3 [nct:NCT1#L2].</p>')
    assert all(c.unsure_text for c in report.claims)


def test_a_whole_block_only_some_readers_get_is_a_claim_that_cannot_pass() -> None:
    # read aloud to some readers: a fabricated figure there is published to them, so it is checked
    report = _html('<p class="sr-only">Rates were 99% [nct:NCT1#L1].</p><p>Rates were 12% [nct:NCT1#L1].</p>')
    assert [(c.text, c.unsure_text) for c in report.claims] == [
        ("Rates were 99%.", ('<p class="sr-only">: read aloud by screen readers, not shown',)),
        ("Rates were 12%.", ()),
    ]


def test_a_table_row_takes_its_cells_notes() -> None:
    report = _html(
        '<table><tr><th>Arm</th><th>ORR</th></tr><tr><td>A</td><td>12%<span class="sr-only"> not</span> [nct:NCT1#L1]</td></tr></table>'
    )
    (row,) = report.claims
    assert row.text == "A | 12%" and row.unsure_text


def test_markdown_wrappers_follow_the_same_rules() -> None:
    report = _md(
        '<div class="sr-only">\n\nHeard 99% [nct:NCT1#L1].\n\n</div>\n\n'
        '<div class="d-none d-md-block">\n\nShown 88% [nct:NCT1#L2].\n\n</div>\n\n'
        '<div class="d-none">\n\nHidden 77% [nct:NCT1#L3].\n\n</div>'
    )
    assert [(c.text, c.unsure_text) for c in report.claims] == [
        # heard by screen-reader users: checked, never passed (it was skipped unread)
        ("Heard 99%.", ('<div class="sr-only">: read aloud by screen readers, not shown',)),
        ("Shown 88%.", ()),
    ]


def test_markdown_noscript_wrapper_is_read_unsure_until_it_closes() -> None:
    report = _md("<noscript>\n\nShown 66% [nct:NCT1#L1].\n\n</noscript>\n\nAfter 55% [nct:NCT1#L2].")
    assert [(c.text, c.unsure_text) for c in report.claims] == [
        ("Shown 66%.", ("<noscript>: shown only when scripts are off",)),
        ("After 55%.", ()),
    ]


@pytest.mark.parametrize("parse", [_html, _md], ids=["html", "markdown"])
@pytest.mark.parametrize(
    ("markup", "text", "unsure"),
    [
        ("received 10<sup>3</sup> mg", "received 10^3 mg", False),
        ("received 10<sup>−3</sup> mg", "received 10^-3 mg", False),
        ("counted 1.2 × 10<sup>9</sup>/L", "counted 1.2 × 10^9/L", False),
        ("responded in 45%<sup>2</sup> of", "responded in 45%^2 of", False),
        ("responded<sup>1</sup> in 45% of", "responded1 in 45% of", False),
        ("received 75 mg/m<sup>2</sup> in", "received 75 mg/m2 in", False),
        ("had an AUC<sub>0-24</sub> of 5 h in", "had an AUC0-24 of 5 h in", False),
        ("responded in 2<sup>5</sup>% of", "responded in 2^5% of", True),
        ("responded in 2<sub>5</sub>% of", "responded in 2_5% of", False),
        ("responded in 99<sup>a</sup>% of", "responded in 99 a% of", False),
        ("responded in 42%<sup>a</sup> of", "responded in 42% a of", False),  # rt17b: read "42%a"
        ("lived 18.4 months<sup>b</sup> on", "lived 18.4 months b on", False),  # rt17e: read "monthsb"
        ('received 10<sup><a href="#fn">3</a></sup> mg', "received 10^3 mg", False),
    ],
)
def test_superscripts_never_glue_into_a_number(parse, markup: str, text: str, unsure: bool) -> None:
    claim = _one(parse(f"Patients {markup} the cohort [nct:NCT1#L1]."))
    assert claim.text == f"Patients {text} the cohort."
    assert bool(claim.unsure_text) is unsure


@pytest.mark.parametrize(
    ("markup", "text", "unsure"),
    [
        ("<math><msup><mn>10</mn><mn>3</mn></msup></math>", "10^3", False),
        ("<math><mrow><mn>1.2</mn><mo>×</mo><msup><mn>10</mn><mrow><mo>-</mo><mn>3</mn></mrow></msup></mrow></math>", "1.2 × 10^-3", False),
        ("<math><mfrac><mn>1</mn><mn>2</mn></mfrac></math>", "1/2", False),
        ("<math><semantics><mn>84</mn><annotation>48</annotation></semantics></math>", "84", False),
        ("<math><msqrt><mn>84</mn></msqrt></math>", "84", True),
    ],
)
def test_mathml_reads_as_a_line(markup: str, text: str, unsure: bool) -> None:
    claim = _one(_html(f"<p>The value was {markup} in the cohort [nct:NCT1#L1].</p>"))
    assert claim.text == f"The value was {text} in the cohort."
    assert bool(claim.unsure_text) is unsure


def test_render_script_keeps_whitespace_and_empty_scripts() -> None:
    assert render_script("sup", "10", " 3 ") == (" ^3 ", None)
    assert render_script("sup", "10", "") == ("", None)
    text, note = render_script("sup", "n = 110", "2")
    assert text == "^2" and note is not None and "after 110" in note
