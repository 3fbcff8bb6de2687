"""A restriction attached to a number or a criterion: dropped by the claim, or moved onto another number.

"Gail score >= 0.1% for women age 20-29 years" and "Gail score >= 0.1%" share every word and
number the claim writes: the claim only drops the phrase that says whom the threshold is for,
and states as a general criterion what holds for one age band. "Less than 3 different
chemotherapy treatments" drops "for metastatic disease" the same way. Two readings of one idea:

* **dropped** — in the source clause that holds the claim's number (or, for a claim with no
  number, the clause whose words it restates), the phrase that follows it and opens with a
  restricting word (``attached_restrictions.en`` in ``claim_support.json``: for, in, among,
  with, who, except …) must have its words in the claim. An exception list ("except adequately
  treated condition A, condition B, or stage I or II condition C currently in complete
  remission") runs over its commas to the end of the sentence, and a claim that drops one of its
  qualifiers ("adequately treated") widens the exception. Chinese: "对于X", "仅限X", "在X中/时",
  "X患者中" in the number's clause.
* **moved** — a phrase the claim attaches to its number ("2.5 x ULN in patients with liver
  metastases") must not sit, in the source, in the clause of another number and away from the
  claim's ("no more than 2.5 x ULN, or no more than 5 x ULN in patients with liver metastases").

A clause ends at , ; : (not inside "1,000"), and at a break word (and, or, but …) that stands
between two numbers: the phrase after "40% in Arm A" ends before "and 25% in Arm B", so the
claim need not restate the other arm. Words that restrict nothing ("in total", "in this study")
are ignored. Either finding leaves the claim to the judge; neither proves it false.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from citeproof.values.segment_support import content_terms, cue_document, entity_tokens

_SENTENCE_BREAK = re.compile(r"[;!?；。！？]|(?<!\d)\.(?!\d)")
_MARK_BREAK = re.compile(r"[；，：、]|,(?!\d)|:(?!\d)")
_NUMBER = re.compile(r"(?<![0-9A-Za-z.])\d+(?:,\d{3})*(?:\.\d+)?")
_CJK = re.compile(r"[\u3400-\u9fff]")
_SEMICOLON = re.compile(r"[;；]")
_TRIM = " ,.;:，；：、。"


@dataclass(frozen=True, slots=True)
class _Cues:
    opener_en: re.Pattern[str]
    lists_en: frozenset[str]
    strong: re.Pattern[str]
    zh: re.Pattern[str]
    breaks: re.Pattern[str]
    verbs: re.Pattern[str]
    ignore: frozenset[str]


def _alternation(words: list[str]) -> str:
    return "|".join(map(re.escape, sorted(words, key=len, reverse=True)))


@lru_cache(maxsize=1)
def _cues() -> _Cues:
    doc = cue_document()["attached_restrictions"]
    breaks = [w for w in cue_document()["clause_scope"]["breaks"] if w.isascii()]
    verbs = cue_document()["clause_scope"]["clause_verbs"]
    phrase = r"([^\s，,。；;：:！？!?、]{1,20}?)"
    zh = (
        rf"(?:{_alternation(doc['zh_before'])}){phrase}(?:{_alternation(doc['zh_after'])})"
        rf"|(?:{_alternation([w for w in doc['zh_before'] if w != '在'])}){phrase}(?=[，,。；;]|$)"
        rf"|{phrase}(?:{_alternation(doc['zh_tail'])})"
    )
    ignore = frozenset(doc["ignore"])
    return _Cues(
        opener_en=re.compile(rf"(?<![a-z0-9-])(?:{_alternation(doc['en'])})(?![a-z0-9-])"),
        lists_en=frozenset(doc["en_lists"]),
        # at the start of the clause after the number's: "…, only for women …", "…，仅限…"
        strong=re.compile(
            rf"[\s{re.escape(_TRIM)}]*(?:(?:{_alternation([w for w in doc['strong'] if w.isascii()])})(?![a-z0-9-])"
            rf"|{_alternation([w for w in doc['strong'] if not w.isascii()])})"
        ),
        zh=re.compile(zh),
        breaks=re.compile(rf"(?<![a-z])(?:{_alternation(breaks)})(?![a-z])|[而但或]"),
        verbs=re.compile(rf"(?<![a-z'])(?:{_alternation([w for w in verbs if w.isascii()])})(?![a-z'])"),
        ignore=ignore | frozenset(t for w in ignore for t in content_terms(w)),
    )


def _numbers(text: str) -> set[float]:
    return {float(m.group(0).replace(",", "")) for m in _NUMBER.finditer(text)}


def _number_spans(text: str, wanted: set[float]) -> list[tuple[int, int]]:
    return [m.span() for m in _NUMBER.finditer(text) if float(m.group(0).replace(",", "")) in wanted]


def _terms(text: str) -> set[str]:
    """The content terms and names of ``text`` (as written) that restrict ("for women age 20-29
    years" → women, age; "in Arm A" → arm a). Its numbers are value atoms, which the numeric
    checks pair (and which a claim may write otherwise: "sixteen", "2 weeks" for "14 days")."""
    ignore = _cues().ignore
    words = {t for t in content_terms(text) if t not in ignore and (t.isascii() or len(t) > 1)}
    return words | entity_tokens(text)


def _clauses(sentence: str) -> list[tuple[int, int]]:
    """The clause spans of ``sentence``: cut at marks, and at a break word that stands between
    two numbers of the same marked part ("40% in Arm A and 25% in Arm B")."""
    low = sentence.lower()
    marks = [0, *(m.start() for m in _MARK_BREAK.finditer(low)), len(low)]
    cuts = set(marks)
    for start, end in zip(marks, marks[1:]):
        numbers = [m.start() for m in _NUMBER.finditer(low, start, end)]
        for m in _cues().breaks.finditer(low, start, end):
            if any(n < m.start() for n in numbers) and any(n >= m.end() for n in numbers):
                cuts.add(m.start())
    bounds = sorted(cuts)
    return list(zip(bounds, bounds[1:]))


def _sentence_end(low: str, at: int) -> int:
    """Where the sentence part from ``at`` ends for an exception list: the next ; or the end."""
    m = _SEMICOLON.search(low, at)
    return m.start() if m else len(low)


def _attached(
    sentence: str, anchors: list[tuple[int, int]], wanted: set[float], *, numbers: bool = True
) -> list[str]:
    """The restricting phrases attached after ``anchors`` (spans in ``sentence``): English from its opening word to the clause's end (an
    exception list to the sentence's), Chinese "对于X"-type phrases anywhere in the clause.
    A phrase that opens on a number not in ``wanted`` ("in 12 men" after "Grade 3") is said
    of that number, not of the claim's; one holding such a number further on ("for women age
    20-29 years") restricts the claim's. Where ``numbers`` (the anchors are numbers), a verb
    between the number and the phrase makes it the predicate's ("100 were evaluable for
    response"), not a restriction of what the number counts."""
    low = sentence.lower()
    cues = _cues()
    foreign = [m.start() for m in _NUMBER.finditer(low) if float(m.group(0).replace(",", "")) not in wanted]
    found: list[str] = []
    spans = _clauses(sentence)
    for k, span in enumerate(spans):
        if not any(span[0] <= a[0] < span[1] for a in anchors):
            continue
        if k + 1 < len(spans) and (m := cues.strong.match(low, spans[k + 1][0])):
            opened = spans[k + 1][0] + len(m.group(0)) - len(m.group(0).lstrip(_TRIM + " "))
            end = _sentence_end(low, opened) if low[opened:m.end()] in cues.lists_en else spans[k + 1][1]
            found.append(sentence[opened:end].strip(_TRIM))
        for anchor in sorted({a[1] for a in anchors if span[0] <= a[0] < span[1]}):
            if not (m := cues.opener_en.search(low, anchor, span[1])):
                continue
            if any(anchor <= f < m.start() for f in foreign) or _opens_on_number(low, m.end(), foreign):
                continue  # the phrase follows another number, or is another number's
            if numbers and cues.verbs.search(low, anchor, m.start()):
                continue  # the predicate's complement, not the number's restriction
            end = _sentence_end(low, m.end()) if m.group(0) in cues.lists_en else span[1]
            found.append(sentence[m.start():end].strip(_TRIM))
            break  # the first anchor's phrase: a later one's is inside it
        if _CJK.search(sentence[span[0]:span[1]]):
            for z in cues.zh.finditer(sentence, span[0], span[1]):
                found.append(z.group(0))
    return found


_LEAD = re.compile(r"\s*(?:(?:the|a|an|all|only)\s+)?")


def _opens_on_number(low: str, at: int, foreign: list[int]) -> bool:
    return _LEAD.match(low, at).end() in foreign


def _shown(phrase: str) -> str:
    return phrase if len(phrase) <= 100 else phrase[:100].rstrip() + " …"


def _sentences(text: str) -> list[str]:
    return [s for s in _SENTENCE_BREAK.split(text) if s.strip()]


def _claim_anchors(sentence: str, claim_terms: set[str], wanted: set[float]) -> list[tuple[int, int]]:
    """Where the claim's number stands in ``sentence``; for a claim with no number, the start
    of each clause whose words before its first restricting word the claim mostly writes (at
    least two of them): the criterion it restates."""
    if wanted:
        return _number_spans(sentence, wanted)
    anchors = []
    low = sentence.lower()
    for start, end in _clauses(sentence):
        head_end = (m.start() if (m := _cues().opener_en.search(low, start, end)) else end)
        head = _terms(sentence[start:head_end])
        if len(head) >= 2 and len(head & claim_terms) * 2 >= len(head) + 1:
            anchors.append((start, start))
    return anchors


def dropped_restriction(
    claim_text: str, segment_text: str, claim_numbers: Iterable[float] = (), *, headers: str = ""
) -> str | None:
    """Why the claim drops a restriction the source attaches to its number or criterion, or None.
    ``claim_numbers``: the values of the claim's atoms, besides its digits ("sixteen" is 16);
    ``headers``: the column headers over a table row claim, which write its words too
    ("Experimental Arm" over "40%")."""
    claim_low = claim_text.lower()
    claim_terms = _terms(claim_text) | _terms(headers)
    wanted = _numbers(claim_low) | set(claim_numbers)
    for sentence in _sentences(segment_text):
        anchors = _claim_anchors(sentence, claim_terms, wanted)
        for phrase in _attached(sentence, anchors, wanted, numbers=bool(wanted)):
            missing = {t for t in _terms(phrase) - claim_terms if t not in claim_low}
            if missing and phrase.lower() not in claim_low:
                if _CJK.search(phrase):  # its terms are character bigrams: the phrase says it better
                    return f"the source restricts it ('{_shown(phrase)}'); the claim does not"
                words = ", ".join(f"'{w}'" for w in sorted(missing))
                return f"the source restricts it ('{_shown(phrase)}'); the claim does not write {words}"
    return None


def moved_restriction(claim_text: str, segment_text: str, claim_numbers: Iterable[float] = ()) -> str | None:
    """Why a restriction the claim attaches to its number sits, in the source, with another
    number of the sentence and not with the claim's, or None."""
    claim_low = claim_text.lower()
    wanted = _numbers(claim_low) | set(claim_numbers)
    if not wanted:
        return None
    for claim_sentence in _sentences(claim_text):
        for phrase in _attached(claim_sentence, _number_spans(claim_sentence, wanted), wanted):
            terms = _terms(phrase)
            if terms and (why := _held_elsewhere(phrase, terms, wanted, segment_text)):
                return why
    return None


def _held_elsewhere(phrase: str, terms: set[str], wanted: set[float], segment_text: str) -> str | None:
    for sentence in _sentences(segment_text):
        clauses = [sentence[start:end] for start, end in _clauses(sentence)]
        own = [text for text in clauses if wanted & _numbers(text)]
        if not own:
            continue
        if any(terms <= _terms(text) for text in own):
            return None  # the source says it of the claim's number
        for text in clauses:
            if _numbers(text) - wanted and terms <= _terms(text):
                return f"the claim's '{phrase}' goes, in the source, with another number ('{text.strip(_TRIM)}'), not with the claim's"
    return None


def restriction_differs(
    claim_text: str, segment_text: str, claim_numbers: Iterable[float] = (), *, headers: str = ""
) -> str | None:
    """A restriction dropped from, or moved onto, the claim's number (see the module doc), or None."""
    numbers = tuple(claim_numbers)
    return dropped_restriction(claim_text, segment_text, numbers, headers=headers) or moved_restriction(
        claim_text, segment_text, numbers
    )
