"""Whether a claim says more than the segment that carries its words.

"The objective response rate was 45%" citing "The objective response rate may be 45%" shares
every word and number: the claim only drops the source's hedge, and turns an estimate into a
fact. "45% in all patients" citing "45% in the positive subgroup" adds a universal the
source never states, and "45% of patients" citing "45% of PD-L1 positive patients" or
"老年患者" drops the restriction of the population the figure belongs to. Both are stronger than the source, and neither can be passed without a
judge. A claim *weaker* than its source (a hedge added, a universal dropped) says less and
is not held back here.

The cue words (``strength_cues`` in ``citeproof/data/claim_support.json``) are matched as
words in English and as substrings in Chinese.
"""

from __future__ import annotations

import re
from functools import lru_cache

from citeproof.values.segment_support import cue_document


@lru_cache(maxsize=1)
def _cues() -> dict[str, tuple[re.Pattern[str], tuple[str, ...]]]:
    """kind (hedges, universals, restrictions) → (English words as one pattern, Chinese words)."""

    def split(words: list[str]) -> tuple[re.Pattern[str], tuple[str, ...]]:
        latin = sorted((w for w in words if w.isascii()), key=len, reverse=True)
        return re.compile(r"\b(?:" + "|".join(map(re.escape, latin)) + r")\b"), tuple(w for w in words if not w.isascii())

    cues = cue_document()["strength_cues"]
    return {kind: split(cues[kind]) for kind in ("hedges", "universals", "restrictions")}


def _has(text: str, kind: str) -> str | None:
    latin, chinese = _cues()[kind]
    m = latin.search(text)
    if m:
        return m.group(0)
    return next((w for w in chinese if w in text), None)


def stronger_than_source(claim_text: str, segment_text: str) -> str | None:
    """Why the claim is stronger than ``segment_text`` (a dropped hedge, an added universal, a
    dropped restriction), or narrower (an added restriction), or None."""
    claim, segment = claim_text.lower(), segment_text.lower()
    hedge = _has(segment, "hedges")
    if hedge and not _has(claim, "hedges"):
        return f"the source hedges ('{hedge}') what the claim states as fact"
    universal = _has(claim, "universals")
    if universal and not _has(segment, "universals"):
        return f"the claim says '{universal}' where the source does not"
    in_source, in_claim = _has(segment, "restrictions"), _has(claim, "restrictions")
    if in_source and not in_claim:
        return f"the source restricts it ('{in_source}'); the claim does not"
    if in_claim and not in_source:
        # not stronger but another fact: the figure of "serious adverse events" is not that of "adverse events"
        return f"the claim restricts it ('{in_claim}'); the source does not"
    return None
