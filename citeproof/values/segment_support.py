"""Does one source segment carry a claim verbatim-faithfully? (the deterministic pass, seed 000)

A segment carries a claim when it supports every value atom of the claim (supported, not
merely plausible), contains its entity tokens, holds at least ``min_overlap`` of its content
words (English words without stop-words; Chinese as character bigrams), writes each date of the
claim as the claim writes it (dates are no value atoms; a day and month swapped must not be
"found" digit by digit), and has the same
polarity: the same negation and no flipped direction (increase/decrease, higher/lower,
improved/worsened, 升高/降低 …). Last (``SegmentTable.unsaid``, after CP105's other checks), it
writes every content word of the claim, whatever the overlap share — English words, Chinese
characters — save the words ``unstated_words`` and the other checks account for (:func:`_said`).
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache

from citeproof.text.prefilter import may_match
from citeproof.memo import RecentMemo
from citeproof.values.assess import TextIndex, build_index, index_supports_all, prepared_claim, text_supports_all
from citeproof.values.atoms import ValueAtom
from citeproof.values.extract import extract_atoms, prepare, prepare_lines, written_dates
from citeproof.values.lexicon import Lexicon, data_json, lexicon
from citeproof.values.lexicon import singular
from citeproof.values.prefixed_abbreviations import prefixed_spelled, prefixed_written_terms, written_prefixed
from citeproof.values.navigation import navigation_re
from citeproof.values.value_years import value_slot_years, year_as_date_only
from citeproof.values.written_labels import labels_of, unwritten_label

_WORD = re.compile(r"[a-z][a-z'-]*[a-z]|[a-z]")
_CJK_RUN = re.compile(r"[\u3400-\u9fff]+")
# ASCII word boundaries: a Chinese character is no part of a name written in Latin letters
# ("本品的ORR为35%" names ORR, not "ORR为35")
_ENTITY = re.compile(
    r"(?<![\w-])(?:"
    r"[A-Z][a-z]+\s[A-Z0-9](?![\w])"  # Arm A, Group 2
    r"|[A-Za-z]+\d[\w-]*?[+-]?(?![\w+-])"  # HER2, HER2-, NCT01234567 (a receptor's sign is part of it)
    r"|\d+[A-Za-z][\w-]*(?![\w])"
    r"|[A-Z]{2,}[\w-]*?[+-]?(?![\w+-])"  # acronyms, ER+
    r"|[mcuepis][A-Z](?:[a-z]?[A-Z])+(?![\w])"  # an acronym behind a small letter: mOS, mDoR, eGFR, pCR
    r"|[A-Z][a-z]+(?:-[A-Za-z0-9]+)*(?![\w])"  # capitalised names
    r")",
    re.ASCII,
)
# an English cue: words, and in a phrase a comma or bracket and '#' (a number written in digits,
# a currency sign before it: ", up #" is "…, up 12%", not "follow-up 12 weeks")
_ASCII_CUE = re.compile(r"^[a-z' ,(#]+$")
_CUE_NUMBER = r"(?=[$€£¥]?\d)"
_VALUE_TOKEN = re.compile(r"\d+[a-zA-Z]{1,5}")


_LETTER_RUN = re.compile(r"[a-z]+")
_ASCII_DIGITS = re.compile(r"[0-9]+")
_SHAPE_KEY = "segment shape"  # tags SegmentTable memo keys that are digit-blind shapes, not texts


class _WordCues:
    """Does lower-cased text hold one of these English cues as whole words?

    Same answer as one ``(?<![a-z])(?:cue|…)(?![a-z])`` search, faster: a one-word cue is
    whole exactly when it is a maximal ``[a-z]+`` run of the text, so those are a set lookup
    against the text's runs (computed once per text) and only phrases ("compared with",
    "don't") go through a regex. A phrase does not start right after a hyphen either: the
    "up from" of "follow-up from baseline" is a noun's end, no direction."""

    __slots__ = ("single", "phrases")

    def __init__(self, words: list[str]) -> None:
        ascii_words = sorted((w for w in words if _ASCII_CUE.match(w)), key=len, reverse=True)
        single = [w for w in ascii_words if _LETTER_RUN.fullmatch(w)]
        phrases = [w for w in ascii_words if not _LETTER_RUN.fullmatch(w)]
        self.single = frozenset(single)
        # an empty list keeps the empty alternation (it matches wherever no letter is adjacent:
        # the lookbehind a letter-led phrase carries stands alone)
        alternation = "|".join(_phrase_pattern(w) for w in phrases) if phrases else r"(?<![a-z-])"
        self.phrases = (
            re.compile(r"(?:" + alternation + r")(?![a-z])")
            if phrases or not single else None
        )

    def search(self, low: str, runs: set[str] | None = None) -> bool:
        if runs is None:
            runs = set(_LETTER_RUN.findall(low))
        return not self.single.isdisjoint(runs) or (
            self.phrases is not None and may_match(self.phrases, low) and self.phrases.search(low) is not None
        )

    def count(self, low: str, runs: list[str]) -> int:
        """How many cues the text holds (``runs``: its ``[a-z]+`` runs, in order, repeats kept)."""
        phrases = len(self.phrases.findall(low)) if self.phrases is not None and may_match(self.phrases, low) else 0
        return sum(1 for r in runs if r in self.single) + phrases


def _phrase_pattern(phrase: str) -> str:
    """One phrase cue as a regex: whole words, and not right after a hyphen ("follow-up from").
    Only a phrase that opens with a letter is held to that: one that opens with a comma or a
    bracket (", up #") follows a word's last letter as often as a digit ("sales reached
    $1.9 billion, up 12%"), and the comma itself already parts it from that word (rt35 d3)."""
    pattern = re.escape(phrase).replace(r"\#", _CUE_NUMBER)
    return r"(?<![a-z-])" + pattern if phrase[:1].isalpha() else pattern


@dataclass(frozen=True, slots=True)
class _Cues:
    stop_en: frozenset[str]
    stop_zh: frozenset[str]
    unstated_en: frozenset[str]  # content terms a carrying segment may lack (_checked_elsewhere)
    unstated_zh: frozenset[str]  # Chinese characters it may lack (grammar, stop-words)
    zh_connectives: re.Pattern[str]  # Chinese linking words read out of a claim before that (此外, 同时)
    swap_words_en: frozenset[str]
    swap_people_en: dict[str, str]  # a word for study members at large → the one term they are read as
    subject_words_en: frozenset[str]
    subject_words_zh: tuple[str, ...]
    negation_en: _WordCues
    negation_zh: tuple[str, ...]
    negation_exceptions: tuple[str, ...]
    negation_exceptions_ascii: tuple[str, ...]  # the same, less those that cannot occur in ASCII text
    zh_all_non_ascii: bool  # no word of the *_zh lists can occur in ASCII text
    bound_phrases: re.Pattern[str]
    directions: dict[str, _WordCues]
    directions_zh: dict[str, tuple[str, ...]]
    opposite: dict[str, str]
    structure: dict[str, _WordCues]
    structure_zh: dict[str, tuple[str, ...]]
    inverting_headers: tuple[str, ...]


