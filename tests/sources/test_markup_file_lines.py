"""A line locator into an HTML or XML source counts the saved file's lines (SPEC §2).

The HTML reader gives one line per visible block, so ``#L9`` counted the blocks after the page's
head, navigation and banner were dropped: a true claim citing the file line it was copied from
failed (the count pointed at other text), a claim citing a line of other text could pass, and
``#L16`` of a 21-line page was "outside …, which has 10 lines". Now ``#L9`` is the file's line 9
(``citeproof.sources.markup_lines``); the XML reader had the same count and the same fix.
"""

from __future__ import annotations

import time

import pytest

from citeproof.pipeline import VerifyOptions, run
from citeproof.sources.markup_lines import MarkupLines
from citeproof.sources.readers import read_html, read_xml

# the red-team page (rt16b c07): head, navigation and a banner above the text
PAGE = """<!DOCTYPE html>
<html><head><title>Guideline</title><script>var x=1;</script></head>
<body>
<nav><a href="/">Home</a> | <a href="/guidelines">Guidelines</a> | Accept cookies</nav>
<div class="cookie-banner">We use cookies to improve your experience. 100% secure.</div>
<main>
<h1>Endocrine therapy</h1>
<h2>2. Recommendations</h2>
<p>Adults should receive the study agent for 5 years.</p>
<p>Extended therapy to 10&nbsp;years may be considered in patients at high risk.</p>
<h2>3. Dosing</h2>
<table>
<thead><tr><th>Agent</th><th>Dose (mg)</th><th>Frequency</th></tr></thead>
<tbody>
<tr><td>Agent A</td><td>1</td><td>once daily</td></tr>
<tr><td>Agent B</td><td>2.5</td><td>once daily</td></tr>
<tr><td>Agent C</td><td>25</td><td>once daily</td></tr>
</tbody></table>
</main>
<footer>© 2024 Guideline Org</footer>
</body></html>
"""
FIVE_YEARS = "Adults should receive the study agent for 5 years."
TEN_YEARS = "Extended therapy to 10 years may be considered in patients at high risk."


def _file_line(text: str, fragment: str) -> int:
    return next(n for n, line in enumerate(text.split("\n"), 1) if fragment in line)


def _cite(tmp_path, text: str, claim: str, locator: str, name: str = "page.html"):
    folder = tmp_path / "sources" / "guidelines"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8", newline="")
    stem = name.rsplit(".", 1)[0]
    report = f"# R\n\n{claim} [guideline:{stem}#{locator}].\n"
    (out,) = run(report, "markdown", tmp_path / "sources", VerifyOptions(mode="report")).claims
    return out


def _spans(read) -> list[tuple[int, int, str]]:
    ends = read.file_ends or read.file_lines
    return list(zip(read.file_lines, ends, read.lines))


# ---------------------------------------------------------------- the reader's map


def test_every_block_is_read_with_the_file_line_it_stands_on():
    read = read_html(PAGE)
    assert len(read.file_lines) == len(read.lines) and read.file_line_count == 21
    lines = PAGE.split("\n")
    for first, last, line in _spans(read):
        assert first == last and line.split(" | ")[0].split()[0] in lines[first - 1], (first, line)
    assert (9, 9, FIVE_YEARS) in _spans(read)


def test_a_paragraph_wrapped_over_three_lines_spans_them_all():
    text = "<html>\n<body>\n<p>The rate was\n  45&nbsp;% in <b>Arm&nbsp;A</b>\n  and 30% in Arm B.</p>\n<p>Next</p>\n</body></html>\n"
    assert _spans(read_html(text)) == [(3, 5, "The rate was 45 % in Arm A and 30% in Arm B."), (6, 6, "Next")]


def test_entities_and_inline_tags_inside_a_line_keep_every_line_after_it_in_place():
    text = ("<p>Caf&eacute; &amp; <i>more</i>: 12&#160;mg, <b>Ana</b>lysis-like</p>\n"
            "<p>&ldquo;Quoted&rdquo; &mdash; 7 mg</p>\n<p>Third 9 mg</p>")
    assert [(a, b) for a, b, _ in _spans(read_html(text))] == [(1, 1), (2, 2), (3, 3)]


