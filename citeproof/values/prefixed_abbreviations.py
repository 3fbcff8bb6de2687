"""Prefixed abbreviations: "mOS", "mPFS", "cORR", "pCR" — a small letter for a word
("median", "confirmed", "pathological"; ``unstated_words.abbreviation_prefixes``) glued to an
abbreviation of ``unstated_words.abbreviations``.

A report writes "The mOS was 16.0 months" where its source writes "median overall survival was
16.0 months" or "中位总生存期": no word of the one is a word of the other, so the checks that
compare words (``citeproof.values.segment_support``) and those that read which number goes with
which measure (``citeproof.values.binding``, ``citeproof.values.substitution``) need the
abbreviation and its spellings read as one term. Kept apart from ``segment_support`` because it
is one self-contained reading of the data, used by three checks.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from citeproof.text.prefilter import may_match
from citeproof.values.atoms import ValueAtom
from citeproof.values.lexicon import data_json
from citeproof.values.lexicon import singular

_JOINS = re.compile(r"[\s-]+")  # what may stand between the words of a prefixed abbreviation spelled out


@lru_cache(maxsize=1)
def _prefixed_abbreviations() -> tuple[re.Pattern[str], dict[str, str], frozenset[str]]:
    """``unstated_words.abbreviation_prefixes`` read with ``abbreviations``: one search for the
    word and the abbreviation or what it stands for ("median OS", "median overall survival"; a
    space or hyphen between words), each found phrase → the prefixed term it writes ("mos"),
    and those terms. "mos" is also a unit word for months, so no content term: it is added as is."""
    doc = data_json("claim_support.json")["unstated_words"]
    phrases: dict[str, str] = {}
    for abbr, expansion in doc["abbreviations"].items():
        # Chinese spells it out in Chinese after its Chinese word (中位总生存期)
        tails = (abbr, expansion, *doc["abbreviations_zh"].get(abbr, ()))
        for letter, words in doc["abbreviation_prefixes"].items():
            for word, tail in ((w, t) for w in words for t in tails if t.isascii() or not w.isascii()):
                phrases[f"{word} {tail}".lower().replace("-", " ")] = singular((letter + abbr).lower())
    # Chinese writes no space after its word (中位OS)
    pattern = re.compile(r"(?<![a-z])(?:" + "|".join(
        re.escape(p).replace(r"\ ", r"[\s-]+" if p.isascii() else r"[\s-]*", 1).replace(r"\ ", r"[\s-]+")
        for p in sorted(phrases, key=len, reverse=True)) + r")(?![a-z])")
    term_of = {_JOINS.sub("", p): term for p, term in phrases.items()}
    return pattern, term_of, frozenset(term_of.values())


def prefixed_spelled(text: str) -> set[str]:
    """The prefixed abbreviations ``text`` spells out ("median PFS" → "mpfs")."""
    pattern, term_of, _ = _prefixed_abbreviations()
    low = text.lower()
    if not may_match(pattern, low):
        return set()
    return {term_of[_JOINS.sub("", m.group(0))] for m in pattern.finditer(low)}


@lru_cache(maxsize=1)
def _prefixed_written_re() -> re.Pattern[str]:
    """A prefixed abbreviation as written ("mPFS", "cORR"): a letter of
    ``abbreviation_prefixes`` glued to an abbreviation of ``abbreviations``, in a word of its own."""
    doc = data_json("claim_support.json")["unstated_words"]
    letters = "".join(sorted(doc["abbreviation_prefixes"]))
    tails = "|".join(re.escape(a) for a in sorted(doc["abbreviations"], key=len, reverse=True))
    return re.compile(rf"(?<![A-Za-z0-9])([{letters}])({tails})(?![A-Za-z0-9])")


_NUMBER_BEFORE = re.compile(r"\d\s*$")


def prefixed_written_terms(text: str) -> set[str]:
    """The prefixed abbreviations ``text`` writes as such ("The mOS was …" → "mos"), as terms:
    "mos" is also a unit word for months, so no content term keeps it, and a claim naming its
    measure only so had no content word to compare (red team rt25a). One right after a number is
    a unit, not a name ("16.0 mos"; "5 mIU/mL")."""
    if not _prefixed_written_re().search(text):
        return set()
    return {singular(m.group(0).lower()) for m in _prefixed_written_re().finditer(text)
            if not _NUMBER_BEFORE.search(text[max(0, m.start() - 3):m.start()])}


def spell_prefixed(text: str, segment: str = "") -> tuple[str, tuple[tuple[int, int], ...]]:
    """``text`` with each prefixed abbreviation spelled out as ``segment`` spells it ("mPFS" →
    "median progression-free survival" where the segment writes that), else as its word and the
    abbreviation ("median PFS"; "中位PFS" in Chinese), and the edits as (where, characters added).
    Checks that read which number goes with which measure (``citeproof.values.binding``,
    ``citeproof.values.substitution``) read the abbreviation as its words: "The mPFS was 16.0
    months" against "Median PFS was 7.2 months and median OS was 16.0 months" says "median PFS"
    with 16.0 — which the source says of "median OS" (red team rt25a)."""
    if not _prefixed_written_re().search(text):
        return text, ()
    prefixes = data_json("claim_support.json")["unstated_words"]["abbreviation_prefixes"]
    pattern, term_of, _ = _prefixed_abbreviations()
    # the segment's own spelling of each term it spells out, first one first; its first letter
    # small, as inside a sentence ("Median PFS" opening one is no name)
    spelled: dict[str, str] = {}
    for m in pattern.finditer(segment.lower()) if segment else ():
        spelled.setdefault(term_of[_JOINS.sub("", m.group(0))], m.group(0)[:1] + segment[m.start() + 1:m.end()])
    out: list[str] = []
    edits: list[tuple[int, int]] = []
    last = 0
    for m in _prefixed_written_re().finditer(text):
        letter, abbr = m.group(1), m.group(2)
        words = prefixes[letter]
        word = next((w for w in words if w.isascii() == text.isascii()), words[0])
        form = spelled.get(singular((letter + abbr).lower())) or (f"{word} {abbr}" if word.isascii() else word + abbr)
        out.append(text[last:m.start()] + form)
        edits.append((m.end(), len(form) - len(m.group(0))))
        last = m.end()
    out.append(text[last:])
    return "".join(out), tuple(edits)


def shifted(atoms: Sequence[ValueAtom], edits: Sequence[tuple[int, int]]) -> list[ValueAtom]:
    """``atoms`` placed in the text ``spell_prefixed`` made: each moved by the characters added before it."""
    def moved(at: int) -> int:
        return at + sum(added for where, added in edits if where <= at)
    return [a.evolve(start=moved(a.start), end=moved(a.end)) for a in atoms]


def written_prefixed(entity: str, terms: frozenset[str]) -> bool:
    """A prefixed abbreviation (mos) the segment spells out (``prefixed_spelled``, in its terms)."""
    return entity in terms and entity in _prefixed_abbreviations()[2]