@lru_cache(maxsize=1)
def cue_document() -> dict:
    """``citeproof/data/claim_support.json``, read once: the word lists CP105's checks use."""
    return data_json("claim_support.json")


@dataclass(frozen=True, slots=True)
class NegationCues:
    """The negation cues of ``claim_support.json`` split for reading one place in a text."""

    words: frozenset[str]  # English single words ("not", "no", "didn't")
    phrases: tuple[str, ...]  # English phrases ("absence of", "failed to")
    zh: tuple[str, ...]  # Chinese cues (未, 没有)
    exceptions: tuple[str, ...]  # compounds holding a cue that do not negate (不良, 无进展)


@lru_cache(maxsize=1)
def negation_cues() -> NegationCues:
    doc = cue_document()
    english = [w for w in doc["negation"] if w.isascii()]
    return NegationCues(
        words=frozenset(w for w in english if " " not in w),
        phrases=tuple(w for w in english if " " in w),
        zh=tuple(w for w in doc["negation"] if not w.isascii()),
        exceptions=tuple(sorted((w for w in doc["negation_exceptions"] if not w.isascii()), key=len, reverse=True)),
    )


@dataclass(frozen=True, slots=True)
class DenialLinks:
    """Words that may stand between a negation and the name it denies (``denial_links``)."""

    en: frozenset[str]
    zh: tuple[str, ...]  # longest first


@lru_cache(maxsize=1)
def denial_links() -> DenialLinks:
    doc = cue_document()["denial_links"]
    return DenialLinks(en=frozenset(doc["en"]), zh=tuple(sorted(doc["zh"], key=len, reverse=True)))


# What may follow a bound word that bounds only a number: a digit, a Chinese numeral or 半 (半数)
_NUMBER_AHEAD = r"(?=\s?[0-9一二两三四五六七八九十半百千])"


def _bound_phrases(doc: dict) -> re.Pattern[str]:
    """The bound phrases ("more than", 不超过), and those that bound only a number right after
    them (不足 30%), in one alternation, longest first."""
    phrases = [(p, "") for p in doc["bound_phrases"]]
    phrases += [(p, _NUMBER_AHEAD) for p in doc["bound_phrases_before_number"]["phrases"]]
    return re.compile("|".join(re.escape(p) + ahead for p, ahead in sorted(phrases, key=lambda pa: len(pa[0]), reverse=True)))


def _checked_elsewhere(doc: dict, *, agreement: bool = True) -> list[str]:
    """The words a carrying segment need not write for the claim that does (``_said``): those
    of ``unstated_words`` and the stop-words, the hedges, approximations and forecast words (a
    claim they weaken is weaker than its source, as ``citeproof.values.strength`` reads it), and
    — ``agreement`` — the meaning words ``citeproof.values.agreement`` compares group by group
    ("required" under "Inclusion Criteria:", "recommended" under "Recommended"). Single words
    only: a phrase's words say nothing alone."""
    strength = doc["strength_cues"]
    words = [*doc["unstated_words"]["en"], *doc["unstated_words"]["zh"], *doc["stopwords_zh"], *doc["swap_words_en"]["people"],
             *strength["hedges"], *strength["approximations"], *strength["forecast"]["claim_words"]]
    if agreement:
        agree = doc["agreement_words"]
        words += [w for part in ("both_ways", "claim_side") for groups in agree[part].values()
                  if isinstance(groups, dict) for g, ws in groups.items() if not g.startswith("_") for w in ws]
    denying = set(doc["unstated_words"]["denying"])
    return [w for w in words if " " not in w and w not in denying]


def cues() -> _Cues:
    """The compiled cue words (stop-words, negation, direction, subject and swap words)."""
    return _cues()


@lru_cache(maxsize=1)
def _cues() -> _Cues:
    doc = cue_document()

    def words_re(words: list[str]) -> _WordCues:
        return _WordCues(words)

    def zh(words: list[str]) -> tuple[str, ...]:
        return tuple(sorted((w for w in words if not _ASCII_CUE.match(w)), key=len, reverse=True))

    zh_lists = [doc["negation"], *doc["directions"].values(),
                *(v for k, v in doc["structure_cues"].items() if not k.startswith("_"))]
    return _Cues(
        zh_all_non_ascii=all(not w.isascii() for words in zh_lists for w in zh(words)),
        stop_en=frozenset(doc["stopwords_en"]),
        stop_zh=frozenset(doc["stopwords_zh"]),
        unstated_en=frozenset(singular(w) for w in _checked_elsewhere(doc) if w.isascii()),
        unstated_zh=frozenset("".join(w for w in _checked_elsewhere(doc, agreement=False) if not w.isascii())),
        zh_connectives=re.compile("|".join(map(re.escape, sorted(doc["unstated_words"]["zh_connectives"], key=len, reverse=True)))),
        swap_words_en=frozenset(doc["swap_words_en"]["words"]),
        swap_people_en=dict.fromkeys(doc["swap_words_en"]["people"], doc["swap_words_en"]["people"][0]),
        subject_words_en=frozenset(doc["subject_words"]["en"]),
        subject_words_zh=tuple(doc["subject_words"]["zh"]),
        negation_en=words_re(doc["negation"]),
        negation_zh=zh(doc["negation"]),
        negation_exceptions=tuple(sorted(doc["negation_exceptions"], key=len, reverse=True)),
        negation_exceptions_ascii=tuple(w for w in sorted(doc["negation_exceptions"], key=len, reverse=True) if w.isascii()),
        bound_phrases=_bound_phrases(doc),
        directions={k: words_re(v) for k, v in doc["directions"].items()},
        directions_zh={k: zh(v) for k, v in doc["directions"].items()},
        opposite=dict(doc["opposite"]),
        structure={k: words_re(v) for k, v in doc["structure_cues"].items() if not k.startswith("_")},
        structure_zh={k: zh(v) for k, v in doc["structure_cues"].items() if not k.startswith("_")},
        inverting_headers=tuple(h.lower() for h in doc["inverting_headers"]),
    )


def content_terms(text: str) -> set[str]:
    """English content words (lightly stemmed) and Chinese character bigrams.

    Unit, scale, currency and number words are left out: they belong to value atoms, which are checked as
    atoms, and would otherwise let "mg/day" count as shared content."""
    return set(content_sequence(text))


