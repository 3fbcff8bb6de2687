"""Build source windows directly (no store) for value-atom tests."""

from __future__ import annotations

from citeproof.sources.types import Segment, SourceDocument, SourceWindow


def window(text: str, *, source_id: str = "S1", path: str = "clinical_trials/S1.txt", segments: bool = True) -> SourceWindow:
    lines = tuple(text.split("\n"))
    doc = SourceDocument(source_id=source_id, channel=path.split("/")[0], path=path, media="txt", text=text, lines=lines)
    segs: list[Segment] = []
    offset = 0
    if segments:
        for n, line in enumerate(lines, start=1):
            if line.strip():
                segs.append(Segment(text=line, line_start=n, line_end=n, char_start=offset, char_end=offset + len(line)))
            offset += len(line) + 1
    return SourceWindow(document=doc, line_start=1, line_end=len(lines), text=text, segments=tuple(segs), coarse=False)
