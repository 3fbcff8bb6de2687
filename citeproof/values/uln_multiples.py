"""A multiple of the upper limit of normal written with the limit first (正常值上限的1.5倍).

English and Chinese mostly write the multiple first ("1.5 × ULN", "1.5倍正常值上限"), which
the ×ULN unit aliases in ``units.json`` read. Chinese also names the limit first and ends the
number with 倍: "不超过正常值上限的1.5倍" says what "≤ 1.5 × ULN" says. Read only so it is a
value in the ULN unit, and the bound before the limit's name ("不超过") bounds it; read as a
bare "1.5倍" it is a fold change, which no cited line can carry. The cues are in
``value_cues.json`` (``uln_before``).
"""

from __future__ import annotations

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
