"""Build SourceDocument / SourceWindow objects for excerpt tests (no files, no store)."""

from __future__ import annotations

from collections.abc import Sequence

import hashlib

from citeproof.sources.segment import segment_window
from citeproof.sources.types import SourceDocument, SourceWindow


def make_document(
    lines: Sequence[str],
    *,
    pages: Sequence[tuple[int, int]] = (),
    media: str = "txt",
    source_id: str = "doc1",
    sections: dict[str, tuple[int, int]] | None = None,
) -> SourceDocument:
    return SourceDocument(
        source_id=source_id,
        channel="evidence",
        path=f"evidence/{source_id}.{media}",
        media=media,
        text="\n".join(lines),
        lines=tuple(lines),
        sections=dict(sections or {}),
        pages=tuple(pages),
    )


def make_window(
    document: SourceDocument,
    line_start: int = 1,
    line_end: int | None = None,
    *,
    coarse: bool | None = None,
    locator: str | None = None,
) -> SourceWindow:
    last = len(document.lines) if line_end is None else line_end
    return SourceWindow(
        document=document,
        line_start=line_start,
        line_end=last,
        text="\n".join(document.lines[line_start - 1 : last]),
        segments=segment_window(document, line_start, last),
        coarse=(last - line_start + 1) > 60 if coarse is None else coarse,
        locator_raw=locator,
    )


def filler(n: int, start: int = 1) -> list[str]:
    """Distinct, unremarkable prose lines that share no content word with test claims."""
    words = ["river", "mountain", "garden", "window", "pencil", "orchard", "harbor", "lantern", "meadow", "violin"]
    out = []
    for k in range(start, start + n):
        a, b = words[k % 10], words[(k // 10 + k // 100) % 10]
        out.append(f"Paragraph {k} describes the {a} near the {b} in plain words.")
    return out


def lines_of(excerpt_text: str) -> list[str]:
    return [line for line in excerpt_text.split("\n") if line]


def flat(text: str) -> str:
    return " ".join(text.split())


def assert_offsets_true(excerpt, document) -> None:
    """Every part of the excerpt is the text of its span in document.text (up to whitespace),
    once the lines a repeat marker stands for are put back."""
    from excerpt.builder import ELISION
    from excerpt.repeats import expand_repeats
    from excerpt.tokens import count_tokens

    parts = expand_repeats(excerpt.text).split(f"\n{ELISION}\n")
    assert len(parts) == len(excerpt.spans)
    for part, span in zip(parts, excerpt.spans):
        source = document.text[span.char_start : span.char_end]
        assert flat(part) == flat(source)
        # lines count the saved file's lines: the reader's line the offset falls on, as the file numbers it
        # (its first file line for the start, its last for the end: a paragraph may wrap over several)
        assert document.file_line(document.text.count("\n", 0, span.char_start) + 1) == span.line_start
        assert document.file_line_end(document.text.count("\n", 0, span.char_end) + 1) == span.line_end
    assert excerpt.line_start == excerpt.spans[0].line_start
    assert excerpt.line_end == excerpt.spans[-1].line_end
    assert excerpt.char_start == excerpt.spans[0].char_start
    assert excerpt.char_end == excerpt.spans[-1].char_end
    assert excerpt.sha256 == hashlib.sha256(excerpt.text.encode()).hexdigest()
    assert excerpt.tokens == count_tokens(excerpt.text)
