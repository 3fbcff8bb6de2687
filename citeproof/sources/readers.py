"""Readers: the decoded text of one saved file → visible lines, sections, pages, tables.

One pass per file. For ``.txt`` and ``.md`` line N is line N of the saved file (so ``#L12``
means what an editor shows); for ``.json`` line N is the N-th list item / scalar value (so the
items of a ClinicalTrials.gov section keep their indices); for ``.html`` and ``.xml`` it is the
N-th visible block / text element. Where the two differ the reader records the saved file's line
of each line (``ReadResult.file_lines``; for HTML and XML also ``file_ends`` and the file's line
count, ``citeproof.sources.markup_lines``), and a line locator counts the file's lines.
Every line is normalised with ``normalize_text`` (NFKC, whitespace collapsed) and never
contains a newline.

A line holds what a reader sees, not the mark-up: struck-through text (HTML ``del s strike``,
XML ``del strike``, Markdown ``~~…~~``) is withdrawn and left out; a Markdown link shows its text,
not its target, and inline HTML its element text, not its attributes or comments (dropped within
the line, so line numbers never move); a superscript number (HTML ``<sup>``, JATS ``<sup>`` and
citation ``<xref>``) is written in Unicode superscript digits, which the number reader
(``citeproof.values.extract.prepare``) reads as a power of ten, a unit's exponent or a footnote
marker — never as more digits of the number before it.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from bisect import bisect_left
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from citeproof.parse.html import (
    HEADING_TAGS,
    LETTER_MARK,
    RAW_TEXT_TAGS,
    SKIP_TAGS,
    attrs_hidden,
    cell_spans,
    hidden_on_its_ground,
    rules_paint_ground,
)
from citeproof.parse.blocks import stacked_columns
from citeproof.parse.style_rules import source_style_hidden
from citeproof.sources.headings import (
    ABSTRACT_WORDS,
    SECTION_PATH_SEP,
    abstract_part,
    heading_number,
    markdown_heading,
    numbered_title,
    page_marker,
    run_in_labels,
    section_key,
    table_caption,
    text_heading,
)
from citeproof.sources.json_lines import scalar_count, scalar_value_lines
from citeproof.sources.markup_lines import MarkupLines
from citeproof.sources.types import READING_ONLY, SourceLayout
from citeproof.text.normalize import normalize_text

MEDIA_BY_EXT: dict[str, str] = {"json": "json", "txt": "txt", "md": "md", "html": "html", "xml": "xml"}


class UnreadableSource(ValueError):
    """The file decodes but cannot be read as its media type (bad JSON/XML); message says why."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ReadResult(SourceLayout):
    """A saved file's visible lines and where things are in them (``SourceLayout``)."""

    lines: list[str]


def read_source(text: str, media: str) -> ReadResult:
    if media == "txt":
        return read_plain_text(text)
    if media == "md":
        return read_markdown(text)
    if media == "html":
        return read_html(text)
    if media == "json":
        return read_json(text)
    if media == "xml":
        return read_xml(text)
    raise UnreadableSource(f"unsupported media type {media!r}")


def _norm(line: str) -> str:
    return normalize_text(line)


def _norm_all(raw: list[str]) -> list[str]:
    """Normalise many lines (none containing a newline) in one pass over their join —
    a few regex calls per file instead of per line."""
    if not raw:
        return []
    joined = "\n".join(raw)
    if joined.count("\n") != len(raw) - 1:  # an item carried a newline: keep it on one line
        raw = [_one_line(x) for x in raw]
        joined = "\n".join(raw)
    if joined.isascii():
        # For ASCII text normalize_text is exactly "collapse whitespace, strip" (NFKC is a
        # no-op); str.split() does that in C. tests/sources pins the equivalence.
        return [" ".join(x.split()) for x in raw]
    if "\r" in joined:
        joined = joined.replace("\r", " ")
    out = normalize_text(joined, keep_newlines=True).split("\n")
    if len(out) != len(raw):  # cannot happen with newline-free input; keep line numbers exact regardless
        return [normalize_text(x) for x in raw]
    return out


def _one_line(v: str) -> str:
    return v.replace("\r\n", " ").replace("\n", " ").replace("\r", " ") if ("\n" in v or "\r" in v) else v


