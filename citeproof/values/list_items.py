"""Which item of a list a figure is written with, on each side.

"The main adverse reactions included nausea (38%), fatigue (29%) and elevated enzymes (17%)"
holds every number and word of "The main adverse reactions included nausea (29%)": the
list is one clause (its joins ',' '和' '、' are no clause breaks, see ``pairing``), so the
clause check finds 'nausea' and 29% side by side. What tells them apart is the item each figure
is written with:

* a figure in brackets right after an item ("nausea (38%)", "乏力（45.6%）", "nausea [38%]") or
  after its colon ("nausea: 38%") is that item's; the items of one list are the runs of words
  between one bracket and the next, joined by a list join (``list_joins`` in
  ``citeproof/data/claim_support.json``); the first item's words run back to the sentence (or
  the previous figure) and so also hold the list's head;
* figures parted inside one item's bracket ("rash (any grade 38%, grade 3 or higher 5%)",
  "cough (12% vs 9% with placebo)") are each their own piece's: a sub-list, whose piece
  of no words ("12%") is the bracket's item;
* a figure written before each item ("38% nausea, 29% fatigue and 17% headache") is the item
  after it, up to the join before the next figure;
* in a "respectively" list ("nausea, fatigue and headache were 38%, 29% and 17%,
  respectively"; "恶心、乏力和头痛的发生率分别为38%、29%和17%"), the k-th figure is the k-th item's:
  the words before the run of figures cut at the joins, the last n pieces for n figures; when
  fewer pieces stand before the run, the first n after it ("45% and 30% in the X and Y arms,
  respectively"). A figure among the words before the run names its item ("weighing less than
  60 kg and 60 kg or more receive 1000 mg and 1500 mg"; "AUC0-12 of"): the pieces then run back
  to the sentence (or to the list before), and the figure is one of its item's words, bound and
  all ('<60', '≥60'). The last item before the run runs from the list's joining word to the
  figures, commas and all ("under fasted and fed conditions, Cmax was 5.8 and 4.6"). A run that
  is all its bracket holds, after its items ("headache and dizziness (24% and 11%)"), is read so
  with no "respectively".

A claim figure the source states only as list items, each time with words of another item of
the same list in the claim's place and a word of its own item missing from the claim (the swap of
``pairing.words_differ``), is given to another item. The claim's words for a figure are its
own item's when the claim lists too, else the words of the figure's clause. A claim naming no
item says no other item's word and is not read as moved.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from citeproof.values.atoms import ValueAtom
from citeproof.values.extract import extract_atoms
from citeproof.values.pairing import (
    Reading,
    _clause_of,
    _lists_respectively,
    _respectively,
    _subject_terms,
    _swap,
    figure_term,
    figure_terms,
    same_number,
)
from citeproof.values.segment_support import cue_document

# an opening bracket with what it holds and its closing one ("(38%)", "（45.6%，n=12）", "[38%]")
_BRACKET = re.compile(r"[(（\[][^()（）\[\]]{1,40}[)）\]]")
# a colon after a word, before a figure ("rash: 38%"); not one between digits ("10:30", "1:2")
_COLON = re.compile(r"(?<=[^\W\d])\s*([:：])\s*$")
_OPEN, _CLOSE = ("(", "（", "["), (")", "）", "]")
_WORD = re.compile(r"(?<![a-z])[a-z]+(?![a-z])")


class _Joins(NamedTuple):
    opening: re.Pattern[str]  # a list join that opens a text (after blanks)
    closing: re.Pattern[str]  # one that ends it
    any: re.Pattern[str]  # any list join inside one
    inside: re.Pattern[str]  # any join or comparison word parting the figures of one bracket


@lru_cache(maxsize=1)
def _joins() -> _Joins:
    doc = cue_document()["list_joins"]

    def alternatives(words: list[str]) -> str:
        words = sorted(words, key=len, reverse=True)
        return "|".join(r"(?<![a-z])" + re.escape(w) + r"(?![a-z])" if w[0].isalpha() and w.isascii() else re.escape(w)
                        for w in words)

    alts = alternatives(doc["en"] + doc["zh"])
    # a comma may stand before the word it joins with ("nausea, and fatigue")
    one = rf"(?:{alts})(?:\s*(?:{alts}))?"
    return _Joins(re.compile(rf"\s*{one}\s*"), re.compile(rf"\s*{one}\s*$"), re.compile(alts),
                  re.compile(alternatives(doc["en"] + doc["zh"] + doc["inside"])))


@lru_cache(maxsize=1)
def _stops() -> re.Pattern[str]:
    return re.compile("|".join(re.escape(s) for s in cue_document()["list_joins"]["stops"]))


@lru_cache(maxsize=1)
def _item_words() -> frozenset[str]:
    return frozenset(cue_document()["list_joins"]["item_words"])


def _terms(low: str) -> set[str]:
    """An item's words: its subject terms and the words that tell sub-labels apart ("any grade")."""
    return _subject_terms(low) | (set(_WORD.findall(low)) & _item_words())


