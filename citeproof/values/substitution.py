"""Whether a segment replaces one of a claim's words with a word of its own.

Content-word overlap lets a claim drop a word or two its source does not have ("reported",
"overall"): restatements do that. It also lets one word be *swapped*, and one word is all
it takes — "The most common adverse event in Arm A was nausea, reported in 30% of patients"
against "… was fatigue, reported in 30% of patients" shares every other word and every
number. A swap is a claim word missing from the segment at a place where the segment has a
word the claim lacks. Telling a synonym ("observed" for "reported") from a different fact
("nausea" for "fatigue") is the judge's work, so any swap leaves the claim to the judge.

The claim's and the segment's content terms, read as the numeric rule reads them
(:func:`citeproof.values.segment_support.content_sequence` on prepared text: stemmed English
words, Chinese bigrams, plus the stop-words that name a measure — "overall", "total", "unit" — and
each number written on its own) are aligned in order (longest common subsequence);
between two aligned terms, a claim term found nowhere in the segment facing a segment term
found nowhere in the claim is a swap; before the first or after the last aligned word too,
unless the segment's stretch there is longer by two terms or more (it goes on where the claim stops).
A number both write holds the words before it in place: "38% of spending in 2023" against "38% of
prescriptions in 2023, up sharply from 21%" swaps "spending" for "prescriptions", though the source
goes on after the claim stops.
A claim term the segment writes only at another place faces that segment term just the same: it
is borrowed from another clause ("complete" from "…, with a low complete response rate") — unless
there it labels one of the claim's numbers ("(hazard ratio 0.76" for "the hazard ratio for overall
survival was 0.76").
Words that are only moved, added or dropped are not swaps.
"""

from __future__ import annotations

import re
from functools import lru_cache

from citeproof.text.alignment import aligned
from citeproof.values.agreement import without_dose_frequencies
from citeproof.values.extract import prepare
from citeproof.values.lexicon import data_json
from citeproof.values.prefixed_abbreviations import prefixed_spelled
from citeproof.values.segment_support import content_sequence, cue_document

MAX_CELLS = 36_000  # claim terms × segment terms beyond which (a whole page) no word-by-word alignment is made


def swapped_word(claim_text: str, segment_text: str) -> tuple[str, str] | None:
    """(claim term, segment term) of the first swap, or None."""
    # "every 12 hours" for "twice daily" swaps no word: one dose frequency, whose group the
    # agreement check compares
    claim_text, segment_text = without_dose_frequencies(claim_text), without_dose_frequencies(segment_text)
    a = _sequence(claim_text)
    b = _sequence(segment_text)
    if not a or not b or len(a) * len(b) > MAX_CELLS:
        return None
    if (counted := _counted_swap(claim_text, segment_text)) is not None:
        return counted
    # a prefixed abbreviation one side spells out ("mPFS" for "median PFS") is written there
    in_b = set(b) | prefixed_spelled(segment_text)
    # a word written with a hyphen and without is one word, on either side ("hepato-toxicity", a
    # PDF's line wrap of "hepatotoxicity": segment_support.segment_terms)
    whole_a = _written_whole(a)
    whole_a |= prefixed_spelled(claim_text)
    phrases_b = set(zip(b, b[1:])) - _labels_of(b, {t for t in a if t.startswith(_MARK)})
    gaps, held = _gaps(a, b)
    # the aligned words (not numbers) that open and close the stretch the claim restates: beyond them
    # the segment may simply say more ("at least 100,000" for "greater than or equal to 100,000")
    words = [k for k, t in enumerate(held) if not t.startswith(_MARK)]
    first, last = (words[0], words[-1] + 1) if words else (0, len(held))
    at = 0  # where the gap's claim stretch starts in ``a`` (each gap is followed by one aligned term)
    for k, (gap_a, gap_b) in enumerate(gaps):
        start, at = at, at + len(gap_a) + 1
        if (k <= first or k >= last) and len(gap_b) > len(gap_a) + 1:
            continue  # at either end the segment may simply say more than the claim restates
        # a number is no word to swap (CP104 reads it): only the words beside it
        new = next((t for t in gap_b if t.replace("-", "") not in whole_a and not t.startswith(_MARK)), None)
        if new is None:
            continue
        lost = next((t for t in gap_a if t not in in_b and not t.startswith(_MARK)), None) \
            or _borrowed(a, start, len(gap_a), phrases_b)
        if lost is not None:
            return lost, new
    return None


def _labels_of(b: list[str], numbers: set[str]) -> set[tuple[str, str]]:
    """The segment's two-word phrases that label one of the claim's numbers, right before it: "the
    hazard ratio for overall survival was 0.76" names the figure the segment writes "(hazard ratio
    0.76" — its label, not a phrase borrowed from another clause (rt24a case6)."""
    return {(b[j], b[j + 1]) for j in range(len(b) - 2) if b[j + 2] in numbers and not b[j + 1].startswith(_MARK)}


def _written_whole(terms: list[str]) -> set[str]:
    """The terms with their hyphens left out, for telling whether the other side has a word."""
    return {t.replace("-", "") for t in terms}


