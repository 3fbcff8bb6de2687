"""What a share is a share OF: the base of a percentage, compared between a claim and its source.

"40% of smartphone users also own a tablet" and "40% of tablet users also own a smartphone"
hold the same number and the same words; only which group is counted in (the base: "smartphone
users") and what is counted (the rest of the clause: "own a tablet") are exchanged, and the
claim is false. So are "Among women, 40% were online shoppers" for "Among online shoppers, 40%
were women" and "在女性中，40%为网购用户" for "在网购用户中，40%为女性".

A share's base is read where the text marks it (word lists in ``citeproof/data/share_base.json``):

* after the share: "40% of [the] X …", "two thirds of X …" (``base_after``);
* a clause that opens with it: "Of X, 40% …", "Among X, 40% …", "In X, 40% …" (``fronted``);
* "among X" anywhere in the share's clause ("40% were women among online shoppers");
* Chinese "在X中，40% …" and "X中有40% …".

Everything else in the share's clause (its own numbers and the base left out) is what it counts.
A claim share whose base words the source counts, while the source's base words are what the
claim counts, is an exchange of the two: the claim is left to the judge with both bases named.
Both directions are required because the end of an English noun phrase is guessed ("40% of
patients responded to treatment" may be read with "responded to treatment" in its base): a
guess that runs long moves words one way only, an exchange moves them both ways. A base that
holds a count ("of the 120 patients") is compared by it too: "40% of the 80 patients" is not
"Of the 120 patients, 40% …". A side with no readable base decides nothing.

A count is read the same way when its base holds a count of its own: "Of the 120 enrolled
patients, 100 were evaluable for response", "100 of the 120 enrolled patients were evaluable",
"在120名入组患者中，100名可评估疗效" count 100 in "120 enrolled patients"; "Of the 120 evaluable
patients, 100 were enrolled" exchanges the base and what is counted around the same two numbers.
A count with no number in its base is left alone: "In the winter, 100 patients were treated in
the outpatient clinics" frames the count by a season, and says the same as "In the outpatient
clinics, 100 patients were treated during the winter"; a counted base is a group.

The same reading lets the order check (``citeproof.values.binding``) accept "40% of the 120
patients" for "Of the 120 patients, 40% …" (and "100 of the 120 patients" for "Of the 120
patients, 100 …"): a share or count and the count of its base are one statement when the source
too counts it in a base holding that number.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from citeproof.values.atoms import ValueAtom
from citeproof.values.pairing import Reading, clause_spans, same_number
from citeproof.values.segment_support import content_terms
from citeproof.values.lexicon import data_json

_SENTENCE_END = re.compile(r"(?<!\d)[.!?](?=\s|$)|[。！？\n]")
_TOKEN = re.compile(r"\d+(?:[.,]\d+)*%?|[a-z][a-z'’-]*|[\u3400-\u9fff]+|\S")
_PUNCTUATION_END = set(",;:()[]，；：（）、")


@dataclass(frozen=True, slots=True)
class Share:
    """One share's base (as written, for messages), its base words, the words it counts and the
    numbers its base holds ("of the 120 patients")."""

    base: str
    base_terms: frozenset[str]
    counted_terms: frozenset[str]
    counts: tuple[ValueAtom, ...] = ()


@dataclass(frozen=True, slots=True)
class _Words:
    fronted: re.Pattern[str]
    anywhere: re.Pattern[str]
    after: re.Pattern[str]
    zh_fronted: re.Pattern[str]
    zh_before: re.Pattern[str]
    relatives: frozenset[str]
    prepositions: frozenset[str]
    no_noun: frozenset[str]  # words after which an -ed form is no verb ("the enrolled", "who required")
    verb_starts: frozenset[str]


def _alternatives(words: Sequence[str]) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


@lru_cache(maxsize=1)
def _words() -> _Words:
    doc = data_json("share_base.json")
    det = rf"(?:(?:{_alternatives(doc['determiners_en'])})\s+)?"
    containers = _alternatives(doc["zh_containers"])
    return _Words(
        # "Among women, about 40% …": the base ends at the comma; words without numbers may
        # stand between it and the share ("Among women, the share was 40%")
        fronted=re.compile(
            rf"^[\s,;:，；]*(?:(?:and|but|while|whereas)\s+)?(?:{_alternatives(doc['fronted_openers_en'])})\s+{det}"
            r"(?P<base>[^,，;:.]+?)\s*[,，][^\d]*$"
        ),
        anywhere=re.compile(rf"(?<![a-z])(?:{_alternatives(doc['anywhere_openers_en'])})\s+{det}"),
        after=re.compile(rf"\s*(?:\([^()]*\)\s*)?(?:of|out of)\s+{det}"),
        zh_fronted=re.compile(
            rf"^[\s,;:，；]*(?:{_alternatives(doc['zh_openers'])})(?P<base>[^，,。；;]{{1,30}}?)(?:{containers})[，,]?[^\d]*$"
        ),
        zh_before=re.compile(
            rf"(?P<base>[^\s，,。；;在]{{1,20}}?)(?:{containers})[，,]?\s*(?:{_alternatives(doc['zh_links'])})?\s*$"
        ),
        relatives=frozenset(doc["relatives_en"]),
        no_noun=frozenset(doc["prepositions_en"] + doc["relatives_en"] + doc["determiners_en"]),
        prepositions=frozenset(doc["prepositions_en"]),
        verb_starts=frozenset(doc["verb_starts_en"]),
    )


def is_share(atom: ValueAtom) -> bool:
    """A percentage, or a fraction spelled as a share ("two thirds of")."""
    return (atom.kind == "value" and atom.dim == "percent") or (atom.kind == "fraction" and atom.share)


def is_count(atom: ValueAtom) -> bool:
    """A bare whole number that may count members ("100 were evaluable", "100名"), which
    ``read_share`` reads as a share of its base when that base holds a count of its own."""
    return (atom.kind == "value" and atom.is_bare and atom.stat is None and not atom.derived
            and not atom.spread and atom.decimals == 0)


def _counted_in_base(atom: ValueAtom) -> bool:
    return is_share(atom) or is_count(atom)


def read_share(low: str, atom: ValueAtom, clause: tuple[int, int], numbers: Sequence[ValueAtom] = ()) -> Share | None:
    """The base of the share ``atom`` in its ``clause`` of ``low`` (prepared, lower-cased) and
    what it counts; None when the text marks no base with content words or numbers. ``numbers``:
    the text's other numbers, left out of what is counted."""
    start, end = _sentence_of(low, atom, clause)
    marked = _bases(low, atom, start, end)
    base_terms = frozenset().union(*(content_terms(low[s:e]) for _, _, s, e in marked))
    counts = tuple(a for a in numbers if a is not atom and any(s <= a.start < e for _, _, s, e in marked))
    if not base_terms and not counts:
        return None
    # what is counted: the sentence without the base, its markers ("among", "中有") and numbers
    masked = list(low[start:end])
    for s, e in [*((ms, me) for ms, me, _, _ in marked), *((a.start, a.end) for a in (atom, *numbers))]:
        for k in range(max(s, start), min(e, end)):
            masked[k - start] = " "
    counted = frozenset(content_terms("".join(masked))) - base_terms
    return Share(" … ".join(low[s:e].strip() for _, _, s, e in marked), base_terms, counted, counts)


