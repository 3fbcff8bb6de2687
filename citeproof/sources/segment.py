"""Source segmentation: rejoin visual line wraps, then split into sentences (SPEC §3.5).

A PDF turned into text breaks sentences at the page width ("…for patients over 65
years it" / "is 250 mg nocte."), so a claim restating the sentence would find no
single segment carrying all its atoms. Rejoining every line break would instead merge
separate instructions on consecutive lines. The rule here is conservative: a line joins
the one before only when it *visibly continues* it — it starts with a lowercase letter,
a digit or an opening bracket (or, in Chinese, the previous line ends with a comma) —
and never across a blank line, a bullet, a heading, a table row, a page marker, or a
previous line ending in terminal punctuation (``. ! ? 。 ！ ？ ；``) or a colon.

Only ``.txt`` and ``.md`` sources are reflowed: in JSON, HTML and XML every line is
already a whole item, block or element, and joining items that happen to start in
lowercase would merge separate facts.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence

from citeproof.sources.headings import is_bullet, markdown_heading, page_marker, text_heading
from citeproof.sources.types import Segment, SourceDocument
from citeproof.text.sentences import split_sentences

REFLOW_MEDIA = frozenset({"txt", "md"})
MAX_JOINED_LINES = 40  # a run of "continuations" longer than this is not a wrapped sentence

_TERMINAL = frozenset(".!?。！？；;")
_COLON = frozenset(":：")
_CLOSERS = ")]}\"'”’）】」』*_"
_OPENERS = frozenset("([（【")
_CJK_COMMAS = frozenset("，、,")
_NO_JOIN_STARTS = ("|", ">", "```", "~~~")


def _is_cjk(c: str) -> bool:
    o = ord(c)
    return 0x3000 <= o <= 0x9FFF or 0xF900 <= o <= 0xFAFF or 0xFF00 <= o <= 0xFFEF or 0x20000 <= o <= 0x2FFFF


def _hard_line(line: str) -> bool:
    """A line that never joins with a neighbour (either side)."""
    return (
        line.startswith(_NO_JOIN_STARTS)
        or markdown_heading(line) is not None
        or text_heading(line) is not None
        or page_marker(line) is not None
    )


def join_separator(prev: str, nxt: str) -> str | None:
    """The text that replaces the line break when ``nxt`` continues ``prev``; None when it
    does not. Both lines are stripped and non-empty."""
    if is_bullet(nxt) or _hard_line(prev) or _hard_line(nxt):
        return None
    tail = prev.rstrip(_CLOSERS) or prev
    last = tail[-1]
    if last in _TERMINAL or last in _COLON:
        return None
    first = nxt[0]
    if first.islower() or first.isdigit() or first in _OPENERS:
        if prev[-1] == "-" and len(prev) > 1 and prev[-2].isalpha() and first.islower():
            return ""  # "dose-" / "escalation": keep the hyphen, drop the break
        return "" if _is_cjk(prev[-1]) or _is_cjk(first) else " "
    if _is_cjk(first) and last in _CJK_COMMAS:
        return ""  # Chinese wraps never had a space at the break
    return None


def _groups(lines: Sequence[str], reflow: bool) -> list[list[int]]:
    """Indices of the non-blank lines, grouped into reflowed paragraphs."""
    groups: list[list[int]] = []
    current: list[int] = []
    prev = ""
    for i, raw in enumerate(lines):
        line = raw.strip()
        if not line:
            if current:
                groups.append(current)
                current = []
            prev = ""
            continue
        if current and reflow and len(current) < MAX_JOINED_LINES and join_separator(prev, line) is not None:
            current.append(i)
        else:
            if current:
                groups.append(current)
            current = [i]
        prev = line
    if current:
        groups.append(current)
    return groups


def reflow_lines(lines: Sequence[str], first_line: int = 1) -> list[tuple[str, int, int]]:
    """Rejoin visual wraps: (text, first line, last line) per paragraph, lines numbered
    from ``first_line`` (1-based by default). Blank lines yield nothing."""
    out: list[tuple[str, int, int]] = []
    for group in _groups(lines, reflow=True):
        parts = [lines[group[0]].strip()]
        for a, b in zip(group, group[1:]):
            prev, nxt = lines[a].strip(), lines[b].strip()
            parts.append((join_separator(prev, nxt) or "") + nxt)
        out.append(("".join(parts), group[0] + first_line, group[-1] + first_line))
    return out


def line_offsets(document: SourceDocument) -> list[int]:
    """Character offset of each line's start in ``document.text`` (lines joined with "\\n")."""
    offsets: list[int] = []
    pos = 0
    for line in document.lines:
        offsets.append(pos)
        pos += len(line) + 1
    return offsets


def segment_window(
    document: SourceDocument,
    first_line: int,
    last_line: int,
    *,
    offsets: Sequence[int] | None = None,
    reflow: bool | None = None,
) -> tuple[Segment, ...]:
    """Sentences of lines ``first_line..last_line`` (1-based, inclusive) after wrap reflow.

    Each segment keeps its line range and its character span in ``document.text``; the
    segment text is that span with rejoined line breaks replaced by the join separator.
    Linear in the window's length. ``offsets`` (from ``line_offsets``) lets a caller that
    segments many windows of one document compute them once.
    """
    lines = document.lines
    first = max(1, first_line)
    last = min(len(lines), last_line)
    if last < first:
        return ()
    if offsets is None:
        offsets = line_offsets(document)
    if reflow is None:
        reflow = document.media in REFLOW_MEDIA
    window = lines[first - 1 : last]
    segments: list[Segment] = []
    for group in _groups(window, reflow):
        para_parts: list[str] = []
        para_starts: list[int] = []  # offset of each line's text within the paragraph string
        doc_starts: list[int] = []  # offset of the same character in document.text
        pos = 0
        prev = ""
        for idx in group:
            raw = window[idx]
            stripped = raw.strip()
            if para_parts:
                sep = join_separator(prev, stripped) or ""
                para_parts.append(sep)
                pos += len(sep)
            lead = len(raw) - len(raw.lstrip())
            para_starts.append(pos)
            doc_starts.append(offsets[first - 1 + idx] + lead)
            para_parts.append(stripped)
            pos += len(stripped)
            prev = stripped
        para = "".join(para_parts)
        for a, b in split_sentences(para):
            ka = bisect_right(para_starts, a) - 1
            kb = bisect_right(para_starts, b - 1) - 1
            segments.append(
                Segment(
                    text=para[a:b],
                    line_start=first + group[ka],
                    line_end=first + group[kb],
                    char_start=doc_starts[ka] + (a - para_starts[ka]),
                    char_end=doc_starts[kb] + (b - para_starts[kb]),
                )
            )
    return tuple(segments)
