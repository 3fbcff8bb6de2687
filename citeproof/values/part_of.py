"""A figure of a part given to the whole it is part of, or the whole's given to the part.

"2023年公司营收为80亿元，其中创新药收入为30亿元，同比增长50%" states the growth of the part (创新药收入):
其中 ("of which") opens a part of the whole just stated, and what follows it in the sentence is
the part's. "2023年公司营收为80亿元，同比增长50%" keeps every number and every word of the whole and
gives it the part's growth; the words of the part are what it leaves out. The reverse move —
the whole's figure stated with the part's words — is the same mistake the other way round.

The markers are ``part_of_markers`` in ``citeproof/data/claim_support.json`` (其中; of which, of
whom). A claim number whose every equal number in the segment stands after a marker must be
said with a word of that part's clause (its content terms less those of the text before the
marker); one whose every equal number stands before the first marker must not be said, in its
own clause, with a word only a part's clause has. Either finding leaves the claim to the judge:
a restatement may name the part in words of its own.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from citeproof.values.atoms import ValueAtom
from citeproof.values.extract import extract_atoms, prepare
from citeproof.values.pairing import same_number
from citeproof.values.segment_support import content_terms, cue_document

_CLAUSE_END = re.compile(r"[，；。,;]|$")
_DIGITS = re.compile(r"\d+(?:[.,]\d+)*")


@lru_cache(maxsize=1)
def _markers() -> re.Pattern[str]:
    doc = cue_document()["part_of_markers"]
    english = [r"(?<![a-z])" + re.escape(w) + r"(?![a-z])" for w in doc["en"]]
    return re.compile("|".join([*english, *(re.escape(w) for w in doc["zh"])]))


def part_differs(claim_text: str, atoms: Sequence[ValueAtom], segment_text: str) -> str | None:
    """Why the claim moves a number between a whole and a part the segment opens with a
    part-of marker (see the module doc), or None."""
    values = [a for a in atoms if not a.derived]
    if not values:
        return None
    low = prepare(segment_text).lower()
    marks = [m for m in _markers().finditer(low)]
    if not marks:
        return None
    found = extract_atoms(segment_text, mode="source")
    whole = content_terms(low[: marks[0].start()])
    parts = [_part_words(low, m.end(), whole) for m in marks]
    claim_low = prepare(claim_text).lower()
    said = content_terms(claim_low)
    for cv in values:
        where = [_part_of(sv.start, marks) for sv in found if same_number(cv, sv)]
        if not where:
            continue
        if None not in where:
            k = where[0]
            part_text, words = parts[k]
            held = _antecedent_words(low, marks[k].start())
            if (words and not said & words) or (held and not said & held):
                return (f"the source states {cv.raw} after '{marks[k].group(0)}', of a part ('{part_text}'); "
                        "the claim states it without that part's words, as the whole's")
        elif set(where) == {None}:
            taken = _clause_terms(claim_low, cv) & set().union(*(w for _, w in parts))
            if taken:
                part = next(text for text, words in parts if taken & words)
                return (f"the source states {cv.raw} of the whole, before '{marks[0].group(0)}'; the claim says it "
                        f"with the words of a part ('{part}')")
    return None


def _part_of(at: int, marks: list[re.Match[str]]) -> int | None:
    """The part a position of the segment belongs to: the last marker before it, or None."""
    k = None
    for i, m in enumerate(marks):
        if m.start() <= at:
            k = i
    return k


def _part_words(low: str, start: int, whole: set[str]) -> tuple[str, frozenset[str]]:
    """The part's clause (from its marker to the clause's end) and its own words: those the text
    before the first marker does not write, numbers aside."""
    end = _CLAUSE_END.search(low, start)
    text = low[start : end.start() if end else len(low)].strip()
    return text, frozenset(content_terms(_DIGITS.sub(" ", text)) - whole)


def _antecedent_words(low: str, at: int) -> frozenset[str]:
    """The words of the clause the marker at ``at`` takes a part of ("120 were women, of whom 40
    …": 'women'), less those the text before that clause writes: a claim that drops them states
    the part's number of the whole before it."""
    starts = [m.end() for m in _CLAUSE_END.finditer(low, 0, at) if m.end() < at and m.group(0)]
    begin = starts[-2] if len(starts) >= 2 and not low[starts[-1]:at].strip() else max(starts, default=0)
    return frozenset(content_terms(_DIGITS.sub(" ", low[begin:at])) - content_terms(low[:begin]))


def _clause_terms(low: str, atom: ValueAtom) -> set[str]:
    """The content terms of the claim clause the atom stands in."""
    starts = [m.end() for m in _CLAUSE_END.finditer(low, 0, atom.start) if m.group(0)]
    begin = max(starts, default=0)
    end = _CLAUSE_END.search(low, atom.end)
    return content_terms(low[begin : end.start() if end else len(low)])
