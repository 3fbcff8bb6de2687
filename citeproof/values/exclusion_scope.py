"""Which lines of a source sit under an exclusion list, and which report claims are written under one.

A line under "Exclusion Criteria" states what must NOT hold: a claim that restates it as
eligibility never passes on it (CP105). The scope of an exclusion list:

* opens at an exclusion header in any of its forms: a header line ending in ':' that holds an
  exclusion word ("Exclusion Criteria:", "A patient who meets any of the following … not
  eligible …:"), the bare label without a colon ("EXCLUSION CRITERIA", "## Contraindications",
  an all-capitals line holding one), or the label with the first item on its own line
  ("Exclusion Criteria: pregnant or breast-feeding women");
* runs over the list's own sub-headings: a line ending in ':' that says nothing of inclusion
  ("Any of the following cardiac conditions:", "You cannot participate … if any of the
  following apply to you:") is part of the list, not a new one;
* ends at the next header that opens something else: an inclusion header (any form), a
  document section heading ("Results:", "ADVERSE EVENTS", a Markdown heading of the same or a
  higher level), a header-shaped line after a blank line once the list has items, and the
  start of another JSON section (a JSON key is a section whose name is not in the text).

The words are data (``citeproof/data/list_headers.json`` with ``claim_support.json``'s
``inverting_headers``). One pass over a document's lines (a JSON document's: over the sections a
cited window touches), once per document and run.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from citeproof.sources.headings import SECTION_WORDS, markdown_heading, section_key, text_heading
from citeproof.sources.types import SourceDocument
from citeproof.values.segment_support import cue_document, inverting_header
from citeproof.values.lexicon import data_json

Kind = Literal["exclude", "include", "section", "sub"]
_PLAIN = 7  # level of a header that is no Markdown heading: below every "#" level

_HEADER = re.compile(r"^\s*(?:#{1,6}\s.*|[^.。:：]{1,80}[:：]\s*)$")
_NUMBERING = re.compile(r"^(?:\d+(?:\.\d+)*[.)]?|[IVX]{1,5}[.)]|[A-Za-z][.)])\s+")
_EMPHASIS = "*_ \t"


def header_shaped(line: str) -> bool:
    """A Markdown heading or a short line ending in a colon with no full stop before it.
    The regex is tried only when the line opens with '#' or ends with a colon (it needs one or
    the other): most source lines are neither, and it backtracks over up to 80 characters."""
    text = line.strip()
    return (text[:1] == "#" or text[-1:] in (":", "：")) and _HEADER.match(line) is not None


@dataclass(frozen=True, slots=True)
class _Words:
    exclusion_labels: frozenset[str]
    inclusion_labels: frozenset[str]
    exclusion_words: re.Pattern[str]
    inclusion_words: re.Pattern[str]


def _word_re(words: Iterable[str]) -> re.Pattern[str]:
    """Whole words for English (letters on neither side), substrings for Chinese."""
    parts = [
        (r"(?<![a-z])" + re.escape(w) + r"(?![a-z])") if w.isascii() else re.escape(w)
        for w in sorted(words, key=len, reverse=True)
    ]
    return re.compile("|".join(parts) if parts else "(?!)")


@lru_cache(maxsize=1)
def _words() -> _Words:
    doc = data_json("list_headers.json")
    return _Words(
        exclusion_labels=frozenset(w.lower() for w in doc["exclusion_labels"]["words"]),
        inclusion_labels=frozenset(w.lower() for w in doc["inclusion_labels"]["words"]),
        exclusion_words=_word_re(w.lower() for w in doc["exclusion_words"]["words"]),
        inclusion_words=_word_re(w.lower() for w in doc["inclusion_words"]["words"]),
    )


def _bare(text: str) -> str:
    """A header's words alone: no numbering, '#', emphasis or trailing colon; lower-case."""
    s = text.strip().lstrip("#").strip(_EMPHASIS).rstrip(":：").strip(_EMPHASIS)
    s = _NUMBERING.sub("", s)
    return " ".join(s.lower().split())


_TITLE_DASH = re.compile(r"\s[-–—]\s")


