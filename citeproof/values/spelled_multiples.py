"""Counts and multiples spelled as words or dosing shorthand, written as numbers before atoms are read.

A dose is its amount *and* how often it is given. "200 mg t.i.d." citing "200 mg b.i.d.", or
"the response rate tripled" citing "the response rate doubled", differ only in a word that
held no number, and passed on their words alone. Rewritten on both sides (claim and source),
they become atoms the numeric rule compares:

* ``twice`` → ``2 times``, ``thrice`` → ``3 times`` ("twice daily" = "two times a day" =
  "b.i.d."; "twice as many" reads as the multiple it is, like "three times as many");
* dosing shorthand: ``b.i.d.``/``BID`` → ``2 times daily``, ``t.i.d.``/``TID`` → ``3 times
  daily``, ``q.i.d.``/``QID`` → ``4 times daily``, ``q.d.``/``QD`` → ``daily``,
  ``q.o.d.``/``QOD`` → ``every 2 days``, ``q3w``/``Q3W`` → ``every 3 weeks``, ``q8h`` →
  ``every 8 hours``; a cadence with its number hyphenated ("3-weekly", "6-monthly", "4-hourly")
  → ``every 3 weeks``, ``every 6 months``, ``every 4 hours`` (British usage: "3-weekly" is once
  every three weeks, not three times a week; "twice-weekly" is read as "2 times" first). Lower-case undotted ``bid``/``tid`` are English words and are left alone;
* ``doubled``/``tripled``/``quadrupled`` → ``increased by 100%``/``200%``/``300%``, ``halved``
  → ``decreased by 50%``, and 翻了一番/翻倍 → 增长了100%, 翻了两番 → 增长了300%, 减半 → 下降了50%:
  the change the verb states, so "sales doubled" = "sales grew 100%" and "tripled" against
  "doubled" is a different figure. Only these past forms are read: "doubling time" is a
  quantity's name.

* schedule shorthand for the days of a cycle: ``d1, d8``, ``D1/D8``, ``d1,8,15`` → ``days 1 and
  8``, ``days 1, 8 and 15``; ``d1`` alone → ``day 1`` when a cadence follows ("d1 q21d"); and
  ``days 1,8`` → ``days 1 and 8`` (a list, not 1.8). A run is read only when it names day 1 or a
  cadence ("q21d", "every", "cycle") follows it: "vitamin D3" or "D2/D3 receptors" name no day.
  (Red team round 5: "on days 1 and 8 of a 21-day cycle" failed against "d1, d8 q21d".)

* ``a dozen`` → ``12``, ``half a dozen`` → ``6``, ``three dozen``/``3 dozen`` → ``36``: a dozen
  is twelve, so "12 hospitals" citing "a dozen hospitals" is the same figure and "a dozen
  patients" citing "10 patients" is not; "dozens of" is no one number and stays.

"once" is not rewritten: "once daily" and "daily" say the same, and a claim must not fail
for writing one where its source wrote the other.
"""

from __future__ import annotations

import re
from functools import lru_cache

from citeproof.values.lexicon import data_json

_TIMES = re.compile(r"\b(?P<word>twice|thrice)\b", re.IGNORECASE)
_TIMES_VALUE = {"twice": 2, "thrice": 3}
_SHORTHAND = re.compile(
    r"(?<![\w.])(?:"
    r"(?P<bid>b\.i\.d\.?|BID)|(?P<tid>t\.i\.d\.?|TID)|(?P<qid>q\.i\.d\.?|QID)|(?P<qod>q\.o\.d\.?|QOD)|"
    r"(?P<qd>q\.d\.?|QD)|[qQ](?P<every>\d{1,2})(?P<per>[wWhHdD])|"
    r"(?P<cadence>\d{1,2})-(?P<ly>(?i:hourly|daily|weekly|monthly|yearly))"
    r")(?![\w])"
)
_PER = {"w": "weeks", "h": "hours", "d": "days"}
_CADENCE = {"hourly": "hours", "daily": "days", "weekly": "weeks", "monthly": "months", "yearly": "years"}
_DOZEN = re.compile(r"\b(?:(?P<half>half an?)|(?P<one>an?)|(?P<count>\d{1,3}|[a-z]+))\s+dozen\b", re.IGNORECASE)
# "d1, d8", "D1/D8", "d1,8,15": the days of a cycle, each number one day
_DAY_RUN = re.compile(r"(?<![\w.])[dD](?P<first>\d{1,2})(?P<rest>(?:\s?[/,+&]\s?[dD]?\d{1,2})*)(?![\w.%])")
_DAY_NUMBER = re.compile(r"\d{1,2}")
# a cadence after a run of days: "q21d", "q3w", "every 21 days", "of a 21-day cycle"
_CADENCE_AFTER = re.compile(r"[\s,;(]{0,3}(?:[qQ]\d|every\b|each\b|of\s(?:a|each|every)\b|per\scycle|cycle)")
# "days 1,8": a list of days written without spaces
_DAYS_GLUED_LIST = re.compile(r"(?<![\w.])(?P<word>[dD]ays)\s(?P<list>\d{1,2}(?:,\d{1,2})+)(?![\w.%])")
# opens with the "d" (its look-behind checked after it, the same "no word character or dot
# before the d"): the engine skips to each "d" in C instead of trying a look-behind everywhere
_DAY_CUE = re.compile(r"d(?<![\w.]d)(?:\d|ays\s\d{1,2},\d)")
# Cheap substring cues first (on the lower-cased text): this runs on every line a numeric rule reads.
_CUES = ("twice", "thrice", "q.", "qd", "qid", "qod", "bid", "tid", "b.i.d", "t.i.d", "bled", "pled", "halved", "番", "翻倍", "减半",
         "-hourly", "-daily", "-weekly", "-monthly", "-yearly", "dozen")
