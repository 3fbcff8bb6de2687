"""Two terms of one kind stated as a pair: a claim naming one side is narrower than its source.

"In BRCA1/BRCA2 carriers, X achieved a response rate of 60%" gives the 60% to carriers of
either variant: "In BRCA1 carriers, X achieved 60%" holds every word and number of the line,
yet states the figure for a narrower group (rt33 c5). The two sides are terms of one kind that
differ by a number only ("BRCA1"/"BRCA2", "CYP2C9"/"CYP2C19", "1L"/"2L", "IL-6"/"IL-8", "type
1"/"type 2"), joined by a slash, "or", "and/or" or "and" (``paired_names`` in
``claim_support.json``); the second may be written shortened after a slash ("BRCA1/2", "type
1/2"). A claim with a figure that names one side and not the other — in full, or shortened
after the first ("BRCA1/2", "BRCA1 or 2") — goes to the judge; it is never failed here. The pair
qualifies the figures of its own stretch of the sentence only (the regimen checks' stretches,
``citeproof.values.regimen_form``), and the claim must name the side in that figure's stretch:
"BRCA1 … in 14% and BRCA2 … in 9% (BRCA1/BRCA2 combined 23%)" gives the 14% to BRCA1 alone, and
"Of the 412 participants with the disease, 318 had type 2 disease" names no side for the 412
(rt35 p1, p2).

A list of three or more like terms ("BRCA1, BRCA2 and PALB2", "BRCA1、BRCA2、PALB2": each a letter
and a digit, all of one shape) owns its figure the same way: a claim naming some members and not
all goes to the judge (rt37). A list whose figures run in turn beside it ("CD4, CD8 and CD19 fell
by 40%, 30% and 20%") gives each member its own, with or without "respectively"; words ("rash,
diarrhoea and fatigue") are no members: an enumeration gives each its figure where it writes one.

What is no pair: terms differing by more than a number ("HER2/neu", "PD-L1/TC3", "mg/kg",
"mL/min"), numbers alone (a date "3/4"), a sentence pairing names with figures in order
("respectively"), and grades ("grade 3/4", "stage III/IV"), which the numbers themselves read
as alternatives (``citeproof.values.extract``). A claim naming neither side ("X achieved 60%")
drops the qualifier altogether: the restriction and agreement checks read that, as they do a
dropped "In BRCA1 carriers".
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache

from citeproof.values.lexicon import alternation, lexicon
from citeproof.values.regimen_form import _NUMBER, _SENTENCE_BREAK, _first_break, _owners
from citeproof.values.segment_support import cue_document

# a term glued to the join: letters, digits and inner hyphens ("IL-6", "CYP2C19", "1L")
_TERM = r"[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*"
_DIGITS = re.compile(r"(\d+)")


@dataclass(frozen=True, slots=True)
class _Pairs:
    terms: re.Pattern[str]  # two glued terms and their join, the second in a lookahead
    words: re.Pattern[str]  # a word and a number, joined to the same word and another number
    short: re.Pattern[str]  # a word and a number, the second number shortened after it
    not_words: frozenset[str]
    respective: re.Pattern[str]
    lists: re.Pattern[str]  # three or more glued terms, each parted from the next by list_parts
    list_parts: re.Pattern[str]


@lru_cache(maxsize=1)
def _pairs() -> _Pairs:
    doc = cue_document()["paired_names"]
    latin = [j for j in doc["joins"] if j.isalpha() or "/" in j and len(j) > 1]
    marks = [j for j in (*doc["joins"], *doc["joins_zh"]) if j not in latin]
    joins = rf"(?:\s?(?:{alternation(marks)})\s?|\s(?:{alternation(latin)})\s)"
    short = rf"\s?(?:{alternation(doc['short_joins'])})\s?"
    number = r"\d{1,2}[A-Za-z]?"
    list_latin = rf"(?:{alternation(doc['list_joins'])})"
    list_parts = (rf"(?:\s?(?:{alternation(doc['list_marks'])})\s?(?:{list_latin}\s)?|\s{list_latin}\s"
                  rf"|\s?(?:{alternation(doc['list_joins_zh'])})\s?)")
    return _Pairs(
        terms=re.compile(rf"(?<![A-Za-z0-9_])(?P<a>{_TERM})(?=(?P<join>{joins})(?P<b>{_TERM}))", re.IGNORECASE),
        words=re.compile(
            rf"(?<![A-Za-z])(?P<word>[A-Za-z]{{2,}})\s(?P<n>{number})(?P<join>{joins})(?P=word)\s(?P<m>{number})(?![A-Za-z0-9])",
            re.IGNORECASE),
        short=re.compile(rf"(?<![A-Za-z])(?P<word>[A-Za-z]{{2,}})\s(?P<n>\d{{1,2}}){short}(?P<m>\d{{1,2}})(?![\d/.,%])"),
        not_words=frozenset(doc["not_words"]) | frozenset(lexicon().roman_grades),
        respective=re.compile(alternation(cue_document()["regimen_forms"]["respective"]), re.IGNORECASE),
        lists=re.compile(rf"(?<![A-Za-z0-9_]){_TERM}(?:{list_parts}{_TERM}){{2,}}(?![A-Za-z0-9])", re.IGNORECASE),
        list_parts=re.compile(list_parts, re.IGNORECASE),
    )


def _differ_by_a_number(a: str, b: str) -> bool:
    """Are ``a`` and ``b`` one term but for one number ("BRCA1"/"BRCA2", "CYP2C9"/"CYP2C19")?
    Both must hold a letter: numbers alone are no term."""
    pa, pb = _DIGITS.split(a.lower()), _DIGITS.split(b.lower())
    if len(pa) != len(pb) or len(pa) < 2 or not any(c.isalpha() for c in a):
        return False
    texts_equal = all(x == y for x, y in zip(pa[0::2], pb[0::2]))
    return texts_equal and sum(x != y for x, y in zip(pa[1::2], pb[1::2])) == 1


def _sides(a: str, b: str) -> tuple[str, str] | None:
    """The two sides of the glued terms ``a`` and ``b`` as one pair, or None. Each side keeps as
    many hyphened pieces as the shorter term ("anti-CD4/CD8": "CD4"/"CD8"; "BRCA2-mutated":
    "BRCA2"); a second side of digits alone is the first's shortened ("BRCA1/2")."""
    if b.isdigit():
        # the first side's last hyphened piece, with the number before it if that is all digits ("IL-6/8")
        pieces = a.split("-")
        side = "-".join(pieces[-2:] if len(pieces) > 1 and pieces[-1].isdigit() else pieces[-1:])
        m = re.fullmatch(r"(.*[A-Za-z].*?)(\d+)", side)
        return (side, m.group(1) + b) if m is not None and len(b) <= 2 and m.group(2) != b else None
    pieces_a, pieces_b = a.split("-"), b.split("-")
    k = min(len(pieces_a), len(pieces_b))
    side_a, side_b = "-".join(pieces_a[-k:]), "-".join(pieces_b[:k])
    return (side_a, side_b) if _differ_by_a_number(side_a, side_b) else None


