"""Whether the claim and the source line that carries it use the same meaning words.

Content-word overlap lets a claim add or drop a few words, and one word is all it takes to
say something else: "The drug *hardly* improved survival", "Patients *must* receive the
drug" (the source: "can"), "*Smoking caused* higher rates" (the source: "smokers had"),
"once *weekly*" (the source: "once daily"), "16 patients *per arm*", "It is *false* that …",
"Sales rose 12% *month on month*" (the source: "year on year"), "$4.1 billion *last month*"
(the source: "last year"), "据传…" ("reportedly");
or the source frames what the claim states as fact: "to determine *whether* the drug
improves …", "The drug *lacked* efficacy", "All cohorts *except* the second cohort …",
"… *unless* patients had received …", "eligible *if* disease-free for 5 years" (a condition:
"if", "provided that", "as long as", "only when", 如果, 只要, 仅当 …).

``agreement_words`` in ``citeproof/data/claim_support.json`` holds these words in classes of
groups; the words of one group mean the same here ("daily" = "once a day" = "per day" = 每日).
Two rules, both leaving the claim to the judge (never a fail):

* every group the claim uses must be in the source line (every class) — a claim says no
  more than its source;
* a group of a *both ways* class (privation — "free of", "loss of" too —, frames — "disputed" too —,
  conditions, on/off, the comparison period of a change, a compound rate, a rank before a
  superlative: "third most common", a figure of each member: "each of", a running period:
  "since 2019", a period ending at a date: "in the year to March 2023") that the source line uses in a clause the claim restates must be
  in the claim — dropping "lacked", "whether" or "except" turns the source's sentence
  around, and "rose 12%" is neither "rose 12% year on year" nor "grew at a 12% CAGR". A
  clause is restated when at least half of its content words, and at least one, are the claim's; "…, whereas it is unknown whether it
  helps older women" after the clause a claim restates does not hold it back;
* a clause of its own that governs a restated one must be carried by the claim's cue word
  (``leading_clause`` in the data): one that opens with a both-ways cue, "when", or a Chinese
  condition clause ("…时，", "…者，") governs every clause after it in its sentence ("If
  creatinine clearance is below 30 mL/min, the dose is reduced …", "Reportedly, …", "据报道，…",
  "动物实验表明，…"); a clause that retracts ("…，但该报道随后被撤回") governs those before it,
  and a sentence's closing condition ("…, if tolerated") the clause before it. "In 2023, …" and
  "In Arm A, …" open with no such word and govern nothing here.

A claim's "per X" (每X) that no frequency group reads ("16 patients per arm") must be in the
source line as "per X", "each X", "every X" or "/X". The other way round, a rate the source
line gives its figure ("grew 8% *annually*", "$80 *per vial*", "1000 mg/m2*/day*") must be in the
claim (a frequency group, or "per/each/every/a X", "/X"): without it the figure is a total.

Two both-ways classes name what a figure rests on: a ``measure_qualifier`` ("annualized",
"cumulative", "interim", "post hoc", "relative", "run rate", "as little as") in the restated
clause, and a ``premise`` ("according to", "guided to", "assumed", "scenario", "at constant
exchange rates", "recommended approval") anywhere in a restated clause's sentence ("_reach").

A claim that lists one more item than its source ("in men and women" for "in women") adds
a word beside "and"/"or" that the source line does not have, next to one it has: that too
is the claim saying more. So does a claim that puts a content word of its own directly
before one of the line's content words, between two words the line writes side by side
("total annual *recurring* revenue" for "total annual revenue"): it changes what is
measured. A word added before a number or a stop-word is most often a restatement's verb
("relapse *occurred* 12 months after …") and is let through (``added_modifier``). The mirror
(``dropped_modifier``): a content word of the line dropped between two words the claim writes
side by side, or before the word it opens on ("The *annualized* relapse rate", "Treatment
*failure* occurred", "*Febrile* neutropenia") widens what is measured; a listed weakening adverb
("significantly") and a bracketed aside are let through. The word modified may be one for study
members at large: "40% of *evaluable* patients" is a share of fewer people than "40% of patients".

Two more, each read from where the figure stands: a modal verb of the source line ('should',
'must', 应当 — a class's ``_source_too`` words) may not be dropped either ("Patients should
receive 5 mg/kg" is not "Patients received 5 mg/kg"); and the words a claim writes before its
figure may not come only from a later clause of the line about another member of the kind
("The *complete* response rate was 45%" from "…overall response rate was 45%, with a low
complete response rate": ``borrowed_from_later_clause``).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache

from citeproof.text.alignment import aligned
from citeproof.text.prefilter import may_match
from citeproof.values.cjk_numerals import NUMERAL_CHARS
from citeproof.values.lexicon import lexicon
from citeproof.values.roman_grades import spelled_grades
from citeproof.values.routes import swapped_route
from citeproof.values.segment_support import content_sequence, content_terms, cue_document

_NUMBER = r"\d+(?:[.,]\d+)?"
_CLAUSE_BREAK = re.compile(r"[,;:，；：。！？!?]|(?<!\d)\.(?!\d)")
_SENTENCE_END = re.compile(r"[;；。！？!?]|(?<!\d)\.(?!\d)")
_SPACE_OR_HYPHEN = re.compile(r"[\s\-]+")


@dataclass(frozen=True, slots=True)
class _Lexicon:
    pattern: re.Pattern[str]  # every cue and ignored phrase, longest first
    group_of: dict[str, str | None]  # normalised phrase → its group (None: an ignored phrase)
    class_of: dict[str, str]  # group → its class
    both_ways: frozenset[str]  # groups a source line may not drop either
    source_too: frozenset[str]  # phrases of claim-side groups a source line may not drop either ('_source_too')
    sentence_wide: frozenset[str]  # both-ways groups a claim must write from anywhere in a restated clause's sentence
    digit_phrases: tuple[tuple[re.Pattern[str], str | None], ...]  # '#' phrases → group
    per_en: re.Pattern[str]
    per_zh: re.Pattern[str]
    distributive_of_en: re.Pattern[str]  # "per X", "each X", "every X" in a source line
    stop_nouns_en: frozenset[str]
    distributive_en: tuple[str, ...]
    distributive_zh: tuple[str, ...]
    distributive_of_zh: re.Pattern[str]  # 人均, 单店, 每家 … in a source line
    period_after_figure: re.Pattern[str]  # "3,000 vehicles a month": group 1 the period


def _normal(phrase: str) -> str:
    return _SPACE_OR_HYPHEN.sub(" ", phrase.strip().lower())


def _phrase_re(phrase: str) -> str:
    words = phrase.split(" ")
    body = r"[\s\-]+".join(_NUMBER if w == "#" else re.escape(w) for w in words)
    if not phrase.isascii():
        return body  # Chinese: a substring
    left = r"(?<![a-z0-9])" if phrase[0].isalnum() or phrase[0] == "#" else ""
    right = r"(?![a-z0-9])" if phrase[-1].isalnum() else ""
    return left + body + right


@lru_cache(maxsize=1)
def _lexicon() -> _Lexicon:
    doc = cue_document()["agreement_words"]
    group_of: dict[str, str | None] = {}
    class_of: dict[str, str] = {}
    both: set[str] = set()
    wide: set[str] = set()
    source_too: set[str] = set()
    for side in ("both_ways", "claim_side"):
        for kind, groups in doc[side].items():
            source_too.update(_normal(w) for w in groups.get("_source_too", ()))
            for group, words in groups.items():
                if group.startswith("_"):
                    continue  # a class's "_doc", "_reach" or "_source_too"
                class_of[group] = kind
                if side == "both_ways":
                    both.add(group)
                if groups.get("_reach") == "sentence":
                    wide.add(group)
                for w in words:
                    group_of.setdefault(_normal(w), group)
    for w in doc["ignore"]:
        group_of[_normal(w)] = None
    phrases = sorted(group_of, key=len, reverse=True)
    digit = tuple((re.compile(_phrase_re(p)), group_of[p]) for p in phrases if "#" in p)
    dist = doc["distributive"]
    return _Lexicon(
        pattern=re.compile("|".join(_phrase_re(p) for p in phrases)),
        group_of=group_of,
        class_of=class_of,
        both_ways=frozenset(both),
        source_too=frozenset(source_too),
        sentence_wide=frozenset(wide),
        digit_phrases=digit,
        per_en=re.compile(r"(?<![a-z])per\s+([a-z]+)"),
        per_zh=re.compile("(?:" + "|".join(map(re.escape, dist["zh"])) + r")([\u3400-\u9fff])"),
        distributive_of_en=re.compile(r"(?<![a-z])(?:" + "|".join(map(re.escape, dist["en"])) + r")\s+([a-z]+)"),
        stop_nouns_en=frozenset(dist["stop_nouns_en"]),
        distributive_en=tuple(dist["en"]),
        distributive_zh=tuple(dist["zh"]),
        distributive_of_zh=re.compile("|".join(map(re.escape, dist["zh_of_figure"]))),
        period_after_figure=re.compile(r"\d(?:\s*[a-z%]+)?\s+an?\s+(" + "|".join(map(re.escape, dist["periods_after_article"])) + r")(?![a-z])"),
    )


@dataclass(frozen=True, slots=True)
class _Cue:
    group: str
    word: str  # as written
    start: int
    end: int


def _group_of(lex: _Lexicon, written: str) -> str | None:
    key = _normal(written)
    if key in lex.group_of:
        return lex.group_of[key]
    # a '#' phrase: its number is not part of its key
    return next((g for rx, g in lex.digit_phrases if rx.fullmatch(written)), None)


def _cues_in(low: str) -> tuple[list[_Cue], str]:
    """The cue words of lower-cased text, and the text with every matched phrase blanked."""
    lex = _lexicon()
    found: list[_Cue] = []
    chars = list(low)
    for m in lex.pattern.finditer(low):
        chars[m.start():m.end()] = " " * (m.end() - m.start())
        group = _group_of(lex, m.group(0))
        if group is not None:
            found.append(_Cue(group, m.group(0), m.start(), m.end()))
    return found, "".join(chars)


@lru_cache(maxsize=1)
def _frequency_phrases() -> re.Pattern[str]:
    """The frequency phrases alone. The whole cue scan yields a frequency phrase only where that
    phrase's own pattern matches, so a text this finds nothing in writes no frequency: the scan of
    every cue (a long alternation tried at each position, ~1.5 ms a claim) is skipped for it."""
    doc = cue_document()["agreement_words"]
    words = [w for side in ("both_ways", "claim_side") for group, ws in doc[side].get("frequency", {}).items()
             if not group.startswith("_") for w in ws]
    lex = _lexicon()
    phrases = sorted({_normal(w) for w in words if lex.group_of.get(_normal(w)) is not None}, key=len, reverse=True)
    return re.compile("|".join(_phrase_re(p) for p in phrases) or r"(?!)")


def frequency_groups(text: str) -> set[str]:
    """The frequency groups ``text`` writes ("daily", "twice_daily" …), each phrase read once,
    longest first: "twice daily" is twice_daily, not daily as well."""
    return {group for group, _, _ in frequency_spans(text.lower())}


def frequency_spans(low: str) -> list[tuple[str, int, int]]:
    """(group, start, end) of each frequency phrase of lower-cased ``low``, read as ``frequency_groups``."""
    # the literal prefilter first: most claims and segments hold none of the phrases' words,
    # and the alternation's search costs ~1 ms where the literals' test costs ~20 µs
    phrases = _frequency_phrases()
    if not may_match(phrases, low) or phrases.search(low) is None:
        return []
    lex = _lexicon()
    return [(c.group, c.start, c.end) for c in _cues_in(low)[0] if lex.class_of.get(c.group) == "frequency"]


def dose_frequency_groups() -> frozenset[str]:
    """The frequency groups a dose is given more than once a day (or twice a week) by:
    ``dose_frequency`` in claim_support.json."""
    return frozenset(cue_document()["agreement_words"]["dose_frequency"]["groups"])


@lru_cache(maxsize=1)
def worded_frequency_groups() -> frozenset[str]:
    """The frequency groups whose phrases say one thing in other words: the dose frequency groups
    and ``worded_groups`` ("once daily", "QD", "every 24 hours"; claim_support.json)."""
    doc = cue_document()["agreement_words"]["dose_frequency"]
    return dose_frequency_groups() | frozenset(doc["worded_groups"])


def without_dose_frequencies(text: str) -> str:
    """``text`` with each phrase of a ``worded_frequency_groups`` group blanked: the words of "every
    12 hours" are not the words of "twice daily", yet say the same; the claim-support rule reads
    the group itself (``words_disagree``: a claim's group must be the line's)."""
    low = text.lower()
    if len(low) != len(text):
        return text
    groups = worded_frequency_groups()
    chars = list(text)
    for group, start, end in frequency_spans(low):
        if group in groups:
            chars[start:end] = " " * (end - start)
    return "".join(chars)


def canonical_dose_frequencies(text: str) -> str:
    """``text`` with each phrase of a ``worded_frequency_groups`` group written as its group's first phrase ("every 12 hours", "BID" → "twice daily"; "once daily",
    "QD" → "daily"): the content words of one frequency said two
    ways are the same words (``segment_support.claim_profile``, ``segment_terms``)."""
    low = text.lower()
    if len(low) != len(text):
        return text
    pattern, first = _dose_phrases()
    if not may_match(pattern, low):  # none of the phrases' literals: no phrase to rewrite
        return text
    out, at = [], 0
    for m in pattern.finditer(low):  # its own short pattern: segment_terms reads every segment
        group = _group_of(_lexicon(), m.group(0))
        if group in first:
            # "40 mg/day" reads "40 mg daily", never "40 mgdaily"
            glued = m.start() > 0 and text[m.start() - 1].isalnum() and not low[m.start()].isalnum()
            out += [text[at:m.start()], " " if glued else "", first[group]]
            at = m.end()
    return "".join([*out, text[at:]]) if out else text


@lru_cache(maxsize=1)
def _dose_phrases() -> tuple[re.Pattern[str], dict[str, str]]:
    """The phrases of the dose frequency groups as one pattern (longest first), and each group's first phrase."""
    frequency = cue_document()["agreement_words"]["claim_side"]["frequency"]
    groups = {g: ws for g, ws in frequency.items() if g in worded_frequency_groups()}
    phrases = sorted({_normal(w) for ws in groups.values() for w in ws}, key=len, reverse=True)
    return re.compile("|".join(_phrase_re(p) for p in phrases)), {g: ws[0] for g, ws in groups.items()}


