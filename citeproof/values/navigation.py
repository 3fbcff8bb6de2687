"""A report's pointer to its own parts ("Table 1", "Figures 2-4", "see Section 4", "表1", "第4节"):
its number names a part and states no fact (claim_support.json ``navigation_references``).

One list serves both readers, so they never disagree on what a pointer is:
:mod:`citeproof.parse.facts` leaves a pointer out when it asks whether a sentence states a number
at all, and :mod:`citeproof.values.extract` reads a pointer's number as a label, not as a figure
the cited source must carry ("如表1所示，客观缓解率为45%" asks the source for 45%, not for 1).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from citeproof.values.lexicon import data_json

# a part's number: "1", "2a", "S1", "2-4", "1 and 2" (no decimal: "表1.5" is no part)
PART_NUMBER = r"S?\d+[a-z]?(?:\s?(?:[-–]|and|or|to)\s?S?\d+[a-z]?)*(?![\d.,]?\d)"


def _alternation(words: Iterable[str]) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


def _references() -> dict:
    return data_json("claim_support.json")["navigation_references"]


def _zh_label() -> str:
    """A Chinese part label ("表", "附图", "补充表") where it opens a word: after no other Chinese
    character ("代表3例" holds no table), or after a cue that leads to a part ("见表1", "如图2",
    "表1和表2")."""
    doc = _references()
    cues = "".join(rf"|(?<={re.escape(c)})" for c in doc["zh_cues_before"])
    return rf"(?:(?<![\u3400-\u9fff]){cues})(?:{_alternation(doc['zh_before'])})"


@lru_cache(maxsize=1)
def navigation_re() -> re.Pattern[str]:
    """A pointer to the report's own parts, on lower-cased text."""
    doc = _references()
    cue = doc["after_cue"]
    english = (rf"\b(?:(?:{_alternation(doc['always'])})|(?:{_alternation(cue['cues'])})\s(?:{_alternation(cue['words'])}))"
               rf"\s?{PART_NUMBER}")
    around = "|".join(rf"{re.escape(a)}\s?\d+\s?{re.escape(b)}" for a, b in doc["zh_around"])
    return re.compile(rf"{english}|{_zh_label()}\s?{PART_NUMBER}|{around}")


@lru_cache(maxsize=1)
def _zh_label_ending() -> re.Pattern[str]:
    return re.compile(rf"{_zh_label()}\s?$")


@lru_cache(maxsize=1)
def _labels_all_non_ascii() -> bool:
    return not any(label.isascii() for label in _references()["zh_before"])


def zh_part_before(low: str, start: int) -> bool:
    """Whether a Chinese part label ends right before the number at ``start`` ("表1", "表 2",
    "见附图3"): the number names the part. The label's own context is read before the window,
    so "代表3" stays a count."""
    if _labels_all_non_ascii() and low[max(0, start - 8):start].isascii():
        return False  # the label would stand in those characters: ASCII holds none (the search costs ~2 µs)
    return _zh_label_ending().search(low, max(0, start - 8), start) is not None
