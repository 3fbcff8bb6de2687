"""The value lexicon: units, per-time phrases, currencies, number and scale words, cue words.

Everything language- or domain-specific lives in ``citeproof/data/*.json``; this module
reads those files once and compiles them into the regular expressions the extractor uses.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path


@dataclass(frozen=True, slots=True)
class UnitInfo:
    canonical: str
    dim: str
    factor: float  # size of this unit in the dimension's base unit
    calendar: bool = False  # months/years: conversions to days/weeks/hours are approximate
    needs_denominator: bool = False  # "cells" is a unit only in "cells/mm3"; alone it is a count noun


class FirstCharMatcher:
    """``match(text, pos)`` of one alternation of alias patterns, each opening with its alias's
    first character, trying only the aliases that open with the character at ``pos``.

    The alternation tries its branches in order and a branch can only match where its first
    character stands, so the branches kept for that character, in the same order, give the
    same match. With ~270 unit aliases a failing match (most positions after a number) costs
    one dict lookup instead of a pass over every branch (tests/values/test_lexicon_matchers.py)."""

    __slots__ = ("pattern", "_by_first")

    def __init__(self, branches: list[tuple[str, str]]) -> None:
        """``branches``: (alias, its pattern) in alternation order; no alias is empty."""
        self.pattern = re.compile("(?:" + "|".join(pattern for _, pattern in branches) + ")")  # the whole alternation
        grouped: dict[str, list[str]] = {}
        for alias, pattern in branches:
            grouped.setdefault(alias[0], []).append(pattern)
        self._by_first = {first: re.compile("(?:" + "|".join(patterns) + ")") for first, patterns in grouped.items()}

    def match(self, text: str, pos: int = 0) -> re.Match[str] | None:
        branch = self._by_first.get(text[pos:pos + 1])
        return branch.match(text, pos) if branch is not None else None


@dataclass(frozen=True, slots=True)
class Lexicon:
    unit_by_alias: dict[str, UnitInfo]
    unit_re: FirstCharMatcher  # matches one unit alias at the start of a string (lower-cased text)
    per_time_by_alias: dict[str, tuple[str, float]]  # alias → (canonical, hours)
    per_time_re: FirstCharMatcher
    per_time_not_after_article: re.Pattern[str]  # "a year earlier": a time, not a rate
    currency_prefix: dict[str, str]
    currency_prefix_re: re.Pattern[str]  # matches a currency symbol/code at the END of a string (original case)
    currency_suffix: dict[str, str]
    currency_suffix_re: re.Pattern[str]
    currency_shared: dict[str, frozenset[str]]  # a symbol several currencies write (¥) → their codes
    money_after_scale: dict[str, str]  # a weight word that is money after a scale word ("billion pounds") → code
    money_after_scale_not_before: re.Pattern[str]  # what makes it a weight again ("pounds of")
    money_priced_after: re.Pattern[str]  # what makes it money with no scale word ("pounds per share", "pounds each")
    money_price_word: re.Pattern[str]  # a word in its clause that makes it money ("price", "sold at")
    money_weight_word: re.Pattern[str]  # a word in its clause that keeps it a weight ("weigh", "lost")
    number_words: dict[str, int]
    number_word_re: re.Pattern[str]
    one_pronoun_always: re.Pattern[str]  # what makes "one" a pronoun wherever it stands ("one another")
    one_pronoun_next: re.Pattern[str]  # what makes "one" a pronoun right after it ("one that", "one called") …
    one_stands_for_noun: re.Pattern[str]  # … where it stands for a noun named before (", one that", "the one that")
    one_counted_before: EndMatcher  # what keeps it a count right before it ("only one that")
    after_no_quantifiers: frozenset[str]  # number words that make a quantifier after "no" ("no one", "no two")
    set_count_before: re.Pattern[str]  # a word that makes a spelled number count a set in view ("the two cohorts")
    set_count_after: re.Pattern[str]  # words that make a number count kinds of a listed set ("3 different drugs")
    set_groups_after: re.Pattern[str]  # groups a spelled number counts ("two cohorts")
    zh_set_count: re.Pattern[str]  # a Chinese list right before a count of its members ("A公司和B公司" before "2家")
    zh_set_measure: re.Pattern[str]  # the measure word of such a count
    scale_words: dict[str, float]
    scale_word_re: re.Pattern[str]
    scale_letters: dict[str, float]
    bounds_before: dict[str, str]  # cue → qualifier
    bounds_before_re: EndMatcher  # a cue at the END of the text before a number
    bounds_after: dict[str, str]
    bounds_after_re: re.Pattern[str]  # a cue at the START of the text after a number
    bounds_inside: dict[str, str]  # a mark between a number and what it counts (200余亿): mark → qualifier
    bound_measure_words: tuple[str, ...]  # Chinese measure words a bound mark may stand before (3000多家)
    derived_after_re: re.Pattern[str]
    derived_before_re: EndMatcher
    derived_before_reach: int  # characters before a number its derived cue may take (the longest cue)
    derived_before_named_re: EndMatcher  # a reported statistic ending with a derived cue ("hazard ratio of")
    label_before_re: re.Pattern[str]
    index_stat_re: re.Pattern[str]  # a dimensionless index named right before a number ("an AUC of "): group "name"
    index_stats: dict[str, str]  # its name → its label ("area under the curve" → "AUC")
    label_after: tuple[str, ...]
    roman_grades: tuple[str, ...]  # words a Roman stage or grade follows ("stage IV": citeproof.values.roman_grades)
    count_nouns: frozenset[str]
    count_noun_re: re.Pattern[str]
    named_date_re: re.Pattern[str]  # a day with a month name and a year ("30 April 2009", "April 30, 2009")
    per_unit_before_re: re.Pattern[str]  # a denominator written before the number (每公斤体重): group "unit"
    months_m_before: re.Pattern[str]  # a period word right before a glued "12M" ("trailing 12M"): it may be months
    months_m_after: re.Pattern[str]  # what a period measures right after it ("12M revenue")
    millions_m_counted: re.Pattern[str]  # what a lowercase "1.5m" counts in millions ("1.5m users"), count nouns too


class EndMatcher:
    """Finds which cue a string ends with, in one anchored regex match over the reversed string
    (a ``…$`` search would try every start position)."""

    def __init__(self, cues: list[str]) -> None:
        parts = []
        for cue in sorted(set(cues), key=len, reverse=True):
            rev = re.escape(cue[::-1])
            # an ASCII word cue must start a word ("cover" does not end with the cue "over")
            parts.append(rev + (r"(?![a-z0-9])" if cue[:1].isascii() and cue[:1].isalnum() else ""))
        self._re = re.compile(r"\s?(?:" + "|".join(parts) + ")")
        # a match needs the text to end with a space or a cue's last character (most texts
        # before a number end with neither: no reversed copy, no match)
        self._last = frozenset(cue[-1] for cue in cues) if all(cues) else None

    def search(self, text: str) -> str | None:
        """The cue ``text`` ends with (ignoring one trailing space), or None."""
        last = text[-1:]
        if self._last is not None and last not in self._last and not last.isspace():
            return None
        m = self._re.match(text[::-1])
        return m.group(0)[::-1].strip() if m else None


def _is_cjk(s: str) -> bool:
    return any("\u3400" <= c <= "\u9fff" for c in s)


def _approx_linked(link: dict, approx_cues: list[str]) -> dict[str, str]:
    """Each approximation cue joined to each short link ("约" + "为"): 约为590亿元 approximates
    590亿元 as 约590亿元 does, so the pair is read as the cue (value_cues.json approx_link).
    A CJK link is glued to a CJK cue, an English one follows an English word cue after a space."""
    skip = {w.lower() for w in link["not_after"]}
    joined: dict[str, str] = {}
    for cue in approx_cues:
        if cue in skip:
            continue
        for word in link["words"]:
            if _is_cjk(cue) and _is_cjk(word):
                joined[cue + word] = "~"
            elif not _is_cjk(cue) and not _is_cjk(word) and cue[-1:].isalpha():
                joined[f"{cue} {word.lower()}"] = "~"
    return joined


def alternation(words: Iterable[str]) -> str:
    """A regex alternation of the literal ``words``, longest first, so 'mg/dl' style prefixes
    never shadow longer aliases (the one place the cue modules build their word lists from)."""
    return "|".join(re.escape(w) for w in sorted(set(words), key=lambda w: (-len(w), w)))


def bounded_words(words: Iterable[str]) -> str:
    """A regex matching any of ``words`` in lower-cased text: an ASCII word whole (no letter on
    either side), any other (Chinese) as a substring, since Chinese has no spaces to bound a word."""
    words = list(words)
    latin = alternation(w for w in words if w.isascii()) or "(?!)"
    other = alternation(w for w in words if not w.isascii()) or "(?!)"
    return rf"(?<![a-z])(?:{latin})(?![a-z])|{other}"


def word_end(word: str) -> str:
    """ASCII words need a word end after them; CJK and symbols do not."""
    if _is_cjk(word) or not word[-1:].isalnum():
        return re.escape(word)
    return re.escape(word) + r"(?![a-z0-9])"


def singular(word: str) -> str:
    """A plural's singular, lightly: "therapies" → "therapy", "boxes" → "box", "rates" → "rate"
    (only a sibilant takes "-es": stripping it from "rates" left "rat", which no "rate" matched)."""
    if len(word) <= 4 or word.endswith("ss") or not word.endswith("s"):
        return word
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith("es") and word[:-2].endswith(("s", "x", "z", "ch", "sh")):
        return word[:-2]
    return word[:-1]


@lru_cache(maxsize=None)
def data_json(name: str) -> dict:
    """``citeproof/data/<name>``, read once per process; every word list is read through here.
    Shared between callers: read it, never change it."""
    # citeproof/data is shipped as package data (pyproject), not a package of its own.
    return json.loads((Path(__file__).resolve().parent.parent / "data" / name).read_text(encoding="utf-8"))


@lru_cache(maxsize=None)
def word_set(name: str, key: str, field: str = "words") -> frozenset[str]:
    """The word list ``citeproof/data/<name>`` holds under ``key`` (its ``field``), as a set read
    once per process: the one loader of the modules' small cue sets."""
    return frozenset(data_json(name)[key][field])


