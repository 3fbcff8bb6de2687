"""Wrap reflow and source segments (SPEC §3.5): join only visible continuations."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from citeproof.sources.readers import read_json, read_plain_text
from citeproof.sources.segment import join_separator, reflow_lines, reflowed_text, segment_window
from citeproof.sources.types import SourceDocument


def _texts(lines: list[str]) -> list[str]:
    return [t for t, _a, _b in reflow_lines(lines)]


def _doc(text: str, media: str = "txt") -> SourceDocument:
    r = read_plain_text(text) if media == "txt" else read_json(text)
    return SourceDocument(
        source_id="x", channel="c", path="c/x." + media, media=media, text="\n".join(r.lines),
        lines=tuple(r.lines), sections=r.sections,
    )


# ------------------------------------------------------------------ the adversarial contract (seed 000)


def test_two_instructions_on_consecutive_lines_never_merge() -> None:
    lines = ["Stop clozapine", "Starting dose 12.5 mg"]
    assert _texts(lines) == lines
    segs = segment_window(_doc("\n".join(lines) + "\n"), 1, 2)
    assert [s.text for s in segs] == lines


def test_seed_000_wrapped_bullet_merges() -> None:
    lines = [
        "• The usual starting dose for adults is 500 mg nocte and for patients over 65 years it",
        "is 250 mg nocte.",
    ]
    assert reflow_lines(lines) == [
        ("• The usual starting dose for adults is 500 mg nocte and for patients over 65 years it is 250 mg nocte.", 1, 2)
    ]
    segs = segment_window(_doc("\n".join(lines) + "\n"), 1, 2)
    assert len(segs) == 1 and (segs[0].line_start, segs[0].line_end) == (1, 2)
    assert "it is 250 mg nocte." in segs[0].text


# ------------------------------------------------------------------ boundaries


@pytest.mark.parametrize(
    ("prev", "nxt"),
    [
        ("Starting dose:", "increase weekly"),  # colon-ended line
        ("起始剂量：", "每晚500 mg"),  # full-width colon
        ("Take with food.", "then rest"),  # terminal punctuation
        ("Is it safe?", "yes in most"),
        ("Take it daily!", "and rest"),
        ("服用一次。", "每日两次"),
        ("Take it;", "then rest"),
        ("end of sentence.)", "and more"),
        ("RESULTS", "in total 40 were analysed"),  # heading
        ("## Dosing", "start low"),
        ("Page 3", "continued text"),
        ("| a | b |", "c"),
    ],
)
def test_hard_boundaries_never_merge(prev, nxt) -> None:
    assert join_separator(prev, nxt) is None
    assert _texts([prev, nxt]) == [prev, nxt]


@pytest.mark.parametrize(
    "nxt",
    ["- second item", "* second item", "• second item", "1. second item", "2) second", "(a) second", "(ii) second", "① 第二项"],
)
def test_a_bullet_never_merges_into_the_previous_line(nxt) -> None:
    assert _texts(["first item without a stop", nxt]) == ["first item without a stop", nxt]


def test_blank_line_is_a_boundary() -> None:
    assert _texts(["the dose is", "", "lower in older adults"]) == ["the dose is", "lower in older adults"]


def test_numbered_heading_is_a_boundary() -> None:
    assert _texts(["the end of a paragraph without a stop", "2.1 Study Design"]) == [
        "the end of a paragraph without a stop",
        "2.1 Study Design",
    ]


def test_uppercase_start_does_not_merge() -> None:
    assert _texts(["The trial enrolled", "Adults only"]) == ["The trial enrolled", "Adults only"]


# ------------------------------------------------------------------ continuations


@pytest.mark.parametrize(
    ("prev", "nxt", "joined"),
    [
        ("for patients over 65 years it", "is 250 mg nocte.", "for patients over 65 years it is 250 mg nocte."),
        ("the response rate was", "25% (95% CI 20-30).", "the response rate was 25% (95% CI 20-30)."),
        ("the response rate", "(primary endpoint) was 25%.", "the response rate (primary endpoint) was 25%."),
        ("the usual dose is", "12.5 mg daily.", "the usual dose is 12.5 mg daily."),
        ("a dose-", "escalation phase", "a dose-escalation phase"),
        ("成人常用起始剂量为每晚500 mg，", "老年患者为250 mg。", "成人常用起始剂量为每晚500 mg，老年患者为250 mg。"),
        ("成人常用起始剂量为", "500 mg。", "成人常用起始剂量为500 mg。"),
    ],
)
def test_visible_continuations_merge(prev, nxt, joined) -> None:
    assert _texts([prev, nxt]) == [joined]


def test_chinese_line_without_comma_does_not_merge() -> None:
    assert _texts(["停用该药", "起始剂量为12.5 mg"]) == ["停用该药", "起始剂量为12.5 mg"]


def test_reflow_numbers_lines_from_first_line() -> None:
    assert reflow_lines(["a b", "c d.", "", "E."], first_line=10) == [("a b c d.", 10, 11), ("E.", 13, 13)]


# ------------------------------------------------------------------ segments


def test_segments_keep_lines_and_offsets() -> None:
    text = "Intro line.\nThe dose was\n250 mg nocte. Review after 2 weeks.\n\nStop clozapine\nStarting dose 12.5 mg\n"
    doc = _doc(text)
    segs = segment_window(doc, 1, len(doc.lines))
    assert [s.text for s in segs] == [
        "Intro line.",
        "The dose was 250 mg nocte.",
        "Review after 2 weeks.",
        "Stop clozapine",
        "Starting dose 12.5 mg",
    ]
    assert [(s.line_start, s.line_end) for s in segs] == [(1, 1), (2, 3), (3, 3), (5, 5), (6, 6)]
    for s in segs:
        assert doc.text[s.char_start : s.char_end].replace("\n", " ") == s.text


def test_segments_of_a_sub_window() -> None:
    doc = _doc("one.\ntwo.\nthree.\nfour.\n")
    segs = segment_window(doc, 2, 3)
    assert [(s.text, s.line_start) for s in segs] == [("two.", 2), ("three.", 3)]
    assert doc.text[segs[0].char_start : segs[0].char_end] == "two."
    assert segment_window(doc, 5, 9) == ()


def test_json_items_are_never_reflowed() -> None:
    doc = _doc(json.dumps({"Eligibility": ["patients aged 18 or over", "prior therapy allowed", "no other illness"]}), "json")
    segs = segment_window(doc, 1, 3)
    assert [s.text for s in segs] == ["patients aged 18 or over", "prior therapy allowed", "no other illness"]


def test_chinese_join_offsets() -> None:
    doc = _doc("成人常用起始剂量为每晚500 mg，\n老年患者为250 mg。其余不变。\n")
    segs = segment_window(doc, 1, 2)
    assert [s.text for s in segs] == ["成人常用起始剂量为每晚500 mg，老年患者为250 mg。", "其余不变。"]
    assert doc.text[segs[0].char_start : segs[0].char_end].replace("\n", "") == segs[0].text
    assert doc.text[segs[1].char_start : segs[1].char_end] == "其余不变。"


_WORD = st.sampled_from(
    ["the", "Dose", "is", "250", "mg.", "(see", "Table", "2)", "-", "•", "Results:", "1.", "it", "。", "剂量", "，", "Stop", "x"]
)
_LINE = st.lists(_WORD, min_size=0, max_size=8).map(" ".join)


@settings(max_examples=300, deadline=None)
@given(st.lists(_LINE, min_size=1, max_size=25))
def test_segments_are_ordered_in_bounds_and_point_at_their_text(lines) -> None:
    doc = _doc("\n".join(lines) + "\n")
    segs = segment_window(doc, 1, len(doc.lines))
    last_end = 0
    for s in segs:
        assert 1 <= s.line_start <= s.line_end <= len(doc.lines)
        assert last_end <= s.char_start < s.char_end <= len(doc.text)
        span = doc.text[s.char_start : s.char_end]
        # the span is the segment with rejoined line breaks put back (a space, or nothing in Chinese)
        assert "".join(span.split()) == "".join(s.text.split())
        assert span.startswith(s.text[:1]) and span.endswith(s.text[-1:])
        assert doc.text.count("\n", 0, s.char_start) + 1 == s.line_start
        last_end = s.char_end
    # every visible character lands in some segment
    covered = "".join(s.text for s in segs).replace(" ", "")
    assert covered == doc.text.replace("\n", "").replace(" ", "")


_ANY_LINE = st.lists(
    st.sampled_from(list("ab A.5 !?[]()…。，；\t\u3000１２µ-") + ["e.g.", "3.5", "mg.", " Fig. 2", "  "]), max_size=20
).map("".join)


@settings(max_examples=300, deadline=None)
@given(st.lists(_ANY_LINE, min_size=1, max_size=12))
def test_unreflowed_segments_equal_the_sentence_splitter_per_line(lines) -> None:
    """The per-line shortcut (no stop → one sentence) must agree with split_sentences."""
    from citeproof.text.sentences import split_sentences

    doc = _doc(json.dumps({"k": lines}), "json")
    got = [(s.text, s.line_start) for s in segment_window(doc, 1, len(doc.lines))]
    want = [(line[a:b], n) for n, line in enumerate(doc.lines, 1) for a, b in split_sentences(line)]
    assert got == want


@settings(max_examples=300, deadline=None)
@given(st.lists(_ANY_LINE, min_size=1, max_size=12))
def test_batch_normalisation_equals_normalize_text_per_line(lines) -> None:
    """readers normalise a file's lines in one pass; it must equal normalize_text line by line."""
    from citeproof.sources.readers import _norm_all
    from citeproof.text.normalize import normalize_text

    raw = [line.replace("\n", " ") for line in lines]
    assert _norm_all(raw) == [normalize_text(line) for line in raw]