def _pairs_in(segment: str) -> Iterator[tuple[str, str, str, tuple[int, int]]]:
    """(first side, second side, the pair as written, where) for each pair the segment states."""
    pairs = _pairs()
    for m in pairs.terms.finditer(segment):
        if (sides := _sides(m.group("a"), m.group("b"))) is not None:
            yield *sides, segment[m.start():m.end("b")], (m.start(), m.end("b"))
    for pattern in (pairs.words, pairs.short):
        for m in pattern.finditer(segment):
            word = m.group("word")
            if word.lower() in pairs.not_words or m.group("n").lower() == m.group("m").lower():
                continue
            yield f"{word} {m.group('n')}", f"{word} {m.group('m')}", m.group(0), m.span()


def _shape(term: str) -> str:
    """The term's run of character classes ("BRCA1", "PALB2": "A9"; "CYP2C19": "A9A9")."""
    classes = re.sub(r"[A-Z]+", "A", re.sub(r"[a-z]+", "a", re.sub(r"\d+", "9", term)))
    return re.sub(r"(.)\1+", r"\1", classes)


def _like_members(terms: list[str]) -> list[str]:
    """The listed ``terms`` as members of one kind, or []: each keeps as many hyphened pieces as
    the shortest ("BRCA1, BRCA2 and PALB2-mutated": "PALB2"), holds a letter and a digit, and
    all share one shape. Words ("rash, diarrhoea and fatigue") and numbers are no members."""
    k = min(len(t.split("-")) for t in terms)
    members = ["-".join(t.split("-")[-k:]) for t in terms[:1]] + ["-".join(t.split("-")[:k]) for t in terms[1:]]
    if not all(re.search(r"[A-Za-z]", m) and re.search(r"\d", m) for m in members):
        return []
    if len({_shape(m) for m in members}) != 1 or len({m.lower() for m in members}) != len(members):
        return []
    return members


