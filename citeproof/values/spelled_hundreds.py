"""Numbers spelled with "hundred", written in digits before atoms are read.

A sentence may not open with digits, so a careful writer spells its number out: "One hundred
and twenty patients were enrolled." Read word by word that is 1 and 20 — a correct claim
failing against its source's 120 — while "Three hundred" against "four hundred" would fail
only by accident. Rewritten ("120 patients were enrolled"), it is the one atom it states.

Read: ``[a | 1–99 in words] hundred [[and] 1–99 in words]`` (one hundred, a hundred,
three hundred and five, twenty-one hundred). A following scale word stays with the digits
("one hundred thousand" → "100 thousand", which the scale-word reading multiplies).
"hundreds of patients" states no number and "one hundredth" is a fraction: both are left alone. The words come from
``citeproof/data/number_words.json``.
"""

from __future__ import annotations

import re
from functools import lru_cache

from citeproof.values.lexicon import lexicon


@lru_cache(maxsize=1)
def _pattern() -> tuple[re.Pattern[str], dict[str, int]]:
    words = {w: v for w, v in lexicon().number_words.items() if v > 0}
    units = "|".join(sorted((w for w, v in words.items() if v < 20), key=len, reverse=True))
    tens = "|".join(sorted((w for w, v in words.items() if v >= 20), key=len, reverse=True))
    small = rf"(?:(?:{tens})(?:[- ](?:{units}))?|(?:{units}))"
    pattern = re.compile(
        rf"(?<![\w-])(?P<head>a|{small})\s+hundred(?:\s+(?:and\s+)?(?P<rest>{small}))?(?!\w)", re.IGNORECASE
    )
    return pattern, words


def hundreds_cue(low: str) -> bool:
    """Can lower-cased ``low`` hold a number spelled with "hundred"? (False: nothing to rewrite)"""
    return "hundred" in low


def numeric_hundreds(text: str, low: str | None = None) -> str:
    """``text`` with every number spelled with "hundred" written in digits (``low``: the text
    lower-cased, when the caller has it). Returns ``text`` itself when nothing is spelled so."""
    if not hundreds_cue(text.lower() if low is None else low):
        return text
    pattern, words = _pattern()

    def value(phrase: str) -> int:
        return sum(words[w] for w in re.split(r"[- ]", phrase.lower()) if w)

    def digits(m: re.Match[str]) -> str:
        head = m.group("head")
        n = 100 * (1 if head.lower() == "a" else value(head))
        return str(n + (value(m.group("rest")) if m.group("rest") else 0))

    return pattern.sub(digits, text)