@dataclass(frozen=True, slots=True)
class _Clause:
    start: int
    end: int
    ends_sentence: bool  # a leading condition or frame reaches no further
    restated: bool  # at least half of its content words, and at least one, are the claim's


def _clauses(segment_low: str, claim_terms: set[str]) -> list[_Clause]:
    out: list[_Clause] = []
    start = 0
    for m in [*_CLAUSE_BREAK.finditer(segment_low), None]:
        end = m.start() if m is not None else len(segment_low)
        terms = content_terms(segment_low[start:end])
        shared = len(terms & claim_terms)
        ends = m is None or _SENTENCE_END.fullmatch(m.group(0)) is not None
        out.append(_Clause(start, end, ends, bool(shared) and 2 * shared >= len(terms)))
        start = m.end() if m is not None else end
    return out


def _restated_spans(clauses: list[_Clause], length: int) -> list[tuple[int, int]]:
    """The clauses of the segment the claim restates. None restated: the whole segment."""
    return [(c.start, c.end) for c in clauses if c.restated] or [(0, length)]


_SENTENCE_STOP = re.compile(r"[;；。！？!?]|\.(?=\s|$)")


def _restated_sentences(segment_low: str, claim_terms: set[str]) -> list[tuple[int, int]]:
    """The sentences of the segment that hold a clause the claim restates: "Under the bull scenario,
    revenue reaches …" says the scenario of the figure. A period after a figure ("… in 2023.
    According to analysts, …") ends a sentence here, which a clause break does not (a decimal
    point looks the same to it). None restated: the whole segment, as ``_restated_spans``."""
    bounds = [0, *(m.end() for m in _SENTENCE_STOP.finditer(segment_low)), len(segment_low)]
    return [
        (a, b) for a, b in zip(bounds, bounds[1:])
        if any(c.restated for c in _clauses(segment_low[a:b], claim_terms))
    ] or [(0, len(segment_low))]


