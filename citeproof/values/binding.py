"""Whether a segment that holds all of a claim's numbers and names also pairs them the same way.

"The response rate was 30% in Arm A and 40% in Arm B" and its source "… 40% in Arm A and 30%
in Arm B" share every number, every name and every word: only the pairing differs, and the
claim is false. Reading who-has-what from free text is the judge's work; what Tier 1 can
check without guessing is order. A claim with two or more numbers must meet them in the
segment in the same order, and a claim with two or more names (Arm A, Arm B, A组, a drug)
likewise. When it does not, the segment does not *carry* the claim and the claim is left
to the judge: a faithful reordering ("30% in Arm B, 40% in Arm A") is judged, never failed.

Numbers are matched by value (``relate`` = supported, so 0.12 g finds 120 mg), names as
written (case-folded). An item the segment holds in no comparable form is left out of the
order check: the other gates decide whether it is there at all.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from citeproof.values.atoms import ValueAtom
from citeproof.values.compare import relate
from citeproof.values.extract import extract_atoms
from citeproof.values.segment_support import entity_tokens

_CJK_LABEL = re.compile(r"[A-Za-z0-9]{1,3}组")


def binding_differs(claim_text: str, atoms: Sequence[ValueAtom], segment_text: str) -> str | None:
    """Why ``segment_text`` pairs the claim's numbers or names differently, or None."""
    values = [a for a in atoms if not a.derived]
    if len(values) >= 2:
        found = extract_atoms(segment_text, mode="source")
        places = [[s.start for s in found if relate(a, s) == "supported"] for a in sorted(values, key=lambda a: a.start)]
        if not _in_order(places):
            return "the claim's numbers come in another order than in the source: they may belong to other subjects"
    names = _names(claim_text)
    if len(set(names)) >= 2:
        low = segment_text.lower()
        places = [[m.start() for m in re.finditer(re.escape(n), low)] for n in names]
        if not _in_order(places):
            return "the claim names its subjects in another order than the source"
    return None


def _names(text: str) -> list[str]:
    """Every occurrence of a name in ``text`` (entity tokens, Chinese group labels), in order."""
    low = text.lower()
    keys = entity_tokens(text) | {m.group(0).lower() for m in _CJK_LABEL.finditer(text)}
    # a name inside a longer one ("arm a" in "arm a1") is the longer one's
    keys = {k for k in keys if not any(k != o and k in o for o in keys)}
    hits = sorted((m.start(), k) for k in keys for m in re.finditer(re.escape(k), low))
    return [k for _, k in hits]


def _in_order(places: Sequence[Sequence[int]]) -> bool:
    """Whether one position can be picked per item, strictly increasing (items found nowhere skipped)."""
    last = -1
    for options in places:
        if not options:
            continue
        later = [p for p in options if p > last]
        if not later:
            return False
        last = min(later)
    return True