def test_a_pre_block_counts_its_own_lines():
    text = "<p>x</p>\n<pre>\nline one\n\nline three\n</pre>\n<p>end</p>"
    assert _spans(read_html(text)) == [(1, 1, "x"), (3, 3, "line one"), (5, 5, "line three"), (7, 7, "end")]


def test_a_word_is_not_found_inside_a_longer_one_nor_in_markup_or_scripts():
    text = ('<p title="45 mg">Patients</p>\n<nav>Page 145</nav>\n<script>\nvar s = "45 mg";\n</script>\n'
            '<!-- 45 mg\n-->\n<p>45 mg daily</p>')
    assert _spans(read_html(text)) == [(1, 1, "Patients"), (8, 8, "45 mg daily")]


def test_text_the_parser_moves_out_of_a_table_keeps_the_line_before_it():
    # foster-parenting: "moved text" is read before the table, but written between its rows
    text = "<p>Intro</p>\n<table>\n<tr><td>alpha</td></tr>\nmoved text\n<tr><td>beta</td></tr>\n</table>\n<p>After</p>"
    assert _spans(read_html(text)) == [(1, 1, "Intro"), (1, 1, "moved text"), (3, 3, "alpha"), (5, 5, "beta"),
                                       (7, 7, "After")]


@pytest.mark.parametrize(
    "text",
    [
        "<p>one <b>bold\n<div>two</p></i>\n<p>three <a href='x>y'>link\n<table><td>cell</table>\n<p unclosed",
        "<html>\r\n<body>\r\n<p>one</p>\r\n<p>two</p>\r\n</body></html>\r\n",
        "<p>one</p>\r<p>two</p>\r",
        "<!-- never closed\n<p>hidden</p>",
        "<p>a</p>\n" + "<p>&#65;&#66;&#67; z</p>\n" * 3 + "<p>b</p>",
        "\n\n<p>" + "x" * 5000 + "</p>",
        "<<<>>><p>t</p><//><!><?x>",
    ],
    ids=["malformed", "crlf", "lone-cr", "unclosed-comment", "numeric-references", "long", "junk"],
)
def test_odd_html_reads_without_error_and_never_goes_backwards(text):
    read = read_html(text)
    ends = read.file_ends or read.file_lines
    assert len(read.file_lines) == len(ends) == len(read.lines)
    for k in range(len(read.lines)):
        assert 1 <= read.file_lines[k] <= ends[k] <= read.file_line_count
        assert k == 0 or ends[k - 1] <= read.file_lines[k]


def test_crlf_and_lone_cr_line_ends_count_as_an_editor_does():
    assert _spans(read_html("<html>\r\n<body>\r\n<p>one</p>\r\n<p>two</p>\r\n</body></html>\r\n")) == [
        (3, 3, "one"), (4, 4, "two")]
    assert _spans(read_html("<p>one</p>\r<p>two</p>\r")) == [(1, 1, "one"), (2, 2, "two")]


def test_a_one_line_minified_page_is_line_1_throughout():
    read = read_html("<html><body><h1>T</h1><p>one 5%</p><p>two</p><table><tr><td>3</td></tr></table></body></html>")
    assert read.lines == ["T", "one 5%", "two", "3"]
    assert set(read.file_lines) == {1} and read.file_line_count == 1


def test_text_never_found_keeps_the_line_before_it_and_the_text_after_it_is_found():
    text = "<p>a</p>\n" + "<p>&#65;&#66;&#67; &#49;</p>\n" * 3 + "<p>b</p>"
    assert _spans(read_html(text)) == [(1, 1, "a"), (1, 1, "ABC 1"), (1, 1, "ABC 1"), (1, 1, "ABC 1"), (5, 5, "b")]