def _lists_in(segment: str) -> Iterator[tuple[tuple[str, ...], str, tuple[int, int]]]:
    """(members, the list as written, where) for each list of three or more like terms."""
    pairs = _pairs()
    for m in pairs.lists.finditer(segment):
        if members := _like_members(pairs.list_parts.split(m.group(0))):
            yield tuple(members), m.group(0), m.span()


def _spans(side: str, text: str) -> list[tuple[int, int]]:
    """Where ``text`` names ``side``."""
    spaced = r"\s?".join(re.escape(p) for p in side.split(" "))
    return [m.span() for m in re.finditer(rf"(?<![A-Za-z0-9]){spaced}(?![A-Za-z0-9])", text, re.IGNORECASE)]


def _named(side: str, claim: str) -> bool:
    return bool(_spans(side, claim))


def _owning(text: str, at: int, masked: list[tuple[int, int]]) -> set[float]:
    """The values of the figures of ``text`` whose stretch holds the word at ``at``: the regimen
    checks' stretches (back to the previous figure and up to the next, cut at the first clause
    break: ``regimen_form``), widened over figures no break parts from them ("105例（19.4%）": a
    count and its share are one statement). A number ``masked`` covers names a side ("type 1/2",
    "BRCA1/2"): it is no figure."""
    cuts = [m.end() for m in _SENTENCE_BREAK.finditer(text)]
    start = max((c for c in cuts if c <= at), default=0)
    end = min((c for c in cuts if c > at), default=len(text))
    low = text[start:end].lower()
    numbers = [n for n in _NUMBER.finditer(low) if not any(a <= start + n.start() < b for a, b in masked)]
    if not numbers:
        return set()
    owners = set(_owners(low, numbers, at - start))
    joined = [_first_break(low, a.end(), b.start()) is None for a, b in zip(numbers, numbers[1:])]
    for k in sorted(owners):
        i = k
        while i > 0 and joined[i - 1]:
            i -= 1
            owners.add(i)
        i = k
        while i < len(joined) and joined[i]:
            i += 1
            owners.add(i)
    return {float(numbers[k].group(0).replace(",", "")) for k in owners}


def _named_for(side: str, claim: str, figures: set[float], masked: list[tuple[int, int]]) -> bool:
    """Does the claim name ``side`` in the stretch of one of ``figures`` ("Of the 412 participants
    with the disease, 318 had type 2 disease": 'type 2' is the 318's, not the 412's)? A claim whose
    figures are not written as digits is read whole."""
    spans = _spans(side, claim)
    written = {float(n.group(0).replace(",", "")) for n in _NUMBER.finditer(claim.lower())
               if not any(a <= n.start() < b for a, b in masked)}
    if not figures & written:
        return bool(spans)
    return any(figures & _owning(claim, a, masked) for a, _ in spans)


