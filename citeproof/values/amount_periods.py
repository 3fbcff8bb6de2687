"""An amount over a period: "<1 g of protein in 24 hours" is the rate "< 1 g per 24 hours".

Eligibility criteria write a daily limit two ways: "urine protein < 1 g/24 h" and "must
demonstrate < 1 g of protein in 24 hours". The first reads as a rate (1 g/day); the second as
1 g and, apart, 24 hours, so a claim restating it as "under 1 g per 24 hours" found no rate and
failed. On the source side an amount (a mass, volume or unit count; ``of`` and a few words may
name what is measured) followed by "in" and a period one rate names ("in 24 hours", "in a
day") is read both ways: the amount and the period stay atoms of their own, and the index adds
the rate (``assess._secondary``). That reading is at most plausible: "2 g in a day" may be one
day's total, not a daily dose, which the judge tells apart. The period phrases are in
``value_cues.json`` (``amount_in_period``), each under the rate (``units.json`` ``per_time``) it is.
"""

from __future__ import annotations

import re
from functools import lru_cache

from citeproof.values.lexicon import data_json

# what an amount measured over a period is in: not a count, a share or a duration
AMOUNT_DIMS = frozenset({"mass", "volume", "international_unit", "enzyme_unit"})


@lru_cache(maxsize=1)
def _periods() -> tuple[re.Pattern[str], dict[str, tuple[str, float]]]:
    """(an optional "of <what>" then "in <period>", each period phrase → (rate, its hours))."""
    doc = data_json("value_cues.json")["amount_in_period"]
    per_time = data_json("units.json")["per_time"]
    rate_of = {phrase.lower(): (rate, float(per_time[rate]["factor"]))
               for rate, phrases in doc["periods"].items() if not rate.startswith("_") for phrase in phrases}
    alternation = "|".join(re.escape(p) for p in sorted(rate_of, key=len, reverse=True))
    words = int(doc["of_words"])
    pattern = re.compile(rf"(?:\s?of(?:\s[a-z][a-z-]*){{1,{words}}})?\s(?:in)\s(?P<period>{alternation})(?![a-z0-9])")
    return pattern, rate_of


def period_after(low: str, pos: int) -> tuple[str, float] | None:
    """(the rate, its hours) when the amount ending at ``pos`` of the lower-cased ``low`` is
    measured over a period written right after it ("1 g of protein in 24 hours"); else None."""
    pattern, rate_of = _periods()
    m = pattern.match(low, pos)
    return rate_of[m.group("period")] if m else None