_TOKEN = re.compile(rf"{_WORD.pattern}|{_CJK_RUN.pattern}")


def content_sequence(text: str, *, naming_words: bool = False) -> list[str]:
    """The content terms of ``text`` in the order they are written (repeats kept): the
    words and bigrams :func:`content_terms` collects, for checks that need word order.
    ``naming_words``: also the stop-words that name what is measured ("overall", "total"), and
    the words for study members at large as one term ("patients" = "participants"), so that
    a share of "patients" stands where the text has one of "children"."""
    cues = _cues()
    lex = lexicon()
    term_of = _word_terms(cues, lex)
    keep = cues.swap_words_en if naming_words else frozenset()
    people = cues.swap_people_en if naming_words else {}
    out: list[str] = []
    for m in _TOKEN.finditer(text.lower()):
        token = m.group(0)
        if token in people:
            out.append(people[token])
            continue
        if token in keep:
            out.append(singular(token))  # "units" is "unit"
            continue
        if token[0] < "\u3400":  # an English word
            term = term_of.get(token, _UNSEEN)
            if term is _UNSEEN:
                term = _word_term(token, cues, lex)
                if len(term_of) < _WORD_TERMS_MAX:
                    term_of[token] = term
            if term is not None:
                out.append(term)  # type: ignore[arg-type]
            continue
        if len(token) == 1 and token not in cues.stop_zh:
            out.append(token)
        for a, b in zip(token, token[1:]):
            if a + b not in cues.stop_zh and not (a in cues.stop_zh and b in cues.stop_zh):
                out.append(a + b)
    return out


_UNSEEN = object()
_WORD_TERMS_MAX = 200_000  # distinct words remembered per process (a vocabulary, not a corpus)
_WORD_TERMS: tuple[object, object, dict[str, str | None]] | None = None


def _word_terms(cues: _Cues, lex: Lexicon) -> dict[str, str | None]:
    """word → its content term (None: a stop, unit or number word), for the loaded cue and
    value lexicons; every segment of every window repeats the same few thousand words."""
    global _WORD_TERMS
    if _WORD_TERMS is None or _WORD_TERMS[0] is not cues or _WORD_TERMS[1] is not lex:
        _WORD_TERMS = (cues, lex, {})
    return _WORD_TERMS[2]


def _word_term(w: str, cues: _Cues, lex: Lexicon) -> str | None:
    if w not in cues.stop_en and len(w) > 1 and w not in lex.unit_by_alias and w not in lex.number_words \
            and w not in lex.per_time_by_alias and w not in lex.scale_words and w not in lex.currency_suffix:
        return singular(w)
    return None


@lru_cache(maxsize=4096)
def _reads_as_value(token: str) -> bool:
    """Whether the numeric rule reads ``token`` ("30mg", "3mm") as a value it checks; a
    substage or identifier ("3A", "2b") it skips must be matched here, as a name."""
    return bool(extract_atoms(token))


def entity_tokens(text: str) -> set[str]:
    """Identifiers (NCT…, HER2), acronyms and capitalised names, except a sentence's first word."""
    cues = _cues()
    out: set[str] = set()
    for m in _ENTITY.finditer(text):
        token = m.group(0)
        before = text[: m.start()].rstrip()
        if token[0].isupper() and token[1:].islower() and (not before or before[-1] in ".!?:;。！？；(\"'["):
            continue  # a capitalised sentence start is not a name
        if token.lower() in cues.stop_en or token.isdigit():
            continue
        if token[0].islower() and before[-1:].isdigit():
            continue  # "5 mIU/mL": a unit after its number, not a prefixed acronym
        if _VALUE_TOKEN.fullmatch(token) and _reads_as_value(token):
            continue  # "30mg", "3mm": a value, checked as an atom ("3A", "IIIA" → "3A" is a name)
        if token in lexicon().currency_prefix and _beside_amount(text, m.start(), m.end()):
            continue  # "EUR 4.2 billion": the amount's currency, which the value atom compares ("€4.2 billion")
        out.add(token.lower())
    return out


_AMOUNT_BEFORE = re.compile(r"\d(?:\s?(?:[kmb]n?|thousand|million|billion|trillion))?\s?$", re.IGNORECASE)


def _beside_amount(text: str, start: int, end: int) -> bool:
    """Whether the code at ``text[start:end]`` is written against an amount: "EUR 4.2", "4.2 EUR",
    "4.2 billion EUR". A code on its own ("EUR-denominated bonds") names the currency itself."""
    return text[end:end + 2].lstrip()[:1].isdigit() or _AMOUNT_BEFORE.search(text, 0, start) is not None


@lru_cache(maxsize=1)
def _zh_label_re() -> re.Pattern[str]:
    after = "|".join(re.escape(w) for w in sorted(lexicon().label_after, key=len, reverse=True))
    # 第3周期, 第 2 天: an ordinal; 2级, 3 期: a number before a label word (not the tail of 1.2 or 12)
    return re.compile(rf"第\s?\d+\s?(?:{after}|天|周|次|阶段)?|(?<![\d.])\d+\s?(?:{after})")


# A Chinese group's index (group_labels_zh): a Latin capital or a Roman numeral (prepare() writes
# Ⅱ as II) on either side of the group word, and lists of them (队列A和B, A、B组); after the word
# also a digit or a Chinese numeral. A letter inside a
# Latin name (HER2组, ABC组, 队列AB) is no index.
_GROUP_LETTER = r"(?:[IVX]{1,4}|[A-Z])"
_GROUP_LINK = r"\s?[、和及与或/]\s?"
_GROUP_LETTERS = rf"{_GROUP_LETTER}(?:{_GROUP_LINK}{_GROUP_LETTER})*"
# nor one a grade, stage, type or count word follows: "两组I级", "组2例" say no group's index
_GROUP_NOT_BEFORE = r"(?!\s?[级期型线号度周天月年次例名人个位%])"
_GROUP_NUMBER = r"(?:\d{1,2}(?![\d.,])|[一二三四五六七八九十]{1,2}(?![一二三四五六七八九十百千万]))"
_GROUP_ITEM = re.compile(r"[ivx]{1,4}|[a-z]")


@lru_cache(maxsize=2)
def _zh_group_re(ignore_case: bool) -> re.Pattern[str]:
    """Group word and index, either order. ``ignore_case``: for a lower-cased segment (the claim's
    labels are read as written, so that a small letter after 组 — "各组p值" — names none)."""
    words = "|".join(re.escape(w) for w in sorted(cue_document()["group_labels_zh"]["words"], key=len, reverse=True))
    return re.compile(
        rf"(?P<word>{words})\s?(?:(?P<after>{_GROUP_LETTERS})(?![A-Za-z0-9])|(?P<number>{_GROUP_NUMBER})){_GROUP_NOT_BEFORE}"
        rf"|(?<![A-Za-z0-9-])(?P<before>{_GROUP_LETTERS})\s?(?P<word_after>{words})",
        re.IGNORECASE if ignore_case else 0,
    )


