"""The format-neutral middle of parsing: visible blocks in document order.

Both front ends (``html.py``, ``markdown.py``) push into one ``BlockSink``; it tracks the
heading path and whether the current section is a source list. Everything after this point
(sentences, anchors, claims) is the same for HTML and Markdown.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

# kind: heading | p | li | blockquote | tr | header_row | code
BODY_KINDS = frozenset({"p", "li", "blockquote"})

_SOURCE_LIST_TITLE = re.compile(
    r"^\s*(?:(?:\d+(?:\.\d+)*|[IVXLC]+|[A-Z])[.)、:：]?\s+|第[一二三四五六七八九十百\d]+[章节部分]\s*)?"
    r"(?:references?|sources?(?:\s+(?:list|index|cited|used))?|bibliography|appendix|appendices|annex(?:es)?"
    r"|citations?|works\s+cited|further\s+reading|reference\s+list|evidence\s+index"
    r"|参考文献|参考资料|资料来源|数据来源|信息来源|证据来源|引用文献|来源|附录|引用)"
    r"(?:\s*$|[\s:：（(—–-]|(?-i:[A-Z])\b|[0-9一二三四五六七八九十]+\b)",
    re.IGNORECASE,
)


def is_source_list_title(title: str) -> bool:
    """A heading that opens a references/sources/appendix section (its rows are not body analysis)."""
    return bool(_SOURCE_LIST_TITLE.match(title))


class Link(NamedTuple):
    """A URL link in a block's text: where its visible text ends, and that text (a citation's
    label, "[limits](https://…)"; empty where it is not kept, in a table row)."""

    url: str  # as written
    end: int  # offset after the link text
    label: str = ""


@dataclass(slots=True)
class RawBlock:
    kind: str
    tag: str  # element the block came from (p, li, h2, tr, pre, …): Location.block
    text: str  # visible text, newlines kept so sentence lines can be counted
    line: int  # 1-based line of the block's first character
    section_path: tuple[str, ...]
    in_source_list: bool
    links: list[Link] = field(default_factory=list)
    columns: tuple[tuple[str, str], ...] = ()  # a table row under a header: (header, cell as written) by position
    # (what, offset): text at that point that only some readers get (screen-reader-only, noscript, …);
    # it is not in ``text`` and keeps the sentence there from passing Tier 1
    unsure: list[tuple[str, int]] = field(default_factory=list)
    lead_in: tuple[str, ...] = ()  # the lines ending in ':' that introduce it, outermost first (ListLead)
    # (offset, text): unsure text left out of ``text`` at that point; its sentence is checked with
    # it put back as well, so that text which may be on screen never fails an honest claim by its absence
    dropped: list[tuple[int, str]] = field(default_factory=list)


@dataclass(slots=True)
class RawMermaid:
    source: str
    line: int
    section_path: tuple[str, ...]
    attributes: dict[str, str]


class TableHeader:
    """The column headers of the table being read.

    Header rows before the first data row stack ("Arm A" spanning two columns over "ORR" and
    "PFS" reads "Arm A ORR", "Arm A PFS"); a header row after data rows starts a new header,
    unless it is a title or section row (one non-empty cell spanning columns, or one non-empty
    cell once a header exists), which labels rows, not columns. A row whose cells could not be
    placed in columns (a table nested in a cell, an unusable span) leaves the rest of the table
    without headers: a header bound to the wrong cell would be worse than none.

    An HTML table with no header cells before its first row may write its header with ``td``
    (``implicit``): a first row of two or more labels, with no digit and no anchor, is read as
    the header too. It stays a row of its own (a claim if it is one), so nothing else changes.
    A first row of numbered labels ("Outcome | Week 12 | Week 24", "| 2022 | 2023") with no
    anchor, link or value is the header and no row: its numbers name columns, they state nothing.
    """

    __slots__ = ("rows", "data_seen", "placed", "implicit", "_joined")

    def __init__(self, implicit: bool = False) -> None:
        self.rows: list[Sequence[str]] = []
        self.data_seen = False
        self.placed = True
        self.implicit = implicit
        self._joined: list[str] | None = None  # the header text of each column, once per header

    def header_row(self, cells: Sequence[str] | None, title: bool) -> None:
        if cells is None:
            self.placed = False
            return
        if title or (sum(1 for c in cells if c.strip()) == 1 and (self.rows or self.data_seen)):
            return
        if self.data_seen:
            self.rows, self.data_seen = [], False
        self.rows.append(cells)
        self._joined = None

    def numbered_header(self, cells: Sequence[str] | None) -> bool:
        """An implicit header's first row of numbered labels ("Outcome | Week 12 | Week 24"):
        read as the header and not as a claim — its numbers name columns, they state nothing."""
        return (
            self.implicit and cells is not None and not (self.rows or self.data_seen)
            and _numbered_label_row(cells)
        )

    def columns(self, cells: Sequence[str] | None) -> tuple[tuple[str, str], ...]:
        """(header, cell) for each position of a data row; () when there is no usable header."""
        first = not (self.rows or self.data_seen)
        self.data_seen = True
        if cells is None:
            self.placed = False
        elif first and self.implicit and _label_row(cells):
            self.rows.append(cells)
            self._joined = None
            return ()
        if not (self.placed and self.rows and cells is not None):
            return ()
        if self._joined is None:
            self._joined = stacked_columns(self.rows)
        headers = self._joined
        if not any(headers):
            return ()
        width = max(len(cells), len(headers))
        return tuple((headers[j] if j < len(headers) else "", cells[j] if j < len(cells) else "") for j in range(width))


# a header cell's closing bracket ("Result (%)", "中位PFS（月）"): what its column's values are in
_LAST_BRACKET = re.compile(r"\s*([(（\[][^()（）\[\]]{1,24}[)）\]])$")


# an upper header cell's closing count-and-share bracket after its count word ("Patients, n (%)")
_COUNT_SHARE_TAIL = re.compile(r"\s*,?\s*\b((?:n|no\.)\s*[(（]\s*%\s*[)）])$", re.I)


def stacked_columns(rows: Sequence[Sequence[str]]) -> list[str]:
    """Each column's header, its header rows (cells by rendered column, "" where a cell from
    above covers it) read top to bottom as one (``_stacked``). Shared with the reader of a saved
    HTML source's table (``citeproof.sources.readers``)."""
    width = max((len(r) for r in rows), default=0)
    return [_stacked([" ".join(r[j].split()) for r in rows if j < len(r) and r[j].strip()]) for j in range(width)]