def restated_sentences(segment_low: str, claim_low: str) -> list[tuple[int, int]]:
    """The sentences of lower-cased ``segment_low`` that hold a clause the claim restates (the
    whole segment where none does): where a condition the claim may have dropped is read."""
    return _restated_sentences(segment_low, content_terms(claim_low))


def restated_clauses(segment_low: str, claim_low: str) -> list[tuple[int, int]]:
    """The clauses of lower-cased ``segment_low`` the claim restates (the whole segment where
    none is): "…, at a rate not exceeding 3 mg/kg per hour" is not restated by a claim of the
    infusion's length."""
    return _restated_spans(_clauses(segment_low, content_terms(claim_low)), len(segment_low))


# --- a condition or frame in a clause of its own, governing the clause the claim restates ---


@dataclass(frozen=True, slots=True)
class _Leading:
    connectives: re.Pattern[str]  # words that may stand before a clause's opening cue
    openers_en: re.Pattern[str]  # words that open a condition clause without being a cue elsewhere
    zh_openers: tuple[str, ...]
    zh_ends: tuple[str, ...]
    zh_ends_not: tuple[str, ...]
    govern_before: frozenset[str]
    trailing: frozenset[str]
    cueless: re.Pattern[str]  # where a governing clause without a cue word may be: 'when', '…时，'