# ------------------------------------------------------------------ a number wrapped from its unit


@pytest.mark.parametrize("prev, nxt, sep", [
    ("中位总生存期为14.2", "个月，对照组为10.1个月。", ""),  # a Chinese unit
    ("研究共入组3.5", "万名受试者。", ""),  # a Chinese scale word
    ("总费用为12", "亿元。", ""),
    ("合同金额为300", "元。", ""),  # a currency word
    ("Grade 3 neutropenia occurred in 12.5", "% of patients.", ""),  # a percent sign
    ("Results: the median overall survival was 14.2", "months in the treated arm", " "),  # a label-led paragraph
])
def test_a_line_ending_in_a_number_continues_into_its_unit(prev, nxt, sep) -> None:
    assert join_separator(prev, nxt) == sep


@pytest.mark.parametrize("prev, nxt", [
    ("起始剂量为12.5。", "毫克，每日两次。"),  # the sentence ended
    ("疗程共12", "例如第一周期"),  # 例如 opens no unit: a new sentence may
    ("中位年龄为65", "年龄范围40至80岁。"),  # 年龄 is age, not years
    ("停用该药", "个月后复查。"),  # no number before the unit
    ("Patients were enrolled at 120", "U.S. sites."),  # a capital may open a sentence
    ("Results:", "the median was 14.2 months"),  # a bare label is a heading
    ("## Results: overall survival was 14.2", "months in the treated arm"),  # a Markdown heading
])
def test_no_other_line_joins_for_a_number(prev, nxt) -> None:
    assert join_separator(prev, nxt) is None


