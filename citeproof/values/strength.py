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

import json
import re
from functools import lru_cache
from pathlib import Path


@lru_cache(maxsize=1)
def _cues() -> tuple[re.Pattern[str], tuple[str, ...], re.Pattern[str], tuple[str, ...], re.Pattern[str], tuple[str, ...]]:
    doc = json.loads((Path(__file__).resolve().parent.parent / "data" / "claim_support.json").read_text("utf-8"))
    cues = doc["strength_cues"]

    def split(words: list[str]) -> tuple[re.Pattern[str], tuple[str, ...]]:
        latin = sorted((w for w in words if w.isascii()), key=len, reverse=True)
        return re.compile(r"\b(?:" + "|".join(map(re.escape, latin)) + r")\b"), tuple(w for w in words if not w.isascii())

    hedges, hedges_zh = split(cues["hedges"])
    universals, universals_zh = split(cues["universals"])
    restrictions, restrictions_zh = split(cues["restrictions"])
    return hedges, hedges_zh, universals, universals_zh, restrictions, restrictions_zh


def _has(text: str, latin: re.Pattern[str], chinese: tuple[str, ...]) -> str | None:
    m = latin.search(text)
    if m:
        return m.group(0)
    return next((w for w in chinese if w in text), None)


def stronger_than_source(claim_text: str, segment_text: str) -> str | None:
    """Why the claim is stronger than ``segment_text`` (a dropped hedge, an added universal, a
    dropped restriction of the population), or None."""
    hedges, hedges_zh, universals, universals_zh, restrictions, restrictions_zh = _cues()
    claim, segment = claim_text.lower(), segment_text.lower()
    hedge = _has(segment, hedges, hedges_zh)
    if hedge and not _has(claim, hedges, hedges_zh):
        return f"the source hedges ('{hedge}') what the claim states as fact"
    universal = _has(claim, universals, universals_zh)
    if universal and not _has(segment, universals, universals_zh):
        return f"the claim says '{universal}' where the source does not"
    restriction = _has(segment, restrictions, restrictions_zh)
    if restriction and not _has(claim, restrictions, restrictions_zh):
        return f"the source restricts it ('{restriction}'); the claim does not"
    narrower = _has(claim, restrictions, restrictions_zh)
    if narrower and not _has(segment, restrictions, restrictions_zh):
        # not stronger but another fact: the figure of "serious adverse events" is not that of "adverse events"
        return f"the claim restricts it ('{narrower}'); the source does not"
    return None
