"""Readers keep only what a reader sees: struck text out, superscripts as superscripts, a Markdown
link's target, tags, attributes and comments out — with line numbers unchanged."""

from __future__ import annotations

from citeproof.sources.readers import read_html, read_markdown, read_xml, superscript_text


def test_html_struck_text_is_not_read() -> None:
    lines = read_html("<p>Rate <del>45%</del> 40%; price <s>$1,200</s> $999; <strike>18</strike> 24 months.</p>").lines
    assert lines == ["Rate 40%; price $999; 24 months."]


def test_html_superscript_numbers_read_as_superscripts() -> None:
    html = "<p>120<sup>3</sup> patients, 10<sup>9</sup>/L, mg/m<sup>2</sup>, kg<sup>&minus;1</sup>, 1<sup>st</sup>, 5<sup><a href='#r'>1, 2</a></sup></p>"
    assert read_html(html).lines == ["120³ patients, 10⁹/L, mg/m², kg⁻¹, 1st, 5¹,²"]


def test_superscript_text_reads_numbers_and_marker_lists_only() -> None:
    assert superscript_text("12") == "¹²"
    assert superscript_text("-3") == "⁻³"
    assert superscript_text("1–3") == "¹,³"
    assert superscript_text("st") is None
    assert superscript_text("†") is None


def test_xml_markers_and_struck_text() -> None:
    xml = (
        "<article><abstract><p>The prevalence was 14.2<xref ref-type=\"bibr\">5</xref>% of <del>300</del> 250"
        " patients (<xref ref-type=\"fig\">Figure 2</xref>), 120<sup>3</sup> enrolled.</p></abstract></article>"
    )
    assert read_xml(xml).lines == ["The prevalence was 14.2⁵% of 250 patients (Figure 2), 120³ enrolled."]


def test_markdown_shows_link_text_not_its_target() -> None:
    lines = read_markdown("See [the 2023 update](https://example.com/reports/1200-patients \"45%\") and ![Fig 2](f/12.png).\n").lines
    assert lines == ["See the 2023 update and ."]  # alt text is for screen readers, not surely seen


def test_markdown_block_tags_keep_words_apart() -> None:
    text = "<details><summary>Earlier estimate</summary>The rate was 45%.</details><br>Next<b>word</b>\n"
    assert read_markdown(text).lines == ["Earlier estimate The rate was 45%. Nextword"]


def test_markdown_reference_definition_is_blank_but_keeps_its_line() -> None:
    lines = read_markdown("# T\n\nSee [the update][1].\n\n[1]: https://example.com/1200 \"45%\"\nLast line 7.\n").lines
    assert lines == ["# T", "", "See the update.", "", "", "Last line 7."]


def test_markdown_inline_html_keeps_element_text_only() -> None:
    text = 'Rate <span title="rate 45%">40%</span>; <del>9</del> <span hidden>8 mg</span> ~~7 mg~~ 6 mg, p<0.05 <https://x.org/5>\n'
    assert read_markdown(text).lines == ["Rate 40%; 6 mg, p<0.05 <https://x.org/5>"]


def test_markdown_comments_are_dropped_and_lines_stay_where_they_are() -> None:
    text = "Line 1 40%. <!-- was 45% -->\n<!-- a draft\n45% of 120\n-->\nLine 5 stays line 5.\n"
    assert read_markdown(text).lines == ["Line 1 40%.", "", "", "", "Line 5 stays line 5."]


def test_markdown_code_is_shown_as_written() -> None:
    text = "Use `<span title=1>` here.\n```\n[x](http://y/5) <b>bold</b>\n```\n"
    assert read_markdown(text).lines == ["Use `<span title=1>` here.", "```", "[x](http://y/5) <b>bold</b>", "```"]


def test_markdown_citation_links_stay_markers() -> None:
    """A link whose text is a reference number is a superscript marker: no bare number after the value."""
    assert read_markdown("Rate 45%[3](#r3), as shown [1][2].\n").lines == ["Rate 45%³, as shown ¹."]
    # a number linked to another page is the count it shows
    assert read_markdown("[120](https://example.com/t) patients.\n").lines == ["120 patients."]


# Red team round 5 leftover: an HTML table inside a Markdown file was flattened into runs of
# words ("Arm ORR (%)" / "Arm A 45.2"), so the header's unit never reached its cells. Its rows
# are read by the HTML reader and written as Markdown table rows on the lines their <tr> opens.
def test_markdown_html_table_rows_are_read_as_rows_on_their_own_lines() -> None:
    md = "# R\n\n<table>\n<tr><th>Arm</th><th>ORR (%)</th></tr>\n<tr><td>Arm A</td><td>45.2</td></tr>\n</table>\nAfter.\n"
    read = read_markdown(md)
    assert read.lines == ["# R", "", "", "| Arm | ORR (%) |", "| Arm A | 45.2 |", "", "After."]
    assert read.header_rows == frozenset({4})


def test_markdown_html_table_with_a_cell_per_line_keeps_each_row_on_its_tr_line() -> None:
    md = ("<table>\n<thead>\n<tr class=\"header\">\n<th>Arm</th>\n<th>PFS (months)</th>\n</tr>\n</thead>\n<tbody>\n"
          "<tr class=\"odd\">\n<td>Arm A</td>\n<td>11.2</td>\n</tr>\n<tr style=\"display:none\"><td>Arm C</td><td>9.9</td></tr>\n"
          "</tbody>\n</table>\n")
    read = read_markdown(md)
    assert read.lines[2] == "| Arm | PFS (months) |" and read.lines[8] == "| Arm A | 11.2 |"
    assert [n for n, line in enumerate(read.lines, 1) if line] == [3, 9]  # the hidden row stays unread
    assert read.header_rows == frozenset({3})


def test_markdown_html_table_left_flat_when_its_rows_cannot_have_lines_of_their_own() -> None:
    one_line = "<table><tr><th>Arm</th><th>ORR (%)</th></tr><tr><td>Arm A</td><td>45.2</td></tr></table>"
    assert read_markdown(one_line).lines == ["Arm ORR (%) Arm A 45.2"]
    captioned = "<table><caption>Table 1</caption><tr><th>Arm</th></tr>\n<tr><td>Arm A</td></tr>\n</table>"
    assert read_markdown(captioned).lines[0] == "Table 1 Arm"  # the caption's line holds more than a row
    commented = "<!--\n<table>\n<tr><th>Arm</th><th>ORR (%)</th></tr>\n<tr><td>Arm A</td><td>45.2</td></tr>\n</table>\n-->"
    assert not any(read_markdown(commented).lines)
