"""Whether a report's lead-in denies the items it introduces.

"The following did not happen:" over "- Serious adverse events were observed in Arm B
[nct:X#Results]" says the item did not happen; the item alone, word for word the source's,
would pass. A lead-in denies its items when

* its clause that names the list ("following", "below", 以下: ``list_words`` in
  ``citeproof/data/retractions.json``) is negated, as CP105 reads negation
  (:func:`citeproof.values.segment_support.polarity`): "None of the following occurred:",
  "The following were not observed:", "未发生以下情况：";
* or it calls its items untrue: a word of the 'denied' frame of ``agreement_words`` in
  ``claim_support.json`` ("Myths:", "The following claims are false:", "以下说法不实：").

A lead-in that restricts its list by a negation ("Patients who did not respond had the
following:") reads the same way and holds its items back too: the judge tells them apart.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from citeproof.values.lexicon import data_json
from citeproof.values.segment_support import cue_document, polarity, words_pattern

_CLAUSE_BREAK = re.compile(r"[,;，；]")




@lru_cache(maxsize=1)
def _list_words() -> re.Pattern[str]:
    return words_pattern([w.lower() for w in data_json("retractions.json")["lead_ins"]["list_words"]])


@lru_cache(maxsize=1)
def _denied_words() -> re.Pattern[str]:
    return words_pattern([w.lower() for w in cue_document()["agreement_words"]["both_ways"]["frame"]["denied"]])


def denying_lead_in(lead_in: Sequence[str]) -> str | None:
    """The first lead-in of ``lead_in`` (outermost first) that denies the items under it, or None.
    Any level denies: "The following did not happen:" over "- In Arm B:" covers the items below both."""
    return next((text for text in lead_in if denies(text)), None)


def denies(text: str) -> bool:
    """Whether one lead-in denies the items under it (the two ways of the module doc)."""
    low = text.lower()
    if _denied_words().search(low):
        return True
    return any(
        _list_words().search(clause) is not None and polarity(clause)[0]
        for clause in _CLAUSE_BREAK.split(low.rstrip(":： "))
    )
