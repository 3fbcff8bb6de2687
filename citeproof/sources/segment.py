"""Source segmentation: rejoin visual line wraps, then split into sentences (SPEC §3.5).

A PDF turned into text breaks sentences at the page width ("…for patients over 65
years it" / "is 250 mg nocte."), so a claim restating the sentence would find no
single segment carrying all its atoms. Rejoining every line break would instead merge
separate instructions on consecutive lines. The rule here is conservative: a line joins
the one before only when it *visibly continues* it — it starts with a lowercase letter,
a digit or an opening bracket (or, in Chinese, the previous line ends with a comma; or the
previous line ends in a digit and this one opens with a percent sign or a Chinese unit,
scale or currency word: "…为14.2" / "个月") — and never across a blank line, a bullet, a
heading, a table row (a Markdown one, or a plain-text one as a PDF's table comes out:
``text_table_rows``), a page marker, or a previous line ending in terminal punctuation
(``. ! ? 。 ！ ？ ；``) or a colon. A paragraph a section label opens ("Results: the
median … was 14.2") is a heading for the section index, but its text wraps like any other.

Value atoms are read across the same wraps (``reflowed_text``), so the numeric-support and
claim-support rules see the same sentences.

Only ``.txt`` and ``.md`` sources are reflowed: in JSON, HTML and XML every line is
already a whole item, block or element, and joining items that happen to start in
lowercase would merge separate facts.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence

from citeproof.sources.headings import TERMINAL, is_bullet, label_led, markdown_heading, page_marker, text_heading
from citeproof.sources.types import Segment, SourceDocument, SourceWindow
from citeproof.text.sentences import is_cjk, split_sentences

REFLOW_MEDIA = frozenset({"txt", "md"})
MAX_JOINED_LINES = 40  # a run of "continuations" longer than this is not a wrapped sentence

_COLON = frozenset(":：")
_CLOSERS = ")]}\"'”’）】」』*_"
_OPENERS = frozenset("([（【")
_CJK_COMMAS = frozenset("，、,")
_NO_JOIN_STARTS = ("|", ">", "```", "~~~")
# Where citeproof.text.sentences.split_sentences may cut: a stop not followed by a digit
# ("3.5" never ends a sentence), an ellipsis, a bracket. A line without any is one sentence
# (one search of the alternation instead of two searches).
_MAY_SPLIT = re.compile(r"[!?。！？；…\[]|\.(?!\d)")



def _hard_line(line: str) -> bool:
    """A line that never joins with a neighbour (either side)."""
    return (
        line.startswith(_NO_JOIN_STARTS)
        or markdown_heading(line) is not None
        or text_heading(line) is not None
        or page_marker(line) is not None
    )


def _label_led_text(line: str) -> bool:
    """A label-led paragraph line ("Results: the median … was 14.2"): a heading for the
    section index, but its text wraps like any other line's."""
    return not line.startswith(_NO_JOIN_STARTS) and markdown_heading(line) is None and page_marker(line) is None \
        and label_led(line)


def join_separator(prev: str, nxt: str) -> str | None:
    """The text that replaces the line break when ``nxt`` continues ``prev``; None when it
    does not. Both lines are stripped and non-empty."""
    if is_bullet(nxt) or _hard_line(nxt) or _hard_line(prev) and not _label_led_text(prev):
        return None
    tail = prev.rstrip(_CLOSERS) or prev
    last = tail[-1]
    if last in TERMINAL or last in _COLON:
        return None
    first = nxt[0]
    if first.islower() or first.isdigit() or first in _OPENERS:
        if prev[-1] == "-" and len(prev) > 1 and prev[-2].isalpha() and first.islower():
            return ""  # "dose-" / "escalation": keep the hyphen, drop the break
        return "" if is_cjk(prev[-1]) or is_cjk(first) else " "
    if is_cjk(first) and last in _CJK_COMMAS:
        return ""  # Chinese wraps never had a space at the break
    if last.isdecimal() and _opens_with_unit(nxt):
        return ""  # "…为14.2" / "个月，…": a unit, scale or currency word names the number before it
    return None