@lru_cache(maxsize=1)
def _leading() -> _Leading:
    doc = cue_document()["agreement_words"]["leading_clause"]

    def words(ws: list[str]) -> re.Pattern[str]:
        alts = "|".join(_phrase_re(_normal(w)) for w in sorted(ws, key=len, reverse=True))
        return re.compile(rf"(?:{alts})\s*")

    return _Leading(
        connectives=words(doc["connectives"]),
        openers_en=words(doc["en_openers"]),
        zh_openers=tuple(doc["zh_openers"]),
        zh_ends=tuple(doc["zh_ends"]),
        zh_ends_not=tuple(doc["zh_ends_not"]),
        govern_before=frozenset(doc["govern_before"]),
        trailing=frozenset(doc["trailing"]),
        cueless=re.compile(
            "|".join([words(doc["en_openers"]).pattern, *map(re.escape, doc["zh_openers"])])
            + "|(?:" + "|".join(map(re.escape, doc["zh_ends"])) + r")\s*[,;:，；：]"
        ),
    )


@dataclass(frozen=True, slots=True)
class _Governor:
    shown: str  # the cue word, or the clause where no cue word names it
    group: str | None  # the cue's group: a claim that has it carries the governor


_OPENING_MARKS = re.compile(r"[\s\-*#>()（）\"'“”‘’]*")


def _opening_cue(segment_low: str, clause: _Clause, cue_at: dict[int, _Cue]) -> tuple[str, str | None] | None:
    """The both-ways cue (or opener word) a clause opens with, connectives aside: 'If …', 'But if …',
    'Reportedly', '据报道', 'When …'."""
    lead = _leading()
    at = _OPENING_MARKS.match(segment_low, clause.start).end()
    while at < clause.end:
        if (cue := cue_at.get(at)) is not None and cue.group in _lexicon().both_ways:
            return _shown(cue), cue.group
        if m := lead.openers_en.match(segment_low, at, clause.end):
            return m.group(0).strip(), None
        if zh := next((w for w in lead.zh_openers if segment_low.startswith(w, at)), None):
            return zh, None
        m = lead.connectives.match(segment_low, at, clause.end)
        if m is None or m.end() == at:
            return None
        at = m.end()
    return None


def _condition_ending(text: str) -> bool:
    """A Chinese clause that ends as a condition: '与…联用时', '体重低于50公斤者', '…的情况下'."""
    lead = _leading()
    text = text.rstrip()
    return text.endswith(lead.zh_ends) and not text.endswith(lead.zh_ends_not)


def _governor(segment_low: str, clause: _Clause, cue_at: dict[int, _Cue]) -> _Governor | None:
    """What a clause the claim does not restate lays on the clause after it: the condition or
    frame it opens with, or the condition it is (a Chinese '…时', '…者' clause)."""
    text = segment_low[clause.start:clause.end]
    if opening := _opening_cue(segment_low, clause, cue_at):
        return _Governor(*opening)
    if _condition_ending(text):
        return _Governor(text.strip(), None)
    return None


