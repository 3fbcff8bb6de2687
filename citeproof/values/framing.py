"""Whether a claim frames one of its source's numbers differently: a cadence or a level.

"75 mg/m2 every 3 weeks" and "75 mg/m2 for 3 weeks" share every number and word but
"every"; "share rose to 25%" (a level) and "share rose 25%" / "by 25%" (a change) differ in
one preposition. Both leave the claim to the judge when the same number is framed one way
in the claim and the other way in the segment:

* cadence — the number follows "every"/"each"/每 on one side only;
* level or change — after a verb of change, the number follows "to"/至/达到 (a level) on one
  side and "by"/nothing/了 (a change) on the other;
* where a change starts or ends — the segment gives the number as the level a change starts
  from ("fell from 8.9% to 7.1%", 由8.9%降至7.1%) and the claim as the level it ends at
  ("fell to 8.9%", 降至8.9%), or the other way round;
* a change read as a level — the segment gives the number as a change ("fell by 12 mmHg",
  "a reduction of 1.2%", "decreased by 1.2% … and by 0.4%") and the claim holds it with no
  word of change or direction at all ("was 12 mmHg"): a fall of 12 is not a level of 12.

Numbers are compared as written (digits, with a decimal point); a number framed on neither
side is not this module's concern.
"""

from __future__ import annotations

import re
from functools import lru_cache

from citeproof.values.segment_support import cue_document, polarity

_NUMBER = r"(\d+(?:\.\d+)?)"
_CADENCE = re.compile(rf"(?:\bevery|\beach|每)\s*(?:other\s+)?{_NUMBER}")
_CHANGE_VERB = (r"(?:rose|rise|rises|risen|fell|fall|falls|fallen|increased|increase|increases|decreased|decrease|decreases|"
                r"grew|grow|grows|grown|declined|decline|declines|dropped|drop|climbed|jumped|expanded|shrank|reduced)")


@lru_cache(maxsize=1)
def _level_and_change() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """(level, change) patterns: English "rose to 25%" / "rose (by) 25%", Chinese 降低至30% / 降低(了)30%
    (the Chinese words: ``change_framing`` in claim_support.json)."""
    doc = cue_document()["change_framing"]
    verbs = "|".join(map(re.escape, sorted(doc["zh_verbs"], key=len, reverse=True)))
    links = "|".join(map(re.escape, doc["zh_level_links"]))
    words = "|".join(map(re.escape, doc["zh_level_words"]))
    level = re.compile(rf"\b{_CHANGE_VERB}\s+to\s+[$€£¥]?{_NUMBER}|(?:(?:{verbs})(?:{links})|{words}){_NUMBER}")
    change = re.compile(rf"\b{_CHANGE_VERB}\s+(?:by\s+)?[$€£¥]?{_NUMBER}|(?:{verbs})了?{_NUMBER}")
    return level, change
_CHANGE_NOUN = r"(?:reduction|increase|decrease|change|drop|rise|decline|fall|gain|loss|improvement)"
# a change written otherwise: "a reduction of 12", "a 12 mmHg reduction", and "by 0.4%" in a
# sentence with a verb of change ("decreased by 1.2% … and by 0.4%")
_CHANGE_NOUN_OF = re.compile(rf"\b{_CHANGE_NOUN}s?\s+of\s+[$€£¥]?{_NUMBER}|{_NUMBER}\s*-?\s*(?:[a-z%/]+\s*-?\s*)?{_CHANGE_NOUN}s?\b")
_BY = re.compile(rf"\bby\s+[$€£¥]?{_NUMBER}")
_HAS_CHANGE_VERB = re.compile(rf"\b{_CHANGE_VERB}\b")


def _numbers(pattern: re.Pattern[str], text: str) -> set[str]:
    return {next(g for g in m.groups() if g) for m in pattern.finditer(text)}


def framing_differs(claim_text: str, segment_text: str) -> str | None:
    """Why the claim frames a number of the segment differently (cadence, level or change), or None."""
    claim, segment = claim_text.lower(), segment_text.lower()
    a, b = _numbers(_CADENCE, claim), _numbers(_CADENCE, segment)
    # sorted: the first reframed number, the same one on every run (a reason is part of the report)
    for n in sorted((a ^ b) & set(re.findall(_NUMBER, claim)) & set(re.findall(_NUMBER, segment))):
        side = "the source" if n in b else "the claim"
        return f"{side} gives {n} as a cadence ('every {n} …') and the other does not"
    level, change = _level_and_change()
    level_a, level_b = _numbers(level, claim), _numbers(level, segment)
    change_a, change_b = _numbers(change, claim), _numbers(change, segment)
    for n in sorted((level_a & change_b) | (change_a & level_b)):
        return f"{n} is a level on one side ('to {n}') and a change on the other ('by {n}')"
    start_a, start_b = _start_levels(claim), _start_levels(segment)
    # a number both sides also frame the same way (a second change ending where the first started) is left alone
    for n in sorted(((level_a & start_b) - level_b - start_a) | ((start_a & level_b) - start_b - level_a)):
        side, other = ("the claim", "the source") if n in level_a else ("the source", "the claim")
        return f"{side} gives {n} as the level a change ends at ('to {n}'); {other} as the one it starts from ('from {n}')"
    return _change_read_as_level(claim, segment, change_b)


@lru_cache(maxsize=1)
def _start_pattern() -> re.Pattern[str]:
    """"fell from 8.9% to 7.1%", 由8.9%降至7.1%, 从基线的8.9%降至7.1%: the number a change starts from."""
    words = "|".join(map(re.escape, cue_document()["change_framing"]["zh_start_words"]))
    return re.compile(rf"\bfrom\s+[$€£¥]?{_NUMBER}|(?:{words})[^\d，。；;]{{0,6}}?{_NUMBER}")


def _start_levels(text: str) -> set[str]:
    """The numbers ``text`` gives as where a change starts — only in a text with a verb of change
    ("from 2019 to 2021" dates nothing that changes)."""
    if not (_HAS_CHANGE_VERB.search(text) or any(v in text for v in cue_document()["change_framing"]["zh_verbs"])):
        return set()
    return _numbers(_start_pattern(), text)


def _change_read_as_level(claim: str, segment: str, change_b: set[str]) -> str | None:
    """A number the segment gives as a change that the claim states without any word of change."""
    changes = change_b | _numbers(_CHANGE_NOUN_OF, segment)
    if _HAS_CHANGE_VERB.search(segment):
        changes |= _numbers(_BY, segment)
    shared = changes & set(re.findall(_NUMBER, claim))
    if not shared or _speaks_of_change(claim):
        return None
    n = min(shared)
    return f"the source gives {n} as a change; the claim states it with no word of change (as a level)"


def _speaks_of_change(claim: str) -> bool:
    """Any word of change or direction in the claim: then it does not state a level (which
    number it ties to which change is the other checks' concern)."""
    if _HAS_CHANGE_VERB.search(claim) or re.search(rf"\b{_CHANGE_NOUN}s?\b|\bby\s+[$€£¥]?\d", claim):
        return True
    return bool(polarity(claim)[1]) or any(w in claim for w in (*_CHANGE_WORDS_ZH, *cue_document()["change_framing"]["zh_verbs"]))


_CHANGE_WORDS_ZH = ("变化", "差值", "差异")  # the verbs of change are direction words (polarity)
