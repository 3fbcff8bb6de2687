"""The header row over a cited window's table rows.

A claim may cite one data row of a table ("#L3") whose header ("| Arm | n | ORR (%) |") sits
above the window: a reader looks the column up, and the header gives the row's bare numbers
their unit (``citeproof.values.assess._header_cells``). Only the header of the same table
counts: every line from the header down to the window's first line is a row (or the rule) of
that one table — a Markdown pipe table is contiguous, an HTML table is the reader's range.
The header lends units only, never numbers: what the window supports is still read from the
cited rows.

A document's rows are mapped to their header once per run (one pass over its lines), so each
window finds its header by one look-up however many windows cite the same table.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from citeproof.sources.types import SourceDocument, SourceWindow

_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?\s*$")


@dataclass(frozen=True, slots=True)
class TableContext:
    """What a window's value index needs to know of the tables it cuts into."""

    above: str | None = None  # the header row of the table the window's first line is a row of, when above it
    header_rows: frozenset[int] = frozenset()  # window-local indices of header rows no Markdown rule marks
    # window-local line index → the unit phrase a JSON key beside that line's value names
    value_units: tuple[tuple[int, str], ...] = ()
    # the heading of the section the window starts in, above it, when it ends in a bracket (it
    # may name the unit of the bare numbers under it: "## Progression-free survival (months)")
    heading: str | None = None
    # the line of text over the header row of the table the window starts in, when above the window
    # (it may state the table's unit: "Table 2. Revenue by region (USD billion)")
    caption: str | None = None
    # the line of text under the table the window ends in, when below the window (it may be a unit
    # note: "All figures in USD million unless otherwise stated.")
    note: str | None = None
    # window-local index of a header row → its columns' whole headers, the stacked rows over it
    # read as one (``SourceDocument.joined_headers``: "Result (%)" spanning "Arm A | Placebo")
    joined_rows: tuple[tuple[int, str], ...] = ()


NO_TABLE = TableContext()


def row_headers(document: SourceDocument) -> dict[int, int]:
    """Each table line below a header row (1-based) → that header's line, for every table of
    ``document`` (one pass)."""
    if document.header_rows and document.media != "md":
        return _html_row_headers(document)
    out: dict[int, int] = {}
    lines = document.lines
    header: int | None = None
    in_html = False  # the header is an HTML table's <th> row, written in a Markdown file
    for n, line in enumerate(lines, start=1):
        if n in document.header_rows:
            header, in_html = n, True
            continue
        if "|" not in line:
            if not (in_html and not line.strip()):  # the HTML rows' other lines are left empty (readers)
                header = None  # a blank or plain line ends a pipe table
            continue
        if n < len(lines) and _TABLE_RULE.match(lines[n]) and not _TABLE_RULE.match(line):
            header, in_html = n, False
            continue
        if header is not None:
            if n - 2 == header and not in_html and _TABLE_RULE.match(lines[n - 2]) and not any(c.isdigit() for c in line):
                header = n  # a second header row under the rule ("| | n | % |"): its columns' units head the rows below
                continue
            out[n] = header
    return out


def _html_row_headers(document: SourceDocument) -> dict[int, int]:
    """The rows of each HTML table under the nearest ``<th>`` row above them in that table."""
    out: dict[int, int] = {}
    for first, last in set(document.tables.values()):
        header: int | None = None
        for n in range(first, last + 1):
            if n in document.header_rows:
                header = n
            elif header is not None:
                out[n] = header
    return out


def may_cut_a_table(window: SourceWindow) -> bool:
    """Whether the window's first line can be a table row (a cheap test before any look-up)."""
    first = window.text.split("\n", 1)[0]
    return "|" in first


def table_context(window: SourceWindow, headers: dict[int, int] | None) -> TableContext:
    """The window's ``TableContext``; ``headers`` is ``row_headers`` of its document (None when
    the window cannot start inside a table)."""
    document = window.document
    above = None
    caption = None
    if headers is not None and (header := headers.get(window.line_start)) is not None and header < window.line_start:
        above = document.joined_headers.get(header, document.lines[header - 1])
        caption = _caption(document, header)
    elif headers is not None and headers.get(window.line_start + 1) == window.line_start \
            or window.line_start in document.header_rows:
        caption = _caption(document, window.line_start)  # the window starts at the header row
    rows = frozenset(n - window.line_start for n in document.header_rows if window.line_start <= n <= window.line_end)
    joined = tuple((n - window.line_start, text) for n, text in sorted(document.joined_headers.items())
                   if window.line_start <= n <= window.line_end)
    units = _window_units(document.value_units, window.line_start, window.line_end)
    heading = _bracketed_heading(document, window.line_start)
    ends_in_table = 0 < window.line_end <= len(document.lines) and "|" in document.lines[window.line_end - 1]
    note = _note_below(document, window.line_end) if ends_in_table else None
    if above is None and not rows and not units and not heading and caption is None and note is None:
        return NO_TABLE
    return TableContext(above, rows, units, heading, caption, note, joined)


def _note_below(document: SourceDocument, row: int) -> str | None:
    """The line of text under the table whose row (1-based) ends the window, one blank line
    between them at most."""
    lines = document.lines
    n = row
    while n < len(lines) and "|" in lines[n]:
        n += 1  # the table's rows past the window (lines[n] is line n + 1)
    for k in (n, n + 1):
        if k >= len(lines):
            return None
        if lines[k].strip():
            return lines[k] if "|" not in lines[k] else None
    return None


def _caption(document: SourceDocument, header: int) -> str | None:
    """The line of text over a table's header row (1-based ``header``), one blank line between
    them at most, when it is no table line."""
    for n in (header - 1, header - 2):
        if n < 1:
            return None
        line = document.lines[n - 1]
        if line.strip():
            return line if "|" not in line else None
    return None


_HEADED_MEDIA = frozenset({"md", "txt", "html"})  # media whose sections are headings (not JSON keys or XML names)
_ENDS_IN_BRACKET = re.compile(r"[)）\]]\s*:?\s*$")


def _bracketed_heading(document: SourceDocument, line: int) -> str | None:
    """The heading line of the innermost section that ``line`` lies under (below its heading),
    when that heading ends in a bracket."""
    if document.media not in _HEADED_MEDIA or not document.sections:
        return None
    first = max((a for a, b in document.sections.values() if a < line <= b), default=None)
    if first is None:
        return None
    heading = document.lines[first - 1]
    return heading if _ENDS_IN_BRACKET.search(heading) else None


def _window_units(units: dict[int, str], first: int, last: int) -> tuple[tuple[int, str], ...]:
    if not units:
        return ()
    if last - first + 1 < len(units):  # a short window in a long record: look its own lines up
        return tuple((n - first, units[n]) for n in range(first, last + 1) if n in units)
    return tuple(sorted((n - first, unit) for n, unit in units.items() if first <= n <= last))