def _head_start(low: str, end: int, values: Sequence[ValueAtom]) -> int:
    """Where the first item's words begin: after the last stop or figure before ``end``."""
    start = 0
    for m in _stops().finditer(low, 0, end):
        if not any(v.start <= m.start() < v.end for v in values):
            start = m.end()
    return max([start, *(v.end for v in values if v.end <= end)])


def _next_stop(low: str, start: int, values: Sequence[ValueAtom]) -> int:
    """Where the words after ``start`` end: at the next stop, closing bracket or figure."""
    ends = [m.start() for m in _stops().finditer(low, start) if not any(v.start <= m.start() < v.end for v in values)]
    ends += [i for i in (low.find(c, start) for c in _CLOSE) if i >= 0]
    ends += [v.start for v in values if v.start >= start]
    return min(ends, default=len(low))


Entry = tuple[list[int], tuple[int, int]]  # the indexes of one item's figures, the item's span


def _marks(low: str, values: Sequence[ValueAtom]) -> list[tuple[int, int, list[int]]]:
    """Where a figure is marked as the item's before it, in order: a bracket holding figures,
    or a colon right before one; each its span and the indexes of its figures."""
    marks = [(m.start(), m.end(), inside) for m in _BRACKET.finditer(low)
             if (inside := [i for i, v in enumerate(values) if m.start() < v.start and v.end <= m.end()])]
    for i, v in enumerate(values):
        colon = _COLON.search(low, max(0, v.start - 8), v.start)
        if colon and not any(s <= v.start < e for s, e, _ in marks):
            marks.append((colon.start(1), v.end, [i]))
    return sorted(marks)


def _bracketed(low: str, values: Sequence[ValueAtom]) -> list[list[Entry]]:
    """The bracketed lists, each its entries in order (a figure in brackets after no words is
    no item's: "0.65 (0.52-0.81)" brackets an interval), then the sub-lists of their brackets."""
    lists: list[list[Entry]] = []
    parted: list[tuple[int, int, Entry]] = []  # each bracket, with its entry
    last_close = -1
    for start, end, inside in _marks(low, values):
        before = [v for v in values if v.end <= start]
        between = low[last_close:start] if last_close >= 0 else ""
        join = _joins().opening.match(between) if between else None
        if join and not any(last_close <= v.start for v in before) and between[join.end():].strip():
            lists[-1].append((inside, (last_close + join.end(), start)))  # the next item of the list
        else:
            lists.append([(inside, (_head_start(low, start, values), start))])
        if low[start] in _OPEN:
            parted.append((start, end, lists[-1][-1]))
        last_close = end
    whole = [items for items in lists if len(items) >= 2 and all(low[s:e].strip() for _, (s, e) in items)]
    subs = [sub for start, end, entry in parted if (sub := _parts(low, values, start, end, entry))]
    return whole + subs