# a number written on its own (not part of a name such as "FY2024", "IL-6"): "38%", "2023". Not one
# glued to Chinese ("为11.2个月"): the bigrams there run across the break and differ by chance
# (期为 against 月), and Chinese restatements are read at the segment's ends as before
_NUMBER = re.compile(r"(?<![A-Za-z0-9.,\u3000-\u303f\u3400-\u9fff\uff00-\uffef])\d[\d,]*(?:\.\d+)?"
                     r"(?![A-Za-z0-9\u3000-\u303f\u3400-\u9fff\uff00-\uffef])")
_MARK = "\x00"  # what a number's term starts with: no word does
_PEOPLE = "例"  # the one classifier every classifier counting people is read as


# "41 of 336 patients": a count over a denominator, and the words after it (what it counts)
_COUNTED = re.compile(r"(?<![\d.,])(\d[\d,]*)\s*(?:of|/|out of)\s*(\d[\d,]*)\s+([^\W\d_][\w-]*)((?:\s+[^\W\d_][\w-]*){0,2})")


def _counted_swap(claim_text: str, segment_text: str) -> tuple[str, str] | None:
    """(claim term, segment term) when the segment writes the claim's "n of N" over something
    else: "41 of 336 treatment cycles" for "41 of 336 patients" (rt27t case29). What a fraction
    counts is part of the figure wherever the rest of the sentence runs, so the alignment, which
    lets a claim drop a word at its end, does not decide it. Only a content word right after the
    denominator is held, on either side ("41 of 336 had …", "41 of 336 were …" name nothing
    counted); the claim's word must be one of the segment's first three there ("41 of 336
    evaluable patients" counts patients)."""
    claim = {(m.group(1), m.group(2)): m.group(3) for m in _COUNTED.finditer(prepare(claim_text).lower())}
    if not claim:
        return None
    for m in _COUNTED.finditer(prepare(segment_text).lower()):
        if (word := claim.get((m.group(1), m.group(2)))) is None:
            continue
        counts = content_sequence(word, naming_words=True)
        # the segment's fraction must count something too: "41 of 336 were delayed" names nothing
        if not counts or not content_sequence(m.group(3), naming_words=True):
            continue
        counted = content_sequence(m.group(3) + m.group(4), naming_words=True)
        if counts[0] not in counted:
            return counts[0], counted[-1]
    return None


@lru_cache(maxsize=1)
def _people_classifier() -> re.Pattern[str]:
    """A Chinese classifier counting people right after a number (value_cues.json people_classifiers_zh)."""
    words = data_json("value_cues.json")["people_classifiers_zh"]["words"]
    # after digits, a scale ("3.5万名") or a numeral written in Chinese ("三名")
    return re.compile(r"(?<=[\d十百千万亿两一二三四五六七八九〇零])\s?(?:" + "|".join(map(re.escape, words)) + r")(?!次)")


def _sequence(text: str) -> list[str]:
    """The content terms of ``text`` in order, with each number written on its own as a term of
    its own. The numbers hold the words beside them in place: "38% of prescriptions in 2023, up
    sharply from 21%" against the claim's "38% of spending in 2023" has "spending" facing
    "prescriptions" before the shared 2023, not at an end where the source merely goes on."""
    # "72名患者" and "72例患者" count the same people: one classifier, so the bigrams agree
    prepared = _people_classifier().sub(_PEOPLE, prepare(text))
    out: list[str] = []
    at = 0
    for m in _NUMBER.finditer(prepared):
        out += content_sequence(prepared[at:m.start()], naming_words=True)
        out.append(_MARK + m.group(0).replace(",", "").rstrip(".").removesuffix(".0"))
        at = m.end()
    out += content_sequence(prepared[at:], naming_words=True)
    return out


def _borrowed(a: list[str], start: int, n: int, phrases_b: set[tuple[str, str]]) -> str | None:
    """A claim term of the stretch ``a[start:start+n]`` that the segment writes elsewhere, with the
    claim's next term after it: the claim took the phrase from another clause. "The complete
    remission rate was 62%" against "The overall remission rate was 62%, with complete remission in
    a minority" puts "complete" where the segment says "overall". Only English terms: a Chinese
    bigram recurs across clauses by chance (对照 in 对照组), and a word merely moved (a list
    reordered: "nausea, fatigue and rash" for "nausea, fever, rash and fatigue") is not followed there
    by the same word."""
    for p in range(start, min(start + n, len(a) - 1)):
        if a[p].isascii() and not a[p].startswith(_MARK) and (a[p], a[p + 1]) in phrases_b:
            return a[p]
    return None


def _gaps(a: list[str], b: list[str]) -> tuple[list[tuple[list[str], list[str]]], list[str]]:
    """The unaligned stretches of ``a`` and ``b`` facing each other, around a longest common
    subsequence, and the aligned terms (gap k comes before aligned term k)."""
    gaps: list[tuple[list[str], list[str]]] = []
    held: list[str] = []
    i = j = 0
    for ai, bj in aligned(a, b):
        gaps.append((a[i:ai], b[j:bj]))
        held.append(a[ai])
        i, j = ai + 1, bj + 1
    gaps.append((a[i:], b[j:]))
    return gaps, held