def _governing_clauses(
    segment_low: str, clauses: list[_Clause], segment_cues: list[_Cue]
) -> list[tuple[_Governor, str]]:
    """(governor, how it governs) for each clause the claim does not restate that governs one it
    does: a leading condition or frame before it in its sentence; after it, a clause that
    retracts it ('…，但该报道随后被撤回') or a sentence's closing condition ('…, if tolerated')."""
    lead = _leading()
    cue_at = {c.start: c for c in segment_cues}
    starts = [c.start for c in clauses]
    retracting: dict[int, list[_Cue]] = {}  # clause index → its retracting cues
    for cue in segment_cues:
        if cue.group in lead.govern_before:
            retracting.setdefault(bisect_right(starts, cue.start) - 1, []).append(cue)
    governor_of: dict[int, _Governor | None] = {}  # each clause read once
    found: list[tuple[_Governor, str]] = []
    for i, clause in enumerate(clauses):
        if not clause.restated:
            continue
        j = i - 1
        while j >= 0 and not clauses[j].ends_sentence:
            if j not in governor_of:
                governor_of[j] = None if clauses[j].restated else _governor(segment_low, clauses[j], cue_at)
            if (g := governor_of[j]) is not None:
                found.append((g, "leads with"))
            j -= 1
        j = i
        while not clauses[j].ends_sentence:
            j += 1
            if clauses[j].restated:
                continue
            found.extend((_Governor(_shown(c), c.group), "follows it with") for c in retracting.get(j, ()))
            if j == i + 1 and clauses[j].ends_sentence:
                opening = _opening_cue(segment_low, clauses[j], cue_at)
                if opening is not None and opening[1] in lead.trailing:
                    found.append((_Governor(*opening), "follows it with"))
    return found


def _dropped_governor(
    segment_low: str, clauses: list[_Clause], segment_cues: list[_Cue], claim_groups: set[str]
) -> str | None:
    """A clause the claim does not restate (most of its words would make it restated) carried
    only by its cue word: 'reportedly' for 'Reportedly,', '如果' for '若'."""
    for governor, how in _governing_clauses(segment_low, clauses, segment_cues):
        if governor.group is None or governor.group not in claim_groups:
            kind = _lexicon().class_of[governor.group].replace("_", " ") if governor.group else "condition"
            return f"the source line {how} '{governor.shown}' ({kind}), which governs the clause the claim restates; the claim does not"
    return None


def _distributive_missing(claim_rest: str, segment_low: str) -> str | None:
    """A claim's 'per X' / 每X (not read by a frequency group) the segment does not write."""
    lex = _lexicon()
    units = lexicon().unit_by_alias
    for m in lex.per_en.finditer(claim_rest):
        noun = m.group(1)
        if noun in units:
            continue  # "grams per deciliter": a unit, which the numeric rule converts and checks
        stem = noun[:-1] if noun.endswith("s") and len(noun) > 3 else noun
        pattern = r"(?:(?<![a-z])(?:" + "|".join(lex.distributive_en) + r")\s+|/)" + re.escape(stem) + r"(?:s|es)?(?![a-z])"
        if re.search(pattern, segment_low) is None:
            return m.group(0)
    for m in lex.per_zh.finditer(claim_rest):
        if m.group(1) in NUMERAL_CHARS:
            continue  # 每三周: a cadence (citeproof.values.framing), not "per"
        if not any(d + m.group(1) in segment_low for d in lex.distributive_zh):
            return m.group(0)
    return None


def _distributive_dropped(
    claim_low: str, claim_groups: set[str], segment_cues: list[_Cue], segment_rest: str, restated: list[tuple[int, int]]
) -> str | None:
    """The mirror of ``_distributive_missing``: a rate the source line gives its figure that the
    claim leaves out — a frequency ("grew 8% *annually*", "4 cycles *per year*") whose group the
    claim does not use, or a "per X" / "each X" / "every X" ("$80 *per vial*", "25 patients … *per
    site*", "300 patients *per arm*", "150 patients randomised to *each group*") the claim writes
    as none of "per X", "each X", "every X", "a X", "/X". Without it the figure is a total,
    another number: "1000 mg/m2 on days 1-14" for "1000 mg/m2/day on days 1-14" (the numeric rule
    reads a daily dose's amount in "mg/day" and leaves the period to this check, which finds it
    anywhere in the claim: "1500 mg of the drug daily"). A per-unit noun ("grams per deciliter")
    is the numeric rule's. Only in the clauses the claim restates (``restated``), after a figure
    (a "per X" / "each X" before it too)."""
    lex = _lexicon()

    def restated_at(at: int, *, before_figure: bool = False) -> bool:
        # after a figure of a restated clause: a rate with no figure before it ("receive the drug
        # once daily on days 1-28") states a schedule, which a claim may leave out. A "per X" /
        # "each X" before the clause's figure (``before_figure``) qualifies the measure the figure
        # gives: "revenue per employee was $310,000", "Each store generated revenue of $2.3 million"
        return any(a <= at < b and (_DIGIT.search(segment_rest, a, at) or before_figure and _DIGIT.search(segment_rest, at, b))
                   for a, b in restated)

    for cue in segment_cues:
        if lex.class_of.get(cue.group) == "frequency" and cue.group not in claim_groups and restated_at(cue.start) \
                and not _distributive_written(cue.word.split()[-1].lstrip("/"), claim_low):  # "8% a year" for "8% per year"
            return _shown(cue)
    for m in lex.period_after_figure.finditer(segment_rest):
        # "sold 3,000 vehicles a month": a rate ("3,000 units a month" is one to the numeric rule too)
        if restated_at(m.start(1)) and m.group(1) not in claim_low:
            return m.group(0)[1:].strip()
    units = lexicon().unit_by_alias
    for m in lex.distributive_of_en.finditer(segment_rest):
        noun = m.group(1)
        # "per the protocol", "every other week" name nothing a figure is per; "per arm" does
        names = bool(content_terms(noun)) or noun in lex.stop_nouns_en
        if noun in units or not names or not restated_at(m.start(), before_figure=True):
            continue
        if not _distributive_written(noun, claim_low):
            return m.group(0)
    for m in lex.distributive_of_zh.finditer(segment_rest):
        # "2024年该公司单店年均营收为230万元": the claim writes the same word or gives another figure
        if restated_at(m.start(), before_figure=True) and m.group(0) not in claim_low:
            return m.group(0)
    return None