def _parts(low: str, values: Sequence[ValueAtom], start: int, end: int, entry: Entry) -> list[Entry]:
    """The sub-list of one bracket: its pieces parted by a join or comparison word ("any grade
    38%, grade 3 or higher 5%"; "12% vs 9% with placebo"), each ending after one figure of the
    bracket's first kind; a piece of no words is the bracket's item's. The bracket's figures are
    read afresh: the reading drops a number it takes for a grade ("grade 38%"), which still ends
    its piece. No sub-list when no piece has words of its own ("(24% and 11%)")."""
    _, item = entry
    atoms = [(a.start + start + 1, a.end + start + 1, (a.kind, a.dim))
             for a in extract_atoms(low[start + 1:end - 1], mode="source")]
    if len(atoms) < 2:
        return []
    figures = [(a, b) for a, b, kind in atoms if kind == atoms[0][2]]
    cuts = [start + 1]
    for m in _joins().inside.finditer(low, start + 1, end - 1):
        # a piece ends after its figure: "grade 3 or higher 5%" is one piece
        if (not any(a <= m.start() < b for a, b, _ in atoms)
                and any(cuts[-1] <= a < m.start() for a, _ in figures)):
            cuts += [m.start(), m.end()]
    cuts.append(end - 1)
    out: list[Entry] = []
    for a, b in zip(cuts[::2], cuts[1::2]):
        mine = [(fa, fb) for fa, fb in figures if a <= fa and fb <= b]
        if len(mine) != 1:
            return []
        fa, fb = mine[0]
        held = [i for i, v in enumerate(values) if fa <= v.start and v.end <= fb]
        out.append((held, (a, b) if _terms(low[a:fa] + " " + low[fb:b]) else item))
    return out if len(out) >= 2 and any(span != item for _, span in out) else []


_BARE_COMMAS = (",", "，")


def _figures_first(low: str, values: Sequence[ValueAtom]) -> list[list[Entry]]:
    """Lists written figure first ("38% rash, 29% diarrhoea and 21% fatigue"): figures of one
    kind, each but the first after a join that ends the words of the item before it; each item
    runs from its figure to that join (the last to the next stop). Figures after their items
    ("rash 38%, diarrhoea 29%") leave no join before the next figure: no such list; nor is one
    across a stop ("200 were randomised; 150 completed": two statements, not two items), nor one
    whose item holds a join itself ("11.5 months with X and Y and 6.9 months with X alone": where
    the item ends is the regimen check's reading), nor one whose item is bracketed ("11.5个月（X联合Y）
    和6.9个月（X单药）": the regimen check reads it)."""
    joins = _joins()
    runs: list[list[int]] = []
    for i, v in enumerate(values):
        prev = values[i - 1] if i else None
        gap = low[prev.end:v.start] if prev is not None else ""
        end = joins.closing.search(gap) if gap else None
        if (prev is not None and runs and runs[-1][-1] == i - 1 and end and gap[:end.start()].strip()
                and not _stops().search(gap) and not joins.any.search(gap[:end.start()])
                and not any(c in gap for c in _OPEN)
                and (prev.kind, prev.dim) == (v.kind, v.dim)):
            runs[-1].append(i)
        else:
            runs.append([i])
    out: list[list[Entry]] = []
    for run in runs:
        if len(run) < 2:
            continue
        closings = [joins.closing.search(low[values[k].end:values[j].start]).group() for k, j in zip(run, run[1:])]
        ends = [values[j].start - len(c) for j, c in zip(run[1:], closings)]
        ends.append(_next_stop(low, values[run[-1]].end, values))
        if all(c.strip() in _BARE_COMMAS for c in closings) and not _named_only(low, values, run, ends):
            continue  # a list closes with a word or a list mark; "120 enrolled, 100 were evaluable" is two statements
        out.append([([k], (values[k].end, e)) for k, e in zip(run, ends)])
    return out


# an item that only names what its figure counts: one to three plain words after the figure
_NAMING_ITEM = re.compile(r" [a-z][a-z-]*(?: [a-z][a-z-]*){0,2}\s*")


@lru_cache(maxsize=1)
def _stopwords() -> frozenset[str]:
    return frozenset(cue_document()["stopwords_en"])


