"""Digits grouped by spaces: "1 500 patients", "35 per 100 000", "less than 100 000/mm3".

Many records write thousands with a space. Read digit by digit, "A total of 1 500 patients"
holds a 1 and a 500, and a claim of "500 patients" found its 500 there — a wrong PASS. But a
space also separates numbers that stand side by side ("Participants 16 380", table cells), so
a space-grouped run is not always one number either. Three readings, by what is certain:

* a thin or no-break space between digit groups (U+2009, U+202F, U+00A0) is a thousands
  separator: ``1 500`` is written ``1,500`` before anything else reads the text;
* so is a plain space in a run right after a cue that states one figure (``grouped_digits_after``
  in ``value_cues.json``: "a total of", "per", "less than" …);
* any other run (``\\d{1,3}( \\d{3})+``) is ambiguous: in a source each number read inside it,
  and the run read as one number, is at most plausible (``ValueAtom.ambiguous_digits``). A claim
  number that is only part of the run is then never supported by it, and the whole value goes to
  the judge.

A claim is the report author's own sentence: a run there (``claim_runs_joined``) is one number
("1 500 employees", "35 000元", a table cell "2 520 000"), since prose puts words or
punctuation between numbers that stand side by side, and a part ("000") is never a value. The
one ambiguous place is right after a label that takes a number ("day 1 500 mg", "Table 2 100
patients", ``label_before`` in ``value_cues.json``): the first group is the label's number
there, so the run is left as written and the label reading (the label's number skipped, the
rest read) applies.
"""

from __future__ import annotations

import re
from functools import lru_cache

from citeproof.values.lexicon import data_json, lexicon, word_end

# a run of digit groups, not glued to a name ("PDR001 100 mg" is no run), possibly ending in a
# decimal ("2 045.7 million", "16 380.5": 2,045.7 or two cells 16 and 380.5?)
_RUN = r"(?<![A-Za-z0-9_.,])\d{{1,3}}(?:{sep}\d{{3}})++(?:\.\d+)?+(?!\d|[.,]\d)"
_SEPARATOR_SPACE = re.compile(_RUN.format(sep="[\u00a0\u2009\u202f]"))
_SPACE_RUN = re.compile(_RUN.format(sep=" "))
# a later group opening with 0 stands alone as no number ("2 045.7", "1 000"): the run is one
_ZERO_GROUP = re.compile(r" 0\d\d")
_HAS_SPACE_RUN = re.compile(r"\d \d{3}")


@lru_cache(maxsize=1)
def _after_cue() -> re.Pattern[str]:
    cues = data_json("value_cues.json")["grouped_digits_after"]["cues"]
    words = "|".join(
        (r"(?<![a-z])" if cue[:1].isalpha() else "") + word_end(cue) for cue in sorted(cues, key=len, reverse=True)
    )
    return re.compile(r"(?:" + words + r") ?(?P<run>" + _RUN.format(sep=" ") + ")", re.IGNORECASE)


def _with_commas(m: re.Match[str], group: int | str = 0) -> str:
    return re.sub(r"[ \u00a0\u2009\u202f]", ",", m.group(group))


def separator_spaces(text: str) -> str:
    """``text`` with thin and no-break spaces between digit groups written as commas (run it
    before the spaces are normalised away)."""
    if text.isascii():
        return text
    return _SEPARATOR_SPACE.sub(_with_commas, text)


def may_group(text: str) -> bool:
    """Can ``text`` hold a space-grouped run of digits? (A fast test for the prepare shortcut.)"""
    return _HAS_SPACE_RUN.search(text) is not None


def grouped_after_cue(text: str) -> str:
    """``text`` with every space-grouped run that follows a one-figure cue, or that has a group
    no number could open ("2 045.7"), written with commas."""
    if not may_group(text):
        return text
    text = _cue_runs_with_commas(text)
    if " 0" in text:
        text = _SPACE_RUN.sub(lambda m: _with_commas(m) if _ZERO_GROUP.search(m.group(0)) else m.group(0), text)
    return text


# every position where a digit, a space and three digits start: a run's first group ends at one
_RUN_HIT = re.compile(r"(?=\d \d{3})")


@lru_cache(maxsize=1)
def _cue_reach() -> int:
    """How far before a ``_RUN_HIT`` a cue-and-run match can start: the longest cue, its optional
    space and the first group's two digits before its last (a cue matches as many characters as it has)."""
    return max(len(cue) for cue in data_json("value_cues.json")["grouped_digits_after"]["cues"]) + 3


def _cue_runs_with_commas(text: str) -> str:
    """``_after_cue().sub`` writing each run after a cue with commas, trying the pattern only
    within reach of a run instead of at every position of the text: the same matches, in the
    same order (a match at a position does not depend on where the scan started; lookbehinds
    see the whole text), since every match starts at most ``_cue_reach()`` before a hit.
    A window's text holds a few runs; the pattern's 30 cues tried everywhere cost ~1 ms."""
    pattern, reach = _after_cue(), _cue_reach()
    out: list[str] = []
    done = 0  # the text before it is copied or replaced
    tried = 0  # every position before it was tried (or lies inside a replaced match)
    for hit in _RUN_HIT.finditer(text):
        at = hit.start()
        for i in range(max(tried, at - reach), at + 1):
            m = pattern.match(text, i)
            if m is not None:
                out += (text[done:m.start()], m.group(0)[: m.start("run") - m.start()], _with_commas(m, "run"))
                done = tried = m.end()
                break
        else:
            tried = max(tried, at + 1)
    if not out:
        return text
    out.append(text[done:])
    return "".join(out)


def ambiguous_runs(text: str) -> list[tuple[int, int, float]]:
    """The space-grouped runs left in prepared ``text``: (start, end, the run read as one number)."""
    if not may_group(text):
        return []
    return [(m.start(), m.end(), float(m.group(0).replace(" ", ""))) for m in _SPACE_RUN.finditer(text)]


# how far back a label word is looked for ("dose level 2 100 mg"): the longest label and its colon
_LABEL_REACH = 24


def claim_runs_joined(text: str) -> str:
    """Prepared claim ``text`` with every space-grouped run written with commas, except a run
    right after a label word (its first group is the label's number)."""
    if not may_group(text):
        return text
    label = lexicon().label_before_re

    def joined(m: re.Match[str]) -> str:
        if label.search(text[max(0, m.start() - _LABEL_REACH):m.start()].lower()):
            return m.group(0)
        return _with_commas(m)

    return _SPACE_RUN.sub(joined, text)
