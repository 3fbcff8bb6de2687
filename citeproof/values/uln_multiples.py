"""A multiple of the upper limit of normal written with the limit first (正常值上限的1.5倍).

English and Chinese mostly write the multiple first ("1.5 × ULN", "1.5倍正常值上限"), which
the ×ULN unit aliases in ``units.json`` read. Chinese also names the limit first and ends the
number with 倍: "不超过正常值上限的1.5倍" says what "≤ 1.5 × ULN" says. Read only so it is a
value in the ULN unit, and the bound before the limit's name ("不超过") bounds it; read as a
bare "1.5倍" it is a fold change, which no cited line can carry. The cues are in
``value_cues.json`` (``uln_before``).

A multiple coordinated with a ULN multiple leaves the limit unsaid: "no more than 2.5-fold the
ULN, or 5-fold with liver metastases", "≤3 × ULN (≤5-fold if liver metastases)". The second
multiple is 5 × ULN as the first is 2.5 × ULN; read as a bare "5-fold" it is a fold change and
fails a true eligibility criterion. Read so only right after a ULN value, the joint between them
a coordinator and the multiple followed by a condition or the clause's end
(``value_cues.json`` ``uln_elided``): "5-fold higher" after a ULN value stays a fold change.
"""

from __future__ import annotations

import re
from functools import lru_cache

from citeproof.values.lexicon import data_json

_MULTIPLE_MARK = "倍"


@lru_cache(maxsize=1)
def _cues() -> tuple[str, ...]:
    doc = data_json("value_cues.json")
    return tuple(sorted((c.lower() for c in doc["uln_before"]["cues"]), key=len, reverse=True))


def uln_named_before(low: str, start: int, end: int) -> tuple[int, int] | None:
    """(where the limit's name starts, where 倍 ends) when the number at ``start:end`` of the
    lower-cased ``low`` is a multiple of the upper limit of normal named before it; else None."""
    after = end + (low[end:end + 1] == " ")
    if not low.startswith(_MULTIPLE_MARK, after):
        return None
    window = max(0, start - 12)
    before = low[window:start].rstrip()
    cue = next((c for c in _cues() if before.endswith(c)), None)
    if cue is None:
        return None
    return window + len(before) - len(cue), after + len(_MULTIPLE_MARK)


@lru_cache(maxsize=1)
def _elision() -> tuple[re.Pattern[str], frozenset[str], re.Pattern[str]]:
    """(the multiple's mark right after the number, the joints, what may follow the mark)."""
    doc = data_json("value_cues.json")["uln_elided"]
    by_length = lambda words: sorted((w.lower() for w in words), key=len, reverse=True)  # noqa: E731
    marks = "|".join(re.escape(m) + ("(?![a-z])" if m[-1].isalpha() else "") for m in by_length(doc["marks"]))
    after = "|".join(re.escape(w) + ("(?![a-z])" if w[-1].isascii() else "") for w in by_length(doc["followed_by"]))
    return (re.compile(rf"\s?(?:{marks})"), frozenset(j.replace(" ", "") for j in doc["joints"]),
            re.compile(rf"\s*(?:$|[,.;:()（）\[，。；：]|(?:{after}))"))


def uln_elided(low: str, joint_start: int, end: int, previous_end: int) -> int | None:
    """Where the multiple's mark ends when the number ending at ``end`` of the lower-cased
    ``low`` is a multiple of the upper limit of normal left unsaid after a ULN value ending at
    ``previous_end``; ``joint_start`` is where the number's own bound (if any) starts. Else None."""
    mark, joints, after = _elision()
    if previous_end > joint_start or low[previous_end:joint_start].replace(" ", "") not in joints:
        return None
    m = mark.match(low, end)
    if m is None or not after.match(low, m.end()):
        return None
    return m.end()