def _sentence_of(low: str, atom: ValueAtom, clause: tuple[int, int]) -> tuple[int, int]:
    start, end = clause
    for m in _SENTENCE_END.finditer(low, start, end):
        if m.end() <= atom.start:
            start = m.end()
        elif m.start() >= atom.end:
            return start, m.start()
    return start, end


def _bases(low: str, atom: ValueAtom, start: int, end: int) -> list[tuple[int, int, int, int]]:
    """The share's bases as (marked start, marked end, base start, base end): the marked span
    holds the base and the words that say "base" ("among the", "在 … 中", "中有"), all of which
    are left out of what is counted."""
    words = _words()
    out: list[tuple[int, int, int, int]] = []
    before = low[start:atom.start]
    for pattern in (words.fronted, words.zh_fronted):
        if m := pattern.search(before):
            out.append((start + m.start(), start + m.end("base"), start + m.start("base"), start + m.end("base")))
    if not out and (m := words.zh_before.search(before)):
        out.append((start + m.start(), start + m.end(), start + m.start("base"), start + m.end("base")))
    if m := words.after.match(low, atom.end, end):
        stop = noun_phrase_end(low, m.end(), end)
        out.append((m.start(), stop, m.end(), stop))
    for m in words.anywhere.finditer(low, start, end):
        if not any(s <= m.end() < e for _, _, s, e in out):
            stop = noun_phrase_end(low, m.end(), end)
            out.append((m.start(), stop, m.end(), stop))
    return [b for b in out if b[3] > b[2]]


def noun_phrase_end(low: str, at: int, end: int) -> int:
    """Where the noun phrase that starts at ``at`` ends: at punctuation, or where the clause's
    verb phrase starts ("tablet users | also own", "patients with grade 3 neutropenia |
    required", "patients who required dose reduction | had"); ``end`` when neither is seen."""
    words = _words()
    tokens = list(_TOKEN.finditer(low, at, end))
    awaiting_relative_verb = False  # after "who"/"that": the relative clause's verb is still the base
    for k, m in enumerate(tokens):
        tok = m.group(0)
        if tok in _PUNCTUATION_END:
            return m.start()
        if not tok[0].isalpha():
            continue
        if tok in words.relatives:
            awaiting_relative_verb = True
            continue
        if awaiting_relative_verb:  # "patients who required dose reduction | had …"
            awaiting_relative_verb = not (tok in words.verb_starts or tok.endswith("ed"))
            continue
        if _starts_verb_phrase(tok, tokens[k - 1].group(0) if k else "", tokens[k + 1].group(0) if k + 1 < len(tokens) else ""):
            return m.start()
    return end