def _distributive_written(noun: str, claim_low: str) -> bool:
    """Whether the claim writes "per X", "each X", "every X", "a X" or "/X" of the noun."""
    stem = noun[:-1] if noun.endswith("s") and len(noun) > 3 else noun
    words = "|".join((*_lexicon().distributive_en, "a", "an"))
    return re.search(rf"(?:(?<![a-z])(?:{words})\s+|/){re.escape(stem)}(?:s|es)?(?![a-z])", claim_low) is not None


_DIGIT = re.compile(r"\d")
_COORDINATOR = re.compile(r"\s+(?:and|or|as well as|&)\s+")
_WORD_BEFORE = re.compile(r"([a-z][a-z'-]*[a-z])[^a-z]*$")
_WORD_AFTER = re.compile(r"^[^a-z]*([a-z][a-z'-]*[a-z])")


def _coordinated_addition(claim_low: str, segment_terms: set[str]) -> str | None:
    """A word the claim lists beside one of the segment's ('men and women' for 'women') that
    the segment does not have."""
    for m in _COORDINATOR.finditer(claim_low):
        before = _WORD_BEFORE.search(claim_low[: m.start()])
        after = _WORD_AFTER.search(claim_low[m.end():])
        if before is None or after is None:
            continue
        left, right = content_terms(before.group(1)), content_terms(after.group(1))
        if not left or not right:
            continue  # a stop-word beside the coordinator: not two listed items
        if left <= segment_terms and not right & segment_terms:
            return after.group(1)
        if right <= segment_terms and not left & segment_terms:
            return before.group(1)
    return None


def _shown(cue: _Cue) -> str:
    return cue.word.strip(" \"'“‘")  # 'statement "' is matched with its quote, named without


def _kind(lex: _Lexicon, cue: _Cue) -> str:
    return lex.class_of[cue.group].replace("_", " ")


def implied_by_header(header: str) -> frozenset[str]:
    """The groups a header states for the lines under it: an inclusion criterion is a
    requirement ("Inclusion Criteria:" → "must")."""
    low = header.lower()
    return frozenset(g for g, heads in _header_groups().items() if any(h in low for h in heads))


@lru_cache(maxsize=1)
def _header_groups() -> dict[str, tuple[str, ...]]:
    doc = cue_document()["agreement_words"]["header_implies"]
    return {g: tuple(h.lower() for h in heads) for g, heads in doc.items() if not g.startswith("_")}


def words_disagree(
    claim_text: str, segment_text: str, *, implied: Callable[[], frozenset[str]] | None = None
) -> str | None:
    """Why the claim's meaning words differ from the segment's, naming the word, or None.
    ``implied``: the groups the segment's place states without writing them (its header's),
    asked only when a claim word is not in the segment."""
    # a short grading word is the word itself ("G3/4" is "grade 3/4"): as the numbers read it
    claim_low, segment_low = spelled_grades(claim_text).lower(), spelled_grades(segment_text).lower()
    lex = _lexicon()
    claim_cues, claim_rest = _cues_in(claim_low)
    segment_cues, segment_rest = _cues_in(segment_low)
    segment_groups = {c.group for c in segment_cues}
    for cue in claim_cues:
        if cue.word.startswith("/"):
            continue  # "mL/h", "mg/day": a unit, which the numeric rule converts and checks
        if cue.group not in segment_groups and implied is not None and cue.group in _header_groups():
            # only then is the header looked up (a scan of the lines above the segment)
            segment_groups |= implied()
            implied = None
        if cue.group not in segment_groups:
            return f"the claim's '{_shown(cue)}' ({_kind(lex, cue)}) is not in the source line"
    claim_groups = {c.group for c in claim_cues}
    dropped = [
        c for c in segment_cues
        if (c.group in lex.both_ways or _normal(c.word) in lex.source_too) and c.group not in claim_groups
    ]
    claim_terms = content_terms(claim_low)
    clauses = _clauses(segment_low, claim_terms)
    spans = _restated_spans(clauses, len(segment_low))
    if dropped or _leading().cueless.search(segment_low):
        sentences = _restated_sentences(segment_low, claim_terms)
        for cue in dropped:
            reach = sentences if cue.group in lex.sentence_wide else spans
            if any(a <= cue.start < b for a, b in reach):
                return f"the source line says '{_shown(cue)}' ({_kind(lex, cue)}); the claim does not"
        if why := _dropped_governor(segment_low, clauses, segment_cues, claim_groups):
            return why
    if per := _distributive_missing(claim_rest, segment_low):
        return f"the claim's '{per}' is not in the source line"
    if per := _distributive_dropped(claim_low, claim_groups, segment_cues, segment_rest, spans):
        return f"the source line says '{per}' of its figure; the claim does not"
    if added := _coordinated_addition(claim_low, content_terms(segment_low)):
        return f"the claim lists '{added}', which the source line does not"
    if route := swapped_route(claim_low, segment_low):
        return f"the claim gives {route[0]} the route '{route[1]}'; the source line gives it '{route[2]}'"
    if modifier := added_modifier(claim_low, segment_low):
        return f"the claim's '{modifier[0]}' stands before '{modifier[1]}', which the source line has without it"
    if modifier := dropped_modifier(segment_low, claim_low):
        return f"the source line's '{modifier[0]}' stands before '{modifier[1]}', which the claim has without it"
    if borrowed := borrowed_from_later_clause(claim_low, segment_low):
        term, clause, figure = borrowed
        return (f"the claim's '{term}' comes from a later clause of the source line ('{clause}'), "
                f"not from the clause that gives {figure}")
    return None