def _physical_lines(text: str) -> tuple[list[str], list[int]]:
    """Split on newlines only (not on \\f or \\v as str.splitlines would, which would shift
    line numbers); returns the lines and the 0-based indices of lines that start a new page
    because of a form feed."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    raw = text.split("\n")
    if raw and raw[-1] == "" and len(raw) > 1:
        raw.pop()
    breaks: list[int] = []
    if "\f" in text:
        for i, line in enumerate(raw):
            if "\f" in line:
                # "\fText" starts a page at this line; "Text\f" ends one, so the next line starts it.
                before, _, after = line.partition("\f")
                starts_here = not before.strip() or bool(after.strip())
                breaks.append(i if starts_here else i + 1)
                raw[i] = line.replace("\f", " ")
    return raw, breaks


# ---------------------------------------------------------------- plain text / markdown


def read_plain_text(text: str) -> ReadResult:
    raw, breaks = _physical_lines(text)
    lines, file_lines, labels = _run_in_parts(_norm_all(raw))
    if file_lines:  # a page that starts at a file line starts at that line's first part
        breaks = [bisect_left(file_lines, b + 1) for b in breaks]
    headings = [(i, name) for i, line in enumerate(lines) if (name := text_heading(line) or labels.get(i))]
    titled = _numbered_titles(lines, {i for i, _ in headings})
    sections, paths = _plain_sections(sorted([*headings, *titled]), lines, frozenset(i for i, _ in titled))
    pages, numbers, footers, unused = _pages(lines, breaks)
    return ReadResult(lines=lines, sections=sections, pages=pages, tables=_text_tables(lines), section_paths=paths,
                      page_numbers=numbers, page_footers=footers, page_numbers_unused=unused,
                      file_lines=file_lines, file_line_count=len(raw) if file_lines else 0)


def _run_in_parts(lines: list[str]) -> tuple[list[str], tuple[int, ...], dict[int, str]]:
    """The lines with each structured abstract written as one paragraph ("BACKGROUND: … METHODS:
    … RESULTS: …") split into a line per part (``run_in_labels``), so each part is a section as
    when written a line each: ``#Results`` is the text after "RESULTS:" up to the next label, not
    the whole abstract under its first label. With the file line of each line, since a line
    locator counts the file's lines (() when no line is split), and each part's label — its
    heading where the line alone reads as none ("Design: …", "【结果】…")."""
    if not any(mark in line for line in lines for mark in ":：]］】"):
        return lines, (), {}
    out: list[str] = []
    at: list[int] = []
    labels: dict[int, str] = {}
    for n, line in enumerate(lines, 1):
        starts = run_in_labels(line)
        if not starts:
            out.append(line)
            at.append(n)
            continue
        for (a, label), b in zip(starts, [*(s for s, _ in starts[1:]), len(line)]):
            labels[len(out)] = label
            out.append(line[a:b].strip())
            at.append(n)
    return (out, tuple(at), labels) if len(out) > len(lines) else (lines, (), {})


def read_markdown(text: str) -> ReadResult:
    raw, breaks = _physical_lines(text)
    markup: list[str] = []  # each line without comments (empty in a comment or a fence): its HTML
    lines = _norm_all(_markdown_visible(raw, markup))
    header_rows = _html_table_rows(markup, lines) if "<t" in text.lower() else frozenset()
    # a structured abstract in one paragraph, as in a text export saved as .md: a part per label
    lines, file_lines, labels = _run_in_parts(lines)
    if file_lines:
        breaks = [bisect_left(file_lines, b + 1) for b in breaks]
        header_rows = frozenset(bisect_left(file_lines, row) + 1 for row in header_rows)
    headings: list[tuple[int, int, str]] = []  # (line index, level, name)
    fence: str | None = None
    title: str | None = None
    for i, line in enumerate(lines):
        stripped = line.lstrip()
        if fence is not None:
            if stripped.startswith(fence):
                fence = None
            continue
        if stripped.startswith(("```", "~~~")):
            fence = stripped[:3]
            continue
        atx = markdown_heading(line)
        if atx is not None and atx[1]:
            headings.append((i, atx[0], atx[1]))
        elif i in labels:  # below any heading: a part of the paragraph the heading above holds
            headings.append((i, 7, text_heading(line) or labels[i]))
        elif i + 1 < len(lines) and line.strip() and re.fullmatch(r"(=+|-+)", lines[i + 1].strip() or "x"):
            if len(lines[i + 1].strip()) >= 3 and not line.lstrip().startswith(("-", "*", "|", ">")):
                headings.append((i, 1 if lines[i + 1].strip()[0] == "=" else 2, line.strip()))
    if headings:
        title = min(headings, key=lambda h: (h[1], h[0]))[2]
    sections, paths = _nested_sections(headings, len(lines))
    pages, numbers, footers, unused = _pages(lines, breaks)
    return ReadResult(
        lines=lines, sections=sections, pages=pages, tables=_text_tables(lines), title=title,
        header_rows=header_rows, section_paths=paths, page_numbers=numbers, page_footers=footers,
        page_numbers_unused=unused, file_lines=file_lines, file_line_count=len(raw) if file_lines else 0,
    )


_TABLE_OPEN = re.compile(r"<table\b", re.I)
_TABLE_CLOSE = re.compile(r"</table\s*>", re.I)
_ROW_OPEN = re.compile(r"<tr\b", re.I)


def _html_table_rows(markup: list[str], lines: list[str]) -> frozenset[int]:
    """An HTML table written in a Markdown file, read row by row: each row's text (the HTML
    reader's, cells between pipes) goes on the line where its ``<tr>`` opens, written as a
    Markdown table row, and the other lines of that row are left empty, so line N is still the
    file's line N. Flattened, the header "ORR (%)" and its cell "45.2" were one run of words and
    the cell lost its unit. Returns the (1-based) lines that are a header row. A table whose rows
    do not each open on a line of their own (the whole table on one line) is left as it was:
    its rows cannot be put on lines of their own without moving every line after it."""
    header_rows: set[int] = set()
    i = 0
    while i < len(markup):
        if not (opened := _TABLE_OPEN.search(markup[i])):
            i += 1
            continue
        last = next((j for j in range(i, len(markup)) if _TABLE_CLOSE.search(markup[j], opened.end() if j == i else 0)), None)
        if last is None:
            return frozenset(header_rows)
        header_rows |= _place_rows(markup, lines, i, last)
        i = last + 1
    return frozenset(header_rows)


def _place_rows(markup: list[str], lines: list[str], first: int, last: int) -> set[int]:
    starts = [(k, m.start()) for k in range(first, last + 1) for m in _ROW_OPEN.finditer(markup[k])]
    if not starts or len({k for k, _ in starts}) != len(starts):
        return set()  # no rows, or two rows open on one line
    after = markup[last][_TABLE_CLOSE.search(markup[last], starts[-1][1] if starts[-1][0] == last else 0).end():]
    if any(_inline_html_text(markup[k][:at]).strip() for k, at in starts) or _inline_html_text(after).strip():
        return set()  # text beside the rows on their lines (a caption before a row, words after the table)
    rows: list[tuple[int, int, str]] = []  # (first line, last line, the row's HTML)
    for n, (k, at) in enumerate(starts):
        end_line = starts[n + 1][0] - 1 if n + 1 < len(starts) else last
        parts = [markup[k][at:], *markup[k + 1 : end_line + 1]] if end_line > k else [markup[k][at:]]
        if n + 1 == len(starts):
            close = _TABLE_CLOSE.search(parts[-1])
            parts[-1] = parts[-1][: close.start()] if close else parts[-1]
        rows.append((k, end_line, "\n".join(parts)))
    read = [read_html(f"<table>{html}</table>") for _, _, html in rows]
    if any(len(r.lines) > 1 for r in read):
        return set()  # a row that reads as several blocks (a list in a cell): left as it was
    header_rows: set[int] = set()
    for (k, end_line, _), r in zip(rows, read):
        lines[k] = f"| {r.lines[0]} |" if r.lines else ""
        for j in range(k + 1, end_line + 1):
            lines[j] = ""
        if r.header_rows:
            header_rows.add(k + 1)
    return header_rows


# What a Markdown renderer does not show as text: a link's target ("[text](url)" shows "text"), a
# reference definition ("[1]: url"), HTML comments, tags and their attributes ('<span title="…">'),
# struck text ("~~45%~~", "<del>…</del>") and hidden inline HTML. Each is dropped line by line, so
# line N stays line N of the file (a "#L12" locator still points where an editor shows it).
_FENCE_OPEN = re.compile(r" {0,3}(```|~~~)")
_CODE_SPAN = re.compile(r"(`+)[^`]+?\1")
_REF_DEFINITION = re.compile(r" {0,3}\[(?!\^)[^\]]+\]:\s*\S+(?:\s+(?:\"[^\"]*\"|'[^']*'|\([^)]*\)))?\s*")
_LINK = re.compile(r"(!?)\[([^\[\]]*)\](?:\((?:[^()\s]|\([^()\s]*\))*(?:\s+(?:\"[^\"]*\"|'[^']*'|\([^)]*\)))?\s*\)|\[[^\[\]]*\])")
# a link whose text is a reference number ("[3](#ref3)", "[1][2]") is a citation marker: written as a
# superscript (superscript_text), which the number reader drops, so "45%[3](#r3)" never reads a 3
_STRIKETHROUGH = re.compile(r"~~(?=\S)[^~]*?(?<=\S)~~")
_HTML_ATTR = r"""\s+[A-Za-z_:][\w.:-]*(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?"""
_HTML_TAG = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9-]*)((?:" + _HTML_ATTR + r")*)\s*/?>")
_ATTR_PAIR = re.compile(r"""([A-Za-z_:][\w.:-]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?""")
_SUP_ELEMENT = re.compile(r"<sup\b[^<>]*>([^<>]*)</sup\s*>", re.IGNORECASE)
_BREAK_TAGS = frozenset({"br", "td", "th", "tr"})
_VOID_TAGS = frozenset({"br", "hr", "img", "wbr", "input", "meta", "link", "source", "col", "area", "base", "embed"})


def _markdown_visible(raw: list[str], markup: list[str] | None = None) -> list[str]:
    """Each line as rendered; ``markup`` (when given) receives each line without its comments
    (empty inside a comment or a fence), for the HTML a later pass reads as a whole."""
    out: list[str] = []
    if markup is None:
        markup = []
    fence: str | None = None
    in_comment = False
    for line in raw:
        if fence is not None:
            if line.lstrip().startswith(fence):
                fence = None
            out.append(line)
            markup.append("")
            continue
        if in_comment:
            end = line.find("-->")
            if end < 0:
                out.append("")
                markup.append("")
                continue
            in_comment = False
            line = line[end + 3:]
        elif (m := _FENCE_OPEN.match(line)) is not None:
            fence = m.group(1)
            out.append(line)
            markup.append("")
            continue
        if "<!--" in line:
            line, in_comment = _drop_comments(line)
        markup.append(line)
        out.append(_visible_markdown_line(line) if ("[" in line or "<" in line or "~~" in line) else line)
    return out


def _drop_comments(line: str) -> tuple[str, bool]:
    """The line without its HTML comments; True when a comment is still open at its end."""
    kept: list[str] = []
    pos = 0
    while (start := line.find("<!--", pos)) >= 0:
        kept.append(line[pos:start])
        end = line.find("-->", start + 4)
        if end < 0:
            return "".join(kept), True
        pos = end + 3
    kept.append(line[pos:])
    return "".join(kept), False


def _visible_markdown_line(line: str) -> str:
    """One line as rendered text; code spans are shown literally, so they are left as written."""
    if _REF_DEFINITION.fullmatch(line):
        return ""
    parts: list[str] = []
    pos = 0
    for m in _CODE_SPAN.finditer(line):
        parts.append(_visible_inline(line[pos:m.start()]))
        parts.append(m.group(0))
        pos = m.end()
    parts.append(_visible_inline(line[pos:]))
    return "".join(parts)


def _visible_inline(text: str) -> str:
    if "[" in text:
        text = _LINK.sub(_link_text, text)
    if "~~" in text:
        text = _STRIKETHROUGH.sub("", text)
    if "<" in text:
        text = _SUP_ELEMENT.sub(_markdown_sup, text)
        text = _inline_html_text(text)
    return text


def _markdown_sup(m: re.Match[str]) -> str:
    """A ``<sup>`` in a Markdown line as the HTML reader reads it: a number in superscript digits
    (superscript_text), and a footnote letter set apart from the figure or word it follows
    ("0.62<sup>a</sup>" reads "0.62 a": glued, "0.62a" was an identifier and the figure unread)."""
    inner = m.group(1)
    if (marked := superscript_text(inner)) is not None:
        return marked
    before = m.string[m.start() - 1:m.start()]
    if LETTER_MARK.fullmatch(mark := inner.strip()) and (before.isalnum() or before in "%‰"):
        return " " + mark
    return inner


def _link_text(m: re.Match[str]) -> str:
    if m.group(1):  # an image's alt text is read by screen readers and shown only when the image fails
        return ""
    target = m.group(0)[len(m.group(1)) + len(m.group(2)) + 2:]
    if target.startswith(("(#", "[")):  # an in-page or reference link: a note, not a linked count
        return superscript_text(m.group(2)) or m.group(2)
    return m.group(2)


def _inline_html_text(text: str) -> str:
    """Text outside tags, without the content of struck or hidden elements opened on this line."""
    kept: list[str] = []
    dropping: list[str] = []  # names of the open struck/hidden elements
    pos = 0
    for m in _HTML_TAG.finditer(text):
        closing, name = m.group(1), m.group(2).lower()
        if not dropping:
            kept.append(text[pos:m.start()])
            if name in _BLOCK_TAGS or name in _BREAK_TAGS:
                kept.append(" ")  # a block boundary: "<summary>Earlier estimate</summary>The rate" keeps two words apart
        pos = m.end()
        if closing:
            if dropping and dropping[-1] == name:
                dropping.pop()
        elif name not in _VOID_TAGS and not m.group(0).endswith("/>") and (
            dropping or name in _STRUCK_TAGS or attrs_hidden(_html_attrs(m.group(3)))
        ):
            dropping.append(name)
    if not dropping:
        kept.append(text[pos:])
    return "".join(kept)


def _html_attrs(text: str) -> dict[str, str | None]:
    return {
        m.group(1).lower(): next((v for v in m.group(2, 3, 4) if v is not None), None)
        for m in _ATTR_PAIR.finditer(text)
    }


def _plain_sections(
    headings: list[tuple[int, str]], lines: list[str], numbered: frozenset[int] = frozenset()
) -> tuple[dict[str, tuple[int, int]], dict[str, tuple[str, ...]]]:
    """Each heading runs to the line before the next one (plain text has no levels), except
    that a structured abstract's heading ("Abstract", "摘要") — one whose first line of text is
    a part's label — runs over its labelled parts ("BACKGROUND:", "Results: …", "结果：…"), a
    heading whose next heading is a numbered title (``numbered``: "Recommendations" over "1.
    Start treatment …", "推荐意见" over "一、血糖控制") runs over the numbered titles that follow
    it, and a numbered heading runs over the headings its number numbers ("3. Results" over
    "3.1 Efficacy" and "3.2 Safety", to "4. Discussion"); each part or title is a section of its
    own as well. ``#abstract`` is the whole abstract, not the one line "Abstract". An abstract
    that opens with prose is followed by the paper's own headings. Returns the sections and
    their paths (``_named_sections``; a section with no text under it, only heading lines, is a
    table of contents' entry: ``hollow``)."""
    spans: list[tuple[str, int, int]] = []
    n = len(lines)
    for k, (i, name) in enumerate(headings):
        nxt = k + 1
        if section_key(name) in ABSTRACT_WORDS and nxt < len(headings) and _opens(lines, i, headings[nxt][0]):
            while nxt < len(headings) and abstract_part(lines[headings[nxt][0]]):
                nxt += 1
        elif i not in numbered:
            while nxt < len(headings) and headings[nxt][0] in numbered:
                nxt += 1
        if (number := heading_number(lines[i])) is not None:
            while nxt < len(headings) and (heading_number(lines[headings[nxt][0]]) or "").startswith(number + "."):
                nxt += 1
        end = headings[nxt][0] if nxt < len(headings) else n
        spans.append((name, i + 1, max(i + 1, end)))
    bare = {i for i, name in headings if section_key(lines[i]) == section_key(name)}  # no text beside the name
    hollow = {(first, last) for _name, first, last in spans
              if all(j in bare or not lines[j].strip() for j in range(first - 1, last))}
    return _named_sections(_contained_paths(spans), hollow)


def _opens(lines: list[str], heading: int, line: int) -> bool:
    """Whether ``line`` is the first line of text after the heading at ``heading``."""
    return all(not lines[j].strip() for j in range(heading + 1, line))


def _numbered_titles(lines: list[str], known: set[int]) -> list[tuple[int, str]]:
    """The document's numbered titles in any case ("2. Market size and growth", "二、竞争格局")
    that are not headings already (``known``) — where it uses them as titles: at least two of one
    numbering scheme, each with a line of text under it that is not the next numbered line and
    does not go on with the title's sentence (a lower-case start: a wrapped list item). A
    numbered list ("1. Stop the drug" / "2. Start at 12.5 mg") has no text between its items, so
    its items stay list items."""
    by_scheme: dict[str, list[tuple[int, str]]] = {}
    for i, line in enumerate(lines):
        if i in known or (found := numbered_title(line)) is None:
            continue
        by_scheme.setdefault(found[0], []).append((i, found[1]))
    extra: list[tuple[int, str]] = []
    for scheme, titled in by_scheme.items():
        starts = {i for i, _ in titled}
        kept = []
        for i, title in titled:
            body = next((j for j in range(i + 1, len(lines)) if lines[j].strip()), None)
            if body is not None and body not in starts and not lines[body].lstrip()[:1].islower():
                kept.append((i, title))
        if len(kept) >= 2:
            extra.extend(kept)
    return extra


def _nested_sections(
    headings: list[tuple[int, int, str]], n: int, closes: Sequence[tuple[int, int]] = (),
    ids: Sequence[tuple[str, int, int | None]] = (),
) -> tuple[dict[str, tuple[int, int]], dict[str, tuple[str, ...]]]:
    """A heading runs to the line before the next heading of the same or a higher level, or to
    the end of the innermost ``<main>`` or ``<article>`` it stands in (``closes``: each one's
    first line and the line after its last), so a page's related-news teaser or advert after the
    article is no part of its last section — while an article nested in a section (a case-report
    card) ends nothing outside it. Linear in the headings, times the (few) articles. An HTML
    element's id (``ids``: the id, the element's first line, the line after its last or None for
    a heading) names the same lines as its heading's name, or the element's own; an element whose
    id its own heading's name repeats (``<section id="results"><h2>Results</h2>``) is that
    heading's section — one place, not two that end on different lines (``_same_place``).
    Returns the sections and their paths (``_named_sections``)."""
    ends: list[int] = [n] * len(headings)
    stack: list[int] = []
    for k, (i, level, _name) in enumerate(headings):
        while stack and headings[stack[-1]][1] >= level:
            ends[stack.pop()] = i
        stack.append(k)
    spans: list[tuple[str, int, int]] = []
    for k, (i, _level, name) in enumerate(headings):
        inside = [end for start, end in closes if start <= i < end]
        end = min(ends[k], min(inside)) if inside else ends[k]
        spans.append((name, i + 1, max(i + 1, end)))
    entries = _contained_paths(spans)
    at = {span[0]: (path, span) for path, span in entries}
    for element_id, first, after in ids:
        if after is None:  # a heading's id: its section, in its place
            if (found := at.get(first + 1)) is not None:
                entries.append(((*found[0][:-1], element_id), found[1]))
        elif (k := _same_place(element_id, first, after, headings, entries)) is not None:
            path, (a, b) = entries[k]
            entries[k] = (path, (min(a, first + 1), max(b, after)))  # the lines of both
        else:  # an element's id: its own lines, under the headings whose sections hold them
            outer = max((entry for entry in entries[: len(spans)] if entry[1][0] < first + 1 <= entry[1][1]),
                        key=lambda entry: entry[1][0], default=((), (0, 0)))[0]
            entries.append(((*outer, element_id), (first + 1, after)))
    return _named_sections(entries)


def _same_place(
    element_id: str, first: int, after: int, headings: list[tuple[int, int, str]],
    entries: list[tuple[tuple[str, ...], tuple[int, int]]],
) -> int | None:
    """The heading (its index) whose name an element's id repeats and that the element opens
    (its first heading) or holds with all its section (``entries``), or None: the id and the
    heading name one place, whose section and element may end on different lines (a paragraph
    after ``</section>`` that no heading closes)."""
    inside = [k for k, (i, _level, _name) in enumerate(headings) if first <= i < after]
    key = section_key(element_id)
    for n, k in enumerate(inside):
        if section_key(headings[k][2]) == key and (n == 0 or entries[k][1][1] <= after):
            return k
    return None


def _contained_paths(spans: list[tuple[str, int, int]]) -> list[tuple[tuple[str, ...], tuple[int, int]]]:
    """Each section (name, first, last; in document order) with its path: the names of the
    sections whose lines hold its heading line, outermost first, then its own."""
    out: list[tuple[tuple[str, ...], tuple[int, int]]] = []
    stack: list[tuple[str, int, int]] = []
    for name, first, last in spans:
        while stack and not stack[-1][1] < first <= stack[-1][2]:
            stack.pop()
        out.append(((*(outer for outer, _, _ in stack), name), (first, last)))
        stack.append((name, first, last))
    return out


def _named_sections(
    entries: Iterable[tuple[tuple[str, ...], tuple[int, int]]], hollow: Collection[tuple[int, int]] = (),
) -> tuple[dict[str, tuple[int, int]], dict[str, tuple[str, ...]]]:
    """Name → (first, last) line of each section given as (path, span) in document order, and
    name → path. A name (as ``section_key`` compares) that names one place is its own key; one
    that names several names the shallowest of them — the one fewest headings enclose, where one
    is: a paper's "Results" over the "Results" part of its structured abstract — and otherwise
    none ("### Results" under "## Cohort A" and again under "## Cohort B": which one is meant
    cannot be guessed, and the first would put a claim about the second beside the first's
    numbers). Each one the name does not name is keyed by the shortest ending of its path that no
    other has ("Cohort A/Results"), by its whole path from the top ("/Results") when that is an
    ending of another's, numbered when two paths are the same. Two names of one place (a heading
    and its id) are one section, not two; and a place with no text under it (``hollow``: a table
    of contents' entry) is none beside a same-named place that has text."""
    groups: dict[str, list[tuple[tuple[str, ...], tuple[int, int]]]] = {}
    order: list[tuple[str, tuple[tuple[str, ...], tuple[int, int]]]] = []
    for path, span in entries:
        group = groups.setdefault(section_key(path[-1]), [])
        if all(span != other for _, other in group):
            order.append((section_key(path[-1]), (path, span)))
            group.append((path, span))
    for group in groups.values():
        if len(group) > 1 and any(span not in hollow for _, span in group):
            group[:] = [(path, span) for path, span in group if span not in hollow]
    sections: dict[str, tuple[int, int]] = {}
    paths: dict[str, tuple[str, ...]] = {}
    for key, member in order:
        group = groups[key]
        if member not in group:
            continue
        k = group.index(member)
        path, span = member
        # the shallowest names the place, unless it holds its namesakes: a title "Results" over
        # two cohorts' "Results" would widen the name to both, hiding which one was meant
        named = len(group) == 1 or (
            k == _shallowest([len(p) for p, _ in group])
            and not any(other != span and span[0] <= other[0] and other[1] <= span[1] for _, other in group)
        )
        name = path[-1] if named else _distinct_path(k, [p for p, _ in group])
        if name not in sections:
            sections[name] = span
            paths[name] = path
    return sections, paths


def _shallowest(depths: list[int]) -> int | None:
    """The index of the one least depth, or None when two share it."""
    least = min(depths)
    return depths.index(least) if depths.count(least) == 1 else None


def _distinct_path(k: int, group: list[tuple[str, ...]]) -> str:
    """The name of the k-th of several sections whose own names are the same: the shortest
    ending of its path that no other path of ``group`` ends with."""
    keyed = [tuple(section_key(part) for part in path) for path in group]
    mine = keyed[k]
    others = keyed[:k] + keyed[k + 1 :]
    for m in range(2, len(mine) + 1):
        if all(other[-m:] != mine[-m:] for other in others):
            return SECTION_PATH_SEP.join(group[k][-m:])
    rooted = SECTION_PATH_SEP + SECTION_PATH_SEP.join(group[k])
    if all(other != mine for other in others):
        return rooted
    return f"{rooted} ({keyed[:k].count(mine) + 1})"


def _pages(lines: list[str], breaks: list[int]) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...], bool, str]:
    """Page N → (first, last) line, each page's printed number, whether the markers are
    footers, and — where the markers print numbers that are not used — why not. Form feeds win;
    otherwise running page markers ("Page 3", "— 3 —"): at the top of the file they are headers
    (a page starts at its marker), elsewhere footers (a page ends at its marker). Pages are counted
    in file order; where the markers print numbers that rise page by page ("Page 12", "Page 13": an
    excerpt of a longer document), each page is also known by its printed number (``_printed_numbers``)."""
    n = len(lines)
    if not n:
        return (), (), True, ""
    if breaks:
        starts = sorted({0, *(b for b in breaks if 0 < b < n)})
        return _spans(starts, n), (), True, ""
    markers = [i for i, line in enumerate(lines) if line and page_marker(line) is not None]
    if not markers:
        return (), (), True, ""
    printed = [page_marker(lines[m]) or 0 for m in markers]
    running = _running_lines(lines, markers)
    header = _headers(lines, markers, printed, running)
    if header:  # a page opens at its running header where one prints above the marker
        starts = sorted({0, *(t for t in (_page_top(lines, m, running) for m in markers) if t > 0)})
    else:  # footers
        starts = sorted({0, *(m + 1 for m in markers if m + 1 < n)})
    pages = _spans(starts, n)
    shown = f"{printed[0]}-{printed[-1]}" if len(printed) > 1 else str(printed[0])
    # Printed numbers only where the file bears out the reading of its markers: a header opens a
    # page, so text follows the last one; a footer closes one, so the file ends at the last — or at
    # a page cut before its footer (``_cut_page``). A cover page above headers read as footers would
    # otherwise give each page its neighbour's number.
    if header and not any(line.strip() for line in lines[markers[-1] + 1 :]):
        return pages, (), False, f"its page markers print {shown} but may close their pages as well as open them (the file ends at the last)"
    if not header and not _cut_page(lines, markers, running):
        return pages, (), True, (f"its page markers print {shown} but may open their pages as well as close them "
                                 "(the text after the last is as long as a whole page)")
    extra = len(pages) - len(printed)  # a page no marker is on: a running title above the first header, or
    # the page after the last footer
    # the page above the first header is page 1 where that marker prints 2 (a cover), else unnumbered
    numbers = [int(printed[0] == 2)] * extra + printed if header else printed + [printed[-1] + 1] * extra
    used = _printed_numbers(printed, numbers)
    unused = "" if used or numbers == list(range(1, len(numbers) + 1)) else \
        f"its page markers print {', '.join(map(str, printed))}, which do not rise page by page"
    return pages, used, not header, unused


def _headers(lines: list[str], markers: list[int], printed: list[int], running: frozenset[int]) -> bool:
    """Whether the page markers open their pages (headers) rather than close them (footers).
    Where a running header or footer prints with every marker (``_running_lines``), the side of
    them the text is on tells: nothing but it above the first marker and a page's text below the
    last is headers; text above the first and nothing below the last, footers (rt32a pg2, pg3: a
    protocol's 3-line running header over "Page 12 of 140" read as footers had every page its
    neighbour's number). With text on both sides, a file that opens with the running header printed
    under every marker has each marker close a page, the next page's header after it (footers).
    Otherwise the text above the first marker, its running lines aside: nothing or a running title
    (two lines at most) is headers. More text there is a page of its own, which a footer closes —
    unless the first marker prints 2 and that text is shorter than every page between two
    markers: then it is the unnumbered page 1 (a cover, a title page) and the markers open pages
    2, 3, … Read as footers, the cover would be page 2, page 1 nowhere and every page its
    neighbour's number (rt22b p01-p05: '#p3' cited page 2's figure). As long as a page, it is
    page 2 closed by its footer (rt23a p2b: an excerpt of pages 2 to 5 read as headers had every
    page off by one)."""
    leading = _text_lines(lines, 0, markers[0], running)
    if running:
        trailing = _text_lines(lines, markers[-1] + 1, len(lines), running)
        if not leading or not trailing:
            return not leading
        if next(j for j, line in enumerate(lines) if line.strip()) in running:
            return False  # the first page's running header, printed again under each marker
    if leading <= 2:
        return True
    whole = _whole_pages(lines, markers, running)
    return printed[0] == 2 and bool(whole) and leading < min(whole)


def _running_lines(lines: list[str], markers: list[int]) -> frozenset[int]:
    """The lines of a running header or footer that print with every page marker: the lines of
    text just above each marker that read the same at every one (a protocol's title, number and
    version over "Page 12 of 140", or "Confidential" over a footer's "Page 3"), the same below
    each marker with text after it (the next page's running header under a footer), and that
    block again where it opens the file (the first page's header). None with one marker: a block
    is running only where it repeats."""
    bounds = [-1, *markers, len(lines)]
    above = [[j for j in range(m - 1, bounds[k], -1) if lines[j].strip()] for k, m in enumerate(markers)]
    below = [run for run in ([j for j in range(m + 1, bounds[k + 2]) if lines[j].strip()]
                             for k, m in enumerate(markers)) if run]
    running = set(_same_lines(lines, above)) if len(above) > 1 else set()
    block = _same_lines(lines, below) if len(below) > 1 else []
    running.update(block)
    depth = len(block) // len(below) if block else 0
    top = [j for j in range(markers[0]) if lines[j].strip()][:depth]
    if depth and [lines[j] for j in top] == [lines[j] for j in below[0][:depth]]:
        running.update(top)
    return frozenset(running)


def _same_lines(lines: list[str], runs: list[list[int]]) -> list[int]:
    """The first lines of every run (line indices, nearest the marker first) as far as the runs
    read the same line for line."""
    depth = 0
    while all(len(run) > depth for run in runs) and len({lines[run[depth]] for run in runs}) == 1:
        depth += 1
    return [j for run in runs for j in run[:depth]]


def _page_top(lines: list[str], marker: int, running: frozenset[int]) -> int:
    """The first line of the page a header opens: its marker, or the running header above it."""
    top = marker
    for j in range(marker - 1, -1, -1):
        if j in running:
            top = j
        elif lines[j].strip():
            break
    return top


def _text_lines(lines: list[str], first: int, end: int, running: frozenset[int]) -> int:
    """The lines of text in lines[first:end] that are no running header or footer."""
    return sum(1 for j in range(first, end) if lines[j].strip() and j not in running)


def _whole_pages(lines: list[str], markers: list[int], running: frozenset[int]) -> list[int]:
    """The lines of text of each page between two markers, running headers and footers aside."""
    return [_text_lines(lines, a + 1, b, running) for a, b in zip(markers, markers[1:])]


def _cut_page(lines: list[str], markers: list[int], running: frozenset[int]) -> bool:
    """Whether the text after the last footer is no whole page: none, or the last page of an
    excerpt cut before its footer — fewer lines of text than every page between two footers. As
    long as one, it may as well be the whole page under the last marker, read as a header below
    a cover page; then which number each page prints cannot be told."""
    tail = _text_lines(lines, markers[-1] + 1, len(lines), running)
    if not tail:
        return True
    whole = _whole_pages(lines, markers, running)
    return bool(whole) and tail < min(whole)


def _spans(starts: list[int], n: int) -> tuple[tuple[int, int], ...]:
    return tuple((s + 1, (starts[k + 1] if k + 1 < len(starts) else n)) for k, s in enumerate(starts))


def _printed_numbers(printed: list[int], numbers: list[int]) -> tuple[int, ...]:
    """Each page's printed number (0: none, a running title's page above the first header), given
    the markers' numbers in file order and the pages' (a page after the last footer is the next
    page). () when the numbers do not rise from marker to marker (a marker read wrong, or numbers
    that are no page numbers) or are the pages' count anyway: then pages are counted."""
    if any(b <= a for a, b in zip(printed, printed[1:])):
        return ()
    return () if numbers == list(range(1, len(numbers) + 1)) else tuple(numbers)


def _caption_line(line: str) -> int | None:
    """N when the line captions "Table N": a plain caption line, or a Markdown heading whose
    text is one ("## Table 3. Efficacy", "## 表3 疗效"), which titles the table right under it."""
    if line[:1] in "Tt*_表":
        return table_caption(line)
    heading = markdown_heading(line)
    return table_caption(heading[1]) if heading else None


def _text_tables(lines: list[str]) -> dict[int, tuple[int, int]]:
    """"Table N" caption → caption line up to the next blank line after content (blank lines
    right below the caption are skipped, as in Markdown) or the next heading. Without
    captions, Markdown pipe tables are numbered in order."""
    out: dict[int, tuple[int, int]] = {}
    n = len(lines)
    for i, line in enumerate(lines):
        num = _caption_line(line)
        if num is None or num in out:
            continue
        j = i + 1
        while j < n and not lines[j].strip() and j - i <= 2:
            j += 1
        last = i
        while j < n and lines[j].strip() and not markdown_heading(lines[j]) and table_caption(lines[j]) is None:
            if text_heading(lines[j]) is not None and not lines[j].lstrip().startswith("|"):
                break
            last = j
            j += 1
        out[num] = (i + 1, last + 1)
    if not out:
        k = 0
        i = 0
        while i < n:
            if lines[i].lstrip().startswith("|"):
                j = i
                while j + 1 < n and lines[j + 1].lstrip().startswith("|"):
                    j += 1
                if j > i:
                    k += 1
                    out[k] = (i + 1, j + 1)
                i = j + 1
            else:
                i += 1
    return out


# ---------------------------------------------------------------- HTML

# The stricter of citeproof.parse.html's two definitions: text in a saved page that not every
# reader surely sees (hidden, aria-hidden, screen-reader-only, widgets) must never back a claim.
# The page title stays readable in a source.
_SKIP_TAGS = SKIP_TAGS - {"title"}
_BLOCK_TAGS = frozenset(
    {
        "p", "div", "section", "article", "main", "aside", "ul", "ol", "li", "dl", "dt", "dd", "table",
        "thead", "tbody", "tfoot", "tr", "caption", "blockquote", "pre", "figure", "figcaption", "form",
        "fieldset", "address", "hr", "body", "html", "details", "summary", "h1", "h2", "h3", "h4", "h5", "h6",
        "title",
    }
)


# Struck-through text is shown as withdrawn ("<del>45%</del> 40%"): not what the source states now.
_STRUCK_TAGS = frozenset({"del", "s", "strike"})
# skipped elements whose text the file-line map never sees (it blanks them: mask_raw_text, and
# a closed <noscript>; a <head> holds only a title and metadata)
_MASKED_TAGS = frozenset({"-comment", "!doctype", "head", "noscript", *RAW_TEXT_TAGS})
_SUPER_DIGITS = str.maketrans("0123456789-−", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁻")
_SUPER_NUMBER = re.compile(r"[-−]?\d{1,3}")
_SUPER_MARK_LIST = re.compile(r"\d{1,3}(?:\s?[,–-]\s?\d{1,3})+")


def superscript_text(text: str) -> str | None:
    """What a superscript element's text reads as in a source line: a number ("3", "-1") or a
    list of footnote numbers ("1,2", "1-3") in Unicode superscript digits, so the number reader
    tells a power of ten (10⁹), a unit's exponent (m²) and a footnote marker (120³) apart instead
    of gluing the digits onto the number before (1203); None for any other text (an ordinal's
    "st", a "†"), read as written."""
    t = text.strip()
    if _SUPER_NUMBER.fullmatch(t):
        return t.translate(_SUPER_DIGITS)
    if _SUPER_MARK_LIST.fullmatch(t):
        return "".join(t.split()).replace("–", ",").translate(_SUPER_DIGITS)
    return None


def _readable_text(node) -> list[str]:
    """The text nodes under ``node`` in document order, leaving out those the file-line map
    blanks (a script's, a style's, an SVG title's: ``_MASKED_TAGS``)."""
    out: list[str] = []
    stack = [node]
    while stack:
        current = stack.pop()
        tag = current.tag
        if tag == "-text":
            if (text := current.text_content or "").strip():
                out.append(text)
            continue
        if tag in _MASKED_TAGS and current is not node:
            continue
        children = []
        child = current.child
        while child is not None:
            children.append(child)
            child = child.next
        stack.extend(reversed(children))
    return out


# Page furniture a source's class or id names: a cookie banner, an advert, a teaser of other
# articles — none of it is the page's content, and none may back a claim (SPEC §4). A class token
# is furniture when it is one of the unambiguous words, or opens with a furniture word and goes on
# with a widget's name ("cookie-banner", "ad-slot", "consent-banner", "related-articles");
# "treatment-related-aes", "informed-consent", "ad-hoc-analysis", a protocol's section id="consent",
# a cohort's id="ad" and a bulletin's class="newsletter" name content
_FURNITURE = re.compile(
    r"(?:cookies?|gdpr|advert|advertisement|ads|sponsored|paywall)"
    r"|(?:cookies?|consent|gdpr|advert|advertisement|ads?|sponsored|promo|newsletter|paywall|related)"
    r"[-_](?:banner|bar|notice|popup|pop-up|modal|dialog|overlay|slot|container|wrapper|box|unit|block|widget|"
    r"label|signup|sign-up|form|articles|posts|news|stories|links|reads|content-teaser|teaser|rail|footer|consent|policy|"
    r"settings|preferences)",
    re.IGNORECASE,
)


def _hidden(node, styled: frozenset[int] = frozenset(), grounds: bool = False) -> bool:
    """``styled``: the elements the page's own <style> rules hide (``source_style_hidden``);
    ``grounds``: an element's colour is weighed on the background painted under it, which no
    rule of the page may paint (``hidden_on_its_ground``)."""
    if node.mem_id in styled:
        return True
    attrs = node.attributes
    if not attrs:
        return False
    weighed = hidden_on_its_ground(node) if grounds else None
    if (attrs_hidden(attrs) if weighed is None else weighed) or (attrs.get("type") or "").lower() == "hidden":
        return True
    named = f"{attrs.get('class') or ''} {attrs.get('id') or ''}".split()
    return any(_FURNITURE.fullmatch(token) for token in named)


# A <noscript> in a page's <head> is parsed as if scripting were off: its text leaves the head and
# lands in the body as plain text. A browser with scripting on never shows it, so it is cut from
# the raw page first, wherever it stands (SKIP_TAGS drops it only when it stays an element).
_NOSCRIPT = re.compile(r"<noscript\b[^>]*>.*?</noscript\s*>", re.IGNORECASE | re.DOTALL)


def read_html(text: str) -> ReadResult:
    """The page's visible blocks, one a line, each with the saved file's lines its text comes from
    (``MarkupLines``): a block wrapped over several file lines (a ``<p>`` over three) is named by
    a locator naming any of them, and a minified page, all on one line, is line 1 throughout."""
    from selectolax.lexbor import LexborHTMLParser

    where = MarkupLines(text, html=True)  # the file as saved, before <noscript> is cut below
    if "<noscript" in text.lower():
        text = _NOSCRIPT.sub("", text)
    tree = LexborHTMLParser(text)
    styled = source_style_hidden(tree) if "<style" in text.lower() else frozenset()
    grounds = not rules_paint_ground(tree)
    title_node = tree.css_first("title")
    title = normalize_text(title_node.text()) if title_node is not None else None
    root = tree.body or tree.root
    lines: list[str] = []
    headings: list[tuple[int, int, str]] = []
    tables: list[tuple[int, int, int | None]] = []  # (first index, last index, caption number)
    buf: list[str] = []
    span: list[int] = []  # the file lines (first, last) of the text in buf, once it holds any
    starts: list[int] = []  # each line's first file line
    ends: list[int] = []  # and last
    header_rows: set[int] = set()
    row_cells: list[list[int]] = []  # per open <tr>: its <th> and <td> counts
    row_spans: list[list[tuple[bool, tuple[int, int] | None]]] = []  # per open <tr>: each cell's (filled, spans)
    # the header rows stacked over the current table's columns ("Result (%)" spanning "Arm A |
    # Placebo"), and the line of the latest: each row's cells (text, spans)
    stack_rows: list[list[tuple[str, tuple[int, int] | None]]] = []
    stack_line = 0
    joined_headers: dict[int, str] = {}
    closes: list[tuple[int, int]] = []  # each <main> or <article>: its first line and the line after its last
    # each id of a heading (its first line, None) or of a <section> or <article> (its first line and
    # the line after its last): the fragment a link to that place ends with ("label.html#dosing")
    ids: list[tuple[str, int, int | None]] = []

    def flush() -> None:
        if buf:
            line = _norm("".join(buf))
            buf.clear()
            if line:
                lines.append(line)
                # a line of superscript marks only was found nowhere: it stands where the text before it ended
                starts.append(span[0] if span else where.last)
                ends.append(span[1] if span else where.last)
            span.clear()

    def place(first: int, last: int) -> None:
        if span:
            span[1] = max(span[1], last)
        else:
            span.extend((first, last))

    # Iterative walk (deep documents must not hit the recursion limit). ("exit", node) marks
    # the end of an element so block boundaries, headings and tables can be closed.
    stack: list[tuple[str, object, int]] = [("enter", root, 0)] if root is not None else []
    pre_depth = 0
    while stack:
        phase, node, mark = stack.pop()
        tag = node.tag  # type: ignore[attr-defined]
        if phase == "exit":
            if tag == "pre":
                pre_depth -= 1
            if tag in _BLOCK_TAGS:
                flush()
            if tag in HEADING_TAGS:
                if len(lines) > mark:
                    headings.append((mark, HEADING_TAGS[tag], lines[mark]))
                    if element_id := _element_id(node):
                        ids.append((element_id, mark, None))  # names its heading's section
            elif tag in ("main", "article"):
                closes.append((mark, len(lines)))  # a heading inside ends here: what follows is the page's
            if tag in ("section", "article") and len(lines) > mark and (element_id := _element_id(node)):
                ids.append((element_id, mark, len(lines)))  # names the element's own lines
            elif tag == "table" and len(lines) > mark:
                tables.append((mark, len(lines) - 1, None))
            elif tag == "tr" and row_cells:
                th, td = row_cells.pop()
                spans = row_spans.pop()
                if th and not td and len(lines) == mark + 1:
                    header_rows.add(mark + 1)  # a row of header cells only, on a line of its own
                    if stack_line != mark:
                        stack_rows = []  # no header row right above: a new stack
                    stack_line = mark + 1
                    if (cells := _header_cells_of(lines[mark], spans)) is None:
                        stack_rows, stack_line = [], 0
                    else:
                        stack_rows.append(cells)
                        if (joined := _spanned_header(stack_rows)) is not None:
                            joined_headers[mark + 1] = joined
            continue
        if tag == "-text":
            content = node.text_content or ""  # type: ignore[attr-defined]
            if pre_depth:
                placed = where.locate(content) if content.strip() else None
                parts = content.replace("\r\n", "\n").split("\n")
                for k, part in enumerate(parts):
                    if k:
                        flush()
                    buf.append(part)
                    if placed is not None and part.strip():
                        at = min(max(placed.origin + k, placed.first), placed.last)  # part k is k lines on
                        place(at, at)
            else:
                if content.strip():
                    placed = where.locate(content, moved=lambda node=node: _before_table(node))
                    place(placed.first, placed.last)
                buf.append(content)
            continue
        if tag in ("-comment", "!doctype") or tag in _SKIP_TAGS or tag in _STRUCK_TAGS or _hidden(node, styled, grounds):
            if tag not in _MASKED_TAGS:
                # read past the skipped text, so the text after it is not placed on its lines (an
                # advert's "In partnership …" took the line of the next paragraph's "In …") — its
                # text nodes only, never a script's or an SVG title's, which the map blanks
                for piece in _readable_text(node):
                    where.locate(piece)
            continue
        if tag == "sup" and (marked := superscript_text(node.text())) is not None:  # type: ignore[attr-defined]
            buf.append(marked)
            continue
        if tag == "sup" and LETTER_MARK.fullmatch(mark := node.text().strip()) and buf and (buf[-1][-1:].isalnum() or buf[-1][-1:] in "%‰"):  # type: ignore[attr-defined]
            buf.append(" " + mark)  # "18.4 months<sup>b</sup>": a footnote letter, set apart from the unit it follows
            continue
        if tag == "br":
            flush()
            continue
        if tag == "tr":
            row_cells.append([0, 0])
            row_spans.append([])
        elif tag in ("td", "th") and row_cells:
            row_cells[-1][tag == "td"] += 1
            row_spans[-1].append((bool(node.text().strip()), cell_spans(node)))  # type: ignore[attr-defined]
        if tag in ("td", "th") and buf and "".join(buf).strip():
            buf.append(" | ")
        if tag in _BLOCK_TAGS:
            flush()
        if tag == "pre":
            pre_depth += 1
        stack.append(("exit", node, len(lines)))
        children = []
        child = node.child  # type: ignore[attr-defined]
        while child is not None:
            children.append(child)
            child = child.next
        for child in reversed(children):
            stack.append(("enter", child, 0))
    flush()

    sections, paths = _nested_sections(headings, len(lines), closes, ids)
    tables.sort()
    table_map: dict[int, tuple[int, int]] = {}
    for k, (first, last, _num) in enumerate(tables, start=1):
        table_map.setdefault(k, (first + 1, last + 1))
    # A "Table N" caption inside the table (or right above it) names it, beating the ordinal.
    for first, last, _num in tables:
        for idx in (first, first - 1):
            if 0 <= idx < len(lines) and (num := table_caption(lines[idx])) is not None:
                table_map[num] = (idx + 1, last + 1)
                break
    pages, numbers, footers, unused = _pages(lines, [])
    return ReadResult(lines=lines, sections=sections, pages=pages, tables=table_map, title=title,
                      header_rows=frozenset(header_rows), file_lines=tuple(starts),
                      file_ends=tuple(ends) if ends != starts else (), file_line_count=where.line_count,
                      section_paths=paths, page_numbers=numbers, page_footers=footers, page_numbers_unused=unused,
                      joined_headers=joined_headers)


def _header_cells_of(line: str, spans: list[tuple[bool, tuple[int, int] | None]]) -> list[tuple[str, tuple[int, int] | None]] | None:
    """A header row's cells as its line shows them (the visible text, " | " between filled
    cells), each with its spans; None when the line's cells and the row's filled cells differ."""
    shown = [c.strip() for c in line.split(" | ")]
    if len(shown) != sum(filled for filled, _ in spans):
        return None
    texts = iter(shown)
    return [(next(texts) if filled else "", span) for filled, span in spans]


def _spanned_header(rows: list[list[tuple[str, tuple[int, int] | None]]]) -> str | None:
    """The lowest of stacked header rows read as each column's whole header ("Measure | Result
    (%)" over "Arm A | Placebo" → "Measure | Result Arm A (%) | Result Placebo (%)"), as a report's
    table is (``stacked_columns``): a cell stands in each column it spans, a rowspan from above
    keeps its columns. None for one row, no span to place, or a span too wide to place."""
    flat = [span for row in rows for _, span in row]
    if len(rows) < 2 or None in flat or all(span == (1, 1) for span in flat):
        return None
    grid: list[list[str]] = []
    below: dict[int, int] = {}  # column → rows under this one a rowspan still covers
    for row in rows:
        covered = set(below)
        below = {k: n - 1 for k, n in below.items() if n > 1}
        placed: dict[int, str] = {}
        col = 0
        for text, (colspan, rowspan) in row:  # type: ignore[misc]
            while col in covered:
                col += 1
            for k in range(col, col + colspan):
                placed[k] = text
                if rowspan > 1:
                    below[k] = rowspan - 1
            col += colspan
        width = max([*placed, *covered], default=-1) + 1
        grid.append([placed.get(k, "") for k in range(width)])
    return " | ".join(stacked_columns(grid))


def _element_id(node) -> str | None:
    """An element's id attribute, when it has one."""
    value = (node.attributes or {}).get("id")
    return value.strip() if value and value.strip() else None


def _before_table(node) -> bool:
    """Whether a text node stands right before a ``<table>``, where the parser puts text written
    inside the table between its rows (foster-parenting)."""
    nxt = node.next
    while nxt is not None and nxt.tag == "-text":
        nxt = nxt.next
    return nxt is not None and nxt.tag == "table"


# ---------------------------------------------------------------- JSON


def read_json(text: str) -> ReadResult:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise UnreadableSource(f"invalid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}") from None
    out = _JsonLines(scalar_value_lines(text))
    sections: dict[str, tuple[int, int]] = {}
    units: dict[int, str] = {}
    if isinstance(data, dict) and data:
        _json_object(data, "", out, sections, units, None, ())
    else:
        _dumped_units(data, 0, None, units)
        out.dumped(data)
    # a key written twice (json.loads keeps the last) shifts the count: no file lines then
    exact = out.cursor == len(out.value_lines) == scalar_count(data)
    return ReadResult(
        lines=_norm_all(out.lines), sections=sections, file_lines=tuple(out.at) if exact else (), value_units=units
    )


class _JsonLines:
    """The reader's lines of a JSON source, each with the saved file's line it comes from
    (``citeproof.sources.json_lines``): the k-th scalar value read is the k-th the scanner found."""

    def __init__(self, value_lines: list[int]) -> None:
        self.value_lines = value_lines
        self.cursor = 0  # scalar values read so far
        self.lines: list[str] = []
        self.at: list[int] = []

    def _line_of_next(self) -> int:
        if self.cursor < len(self.value_lines):
            return self.value_lines[self.cursor]
        return self.value_lines[-1] if self.value_lines else 1

    def scalar(self, lines: list[str]) -> None:
        """One scalar value, read as ``lines`` (a string with newlines gives several)."""
        self.at.extend([self._line_of_next()] * len(lines))
        self.lines.extend(lines)
        self.cursor += 1

    def dumped(self, value: object) -> None:
        """An object or list inside a list (or a top level that is no object), one line per line
        of its indented dump: a dumped line stands at its value's line, a bracket at the next one's."""
        for line in json.dumps(value, ensure_ascii=False, indent=2).split("\n"):
            self.at.append(self._line_of_next())
            self.lines.append(line)
            self.cursor += len(scalar_value_lines(line))


@lru_cache(maxsize=1)
def _json_keys() -> tuple[frozenset[str], frozenset[str]]:
    """(the keys naming a unit, the keys whose scalar is a measured value): value_cues.json."""
    from citeproof.values.lexicon import data_json  # the word lists live with the value reader's

    cues = data_json("value_cues.json")
    return frozenset(cues["json_unit_keys"]["words"]), frozenset(cues["json_measured_keys"]["words"])


def _own_unit(obj: dict) -> str | None:
    """The unit an object's own unit key names, or None. Callers keep the enclosing object's unit
    only where this is None: a unit key naming a count ("Participants") still replaces the outer
    unit, since its values are counts."""
    unit_keys, _ = _json_keys()
    for key, value in obj.items():
        if isinstance(key, str) and key.lower() in unit_keys and isinstance(value, str):
            return value
    return None


# a figure written as a JSON string ("4.2", "2,410.5"), as API records write their values
_NUMBER_STRING = re.compile(r"\s*-?\d{1,3}(?:,\d{3})*(?:\.\d+)?\s*|\s*-?\d+(?:\.\d+)?\s*")


def _number(value: object) -> bool:
    if isinstance(value, str):
        return _NUMBER_STRING.fullmatch(value) is not None
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _measured(key: str, value: object) -> bool:
    return key.lower() in _json_keys()[1] and isinstance(value, (str, int, float)) and not isinstance(value, bool)


def _dumped_units(value: object, first: int, unit: str | None, out: dict[int, str]) -> int:
    """How many lines ``json.dumps(value, indent=2)`` takes from 0-based line ``first`` on; each
    measured value's line under a unit key goes into ``out`` (1-based). The dump's layout is
    fixed: a non-empty object or list opens and closes on lines of its own, a scalar takes one."""
    if isinstance(value, dict) and value:
        own = _own_unit(value)
        unit = own if own is not None else unit
        line = first + 1
        for key, item in value.items():
            if unit is not None and _measured(str(key), item):
                out[line + 1] = unit
            elif unit is not None and _number(item):
                out[line + 1] = READING_ONLY + unit
            line += _dumped_units(item, line, unit, out)
        return line - first + 1
    if isinstance(value, list) and value:
        line = first + 1
        for item in value:
            line += _dumped_units(item, line, unit, out)
        return line - first + 1
    return 1


# between the enclosing keys of a scalar's label ("results › arm A › response rate: 30%")
JSON_LABEL_SEP = " › "


def _json_object(
    obj: dict, prefix: str, out: _JsonLines, sections: dict[str, tuple[int, int]], units: dict[int, str],
    unit: str | None, above: tuple[str, ...],
) -> None:
    """Each key is a section (nested keys as dotted paths, "results.primary"); a list of
    scalars gives one line per item so item k of a section is line first+k. Lines are
    collected raw (newline-free) and normalised together by the caller. A measured value whose
    object (or an enclosing one) names its unit in a key beside it is noted in ``units``: the
    lines no longer show which keys were siblings; so is any other number of the object naming
    it, as a reading only (``READING_ONLY``: '"revenue": 4.2' beside '"unit": "USD million"' is
    plausibly $4.2 million; rt36b j1).

    A scalar is read as a person reads it, under its key and the keys above it (``above``):
    '"arm A": {"response rate": "30%"}' is the line "arm A › response rate: 30%", so the one
    line a claim's segment is holds the entity and the measure the keys name, and a unit the
    key brackets ("median survival (months): 8.2") labels the value as a "Label (unit): value"
    line does. Still one line per value (``#L`` and ``file_lines`` keep their meaning); a list's
    items keep their text (a ClinicalTrials.gov section's items read as they did)."""
    own = _own_unit(obj)
    unit = own if own is not None else unit
    lines = out.lines
    for key, value in obj.items():
        path = f"{prefix}.{key}" if prefix else str(key)
        first = len(lines)
        if isinstance(value, dict):
            _json_object(value, path, out, sections, units, unit, (*above, str(key)))
        elif isinstance(value, list):
            try:
                "".join(value)  # C-speed check that every item is a string (the common case)
            except TypeError:
                pass
            else:
                # newlines inside items are folded by _norm_all: one line per item
                out.at.extend(out.value_lines[out.cursor : out.cursor + len(value)])
                out.cursor += len(value)
                lines.extend(value)
                if len(lines) > first:
                    sections.setdefault(path, (first + 1, len(lines)))
                continue
            for v in value:
                if isinstance(v, str):
                    out.scalar([v])
                elif isinstance(v, (dict, list)):
                    _dumped_units(v, len(lines), unit, units)
                    out.dumped(v)
                else:
                    out.scalar([json.dumps(v, ensure_ascii=False)])
        elif isinstance(value, str):
            if unit is not None and _measured(str(key), value) and "\n" not in value and "\r" not in value:
                units[len(lines) + 1] = unit
            elif unit is not None and _number(value):
                units[len(lines) + 1] = READING_ONLY + unit
            text = value.replace("\r\n", "\n").replace("\r", "\n").split("\n")
            out.scalar([_json_label(above, str(key)) + text[0], *text[1:]])
        else:
            if unit is not None and _measured(str(key), value):
                units[len(lines) + 1] = unit
            elif unit is not None and _number(value):
                units[len(lines) + 1] = READING_ONLY + unit
            out.scalar([_json_label(above, str(key)) + json.dumps(value, ensure_ascii=False)])
        if len(lines) > first:
            sections.setdefault(path, (first + 1, len(lines)))


def _json_label(above: tuple[str, ...], key: str) -> str:
    """What a scalar's line opens with: its enclosing keys and its own, then a colon
    ("results › arm A › response rate: ")."""
    return JSON_LABEL_SEP.join((*above, key)) + ": "


# ---------------------------------------------------------------- XML


def read_xml(text: str) -> ReadResult:
    # Entity declarations are how XML bombs expand; saved sources never need them.
    if re.search(r"<!ENTITY", text, re.IGNORECASE):
        raise UnreadableSource("XML declares entities (<!ENTITY>); refused")
    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        raise UnreadableSource(f"invalid XML: {exc}") from None
    lines: list[str] = []
    # each element's names (_xml_names), the path of the element it stands in, and its lines
    named: list[tuple[tuple[str, str | None, str | None, bool], tuple[str, ...], tuple[int, int]]] = []
    where = MarkupLines(text, html=False)
    starts: list[int] = []  # each line's first and last line in the saved file
    ends: list[int] = []

    # Iterative: (element, phase, first line, the path of the element it stands in). An element
    # with mixed content (text between children) is one line; otherwise its own text is a line
    # and its children follow.
    stack: list[tuple[ET.Element, bool, int, tuple[str, ...]]] = [(root, False, 0, ())]
    while stack:
        elem, done, first, outer = stack.pop()
        names = _xml_names(elem)
        if done:
            if len(lines) > first:
                named.append((names, outer, (first + 1, len(lines))))
            continue
        if _local_tag(elem) in _XML_STRUCK:
            continue
        start = len(lines)
        if _mixed(elem):
            pieces = _xml_visible_pieces(elem)
            line = _norm("".join(piece for piece, _ in pieces))
            # every piece as written is searched, in order, so the cursor passes the whole element
            placed = [where.locate(piece) for piece, written in pieces if written and piece.strip()]
            if line:
                lines.append(line)
                starts.append(placed[0].first if placed else where.last)
                ends.append(placed[-1].last if placed else where.last)
                named.append((names, outer, (start + 1, len(lines))))
            continue
        own = _norm(elem.text or "")
        if own:
            placed_own = where.locate(elem.text or "")
            lines.append(own)
            starts.append(placed_own.first)
            ends.append(placed_own.last)
        stack.append((elem, True, start, outer))
        inner = (*outer, names[1] or names[0]) if names[1] or names[0] else outer
        for child in reversed(list(elem)):
            stack.append((child, False, 0, inner))
    sections, paths, shared = _xml_sections(named)
    return ReadResult(
        lines=lines, sections=sections, file_lines=tuple(starts), file_ends=tuple(ends) if ends != starts else (),
        file_line_count=where.line_count, section_paths=paths, shared_tags=shared,
    )


def _xml_sections(
    named: list[tuple[tuple[str, str | None, str | None, bool], tuple[str, ...], tuple[int, int]]],
) -> tuple[dict[str, tuple[int, int]], dict[str, tuple[str, ...]], dict[str, tuple[tuple[tuple[str, ...], tuple[int, int]], ...]]]:
    """An XML source's sections from its elements (names, the path of the element each stands
    in, lines), in document order. An element is named by its tag, its label or title, its id
    (``_xml_names``); a label or title two elements share gets each a path (``_named_sections``:
    "abstract/Results", "body/Results"). A tag several elements share (``abstract``,
    ``AbstractText``, ``p``) is a shared name too: it names the shallowest of them where one is,
    else the one plain element among the shallowest (``<abstract>`` beside ``<abstract
    abstract-type="summary">``), else none — and then the third result lists each one's path and
    lines (``shared_tags``), since a mark-up name gives no path of its own to cite."""
    named = sorted(named, key=lambda item: item[2][0])  # an element's lines are known when it closes
    by_tag: dict[str, list[int]] = {}
    for k, ((tag, _label, _id, _typed), _outer, _span) in enumerate(named):
        if tag:
            by_tag.setdefault(tag, []).append(k)
    tagged: set[int] = set()  # the elements their tag names
    shared: dict[str, tuple[tuple[tuple[str, ...], tuple[int, int]], ...]] = {}
    for tag, members in by_tag.items():
        if (k := _tag_names(members, named)) is not None:
            tagged.add(k)
        else:
            shared[section_key(tag)] = tuple(((*named[m][1], tag), named[m][2]) for m in members)
    entries: list[tuple[tuple[str, ...], tuple[int, int]]] = []
    for k, ((tag, label, element_id, _typed), outer, span) in enumerate(named):
        for name in (tag if k in tagged else None, label, element_id):
            if name:
                entries.append(((*outer, name), span))
    return (*_named_sections(entries), shared)


def _tag_names(members: list[int], named: list) -> int | None:
    """Which of the elements a tag several share (indices into ``named``) that tag names: the
    one alone, the shallowest, or the one among the shallowest with no type attribute — or None."""
    if len(members) == 1:
        return members[0]
    depths = [len(named[m][1]) for m in members]
    if (k := _shallowest(depths)) is not None:
        return members[k]
    plain = [m for m, depth in zip(members, depths) if depth == min(depths) and not named[m][0][3]]
    return plain[0] if len(plain) == 1 else None


# JATS/PubMed mark-up whose text is not read into the number before it: struck text is withdrawn,
# and a superscript or a citation cross-reference ("14.2<xref ref-type="bibr">5</xref>%") is a
# footnote marker or an exponent, told apart by the number reader (see superscript_text). ("s" is
# not struck in XML: TEI writes sentences as <s>.)
_XML_STRUCK = frozenset({"del", "strike"})
_XML_MARKS = frozenset({"sup", "xref"})


def _local_tag(elem: ET.Element) -> str:
    tag = elem.tag if isinstance(elem.tag, str) else ""
    return tag.rsplit("}", 1)[1] if "}" in tag else tag


def _xml_visible_pieces(elem: ET.Element) -> list[tuple[str, bool]]:
    """The pieces of ``"".join(elem.itertext())`` without struck elements, with superscripts and
    citation markers written as Unicode superscripts, in order; each with whether it is the
    file's text as written (a marker is not, so it is not searched for in the file). Iterative: a
    deep element cannot hit the recursion limit."""
    out: list[tuple[str, bool]] = []
    stack: list[ET.Element | str] = [elem]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out.append((item, True))
            continue
        tag = _local_tag(item) if item is not elem else ""
        if tag in _XML_STRUCK:
            if item.tail:
                out.append((item.tail, True))
            continue
        if tag in _XML_MARKS and (marked := superscript_text("".join(item.itertext()))) is not None:
            out.append((marked, False))
            if item.tail:
                out.append((item.tail, True))
            continue
        if item.text:
            out.append((item.text, True))
        if item is not elem and item.tail:
            stack.append(item.tail)
        stack.extend(reversed(list(item)))
    return out


def _xml_names(elem: ET.Element) -> tuple[str, str | None, str | None, bool]:
    """An element's names: its tag; its label or title (a ``Label``, ``label``, ``name`` or
    ``title`` attribute, else the text of a ``<title>`` or ``<label>`` child: JATS's ``<sec><title>
    Results</title>``), if any; its id (``<sec id="s3">``), if any — and whether it carries a type
    attribute (``type``, ``abstract-type``, ``sec-type``: a kind of its tag, not the plain one)."""
    label = next((v.strip() for attr in ("Label", "label", "name", "title") if (v := elem.attrib.get(attr)) and v.strip()), None)
    for child_tag in ("title", "label"):
        if label is not None:
            break
        child = next((c for c in elem if _local_tag(c) == child_tag), None)
        label = (_norm("".join(child.itertext())) or None) if child is not None else None
    element_id = (elem.attrib.get("id") or "").strip() or None
    # an attribute of the document's own vocabulary: xlink:type says how a link links, not what the element is
    typed = any(attr == "type" or attr.endswith("-type") for attr in elem.attrib if "}" not in attr)
    return _local_tag(elem), label, element_id, typed


def _mixed(elem: ET.Element) -> bool:
    children = list(elem)
    return not children or any((c.tail or "").strip() for c in children)