@lru_cache(maxsize=1)
def lexicon() -> Lexicon:
    units_doc = data_json("units.json")
    words_doc = data_json("number_words.json")
    cues = data_json("value_cues.json")

    unit_by_alias: dict[str, UnitInfo] = {}
    for entry in units_doc["units"]:
        info = UnitInfo(
            canonical=entry["canonical"],
            dim=entry["dim"],
            factor=float(entry["factor"]),
            calendar=bool(entry.get("calendar", False)),
            needs_denominator=bool(entry.get("needs_denominator", False)),
        )
        for alias in entry["aliases"]:
            unit_by_alias[alias.lower()] = info
    not_before = {k: v for k, v in units_doc.get("cjk_not_before", {}).items() if not k.startswith("_")}

    def alias_pattern(alias: str) -> str:
        tails = not_before.get(alias)
        return word_end(alias) + (f"(?!{alternation(tails)})" if tails else "")

    unit_re = FirstCharMatcher([(a, alias_pattern(a)) for a in sorted(unit_by_alias, key=len, reverse=True)])

    per_time_by_alias: dict[str, tuple[str, float]] = {}
    for canonical, entry in units_doc["per_time"].items():
        if canonical.startswith("_"):
            continue
        for alias in entry["aliases"]:
            per_time_by_alias[alias.lower()] = (canonical, float(entry["factor"]))
    per_time_re = FirstCharMatcher([(a, word_end(a)) for a in sorted(per_time_by_alias, key=len, reverse=True)])
    not_after_article = units_doc["per_time"]["_not_after_article"]["words"]
    per_time_not_after_article = re.compile(r"\s(?:" + "|".join(re.escape(w) for w in not_after_article) + r")(?![a-z])")

    cur = units_doc["currencies"]
    prefix = {k: v for k, v in cur["prefix"].items()}
    suffix = {k.lower(): v for k, v in cur["suffix"].items()}
    shared = {symbol: frozenset(codes) for symbol, codes in cur.get("shared_symbols", {}).items()}
    money = cur.get("money_after_scale", {})
    money_after_scale = {k.lower(): v for k, v in money.get("words", {}).items()}
    money_not_before = re.compile(r"\s(?:" + (alternation(money.get("unless_followed_by", [])) or "(?!)") + r")(?![a-z])")
    money_priced_after = re.compile(r"\s(?:" + (alternation(money.get("priced_followed_by", [])) or "(?!)") + r")(?![a-z])")
    money_price_word = re.compile(r"(?<![a-z])(?:" + (alternation(money.get("price_words", [])) or "(?!)") + r")(?![a-z])")
    money_weight_word = re.compile(r"(?<![a-z])(?:" + (alternation(money.get("weight_words", [])) or "(?!)") + r")(?![a-z])")
    currency_prefix_re = re.compile("(?:" + alternation(list(prefix)) + r")\s?$")
    currency_suffix_re = re.compile("(?:" + "|".join(word_end(a) for a in sorted(suffix, key=len, reverse=True)) + ")")

    number_words: dict[str, int] = {}
    number_words.update(words_doc["units"])
    number_words.update(words_doc["tens"])
    unit_words = alternation([w for w in words_doc["units"] if w not in ("none", "zero")])
    tens_words = alternation(list(words_doc["tens"]))
    number_word_re = re.compile(
        rf"(?<![a-z0-9-])(?:(?P<tens>{tens_words})(?:[- ](?P<unit>{unit_words}))?|(?P<single>{alternation(list(words_doc['units']))}))(?![a-z0-9])"
    )
    pronoun = words_doc["one_pronoun"]
    one_pronoun_always = re.compile(r"\s(?:" + alternation(pronoun["always_before"]) + r")(?![a-z])")
    one_pronoun_next = re.compile(r"\s(?:" + alternation(pronoun["next_words"]) + r")(?![a-z])")
    one_stands_for_noun = re.compile(
        r"(?:,\s*(?:[a-z]+ly\s+)?|(?<![a-z])(?:" + alternation(pronoun["determiners"]) + r")\s+(?:[a-z]+\s+)?)$"
    )
    scale_words = {k.lower(): float(v) for k, v in words_doc["scale_words"].items()}
    scale_word_re = re.compile("(?:" + "|".join(word_end(a) for a in sorted(scale_words, key=len, reverse=True)) + ")")
    scale_letters = {k: float(v) for k, v in words_doc["scale_letters"].items() if not k.startswith("_")}

    def cue_map(table: dict[str, list[str]]) -> dict[str, str]:
        return {cue.lower(): q for q, cs in table.items() for cue in cs}

    def ending(cues: list[str]) -> EndMatcher:
        return EndMatcher(cues)

    def starting(cues: list[str]) -> re.Pattern[str]:
        return re.compile(r"\s?(?:" + "|".join(word_end(c) for c in sorted(cues, key=len, reverse=True)) + ")")

    bounds_before = cue_map(cues["bounds_before"])
    bounds_before.update(_approx_linked(cues["approx_link"], [c for c, q in bounds_before.items() if q == "~"]))
    bounds_after = cue_map(cues["bounds_after"])
    derived_after = [w.lower() for w in cues["derived_after"]]

    label_words = [w.lower() for w in cues["label_before"]]
    index_stats = {name: label for label, names in cues["index_stats"]["stats"].items() for name in names}
    label_before_re = re.compile(
        r"(?:^|[^a-z])(?:" + alternation(label_words) + r")\s?[#:]?\s?$"
    )
    count_nouns = frozenset(w.lower() for w in cues["count_nouns"])
    count_noun_re = re.compile(
        r"(?:[a-z-]+\s){0,2}?(?:" + "|".join(word_end(a) for a in sorted(count_nouns, key=len, reverse=True)) + ")"
    )

    return Lexicon(
        unit_by_alias=unit_by_alias,
        unit_re=unit_re,
        per_time_by_alias=per_time_by_alias,
        per_time_re=per_time_re,
        per_time_not_after_article=per_time_not_after_article,
        currency_prefix=prefix,
        currency_prefix_re=currency_prefix_re,
        currency_suffix=suffix,
        currency_suffix_re=currency_suffix_re,
        currency_shared=shared,
        money_after_scale=money_after_scale,
        money_after_scale_not_before=money_not_before,
        money_priced_after=money_priced_after,
        money_price_word=money_price_word,
        money_weight_word=money_weight_word,
        number_words=number_words,
        number_word_re=number_word_re,
        one_pronoun_always=one_pronoun_always,
        one_pronoun_next=one_pronoun_next,
        one_stands_for_noun=one_stands_for_noun,
        one_counted_before=EndMatcher(pronoun["counted_before"]),
        after_no_quantifiers=frozenset(words_doc["quantifier_after_no"]["words"]),
        set_count_before=re.compile(r"(?<![a-z])(?:" + alternation(words_doc["set_counts"]["before"]) + r")\s$"),
        set_count_after=re.compile(r"\s(?:" + alternation(words_doc["set_counts"]["kinds_after"]) + r")(?![a-z])"),
        set_groups_after=re.compile(r"\s(?:" + alternation(words_doc["set_counts"]["groups_after"]) + r")(?![a-z])"),
        zh_set_count=_zh_listed_before(words_doc["set_counts"]["zh_listed"]),
        zh_set_measure=re.compile(alternation(words_doc["set_counts"]["zh_listed"]["measure_words"])),
        scale_words=scale_words,
        scale_word_re=scale_word_re,
        scale_letters=scale_letters,
        bounds_before=bounds_before,
        bounds_before_re=ending(list(bounds_before)),
        bounds_after=bounds_after,
        bounds_after_re=starting(list(bounds_after)),
        bounds_inside=cue_map({q: cs for q, cs in cues.get("bounds_inside", {}).items() if not q.startswith("_")}),
        bound_measure_words=tuple(cues["bound_measure_words"]["words"]),
        derived_after_re=re.compile(r"\s?(?:" + "|".join(word_end(c.strip()) for c in sorted(derived_after, key=len, reverse=True)) + ")"),
        derived_before_re=ending([w.lower() for w in cues["derived_before"]]),
        derived_before_reach=2 + max(len(w) for w in cues["derived_before"]),
        derived_before_named_re=ending([f"{n.lower()} of" for n in cues["derived_before_named"]["names"]]),
        label_before_re=label_before_re,
        index_stat_re=_index_stat_re(list(index_stats)),
        index_stats=index_stats,
        label_after=tuple(cues["label_after"]),
        roman_grades=tuple(sorted(cues["roman_grades"], key=len, reverse=True)),
        count_nouns=count_nouns,
        count_noun_re=count_noun_re,
        named_date_re=_named_date_re(cues["month_names"]["names"]),
        months_m_before=re.compile(r"(?<![a-z])(?:" + alternation(cues["months_glued_m"]["before"]) + r")\s?$"),
        months_m_after=re.compile(r"\s?(?:" + alternation(cues["months_glued_m"]["after"]) + r")(?![a-z])"),
        millions_m_counted=re.compile(
            r"\s?(?:" + alternation([*cues["millions_glued_m"]["counted"], *count_nouns]) + r")(?![a-z])"),
        per_unit_before_re=_per_unit_before_re(units_doc["per_unit_before"], [
            a for e in units_doc["units"] if e["dim"] in ("mass", "area") for a in e["aliases"]]),
    )


