"""Numbered labels a pass needs written in the carrying segment: grade 4, stage 3A, phase 2,
dose level 2, cycle 15.

A label's digits are no evidence on their own: "grade 4 neutropenia in 24%" finds its 4 in
"4 (8%) patients in Arm B", "phase 2" finds its 2 in "25 mg BID", "cycle 15" its 15 in "day 15".
The claim's label must be in the segment as the same word with the same number, or with a
list or range that holds it ("grades 3-4", "stage 2 or 3", "phases 1 through 3"). Roman
numerals after grading words are digits by then (``citeproof.values.roman_grades``), so
"stage III" meets "stage 3". A claim number without a substage letter is met by one with it
("stage 3" by "stage 3A"); one with a letter needs it ("stage 3A" is not "stage 3B").

The words (``written_labels`` in ``citeproof/data/claim_support.json``) leave out what other
checks read: arms, cohorts, groups and parts are names the binding check requires
(``citeproof.values.binding``), and days, weeks and months are time points compared by length.
"""

from __future__ import annotations

import re
from functools import lru_cache

from citeproof.values.lexicon import data_json

_MEMBER = r"\d{1,3}[a-c]?"
_SEP = r"\s?(?:,\s?(?:and\s|or\s)?|and\s|or\s|&\s?|/|-|–|to\s|through\s)\s?"


@lru_cache(maxsize=1)
def _label_re() -> re.Pattern[str]:
    words = sorted(data_json("claim_support.json")["written_labels"]["en"], key=len, reverse=True)
    alternation = "|".join(re.escape(w) for w in words)
    return re.compile(
        # "grade ≥3", "grade >= 3": a bound on the label is the label's business, its number the same
        rf"(?<![a-z])({alternation})(?:s|es)?\s?(?:#|[≥≤<>]=?)?\s?({_MEMBER}(?:{_SEP}{_MEMBER})*)(?![a-z0-9%]|\.\d)"
    )


def _members(run: str) -> set[str]:
    """The numbers a run names, ranges spelled out ("3-5" → 3, 4, 5; "2 through 4")."""
    out: set[str] = set()
    parts = re.split(rf"({_SEP})", run)
    numbers, seps = parts[0::2], parts[1::2]
    for i, n in enumerate(numbers):
        out.add(n.strip())
        if i and re.fullmatch(r"\s?(?:-|–|to\s|through\s)\s?", seps[i - 1]):
            lo, hi = re.match(r"\d+", numbers[i - 1]).group(0), re.match(r"\d+", n).group(0)  # type: ignore[union-attr]
            if int(lo) < int(hi) <= int(lo) + 20:
                out.update(str(k) for k in range(int(lo), int(hi) + 1))
    return out


def labels_of(low: str) -> tuple[tuple[str, str], ...]:
    """(label word, number) for every numbered label of lower-cased, prepared ``low``."""
    return tuple(
        (_key(m.group(1)), n) for m in _label_re().finditer(low) for n in sorted(_members(m.group(2)))
    )


def _key(word: str) -> str:
    return word.split()[-1]  # "dose level 2" is "level 2"


def unwritten_label(labels: tuple[tuple[str, str], ...], segment_low: str) -> str | None:
    """The first of the claim's ``labels`` the segment does not write, as "word number", or None."""
    if not labels:
        return None
    held: dict[str, set[str]] = {}
    for m in _label_re().finditer(segment_low):
        held.setdefault(_key(m.group(1)), set()).update(_members(m.group(2)))
    for word, number in labels:
        have = held.get(word, set())
        if number in have or (number.isdigit() and any(h.rstrip("abc") == number for h in have)):
            continue
        return f"{word} {number}"
    return None