def test_reflowed_text_rejoins_exactly_the_segments_wraps() -> None:
    lines = ["Results: the median overall survival was 14.2", "months in the treated arm.", "",
             "Stop the tablets", "Starting dose 12.5 mg", "", ""]
    assert reflowed_text(lines).split("\n") == [
        "Results: the median overall survival was 14.2 months in the treated arm.", "",
        "Stop the tablets", "Starting dose 12.5 mg", "", ""]
    doc = _doc("\n".join(lines))
    joined = [s.text for s in segment_window(doc, 1, len(doc.lines))]
    assert joined[0] == "Results: the median overall survival was 14.2 months in the treated arm."


def test_window_value_text_leaves_items_of_json_html_and_xml_alone() -> None:
    from citeproof.sources.segment import window_value_text
    from citeproof.sources.types import SourceWindow

    text = "the dose was 12.5\nmg daily"
    for media, expect in (("md", "the dose was 12.5 mg daily"), ("json", text), ("html", text)):
        doc = SourceDocument(source_id="x", channel="c", path="c/x." + media, media=media, text=text,
                             lines=tuple(text.split("\n")))
        window = SourceWindow(document=doc, line_start=1, line_end=2, text=text, segments=(), coarse=False)
        assert window_value_text(window) == expect


# ------------------------------------------------------------------ plain-text tables (red team s28 t1)

_TEXT_TABLE = [
    "Table 3. Patients who reported each adverse event, by arm",
    "Adverse event Arm A Arm B",
    "nausea 12 30",
    "fatigue 8 25",
]