_FIGURE = re.compile(r"(?<![\d.,])\d+(?:[.,]\d+)*")


def _figures(low: str) -> list[tuple[str, int]]:
    """(number as written without thousands commas, where it starts) for each number."""
    return [(m.group(0).replace(",", ""), m.start()) for m in _FIGURE.finditer(low)]


def borrowed_from_later_clause(claim_low: str, segment_low: str) -> tuple[str, str, str] | None:
    """(term, the source's clause it comes from, figure) where the claim describes its figure with
    a term the source line writes only in a clause after the one that gives the figure, a clause
    about the same kind of thing (it shares a term with the figure's clause): "The *complete*
    response rate was 45%" from "The overall response rate was 45%, with a low complete
    response rate"; "This trial *found* an ORR of 45%" from "A prior study reported an ORR of
    45%; this trial found a lower rate"; "*严重*不良事件发生率为22%" from "不良事件发生率为22%，
    严重事件罕见". The later clause names another member of the kind, and the claim gives it
    the figure. Only the claim's words before its figure count (words after it add context:
    "… 12 months in Arm A compared with the control arm"), and a term written in or before
    the figure's clause is the source's own description ("In women over 65, the ORR was 45%")."""
    segment_figures = _figures(segment_low)
    claim_figures = _figures(claim_low)
    if not segment_figures or not claim_figures:
        return None
    breaks = [m.start() for m in _CLAUSE_BREAK.finditer(segment_low)]
    spans = list(zip([0, *(b + 1 for b in breaks)], [*breaks, len(segment_low)]))
    claim_breaks = [m.start() for m in _CLAUSE_BREAK.finditer(claim_low)]
    # a clause holding any of the claim's figures is the claim's own (it may restate several)
    values = {v for v, _ in claim_figures}
    figure_clauses = {bisect_right(breaks, s) for v, s in segment_figures if v in values}
    own_words = set().union(*(content_terms(segment_low[slice(*spans[j])]) for j in figure_clauses))
    for figure, at in claim_figures:
        clauses = {bisect_right(breaks, s) for value, s in segment_figures if value == figure}
        if len(clauses) != 1:
            continue  # not in the line as written, or in several clauses: pairing reads those
        k = clauses.pop()
        held = content_terms(segment_low[: spans[k][1]]) | own_words
        c = bisect_right(claim_breaks, at)
        stretch = content_sequence(claim_low[claim_breaks[c - 1] + 1 if c else 0 : at])
        borrowed = [t for t in dict.fromkeys(stretch) if t not in held]
        if not borrowed:
            continue
        own = content_terms(segment_low[slice(*spans[k])])
        for j in range(k + 1, len(spans)):
            clause = segment_low[slice(*spans[j])].strip(" ,;:，；：。！？!?.")
            terms = content_terms(clause)
            if not (term := next((t for t in borrowed if t in terms), None)):
                continue  # (a clause holding one of the claim's figures has none: its words are held)
            if (terms - {term}) & own:
                return term, clause, figure
    return None
    breaks = [m.start() for m in _CLAUSE_BREAK.finditer(segment_low)]
    claim_breaks = [m.start() for m in _CLAUSE_BREAK.finditer(claim_low)]
    for figure, at in _figures(claim_low):
        clauses = {bisect_right(breaks, s) for value, s in segment_figures if value == figure}
        if len(clauses) != 1:
            continue  # not in the line as written, or in several clauses: pairing reads those
        k = clauses.pop()
        start = breaks[k - 1] + 1 if k else 0
        end = breaks[k] if k < len(breaks) else len(segment_low)
        c = bisect_right(claim_breaks, at)
        held = content_terms(segment_low[:end])
        borrowed = [t for t in dict.fromkeys(content_sequence(claim_low[claim_breaks[c - 1] + 1 if c else 0 : at])) if t not in held]
        if not borrowed:
            continue
        own = content_terms(segment_low[start:end])
        for a, b in zip([end, *breaks[k + 1 :]], [*breaks[k + 1 :], len(segment_low)]):
            clause = segment_low[a:b].strip(" ,;:，；：。！？!?.")
            terms = content_terms(clause)
            if (term := next((t for t in borrowed if t in terms), None)) and (terms - {term}) & own:
                return term, clause, figure
    return None


_TOKEN = re.compile(r"[a-z0-9][a-z0-9'.-]*[a-z0-9]|[a-z0-9]")
MAX_CELLS = 36_000  # claim words × segment words beyond which (a whole page) no word-by-word alignment is made


@lru_cache(maxsize=1)
def _weakening_words() -> frozenset[str]:
    return frozenset(cue_document()["weakening_words"]["en"])


def added_modifier(claim_low: str, segment_low: str, *, at_start: bool = False) -> tuple[str, str] | None:
    """(added word, the word it modifies) where the claim puts a content word the segment does
    not have directly before one of its content words, between two words the segment writes
    side by side: "total annual *recurring* revenue" for "total annual revenue", "grade 3
    *febrile* neutropenia" for "grade 3 neutropenia". Content-word overlap lets one such word
    in five through, and it changes what is measured. A word added before a number or a
    stop-word ("relapse had to *occur* 12 months", "*given* as a 30 min infusion") is a
    restatement's verb, not a modifier: it is let through. English words only."""
    return next(
        ((word, head) for word, head, _ in _added_modifiers(claim_low, segment_low, at_start=at_start, borrowed_start=True)),
        None,
    )