def _starts_verb_phrase(tok: str, before: str, after: str) -> bool:
    words = _words()
    if tok in words.verb_starts:
        return True
    # "patients responded", "patients required dose reduction"; not "the enrolled patients",
    # "patients treated with", "patients aged 65" (a participle within the noun phrase)
    return (
        len(tok) >= 5 and tok.endswith("ed") and not tok.endswith("eed")
        and before[:1].isalpha() and before not in words.no_noun
        and after not in words.prepositions and not after[:1].isdigit()
    )


def base_differs(claim_low: str, claim: Reading, source_low: str, source: Reading) -> str | None:
    """Why a claim share (or count) is taken of another base than the source's (the two
    exchanged), or None. Every source share (or count) stating the claim's number must be read
    and exchanged."""
    for cv in claim.values:
        mine = _base_of(claim_low, claim, cv)
        if mine is None:
            continue
        theirs = [_base_of(source_low, source, sv) for sv in source.values
                  if is_share(sv) == is_share(cv) and same_number(cv, sv)]
        if not theirs or any(t is None or not _differ(mine, t) for t in theirs):
            continue
        other = theirs[0]
        if is_share(cv):
            return f"the claim takes {cv.raw} of '{mine.base}'; the source takes it of '{other.base}'"  # type: ignore[union-attr]
        return f"the claim counts {cv.raw} of '{mine.base}'; the source counts it of '{other.base}'"  # type: ignore[union-attr]
    return None


def _base_of(low: str, reading: Reading, atom: ValueAtom) -> Share | None:
    """The share's base, or a count's when that base holds a count ("of the 120 patients")."""
    if is_share(atom):
        return _share_in(low, reading, atom)
    if not is_count(atom):
        return None
    read = _share_in(low, reading, atom)
    return read if read is not None and read.counts else None


def _differ(claim: Share, source: Share) -> bool:
    return _exchanged(claim, source) or _other_count(claim, source)


def _other_count(claim: Share, source: Share) -> bool:
    """"40% of the 80 patients" where the source's 40% is "of the 120 patients": both bases count
    their members, and with no count in common (a count read into an over-long base still meets)."""
    return bool(claim.counts and source.counts) and not any(
        same_number(a, b) for a in claim.counts for b in source.counts)


def bound_to_base(claim_low: str, claim_atoms: Sequence[ValueAtom], source_low: str,
                  source_atoms: Sequence[ValueAtom]) -> set[int]:
    """The indices of the claim numbers that stand in the base of a claim share ("40% of the
    120 patients") where the source too states that share of a base holding that number ("Of
    the 120 patients, 40% …"): the pair is one statement, so the order the two are written in
    says nothing about which subjects they belong to."""
    held: set[int] = set()
    claim_clauses = clause_spans(claim_low, claim_atoms)
    source_clauses = clause_spans(source_low, source_atoms)
    for share in (a for a in claim_atoms if _counted_in_base(a)):
        inside = _numbers_in_base(claim_low, share, claim_clauses, claim_atoms)
        if not inside:
            continue
        for sv in (a for a in source_atoms if is_share(a) == is_share(share) and _counted_in_base(a) and same_number(share, a)):
            theirs = _numbers_in_base(source_low, sv, source_clauses, source_atoms)
            held.update(claim_atoms.index(a) for a in inside if any(same_number(a, b) for b in theirs))
    return held


def _numbers_in_base(low: str, share: ValueAtom, clauses: Sequence[tuple[int, int]], atoms: Sequence[ValueAtom]) -> list[ValueAtom]:
    clause = next((c for c in clauses if c[0] <= share.start < c[1]), (0, len(low)))
    start, end = _sentence_of(low, share, clause)
    spans = [(s, e) for _, _, s, e in _bases(low, share, start, end)]
    return [a for a in atoms if a is not share and any(s <= a.start < e for s, e in spans)]


def _share_in(low: str, reading: Reading, atom: ValueAtom) -> Share | None:
    clause = next(span for span in reading.clauses if span[0] <= atom.start < span[1])
    return read_share(low, atom, clause, [a for a in reading.values if a is not atom])


def _exchanged(claim: Share, source: Share) -> bool:
    """The claim's base words are what the source counts, and the source's what the claim counts."""
    return bool((claim.base_terms - source.base_terms) & source.counted_terms) and bool(
        (source.base_terms - claim.base_terms) & claim.counted_terms
    )
