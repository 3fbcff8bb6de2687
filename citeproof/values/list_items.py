"""Which item of a list a figure is written with, on each side.

"The main adverse reactions included nausea (38%), fatigue (29%) and elevated enzymes (17%)"
holds every number and word of "The main adverse reactions included nausea (29%)": the
list is one clause (its joins ',' '和' '、' are no clause breaks, see ``pairing``), so the
clause check finds 'nausea' and 29% side by side. What tells them apart is the item each figure
is written with:

* a figure in brackets right after an item ("nausea (38%)", "乏力（45.6%）") is that item's;
  the items of one list are the runs of words between one bracket and the next, joined by a
  list join (``list_joins`` in ``citeproof/data/claim_support.json``); the first item's words
  run back to the sentence (or the previous figure) and so also hold the list's head;
* in a "respectively" list ("nausea, fatigue and headache were 38%, 29% and 17%,
  respectively"; "恶心、乏力和头痛的发生率分别为38%、29%和17%"), the k-th figure is the k-th item's:
  the words before the run of figures cut at the joins, the last n pieces for n figures.

A claim figure the source states only as list items, each time with words of another item of
its list in the claim's place and a word of its own item missing from the claim (the swap of
``pairing.words_differ``), is given to another item. The claim's words for a figure are its
own item's when the claim lists too, else the words of the figure's clause. A claim naming no
item says no other item's word and is not read as moved.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from citeproof.values.atoms import ValueAtom
from citeproof.values.pairing import Reading, _clause_of, _lists_respectively, _subject_terms, _swap, same_number
from citeproof.values.segment_support import cue_document

# an opening bracket with what it holds and its closing one ("(38%)", "（45.6%，n=12）")
_BRACKET = re.compile(r"[(（][^()（）]{1,40}[)）]")


@lru_cache(maxsize=1)
def _joins() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """A list join that opens a text (after blanks), and any list join inside one."""
    doc = cue_document()["list_joins"]
    words = sorted(doc["en"] + doc["zh"], key=len, reverse=True)
    alts = "|".join(r"(?<![a-z])" + re.escape(w) + r"(?![a-z])" if w[0].isalpha() and w.isascii() else re.escape(w)
                    for w in words)
    # a comma may stand before the word it joins with ("nausea, and fatigue")
    one = rf"(?:{alts})(?:\s*(?:{alts}))?"
    return re.compile(rf"\s*{one}\s*"), re.compile(alts)


@lru_cache(maxsize=1)
def _stops() -> re.Pattern[str]:
    return re.compile("|".join(re.escape(s) for s in cue_document()["list_joins"]["stops"]))


def _head_start(low: str, end: int, values: Sequence[ValueAtom]) -> int:
    """Where the first item's words begin: after the last stop or figure before ``end``."""
    start = 0
    for m in _stops().finditer(low, 0, end):
        if not any(v.start <= m.start() < v.end for v in values):
            start = m.end()
    return max([start, *(v.end for v in values if v.end <= end)])


Entry = tuple[list[int], tuple[int, int]]  # the indexes of one item's figures, the item's span


def _bracketed(low: str, values: Sequence[ValueAtom]) -> list[list[Entry]]:
    """The bracketed lists, each its entries in order (a figure in brackets after no words is
    no item's: "0.65 (0.52-0.81)" brackets an interval)."""
    lists: list[list[Entry]] = []
    last_close = -1
    for m in _BRACKET.finditer(low):
        inside = [i for i, v in enumerate(values) if m.start() < v.start and v.end <= m.end()]
        if not inside:
            continue
        before = [v for v in values if v.end <= m.start()]
        between = low[last_close:m.start()] if last_close >= 0 else ""
        join = _joins()[0].match(between) if between else None
        if join and not any(last_close <= v.start for v in before) and between[join.end():].strip():
            lists[-1].append((inside, (last_close + join.end(), m.start())))  # the next item of the list
        else:
            lists.append([(inside, (_head_start(low, m.start(), values), m.start()))])
        last_close = m.end()
    return [items for items in lists if len(items) >= 2 and all(low[s:e].strip() for _, (s, e) in items)]


def _respective(low: str, values: Sequence[ValueAtom]) -> list[list[Entry]]:
    """A "respectively" list's entries: the k-th figure of a run joined by list joins, with the
    k-th of the last n pieces the words before the run cut into at the joins."""
    if not _lists_respectively(low):
        return []
    start_join, any_join = _joins()
    runs: list[list[int]] = []
    for i, v in enumerate(values):
        prev = values[runs[-1][-1]] if runs else None
        gap = low[prev.end:v.start] if prev is not None else ""
        m = start_join.fullmatch(gap) if prev is not None else None
        if prev is not None and m and (prev.kind, prev.dim) == (v.kind, v.dim):
            runs[-1].append(i)
        else:
            runs.append([i])
    out: list[list[Entry]] = []
    for run in runs:
        if len(run) < 2:
            continue
        first = values[run[0]].start
        head = _head_start(low, first, values)
        cuts = [head, *(p for m in any_join.finditer(low, head, first) for p in (m.start(), m.end())), first]
        pieces = [(a, b) for a, b in zip(cuts[::2], cuts[1::2]) if low[a:b].strip()]
        if len(pieces) < len(run):
            continue
        out.append([([i], span) for i, span in zip(run, pieces[len(pieces) - len(run):])])
    return out


def list_entries(low: str, values: Sequence[ValueAtom]) -> list[list[Entry]]:
    """The lists of ``low`` whose figures are each one item's, each its entries in order
    (bracketed lists read first: "分别为恒瑞医药（24.1%）、…" brackets each figure with its item)."""
    return _bracketed(low, values) or _respective(low, values)


def item_moved(claim_low: str, claim: Reading, source_low: str, source: Reading) -> str | None:
    """A claim figure the source lists with another item than the one the claim names: why, or None."""
    lists = list_entries(source_low, source.values)
    if not lists:
        return None
    entries = [entry for items in lists for entry in items]
    terms = [_subject_terms(source_low[s:e]) for _, (s, e) in entries]
    own_of = {i: k for k, (idx, _) in enumerate(entries) for i in idx}
    mine = {i: span for items in list_entries(claim_low, claim.values) for idx, span in items for i in idx}
    for c, cv in enumerate(claim.values):
        matches = [j for j, sv in enumerate(source.values) if same_number(cv, sv)]
        if not matches or any(j not in own_of for j in matches):
            continue  # stated outside a list too: which statement the claim cites is open
        s, e = mine.get(c) or claim.clauses[_clause_of(claim, cv)]
        said = _subject_terms(claim_low[s:e])
        swaps = [_swapped(said, terms, own_of[j]) for j in matches]
        if all(k is not None for k in swaps):
            own, other = own_of[matches[0]], swaps[0]
            return (f"the claim gives {cv.raw} to '{_item(source_low, entries[other])}'; the source lists it with "
                    f"'{_item(source_low, entries[own])}' ('{_item(source_low, entries[other])}' with another figure)")
    return None


def _swapped(said: set[str], terms: list[set[str]], own: int) -> int | None:
    """The item whose words the claim says in place of a word of the figure's own item (see
    ``pairing._swap``), or None. Of several, the one the claim says most words of, the later on
    a tie: the first item's words hold the list's head ("the incidences of nausea")."""
    swapped = [k for k in range(len(terms)) if k != own and _swap(said, terms, own, {k})]
    return max(swapped, key=lambda k: (len((said & terms[k]) - terms[own]), k), default=None)


def _item(low: str, entry: Entry) -> str:
    _, (s, e) = entry
    return " ".join(low[s:e].split())