@pytest.mark.parametrize("same", [True, False], ids=["one-key", "a-key-each"])
def test_searches_that_find_nothing_stay_linear(same):
    # text whose every letter is a numeric reference is never found: each failed search would read
    # to the end of the file; together they read at most twice the file, then look a short way on
    rows = "".join(f"<p>&#65;&#66;&#67;{'' if same else k}</p>\n" for k in range(20000))
    text = "<p>a</p>\n" + rows + "<p>" + "filler text " * 100000 + "</p>"
    t0 = time.process_time()
    read = read_html(text)
    assert time.process_time() - t0 < 5.0
    assert len(read.lines) == 20002 and read.file_lines[0] == 1
    if same:  # a key not found once is not searched again: the budget is left for the text after
        assert read.file_lines[-1] == 20002


def test_the_cursor_never_moves_back_and_stops_inside_each_piece():
    where = MarkupLines("<p>x &amp; y</p>\n<p>y 2</p>", html=True)
    assert where.locate("x & y") == (1, 1, 1)
    assert where.locate("y 2") == (2, 2, 2)  # not the "y" of line 1
    assert where.locate("never written") == (2, 2, 2)  # not found: where the text before ended


# ---------------------------------------------------------------- line locators


def test_a_claim_citing_the_file_line_of_its_text_passes_and_shows_that_line(tmp_path):
    at = _file_line(PAGE, "for 5 years")
    assert at == 9
    out = _cite(tmp_path, PAGE, FIVE_YEARS, f"L{at}")
    assert out.status == "pass", out.reasons
    assert out.anchors[0].window_lines == (at, at)


def test_an_entity_in_the_cited_line_still_passes(tmp_path):
    out = _cite(tmp_path, PAGE, TEN_YEARS, f"L{_file_line(PAGE, '10&nbsp;years')}")
    assert out.status == "pass", out.reasons


def test_a_line_of_other_text_does_not_carry_the_claim(tmp_path):
    # the file's line 10 is the 10-year sentence; the reader's count made L4 the 5-year one (the
    # file's line 4 is the navigation, which is no text a reader of the source is held to)
    assert _cite(tmp_path, PAGE, FIVE_YEARS, "L10").status == "fail"
    assert _cite(tmp_path, PAGE, FIVE_YEARS, "L4").status == "fail"


def test_a_fabricated_number_at_the_right_line_still_fails(tmp_path):
    assert _cite(tmp_path, PAGE, FIVE_YEARS.replace("5 years", "7 years"), "L9").status == "fail"


def test_a_line_past_the_page_counts_the_files_lines(tmp_path):
    out = _cite(tmp_path, PAGE, FIVE_YEARS, "L30")
    (finding,) = [f for f in out.reasons if f.code == "locator_out_of_range"]
    assert "which has 21 lines" in finding.message
    row = _cite(tmp_path, PAGE, "Agent B is given once daily", f"L{_file_line(PAGE, 'Agent B')}")
    assert not [f for f in row.reasons if f.code.startswith("locator")]


def test_a_range_of_markup_only_says_so_and_where_the_text_is(tmp_path):
    out = _cite(tmp_path, PAGE, FIVE_YEARS, "L1-L2")
    (finding,) = [f for f in out.reasons if f.code == "locator_not_found"]
    assert "only mark-up" in finding.message and "line 7 holds the next" in finding.message
    out = _cite(tmp_path, PAGE, FIVE_YEARS, "L19-L21")
    (finding,) = [f for f in out.reasons if f.code == "locator_not_found"]
    assert "the text ends at line 17" in finding.message


WRAPPED = """<html>
<body>
<p>In the trial,
the objective response rate
was 45% in Arm A.</p>
<p>Other text 30%.</p>
</body></html>
"""


@pytest.mark.parametrize("locator", ["L3", "L4", "L5", "L4-L6", "L2-L3"])
def test_a_locator_naming_any_line_of_a_wrapped_paragraph_selects_it(tmp_path, locator):
    out = _cite(tmp_path, WRAPPED, "In the trial, the objective response rate was 45% in Arm A", locator)
    assert out.status == "pass", (locator, out.reasons)
    first, last = out.anchors[0].window_lines
    assert first <= 3 and last >= 5