def test_a_plain_text_tables_rows_are_each_their_own_segment() -> None:
    # rows opening in lowercase looked like wraps and became one segment with the header, so a
    # claim giving Arm A the Arm B cell found every word and number in it
    assert _texts(_TEXT_TABLE) == _TEXT_TABLE
    segs = segment_window(_doc("\n".join(_TEXT_TABLE) + "\n"), 1, 4)
    assert [s.text for s in segs][-3:] == _TEXT_TABLE[1:]
    assert reflowed_text(_TEXT_TABLE).split("\n") == _TEXT_TABLE


@pytest.mark.parametrize("lines", [
    ["Adverse event Arm A Arm B", "nausea 12 30"],  # one row under its header
    ["Adverse event        Arm A (n=58)     Arm B (n=58)", "neutropenia  12 (20.7)  30 (51.7)"],  # count (share) cells
    ["Outcomes by arm", "nausea 12 30", "fatigue 8 25", "rash 3 4"],  # a run of rows of as many cells
    ["Adverse event Arm A Arm B", "nausea 12 30", "fatigue 8 25", "by arm"],  # a row joins no line after it either
])
def test_plain_text_table_rows_never_join(lines) -> None:
    assert _texts(lines) == lines


@pytest.mark.parametrize(("lines", "joined"), [
    # a prose line over a one-row look-alike: it ends mid-sentence, so the line is its wrap
    (["The patients in the", "trial numbered 12 30"], "The patients in the trial numbered 12 30"),
    (["Adverse events were seen in the", "nausea 12 30"], None),  # a header's last word is a label, not "the"
    (["Nausea occurred in 12 of the patients in", "arm a and 30 in arm b"], None),
    (["nausea 12 30", "and fatigue 8 25 in the"], None),  # a one-line look-alike under no header
    (["Of the 120 patients enrolled, Arm B", "had nausea 12 30"], None),  # a number outside brackets: no header
    # a line longer than a header is a sentence's, however it ends
    (["Patients reported events during the double-blind phase of the study in Arm A and Arm B",
      "nausea 12 30"], None),
    (["Rates were 12 30 40", "nausea 12 30"], None),  # a line with a number outside brackets heads no table
])
def test_prose_wraps_next_to_row_look_alikes_still_join(lines, joined) -> None:
    expect = joined if joined is not None else " ".join(lines)
    assert _texts(lines) == [expect]


def test_a_cut_sentence_is_never_a_table_row() -> None:
    from citeproof.sources.segment import cut_sentences
    from citeproof.sources.types import SourceWindow

    text = "\n".join(_TEXT_TABLE)
    doc = _doc(text + "\n")
    window = SourceWindow(document=doc, line_start=3, line_end=3, text=doc.lines[2], segments=(), coarse=False)
    assert cut_sentences(window) == (None, None)
    prose = _doc("the rate was\nnausea 12 30 in all\n")
    window = SourceWindow(document=prose, line_start=2, line_end=2, text=prose.lines[1], segments=(), coarse=False)
    assert cut_sentences(window) == (1, None)


def test_a_long_run_of_numbers_is_a_list_not_table_rows() -> None:
    from citeproof.sources.segment import text_table_rows

    numbers = " ".join(str(n) for n in range(30))
    assert text_table_rows([f"values {numbers}", f"more {numbers}"]) == frozenset()
    assert text_table_rows(["values 1 2", "more 3 4"]) == frozenset({0, 1})


def test_a_cell_may_carry_its_share_in_brackets() -> None:
    from citeproof.sources.segment import text_row_cells

    line = "Neutropenia  12 (20.7)  30(51.7)"
    assert [line[a:b] for a, b in text_row_cells(line)] == ["12 (20.7)", "30(51.7)"]
    assert text_row_cells("12 30 40") == [] and text_row_cells("Starting dose 12.5 mg") == []


# ------------------------------------------------------------------ plain-text table rows (red team rt31)


@pytest.mark.parametrize(("lines", "joined"), [
    # a sentence's list of numbers closing a line under a short Title Case line: "8," is a list's
    # item, not a cell, so the wrap joins (the cut line failed the true claim on its last number)
    (["Tumour assessments were performed at weeks 8, 16, 24", "and 32, and every 12 weeks thereafter."],
     "Tumour assessments were performed at weeks 8, 16, 24 and 32, and every 12 weeks thereafter."),
    (["Study drug 80 mg/m2 was given on days 1, 8, 15", "and the other on days 1, 8, 15", "of each 28-day cycle."],
     "Study drug 80 mg/m2 was given on days 1, 8, 15 and the other on days 1, 8, 15 of each 28-day cycle."),
    (["Escalating doses of 10, 20, 40", "and 80 mg/kg followed."], "Escalating doses of 10, 20, 40 and 80 mg/kg followed."),
])
def test_a_sentences_list_of_numbers_is_no_table_row(lines, joined) -> None:
    assert _texts(["Tumour Assessments In The Study Population", *lines]) == \
        ["Tumour Assessments In The Study Population", joined]


