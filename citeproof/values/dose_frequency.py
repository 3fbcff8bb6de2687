"""Which amount a dose frequency of more than once a day is said of.

"Initiate treatment with 1000 mg/day, given as 1000 mg twice daily" against "1000 mg/day, given
as twice-daily dosing (500 mg twice daily)": every number and word of the claim is on the line,
yet the claim's dose is twice the source's — the source's 1000 mg is a daily total, the claim
gives it per dose. So a claim's amount written right before a frequency of a
``dose_frequency`` group (claim_support.json: "twice daily", "BID", "every 12 hours" …) must be
an amount the source line writes right before a phrase of the same group ("1 g every 12 hours"
for "1,000 mg twice daily"). On the line, an amount joined to that one ("14 mg/kg and 20 mg/kg
twice daily") or standing before a bracketed aside right before the frequency ("300 mg (two
150 mg tablets) twice daily") is said with it too. Right before: at most ``max_gap_words``
words, no figure, comma or clause break between ("400 mg of the drug orally twice daily").
A claim amount with no frequency after it, or a daily total ("mg/day"), is not read here.
"""

from __future__ import annotations

import re
from functools import lru_cache

from citeproof.values.agreement import dose_frequency_groups, frequency_spans
from citeproof.values.assess import claim_atoms, prepared_claim
from citeproof.values.atoms import ValueAtom
from citeproof.values.compare import relate
from citeproof.values.extract import extract_atoms, prepare
from citeproof.values.segment_support import cue_document

_BREAK = re.compile(r"[\d,;:.!?，；：。！？()（）\[\]]")


@lru_cache(maxsize=1)
def _settings() -> tuple[frozenset[str], int, tuple[str, ...]]:
    doc = cue_document()["agreement_words"]["dose_frequency"]
    return frozenset(doc["amount_dims"]), int(doc["max_gap_words"]), tuple(sorted(doc["joins"], key=len, reverse=True))


def _amount(atom: ValueAtom) -> bool:
    """An amount given per dose: a mass, volume or unit count (per kg or m² too), not a rate."""
    dims, _, _ = _settings()
    return (atom.dim.split("/")[0] in dims and not atom.dim.endswith("/time") and atom.per_hours is None
            and atom.period_named is None and atom.frequency is None)


def _right_before(text: str, atom: ValueAtom, at: int) -> bool:
    """Whether ``atom`` stands right before position ``at``: few words, no break between."""
    gap = text[atom.end:at]
    return _BREAK.search(gap) is None and len(gap.split()) <= _settings()[1]


def _pairs(text: str, atoms: list[ValueAtom], *, source: bool) -> list[tuple[ValueAtom, str]]:
    """(amount, group) for each dose frequency of ``text`` and the amount(s) it is said of."""
    groups = dose_frequency_groups()
    low = text.lower()
    if len(low) != len(text):
        return []
    out: list[tuple[ValueAtom, str]] = []
    for group, start, _ in frequency_spans(low):
        if group not in groups:
            continue
        before = [a for a in atoms if a.end <= start]
        heads = [(before[-1], start)] if before else []
        if source and (aside := _aside_before(text, start)) is not None:
            heads += [(a, aside) for a in before if a.end <= aside][-1:]
        for head, at in heads:
            if not _amount(head) or not _right_before(text, head, at):
                continue
            out.append((head, group))
            if source:
                out.extend((a, group) for a in _joined_before(text, before, head))
    return out


def _aside_before(text: str, at: int) -> int | None:
    """Where a bracketed aside right before ``at`` opens ("300 mg (two 150 mg tablets) twice daily")."""
    head = text[:at].rstrip()
    if not head.endswith(")"):
        return None
    opened = head.rfind("(")
    return opened if opened >= 0 else None


def _joined_before(text: str, before: list[ValueAtom], head: ValueAtom) -> list[ValueAtom]:
    """The amounts joined to ``head`` before it ("14 mg/kg and 20 mg/kg"), nearest first."""
    joins = _settings()[2]
    out: list[ValueAtom] = []
    i = before.index(head)
    while i > 0:
        prev, cur = before[i - 1], before[i]
        if not _amount(prev) or text[prev.end:cur.start].strip().lower() not in joins:
            break
        out.append(prev)
        i -= 1
    return out


@lru_cache(maxsize=4096)
def _source_pairs(segment: str) -> tuple[tuple[ValueAtom, str], ...]:
    prepared = prepare(segment)
    return tuple(_pairs(prepared, extract_atoms(prepared, mode="source", prepared=True), source=True))


def frequency_unbound(claim_text: str, segment: str) -> str | None:
    """Why the claim's amount is not the one the segment gives its dose frequency, or None."""
    claim = prepared_claim(claim_text)
    pairs = _pairs(claim, claim_atoms(claim_text), source=False)
    if not pairs:
        return None
    theirs = _source_pairs(segment)
    for amount, group in pairs:
        if not any(g == group and relate(amount, s) == "supported" for s, g in theirs):
            return (f"the claim gives '{group.replace('_', ' ')}' to {amount.raw}; the source line does not "
                    f"give that frequency to that amount (a daily total is not a dose given more than once a day)")
    return None