def zh_group_labels(text: str, *, ignore_case: bool = False) -> set[str]:
    """The Chinese group labels of ``text`` (``_zh_group_re``), lower-cased, word first, spaces
    dropped: "队列A", "A队列" and "队列 A" are all "队列a"; a list names each ("队列A和B": 队列a, 队列b)."""
    out: set[str] = set()
    for m in _zh_group_re(ignore_case).finditer(text):
        word = m.group("word") or m.group("word_after")
        if m.group("number"):
            out.add(word + m.group("number"))
            continue
        letters = (m.group("after") or m.group("before")).lower()
        out.update(word + item for item in _GROUP_ITEM.findall(letters))
    return out


# a label first in its sentence or after a colon ("Grade 4 …", "…: Level 2"), not one that opens
# a list ("Cohorts 1 and 2 …", "Days 1-8"): which of a list's labels a number belongs to is the
# binding check's question (citeproof.values.binding)
_OPENING_LABEL = re.compile(
    r"(?:^|[.:;!?(\[]\s*)\W*([A-Z][a-z]+\s(?:\d+|[A-Z]))(?![\w,]|\.\d)(?!\s*(?:and|or|to|&)\b|\s*[-–—/~])"
)


def numbered_labels(text: str) -> set[str]:
    """Numbered labels ``entity_tokens`` leaves out, lower-cased: those first in a sentence or
    after a colon ("Arm B had …", "…: Part 2", which as a capitalised first word it skips) and
    Chinese ones (第3周期, 2级; spaces dropped; group labels: 队列A, A队列 → 队列a). They name what the claim's numbers belong to, as
    "Cohort 2" does, so a pass needs them written in the segment: the digits alone are found
    in "12 (24%)" or in "mg/m2". Grades, stages, levels and the like are
    ``citeproof.values.written_labels``' to read, wherever they stand."""
    # a grading or level word's label is read by written_labels, which knows lists and substages
    out = {m.group(1).lower() for m in _OPENING_LABEL.finditer(text) if not labels_of(m.group(1).lower())}
    if not text.isascii():
        out.update(m.group(0).replace(" ", "") for m in _zh_label_re().finditer(text))
        out.update(zh_group_labels(text))
    return out


def structure(text: str) -> frozenset[str]:
    """Contrast / comparison / "respectively" cues present (they bind values to subjects)."""
    cues = _cues()
    low = text.lower()
    runs = set(_LETTER_RUN.findall(low))
    found = {k for k, rx in cues.structure.items() if rx.search(low, runs)}
    if not (low.isascii() and cues.zh_all_non_ascii):  # else no Chinese cue can occur
        found |= {k for k, ws in cues.structure_zh.items() if any(w in low for w in ws)}
    return frozenset(found)


_DIGIT_RUN = re.compile(r"\d+(?:[.,]\d+)*")


def _digit_runs(text: str) -> set[str]:
    return {m.group(0).replace(",", "") for m in _DIGIT_RUN.finditer(text)}


def _blank_atoms(text: str, atoms: list[ValueAtom]) -> str:
    """The claim with its value atoms blanked out (atoms are offsets into the prepared claim)."""
    chars = list(text)
    for a in atoms:
        for i in range(max(0, a.start), min(len(chars), a.end)):
            chars[i] = " "
    return "".join(chars)


def inverting_header(line: str) -> bool:
    """A header whose list states what must not hold (Exclusion Criteria, 禁忌)."""
    return _inverting_header_re().search(line.lower()) is not None


@lru_cache(maxsize=1)
def _inverting_header_re() -> re.Pattern[str]:
    """Some inverting header occurs (a substring test of each, as one search)."""
    headers = _cues().inverting_headers
    return re.compile("|".join(re.escape(h) for h in headers) if headers else "(?!)")


def words_pattern(words: list[str] | tuple[str, ...]) -> re.Pattern[str]:
    """One search for any of ``words`` in lower-cased text, longest first: an English word whole
    (no letter on either side; a clitic such as "'ll" needs none before it), Chinese as a
    substring; no words match nothing."""
    def one(w: str) -> str:
        if re.search(r"[\u3400-\u9fff]", w):
            return re.escape(w)
        return (r"(?<![a-z])" if w[:1].isalnum() else "") + re.escape(w) + r"(?![a-z])"

    parts = [one(w) for w in sorted(set(words), key=len, reverse=True)]
    return re.compile("|".join(parts) if parts else "(?!)")


def written_in(words: str, low: str) -> bool:
    """``words`` written in lower-cased ``low``: from the start of a word when they are Latin ("men"
    is not written in "women"; "treat" is in "treated", a stem), as a substring when Chinese
    (which has no spaces to bound a word)."""
    if words not in low:
        return False
    if not words.isascii():
        return True
    return re.search(r"(?<![a-z0-9])" + re.escape(words), low) is not None


def _spaced(text: str) -> str:
    return " ".join(text.split())


def _has_date(date: str, low: str) -> bool:
    """``date`` (lower-cased, single-spaced) in ``low`` with no digit glued to either end
    ("2012年6月1日" is not in "2012年6月10日")."""
    if date not in low and date not in (low := _spaced(low)):
        return False
    return re.search(r"(?<![\d.])" + re.escape(date) + r"(?!\d)", low) is not None


@lru_cache(maxsize=1024)
def _entity_re(entity: str) -> re.Pattern[str]:
    # compiled once per entity token (a claim's entities recur across its segments and claims)
    tail = r"(?![a-z0-9])" if entity[-1] in "+-" else r"(?![a-z0-9+])(?!-(?![a-z]))"
    return re.compile(r"(?<![a-z0-9])" + re.escape(entity) + tail)


def _has_entity(entity: str, low: str) -> bool:
    """``entity`` written as a whole token; a trailing sign must match (HER2- is not HER2+ nor HER2),
    while a hyphenated compound keeps its head ("her2" is in "her2-negative")."""
    return entity in low and _entity_re(entity).search(low) is not None


def _zh_label_written(entity: str, low: str) -> bool:
    """A Chinese numbered label (``numbered_labels``: 3级, 第2天, spaces dropped) written in ``low``
    with a space inside it ("3 级及以上"): the claim's own "3 级" is read as "3级"."""
    return not entity.isascii() and entity[:1] in "0123456789第" \
        and any(m.group(0).replace(" ", "") == entity for m in _zh_label_re().finditer(low))