_PERCENT_SIGNS = frozenset("%‰‱")


def _opens_with_unit(line: str) -> bool:
    """Whether ``line`` opens with a percent sign, or with a Chinese unit, scale or currency
    word (units.json, value_cues.json), which follow a number and never open a sentence.
    Chinese has no capitals to show a continuation, so this is its wrap between a number and
    its unit. A Latin unit at a line's start is left alone: lowercase ones join already, and
    a capital may open a sentence ("U.S. sites")."""
    first = line[0]
    if first in _PERCENT_SIGNS:
        return True
    if not is_cjk(first):
        return False
    from citeproof.values.lexicon import lexicon  # the value lexicon reads no source module

    lex = lexicon()
    return any(m.match(line) is not None for m in (lex.unit_re, lex.scale_word_re, lex.currency_suffix_re))


# A plain-text table row as a PDF's text gives it: a label, then two or more cells, a cell a
# number maybe with its share in brackets ("nausea 12 30", "Neutropenia  12 (20.7)  30 (51.7)"), a
# count of a total ("12/58"), a bound ("<1", "≤1") or a mark for no number ("—", "NR": value_cues.json
# text_table_empty_cells). A cell stands alone between spaces: "8," is an item of a sentence's list
# ("at weeks 8, 16, 24"), not a cell.
# Read token by token from the line's end, not by one pattern: a pattern with a lazy label tried
# the cells from every position of a long line of numbers (seconds for one line).
_NUM = r"[-−+]?\d(?:[\d,]*\d)?(?:\.\d+)?%?"
_CELL_TOKEN = re.compile(rf"(?:[<>≤≥]\s?)?{_NUM}(?:/{_NUM})?(?:\(\s*{_NUM}\s*\))?")  # "12", "12/58", "<1", "12(20.7)"
# the "(20.7)" of "12 (20.7)", the "(9.6-13.0)" of "11.2 (9.6-13.0)" (an interval)
_SHARE_TOKEN = re.compile(rf"\(\s*{_NUM}(?:[-–]{_NUM})?\s*\)")
_TOKEN = re.compile(r"\S+")
_BRACKETED = re.compile(r"\([^()]*\)")
MAX_TEXT_CELLS = 24  # more numbers closing a line are a list, not a table's columns
MAX_HEADER_WORDS = 12  # a longer line over a single row is prose, not a table's header
MAX_LABEL_WORDS = 10  # a longer text before the numbers is a sentence's, not a row's label


def _empty_cells() -> frozenset[str]:
    from citeproof.values.lexicon import word_set  # the word lists are read in one place

    return word_set("value_cues.json", "text_table_empty_cells")


def _sentence_words() -> frozenset[str]:
    from citeproof.values.lexicon import word_set

    return word_set("value_cues.json", "text_table_sentence_words")


def _row_label(label: str) -> bool:
    """Whether the text before a line's closing cells reads as a row label, not a sentence: a
    sentence has a verb or a preposition leading its numbers ("Tumour assessments were performed
    at weeks 8 16 24"), or more words than a label."""
    words = label.split()
    return len(words) <= MAX_LABEL_WORDS and not any(w in _sentence_words() for w in words)


