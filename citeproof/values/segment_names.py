"""Regions and markets a report or a source names as whose figures they are.

A market report gives its figures per region ("### Asia-Pacific", "Europe: revenue grew 12% to
$4.2 billion"). A heading's capitalised words say nothing of being a name (headings are
capitalised throughout), so the context reading (:func:`citeproof.values.lead_in.context_subject`)
does not take a heading's capitals for a subject, and a name opening a source line is read as a
sentence's first word. The regions and markets of ``segment_names`` in ``claim_support.json``
are names wherever they are written: "### Asia-Pacific" over "Revenue grew 12% to $4.2 billion"
does not pass on Europe's line (ctxfix 2).
"""

from __future__ import annotations

import re
from functools import lru_cache

from citeproof.values.segment_support import cue_document


@lru_cache(maxsize=1)
def _names() -> tuple[re.Pattern[str], tuple[str, ...]]:
    doc = cue_document()["segment_names"]
    latin = sorted(doc["en"], key=len, reverse=True)
    return re.compile(rf"(?<![a-z-])(?:{'|'.join(map(re.escape, latin))})(?![a-z-])"), tuple(doc["zh"])


def segment_names_in(low: str) -> set[str]:
    """The regions and markets ``low`` (lower-cased text) names."""
    latin, chinese = _names()
    return {m.group(0) for m in latin.finditer(low)} | {n for n in chinese if n in low}