def _zh_group_written(entity: str, low: str) -> bool:
    """A Chinese group label (``zh_group_labels``: 队列a) written in lower-cased ``low`` in any of
    its forms ("a队列", "队列 a", "队列a和b")."""
    return not entity.isascii() and entity in zh_group_labels(low, ignore_case=True)


def polarity(text: str) -> tuple[bool, frozenset[str]]:
    """(negated?, direction classes present) after removing bound phrases like "more than"."""
    negations, dirs = counted_polarity(text)
    return negations > 0, dirs


@lru_cache(maxsize=4096)
def counted_polarity(text: str) -> tuple[int, frozenset[str]]:
    """(how many negations, direction classes present), read as ``polarity`` reads them.

    The count matters where both sides are negated: "No X unless Y was not done" has one
    negation more than "No X unless Y was done", and the flags alone call them equal.
    Cached: CP104 asks it of the claim as written and CP105 of the prepared claim, which for
    most claims is the same string."""
    cues = _cues()
    low = text.lower()
    if may_match(cues.bound_phrases, low):  # most texts hold none of the phrases: skip the alternation
        low = cues.bound_phrases.sub(" ", low)
    ascii_text = low.isascii()
    skip_zh = ascii_text and cues.zh_all_non_ascii  # no Chinese cue can occur: skip those tests
    for word in cues.negation_exceptions_ascii if ascii_text else cues.negation_exceptions:
        # compounds that contain a negation character/word but do not negate (不良 = adverse)
        if word in low:
            low = low.replace(word, " ")
    run_list = _LETTER_RUN.findall(low)
    runs = set(run_list)
    negations = 0
    if cues.negation_en.search(low, runs):
        negations = cues.negation_en.count(low, run_list)
    if not skip_zh:
        negations += sum(low.count(c) for c in cues.negation_zh)
    dirs = {k for k, rx in cues.directions.items() if rx.search(low, runs)}
    if not skip_zh:
        dirs |= {k for k, ws in cues.directions_zh.items() if any(w in low for w in ws)}
    return negations, frozenset(dirs)


@dataclass(frozen=True, slots=True)
class SegmentVerdict:
    carries: bool
    why: str | None  # first unmet condition, for the undecided reason
    stage: int = 0  # how far the segment got (the best segment's reason is the one reported)
    share: float = 0.0  # content-word overlap, to pick the nearest miss among segments that stopped there


class ClaimProfile:
    """Everything about a claim the segment check needs, each part computed once per claim and
    only when first read. The content-word overlap reads ``atoms`` and ``terms`` alone, and a
    claim that meets no segment past it (most claims of a long report, against most windows)
    never needs the rest: what a carrying segment must also write, the claim's polarity and
    structure. Built by :func:`claim_profile`."""

    def __init__(self, claim: str, atoms: Sequence[ValueAtom], labels: Sequence[str], sequence: list[str]) -> None:
        self._claim = claim  # the prepared claim
        self._labels = labels
        self._sequence = sequence  # content_sequence of the claim, dose frequencies in their group's words
        self.atoms: tuple[ValueAtom, ...] = tuple(atoms)
        self.terms: frozenset[str] = frozenset(sequence) | prefixed_written_terms(claim)

    @cached_property
    def _worded(self) -> tuple[str, list[str]]:
        """The claim less its aside citation labels, and its content sequence: a claim without
        citation labels is its own worded form."""
        from citeproof.values.agreement import canonical_dose_frequencies  # agreement reads this module

        claim, labels = self._claim, self._labels
        worded = _without_labels(claim, labels) if labels else claim
        return worded, (self._sequence if worded == claim else content_sequence(canonical_dose_frequencies(worded)))

    @cached_property
    def said(self) -> frozenset[str]:
        """What a carrying segment must also hold: English terms and Chinese characters."""
        worded, sequence = self._worded
        return _said(frozenset(sequence), worded)

    @cached_property
    def repeated(self) -> tuple[tuple[str, int], ...]:
        """English terms of ``said`` the claim writes more than once, with their counts."""
        return _repeated(self.said, self._worded[1])

    @cached_property
    def entities(self) -> tuple[str, ...]:
        return tuple(sorted(entity_tokens(self._claim) | numbered_labels(self._claim)))

    @cached_property
    def labels(self) -> tuple[tuple[str, str], ...]:
        """Numbered labels: grade 4, stage 3a (citeproof.values.written_labels)."""
        return labels_of(self._claim.lower())

    @cached_property
    def loose_digits(self) -> frozenset[str]:
        # labels and identifiers are not value atoms ("Cohort 2", "week 24", NCT ids), but a
        # pass still needs them written in the segment — all but a pointer to the report's own
        # part ("Table 1", "如表1所示"): its number is the report's, no source writes it
        return frozenset(_digit_runs(navigation_re().sub(" ", _blank_atoms(self._claim, self.atoms).lower())))

    @cached_property
    def value_years(self) -> frozenset[str]:
        """Years stated as figures ("was 2023": citeproof.values.value_years)."""
        return value_slot_years(self._claim.lower())

    @cached_property
    def dates(self) -> tuple[str, ...]:
        # a date's digits are all "written" in a segment that has them in another order
        # (2012年1月6日 against 2012年6月1日): a date must be written as the claim writes it
        return tuple(sorted({_spaced(d.lower()) for d in written_dates(self._claim)}))

    @cached_property
    def _polarity(self) -> tuple[int, frozenset[str]]:
        return counted_polarity(self._claim)

    @property
    def negated(self) -> bool:
        return self._polarity[0] > 0

    @property
    def negations(self) -> int:
        return self._polarity[0]

    @property
    def directions(self) -> frozenset[str]:
        return self._polarity[1]

    @cached_property
    def structure(self) -> frozenset[str]:
        return structure(self._claim)


@dataclass(frozen=True, slots=True)
class _SegmentProfile:
    low: str
    terms: frozenset[str]
    digits: frozenset[str]
    negated: bool
    negations: int
    directions: frozenset[str]
    structure: frozenset[str]


def claim_profile(claim_text: str, atoms: list[ValueAtom], *, labels: Sequence[str] = ()) -> ClaimProfile:
    """``labels``: the claim's citation labels ("[limits](https://…)"): their words are the
    citation's, not the claim's, and no segment need write them."""
    from citeproof.values.agreement import canonical_dose_frequencies  # agreement reads this module

    claim = prepared_claim(claim_text)
    # A dose frequency is read in its group's words ("every 12 hours" as "twice daily"), as a
    # segment's are too (``segment_terms``): the agreement check compares the group itself
    return ClaimProfile(claim, atoms, labels, content_sequence(canonical_dose_frequencies(claim)))