def _stacked(parts: Sequence[str]) -> str:
    """A column's header rows read top to bottom as one header. A bracket closing an upper row's
    cell ("Result (%)" spanning "Arm A | Arm B") says what every column under it is in, so it
    closes the joined header too ("Result Arm A (%)"), where readers of a header look for it,
    unless the lowest row's cell closes with a bracket of its own. A count-and-share tail ("Patients,
    n (%)" over "Arm A (N=210)") closes it even then: the lower bracket counts the arm, the tail
    says what each cell writes ("Patients Arm A (N=210), n (%)")."""
    if len(parts) < 2:
        return " ".join(parts)
    for k in range(len(parts) - 2, -1, -1):
        if m := _COUNT_SHARE_TAIL.search(parts[k]):
            moved = [*parts[:k], parts[k][:m.start()], *parts[k + 1:]]
            return " ".join(p for p in moved if p) + ", " + m.group(1)
    if _LAST_BRACKET.search(parts[-1]):
        return " ".join(parts)
    for k in range(len(parts) - 2, -1, -1):
        if m := _LAST_BRACKET.search(parts[k]):
            moved = [*parts[:k], parts[k][:m.start()], *parts[k + 1:]]
            return " ".join(p for p in moved if p) + " " + m.group(1)
    return " ".join(parts)


def _label_row(cells: Sequence[str]) -> bool:
    """Two or more cells of words only: no digit (no value, no "Week 12") and no anchor."""
    filled = [c for c in cells if c.strip()]
    return len(filled) >= 2 and not any(ch.isdigit() or ch == "[" for c in filled for ch in c)


