"""A figure a source names only as what something is not: "30% rather than 45%", "Instead of the
45% reported earlier, the rate was 30%", "Unlike the 45% seen with chemotherapy, …", "为30%而非45%".

Every word of "The objective response rate was 45%" is in such a line, and 45% is in it too, so
the line carried the claim. A claim's number whose every place in the line stands right after a
contrast word (``contrasted_by`` in ``claim_support.json``), in the same clause, is the line's
foil, not its finding: CP105 leaves the claim to the judge.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from citeproof.values.atoms import ValueAtom
from citeproof.values.compare import relate
from citeproof.values.extract import extract_atoms
from citeproof.values.segment_support import cue_document, words_pattern

_CLAUSE_BREAK = re.compile(r"[,;:，；：。]|(?<!\d)\.(?!\d)")
_REACH = 40  # characters before the number a contrast word governs it from ("instead of the 45% reported")


@lru_cache(maxsize=1)
def _contrast() -> tuple[re.Pattern[str], tuple[str, ...]]:
    words = cue_document()["contrasted_by"]
    return words_pattern(words["en"]), tuple(words["zh"])


def contrasted_figure(atoms: Sequence[ValueAtom], segment: str, claim: str = "") -> tuple[str, str] | None:
    """(the claim number as the segment writes it, the contrast word before it) for the first
    claim number the segment gives only after a contrast word, or None."""
    values = [a for a in atoms if not a.derived]
    if not values:
        return None
    found = extract_atoms(segment, mode="source")
    low = segment.lower()
    latin, chinese = _contrast()
    claim_low = claim.lower()
    for atom in values:
        places = [f for f in found if relate(atom, f) == "supported"]
        words = [_contrast_before(low, f.start, latin, chinese, claim_low) for f in places]
        if places and all(words):
            return segment[places[0].start : places[0].end], str(words[0])
    return None


def _contrast_before(low: str, start: int, latin: re.Pattern[str], chinese: tuple[str, ...], claim_low: str) -> str | None:
    """The contrast word that makes the number at ``start`` a foil, or None: in its clause, within
    ``_REACH`` characters and at most ``_GAP`` words before it ("rather than 45%", "instead of the
    45% reported"), and with no word between them that the claim itself says — "instead of
    intravenous dosing in 40 patients" contrasts the dosing, and a claim about "placebo (12%)"
    is about the foil's own subject."""
    before = low[max(0, start - _REACH) : start]
    breaks = list(_CLAUSE_BREAK.finditer(before))
    clause = before[breaks[-1].end() :] if breaks else before
    found = [(m.end(), m.group(0)) for m in latin.finditer(clause)]
    found += [(clause.rfind(w) + len(w), w) for w in chinese if w in clause]
    if not found:
        return None
    end, word = max(found)
    gap = clause[end:]
    words = _GAP_WORD.findall(gap)
    if len(words) > _GAP or any(w not in _FILLERS and w in claim_low for w in words):
        return None
    return word


_GAP = 3
_GAP_WORD = re.compile(r"[a-z]+|[\u3400-\u9fff]{2,}")
_FILLERS = frozenset({"the", "a", "an", "of", "in", "at", "to", "for", "by", "with", "on", "than"})