def segment_terms(text: str) -> set[str]:
    """A source segment's content terms: ``content_terms``, each prefixed abbreviation it spells
    out ("median OS", "median overall survival" write "mos": ``prefixed_spelled``), and
    each hyphenated word's also written whole ("hepato-toxicity" is "hepatotoxicity" too). A word a PDF's line wrap split
    keeps the hyphen the wrap put in — reflow cannot tell "hepato-" / "toxicity" from "dose-" /
    "escalation" — while a claim writes it whole. Only the source's side: a claim's hyphenated
    word stays as written, so it needs no joined form in the source."""
    from citeproof.values.agreement import canonical_dose_frequencies  # agreement reads this module

    terms = content_terms(text)
    terms |= prefixed_spelled(text) | prefixed_written_terms(text) | abbreviations_spelled(text)
    # a dose frequency writes its group's words too ("every 12 hours" writes "twice daily"), as a
    # claim's is read (``claim_profile``)
    if (canonical := canonical_dose_frequencies(text)) is not text:
        terms |= content_terms(canonical)
    if "-" not in text:
        return terms
    cues, lex = _cues(), lexicon()
    for m in _WORD.finditer(text.lower()):
        if "-" not in (word := m.group(0)):
            continue
        # written whole, and each part alone: "treatment-naive" writes "treatment" and "naive"
        for piece in (word.replace("-", ""), *word.split("-")):
            if (term := _word_term(piece, cues, lex)) is not None:
                terms.add(term)
    return terms


def _profile_of_prepared(seg: str) -> _SegmentProfile:
    negations, dirs = counted_polarity(seg)
    return _SegmentProfile(
        low=seg.lower(), terms=frozenset(segment_terms(seg)), digits=frozenset(_digit_runs(seg)),
        negated=negations > 0, negations=negations, directions=dirs, structure=structure(seg),
    )


@lru_cache(maxsize=8192)
def _segment_profile(segment_text: str) -> _SegmentProfile:
    return _profile_of_prepared(prepare(segment_text))


POLARITY_STAGE = 4  # a segment that stops here holds the claim's words, names and digits, with another polarity

_DERIVED = SegmentVerdict(False, "a derived number cannot be read off one segment", 0)
_NO_TERMS = SegmentVerdict(False, "no content words to compare", 0)


def _overlap_verdict(share: float, min_overlap: float) -> SegmentVerdict:
    return SegmentVerdict(False, f"content-word overlap {share:.0%} < {min_overlap:.0%}", 1, share)


@lru_cache(maxsize=1)
def _abbreviations() -> tuple[tuple[tuple[re.Pattern[str], frozenset[str]], ...], dict[str, frozenset[str]]]:
    """``unstated_words.abbreviations``: each as a segment writes it ("HR", in capitals: "or" is
    a word) with the terms of what it stands for, and each as a claim's term ("hr") with them."""
    pairs = cue_document()["unstated_words"]["abbreviations"].items()
    written = tuple((re.compile(rf"(?<![A-Za-z]){re.escape(a)}(?![A-Za-z])"), frozenset(content_terms(e))) for a, e in pairs)
    return written, {singular(a.lower()): frozenset(content_terms(e)) for a, e in pairs}


@lru_cache(maxsize=1)
def _expansions() -> tuple[re.Pattern[str], dict[str, str]]:
    """``unstated_words.abbreviations`` the other way round: one search for what each stands
    for ("disease control rate"; a space or hyphen between words), each found phrase (joined) →
    the abbreviation's term ("dcr"), the longest phrase first ("adverse events" before "adverse
    event")."""
    pairs = cue_document()["unstated_words"]["abbreviations"].items()
    term_of = {_JOINED.sub("", e.lower()): singular(a.lower()) for a, e in pairs}
    phrases = sorted({e.lower() for _, e in pairs}, key=len, reverse=True)
    pattern = re.compile(r"(?<![a-z])(?:" + "|".join(
        r"[\s-]+".join(map(re.escape, _JOINED.split(p))) for p in phrases) + r")(?![a-z])")
    return pattern, term_of


_JOINED = re.compile(r"[\s-]+")  # what may stand between the words of a phrase


def abbreviations_spelled(text: str) -> set[str]:
    """The abbreviations ``text`` spells out, as the claim's term for each ("The disease control
    rate was 80%" → "dcr"): a claim naming a measure by its abbreviation ("DCR was 80%") shares
    no word with the line spelling it out (red team s26)."""
    pattern, term_of = _expansions()
    low = text.lower()
    if not may_match(pattern, low):
        return set()
    return {term_of[_JOINED.sub("", m.group(0))] for m in pattern.finditer(low)}


def spell_abbreviations(text: str, segment: str) -> tuple[str, tuple[tuple[int, int], ...]]:
    """``text`` with each abbreviation of ``unstated_words.abbreviations`` that ``segment`` spells
    out written as the segment spells it ("The DCR was 40%" → "The disease control rate was
    40%"), and the edits as (where, characters added), as ``spell_prefixed`` gives them. The
    binding check then reads whose number it is as it reads the spelled-out claim's: against
    "the disease control rate was 80% and the objective response rate was 40%", "The DCR was
    40%" had no word to tie 40% to and passed."""
    pattern, term_of = _expansions()
    spelled: dict[str, str] = {}
    for m in pattern.finditer(segment.lower()) if may_match(pattern, segment.lower()) else ():
        spelled.setdefault(term_of[_JOINED.sub("", m.group(0))], m.group(0))
    if not spelled:
        return text, ()
    out: list[str] = []
    edits: list[tuple[int, int]] = []
    last = 0
    for m in _written_abbreviations().finditer(text):
        if (form := spelled.get(singular(m.group(0).lower()))) is None:
            continue
        out.append(text[last:m.start()] + form)
        edits.append((m.end(), len(form) - len(m.group(0))))
        last = m.end()
    out.append(text[last:])
    return "".join(out), tuple(edits)


@lru_cache(maxsize=1)
def _written_abbreviations() -> re.Pattern[str]:
    """An abbreviation of ``unstated_words.abbreviations`` as written, in a word of its own."""
    abbrs = sorted(cue_document()["unstated_words"]["abbreviations"], key=len, reverse=True)
    return re.compile(r"(?<![A-Za-z0-9])(?:" + "|".join(map(re.escape, abbrs)) + r")(?![A-Za-z0-9])")


def _spelled_out(entity: str, terms: frozenset[str]) -> bool:
    """An abbreviation (dcr) the segment spells out (``abbreviations_spelled``, in its terms);
    a name is not stemmed, a term is ("traes" is "trae")."""
    return (term := singular(entity)) in terms and term in _expansions()[1].values()


_LABEL_BRACKETS = (("(", ")"), ("（", "）"), ("[", "]"))