def _named_shortened(first: str, second: str, claim: str) -> bool:
    """Does the claim write ``second`` shortened after ``first`` ("BRCA1/2", "BRCA1 or 2",
    "type 1-2"): the first side, a join, then the second's number and what follows it?"""
    shared = min(len(first), len(second))
    for i in range(shared):
        if first[i].lower() != second[i].lower():
            shared = i
            break
    while shared and second[shared - 1].isdigit():
        shared -= 1
    tail = re.escape(second[shared:].strip())
    first_re = r"\s?".join(re.escape(p) for p in first.split(" "))
    joins = r"\s?(?:/|-|–|—|~|,|、|或|和|及|与|to|or|and|and/or)\s?"
    return re.search(rf"(?<![A-Za-z0-9]){first_re}{joins}{tail}(?![A-Za-z0-9])", claim, re.IGNORECASE) is not None


def side_narrowed(claim_text: str, segment_text: str, claim_numbers: Iterable[float] = ()) -> str | None:
    """Why the claim names one side of a pair the segment states its figure for (see the module
    doc), or None."""
    wanted = set(claim_numbers)
    if not wanted or _pairs().respective.search(segment_text):
        return None
    # a list first: a pair inside it ("BRCA1、BRCA2和PALB2") is not all the figure is given to
    if (why := _list_narrowed(claim_text, segment_text, wanted)) is not None:
        return why
    for first, second, written, span in _pairs_in(segment_text):
        # the pair qualifies the figures of its own stretch only ("BRCA1 … 14% and BRCA2 … 9%
        # (BRCA1/BRCA2 combined 23%)": the 14% is BRCA1's alone)
        masked = [span, *_spans(first, segment_text), *_spans(second, segment_text)]
        figures = wanted & _owning(segment_text, span[0], masked)
        if not figures:
            continue
        claim_masked = [*_spans(first, claim_text), *_spans(second, claim_text)]
        has_first = _named_for(first, claim_text, figures, claim_masked)
        has_second = _named_for(second, claim_text, figures, claim_masked)
        if has_first == has_second:
            continue  # both sides, or neither: the qualifier is kept whole, or dropped altogether
        if has_first and _named_shortened(first, second, claim_text):
            continue
        named, other = (first, second) if has_first else (second, first)
        return f"the source gives its figure to '{written}', {first} and {second} together; the claim names {named} without {other}"
    return None


def _figures_listed_in_turn(segment: str, count: int) -> bool:
    """Does the segment list ``count`` figures in a run as it lists its members ("CD4, CD8 and
    CD19 counts fell by 40%, 30% and 20%")? Then it gives the k-th to the k-th member, as a
    'respectively' list does, though it leaves the word out."""
    figure = r"\d+(?:\.\d+)?(?:\s?%|\s[A-Za-z]+)?"
    run = re.compile(rf"(?<![\d.]){figure}(?:{_pairs().list_parts.pattern}{figure})+", re.IGNORECASE)
    return any(len(re.findall(r"\d+(?:\.\d+)?", m.group(0))) == count for m in run.finditer(segment))


def _list_narrowed(claim_text: str, segment_text: str, wanted: set[float]) -> str | None:
    """Why the claim names some members of a list the segment states its figure for, not all
    ("PALB2 … 40%" on "BRCA1, BRCA2 and PALB2 … 40%"), or None."""
    for members, written, span in _lists_in(segment_text):
        if _figures_listed_in_turn(segment_text, len(members)):
            continue
        masked = [span, *(s for m in members for s in _spans(m, segment_text))]
        figures = _owning(segment_text, span[0], masked) & wanted
        if not figures:
            continue
        claim_masked = [s for m in members for s in _spans(m, claim_text)]
        named = [m for m in members if _named_for(m, claim_text, figures, claim_masked)
                 or any(_named_shortened(o, m, claim_text) or _named_shortened(m, o, claim_text)
                        for o in members if o != m)]
        if named and len(named) < len(members):
            left = [m for m in members if m not in named]
            return (f"the source gives its figure to '{written}', {', '.join(members)} together; "
                    f"the claim names {', '.join(named)} without {', '.join(left)}")
    return None
