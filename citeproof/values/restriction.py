"""A restriction attached to a number or a criterion: dropped by the claim, or moved onto another number.

"Gail score >= 0.1% for women age 20-29 years" and "Gail score >= 0.1%" share every word and
number the claim writes: the claim only drops the phrase that says whom the threshold is for,
and states as a general criterion what holds for one age band. "Less than 3 different
chemotherapy treatments" drops "for metastatic disease" the same way. Two readings of one idea:

* **dropped** — in the source clause that holds the claim's number (or, for a claim with no
  number, the clause whose words it restates), the phrase that follows it and opens with a
  restricting word (``attached_restrictions.en`` in ``claim_support.json``: for, in, among,
  who, after, except …) must have its words, or at least its first word, in the claim ("in
  28-day cycles" keeps "in 28-day cycles until progression"; a phrase opening on a number, "for
  up to 6 cycles", is that number's). An exception list ("except adequately
  treated condition A, condition B, or stage I or II condition C currently in complete
  remission") runs over its commas to the end of the sentence, and a claim that drops one of its
  qualifiers ("adequately treated") widens the exception. Chinese: "对于X", "仅限X", "在X中/时",
  "X患者中" in the number's clause.
  Inside the number's subject, before it, a phrase of words the claim does not write that
  opens with such a word (or "from", "with") restricts it too: "Revenue from the top 10 customers
  reached $2.4 billion". After a verb ("100 were evaluable for response") only a condition
  ("if", "when", "unless", "only" …: ``strong``) restricts; a weaker word completes the
  predicate.
* **given to a group** — a study group named as the subject of the sentence or of a clause
  before the claim's figure ("Control recipients had …, with …", "The control arm's rate …",
  "Patients given X had …", "Patients who received X …", "对照组的…，…", "接受X的患者…"; carried
  over a semicolon, not a full stop), or in a phrase after an earlier figure ("5.6 months in X
  recipients, and 9% …", for the next clause only), makes the figure that group's: a claim (or
  its column headers) must write the group's name (``group_subjects``). "Patients had …" and
  "patients who received treatment" name none.
* **at a time point** — "at 24 months", "at month 24", "24-month", "at two years", "24-mo" in the
  figure's clause, or in the short clause opening its sentence, must be written by the claim in
  some form ("24-month", "2 years", "two-year", "24个月"; ``time_points``).
* **moved** — a phrase the claim attaches to its number ("2.5 x ULN in patients with liver
  metastases") must not be, in a source sentence that writes that number, attached to another
  number and to none of the claim's ("no more than 2.5 x ULN, or no more than 5 x ULN in
  patients with liver metastases", "1.5 x ULN (3 x ULN for patients with …)").

A clause ends at , ; : (not inside "1,000"), and at a break word (and, or, but …) that stands
between two numbers: the phrase after "40% in Arm A" ends before "and 25% in Arm B", so the
claim need not restate the other arm. Words that restrict nothing ("in total", "in this study")
are ignored. Either finding leaves the claim to the judge; neither proves it false.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache

from citeproof.values.denial_scope import narrowed_denial
from citeproof.values.lexicon import alternation, bounded_words, lexicon
from citeproof.values.segment_support import content_sequence, content_terms, cue_document, entity_tokens, written_in

_SENTENCE_BREAK = re.compile(r"[;!?；。！？]|(?<!\d)\.(?!\d)")
_MARK_BREAK = re.compile(r"[；，：、]|,(?!\d)|:(?!\d)")
# digits grouped by commas or spaces ("100,000", "100 000") read as one number
_NUMBER = re.compile(r"(?<![0-9A-Za-z.])\d+(?:[, \u00a0\u202f]\d{3}(?!\d))*(?:\.\d+)?")
_YEAR = re.compile(r"(?:19|20)\d{2}")
_GROUPING = re.compile(r"[, \u00a0\u202f]")
_CJK = re.compile(r"[\u3400-\u9fff]")
# the base of a rate ("35 per 100,000", "5/1,000") is the unit of the number before it, not a number of its own
_RATE_BASE = re.compile(r"(?:(?<![a-z])per|/)\s*$")
_TRIM = " ,.;:，；：、。"


@dataclass(frozen=True, slots=True)
class _Cues:
    opener_en: re.Pattern[str]
    lists_en: frozenset[str]
    strong: re.Pattern[str]
    subject_en: re.Pattern[str]
    condition_en: re.Pattern[str]
    zh: re.Pattern[str]
    zh_marks: re.Pattern[str]
    breaks: re.Pattern[str]
    verbs: re.Pattern[str]
    lead: re.Pattern[str]
    quantifiers: re.Pattern[str]
    ignore: frozenset[str]


@lru_cache(maxsize=1)
def _cues() -> _Cues:
    doc = cue_document()["attached_restrictions"]
    # the words a clause ends at between two numbers: its own ("and", "but") and the comparisons
    # that pair a number with another subject ("14.2 months with X versus 10.1 months with Y")
    both = [*cue_document()["clause_scope"]["breaks"], *cue_document()["clause_breaks"]["en"], *cue_document()["clause_breaks"]["zh"]]
    breaks = [w for w in both if w[0].isalpha()]  # the marks (; ，) cut every clause already
    verbs = cue_document()["clause_scope"]["clause_verbs"]
    phrase = r"([^\s，,。；;：:！？!?、()（）]{1,20}?)"
    zh = (
        rf"(?:{alternation(doc['zh_before'])}){phrase}(?:{alternation(doc['zh_after'])})"
        rf"|(?:{alternation([w for w in doc['zh_before'] if w != '在'])}){phrase}(?=[，,。；;)）]|$)"
        rf"|{phrase}(?:{alternation(doc['zh_tail'])})"
    )
    ignore = frozenset(doc["ignore"])
    return _Cues(
        opener_en=re.compile(rf"(?<![a-z0-9-])(?:{alternation(doc['en'])})(?![a-z0-9-])"),
        lists_en=frozenset(doc["en_lists"]),
        # at the start of the clause after the number's: "…, only for women …", "…，仅限…"
        strong=re.compile(
            rf"[\s{re.escape(_TRIM)}]*(?:(?:{alternation([w for w in doc['strong'] if w.isascii()])})(?![a-z0-9-])"
            rf"|{alternation([w for w in doc['strong'] if not w.isascii()])})"
        ),
        subject_en=re.compile(rf"(?<![a-z0-9-])(?:{alternation([*doc['en'], *doc['en_subject']])})(?![a-z0-9-])"),
        condition_en=re.compile(rf"(?<![a-z0-9-])(?:{alternation([w for w in doc['strong'] if w.isascii()])})(?![a-z0-9-])"),
        zh=re.compile(zh),
        zh_marks=re.compile(
            rf"^(?:{alternation(doc['zh_before'])})|(?:{alternation(doc['zh_marks'])})$"
        ),
        breaks=re.compile(bounded_words(breaks)),
        verbs=re.compile(rf"(?<![a-z'])(?:{alternation([w for w in verbs if w.isascii()])})(?![a-z'])"),
        lead=re.compile(rf"(?:\s*(?:{alternation(doc['number_lead'])})(?![a-z]))*\s*"),
        quantifiers=re.compile(rf"(?<![a-z])(?:{alternation(doc['clause_quantifiers'])})(?![a-z])"),
        ignore=ignore | frozenset(t for w in ignore for t in content_terms(w)),
    )


def _value(match: re.Match[str]) -> float:
    return float(_GROUPING.sub("", match.group(0)))


def _numbers(text: str) -> set[float]:
    return {_value(m) for m in _NUMBER.finditer(text)}


def _terms(text: str) -> set[str]:
    """The content terms and names of ``text`` (as written) that restrict ("for women age 20-29
    years" → women, age; "in Arm A" → arm a). Its numbers are value atoms, which the numeric
    checks pair (and which a claim may write otherwise: "sixteen", "2 weeks" for "14 days")."""
    ignore = _cues().ignore
    words = {t for t in content_terms(text) if t not in ignore and (t.isascii() or len(t) > 1)}
    # a currency code ("up from EUR 3.9 billion") restricts nothing: the value atom compares it
    currencies = lexicon().currency_prefix
    return words | {n for n in entity_tokens(text) if n.upper() not in currencies}


def _phrase_terms(phrase: str) -> set[str]:
    """The terms of a restricting phrase: a Chinese one's without its marks ("肝转移患者" →
    肝转, 转移), whose character pairs across the mark would restrict nothing."""
    if _CJK.search(phrase):
        phrase = _cues().zh_marks.sub("", phrase)
    return _terms(phrase)


@dataclass(frozen=True, slots=True)
class _Sentence:
    text: str
    low: str
    spans: tuple[tuple[int, int], ...]  # its clauses
    numbers: tuple[tuple[int, int, float], ...]  # (start, end, value), in order
    starts: tuple[int, ...]  # where each number starts
    span_starts: tuple[int, ...]  # where each clause starts
    joined: bool = False  # it follows a semicolon: the sentence before it goes on


def _sentences(text: str) -> list[_Sentence]:
    out = []
    parts = _SENTENCE_BREAK.split(text)
    breaks = [m.group(0) for m in _SENTENCE_BREAK.finditer(text)]
    for k, sentence in enumerate(parts):
        if sentence.strip():
            low = sentence.lower()
            numbers = tuple(
                (m.start(), m.end(), _value(m))
                for m in _NUMBER.finditer(low)
                if not _RATE_BASE.search(low, max(0, m.start() - 8), m.start())
            )
            starts = tuple(n[0] for n in numbers)
            # a word that counts ("none", "two") stands for a number where clauses are cut
            counted = tuple(sorted({*starts, *(m.start() for m in _cues().quantifiers.finditer(low))}))
            spans = _clauses(low, counted)
            joined = k > 0 and breaks[k - 1] in ";；" and bool(out)
            out.append(_Sentence(sentence, low, spans, numbers, starts, tuple(a for a, _ in spans), joined))
    return out


def _clauses(low: str, numbers: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """The clause spans of a sentence: cut at marks, and at a break word that stands between
    two numbers of the same marked part ("40% in Arm A and 25% in Arm B")."""
    marks = [0, *(m.start() for m in _MARK_BREAK.finditer(low)), len(low)]
    cuts = set(marks)
    for start, end in zip(marks, marks[1:]):
        first, last = bisect_left(numbers, start), bisect_left(numbers, end) - 1
        if last <= first:
            continue  # fewer than two numbers: no break stands between two
        for m in _cues().breaks.finditer(low, numbers[first], numbers[last]):
            cuts.add(m.start())
    bounds = sorted(cuts)
    return tuple(zip(bounds, bounds[1:]))


def _sentence_end(low: str, at: int) -> int:
    """Where an exception list from ``at`` ends: the sentence's end (``_sentences`` already cut
    it at ; and ；), and at most _LIST_REACH characters on (a list that long is read in part)."""
    return min(len(low), at + _LIST_REACH)


_LIST_REACH = 600


def _attached(s: _Sentence, anchors: list[tuple[int, int]], wanted: set[float], *, numbers: bool = True) -> list[str]:
    """The restricting phrases attached after ``anchors`` (spans in the sentence, in order):
    English from its opening word to the clause's end (an exception list to the sentence's),
    or the next clause when a strong restricting word opens it ("…, only for …"); Chinese
    "对于X"-type phrases anywhere in the clause. A phrase that opens on a number not in
    ``wanted`` ("in 12 men" after "Grade 3") is said of that number, not of the claim's; one
    holding such a number further on ("for women age 20-29 years") restricts the claim's.
    Where ``numbers`` (the anchors are numbers), a verb between the number and the phrase
    makes it the predicate's ("100 were evaluable for response"), not a restriction of what
    the number counts."""
    cues = _cues()
    low = s.low
    found: list[str] = []
    if not anchors:
        return found
    k = 0
    first = bisect_right(s.span_starts, anchors[0][0]) - 1
    for i in range(max(first, 0), len(s.spans)):
        if k == len(anchors):
            break
        span = s.spans[i]
        inside = []
        while k < len(anchors) and anchors[k][0] < span[1]:
            if anchors[k][0] >= span[0]:
                inside.append(anchors[k][1])
            k += 1
        if not inside:
            continue
        if i + 1 < len(s.spans) and (m := cues.strong.match(low, s.spans[i + 1][0])):
            opened = m.end() - len(m.group(0).lstrip(_TRIM))
            end = _sentence_end(low, opened) if low[opened:m.end()] in cues.lists_en else s.spans[i + 1][1]
            found.append(s.text[opened:end].strip(_TRIM))
        for anchor in inside:
            if not (m := cues.opener_en.search(low, anchor, span[1])):
                continue
            if _foreign_within(s, wanted, anchor, m.start()) or _foreign_at(s, wanted, cues.lead.match(low, m.end()).end()):
                continue  # the phrase follows another number, or is another number's
            if numbers and (verb := cues.verbs.search(low, anchor, m.start())):
                # the predicate's complement ("evaluable for response"), unless a condition
                # restricts the whole clause ("… are eligible if bone scans show …")
                if not (m := cues.condition_en.search(low, verb.end(), span[1])):
                    continue
            end = _sentence_end(low, m.end()) if m.group(0) in cues.lists_en else span[1]
            found.append(s.text[m.start():end].strip(_TRIM))
            break  # the first anchor's phrase: a later one's is inside it
        if _CJK.search(s.text, span[0], span[1]):
            found.extend(z.group(0) for z in cues.zh.finditer(s.text, span[0], span[1]))
    return found


def _foreign_within(s: _Sentence, wanted: set[float], start: int, end: int) -> bool:
    """Whether a number not in ``wanted`` starts in [start, end) of the sentence."""
    return any(n[2] not in wanted for n in s.numbers[bisect_left(s.starts, start) : bisect_left(s.starts, end)])


def _foreign_at(s: _Sentence, wanted: set[float], at: int) -> bool:
    k = bisect_left(s.starts, at)
    return k < len(s.starts) and s.starts[k] == at and s.numbers[k][2] not in wanted


_ARTICLES = frozenset(("the", "a", "an"))
_WORD = re.compile(r"[a-z0-9][a-z0-9'-]*|[\u3400-\u9fff]+|[^\sa-z0-9\u3400-\u9fff]")


def _subject_phrases(s: _Sentence, anchors: list[tuple[int, int]], written: Callable[[str], bool]) -> list[str]:
    """The restricting phrases inside the subject of a number of the claim — in its clause,
    before it, not opening on another number — of words the claim does not write ("Revenue from the
    top 10 customers reached $2.4 billion" for "Revenue reached $2.4 billion"): from the
    opening word to the next word the claim writes, or to a verb."""
    cues = _cues()
    found = []
    k = 0
    for span in s.spans:
        while k < len(anchors) and anchors[k][0] < span[0]:
            k += 1
        if k == len(anchors) or anchors[k][0] >= span[1]:
            continue
        before = anchors[k][0]
        for m in cues.subject_en.finditer(s.low, span[0], before):
            end = m.end()
            words = [w for w in _WORD.finditer(s.low, m.end(), before) if w.group(0) not in _ARTICLES]
            if words and not words[0].group(0)[0].isalpha():
                continue  # "accounted for €8.9 billion of …": a number's phrase, not the subject's
            for w in words:
                if written(w.group(0)) or cues.verbs.fullmatch(w.group(0)):
                    break  # the claim's words resume, or the predicate begins
                end = w.end()
            if end > m.end():
                found.append(s.text[m.start():end].strip(_TRIM))
    return found


@dataclass(frozen=True, slots=True)
class _Groups:
    lead: re.Pattern[str]
    subjects: tuple[re.Pattern[str], ...]  # English (a noun, a member word, people + link) and Chinese
    not_names_en: frozenset[str]
    not_names_zh: tuple[str, ...]
    links: tuple[re.Pattern[str], ...]  # of subjects: a name after a link ("patients who received X", "接受X的患者")
    not_link_names: tuple[str, ...]  # a name after a link that is everyone's ("… who received treatment")
    inside: re.Pattern[str]  # the words before a group inside a clause ("5.6 months in X recipients")


@lru_cache(maxsize=1)
def _groups() -> _Groups:
    doc = cue_document()["attached_restrictions"]["group_subjects"]

    def words(items: list[str]) -> str:
        return "|".join(r"\s+".join(map(re.escape, w.split())) for w in sorted(items, key=len, reverse=True))

    name = r"(?P<name>[a-z0-9][\w.+/]*(?:[\s-][a-z0-9][\w.+/]*){0,3}?)"
    verbs = alternation([w for w in cue_document()["clause_scope"]["clause_verbs"] if w.isascii()])
    people = re.compile(
        rf"(?:{words(doc['people_en'])})\s+(?:{words(doc['links_en'])})\s+(?:the\s+)?{name}"
        rf"(?=\s+(?:{verbs})(?![\w-])|\s*$)"
    )
    people_zh = re.compile(
        rf"(?:{alternation(doc['links_zh'])})(?P<name>[^\s，,。；;：:、()（）的]{{1,12}}?)(?:治疗)?的(?:{alternation(doc['people_zh'])})"
    )
    return _Groups(
        lead=re.compile(rf"[\s{re.escape(_TRIM)}\-*#>]*(?:(?:{words(doc['connectors'])})\s+)?"),
        subjects=(
            # a noun before an index ("Unlike Arm B, …", "Arm 2") names a group by the index, not a subject's name
            re.compile(rf"(?:the\s+)?{name}[\s-](?:{words(doc['nouns_en'])})(?:'s|’s)?(?![\w-])(?!\s+(?:[a-z]|\d+|[ivx]+)(?![\w-]))"),
            re.compile(rf"(?:the\s+)?{name}[\s-](?:{words(doc['members_en'])})(?![\w-])"),
            # "patients given X had …": the name runs to the verb
            people,
            re.compile(
                rf"(?P<name>[^\s，,。；;：:、()（）的]{{1,12}}?)(?:{alternation(doc['nouns_zh'])})"
                rf"(?!{alternation(doc['zh_not_after'])})"
            ),
            people_zh,
        ),
        not_names_en=frozenset(cue_document()["not_arm_names"]["en"]),
        not_names_zh=tuple(doc["zh_not_names"]),
        links=(people, people_zh),
        not_link_names=tuple(doc["link_not_names"]),
        inside=re.compile(rf"(?<![\w-])(?:{words(doc['inside_en'])})\s+"),
    )


def _group_name(name: str) -> bool:
    """Whether the words before a group noun name a group: not "each", "both", "in the" …
    ("The response rate in each group"), nor a verb, nor words that restrict nothing ("the
    study arm"), nor, in Chinese, "两组", "各组"."""
    g = _groups()
    if _CJK.search(name):
        return not name.startswith(g.not_names_zh) and bool(_terms(name))
    parts = re.split(r"[\s-]+", name)
    if any(p in g.not_names_en or _cues().verbs.fullmatch(p) for p in parts):
        return False
    return bool(_terms(name))


def _named_group(pattern: re.Pattern[str], low: str, at: int, end: int) -> re.Match[str] | None:
    """The group ``pattern`` matches at ``at``, if its words name one ("patients who received
    treatment" names none)."""
    m = pattern.match(low, at, end)
    if m is None or not _group_name(m.group("name")):
        return None
    if pattern in _groups().links and m.group("name").startswith(_groups().not_link_names):
        return None
    return m


def _group_subjects(s: _Sentence) -> list[tuple[int, str, str, int]]:
    """(where its clause starts, the subject as written, the group's name, where what it covers
    ends) for each clause of the sentence that opens on a named study group ("Control
    recipients had …", "The control arm's rate …", "…, while patients given X had …",
    "对照组的…"), and for the clause after one that names a group in a phrase ("5.6 months in
    X recipients, and 9% …"), unless that clause restricts its figures itself ("…, versus
    9.1 months with Y")."""
    g = _groups()
    found = []
    inside = None
    for start, end in s.spans:
        if inside is not None and not _cues().subject_en.search(s.low, start, end):
            found.append((start, *inside, end))
        inside = None
        at = g.lead.match(s.low, start, end).end()
        for pattern in g.subjects:
            if m := _named_group(pattern, s.low, at, end):
                found.append((start, s.text[at:m.end()].strip(_TRIM), s.text[m.start("name"):m.end("name")], len(s.low)))
                break
        for phrase in g.inside.finditer(s.low, at, end):
            if m := next(filter(None, (_named_group(p, s.low, phrase.end(), end) for p in g.subjects[:3])), None):
                inside = (s.text[phrase.start():m.end()].strip(_TRIM), s.text[m.start("name"):m.end("name")])
    return found


def _carried_group(s: _Sentence, before: tuple[str, str] | None) -> tuple[str, str] | None:
    """The group subject that goes on past the sentence's end into the part after a semicolon
    ("X-treated patients had …; 9% discontinued …"): its last that covers the whole rest of
    it, or the one carried into it."""
    ends = [subject[1:3] for subject in _group_subjects(s) if subject[3] == len(s.low)]
    return ends[-1] if ends else before


def _dropped_group(
    s: _Sentence, anchors: list[tuple[int, int]], named: Callable[[str], bool], carried: tuple[str, str] | None = None
) -> str | None:
    """The group subject a claim's figure stands under, in every place the sentence writes it,
    whose name the claim does not write ("Control recipients had an objective response rate of
    12% and a disease control rate of 80%" for "The disease control rate was 80%"): the nearest
    such subject before the figure, in its clause or one before it in the sentence (or
    ``carried`` over a semicolon)."""
    subjects = _group_subjects(s)
    if not subjects and carried is None:
        return None
    starts = [at for at, _, _, _ in subjects]
    by_value: dict[float, list[tuple[str, str] | None]] = {}
    for start, _end in anchors:
        k = bisect_right(starts, start) - 1
        while k >= 0 and subjects[k][3] <= start:
            k -= 1  # a group in a phrase covers the next clause only
        value = s.numbers[bisect_left(s.starts, start)][2]
        by_value.setdefault(value, []).append(subjects[k][1:3] if k >= 0 else carried)
    for under in by_value.values():
        # a figure the sentence also writes with no group, or under the claim's, is the claim's
        others = [u[0] for u in under if u is not None and not named(u[1])]
        if len(others) == len(under):
            return others[0]
    return None


@dataclass(frozen=True, slots=True)
class _TimePoints:
    source: re.Pattern[str]  # "at 24 months", "at month 24", "24-month"
    written: re.Pattern[str]  # any "<N> <unit>" / "<unit> <N>" of a claim
    units: dict[str, tuple[str, float]]
    words: dict[str, float]  # a length spelled out: "two" in "at two years", "two-year"


@lru_cache(maxsize=1)
def _time_points() -> _TimePoints:
    doc = cue_document()["attached_restrictions"]["time_points"]
    units = {w: (unit, float(count)) for w, (unit, count) in doc["units"].items()}
    en = alternation([w for w in units if w.isascii()])
    words = {w: float(n) for w, n in doc["number_words"].items()}
    number = rf"(?P<n>\d+(?:\.\d+)?|(?<![\w-])(?:{alternation(list(words))}))"
    openers = alternation(doc["openers"])
    not_before = alternation(doc["not_before"])
    return _TimePoints(
        source=re.compile(
            rf"(?<![\w-])(?:{openers})\s+(?:{number}\s*(?P<u>{en})|(?P<u2>{en})\s+(?P<n2>\d+(?:\.\d+)?))(?![\w-])"
            rf"|(?<![\w.-]){number.replace('?P<n>', '?P<n3>')}-(?P<u3>{en})(?![\w-])(?!\s+(?:{not_before})(?![\w-]))"
        ),
        written=re.compile(
            rf"{number}\s*-?\s*(?P<u>{alternation(list(units))})(?![a-z])|(?P<u2>{en})\s+(?P<n2>\d+(?:\.\d+)?)"
        ),
        units=units,
        words=words,
    )


def _time_point(m: re.Match[str]) -> tuple[str, float]:
    """A matched time point as (unit, length in that unit): "2 years" and "24-month" are one."""
    n = next(g for g in (m.group("n"), m.group("n2"), m.groupdict().get("n3")) if g)
    word = next(g for g in (m.group("u"), m.group("u2"), m.groupdict().get("u3")) if g)
    tp = _time_points()
    unit, count = tp.units[word]
    return unit, (tp.words[n] if n in tp.words else float(n)) * count


def _dropped_time_point(s: _Sentence, anchors: list[tuple[int, int]], claim: str) -> str | None:
    """A time point ("at 24 months", "24-month") in the clause of the claim's figure, or in the
    short clause that opens its sentence ("At 24 months, the rate was 45%"), that the claim does
    not write in any form: the figure is of that time, not of another or of none."""
    tp = _time_points()
    written = {_time_point(m) for m in tp.written.finditer(claim.lower())}
    for start, _end in anchors:
        i = bisect_right(s.span_starts, start) - 1
        scopes = [s.spans[i]]
        if i > 0 and len(s.low[s.spans[0][0] : s.spans[0][1]].split()) <= 8:
            scopes.append(s.spans[0])
        for a, b in scopes:
            for m in tp.source.finditer(s.low, a, b):
                if _time_point(m) not in written:
                    return s.text[m.start() : m.end()].strip(_TRIM)
    return None


def _head_kept(phrase: str, claim_terms: set[str], claim_low: str) -> bool:
    """Whether the claim keeps an English phrase by its head, the first word after its opening
    word ("in 28-day cycles" of "in 28-day cycles until progression"): what it leaves of the
    rest is a summary. An exception list keeps nothing so: each qualifier it drops ("adequately
    treated") widens the exception. A Chinese phrase is read whole."""
    cues = _cues()
    low = phrase.lower()
    opening = cues.opener_en.match(low) or cues.subject_en.match(low)
    if _CJK.search(phrase) or opening is None or opening.group(0) in cues.lists_en:
        return False
    rest = phrase[opening.end():]
    words = [t for t in content_sequence(rest) if t not in cues.ignore and (t.isascii() or len(t) > 1)]
    names = entity_tokens(rest)
    if words:
        return words[0] in claim_terms or written_in(words[0], claim_low)
    return bool(names) and all(n in claim_terms or written_in(n, claim_low) for n in names)


def _shown(phrase: str) -> str:
    return phrase if len(phrase) <= 100 else phrase[:100].rstrip() + " …"


def _claim_anchors(s: _Sentence, claim_terms: set[str], wanted: set[float]) -> list[tuple[int, int]]:
    """Where the claim's number stands in the sentence; for a claim with no number, the start
    of each clause whose words before its first restricting word the claim mostly writes (at
    least two of them): the criterion it restates."""
    if wanted:
        # a year dates the claim's figure, it is not the figure: in "$410 million in Q3 2024 and $455
        # million in Q4 2024" the year after "Q3" stands in the other figure's clause (rt24a case5)
        figures = {value for start, end, value in s.numbers if value in wanted and not _YEAR.fullmatch(s.low[start:end])}
        keep = figures or wanted
        return [(start, end) for start, end, value in s.numbers if value in keep]
    anchors = []
    for start, end in s.spans:
        head_end = m.start() if (m := _cues().opener_en.search(s.low, start, end)) else end
        head = _terms(s.text[start:head_end])
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

    def written(word: str) -> bool:  # a content word the claim writes (a stop-word or a mark is no evidence)
        terms = _terms(word)
        return bool(terms) and terms <= claim_terms

    def named(name: str) -> bool:  # a group's name the claim or its headers write ("active-drug" as "active drug")
        names = {name.lower(), name.lower().replace("-", " ")}
        return any(written_in(n, claim_low) or written_in(n, headers.lower()) for n in names) or _terms(name) <= claim_terms

    carried = None  # the group subject of the sentence before a semicolon
    for sentence in _sentences(segment_text):
        carried = carried if sentence.joined else None
        anchors = _claim_anchors(sentence, claim_terms, wanted)
        phrases = _attached(sentence, anchors, wanted, numbers=bool(wanted))
        if wanted:
            phrases += _subject_phrases(sentence, anchors, written)
            if subject := _dropped_group(sentence, anchors, named, carried):
                return f"the source gives it to a group ('{_shown(subject)}'); the claim does not name it"
            if point := _dropped_time_point(sentence, anchors, f"{claim_text} {headers}"):
                return f"the source restricts it to a time point ('{point}'); the claim does not write it"
        carried = _carried_group(sentence, carried) if wanted else None
        for phrase in phrases:
            missing = {t for t in _phrase_terms(phrase) - claim_terms if not written_in(t, claim_low)}
            if missing and not written_in(phrase.lower(), claim_low) and not _head_kept(phrase, claim_terms, claim_low):
                if _CJK.search(phrase):  # its terms are character bigrams: the phrase says it better
                    return f"the source restricts it ('{_shown(phrase)}'); the claim does not"
                words = ", ".join(f"'{w}'" for w in sorted(missing))
                return f"the source restricts it ('{_shown(phrase)}'); the claim does not write {words}"
    return None


def moved_restriction(claim_text: str, segment_text: str, claim_numbers: Iterable[float] = ()) -> str | None:
    """Why a restriction the claim attaches to its number is, in a source sentence that writes
    that number, attached to another number and to none of the claim's, or None. (A sentence
    that writes the claim's number otherwise — "2 hours" for "120 minutes" — is left to the
    numeric checks.)"""
    wanted = _numbers(claim_text.lower()) | set(claim_numbers)
    if not wanted:
        return None
    phrases = [
        (phrase, terms, value)
        for s in _sentences(claim_text)
        for start, end, value in s.numbers
        for phrase in _attached(s, [(start, end)], wanted)
        if (terms := _phrase_terms(phrase))
    ]
    if not phrases:
        return None
    sentences = _sentences(segment_text)
    writing: dict[float, list[int]] = {}  # a claim number → the sentences that write it
    for k, s in enumerate(sentences):
        for value in {n[2] for n in s.numbers} & wanted:
            writing.setdefault(value, []).append(k)
    attached: dict[int, list[tuple[bool, frozenset[str], str]]] = {}
    for phrase, terms, value in phrases:
        for k in writing.get(value, ()):
            if k not in attached:
                attached[k] = _attachments(sentences[k], wanted)
            ours = [t for claim_number, t, _ in attached[k] if claim_number]
            if any(terms <= t for t in ours):
                break  # the source attaches it to the claim's number
            other = next((clause for claim_number, t, clause in attached[k] if not claim_number and terms <= t), None)
            if other is not None:
                return f"the claim's '{phrase}' goes, in the source, with another number ('{other}'), not with the claim's"
    return None


def _attachments(s: _Sentence, wanted: set[float]) -> list[tuple[bool, frozenset[str], str]]:
    """For each restricting phrase attached to a number of the sentence: whether the number is
    one of ``wanted``, the phrase's terms, and the clause of the number."""
    out = []
    for start, end, value in s.numbers:
        a, b = s.spans[bisect_right(s.span_starts, start) - 1]
        for phrase in _attached(s, [(start, end)], {value}):
            out.append((value in wanted, frozenset(_phrase_terms(phrase)), s.text[a:b].strip(_TRIM)))
    return out


def restriction_differs(
    claim_text: str, segment_text: str, claim_numbers: Iterable[float] = (), *, headers: str = ""
) -> str | None:
    """A restriction dropped from, or moved onto, the claim's number (see the module doc), or one
    that narrows what the source denies and the claim denies whole
    (:mod:`citeproof.values.denial_scope`), or None."""
    numbers = tuple(claim_numbers)
    return (
        dropped_restriction(claim_text, segment_text, numbers, headers=headers)
        or moved_restriction(claim_text, segment_text, numbers)
        or narrowed_denial(claim_text, segment_text, numbers)
    )