def dropped_modifier(segment_low: str, claim_low: str) -> tuple[str, str] | None:
    """(dropped word, the word it modifies): the mirror of ``added_modifier``, a content word the
    source line writes directly before one of its words that the claim writes side by side with
    the word before it, or opens on: "The *annualized* relapse rate" restated as "The relapse
    rate", "Treatment *failure* occurred" as "Treatment occurred", "Sales of the 10 mg *tablet*
    rose" as "Sales rose", "*Febrile* neutropenia" as "Neutropenia". Each widens what is
    measured. Let through: a listed weakening adverb ("significantly improved" as "improved"
    only weakens the claim) and a word the source sets in brackets between the two ("Drug
    (30-120 min intravenous infusion) dose" as "drug infusion dose": an aside)."""
    weakening = _weakening_words()
    return next(
        ((word, head) for word, head, aside in _added_modifiers(segment_low, claim_low, at_start=True)
         if word not in weakening and not aside),
        None,
    )


_BRACKET = re.compile(r"[(\[（]")


def _added_modifiers(
    claim_low: str, segment_low: str, *, at_start: bool, borrowed_start: bool = False
) -> Iterator[tuple[str, str, bool]]:
    """Each (added word, the word it modifies, whether the claim sets the added word in an
    opened bracket between the two words it shares with the segment) — see ``added_modifier``.

    A word the segment has only in another clause than the word it modifies counts as added
    too: "*Serious* adverse events occurred in 22%" from "Adverse events occurred in 22%;
    serious events were rare" takes "serious" from a clause about other events.
    ``borrowed_start``: also look before the claim's first shared word for such a borrowed
    word (not for a word the segment lacks, which ``at_start`` covers)."""
    a, b = _keyed(claim_low), _keyed(segment_low)
    if not a or not b or len(a) * len(b) > MAX_CELLS:
        return
    held: dict[str, list[int]] = {}
    for key, _, at in b:
        held.setdefault(key, []).append(at)
    breaks = [m.start() for m in _CLAUSE_BREAK.finditer(segment_low)]

    def foreign(key: str, head_at: int) -> bool:
        """Not in the segment, or only in clauses other than the one at ``head_at`` when that
        clause states a figure (so the claim's figure is its own). A clause with no figure is
        a label the figure follows ("Age, median (range): 62 years"): its word list runs on."""
        places = held.get(key)
        if not places:
            return True
        clause = bisect_right(breaks, head_at)
        start = breaks[clause - 1] + 1 if clause else 0
        end = breaks[clause] if clause < len(breaks) else len(segment_low)
        return _DIGIT.search(segment_low, start, end) is not None and all(bisect_right(breaks, at) != clause for at in places)

    pairs = aligned([k for k, _, _ in a], [k for k, _, _ in b])
    for (i0, j0), (i1, j1) in zip(pairs, pairs[1:]):
        if j1 != j0 + 1 or i1 == i0 + 1:
            continue  # the segment has words between the two, or the claim none
        added, head = a[i1 - 1], a[i1]
        if foreign(added[0], b[j1][2]) and _content(added[0]) and _head(head[0]):
            yield added[1], head[1], _BRACKET.search(claim_low, a[i0][2], head[2]) is not None
    if (at_start or borrowed_start) and pairs and pairs[0][1] == 0 and pairs[0][0] > 0:
        # before the first word both share, which opens the other text: "*North American* revenue
        # was …" for "Revenue was …" (only a word written right before it, with no comma: a
        # sentence adverb, "Overall, revenue …", modifies no word)
        added, head = a[pairs[0][0] - 1], a[pairs[0][0]]
        absent = added[0] not in held
        if (absent if at_start else not absent and foreign(added[0], b[0][2])) and _content(added[0]) \
                and _head(head[0]) and _WRITTEN_BEFORE.fullmatch(claim_low, added[2], head[2]):
            yield added[1], head[1], False


def _keyed(low: str) -> list[tuple[str, str, int]]:
    """(key, word, where it starts) for each word: a content word's key is its content term (stemmed), any other
    word (stop-word, number) is its own key."""
    out = []
    for m in _TOKEN.finditer(low):
        word = written = m.group(0)
        if _DOTTED.fullmatch(word):
            word = word.replace(".", "")  # "U.S." is "US": a name, which content words read as two letters
        terms = content_terms(word) if any("a" <= c <= "z" for c in word) else set()
        out.append((next(iter(terms)) if len(terms) == 1 else word, written, m.start()))
    return out


_DOTTED = re.compile(r"[a-z](?:\.[a-z])+")
_WRITTEN_BEFORE = re.compile(r"[^\s,;:]+\s+")  # a word, its closing dot ("U.S."), then a space: no comma


def _head(key: str) -> bool:
    """A word a modifier can narrow: a content word, or a word for study members at large
    ("*evaluable* patients": 40% of them is not 40% of all patients)."""
    return _content(key) or key in _people()


@lru_cache(maxsize=1)
def _people() -> frozenset[str]:
    return frozenset(cue_document()["swap_words_en"]["people"])


def _content(key: str) -> bool:
    """A content word: letters, not a stop, unit or number word (those keep their own spelling as key)."""
    return any("a" <= c <= "z" for c in key) and bool(content_terms(key))