def text_row_cells(line: str) -> list[tuple[int, int]]:
    """(start, end) of each cell closing ``line`` (stripped) when it reads as a plain-text table
    row — a label opening in a letter, then two or more cells, one or more of them a number; []
    for a line that reads as none."""
    if not line or not line[0].isalpha():
        return []
    if not (line[-1].isdigit() or line[-1] in ")%") and line[line.rfind(" ") + 1 :] not in _empty_cells():
        return []  # the common case: no cell closes the line
    tokens = [(m.start(), m.end()) for m in _TOKEN.finditer(line)]
    cells: list[tuple[int, int]] = []
    k = len(tokens)
    while k > 1 and len(cells) <= MAX_TEXT_CELLS:
        a, b = tokens[k - 1]
        if _SHARE_TOKEN.fullmatch(line, a, b) and k > 2 and _CELL_TOKEN.fullmatch(line, *tokens[k - 2]):
            cells.append((tokens[k - 2][0], b))  # "12 (20.7)": one cell of two tokens
            k -= 2
        elif _CELL_TOKEN.fullmatch(line, a, b) or line[a:b] in _empty_cells():
            cells.append((a, b))
            k -= 1
        else:
            break
    if not 2 <= len(cells) <= MAX_TEXT_CELLS or all(line[a:b] in _empty_cells() for a, b in cells):
        return []
    return cells[::-1] if _row_label(line[: cells[-1][0]]) else []


def _row_cells(line: str) -> int:
    """How many number cells close ``line`` when it reads as a plain-text table row; 0 when it
    does not."""
    return len(text_row_cells(line))


def caption_lines(lines: Sequence[str], row: int) -> list[int]:
    """Indices of the lines that may caption the plain-text table whose first row is
    ``lines[row]`` (stripped lines): the line right over it, and when that is the table's header
    (``_table_header``) the text line over the header, a blank line between at most."""
    if row < 1 or not lines[row - 1]:
        return []
    out = [row - 1]
    if _table_header(lines[row - 1], _row_cells(lines[row])):
        above = row - 2 if row >= 2 and lines[row - 2] else row - 3
        if above >= 0 and lines[above]:
            out.append(above)
    return out


def _table_header(line: str, cells: int) -> bool:
    """Whether ``line`` reads as the header over a row of ``cells`` numbers: a short line that
    neither opens nor closes on a lowercase word (a wrapped sentence's line does: "The patients
    in the" / "trial numbered 12 30"; a column label is a name, "Arm B", "Placebo", "(n=58)") nor
    ends a sentence, with more words than the row has cells (its label column's, then a column
    label per cell), and no number outside brackets ("… was 12" states a value)."""
    words = line.split()
    return (
        cells + 1 <= len(words) <= MAX_HEADER_WORDS
        and not line[0].islower()
        and not words[-1][0].islower()
        and line[-1] not in TERMINAL
        and line[-1] not in _COLON
        and not any(c.isdigit() for c in _BRACKETED.sub("", line))
    )


def text_table_rows(lines: Sequence[str]) -> frozenset[int]:
    """Indices of ``lines`` (stripped) that are rows of a plain-text table: lines of a label and
    the same number (two or more) of number cells, in a run of two or more, or one such line
    under its header (``_table_header``). A PDF's table comes out as such lines ("Adverse event
    Arm A Arm B" / "nausea 12 30" / "fatigue 8 25"); a row opening in lowercase looked like a
    wrapped sentence and its rows were rejoined into one segment, so a claim giving Arm A the Arm
    B cell found every word and number in it and passed. A row is its own segment, as a Markdown
    table's is."""
    return frozenset(text_table_row_cells(lines))


def text_table_row_cells(lines: Sequence[str]) -> dict[int, list[tuple[int, int]]]:
    """``text_table_rows`` with each row's cells (``text_row_cells``): each line's cells are read
    once, for the rows and their cells alike (a window's value index read every row's cells
    three times over, most of its cost on a record of "Label: 12 30.0%" lines)."""
    spans = [text_row_cells(line) for line in lines]
    cells = [len(s) for s in spans]
    rows = {}
    for i, k in enumerate(cells):
        if not k:
            continue
        if (i > 0 and cells[i - 1] == k) or (i + 1 < len(cells) and cells[i + 1] == k) \
                or (i > 0 and not cells[i - 1] and lines[i - 1] and _table_header(lines[i - 1], k)):
            rows[i] = spans[i]
    return rows