def _index_stat_re(names: list[str]) -> re.Pattern[str]:
    """An index's name, an optional bracket ("AUC (95% CI)") and an optional link word at the end
    of the text before a number (searched in the few characters before it)."""
    return re.compile(
        r"(?<![a-z])(?P<name>" + alternation(names) + r")\s?(?:\([^()]{0,24}\)\s?)?(?:of|was|is|were|=|:|,)?\s?$"
    )


def _named_date_re(months: list[str]) -> re.Pattern[str]:
    """Day-month-year and month-day-year dates; opens with a character class so the engine
    skips fast to digits and capitals."""
    month = r"(?:" + alternation(months) + r")\.?"
    day = r"\d{1,2}(?:st|nd|rd|th)?"
    return re.compile(rf"(?<![\w.]){day}\s{month},?\s\d{{4}}(?!\d)|(?<![\w.]){month}\s{day},?\s\d{{4}}(?!\d)")


def _per_unit_before_re(doc: dict, aliases: list[str]) -> re.Pattern[str]:
    """A marker, a mass or area unit, an optional filler and an optional verb of giving at the
    end of the text before a number."""
    return re.compile(
        r"(?:" + alternation(doc["markers"]) + r")\s?(?P<unit>" + alternation(aliases) + r")"
        r"\s?(?:" + alternation(doc["fillers"]) + r")?\s?(?:" + alternation(doc.get("verbs", [])) + r")?\s?$"
    )


def _zh_listed_before(doc: dict) -> re.Pattern[str]:
    """Members joined by a joiner, ending right where the count starts: "A公司和B公司" (searched
    with ``$`` at the count's start), never with a word such as 共 or 各 between."""
    member = r"[^\s，,。；;：:（）()\d" + "".join(doc["not_before"]) + r"]{1,12}"
    return re.compile(rf"{member}(?:{alternation(doc['joiners'])}){member}$")