def test_the_wrapped_paragraphs_neighbour_is_not_selected_with_it(tmp_path):
    assert _cite(tmp_path, WRAPPED, "Other text 30%", "L3-L5").status == "fail"


# ---------------------------------------------------------------- XML

XML = """<?xml version="1.0"?>
<article>
<!-- a comment
over two lines -->
<title>Results</title>
<p>The rate was
<b>45%</b> &amp;
stable.</p>
<sec><p>Two<xref>5</xref> arms were compared.</p></sec>
<p><![CDATA[Arm B 7 mg]]></p>
</article>
"""


def test_xml_text_is_read_with_its_file_lines():
    read = read_xml(XML)
    assert _spans(read) == [(5, 5, "Results"), (6, 8, "The rate was 45% & stable."), (9, 9, "Two⁵ arms were compared."),
                            (10, 10, "Arm B 7 mg")]
    assert read.file_line_count == 11


def test_an_xml_line_locator_counts_the_files_lines(tmp_path):
    out = _cite(tmp_path, XML, "The rate was 45%", "L7", name="paper.xml")
    assert out.status == "pass", out.reasons
    assert out.anchors[0].window_lines == (6, 8)
    assert _cite(tmp_path, XML, "The rate was 45%", "L2", name="paper.xml").status == "fail"
    (finding,) = [f for f in _cite(tmp_path, XML, "The rate was 45%", "L12", name="paper.xml").reasons
                  if f.code == "locator_out_of_range"]
    assert "which has 11 lines" in finding.message


def test_an_excerpt_of_a_wrapped_paragraph_names_all_its_file_lines(tmp_path):
    from citeproof.model import Anchor, Location, Locator
    from citeproof.settings import Settings
    from citeproof.sources.store import SourceStore
    from excerpt.builder import build_excerpt

    folder = tmp_path / "sources" / "guidelines"
    folder.mkdir(parents=True)
    (folder / "page.html").write_text(WRAPPED, encoding="utf-8")
    locator = Locator(raw="L4", kind="lines", start=4, end=4)
    cited = Anchor(raw="[guideline:page#L4]", kind="guideline", source_id="page", locator=locator, location=Location(line=1))
    window = SourceStore(tmp_path / "sources", Settings()).resolve(cited).window
    assert window is not None
    excerpt = build_excerpt("The objective response rate was 45% in Arm A.", window, max_tokens=256)
    # what an auditor opens: the file's lines 3-5, not the reader's line 1 nor only its first file line
    assert (excerpt.line_start, excerpt.line_end) == (3, 5)
    assert [(s.line_start, s.line_end) for s in excerpt.spans] == [(3, 5)]


def test_an_excerpt_that_cannot_be_cut_names_the_files_lines(tmp_path):
    from citeproof.model import Anchor, Location, Locator
    from citeproof.settings import Settings
    from citeproof.sources.store import SourceStore
    from excerpt.builder import ExcerptUnavailable, build_excerpt

    folder = tmp_path / "sources" / "guidelines"
    folder.mkdir(parents=True)
    (folder / "page.html").write_text("<html>\n<body>\n<p>Some text 5%.</p>\n<p>Share this page</p>\n</body></html>\n",
                                      encoding="utf-8")
    locator = Locator(raw="L4", kind="lines", start=4, end=4)
    cited = Anchor(raw="[guideline:page#L4]", kind="guideline", source_id="page", locator=locator, location=Location(line=1))
    window = SourceStore(tmp_path / "sources", Settings()).resolve(cited).window
    assert window is not None and (window.line_start, window.line_end) == (2, 2)
    with pytest.raises(ExcerptUnavailable) as caught:
        build_excerpt("The rate was 5%.", window, max_tokens=256)
    assert "lines 4-4 hold no text besides page furniture" in str(caught.value)
