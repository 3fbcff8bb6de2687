"""Which headings state a finding: a measured figure in a heading makes it a claim.

A title such as "Safety" or "3.2 Week 24 outcomes" states nothing, but "Weekly arm: ORR 62%"
is read as a finding, and a figure moved from a sentence into its heading must meet the
checks the sentence would (CP209). The parser asks :func:`measured_atoms` of every heading
and makes those with a measured figure claims of unit ``heading``.
"""

from __future__ import annotations

import re
from functools import lru_cache

from citeproof.values.lexicon import data_json

# A heading's whole-number durations name the period its section covers ("Week 24",
# "12-month outcomes", "Results at 24 weeks"); a duration with decimals, or after a statistic
# ("median overall survival 21.7 months", "中位总生存期21个月"), is a finding.
_STATISTIC_BEFORE = re.compile(r"\b(?:median|mean|average|mean\s+change)\b|中位|平均", re.IGNORECASE)
# A section number: "2.1 Efficacy", "2. Results", "3.2.1 Dose", "2.1 疗效", "2.2 (Arm A) safety",
# "B. Safety", "IV. Costs". It never starts with 0 ("0.72 hazard ratio" is a figure), and a
# number that reads with what follows as a measure ("2.5 Billion USD", "45 Percent", "3.5 mg/kg")
# is no section number.
_SECTION_NUMBER = re.compile(r"^\s*(?:(?P<num>[1-9]\d{0,2}(?:\.\d{1,3}){0,4})(?:\.(?!\d)|(?=[\s、:：)）—–-]))\s*(?:[—–-]\s*)?|[A-Z]\.\s+|[IVXLC]+\.\s+)")


@lru_cache(maxsize=1)
def _versioned() -> re.Pattern[str]:
    """Names a version number follows ("RECIST 1.1", "CTCAE v5.0"): claim_support.json ``versioned_names``."""
    names = data_json("claim_support.json")["versioned_names"]["names"]
    alternation = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    return re.compile(rf"(?:\b(?:{alternation})\b|\bv(?:ersion)?)\s*[(]?\s*v?\s*$", re.IGNORECASE)


def heading_text(heading: str) -> str:
    """The heading (its anchors already removed) as it states things: without its section number."""
    m = _SECTION_NUMBER.match(heading)
    if m is None:
        return heading
    if m.group("num") is not None and _reads_as_measure(heading, m.start("num")):
        return heading
    return heading[m.end():]


# After a dotted section number and a space, only a scale, a currency or a unit symbol makes a
# figure ("2.5 Billion USD Market", "12.5 MG Daily"); a unit *word* starts a title ("2.2 Months on
# treatment", "2.3 Percent change", "2.1 年度收入" — a Chinese figure is written glued: "2.1年").
_MEASURE_AFTER_DOTTED = re.compile(
    r"\s+(?:billion|million|trillion|thousand|bn|mn|usd|eur|gbp|cny|rmb|jpy|us\$|[$€£¥%]|亿|万"
    r"|mg|mcg|µg|μg|ng|kg|g|ml|l|iu|mmol|mol|mm|cm|mg/kg|mg/m2)(?![A-Za-z])",
    re.IGNORECASE,
)


def _reads_as_measure(text: str, start: int) -> bool:
    from citeproof.values import claim_atoms  # lazy: citeproof.values reads anchors through citeproof.parse

    dotted = re.match(r"\d+(?:\.\d+)+", text[start:])
    if dotted and re.match(r"\s", text[start + dotted.end():start + dotted.end() + 1]):
        return _MEASURE_AFTER_DOTTED.match(text, start + dotted.end()) is not None
    first = next((a for a in claim_atoms(text) if a.start is not None and a.start <= start + 1), None)
    if first is None or not first.dim or first.dim.startswith("count/"):
        # "2.3 weekly arm" is section 2.3, not 2.3 a week: a count per time read from an adjective is no measure
        return False
    return True


def measured_atoms(heading: str) -> list:
    """The measured figures of a heading (its anchors already removed): a percentage, an amount
    of money, a dose, a rate, a statistic ("HR 0.72", "p=0.01"), a decimal or a fraction, a
    duration with decimals or after a statistic — not a section number ("2.1"), a whole count,
    a year, a phase, a whole-number duration naming a period, or a version ("RECIST 1.1")."""
    from citeproof.values import claim_atoms  # lazy, as above

    text = heading_text(heading)
    return [a for a in claim_atoms(text) if is_measured(a, text)]


def is_measured(atom, text: str) -> bool:
    """Is ``atom`` of a heading's ``text`` one of its measured figures (what the heading states
    and its claim is checked for), rather than a period, a count or a name ("Week 24", "n=120")?"""
    if atom.label or atom.graded:
        return False
    before = text[: atom.start] if atom.start is not None else ""
    if atom.dim == "time":
        return atom.decimals > 0 or _STATISTIC_BEFORE.search(before) is not None
    if atom.dim:
        return True
    if not atom.stat and _versioned().search(before):
        return False
    # a bare number: a statistic, a share or a decimal is measured; a whole number counts or names
    return bool(atom.stat) or atom.kind == "fraction" or atom.decimals > 0