def _without_labels(claim: str, labels: Sequence[str]) -> str:
    """The prepared claim less the citation labels it writes as an aside — a link alone in
    brackets, "… per minute ([limits page](…))" — each at its last occurrence. A link inside the
    sentence ("…, and [the drug was well tolerated](…)") is the claim's own words, and so is a
    label when only labels would be left ("([Revenue rose 12%](…))"). Only the every-word check
    reads the claim so: its content-word overlap keeps the label's words."""
    body = claim
    for label in map(prepare, labels):
        for opening, closing in _LABEL_BRACKETS:
            at = body.rfind(aside := f"{opening}{label}{closing}")
            if at >= 0:
                body = f"{body[:at]} {body[at + len(aside):]}"
                break
    return body if content_terms(body) else claim


def _said(terms: frozenset[str], claim: str) -> frozenset[str]:
    """The claim's words a carrying segment must hold, whatever the overlap: its English content
    terms and its Chinese characters, less ``unstated_words`` (claim_support.json). The overlap
    share alone let a near-copy of a long sentence add a fact in a word or two ("a *confirmed*
    response rate", "…, *and it was well tolerated*", "两组安全性相当"). Chinese is compared
    character by character: a rephrased Chinese sentence joins its words into bigrams the source
    never wrote, while a word it adds brings characters the source does not have."""
    cues = _cues()
    english = {t for t in terms if t[0] < "\u3400" and t not in cues.unstated_en}
    hanzi = {c for run in _CJK_RUN.findall(cues.zh_connectives.sub(" ", claim)) for c in run if c not in cues.unstated_zh}
    return frozenset(english | hanzi)


def _repeated(said: frozenset[str], sequence: Sequence[str]) -> tuple[tuple[str, int], ...]:
    """The English terms the claim writes more than once ("… 11.9% for X, and … 18.1 months with
    X"): a segment that names one of them fewer times has not said the claim's second mention,
    which attaches the term to another figure. ``sequence``: the claim's ``content_sequence``."""
    counts = Counter(t for t in sequence if t in said)
    return tuple(sorted((t, n) for t, n in counts.items() if n > 1))


def _unsaid(profile: ClaimProfile, seg: _SegmentProfile, text: str) -> str | None:
    """The first word or character of the claim the segment (``text`` as written) does not hold
    (or holds fewer times than the claim writes it), if any. A hyphenated claim word the segment
    writes in parts, and an abbreviation written out on one side (``unstated_words``), are held."""
    missing = [w for w in profile.said - seg.terms if len(w) > 1 or w not in seg.low]
    if missing:
        written, spelled_out = _abbreviations()
        spelled = frozenset().union(*(terms for rx, terms in written if rx.search(text)))
        missing = sorted(
            w for w in missing
            if w not in spelled
            and not ("-" in w and all(p in seg.terms for p in map(singular, w.split("-")) if p))
            and not (w in spelled_out and spelled_out[w] <= seg.terms)
        )
    if missing:
        return missing[0]
    if profile.repeated:
        counts = Counter(content_sequence(seg.low))
        return next((t for t, n in profile.repeated if counts[t] < n), None)
    return None


def words_unsaid(words: str, segment_text: str) -> str | None:
    """The first word or number of ``words`` (a table header's own words, "Maintenance therapy",
    "24 months") that ``segment_text`` does not write, read as a claim's words are (:func:`_unsaid`:
    stems, an abbreviation written out), if any. A header's words are a row's claim as much as its
    cells: "24 months" over "28%" says what "28% at 24 months" says."""
    profile = claim_profile(words, [])
    seg = _segment_profile(segment_text)
    if missing := _unsaid(profile, seg, segment_text):
        return missing
    return next(iter(sorted(profile.loose_digits - seg.digits)), None)


def _after_overlap(profile: ClaimProfile, seg: _SegmentProfile, supports_all: Callable[[], bool]) -> SegmentVerdict:
    """The checks after the content-word overlap held, cheapest first; ``supports_all`` indexes
    the segment's numbers, so it runs last."""
    missing = [e for e in profile.entities if not _has_entity(e, seg.low) and not _zh_label_written(e, seg.low)]
    # a group label written in another of its forms (A队列 for 队列A), an abbreviation spelled out (median OS for mOS)
    missing = [e for e in missing if not _zh_group_written(e, seg.low) and not written_prefixed(e, seg.terms) and not _spelled_out(e, seg.terms)]
    if missing:
        return SegmentVerdict(False, f"entity not in one segment: {missing[0]}", 2)
    if label := unwritten_label(profile.labels, seg.low):
        return SegmentVerdict(False, f"the claim's '{label}' is not written in one segment", 2)
    loose = profile.loose_digits - seg.digits
    if loose:
        return SegmentVerdict(False, f"'{sorted(loose)[0]}' is not written in one segment", 3)
    if year := year_as_date_only(profile.value_years, seg.low):
        return SegmentVerdict(False, f"the claim states {year} as a figure; the segment writes it only as a date", 3)
    unwritten = [d for d in profile.dates if not _has_date(d, seg.low)]
    if unwritten:
        return SegmentVerdict(False, f"the date '{unwritten[0]}' is not written so in one segment", 3)
    if profile.negated != seg.negated:
        return SegmentVerdict(False, "negation differs from the source", POLARITY_STAGE)
    if profile.negations > seg.negations:
        # a negation more than the segment has, both sides negated somewhere: one of the
        # claim's clauses says the opposite of the source's ("… unless Y was not done")
        return SegmentVerdict(False, f"the claim negates {profile.negations} times, the source {seg.negations}", POLARITY_STAGE)
    cues = _cues()
    for d in profile.directions:
        if d not in seg.directions or (cues.opposite[d] in seg.directions and cues.opposite[d] not in profile.directions):
            return SegmentVerdict(False, f"direction '{d}' not stated the same way in the source", POLARITY_STAGE)
    missing_structure = profile.structure - seg.structure
    if missing_structure:
        return SegmentVerdict(False, f"the claim's {sorted(missing_structure)[0]} is not stated in one segment", 5)
    if profile.atoms and not supports_all():
        return SegmentVerdict(False, "no single segment carries every number as written (supported)", 6)
    return SegmentVerdict(True, None, 7)


def segment_carries(profile: ClaimProfile, segment_text: str, *, min_overlap: float) -> SegmentVerdict:
    """Cheap lexical checks first; the segment's numbers are indexed only when all else holds."""
    if any(a.derived for a in profile.atoms):
        return _DERIVED
    if not profile.terms:
        return _NO_TERMS
    seg = _segment_profile(segment_text)
    share = len(profile.terms & seg.terms) / len(profile.terms)
    if share + 1e-9 < min_overlap:
        return _overlap_verdict(share, min_overlap)
    return _after_overlap(profile, seg, lambda: text_supports_all(list(profile.atoms), segment_text))