def _groups(lines: Sequence[str], reflow: bool) -> list[list[tuple[int, str, str]]]:
    """The non-blank lines grouped into reflowed paragraphs: (index, stripped text, the
    separator that joins it to the line before — "" for a group's first line). A plain-text
    table's row joins neither the line before it nor the line after it (``text_table_rows``)."""
    groups: list[list[tuple[int, str, str]]] = []
    current: list[tuple[int, str, str]] = []
    prev = ""
    stripped = [raw.strip() for raw in lines] if reflow else []
    rows = text_table_rows(stripped) if reflow else frozenset()
    for i, raw in enumerate(lines):
        line = raw.strip()
        if not line:
            if current:
                groups.append(current)
                current = []
            prev = ""
            continue
        sep = join_separator(prev, line) if current and reflow and len(current) < MAX_JOINED_LINES \
            and i not in rows and i - 1 not in rows else None
        if sep is not None:
            current.append((i, line, sep))
        else:
            if current:
                groups.append(current)
            current = [(i, line, "")]
        prev = line
    if current:
        groups.append(current)
    return groups


def reflow_lines(lines: Sequence[str], first_line: int = 1) -> list[tuple[str, int, int]]:
    """Rejoin visual wraps: (text, first line, last line) per paragraph, lines numbered
    from ``first_line`` (1-based by default). Blank lines yield nothing."""
    return [
        ("".join(sep + text for _i, text, sep in group), group[0][0] + first_line, group[-1][0] + first_line)
        for group in _groups(lines, reflow=True)
    ]


def reflowed_text(lines: Sequence[str]) -> str:
    """``lines`` joined with newlines, except that each wrap ``segment_window`` rejoins is its
    join separator instead: one line per reflowed paragraph, blank lines kept where they were.

    Value atoms are read line by line (``citeproof.values.window_index``); read from the raw
    lines, "…survival was 14.2" / "months in the …" holds a bare 14.2 and no 14.2 months, so a
    claim restating the sentence failed while its segment carried it. Reading this text, the
    numbers meet their units across exactly the wraps the segments rejoin, and no others
    ("Stop the tablets" / "Starting dose 12.5 mg" stay two lines)."""
    out: list[str] = []
    done = 0  # lines of ``lines`` accounted for
    for group in _groups(lines, reflow=True):
        out.extend("" for _ in range(group[0][0] - done))  # the blank lines before the paragraph
        out.append("".join(sep + text for _i, text, sep in group))
        done = group[-1][0] + 1
    out.extend("" for _ in range(len(lines) - done))
    return "\n".join(out)


def window_value_text(window: SourceWindow) -> str:
    """The text a window's value atoms are read from: its lines with the visual wraps of a
    reflowed medium rejoined (``reflowed_text``); a JSON, HTML or XML window as it is."""
    if window.document.media not in REFLOW_MEDIA or "\n" not in window.text:
        return window.text
    return reflowed_text(window.text.split("\n"))


