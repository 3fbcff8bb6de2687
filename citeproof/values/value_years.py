"""A year-shaped number stated as a figure is not backed by the same digits written as a date.

A calendar year is no value atom: a claim's "2023" is only a label whose digits some segment
must write. "The incidence was 2023" then passes on "In 2023, incidence was 10.4" and on a JSON
key ("incidence › 2023: 10.4"): the digits are there, as the date the figure is for. What tells
them apart is where each side writes them. A claim year right after a word that opens a value
slot ('was', 'reached', ':', '为': ``value_years.value_cues`` in ``claim_support.json``) is stated
as a figure, unless the words just before name a time ("The start date was 2019": ``date_words``).
Such a year is carried only by a segment that writes it somewhere other than as a date label:
after 'in', 'since', a month ('label_before'), or before a key's ':' , '年', or '-05'
('label_after'). "In 2023, the incidence was 10.4" states no year as a figure and is not read
here; "Enrollment was 2023 participants" on "2023 participants were enrolled" is kept.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from citeproof.values.lexicon import alternation, bounded_words, data_json

_YEAR = r"(?<![\d.,])(?:19\d{2}|20\d{2}|2100)(?![\d%]|[.,]\d)"


@dataclass(frozen=True, slots=True)
class _Cues:
    slot: re.Pattern[str]  # a year in a claim's value slot, with the words before it
    before: re.Pattern[str]  # a date label's word right before a year
    after: tuple[str, ...]
    dates: re.Pattern[str]


@lru_cache(maxsize=1)
def _cues() -> _Cues:
    doc = data_json("claim_support.json")["value_years"]
    latin = alternation([w for w in doc["value_cues"] if w[0].isalpha()])
    marks = alternation([w for w in doc["value_cues"] if not w[0].isalpha()] + doc["value_cues_zh"])
    labels = doc["label_before"]
    return _Cues(
        slot=re.compile(rf"(?:(?<![a-z])(?:{latin})\s+|(?:{marks})\s*)({_YEAR})"),
        before=re.compile(
            rf"(?:(?<![a-z])(?:{alternation([w for w in labels if w.isascii()])})\.?\s+"
            rf"|(?:{alternation([w for w in labels if not w.isascii()])})\s?)$"
        ),
        after=tuple(doc["label_after"]),
        dates=re.compile(bounded_words(doc["date_words"])),
    )


def value_slot_years(claim_low: str) -> frozenset[str]:
    """The years lower-case claim text states as figures (see the module doc)."""
    out = set()
    for m in _cues().slot.finditer(claim_low):
        # the few words before the slot: "the start date was 2019" states a date
        lead = claim_low[max(0, m.start() - 24) : m.start()]
        if not _cues().dates.search(lead):
            out.add(m.group(1))
    return frozenset(out)


def _date_label(low: str, start: int, end: int) -> bool:
    """Whether the year at ``low[start:end]`` is written as a date label."""
    if _cues().before.search(low, max(0, start - 12), start):
        return True
    after = low[end : end + 3].lstrip()
    # a key's ':' or '›', '年'; a '-' or '/' only before more digits ("2023-05", "2023/24")
    return any(after.startswith(mark) and (mark not in "-/" or after[1:2].isdigit()) for mark in _cues().after)


def written_as_value(year: str, segment_low: str) -> bool:
    """Whether lower-case segment text writes ``year`` somewhere other than as a date label."""
    return any(not _date_label(segment_low, m.start(), m.end()) for m in re.finditer(rf"(?<![\d.,]){year}(?![\d])", segment_low))


def year_as_date_only(claim_years: frozenset[str], segment_low: str) -> str | None:
    """The first year the claim states as a figure that the segment writes only as a date, if any."""
    return next((y for y in sorted(claim_years) if not written_as_value(y, segment_low)), None)
