"""The excerpt the judge sees, with where it came from."""

from __future__ import annotations

from citeproof.model import Frozen


class ExcerptSpan(Frozen):
    """One contiguous part of an excerpt, located in the source."""

    line_start: int  # 1-based, inclusive, in the saved file's lines (SourceDocument.file_line)
    line_end: int
    char_start: int  # offsets into SourceDocument.text
    char_end: int


class Excerpt(Frozen):
    source_id: str
    source_path: str
    locator: str | None
    text: str
    sha256: str
    line_start: int  # 1-based, inclusive, in the saved file's lines (SourceDocument.file_line)
    line_end: int
    char_start: int  # offsets into SourceDocument.text
    char_end: int
    tokens: int  # counted with tiktoken (cl100k_base, offline)
    strategy: str  # locator | atoms | terms — what the window was centred on
    # Added by excerpt/builder: one span per contiguous part, in document order. The text
    # joins parts with a line "[…]"; line_/char_start/end above are the overall span.
    spans: tuple[ExcerptSpan, ...] = ()
