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
  the words before the run of figures cut at the joins, the last n pieces for n figures. A
  figure among those words names its item ("weighing less than 60 kg and 60 kg or more receive
  1000 mg and 1500 mg"; "AUC0-12 of"): the pieces then run back to the sentence (or to the list
  before), and the figure is one of its item's words, bound and all ('<60', '≥60'). The last
  item runs from the list's joining word to the figures, commas and all ("under fasted and fed
  conditions, Cmax was 5.8 and 4.6").

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
from citeproof.values.pairing import (
    Reading, _clause_of, _lists_respectively, _subject_terms, _swap, figure_term, figure_terms, same_number,
)
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
    runs: list[list[int]] = []
    for i, v in enumerate(values):
        prev = values[runs[-1][-1]] if runs else None
        m = _joins()[0].fullmatch(low[prev.end:v.start]) if prev is not None else None
        if prev is not None and m and (prev.kind, prev.dim) == (v.kind, v.dim):
            runs[-1].append(i)
        else:
            runs.append([i])
    out: list[list[Entry]] = []
    for run in runs:
        if len(run) < 2:
            continue
        first = values[run[0]].start
        start = _list_start(low, first, values)
        pieces = _pieces(low, max(start, _head_start(low, first, values)), first, values)
        if len(pieces) < len(run):
            # figures among the items name them ("weighing less than 60 kg and 60 kg or more
            # receive …", "infants 1 month to less than 6 months and children …"): the items run
            # back to the sentence, or to the list before ("…, respectively, while …")
            pieces = _pieces(low, start, first, values)
        if len(pieces) < len(run):
            continue
        out.append([([i], span) for i, span in zip(run, pieces[len(pieces) - len(run):])])
    return out


def _list_start(low: str, end: int, values: Sequence[ValueAtom]) -> int:
    """Where a respectively list's items may begin: after the last stop before ``end``, or after
    the "respectively" closing a list before (right after its figures: "72% and 58%,
    respectively, while …"; not "分别" before the figures of its own list)."""
    start = 0
    for m in _stops().finditer(low, 0, end):
        start = m.end()
    for cue in _respective_cues():
        for m in re.finditer(re.escape(cue), low[:end]):
            after = [v.end for v in values if v.end <= m.start()]
            if m.start() >= start and after and not low[max(after):m.start()].strip(" ,，、"):
                start = m.end()
    return start


def _pieces(low: str, head: int, first: int, values: Sequence[ValueAtom]) -> list[tuple[int, int]]:
    """The words from ``head`` to ``first`` cut at the list joins (not one inside a figure:
    "60 kg or more"). The last item runs from the last joining word ('and', '和') to the figures,
    commas and all: in "under fasted and fed conditions, Cmax was 5.8 and 4.6" the comma ends no item."""
    joins = [m for m in _joins()[1].finditer(low, head, first)
             if not any(v.start < m.end() and m.start() < v.end for v in values)]
    words = [k for k, m in enumerate(joins) if not _punct(m.group(0))]
    if words:
        joins = joins[:words[-1] + 1]
    cuts = [head, *(p for m in joins for p in (m.start(), m.end())), first]
    return [(a, b) for a, b in zip(cuts[::2], cuts[1::2]) if low[a:b].strip()]


def _punct(join: str) -> bool:
    return not any(ch.isalnum() for ch in join)


@lru_cache(maxsize=1)
def _respective_cues() -> tuple[str, ...]:
    return tuple(cue_document()["structure_cues"]["respectively"])


def _without_cues(text: str) -> str:
    for cue in _respective_cues():
        text = text.replace(cue, "")
    return text


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
    # a figure among an item's words names the item ("weighing less than 60 kg"); the cue is no
    # word of the last item ("24周时缓解率分别为": a claim says "24周时缓解率为")
    terms = [_subject_terms(_without_cues(source_low[s:e])) | figure_terms(source.values, s, e) for _, (s, e) in entries]
    own_of = {i: k for k, (idx, _) in enumerate(entries) for i in idx}
    mine = {i: span for items in list_entries(claim_low, claim.values) for idx, span in items for i in idx}
    for c, cv in enumerate(claim.values):
        matches = [j for j, sv in enumerate(source.values) if same_number(cv, sv)]
        if not matches or any(j not in own_of for j in matches):
            continue  # stated outside a list too: which statement the claim cites is open
        s, e = mine.get(c) or claim.clauses[_clause_of(claim, cv)]
        said = (_subject_terms(claim_low[s:e]) | figure_terms(claim.values, s, e)) - {figure_term(cv)}
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