@pytest.mark.parametrize("line", [
    "Assessments were done at weeks 8 16 24",  # a verb: a sentence, not a row's label
    "Assessments followed at weeks 8 16 24",  # a preposition leading the numbers
    "Assessments followed for every patient of the study during the follow up weeks 8 16 24",  # too long a label
])
def test_a_sentence_before_the_numbers_is_no_row_label(line) -> None:
    from citeproof.sources.segment import text_row_cells

    assert text_row_cells(line) == []
    assert _texts(["Tumour Assessments In The Study Population", line, "and 32 thereafter."]) == \
        ["Tumour Assessments In The Study Population", f"{line} and 32 thereafter."]


@pytest.mark.parametrize("rows", [
    ["nausea 12 —", "fatigue — 25"],  # a dash for no number
    ["nausea 12 <1", "fatigue 8 25"],  # a bound
    ["nausea 12 ≤1", "fatigue 8 25"],
    ["nausea 12/58 30/60", "fatigue 8/58 25/60"],  # a count of a total
    ["nausea 12 NR", "fatigue NE 25", "rash NA 4", "pain n/a 3", "cough 2 –", "fever - 1"],
    ["nausea 12/58 (20.7) —", "fatigue 8 (13.8) 25 (43.1)"],
])
def test_cells_that_are_not_plain_numbers_make_rows(rows) -> None:
    from citeproof.sources.segment import text_table_rows

    lines = ["Adverse event Arm A Arm B", *rows]
    assert _texts(lines) == lines
    assert text_table_rows(lines) == frozenset(range(1, len(lines)))


def test_the_cells_of_a_row_not_of_plain_numbers() -> None:
    from citeproof.sources.segment import text_row_cells

    line = "nausea 12/58 (20.7)  —  <1  NR"
    assert [line[a:b] for a, b in text_row_cells(line)] == ["12/58 (20.7)", "—", "<1", "NR"]
    # a row states a number somewhere: marks alone close no row
    assert text_row_cells("nausea — NR") == [] and text_row_cells("nausea - -") == []
    assert text_row_cells("fatigue — 25") != [] and text_row_cells("rash n/a 14") != []


def test_a_cell_may_carry_its_interval_in_brackets() -> None:
    from citeproof.sources.segment import text_row_cells

    line = "median PFS, months (95% CI) 11.2 (9.6-13.0) 6.9 (5.5–8.1)"
    assert [line[a:b] for a, b in text_row_cells(line)] == ["11.2 (9.6-13.0)", "6.9 (5.5–8.1)"]


def test_text_table_row_cells_are_the_rows_with_their_cells():
    # one read of each line's cells gives the rows and their cells alike (the value index's use)
    import random

    from citeproof.sources.segment import text_row_cells, text_table_row_cells, text_table_rows

    rng = random.Random(3)
    pieces = ["nausea 12 30", "fatigue 8 25 4", "Adverse event Arm A Arm B", "Neutropenia 12 (20.7) 30 (51.7)",
              "", "The rate was 12 and 30", "rash — 14", "Median PFS, months 11.2 6.9", "Total 40"]
    for _ in range(2000):
        lines = [rng.choice(pieces) for _ in range(rng.randint(0, 7))]
        rows = text_table_row_cells(lines)
        assert frozenset(rows) == text_table_rows(lines)
        assert rows == {i: text_row_cells(lines[i]) for i in rows}


def test_a_full_width_decimal_stays_in_one_source_segment() -> None:
    """A source writing "８.９" keeps the figure whole in one segment (red team rt32c f5; the
    reader folds the digits to ASCII before the splitter sees them)."""
    segs = segment_window(_doc("A组中位PFS为８.９个月，B组为５.０个月。\n"), 1, 1)
    assert [s.text for s in segs] == ["A组中位PFS为8.9个月，B组为5.0个月。"]
