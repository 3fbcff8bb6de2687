"""Which headings state a finding: a measured figure in a heading makes it a claim.

A title such as "Safety" or "3.2 Week 24 outcomes" states nothing, but "Weekly arm: ORR 62%"
is read as a finding, and a figure moved from a sentence into its heading must meet the
checks the sentence would (CP209). The parser asks :func:`measured_atoms` of every heading
and makes those with a measured figure claims of unit ``heading``.
"""

from __future__ import annotations

import re

# A heading's durations name the period its section covers ("Week 24", "12-month
# outcomes", "Results at 24 weeks"); they are labels, not findings, so only the other
# measures make a heading a claim.
_LABEL_DIMS = frozenset({"time"})
# "2.1 Weekly arm", "2. Efficacy", "3.2.1 Dose", "2.疗效", "B. Safety", "IV. Costs": a section
# number, which would otherwise read as "2.1 per week". A leading figure followed by a unit
# ("200 mg once daily", "2.5亿美元") is no section number and stays.
_SECTION_NUMBER = re.compile(r"^\s*(?:\d+(?:\.\d+)*\.?\s+(?=[A-Z])|\d+(?:\.\d+)*\.(?!\d)\s*|[A-Z]\.\s+|[IVXLC]+\.\s+)")


def heading_text(heading: str) -> str:
    """The heading (its anchors already removed) as it states things: without its section number."""
    return _SECTION_NUMBER.sub("", heading, count=1)


def measured_atoms(heading: str) -> list:
    """The measured figures of a heading (its anchors already removed): a percentage, an amount of money, a dose, a rate, a
    statistic ("HR 0.72", "p=0.01"), a decimal or a fraction — not a section number ("2.1"),
    a whole count, a year, a phase or a duration (see ``_LABEL_DIMS``)."""
    from citeproof.values import claim_atoms  # lazy: citeproof.values reads anchors through citeproof.parse

    return [a for a in claim_atoms(heading_text(heading)) if _is_measure(a)]


def _is_measure(atom) -> bool:
    if atom.label or atom.graded:
        return False
    if atom.dim:
        return atom.dim not in _LABEL_DIMS
    # a bare number: a statistic, a share or a decimal is measured; a whole number counts or names
    return bool(atom.stat) or atom.kind == "fraction" or atom.decimals > 0
