"""Routes of administration stay with their doses.

"Drug A 50 mg/m2 *orally* … drug B 1000 mg/m2 twice a day *intravenously*" against
"Drug A 50 mg/m2 intravenously … drug B 1000 mg/m2 twice a day by mouth" keeps every
number, both route words (orally = by mouth) and nearly every content word: only the pairing
of route and dose changed, and it passed. Each route mention is read with the nearest number
before it in its clause (the dose it is given at); a number the claim gives one route and the
source line another route — never the claim's — has had its route swapped.

The words are data (``claim_support.json`` ``routes``).
"""

from __future__ import annotations

import re
from functools import lru_cache

from citeproof.values.segment_support import cue_document

# a number that is not a unit's exponent ("mg/m^2", "mg/m2") nor part of a name ("IL-6", "T4")
_NUMBER = re.compile(r"(?<![\^a-z\d.,])(?<![a-z]-)\d+(?:[.,]\d+)?")
# a sentence ends the reach of a route word; a comma does not ("50 mg intravenously on day 1, then …")
_SENTENCE_END = re.compile(r"[;；。!?！？]|(?<!\d)\.(?!\d)")


@lru_cache(maxsize=1)
def _route_pattern() -> tuple[re.Pattern[str], dict[str, str]]:
    words = cue_document()["routes"]["words"]
    route_of = {w: route for route, forms in words.items() for w in forms}
    # a Latin route word stands alone ("oral" is not in "floral", "i.v." not in "xi.v."); a
    # Chinese one runs on into its number ("口服50 mg")
    alternatives = "|".join(
        rf"(?<![a-z0-9]){re.escape(w)}(?![a-z0-9])" if w.isascii() else re.escape(w)
        for w in sorted(route_of, key=len, reverse=True)
    )
    return re.compile(alternatives), route_of


def routes_by_dose(low: str) -> dict[str, set[str]]:
    """Each number (as written, decimal comma folded) → the routes written after it in its
    clause (the nearest number before the route word), or, when none stands before it there,
    before it ("口服50 mg", "orally at 50 mg")."""
    pattern, route_of = _route_pattern()
    if not pattern.search(low):
        return {}
    breaks = [m.start() for m in _SENTENCE_END.finditer(low)]
    numbers = [(m.start(), m.group(0).replace(",", ".")) for m in _NUMBER.finditer(low)]
    out: dict[str, set[str]] = {}
    for m in pattern.finditer(low):
        same = [(at, n) for at, n in numbers if not any(min(at, m.start()) < b < max(at, m.start()) for b in breaks)]
        before = [n for at, n in same if at < m.start()]
        after = [n for at, n in same if at > m.start()]
        dose = before[-1] if before else after[0] if after else None
        if dose is not None:
            out.setdefault(dose, set()).add(route_of[m.group(0)])
    return out


def swapped_route(claim_low: str, segment_low: str) -> tuple[str, str, str] | None:
    """(number, the claim's route, the source's route) for a dose the claim gives a route the
    source line never gives it, while the line gives it another; None when every shared dose keeps its route."""
    claim = routes_by_dose(claim_low)
    if not claim:
        return None
    source = routes_by_dose(segment_low)
    for number, routes in claim.items():
        theirs = source.get(number)
        if theirs and not routes & theirs:
            return number, sorted(routes)[0], sorted(theirs)[0]
    return None
