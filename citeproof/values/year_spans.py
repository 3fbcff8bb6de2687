"""Whether a claim states one end of the source's span of years as its whole period.

Calendar years are labels, never value atoms (``citeproof.values.extract``): "Enrollment ran
in 2018 in 12 centres" finds its 12 in "Enrollment ran from 2015 to 2018 in 12 centres", and
no number check reads that the claim's period is one year where the source's is four. A claim
year that the carrying line writes only as an end of a span ("2015 to 2018", "2015–2018",
"2019—2023年", "2019年至2023年", "between 2015 and 2018", "2019-23"), while the claim writes it
outside any span, is left to the judge: "Enrollment ended in 2018" is true, "ran in 2018" is
not, and only the words tell. The words and marks that join a span are ``year_spans`` in
``citeproof/data/claim_support.json``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from citeproof.values.atoms import ValueAtom
from citeproof.values.extract import extract_atoms, prepare
from citeproof.values.segment_support import cue_document

# a calendar year not inside a longer number, a decimal or a date written with dashes ("2012-04-30")
_YEAR = r"(?<![\d.,])(?:19|20)\d{2}(?!\d|[.,]\d)"
_YEAR_RE = re.compile(_YEAR)
_NOT_A_DATE = r"(?!\d|\s?[-/.]\s?\d)"


@lru_cache(maxsize=1)
def _span_re() -> re.Pattern[str]:
    doc = cue_document()["year_spans"]
    dashes = "".join(re.escape(d) for d in doc["dashes"])
    links = "|".join(re.escape(w) for w in sorted(doc["links"], key=len, reverse=True))
    pairs = "|".join(rf"{re.escape(a)}\s+(?P<p{i}a>{_YEAR})\s+{re.escape(b)}\s+(?P<p{i}b>{_YEAR})"
                     for i, (a, b) in enumerate(doc["pairs"]))
    return re.compile(
        rf"{pairs}"
        rf"|(?P<la>{_YEAR})年?\s?(?:[{dashes}]|(?<![a-z])(?:{links})(?![a-z]))\s?(?P<lb>{_YEAR}){_NOT_A_DATE}"
        # "2019-23": the second year's last two digits, later in the same century
        rf"|(?P<sa>{_YEAR})\s?[{dashes}]\s?(?P<sb>\d{{2}}){_NOT_A_DATE}"
    )


def _spans(low: str) -> list[tuple[int, int, int, int]]:
    """(start, end, first year, last year) of each span of years in ``low``."""
    out = []
    for m in _span_re().finditer(low):
        first, last = [int(v) for k, v in m.groupdict().items() if v is not None]
        if m.group("sb") is not None:
            if not first % 100 < last:
                continue  # "2012-04": a month, not a span
            last += first - first % 100
        if first < last:
            out.append((m.start(), m.end(), first, last))
    return out


def _years_alone(low: str, spans: Sequence[tuple[int, int, int, int]], atoms: Sequence[ValueAtom]) -> list[tuple[int, str]]:
    """The years ``low`` writes outside every span of years and every value atom ("2000 mg")."""
    taken = [(s, e) for s, e, _, _ in spans] + [(a.start, a.end) for a in atoms]
    return [(int(m.group(0)), m.group(0)) for m in _YEAR_RE.finditer(low)
            if not any(s <= m.start() < e for s, e in taken)]


def span_end_alone(claim_text: str, segment_text: str) -> str | None:
    """Why the claim's year is not the segment's period: the segment writes it only as an end of
    a span, and the claim writes it alone (a year that is a number of something, "2000 mg", is
    no year)."""
    claim_low = prepare(claim_text).lower()
    if not _YEAR_RE.search(claim_low):
        return None
    segment_low = prepare(segment_text, keep_newlines=True).lower()
    seg_spans = _spans(segment_low)
    if not seg_spans:
        return None
    claim_spans = _spans(claim_low)
    spanned = {y for _, _, a, b in claim_spans for y in (a, b)}
    alone_in_segment = {y for y, _ in _years_alone(segment_low, seg_spans, extract_atoms(segment_text, mode="source"))}
    for year, written in _years_alone(claim_low, claim_spans, extract_atoms(claim_text, mode="claim")):
        if year in spanned or year in alone_in_segment:
            continue
        span = next((segment_low[s:e] for s, e, a, b in seg_spans if year in (a, b)), None)
        if span is not None:
            return (f"the claim states {written} alone where the source gives the span '{span}': "
                    "one end of a period is not the period")
    return None