def segment_window(
    document: SourceDocument,
    first_line: int,
    last_line: int,
    *,
    reflow: bool | None = None,
) -> tuple[Segment, ...]:
    """Sentences of lines ``first_line..last_line`` (1-based, inclusive) after wrap reflow.

    Each segment keeps its line range and its character span in ``document.text``; the
    segment text is that span with rejoined line breaks replaced by the join separator.
    Linear in the window's length (the offset of the first line is summed in C).
    """
    lines = document.lines
    first = max(1, first_line)
    last = min(len(lines), last_line)
    if last < first:
        return ()
    if reflow is None:
        reflow = document.media in REFLOW_MEDIA
    window = lines[first - 1 : last]
    # Offset of the window's first line in document.text (lines joined with "\n"), summed in C.
    base = sum(map(len, lines[: first - 1])) + first - 1
    if not reflow:
        return _segment_lines(window, first, base)
    line_starts: list[int] = []
    pos = base
    for raw in window:
        line_starts.append(pos)
        pos += len(raw) + 1
    segments: list[Segment] = []
    for group in _groups(window, reflow):
        idx0, text0, _ = group[0]
        if len(group) == 1:
            raw = window[idx0]
            doc0 = line_starts[idx0] + (len(raw) - len(raw.lstrip()) if raw[:1].isspace() else 0)
            if not _MAY_SPLIT.search(text0):
                # No stop, bracket or ellipsis: the line is one sentence; skip the splitter.
                segments.append(Segment(text0, first + idx0, first + idx0, doc0, doc0 + len(text0)))
                continue
            for a, b in split_sentences(text0):
                segments.append(Segment(text0[a:b], first + idx0, first + idx0, doc0 + a, doc0 + b))
            continue
        parts: list[str] = []
        starts: list[int] = []  # where each line's text starts in the paragraph string
        doc_starts: list[int] = []  # where the same character is in document.text
        ppos = 0
        for idx, text, sep in group:
            if sep:
                parts.append(sep)
                ppos += len(sep)
            raw = window[idx]
            starts.append(ppos)
            doc_starts.append(line_starts[idx] + (len(raw) - len(raw.lstrip()) if raw[:1].isspace() else 0))
            parts.append(text)
            ppos += len(text)
        para = "".join(parts)
        for a, b in split_sentences(para):
            ka = bisect_right(starts, a) - 1
            kb = bisect_right(starts, b - 1) - 1
            segments.append(
                Segment(
                    para[a:b],
                    first + group[ka][0],
                    first + group[kb][0],
                    doc_starts[ka] + (a - starts[ka]),
                    doc_starts[kb] + (b - starts[kb]),
                )
            )
    return tuple(segments)


def _segment_lines(window: Sequence[str], first: int, base: int) -> tuple[Segment, ...]:
    """Segments when every line stands alone (JSON items, HTML blocks, XML elements)."""
    segments: list[Segment] = []
    append = segments.append
    pos = base
    for number, raw in enumerate(window, first):
        if raw:
            text = raw.strip() if raw[0].isspace() or raw[-1].isspace() else raw
            if text:
                start = pos + raw.index(text[0])
                if not _MAY_SPLIT.search(text):
                    append(Segment(text, number, number, start, start + len(text)))
                else:
                    for a, b in split_sentences(text):
                        append(Segment(text[a:b], number, number, start + a, start + b))
        pos += len(raw) + 1
    return tuple(segments)


def cut_sentences(window: SourceWindow) -> tuple[int | None, int | None]:
    """Where the window's locator cuts a wrapped sentence: (the line before the window that
    the first line continues, the line after it that continues the last line), None at an
    edge that ends cleanly. ``#L2`` on "…improved quality of life in the" / "subgroup was
    not demonstrated." holds half a sentence; the half it drops can negate the half it holds.
    Only reflowed media have wraps (in JSON, HTML and XML every line is whole)."""
    document = window.document
    if document.media not in REFLOW_MEDIA or window.line_end < window.line_start:
        return None, None
    lines = document.lines

    def continues(prev: int, nxt: int) -> bool:  # 1-based line numbers
        if prev < 1 or nxt > len(lines):
            return False
        a, b = lines[prev - 1].strip(), lines[nxt - 1].strip()
        if not (a and b) or join_separator(a, b) is None:
            return False
        # a table row joins neither neighbour: its status needs the row or header around it
        near = [line.strip() for line in lines[max(0, prev - 3) : nxt + 1]]
        at = prev - 1 - max(0, prev - 3)  # ``prev``'s index in ``near``
        return not {at, at + 1} & text_table_rows(near)

    before = window.line_start - 1
    after = window.line_end + 1
    return (before if continues(before, window.line_start) else None, after if continues(window.line_end, after) else None)