class SegmentTable:
    """The segments of one cited window with their content words, for the claim-support pass.

    Built once per window and run (the rule memoises it on the source store); a segment's
    content words are computed once per distinct segment text in the run (``memo``; texts that
    differ only in their digits share them), so a claim's overlap with a segment is one set
    intersection. The rest of a segment's profile and its value atoms are computed only for
    segments that pass the overlap, and then once.
    Holds references, not copies: the texts are the store's, the word sets the memo's.
    """

    __slots__ = ("texts", "inverted", "_terms", "_profiles", "_indexes", "_held")

    def __init__(self, segments: Sequence[tuple[str, bool]], memo: dict | RecentMemo | None = None) -> None:
        """``memo`` (segment text → its content words; word set → its shared copy) may be
        shared by every window of a run: headers and boilerplate lines recur across records."""
        self.texts = [text for text, _ in segments]
        self.inverted = [inv for _, inv in segments]  # under an inverting header (exclusion list)
        memo = {} if memo is None else memo
        self._terms: list[frozenset[str]] = []
        # the texts no earlier window had, prepared together (one pass when that is the same)
        fresh = list(dict.fromkeys(text for text in self.texts if text not in memo))
        prepared_of = dict(zip(fresh, prepare_lines(fresh)))
        for text in self.texts:
            terms = memo.get(text)
            if terms is None:
                # a bounded memo may have dropped a text it held when ``fresh`` was taken
                prepared = prepared_of[text] if text in prepared_of else prepare(text)
                # Digits only separate words, so lines that differ in their numbers alone
                # ("Complete Response: 45 12.3%" in every record) share one word set: keyed
                # on the prepared text with each ASCII digit run written as one "0".
                shape = (_SHAPE_KEY, _ASCII_DIGITS.sub("0", prepared))
                terms = memo.get(shape)
                if terms is None:
                    terms = frozenset(map(sys.intern, segment_terms(prepared)))
                    # equal word sets ("complete", "response") share one object across the run
                    terms = memo[shape] = memo.setdefault(terms, terms)  # type: ignore[call-overload]
                memo[text] = terms
            self._terms.append(terms)
        self._profiles: dict[int, _SegmentProfile] | None = None
        self._indexes: dict[int, TextIndex] | None = None
        self._held: frozenset[str] | None = None  # every content word of the window

    def __len__(self) -> int:
        return len(self.texts)

    def _profile(self, i: int) -> _SegmentProfile:
        if self._profiles is None:
            self._profiles = {}
        prof = self._profiles.get(i)
        if prof is None:
            prof = self._profiles[i] = _profile_of_prepared(prepare(self.texts[i]))
        return prof

    def _supports_all(self, atoms: Sequence[ValueAtom], i: int) -> bool:
        if self._indexes is None:
            self._indexes = {}
        index = self._indexes.get(i)
        if index is None:
            index = self._indexes[i] = build_index(self.texts[i])
        return index_supports_all(atoms, index)

    def supports_all(self, atoms: Sequence[ValueAtom], i: int) -> bool:
        """Whether segment ``i`` supports every atom (its number index is built once)."""
        return self._supports_all(atoms, i)

    def unsaid(self, profile: ClaimProfile, i: int) -> str | None:
        """A word of the claim segment ``i`` does not write (:func:`_unsaid`), if any."""
        return _unsaid(profile, self._profile(i), self.texts[i])

    def borrowed(self, claim_terms: frozenset[str], i: int) -> str | None:
        """A claim word segment ``i`` lacks but another segment of this window has, put in
        place of a word of this segment the claim leaves out: the claim joins something from
        elsewhere in the place (the other arm's label, a neighbouring criterion's condition)
        to what this segment says. A word the whole window lacks is a restatement's own
        wording; a word added without one dropped (a citation's link text) only adds."""
        if self._held is None:
            self._held = frozenset().union(*self._terms)
        if not self._terms[i] - claim_terms:
            return None  # the claim keeps every word of the segment
        missing = claim_terms - self._terms[i]
        return next((t for t in sorted(missing) if t in self._held), None)

    def passing(self, profile: ClaimProfile, *, min_overlap: float) -> tuple[Iterator[tuple[int, SegmentVerdict]], SegmentVerdict | None]:
        """What ``verdicts`` says, in the two parts a caller looking for the first carrying
        segment and otherwise the nearest miss needs, without one step per segment:

        * the verdicts of the segments whose content-word overlap holds (lazily, in order,
          with their positions) — the only ones that can carry the claim;
        * the first of the nearest overlap misses: the first segment with the highest
          overlap below ``min_overlap`` (None when every segment holds the overlap).

        Every verdict of a segment past the overlap ranks above every overlap miss (a later
        stage), so the first best verdict of ``verdicts`` is the first best of the first part,
        or when that part is empty, the second part."""
        if any(a.derived for a in profile.atoms):
            return iter(()), (_DERIVED if self.texts else None)
        if not profile.terms:
            return iter(()), (_NO_TERMS if self.texts else None)
        n = len(profile.terms)
        claim_terms = profile.terms
        counts = [len(claim_terms & terms) for terms in self._terms]
        held = [i for i, c in enumerate(counts) if not c / n + 1e-9 < min_overlap]
        missed = [c for c in counts if c / n + 1e-9 < min_overlap]
        nearest = _overlap_verdict(max(missed) / n, min_overlap) if missed else None
        atoms = list(profile.atoms)

        def held_verdicts() -> Iterator[tuple[int, SegmentVerdict]]:
            for i in held:
                yield i, _after_overlap(profile, self._profile(i), lambda i=i: self._supports_all(atoms, i))

        return held_verdicts(), nearest

    def verdicts(self, profile: ClaimProfile, *, min_overlap: float) -> Iterator[SegmentVerdict]:
        """``segment_carries`` for every segment, in order (same verdicts, same reasons)."""
        if any(a.derived for a in profile.atoms):
            yield from (_DERIVED for _ in self.texts)
            return
        if not profile.terms:
            yield from (_NO_TERMS for _ in self.texts)
            return
        n = len(profile.terms)
        claim_terms = profile.terms
        counts = [len(claim_terms & terms) for terms in self._terms]
        rejected: dict[int, SegmentVerdict] = {}
        atoms = list(profile.atoms)
        for i, c in enumerate(counts):
            share = c / n
            if share + 1e-9 < min_overlap:
                verdict = rejected.get(c)
                if verdict is None:
                    verdict = rejected[c] = _overlap_verdict(share, min_overlap)
                yield verdict
            else:
                yield _after_overlap(profile, self._profile(i), lambda i=i: self._supports_all(atoms, i))
