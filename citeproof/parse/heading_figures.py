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


def _reads_as_measure(text: str, start: int) -> bool:
    from citeproof.values import claim_atoms  # lazy: citeproof.values reads anchors through citeproof.parse

    first = next((a for a in claim_atoms(text) if a.start is not None and a.start <= start + 1), None)
    if first is None or not first.dim or first.dim.startswith("count/"):
        # "2.3 weekly arm" is section 2.3, not 2.3 a week: a count per time read from an adjective is no measure
        return False
    # "2.1 Week 24 outcomes": the unit word names its own number (Week 24), so 2.1 is the section's
    return not re.match(r"\s*\d", text[first.end:]) if first.end is not None else True


def measured_atoms(heading: str) -> list:
    """The measured figures of a heading (its anchors already removed): a percentage, an amount
    of money, a dose, a rate, a statistic ("HR 0.72", "p=0.01"), a decimal or a fraction, a
    duration with decimals or after a statistic — not a section number ("2.1"), a whole count,
    a year, a phase, a whole-number duration naming a period, or a version ("RECIST 1.1")."""
    from citeproof.values import claim_atoms  # lazy, as above

    text = heading_text(heading)
    return [a for a in claim_atoms(text) if _is_measure(a, text)]


def _is_measure(atom, text: str) -> bool:
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