# "some cue occurs" as one search of their alternation (a generator of substring tests costs
# more per line than the scan); the same answer as any(cue in low for cue in _CUES)
_ANY_CUE = re.compile("|".join(re.escape(cue) for cue in _CUES))
_Q_EVERY = re.compile(r"\bq\d")  # q3w, q8h: searched for only in text holding a "q"


def multiples_cue(low: str) -> bool:
    """Can lower-cased ``low`` hold a spelled count, multiple or dosing shorthand?"""
    return _ANY_CUE.search(low) is not None or ("q" in low and _Q_EVERY.search(low) is not None) \
        or ("d" in low and _DAY_CUE.search(low) is not None)


def numeric_multiples(text: str, low: str | None = None) -> str:
    """``text`` with spelled counts, multiples and dosing shorthand written as numbers
    (``low``: the text lower-cased, when the caller has it)."""
    if low is None:
        low = text.lower()
    if not multiples_cue(low):
        return text
    text = _TIMES.sub(lambda m: f"{_TIMES_VALUE[m.group('word').lower()]} times", text)
    if _DAY_CUE.search(low):
        text = _DAY_RUN.sub(_day_run, text)
        text = _DAYS_GLUED_LIST.sub(lambda m: _days(m.group("list").split(","), m.group("word")[0]), text)
    text = _SHORTHAND.sub(_shorthand, text)
    en = _fold_changes("en")
    text = _fold_verbs("en").sub(lambda m: en[m.group(0).lower()], text)
    if "dozen" in low:
        text = _DOZEN.sub(_dozen, text)
    if not text.isascii():
        zh = _fold_changes("zh")
        text = _fold_verbs("zh").sub(lambda m: zh[m.group(0)], text)
    return text


@lru_cache(maxsize=None)
def _fold_verbs(lang: str) -> re.Pattern[str]:
    """The multiplicative verbs of ``lang`` (number_words.json ``fold_verbs``), longest first; an
    English one as a whole word ("doubling time" is a quantity's name, not a change)."""
    verbs = "|".join(re.escape(v) for v in sorted(data_json("number_words.json")["fold_verbs"][lang], key=len, reverse=True))
    return re.compile(rf"\b(?:{verbs})\b", re.IGNORECASE) if lang == "en" else re.compile(verbs)


@lru_cache(maxsize=None)
def _fold_changes(lang: str) -> dict[str, str]:
    """Each multiplicative verb of ``lang`` → the change it states ("tripled" → "increased by 200%")."""
    data = data_json("number_words.json")["fold_verbs"]
    phrases = data["change"][lang]
    return {verb: (phrases["up"] if fold > 1 else phrases["down"]).format(f"{abs(fold - 1) * 100:g}")
            for verb, fold in data[lang].items()}


@lru_cache(maxsize=None)
def change_prefixes() -> tuple[tuple[str, float], ...]:
    """The words a multiple's change is written with before its percentage ("increased by ",
    "增长了"), lower-cased, each with its sign (+1 an increase, -1 a decrease)."""
    change = data_json("number_words.json")["fold_verbs"]["change"]
    return tuple((phrase.split("{}")[0].lower(), 1.0 if way == "up" else -1.0)
                 for phrases in change.values() for way, phrase in phrases.items())


def fold_of_change(before: str, percent: float) -> float | None:
    """The multiple a percentage states when ``before`` (lower-cased, up to the numeral) ends in a
    change phrase: "increased by " 200 → 3 ("tripled"), "decreased by " 50 → 0.5; else None."""
    for prefix, sign in change_prefixes():
        if before.endswith(prefix):
            fold = 1 + sign * percent / 100
            return fold if fold > 0 else None
    return None


def _dozen(m: re.Match[str]) -> str:
    if m.group("half"):
        return "6"
    if m.group("one"):
        return "12"
    count = m.group("count")
    n = int(count) if count.isdigit() else data_json("number_words.json")["units"].get(count.lower())
    return m.group(0) if not n else str(12 * n)  # "the dozen", "zero dozen": no count to multiply


def _shorthand(m: re.Match[str]) -> str:
    if m.group("bid"):
        return "2 times daily"
    if m.group("tid"):
        return "3 times daily"
    if m.group("qid"):
        return "4 times daily"
    if m.group("qod"):
        return "every 2 days"
    if m.group("qd"):
        return "daily"
    if m.group("cadence"):
        return f"every {m.group('cadence')} {_CADENCE[m.group('ly').lower()]}"
    return f"every {m.group('every')} {_PER[m.group('per').lower()]}"


def _day_run(m: re.Match[str]) -> str:
    """"d1, d8" → "days 1 and 8"; left as written unless it names day 1 or a cadence follows."""
    days = _DAY_NUMBER.findall(m.group("first") + " " + m.group("rest"))
    cadence = _CADENCE_AFTER.match(m.string, m.end()) is not None
    if not cadence and (len(days) < 2 or days[0] != "1" or days != sorted(days, key=int)):
        return m.group(0)
    return _days(days)


def _days(days: list[str], d: str = "d") -> str:
    """["1", "8", "15"] → "days 1, 8 and 15" (a list the atom reader reads as three days)."""
    if len(days) == 1:
        return f"{d}ay {days[0]}"
    return f"{d}ays {', '.join(days[:-1])} and {days[-1]}"
