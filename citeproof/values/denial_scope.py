"""A denial the source narrows: the claim denies more than the source's denying clause does.

"No grade 4 X was reported" denies only grade 4 X; a source that also says "X occurred in 31%
of patients" shows a claim "No X was reported" false, yet the claim writes every number (none),
name and polarity of the denying sentence and all the content words it needs. What the source
denies is narrowed by words the claim drops: a grade or severity before the denied noun ("No
grade 4 X"), a postmodifier after it ("X requiring hospitalization", "X of grade 4 or higher",
"X leading to discontinuation", "X with symptoms", "X below 54 mg/dL", "X that was fatal"), in
Chinese the same words inside the denial ("未发生4级及以上X").

Reading the denied noun's modifiers needs a parser; reading the clause does not. A denying
claim passes only on a source clause that negates, holds a content word of the claim's, and
writes no word the claim does not — save the words that narrow nothing (``denial_scope`` in
``claim_support.json``: who was counted and the verb that reports the event, "No patient
experienced X", "未观察到X") and a zero. A clause that writes any other word (or number) denies
something narrower, or something else ("No patient discontinued because of X" for "No X was
reported"), and the claim goes to the judge: fail-closed, never a FAIL.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache

from citeproof.values.lexicon import alternation, bounded_words
from citeproof.values.segment_support import content_terms, cue_document, entity_tokens, negation_cues, polarity, written_in

_SENTENCE_BREAK = re.compile(r"[;!?；。！？]|(?<!\d)\.(?!\d)")
_MARK_BREAK = re.compile(r"[；，：、]|,(?!\d)|:(?!\d)")
_NUMBER = re.compile(r"(?<![0-9A-Za-z.])\d+(?:\.\d+)?")


@dataclass(frozen=True, slots=True)
class _Cues:
    neutral: re.Pattern[str]  # words of a denial that narrow nothing, and the negation cues
    breaks: re.Pattern[str]  # where a denying clause ends besides the marks
    coordination: frozenset[str]  # words that join another denied noun to the claim's


@lru_cache(maxsize=1)
def _cues() -> _Cues:
    doc = cue_document()["denial_scope"]
    neg = negation_cues()
    en = [*doc["neutral_en"], *neg.words, *neg.phrases]
    # a Chinese word has no spaces to bound it: it is taken out where it stands
    zh = [*doc["neutral_zh"], *neg.zh]
    breaks = doc["breaks"]
    return _Cues(
        neutral=re.compile(rf"(?<![a-z0-9'-])(?:{alternation(en)})(?![a-z0-9'-])|{alternation(zh)}"),
        breaks=re.compile(bounded_words(breaks)),
        coordination=frozenset(doc["coordination"]),
    )


def _clauses(text: str) -> list[str]:
    """The clauses of ``text``: cut at sentence ends, at , ; : and at a contrast ("but", 但)."""
    out = []
    for sentence in _SENTENCE_BREAK.split(text):
        for part in _MARK_BREAK.split(sentence):
            out.extend(c for c in _cues().breaks.split(part.lower()) if c.strip())
    return out


def _terms(text: str) -> set[str]:
    """The content terms and names of ``text`` once its neutral words are taken out (a Chinese
    text's character pairs would otherwise join a neutral word to the next: 发生 + 肺 → 生肺)."""
    bare = _cues().neutral.sub(" ", text)
    return {t for t in content_terms(bare) if t.isascii() or len(t) > 1} | entity_tokens(bare)


def _written(term: str, claim_terms: set[str], claim_low: str) -> bool:
    """Whether the claim writes ``term``, or another form of its word ("required" for
    "requiring", "discontinuation" for "discontinued": the first _STEM letters alike)."""
    if term in claim_terms or written_in(term, claim_low):
        return True
    return term.isascii() and len(term) >= _STEM and any(t.startswith(term[:_STEM]) for t in claim_terms)


_STEM = 6


_TOKEN = re.compile(r"[a-z0-9][a-z0-9'/-]*")


def _coordinated(clause: str, written: Callable[[str], bool]) -> set[str]:
    """The terms of a word joined by "and" / "or" to a word the claim writes ("nausea and
    vomiting" for a claim of nausea): a denial of both denies each whole. Only the word next to
    the joining word: in "nausea and severe vomiting" the rest of the conjunct still narrows."""
    tokens = _TOKEN.findall(clause)
    joined: set[str] = set()
    for i in range(1, len(tokens) - 1):
        if tokens[i] not in _cues().coordination:
            continue
        for ours, other in ((tokens[i - 1], tokens[i + 1]), (tokens[i + 1], tokens[i - 1])):
            if (terms := _terms(ours)) and all(written(t) for t in terms):
                joined |= _terms(other)
    return joined


def _unwritten(clause: str, claim_terms: set[str], claim_low: str, claim_numbers: set[float]) -> list[str]:
    """The words and numbers of a denying clause the claim does not write (a zero denies, it
    does not narrow; a word joined to the claim's is denied beside it)."""

    def written(term: str) -> bool:
        return _written(term, claim_terms, claim_low)

    joined = _coordinated(clause, written)
    words = sorted(t for t in _terms(clause) if not written(t) and t not in joined)
    numbers = [m.group(0) for m in _NUMBER.finditer(clause) if float(m.group(0)) not in claim_numbers and float(m.group(0)) != 0]
    return words + numbers


def narrowed_denial(claim_text: str, segment_text: str, claim_numbers: Iterable[float] = ()) -> str | None:
    """Why a denying claim denies more than the segment's denying clause, or None: each clause
    of the segment that negates and holds one of the claim's words writes a word the claim does
    not. None when the claim denies nothing, or no clause of the segment denies what it names
    (other checks read that)."""
    if not polarity(claim_text)[0]:
        return None
    claim_low = claim_text.lower()
    claim_terms = _terms(claim_low)
    if not claim_terms:
        return None
    numbers = {float(m.group(0)) for m in _NUMBER.finditer(claim_low)} | set(claim_numbers)
    narrowing: tuple[str, list[str]] | None = None
    for clause in _clauses(segment_text):
        if not polarity(clause)[0] or not (_terms(clause) & claim_terms):
            continue
        unwritten = _unwritten(clause, claim_terms, claim_low, numbers)
        if not unwritten:
            return None  # a clause denies all the claim denies
        narrowing = narrowing or (clause.strip(), unwritten)
    if narrowing is None:
        return None
    clause, unwritten = narrowing
    words = ", ".join(f"'{w}'" for w in unwritten)
    return f"the source denies only a narrower thing ('{clause[:100]}'), restricted by {words}; the claim denies it whole"