# a cell that names a column by a numbered label or a year: "Week 12", "Arm 1", "Cycle 3 Day 1", "2023", "第12周"
_NUMBERED_LABEL = re.compile(
    r"\s*(?:[A-Za-z][A-Za-z./-]*(?:\s[A-Za-z][A-Za-z./-]*)*\s?\d{1,3}[A-Za-z]?(?:\s[A-Za-z][A-Za-z./-]*\s?\d{1,3})*"
    r"|(?:19|20)\d{2}|第?\d{1,3}(?:周|天|日|个月|月|年|组|期|周期)|[\u4e00-\u9fff]{1,6}\d{1,3})\s*"
)


def _numbered_label_row(cells: Sequence[str]) -> bool:
    """A first row that heads its columns with numbered labels ("Outcome | Week 12 | Week 24"):
    cells of words only or a numbered label each, at least two of them numbered, no anchor,
    no value ("40%", "12 mg" and "3.5" are no label)."""
    filled = [c for c in cells if c.strip()]
    numbered = [c for c in filled if any(ch.isdigit() for ch in c)]
    return (
        len(numbered) >= 2
        and not any("[" in c for c in filled)
        and all(_NUMBERED_LABEL.fullmatch(c) for c in numbered)
    )


_SENTENCE_END = re.compile(r"(?<=[.!?。！？])\s+")


class ListLead:
    """The lines that introduce what follows them: a paragraph ending in a colon ("Patients were
    excluded if they had any of the following:") leads the list items and table rows after it,
    or the one paragraph right after it; an item ending in a colon ("Any of the following
    cardiac conditions:") adds itself for the items after it. A heading or another paragraph
    ends it. What a claim says can hang on its lead-in as on its heading.

    A label that heads what follows it without a colon leads it the same way: a ``<dt>`` or a
    ``<summary>`` the paragraph after it, a table's ``<caption>`` its rows, and a title row (one
    header cell spanning the columns: "Control arm") the rows under it, up to the next title
    row. "Control arm" over "Median PFS | 11.2 months" says whose the figure is. A caption and a
    title row lead their own table only."""

    __slots__ = ("lines", "takes_paragraph", "caption", "row_title")

    def __init__(self) -> None:
        self.lines: tuple[str, ...] = ()
        self.takes_paragraph = False
        self.caption = ""  # the open table's caption
        self.row_title = ""  # the title row over the open table's next rows

    def clear(self) -> None:
        self.lines, self.takes_paragraph, self.caption, self.row_title = (), False, "", ""

    def table(self) -> None:
        """A table starts: the last one's caption and title row lead none of its rows."""
        self.caption, self.row_title = "", ""

    def of(self, kind: str, text: str, tag: str = "") -> tuple[str, ...]:
        """The lead-in of a block of ``kind`` (from element ``tag``) with ``text``, updating what
        leads the next ones."""
        if tag == "caption":
            self.caption = " ".join(text.split())
            return ()
        colon = text.rstrip()[-1:] in (":", "：") or tag in _LABEL_TAGS
        if kind in ("li", "tr"):
            lead = self.lines
            if kind == "tr":
                lead = (*lead, *(label for label in (self.caption, self.row_title) if label))
            self.takes_paragraph = False
            if kind == "li" and colon:
                self.lines = (*self.lines, _last_sentence(text))
            return lead
        if kind == "p":
            lead = self.lines if self.takes_paragraph else ()
            self.lines, self.takes_paragraph = ((_last_sentence(text),), True) if colon else ((), False)
            return lead
        return ()

    def title(self, text: str) -> None:
        """A table's title row: it leads the rows under it, in place of the one before it."""
        self.row_title = " ".join(text.split())


# elements whose text labels the paragraph after them, as a line ending in a colon does (ListLead)
_LABEL_TAGS = frozenset({"dt", "summary"})


# Characters a browser or a Markdown viewer never draws: a soft hyphen (``&shy;``) shows only
# at a line break, so "pembro&shy;lizumab" reads as one word; zero-width spaces, word joiners
# and byte-order marks show nothing. Left in, they split a word or a number the reader sees
# whole (ZWNJ/ZWJ are kept: they shape letters in some scripts and emoji).
_INVISIBLE = str.maketrans(dict.fromkeys((0x00AD, 0x200B, 0x2060, 0xFEFF)))