def _label(text: str) -> Kind | None:
    """'exclude'/'include' when ``text`` is a list label ("EXCLUSION CRITERIA", "纳入标准"), also
    after a title and a dash ("Registration and Randomization - Exclusion Criteria")."""
    bare = _bare(text)
    words = _words()
    for candidate in (bare, _TITLE_DASH.split(bare)[-1]):
        if candidate in words.exclusion_labels:
            return "exclude"
        if candidate in words.inclusion_labels:
            return "include"
    return None


def list_kind(text: str) -> Kind | None:
    """What a header or lead-in says its list holds: 'exclude' (an exclusion word; it wins, as in
    "not eligible for inclusion"), 'include' (an inclusion word), or None."""
    low = text.lower()
    words = _words()
    if inverting_header(low) or words.exclusion_words.search(low):
        return "exclude"
    if words.inclusion_words.search(low):
        return "include"
    return None


def _all_capitals(s: str) -> bool:
    return len(s) <= 80 and s[-1:] not in ".!?;。！？；" and not any(c.islower() for c in s) and any(c.isalpha() for c in s)


def _names_section(header: str) -> bool:
    """A header-shaped line that opens a document section, not a sub-heading of a list: a
    known section word ("Results:") or two or more words in capitals ("PRIOR CONCURRENT
    THERAPY:", the top level of a registry's eligibility text; "ECG:" stays a sub-heading)."""
    if section_key(header) in SECTION_WORDS:
        return True
    return _all_capitals(header) and len(re.findall(r"[A-Za-z]{2,}", header)) >= 2


def _labelled_item(s: str) -> Kind | None:
    """"Exclusion Criteria: pregnant or breast-feeding women": the label, then the first item."""
    for sep in (":", "："):
        head, found, rest = s.partition(sep)
        if found and rest.strip() and len(head) <= 60:
            return _label(head)
    return None


def classify(line: str) -> tuple[Kind, int] | None:
    """(what the line opens, its level) when it is a header, None for a list item or text."""
    s = line.strip()
    if not s:
        return None
    if s[0] == "#":
        md = markdown_heading(s)
        if md is not None and md[1]:
            return (_label(md[1]) or list_kind(md[1]) or "section"), md[0]
    kind = _label(s) or _labelled_item(s)
    if kind is None and _all_capitals(s):
        kind = list_kind(s)  # "KEY EXCLUSION CRITERIA", no colon
    if kind is not None:
        return kind, _PLAIN
    if header_shaped(s):
        if found := list_kind(s):
            return found, _PLAIN
        return ("section" if _names_section(s) else "sub"), _PLAIN
    if len(s) <= 80 and (name := text_heading(s)) is not None and section_key(name) in SECTION_WORDS:
        return "section", _PLAIN  # "Results", "RESULTS: …", "3. Results"
    return None


def excluded_lines(
    lines: Sequence[str], section_starts: dict[int, str] | None = None, *, blank_lines_part: bool = True
) -> list[str | None]:
    """For each line, the header of the exclusion list it sits under, or None (see the module
    docstring).

    ``section_starts``: 0-based line → name of a section whose name is not written in the text
    (a JSON key): the scope never runs into it, and it opens one when its name is an exclusion
    label. ``blank_lines_part``: a blank line parts blocks (Markdown, plain text), so a
    header-shaped line after one ends a list that has items; JSON lists have no paragraphs."""
    out: list[str | None] = []
    scope: int | None = None  # level of the header that opened the exclusion list
    opened: str | None = None  # that header as written
    items = False  # the open list has an item already
    blank = False
    for i, line in enumerate(lines):
        if section_starts is not None and i in section_starts:
            name = section_starts[i]
            scope = _PLAIN if _label(name.rsplit(".", 1)[-1].replace("_", " ")) == "exclude" else None
            opened, items, blank = name, False, False
        if not line.strip():
            blank = True
            out.append(opened if scope is not None else None)
            continue
        header = classify(line)
        if header is None:
            items = items or scope is not None
        else:
            kind, level = header
            if kind == "exclude":
                if scope is None or level <= scope:
                    opened = line.strip()
                scope, items = (level if scope is None else min(scope, level)), False
            elif kind == "include":
                scope = None
            elif scope is not None and _ends_list(kind, level, scope, blank and items and blank_lines_part):
                scope = None
        out.append(opened if scope is not None else None)
        blank = False
    return out