@lru_cache(maxsize=1)
def _antonyms() -> tuple[tuple[str, ...], tuple[tuple[re.Pattern[str], re.Pattern[str], str, str], ...]]:
    doc = cue_document()["antonyms"]

    def word(w: str) -> re.Pattern[str]:
        return re.compile(r"(?<![a-z-])" + re.escape(w) + r"(?![a-z-])" if w.isascii() else re.escape(w))

    pairs = tuple((word(a), word(b), a, b) for a, b in doc["pairs"])
    return tuple(doc["prefixes"]), pairs + tuple((pb, pa, b, a) for pa, pb, a, b in pairs)


@lru_cache(maxsize=1)
def _particles() -> tuple[dict[str, frozenset[str]], re.Pattern[str]]:
    turns = {k: frozenset(v) for k, v in cue_document()["antonyms"]["particles"].items()}
    # a word, then its particle; a hyphen on either side makes one word ("follow-up", "top-down")
    verb = re.compile(r"(?<![a-z-])(?P<verb>[a-z]{3,})\s(?P<particle>" + "|".join(sorted(turns, key=len, reverse=True))
                      + r")(?![a-z-])")
    return turns, verb


def _verb_stem(word: str) -> str:
    """One stem for a verb's forms, lightly ("scaled", "scaling", "scales", "scale" → "scal";
    "stepped" → "step"): which form the claim writes is not what the particle check compares."""
    for end in ("ing", "ed", "es", "s", "e"):
        if word.endswith(end) and len(word) - len(end) >= 3:
            word = word[: -len(end)]
            break
    return word[:-1] if len(word) > 3 and word[-1] == word[-2] else word


def _verb_particles(low: str) -> dict[tuple[str, str], str]:
    """(verb stem, particle) → the phrase as written, for each verb and particle of ``low``."""
    return {(_verb_stem(m.group("verb")), m.group("particle")): m.group(0) for m in _particles()[1].finditer(low)}


def flipped_particle(claim_text: str, segment_text: str) -> tuple[str, str] | None:
    """(claim phrase, segment phrase) where the claim writes a verb with the particle that turns
    the direction the segment's same verb states ("scaled up" where the segment says "scaled
    back", "stepped down" for "stepped up"), and neither writes the other's phrase too. The
    particles are stop-words alone ("set up", "30 out of 100"): only the same verb tells that
    they state its direction."""
    turns = _particles()[0]
    claim_low = claim_text.lower()
    if not any(p in claim_low for p in turns):
        return None
    mine, theirs = _verb_particles(claim_low), _verb_particles(segment_text.lower())
    for (stem, particle), written in mine.items():
        for other in sorted(turns[particle]):
            if (stem, other) in theirs and (stem, particle) not in theirs and (stem, other) not in mine:
                return written, theirs[(stem, other)]
    return None


def opposed_word(claim_text: str, segment_text: str) -> tuple[str, str] | None:
    """(claim word, segment word) where the claim says the opposite of the segment: the claim's
    word is not in the segment but its opposite is, and the claim does not have that opposite
    ("untreated" against "adequately treated", "invasive" against "in situ"; a verb's turned
    particle, ``flipped_particle``). Unlike a swap, an opposite need not stand at the same
    place: a word moved there says it too."""
    if flipped := flipped_particle(claim_text, segment_text):
        return flipped
    prefixes, pairs = _antonyms()
    a = set(content_sequence(prepare(claim_text), naming_words=True))
    b = set(content_sequence(prepare(segment_text), naming_words=True))
    for term in sorted(a - b):
        for prefix in prefixes:
            rest = term[len(prefix):]
            if term.startswith(prefix) and len(rest) > 2 and rest in b:
                return term, rest  # "untreated" where the segment says "treated"
    for term in sorted(b - a):
        for prefix in prefixes:
            rest = term[len(prefix):]
            if term.startswith(prefix) and len(rest) > 2 and rest in a:
                return rest, term  # the claim drops the segment's "un-"
    segment_low = segment_text.lower()
    # per item of a list ("… in situ of the cervix, invasive …"): one item may
    # say the opposite while another keeps the segment's word
    for clause in _CLAUSE.split(claim_text.lower()):
        for mine, theirs, word, other in pairs:
            if mine.search(clause) and not theirs.search(clause) and theirs.search(segment_low) \
                    and not mine.search(segment_low):
                return word, other
    # one of two opposites turned into the other where the sentence has both ("receptor negative
    # tumours with node positive disease" for "receptor positive … node positive"): the claim
    # has the word more often than the line and its opposite less often
    claim_low = claim_text.lower()
    for mine, theirs, word, other in pairs:
        if len(mine.findall(claim_low)) > len(mine.findall(segment_low)) \
                and len(theirs.findall(claim_low)) < len(theirs.findall(segment_low)):
            return word, other
    return None


_CLAUSE = re.compile(r"[,;，；、]|\b(?:and|or)\b|[和或及]")
