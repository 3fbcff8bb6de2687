"""Types for saved sources. Plain frozen dataclasses, not pydantic: a run may hold
thousands of documents and tens of thousands of segments, and these never cross a
process boundary (the report carries only ids, lines and offsets)."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field, fields

from citeproof.model import Anchor, Finding


# a JSON unit key's unit noted for a number under another key of its object than a measured
# value's ('"revenue": 4.2' beside '"unit": "USD million"'): a reading only, never certain —
# the object may hold figures of other units ('"employees": 1200')
READING_ONLY = "~"

@dataclass(frozen=True, slots=True)
class Segment:
    """A sentence-sized piece of a source after wrap reflow. Lines are 1-based, inclusive."""

    text: str
    line_start: int
    line_end: int
    char_start: int  # offset into SourceDocument.text
    char_end: int


@dataclass(frozen=True, slots=True, kw_only=True)
class SourceLayout:
    """Where things are in a saved file's visible lines: sections, pages, tables, the saved file's
    own line numbers. A reader finds it (``readers.ReadResult``); the store's document keeps it."""

    title: str | None = None
    sections: dict[str, tuple[int, int]] = field(default_factory=dict)  # name → (first, last) line, 1-based
    pages: tuple[tuple[int, int], ...] = ()  # page N → (first, last) line
    tables: dict[int, tuple[int, int]] = field(default_factory=dict)  # "Table N" → (first, last) line
    # lines (1-based) that are a table's header row without a Markdown rule under them (HTML <th> rows)
    header_rows: frozenset[int] = frozenset()
    # a header row under another (1-based) → its columns' whole headers, where a cell of the
    # stacked rows spans columns or rows
    joined_headers: dict[int, str] = field(default_factory=dict)
    # the saved file's line of line N at [N-1], where the two differ (a JSON source: one line per
    # value; HTML and XML: one per block); () when line N is the file's line N. Line locators
    # (SPEC §2) count the file's lines. Never decreasing.
    file_lines: tuple[int, ...] = ()
    # the saved file's last line of line N at [N-1], where a line runs over several (an HTML <p>
    # wrapped over three); () when each ends where it starts. file_lines[N] >= file_ends[N-1].
    file_ends: tuple[int, ...] = ()
    # how many lines the saved file has when file_lines count them (HTML, XML); 0 when unknown
    # (JSON: a locator past its last value is out of range, brackets or not)
    file_line_count: int = 0
    # line (1-based) → the unit a JSON key beside that line's value names (readers.read_json);
    # opening with READING_ONLY, beside a number under another key than a measured value's
    value_units: dict[int, str] = field(default_factory=dict)
    # section name → its path: its enclosing headings' names, then its own (readers._named_sections);
    # {} where sections have no paths (JSON: its names are key paths already)
    section_paths: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # the printed number of page N at [N-1] (0: none), where the page markers print them ("Page 12"
    # in an excerpt): ``#p12`` is that page; () when pages are counted in file order
    page_numbers: tuple[int, ...] = ()
    # whether those markers close their pages (footers: a number no marker prints is the next
    # printed page's, whose text it ran on into) rather than open them (headers: the last one's)
    page_footers: bool = True
    # why the numbers the page markers print are not the pages' ("" where they are, or print none);
    # said when a page locator is out of the counted pages (readers._pages)
    page_numbers_unused: str = ""
    # an XML tag several elements share that names none of them → each one's path and lines
    # (readers._xml_sections), listed when an anchor names it
    shared_tags: dict[str, tuple[tuple[tuple[str, ...], tuple[int, int]], ...]] = field(default_factory=dict)


def layout_of(layout: SourceLayout, **changes: object) -> dict[str, object]:
    """``layout``'s fields as keyword arguments (for a document built from a read file), with ``changes``."""
    return {**{f.name: getattr(layout, f.name) for f in fields(SourceLayout)}, **changes}


@dataclass(frozen=True, slots=True, kw_only=True)
class SourceDocument(SourceLayout):
    """One saved source, read and normalised once per run."""

    source_id: str
    channel: str
    path: str  # relative to the sources directory, POSIX separators
    media: str  # txt | md | html | json | xml
    text: str  # normalised visible text; lines joined with "\n"
    lines: tuple[str, ...]  # text split into lines; line N is lines[N-1]
    url: str | None = None

    def file_line(self, line: int) -> int:
        """The saved file's line that ``line`` (1-based, of ``lines``) comes from (its first)."""
        return self.file_lines[line - 1] if self.file_lines and 1 <= line <= len(self.file_lines) else line

    def file_line_end(self, line: int) -> int:
        """The saved file's last line that ``line`` comes from (a wrapped paragraph's last)."""
        if self.file_ends and 1 <= line <= len(self.file_ends):
            return self.file_ends[line - 1]
        return self.file_line(line)

    def lines_at(self, first: int, last: int) -> tuple[int, int] | None:
        """The lines (first, last) that come from the saved file's lines ``first..last`` — every
        line any of whose file lines is among them — or None when no line does (a line of brackets
        or keys only, of tags only)."""
        if not self.file_lines:
            return (first, last) if 1 <= first <= last <= len(self.lines) else None
        lo = bisect_left(self.file_ends or self.file_lines, first)  # the first line ending at or after first
        hi = bisect_right(self.file_lines, last)  # the lines starting at or before last
        return (lo + 1, hi) if hi > lo else None


@dataclass(frozen=True, slots=True)
class SourceWindow:
    """The part of a document an anchor's locator points at."""

    document: SourceDocument
    line_start: int
    line_end: int
    text: str
    segments: tuple[Segment, ...]
    coarse: bool  # True when there was no locator or it names a whole long section/page
    locator_raw: str | None = None


@dataclass(frozen=True, slots=True)
class Resolution:
    """What an anchor resolved to: a window, or a finding saying why not."""

    anchor: Anchor
    window: SourceWindow | None
    finding: Finding | None = None