# An anchor written in full-width or lenticular brackets, as Chinese input methods type them
# ("［nct:NCT00191815#Results］", "【nct:NCT00191815#Results】"): the same citation, read in ASCII
# brackets (one character for one, so offsets and lines stay as written). Only a bracket
# opening with "kind:" is an anchor, and only a pair of one style ("【…］" is not a bracket).
_FULL_WIDTH_ANCHOR = re.compile(r"［([A-Za-z][\w-]*[:：][^［］\n]{1,300})］|【([A-Za-z][\w-]*[:：][^【】\n]{1,300})】")


def visible(text: str) -> str:
    """``text`` without the characters no reader sees, its full-width anchor brackets as ASCII."""
    if text.isascii():
        return text
    text = text.translate(_INVISIBLE)
    if "［" in text or "【" in text:
        text = _FULL_WIDTH_ANCHOR.sub(lambda m: "[" + (m.group(1) or m.group(2)).replace("：", ":", 1) + "]", text)
    return text


def _last_sentence(text: str) -> str:
    return _SENTENCE_END.split(" ".join(text.split()))[-1]


class BlockSink:
    """Collects blocks in document order and keeps the heading stack."""

    def __init__(self) -> None:
        self.items: list[RawBlock | RawMermaid] = []
        self._headings: list[tuple[int, str, bool]] = []  # (level, title, opens a source list)
        self._table = TableHeader()
        self._lead = ListLead()
        # notes of the open regions only some readers get (a screen-reader-only <div>, the open
        # tab of a tab set): every block inside is read and checked, and none of them can pass
        self._unsure_regions: list[str] = []

    def open_unsure(self, note: str) -> None:
        """Blocks from here to the matching ``close_unsure`` are not on every reader's screen."""
        self._unsure_regions.append(note)

    def close_unsure(self) -> None:
        if self._unsure_regions:
            self._unsure_regions.pop()

    @property
    def section_path(self) -> tuple[str, ...]:
        return tuple(title for _, title, _ in self._headings)

    @property
    def in_source_list(self) -> bool:
        return any(flag for _, _, flag in self._headings)

    def heading(self, level: int, title: str, line: int, tag: str) -> None:
        title = " ".join(visible(title).split())
        if not title:
            return
        while self._headings and self._headings[-1][0] >= level:
            self._headings.pop()
        self._headings.append((level, title, is_source_list_title(title)))
        self._lead.clear()
        self.items.append(
            RawBlock("heading", tag, title, line, self.section_path, self.in_source_list)
        )

    def block(
        self,
        kind: str,
        tag: str,
        text: str,
        line: int,
        links: list[Link] | None = None,
        *,
        columns: tuple[tuple[str, str], ...] = (),
        unsure: Sequence[tuple[str, int]] = (),
        dropped: Sequence[tuple[int, str]] = (),
    ) -> None:
        text = visible(text)
        if not text.strip():
            if links:
                # a bare link with no text is still a citation: keep the URL as the text
                text = " ".join(link.url for link in links)
            else:
                return
        lead = self._lead.of(kind, text, tag)
        notes = [*unsure, *((note, 0) for note in self._unsure_regions)]
        self.items.append(
            RawBlock(
                kind, tag, text, line, self.section_path, self.in_source_list, list(links or ()), columns,
                notes, lead, list(dropped),
            )
        )

    def table_start(self, *, implicit_header: bool = False) -> None:
        self._table = TableHeader(implicit_header)
        self._lead.table()

    def table_row(
        self,
        header: bool,
        text: str,
        line: int,
        links: list[Link] | None,
        cells: Sequence[str] | None,
        *,
        title: bool = False,
        unsure: Sequence[tuple[str, int]] = (),
    ) -> None:
        """A table row; ``text`` is its non-empty cells joined by " | ", ``cells`` the cell
        under each rendered column position (None when they could not be placed), ``title``
        a header row that is one cell spanning several columns."""
        cells = None if cells is None else [visible(c) for c in cells]
        if header or (not links and self._table.numbered_header(cells)):
            self._table.header_row(cells, title)
            if title:
                self._lead.title(text)
            self.block("header_row", "tr", text, line, links)
            return
        self.block("tr", "tr", text, line, links, columns=self._table.columns(cells), unsure=unsure)

    def mermaid(self, source: str, line: int, attributes: dict[str, str]) -> None:
        self.items.append(RawMermaid(source, line, self.section_path, dict(attributes)))
