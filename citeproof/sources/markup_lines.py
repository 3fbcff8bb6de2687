"""Where each piece of an HTML or XML source's text stands: its line in the saved file.

SPEC §2 makes ``#L12`` a line of the saved file as an editor shows it. The HTML and XML readers
(``citeproof.sources.readers``) give one line per visible block, so the file's line 9 (``<p>…</p>``
under a ``<head>``, a ``<nav>`` and a banner) was another block to citeproof: a true claim citing the
line it was copied from failed, and a claim citing the reader's count could pass against text the
user never pointed at. The readers now ask :class:`MarkupLines` for the file lines of each piece of
text they read, and record them per line (``ReadResult.file_lines`` / ``file_ends``).

Neither parser says where a piece came from (Lexbor exposes no source positions; ElementTree none
for text), so each piece is *found*, in document order, in a copy of the file where everything that
is not text is blanked out, newlines kept and every offset unchanged: comments, tags and their
attributes, and (HTML) raw-text elements and ``<noscript>``. A piece is found by a robust key: its
first run of ASCII letters and digits (else, text with none such as Chinese, its first run of word
characters). Parsed text is entity-decoded (``10&nbsp;years`` reads ``10\\xa0years``) and the key is
a run no entity can split; a letter written as an entity (``caf&eacute;``) only shortens the run the
key is taken from. The key must stand as a word (no letter or digit either side), so ``45`` is not
found inside ``145``.

The search runs forward from a cursor that moves past each piece found (its length on when it is
written as read, else to its last word), so the lines never go backwards and the whole file is
read about once: linear. A piece whose key is not found (a letter written as a numeric reference,
text the parser made up) keeps the line the previous piece ended on, and the cursor stays. A
search that finds nothing reads to the end of the file, so failed searches may read twice the file
in all (a key not found is not searched again); after that a search looks only a short way ahead,
and text after a long run of text never found (a page of numeric references) may keep an
earlier line — never a later one, never an error.

Text the parser moved is not searched for where it landed: HTML foster-parenting puts text written
inside a ``<table>`` (between rows) before the table, so it comes first in document order but after
some cells in the file. Found there, it would drag the cursor past those cells; a text node just
before a ``<table>`` that is found only past that table's opening tag keeps the previous line
instead. Whole elements moved out of a table (a ``<p>`` between rows) are not detected: their
text is found where it is written, and the cells before it in the file then keep its line.

Text the reader skips (navigation, hidden parts, struck-through text) is not searched; the cursor
goes over it to the next piece read. A key that also occurs in skipped text between two read
pieces binds to that earlier place (never before the previous piece).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable
from typing import NamedTuple

from citeproof.parse.html import mask_raw_text

# everything in a file that is not text, once comments and raw-text elements are blanked:
# a tag, a declaration or a processing instruction; one left open at the end runs to the end,
# as parsers read it (and a run of unclosed openers is read once, not once per opener). Most
# tags stand on one line and become one space, replaced in C; the few written over several
# lines become their newlines. A tag is never removed outright: "Ana</b>lysis" must not
# read as one word, and a piece of text is never longer than the masked file's text it came from.
_TAG = re.compile(r"<[A-Za-z/!?][^<>]*(?:>|(?=<)|\Z)")
_ONE_LINE_TAG = re.compile(r"<[A-Za-z/!?][^<>\n]*(?:>|(?=<)|\Z)")
_ONE_LINE_TABLE = re.compile(r"<table(?![\w-])[^<>\n]*(?:>|(?=<)|\Z)", re.IGNORECASE)
_TABLE_MARK = "\ue000"  # a private-use character standing for a <table> tag in the masked text
_XML_COMMENT = re.compile(r"<!--.*?(?:-->|\Z)", re.DOTALL)
_CDATA_MARK = re.compile(r"<!\[CDATA\[|\]\]>")
_NOT_NEWLINE = re.compile(r"[^\n]")
_KEY = re.compile(r"[A-Za-z0-9]+")
_WORD = re.compile(r"[^\W_]+")
_NEAR = 4096  # how far a search looks once failed searches have read twice the file
_ENTITY_SPREAD = 12  # how many times longer than its text a piece may be written ("&#x3b1;" for "α")


class Placed(NamedTuple):
    """The file lines of one piece of text: its first and last non-blank character's, and the
    line its first character (blank or not) stands on (a ``<pre>`` counts its lines from it)."""

    first: int
    last: int
    origin: int


def _blank(m: re.Match[str]) -> str:
    return _NOT_NEWLINE.sub(" ", m.group(0))


def _multi_line_tag(m: re.Match[str]) -> str:
    tag = m.group(0)
    if tag[:6].lower() == "<table" and not (tag[6:7].isalnum() or tag[6:7] == "-"):
        return _TABLE_MARK + "\n" * tag.count("\n")
    return "\n" * tag.count("\n") or " "


def file_line_count(text: str) -> int:
    """How many lines an editor shows for ``text`` (a last line ending in a newline is the last):
    the count ``citeproof.sources.readers`` uses for plain text."""
    n = text.count("\n") + 1
    return n - 1 if text.endswith("\n") and n > 1 else n


class MarkupLines:
    """File lines of the pieces of text of one HTML or XML file, asked for in document order."""

    def __init__(self, text: str, *, html: bool) -> None:
        text = text.replace("\r\n", "\n").replace("\r", "\n")  # as parsers and editors read line ends
        self.line_count = file_line_count(text)
        self.src = self._mask_html(text) if html else self._mask_xml(text)
        # offsets of the <table> tags (HTML), for text the parser moved out of a table
        self.tables = [m.start() for m in re.finditer(_TABLE_MARK, self.src)] if html else []
        self.cursor = 0  # where the next piece is searched from
        self._counted = 0  # offset up to which newlines are counted ...
        self._line = 1  # ... and the line there
        self.last = 1  # the line the last piece found ended on
        self._budget = 2 * len(text)  # characters failed searches may still read to the end
        self._missing: set[str] = set()  # keys not found after the cursor: not found later either

    @staticmethod
    def _mask_html(text: str) -> str:
        masked = _mask_noscript(mask_raw_text(text)).replace(_TABLE_MARK, " ")
        masked = _ONE_LINE_TAG.sub(" ", _ONE_LINE_TABLE.sub(_TABLE_MARK, masked))
        return _TAG.sub(_multi_line_tag, masked)

    @staticmethod
    def _mask_xml(text: str) -> str:
        # CDATA content is text in XML: only its markers are blanked
        masked = _CDATA_MARK.sub(_blank, _XML_COMMENT.sub(_blank, text))
        return _TAG.sub(_multi_line_tag, _ONE_LINE_TAG.sub(" ", masked))

    def locate(self, piece: str, *, moved: Callable[[], bool] | None = None) -> Placed:
        """The lines of ``piece``, the next text read in document order. ``moved``: whether the
        piece may have been moved out of a table (a text node right before one), asked only
        when it is found past the next ``<table>`` tag."""
        m = _KEY.search(piece) or _WORD.search(piece)
        last = self.last
        if m is None:  # blank, or punctuation only: it stands where the text before it ended
            return Placed(last, last, last)
        key_at = m.start()
        at = self._search(m.group(0), ascii_key=m.re is _KEY)
        if at < 0 or moved is not None and self._past_next_table(at) and moved():
            return Placed(last, last, last)
        # the line of the key: offsets asked for only grow, so newlines are counted once, in C
        line = self._line = self._line + self.src.count("\n", self._counted, at)
        self._counted = at
        self.cursor = self._end_of(piece, m, at)
        if "\n" not in piece:  # the common case: a piece on one line
            first = self.last = line if line > last else last
            return Placed(first, first, first)
        start, end = len(piece) - len(piece.lstrip()), len(piece.rstrip())
        first = max(last, line - piece.count("\n", start, key_at))
        self.last = max(first, line + piece.count("\n", m.end(), end))
        return Placed(first, self.last, max(line - piece.count("\n", 0, key_at), 1))

    def _end_of(self, piece: str, key: re.Match[str], at: int) -> int:
        """Where the piece whose key was found at ``at`` ends in the file, or a place inside it:
        the next piece is searched from there. Written as read (no entity), it ends its length
        on; else at its last word, found within the few times its length an entity can take."""
        rest = piece[key.start() :]
        if self.src.startswith(rest, at):
            return at + len(rest)
        tail = _KEY.search(piece[::-1]) or _WORD.search(piece[::-1])  # the last word, reversed
        if tail is None or len(piece) - tail.end() <= key.start():  # the key is the last word
            return at + len(key.group(0))
        word = tail.group(0)[::-1]
        found = self._find(word, tail.re is _KEY, at + len(key.group(0)), at + _ENTITY_SPREAD * len(rest))
        return found + len(word) if found >= 0 else at + len(key.group(0))

    def _search(self, key: str, *, ascii_key: bool) -> int:
        """``_find`` from the cursor on, within the budget of failed searches (see the module)."""
        if key in self._missing:  # not after the cursor then, so not after it now
            return -1
        n = len(self.src)
        end = n if self._budget > 0 else min(n, self.cursor + _NEAR)
        at = self._find(key, ascii_key, self.cursor, end)
        if at < 0:
            self._budget -= end - self.cursor
            if end == n:
                self._missing.add(key)
        return at

    def _find(self, key: str, ascii_key: bool, pos: int, end: int) -> int:
        """The first place in ``pos..end`` where ``key`` stands as a word (an ASCII key: no ASCII
        letter or digit either side), or -1."""
        src = self.src
        while (at := src.find(key, pos, end)) >= 0:
            if not ascii_key:
                return at
            before, after = src[at - 1 : at] if at else "", src[at + len(key) : at + len(key) + 1]
            if not (before.isascii() and before.isalnum()) and not (after.isascii() and after.isalnum()):
                return at
            pos = at + 1
        return -1

    def _past_next_table(self, at: int) -> bool:
        k = bisect_left(self.tables, self.cursor)
        return k < len(self.tables) and at > self.tables[k]


_NOSCRIPT_OPEN = re.compile(r"<noscript\b", re.IGNORECASE)
_NOSCRIPT_CLOSE = re.compile(r"</noscript\s*>", re.IGNORECASE)


def _mask_noscript(text: str) -> str:
    """Blank each closed ``<noscript>`` element, as ``read_html`` cuts it before parsing (an
    unclosed one is left, as there). One forward pass: once no closer follows, none closes."""
    out: list[str] = []
    pos = 0
    while (m := _NOSCRIPT_OPEN.search(text, pos)) is not None:
        close = _NOSCRIPT_CLOSE.search(text, m.end())
        if close is None:
            break
        out.append(text[pos : m.start()])
        out.append(_NOT_NEWLINE.sub(" ", text[m.start() : close.end()]))
        pos = close.end()
    out.append(text[pos:])
    return "".join(out)
