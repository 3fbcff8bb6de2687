"""A period named with the amount: "Monthly list price: $12,000" is $12,000 per month.

A price list, a dosing table or a summary names the period in the amount's label instead of
after the number ("Monthly list price: $12,000", "Daily dose: 200 mg", "月费：12,000元"); a
report restates it as a rate ("$12,000 per month", "200 mg per day") or the other way round
("The monthly cost is $12,000" for "Cost: $12,000 per month"). Read as a bare amount, the true
restatement failed (red team round 5). The period word, one or two words naming what is
measured, then a link (a colon, "is", "of"; for Chinese a listed compound and 为/：) right
before the value make the rate ``value_cues.json`` ``period_in_label`` lists, as a units.json
``per_time`` rate:

* the source index adds the rate reading to the amount as written (``assess._secondary``), so
  "$12,000 per month" is supported and "$12,000 per year" is not;
* a claim is looked up with its rate first; the bare amount found instead is supported only
  on a line that names the same period ("Daily dose (mg): 200", whose unit a header gives),
  else at most plausible: the source may price another period (``assess.match_atom``).
"""

from __future__ import annotations

import re
from functools import lru_cache

from citeproof.values.lexicon import data_json

_REACH = 60  # characters before a value searched for its label


@lru_cache(maxsize=1)
def _labels() -> tuple[re.Pattern[str], re.Pattern[str], dict[str, tuple[str, float]]]:
    """(the English label before a value, the Chinese one, each period word → (rate, hours))."""
    doc = data_json("value_cues.json")["period_in_label"]
    per_time = data_json("units.json")["per_time"]
    rate_of = {word.lower(): (rate, float(per_time[rate]["factor"]))
               for table in (doc["periods"], doc["cjk"]) for rate, words in table.items() for word in words}

    def alternation(words) -> str:
        return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))

    links = [w for w in doc["link"] if w.isalpha()]
    marks = [w for w in doc["link"] if not w.isalpha()]
    english = re.compile(
        rf"(?<![a-z])(?P<period>{alternation(w for ws in doc['periods'].values() for w in ws)})"
        rf"(?:\s[a-z][a-z-]*){{1,{int(doc['words_between'])}}}"
        rf"(?:\s?(?:{alternation(marks)})|\s(?:{alternation(links)}))\s?$"
    )
    cjk = re.compile(
        rf"(?P<period>{alternation(w for ws in doc['cjk'].values() for w in ws)})\s?(?:{alternation(doc['cjk_link'])})\s?$"
    )
    return english, cjk, rate_of


def period_in_label(low: str, start: int) -> tuple[str, float] | None:
    """(the rate, its hours) a period word in the label right before the value at ``start`` of
    the lower-cased ``low`` names ("monthly list price: $12,000"); else None."""
    english, cjk, rate_of = _labels()
    before = low[max(0, start - _REACH):start]
    m = english.search(before) or cjk.search(before)
    return rate_of[m.group("period")] if m else None


@lru_cache(maxsize=1)
def _period_words() -> dict[str, re.Pattern[str]]:
    """Each rate → the words that name it in a line: its label words and its per_time phrases
    (not the article-led "a day", which also says when: "a day later")."""
    doc = data_json("value_cues.json")["period_in_label"]
    per_time = data_json("units.json")["per_time"]
    out: dict[str, re.Pattern[str]] = {}
    for rate in doc["periods"]:
        words = [*doc["periods"][rate], *doc["cjk"].get(rate, ()),
                 *(a.lower() for a in per_time[rate]["aliases"] if not a.startswith(("a ", "an ")))]
        alternation = "|".join(re.escape(w) for w in sorted(set(words), key=len, reverse=True))
        out[rate] = re.compile(rf"(?<![a-z])(?:{alternation})(?![a-z])")
    return out


def names_period(line: str, period: tuple[str, float]) -> bool:
    """Whether ``line`` names the rate's period ("daily", "per day", "/d", "每日")."""
    pattern = _period_words().get(period[0])
    return pattern is not None and pattern.search(line.lower()) is not None