def _named_only(low: str, values: Sequence[ValueAtom], run: list[int], ends: list[int]) -> bool:
    """Is a run joined by bare commas alone a list all the same (rt33 l5: "adverse events were
    38% rash, 29% diarrhoea.")? Only where each item is a figure then one to three plain words
    naming what it counts, none a function word ("29% of whom relapsed", "100 were evaluable",
    "38% overall" state or qualify), and the last item ends the clause at a stop: nothing after
    it can make the run two statements."""
    if not (ends[-1] == len(low) or _stops().match(low, ends[-1])):
        return False
    for k, e in zip(run, ends):
        words = low[values[k].end:e]
        if not _NAMING_ITEM.fullmatch(words) or _stopwords().intersection(words.split()):
            return False
    return True


def _respective(low: str, values: Sequence[ValueAtom], taken: set[int]) -> list[list[Entry]]:
    """A "respectively" list's entries: the k-th figure of a run joined by list joins, with the
    k-th of the last n pieces the words before the run cut into at the joins (or, fewer standing
    there, the first n after it). A run all its bracket holds needs no "respectively"."""
    cue = _lists_respectively(low)
    joins = _joins()
    runs: list[list[int]] = []
    for i, v in enumerate(values):
        prev = values[runs[-1][-1]] if runs else None
        gap = low[prev.end:v.start] if prev is not None else ""
        m = joins.opening.fullmatch(gap) if prev is not None else None
        if prev is not None and m and (prev.kind, prev.dim) == (v.kind, v.dim):
            runs[-1].append(i)
        else:
            runs.append([i])
    out: list[list[Entry]] = []
    for run in runs:
        if len(run) < 2 or taken.intersection(run):
            continue
        first, last = values[run[0]].start, values[run[-1]].end
        opened = low[:first].rstrip().endswith(_OPEN)
        alone = opened and low[last:].lstrip().startswith(_CLOSE)
        if not (cue or alone):
            continue
        # the items end before the bracket the run opens ("fatigue (38%, …)")
        cut = len(low[:first].rstrip()) - 1 if opened else first
        start = _list_start(low, first, values)
        pieces = _pieces(low, max(start, _head_start(low, first, values)), cut, values)
        if len(pieces) < len(run):
            # figures among the items name them ("weighing less than 60 kg and 60 kg or more
            # receive …", "infants 1 month to less than 6 months and children …"): the items run
            # back to the sentence, or to the list before ("…, respectively, while …")
            pieces = _pieces(low, start, cut, values)
        if len(pieces) >= len(run):
            pieces = pieces[len(pieces) - len(run):]
        elif cue and not opened:
            cues = set(_respectively())
            pieces = [p for p in _cut(low, last, _next_stop(low, last, values)) if low[p[0]:p[1]].strip() not in cues]
            if len(pieces) < len(run):
                continue
            pieces = pieces[:len(run)]
        else:
            continue
        out.append([([i], span) for i, span in zip(run, pieces)])
    return out