def _ends_list(kind: Kind, level: int, scope: int, after_blank: bool) -> bool:
    """Does a header that names no list end the open exclusion list? A section heading does
    unless it is a Markdown heading below the list's own; a sub-heading ("Any of the following
    cardiac conditions:") only when a blank line sets it apart from a list that has items."""
    if kind == "section":
        return not (level < _PLAIN and level > scope)
    return after_blank


def document_exclusion(document: SourceDocument) -> list[str | None]:
    """``excluded_lines`` of a whole document (index k is line k+1): ``DocumentExclusion``
    read over every line."""
    return DocumentExclusion(document).lines(0, len(document.lines))


class DocumentExclusion:
    """``excluded_lines`` of a document, read as far as a caller asks (build once per document
    and run). A JSON document's keys are its sections: each starts a scope of its own (the
    innermost key starting at a line names it), and no scope outlives its start, so each
    section is read on its own and only when a caller asks for one of its lines (a claim citing
    ``#Results`` never reads ``Eligibility``). Any other document is read whole on first need:
    a list opened above a window governs it.

    Only text that holds an exclusion word can open a list, so a document (or a JSON section)
    without one is read in one search, not line by line."""

    __slots__ = ("_doc", "_out", "_bounds", "_starts", "_read")

    def __init__(self, document: SourceDocument) -> None:
        self._doc = document
        n = len(document.lines)
        self._out: list[str | None] = [None] * n  # a line not read yet is None, as a line under no list is
        self._starts: dict[int, str] = {}
        if document.media == "json":
            for name, (first, _last) in document.sections.items():
                held = self._starts.get(first - 1)
                if held is None or name.count(".") > held.count("."):
                    self._starts[first - 1] = name
        # the parts read on their own: a JSON document's sections, any other document whole
        self._bounds = sorted({0, *self._starts, n}) if document.media == "json" else [0, n]
        self._read: set[int] = set()  # parts (indices into _bounds) read so far

    def lines(self, start: int, stop: int) -> list[str | None]:
        """``document_exclusion(document)[start:stop]``, reading only the parts it overlaps."""
        bounds = self._bounds
        k = max(0, bisect_right(bounds, start) - 1)
        while k + 1 < len(bounds) and bounds[k] < stop:
            if k not in self._read:
                self._read.add(k)
                self._read_part(bounds[k], bounds[k + 1])
            k += 1
        return self._out[start:stop]

    def _read_part(self, a: int, b: int) -> None:
        chunk = self._doc.lines[a:b]
        if self._doc.media != "json":
            if may_exclude("\n".join(chunk)):
                self._out[a:b] = excluded_lines(chunk)
            return
        name = self._starts.get(a, "")
        if may_exclude(name.replace("_", " ") + "\n" + "\n".join(chunk)):
            self._out[a:b] = excluded_lines(chunk, {0: name} if a in self._starts else None, blank_lines_part=False)


@lru_cache(maxsize=1)
def _exclusion_words() -> tuple[str, ...]:
    """Every word that lets a line open an exclusion list (labels, exclusion words, inverting
    headers), lower-cased: one of them as a plain substring is a superset of what ``classify``
    reads as 'exclude'."""
    doc = data_json("list_headers.json")
    words = {w.lower() for w in (*doc["exclusion_labels"]["words"], *doc["exclusion_words"]["words"])}
    words |= {h.lower() for h in cue_document()["inverting_headers"]}
    return tuple(sorted(words))


def may_exclude(text: str) -> bool:
    """Does ``text`` hold a word that opens an exclusion list ("excluded", "ineligible", "avoid",
    "contraindicated")? The answer check also reads a claim holding one as stating a denial."""
    # spaces folded as the labels are read ("DO  NOT USE:" is "do not use")
    # one substring test per word (~50), each a C scan: a JSON section is read ~7x faster than
    # by one search of the words' alternation, which tried every word at every position
    folded = " ".join(text.lower().split())
    return any(word in folded for word in _exclusion_words())


def report_exclusion(context: Sequence[str]) -> str | None:
    """The heading or lead-in that puts a report claim under exclusion, or None. ``context`` is
    outermost first (the section path, then the lines introducing its list); the innermost one
    that names a list decides ("## Exclusions" › "### Inclusion criteria" is inclusion)."""
    for text in reversed(context):
        kind = _label(text) or list_kind(text)
        if kind == "exclude":
            return text
        if kind == "include":
            return None
    return None