def _cut(low: str, start: int, end: int) -> list[tuple[int, int]]:
    """The words from ``start`` to ``end`` cut at the list joins (the empty pieces left out)."""
    cuts = [start, *(p for m in _joins().any.finditer(low, start, end) for p in (m.start(), m.end())), end]
    return [(a, b) for a, b in zip(cuts[::2], cuts[1::2]) if low[a:b].strip()]


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
    joins = [m for m in _joins().any.finditer(low, head, first)
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
    (bracketed lists read first: "分别为恒瑞医药（24.1%）、…" brackets each figure with its item;
    a run of figures already read as items is no "respectively" list)."""
    lists = _bracketed(low, values) + _figures_first(low, values)
    taken = {i for items in lists for idx, _ in items for i in idx}
    return lists + _respective(low, values, taken)


def item_moved(claim_low: str, claim: Reading, source_low: str, source: Reading) -> str | None:
    """A claim figure the source lists with another item than the one the claim names: why, or None."""
    lists = list_entries(source_low, source.values)
    if not lists:
        return None
    entries = [(n, entry) for n, items in enumerate(lists) for entry in items]
    # a figure among an item's words names the item ("weighing less than 60 kg"); the cue is no
    # word of the last item ("24周时缓解率分别为": a claim says "24周时缓解率为")
    terms = [_terms(_without_cues(source_low[s:e])) | _naming(source.values, idx, s, e) for _, (idx, (s, e)) in entries]
    # the words naming each item alone: the first item's without the head it runs back into
    named = [_terms(_without_cues(source_low[a:b])) | _naming(source.values, idx, a, b)
             for (_, (idx, _)), (a, b) in ((entry, _item_span(source_low, lists, entry)) for entry in entries)]
    own_of: dict[int, list[int]] = {}
    for k, (_, (idx, _)) in enumerate(entries):
        for i in idx:
            own_of.setdefault(i, []).append(k)
    mine = {i: span for items in list_entries(claim_low, claim.values) for idx, span in items for i in idx}
    for c, cv in enumerate(claim.values):
        matches = [j for j, sv in enumerate(source.values) if same_number(cv, sv)]
        if not matches or any(j not in own_of for j in matches):
            continue  # stated outside a list too: which statement the claim cites is open
        s, e = mine.get(c) or claim.clauses[_clause_of(claim, cv)]
        said = (_terms(claim_low[s:e]) | figure_terms(claim.values, s, e)) - {figure_term(cv)}
        moved = [_moved(said, terms, named, entries, own_of[j]) for j in matches]
        if all(m is not None for m in moved):
            own, other = moved[0]
            mentioned = _item(source_low, lists, entries[other])
            return (f"the claim gives {cv.raw} to '{mentioned}'; the source lists it with "
                    f"'{_item(source_low, lists, entries[own])}' ('{mentioned}' with another figure)")
    return None


def _naming(values: Sequence[ValueAtom], own: list[int], start: int, end: int) -> set[str]:
    """The figures among an item's words as its terms, not the item's own figures (a bracket's
    piece "9% with placebo" holds its figure)."""
    return figure_terms([v for i, v in enumerate(values) if i not in own], start, end)


def _moved(said: set[str], terms: list[set[str]], named: list[set[str]], entries: list[tuple[int, Entry]],
           owns: list[int]) -> tuple[int, int] | None:
    """The first of a figure's own entries (an item, a piece of its bracket) whose list has an
    item the claim says in its place, with that item; or None. The claim must say a word naming
    that item alone: the list's head, which the first item's words hold, names no item ("an
    adverse event was reported in 29%")."""
    for own in owns:
        same = [k for k, (n, _) in enumerate(entries) if n == entries[own][0] and said & named[k] - terms[own]]
        other = _swapped(said, terms, own, same)
        if other is not None:
            return own, other
    return None


def _swapped(said: set[str], terms: list[set[str]], own: int, same: list[int]) -> int | None:
    """The item of the same list whose words the claim says in place of a word of the figure's
    own item (see ``pairing._swap``), or None. Of several, the one the claim says most words of,
    the later on a tie: the first item's words hold the list's head ("the incidences of nausea")."""
    swapped = [k for k in same if k != own and _swap(said, terms, own, {k})]
    return max(swapped, key=lambda k: (len((said & terms[k]) - terms[own]), k), default=None)


def _item(low: str, lists: list[list[Entry]], numbered: tuple[int, Entry]) -> str:
    """An item's words as a message names them (see ``_item_span``)."""
    a, b = _item_span(low, lists, numbered)
    return " ".join(low[a:b].split())


def _item_span(low: str, lists: list[list[Entry]], numbered: tuple[int, Entry]) -> tuple[int, int]:
    """Where an item's words as a message names them stand: the first item's words run back into
    the list's head ("adverse events were rash"), so of them no more than the longest other item
    of a list it opens has (a bracket's item opens its sub-list too)."""
    _, (_, (s, e)) = numbered
    spans = [m.span() for m in re.finditer(r"\S+", low[s:e])]
    words = [low[s + a:s + b] for a, b in spans]
    opened = [items[1:] for items in lists if items[0][1] == (s, e)]
    if not opened or not words:
        return s, e
    keep = min(max(len(low[a:b].split()) for _, (a, b) in others) for others in opened) or len(words)
    # a join inside the kept words holds its item's word before it ("nausea and vomiting")
    while keep < len(words) and (_joins().any.fullmatch(words[-keep]) or _joins().any.fullmatch(words[-keep - 1])):
        keep += 1
    return s + spans[max(0, len(spans) - keep)][0], e
