"""The excerpt the judge sees: the evidence for one claim, and no more, within a token ceiling.

``build_excerpt(claim_text, window, max_tokens=512)`` works on the window the anchor's
locator resolved to and on that window's segments (sentences after wrap reflow, built
once by :mod:`citeproof.sources`); it never resegments and never reads outside the window.

1. **Furniture out.** Navigation, cookie banners, skip links, share buttons, page numbers
   and running heads are dropped (:mod:`excerpt.boilerplate`), except a line carrying
   one of the claim's numbers.
2. **A tight locator is the excerpt.** When the window is not coarse (``L40-L42``, a short
   section — the store's ``coarse`` flag decides) and its remaining text fits the budget,
   it is used as is: ``strategy=locator`` — unless the claim locates its evidence inside
   it precisely (its rare words and numbers weigh at least ``TIGHT_WEIGHT``, see step 5)
   and does not quantify over it (step 4): then it is centred like a coarse window, since
   a section of thirty criteria is not the evidence for a claim naming three of them. A
   window of at most ``SMALL_WINDOW_TOKENS`` is always read whole: centring would save
   little and lose context. A tight window the claim does not pinpoint that is only a
   little over the budget (at most ``NEAR_FIT_FACTOR`` budgets) is read *nearly whole* —
   minus its least relevant whole lines (:func:`_compress`) — when that shows more of the
   place's lines whole than the centred excerpt of step 5 does: a claim that paraphrases
   its evidence ("an organ transplant" for "major surgery") shares no word with it, and
   the place read nearly whole still holds it.
3. **Otherwise centre on the claim.** Each segment is scored by the claim's numbers it
   carries (:class:`excerpt.numbers.ClaimNumbers`: value atoms compared as Tier 1 compares
   them, plus digit strings; weighted by how rare they are in the window) times
   ``ATOM_WEIGHT``, plus BM25 of the claim's content terms (:mod:`excerpt.lexical`).
   ``strategy`` is ``atoms`` when the best segment carries a claim number, else ``terms``.
4. **A claim about the whole place** (:func:`quantifies_over_window`: "the most common",
   "none of", "all", "identical", "different", "separate", 最, 所有 …) can only be judged against all
   of it: the whole window is the excerpt when it fits.
5. **Stop when the evidence is covered** — the budget is a ceiling, not a fill level.
   Evidence = segments scoring at least ``SEED_SHARE`` of the best, plus, for each claim
   number or term that occurs in the window but in none of those, the best segment that
   carries it (if it scores at least ``COVER_SHARE`` of the best). Each evidence segment
   brings its context: the other sentences of its line (if the line is short), the
   nearest heading-like line above it ("Results 2:", "Outcome Measurement:") and that
   heading's label (the line after it: the arm title, the outcome name), the section
   heading above a sub-heading ("EXCLUSION CRITERIA"), and the window's caption (its
   first heading and label); a heading-like evidence line brings the line it introduces.
   When the evidence line's block (heading to next heading) is at most
   ``BLOCK_WHOLE_TOKENS`` it comes whole — an arm's result is its title, count, measure
   and value together. Otherwise ``NEIGHBOURS`` segments either side within the block
   come along. Evidence is added best first in the fullest form that fits (block, then
   line + context + neighbours, then line + context, then the line alone).
   A claim that meets the window only in common words has not *located* its evidence
   (:func:`_located`: its rare items — held by at most ``RARE_SHARE`` of the segments —
   weigh less than ``LOCATED_WEIGHT``; "hypokalaemic" never meets "potassium"): then the
   rest of the budget holds the window's other lines, matching ones first, then the
   shortest — more criteria read for the tokens. A tight excerpt around "patients" and
   "eligible" would be a guess; a located claim's excerpt stays tight.
6. **One segment larger than the budget** is cut to a token window around the claim's
   first match in it, marked with ``…`` at the cut ends.

Never "the first N tokens": when nothing in a coarse window matches the claim, the whole
(furniture-free) window is the excerpt if it fits — it is the complete place the author
cited. A window at most ``NEAR_FIT_FACTOR`` budgets is read nearly whole, each gap marked
``[…]`` — nearly the whole place, not a prefix of it. Otherwise :class:`ExcerptUnavailable` is
raised (``reason="no_match"``) so the caller can end the claim unverified instead of
judging it on an arbitrary page.

Rendering: parts are runs of consecutive kept segments. Segments on the same line are
joined with a space, on different lines with a newline; parts with a line ``[…]`` so the
judge sees that text was skipped. A run of lines the excerpt has already shown (every arm
of a results table repeating one intervention description) is sent once: the repeat
becomes one marker line (:mod:`excerpt.repeats`), so a claim about the whole place pays
for each line once, and a window that fits only so is read whole. ``line_start/line_end``
and ``char_start/char_end`` give the overall span in ``document.text``; ``spans`` lists
each part. A part's text, its repeat markers expanded (``excerpt.repeats.expand_repeats``),
equals ``document.text[span.char_start:span.char_end]`` up to whitespace and the reflow
of wrapped lines, minus any furniture lines inside the span.
"""

from __future__ import annotations

import bisect
import hashlib
import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from citeproof.sources.headings import markdown_heading, text_heading
from citeproof.sources.segment import segment_window
from citeproof.sources.types import Segment, SourceWindow
from excerpt.boilerplate import boilerplate_lines
from excerpt.lexical import BM25, terms
from excerpt.numbers import ClaimNumbers, digit_keys
from excerpt.repeats import collapse_repeats
from excerpt.tokens import count_tokens
from excerpt.types import Excerpt, ExcerptSpan

ELISION = "[…]"
ATOM_WEIGHT = 2.0  # a claim number found in a segment outweighs one content word
SEED_SHARE = 0.3  # evidence: segments scoring at least this share of the best segment
COVER_SHARE = 0.1  # a segment added only to cover a claim item must score at least this share
HEADING_LOOKBACK = 40  # segments searched upward for the heading of an evidence line
LABEL_MAX_TOKENS = 48  # a heading's label line longer than this is content, not a label
LINE_WHOLE_TOKENS = 120  # an evidence line this short is kept whole, all its sentences
BLOCK_WHOLE_TOKENS = 300  # an evidence line's block (heading to next heading) this small is kept whole
SMALL_WINDOW_TOKENS = 160  # a coarse window this small is read whole: centring would save little
VALUE_MATCH_LIMIT = 2000  # numeric segments beyond which numbers match by digits only
NEIGHBOURS = 1  # segments either side of an evidence line kept as context when they fit
MAX_EVIDENCE = 64  # evidence groups considered; beyond that the claim is not specific
MIN_BUDGET = 16
RARE_SHARE = 0.25  # a claim item held by at most this share of the segments points at its evidence
LOCATED_WEIGHT = 8.0  # weight of such items (idf; numbers x ATOM_WEIGHT) that locates the evidence
TIGHT_WEIGHT = 30.0  # a claim this precisely located is centred even inside a tight locator
FILL_MAX_FACTOR = 4  # an unlocated claim's window up to this many budgets is read as far as the budget goes
NEAR_FIT_FACTOR = 1.25  # a window at most this many budgets can be read nearly whole (minus its least relevant lines)

_CUT = "…"


class ExcerptUnavailable(ValueError):
    """No excerpt can be built without guessing; ``reason`` is a stable code."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(f"{reason}: {detail}")
        self.reason = reason
        self.detail = detail


class _Unit:
    """A kept segment; its token count and heading-ness are computed on first use
    (a window may hold tens of thousands of segments, and most are never looked at)."""

    __slots__ = ("seg", "text", "_tokens", "_heading")

    def __init__(self, seg: Segment, text: str) -> None:
        self.seg = seg
        self.text = text
        self._tokens: int | None = None
        self._heading: bool | None = None

    @property
    def tokens(self) -> int:
        if self._tokens is None:
            self._tokens = count_tokens(self.text)
        return self._tokens

    @property
    def is_heading(self) -> bool:
        if self._heading is None:
            self._heading = heading_like(self.text)
        return self._heading


@dataclass(frozen=True, slots=True)
class _Piece:
    """A unit or a cut of one: its text and where it lies in the document."""

    text: str
    line_start: int
    line_end: int
    char_start: int
    char_end: int


def build_excerpt(
    claim_text: str,
    window: SourceWindow,
    *,
    max_tokens: int = 512,
    source_path: str | None = None,
) -> Excerpt:
    """The excerpt of ``window`` a judge needs to decide ``claim_text``, at most ``max_tokens`` tokens."""
    if max_tokens < MIN_BUDGET:
        raise ValueError(f"max_tokens must be at least {MIN_BUDGET}, got {max_tokens}")
    numbers = ClaimNumbers.of(claim_text)
    units = _units(window, numbers)
    if not units:
        raise ExcerptUnavailable(
            "empty_window",
            f"{window.document.path} lines {_file_lines(window)} hold no text besides page furniture",
        )
    everything = list(range(len(units)))

    if _at_most(units, SMALL_WINDOW_TOKENS):
        whole = _finish(window, units, everything, "locator", max_tokens, source_path)
        if whole is not None:
            return whole

    scores, atom_scores, items = _score(claim_text, numbers, units)
    best = max(scores)
    if best <= 0.0:
        whole = _finish(window, units, everything, "locator", max_tokens, source_path)
        if whole is not None:
            return whole
        nearly = _compressed(window, units, scores, "locator", max_tokens, source_path)
        if nearly is not None and _at_most(units, int(NEAR_FIT_FACTOR * max_tokens)):
            return nearly.excerpt
        raise ExcerptUnavailable(
            "no_match",
            f"no number or content word of the claim occurs in {window.document.path} "
            f"lines {_file_lines(window)}, which is larger than {max_tokens} tokens",
        )
    top = max(range(len(units)), key=lambda i: (scores[i], -i))
    strategy = "atoms" if atom_scores[top] > 0 else "terms"
    nearly_whole: _Choice | None = None
    if not window.coarse and (quantifies_over_window(claim_text) or not _located(len(units), items, TIGHT_WEIGHT)):
        whole = _finish(window, units, everything, "locator", max_tokens, source_path)
        if whole is not None:
            return whole
        if _at_most(units, int(NEAR_FIT_FACTOR * max_tokens)):
            nearly_whole = _compressed(window, units, scores, "locator", max_tokens, source_path)
    if quantifies_over_window(claim_text):
        whole = _finish(window, units, everything, strategy, max_tokens, source_path)
        if whole is not None:
            return whole

    centred = _centred(window, units, scores, items, top, claim_text, numbers, strategy, max_tokens, source_path)
    # A place the claim does not pinpoint is best read as fully as the budget allows: the
    # nearly whole window wins when it shows more of the place's lines whole.
    if nearly_whole is not None and _whole_lines(units, nearly_whole.order) > _whole_lines(units, centred.order):
        return nearly_whole.excerpt
    return centred.excerpt


@dataclass(frozen=True, slots=True)
class _Choice:
    """A candidate excerpt and the unit positions it holds (empty for a cut segment)."""

    order: tuple[int, ...]
    excerpt: Excerpt


def _centred(
    window: SourceWindow,
    units: Sequence[_Unit],
    scores: Sequence[float],
    items: Sequence[tuple[float, frozenset[int]]],
    top: int,
    claim_text: str,
    numbers: ClaimNumbers,
    strategy: str,
    max_tokens: int,
    source_path: str | None,
) -> _Choice:
    """The excerpt centred on the claim's evidence (step 5), or the best segment cut (step 6)."""
    groups = _evidence_groups(units, scores, items)
    added = _fit(units, groups, max_tokens)
    if added and not _located(len(units), items, LOCATED_WEIGHT) and _at_most(units, FILL_MAX_FACTOR * max_tokens):
        added.extend(_fill(units, scores, set().union(*added), max_tokens))
    while added:
        # The estimate is close but not exact; drop the latest addition until the count fits.
        order = sorted(set().union(*added))
        made = _finish(window, units, order, strategy, max_tokens, source_path)
        if made is not None:
            return _Choice(tuple(order), made)
        added.pop()
    # The best segment alone is larger than the budget: cut it around the match.
    piece = _cut_around_match(units[top], claim_text, numbers, max_tokens)
    return _Choice((), _excerpt(window, [[piece]], strategy, source_path))


def _line_groups(units: Sequence[_Unit]) -> list[list[int]]:
    """Unit positions grouped by the document line(s) they share, in order."""
    lines: list[list[int]] = []
    for i, u in enumerate(units):
        if lines and units[lines[-1][-1]].seg.line_end >= u.seg.line_start:
            lines[-1].append(i)
        else:
            lines.append([i])
    return lines


def _whole_lines(units: Sequence[_Unit], order: Iterable[int]) -> int:
    """How many of the window's lines ``order`` holds whole (every segment of the line)."""
    kept = set(order)
    return sum(1 for line in _line_groups(units) if kept.issuperset(line))


# ---------------------------------------------------------------- units


def _units(window: SourceWindow, numbers: ClaimNumbers) -> list[_Unit]:
    """The window's segments minus page furniture, in document order."""
    document = window.document
    segments: Sequence[Segment] = window.segments
    if not segments:
        # A window built without segments (a caller that skipped the store); use the
        # shared segmenter so lines and offsets mean the same as everywhere else.
        segments = segment_window(document, window.line_start, window.line_end)
    dropped = boilerplate_lines(document, window.line_start, window.line_end, protect=numbers.protects)
    out: list[_Unit] = []
    for seg in segments:
        text = seg.text.strip()
        if not text:
            continue
        if any(n in dropped for n in range(seg.line_start, seg.line_end + 1)):
            continue
        out.append(_Unit(seg, text))
    return out


# ---------------------------------------------------------------- scope


_SCOPE_WORDS = re.compile(
    r"\b(?:most|least|majority|minority|all|every|each|none|neither|nor|any|only|no|"
    r"highest|lowest|largest|smallest|greatest|fewest|maximum|minimum|"
    r"same|identical|different|differ|differs|difference|distinct|separate|separately|comparable|non-comparable|"
    r"total|overall|entire|whole|both)\b|最|所有|全部|均|都|没有|仅|只有|相同|不同|总",
    re.IGNORECASE,
)


def quantifies_over_window(claim_text: str) -> bool:
    """True when the claim's truth depends on everything in the cited place, not on one
    line: a superlative ("the most common"), a quantifier ("all", "no patient", "only"),
    a sameness or difference ("identical", "different"), a total. Such a claim is judged
    against the whole window when it fits the budget."""
    return bool(_SCOPE_WORDS.search(claim_text))


# ---------------------------------------------------------------- scoring


def _score(
    claim_text: str, numbers: ClaimNumbers, units: Sequence[_Unit]
) -> tuple[list[float], list[float], list[tuple[float, frozenset[int]]]]:
    """Per-unit total and number scores, and the claim items (weight, units holding it)."""
    n = len(units)
    # Value-atom lookup costs ~0.3 ms a segment; past VALUE_MATCH_LIMIT numeric segments
    # (a whole long document cited without a locator) digit keys alone centre the excerpt.
    numeric = sum(1 for u in units if any(ch.isdigit() for ch in u.text)) if numbers else 0
    values = numeric <= VALUE_MATCH_LIMIT
    unit_found = [numbers.found_in(u.text, values=values) if numbers else {} for u in units]
    holders: dict[str, set[int]] = {}
    for i, found in enumerate(unit_found):
        for key in found:
            holders.setdefault(key, set()).add(i)
    key_weight = {k: _idf(n, len(h)) for k, h in holders.items()}
    atom_scores = [sum(key_weight[k] * w for k, w in found.items()) for found in unit_found]

    unit_terms = [terms(u.text) for u in units]
    query = terms(claim_text)
    bm25 = BM25(unit_terms)
    term_scores = bm25.scores(query)
    scores = [ATOM_WEIGHT * a + t for a, t in zip(atom_scores, term_scores)]

    items: list[tuple[float, frozenset[int]]] = [
        (ATOM_WEIGHT * key_weight[k], frozenset(h)) for k, h in holders.items()
    ]
    term_sets = [frozenset(ts) for ts in unit_terms]
    for term in dict.fromkeys(query):
        held = frozenset(i for i, ts in enumerate(term_sets) if term in ts)
        if held:
            items.append((bm25.idf(term), held))
    items.sort(key=lambda item: -item[0])
    return scores, atom_scores, items


def _located(n_units: int, items: Sequence[tuple[float, frozenset[int]]], weight: float) -> bool:
    """Whether the claim's own words and numbers say where its evidence is: its rare items
    (held by few segments) weigh at least ``weight`` (``LOCATED_WEIGHT``: about three rare
    words, or one rare number and a word). Common words ("patients", "eligible") locate nothing."""
    limit = max(2, RARE_SHARE * n_units)
    return sum(w for w, held in items if len(held) <= limit) >= weight


def _fill(units: Sequence[_Unit], scores: Sequence[float], chosen: set[int], max_tokens: int) -> list[set[int]]:
    """For a claim that did not locate its evidence: the rest of the budget holds the
    window's other lines, matching ones first, then the shortest (most lines for the tokens).
    The estimate is updated per added line (its tokens and how it joins its neighbours)."""
    order = sorted(
        (i for i in range(len(units)) if i not in chosen),
        key=lambda i: (scores[i] <= 0, -scores[i], units[i].tokens, i),
    )
    kept = sorted(chosen)
    total = _estimate(units, chosen)

    def join(a: int, b: int) -> int:
        return 1 if b == a + 1 else _ELISION_TOKENS

    out: list[set[int]] = []
    for i in order:
        at = bisect.bisect_left(kept, i)
        prev = kept[at - 1] if at > 0 else None
        nxt = kept[at] if at < len(kept) else None
        delta = units[i].tokens
        if prev is not None:
            delta += join(prev, i)
        if nxt is not None:
            delta += join(i, nxt)
        if prev is not None and nxt is not None:
            delta -= join(prev, nxt)
        if total + delta <= max_tokens:
            kept.insert(at, i)
            total += delta
            out.append({i})
    return out


def _compressed(
    window: SourceWindow,
    units: Sequence[_Unit],
    scores: Sequence[float],
    strategy: str,
    max_tokens: int,
    source_path: str | None,
) -> _Choice | None:
    """The whole window minus its least relevant lines (:func:`_compress`), for a window
    only a little larger than the budget: nearly all of the place the author cited, with
    the gaps marked; None when even that does not fit."""
    room = max_tokens
    while room >= MIN_BUDGET:
        kept = _compress(units, scores, room)
        made = _finish(window, units, kept, strategy, max_tokens, source_path) if kept else None
        if made is not None:
            return _Choice(tuple(kept), made)
        room = int(room * 0.9)  # the estimate is close, not exact: ask for less until it fits
    return None


def _compress(units: Sequence[_Unit], scores: Sequence[float], max_tokens: int) -> list[int]:
    """The whole window minus what fits least. Whole lines are dropped (a criterion or a
    table row is read whole or not at all) until the estimate fits, taking the least
    relevant first — lines that are not evidence (scoring under ``SEED_SHARE`` of the
    best), then headings and their label lines, then evidence lines, weakest first — and, within that order, the
    shortest line that brings the estimate within the budget (else the longest, and
    again): the fewest lines lost, and no more text than needed. The kept segments, in
    document order."""
    lines = _line_groups(units)
    seed = SEED_SHARE * max(scores)
    size = [sum(units[i].tokens for i in line) for line in lines]

    def structural(k: int) -> bool:
        """A heading, or the label line right under one ("Outcome Measurement:" → its name)."""
        if any(units[i].is_heading for i in lines[k]):
            return True
        above = lines[k - 1] if k else []
        return bool(above) and units[above[-1]].is_heading and size[k] <= LABEL_MAX_TOKENS

    def rank(k: int) -> tuple[bool, bool, float]:
        best = max(scores[i] for i in lines[k])
        evidence = best > 0 and best >= seed
        return (evidence, structural(k), best if evidence else 0.0)

    kept = set(range(len(units)))
    left = set(range(len(lines)))
    while left and (excess := _estimate(units, kept) - max_tokens) > 0:
        lowest = min(rank(k) for k in left)
        tier = [k for k in left if rank(k) == lowest]
        enough = [k for k in tier if size[k] >= excess]
        k = min(enough, key=lambda k: (size[k], -k)) if enough else max(tier, key=lambda k: (size[k], k))
        kept.difference_update(lines[k])
        left.discard(k)
    return sorted(kept)


def _idf(n_docs: int, n_holding: int) -> float:
    return math.log(1.0 + (n_docs - n_holding + 0.5) / (n_holding + 0.5))


# ---------------------------------------------------------------- selection


def heading_like(text: str) -> bool:
    """Whether an excerpt line reads as a heading: a section heading, or a short line ending
    in a colon. The answer check reads an excerpt's blocks by the same lines (``tier2.answer_check``)."""
    if markdown_heading(text) is not None or text_heading(text) is not None:
        return True
    # "Results 2:", "Outcome Measurement:", "Patients must meet all of the following:"
    return text.endswith((":", "：")) and len(text.split()) <= 10


def _heading_above(units: Sequence[_Unit], i: int) -> int | None:
    for j in range(i - 1, max(-1, i - 1 - HEADING_LOOKBACK), -1):
        if units[j].is_heading:
            return j
    return None


def _is_major_heading(text: str) -> bool:
    """A section-level heading ("EXCLUSION CRITERIA", "## Results"), not a "Label:" line."""
    return markdown_heading(text) is not None or text_heading(text) is not None


def _small_block(units: Sequence[_Unit], i: int) -> range | None:
    """The block holding unit ``i`` — from its heading to the line before the next
    heading — when it is at most ``BLOCK_WHOLE_TOKENS``; None when it is larger or has no
    heading within reach (the scan stops as soon as the block is too big)."""
    start = i if units[i].is_heading else _heading_above(units, i)
    if start is None:
        return None
    total = 0
    for j in range(start, i + 1):
        total += units[j].tokens
        if total > BLOCK_WHOLE_TOKENS:
            return None
    end = i + 1
    while end < len(units) and not units[end].is_heading:
        total += units[end].tokens
        if total > BLOCK_WHOLE_TOKENS:
            return None
        end += 1
    return range(start, end)


def _line_mates(units: Sequence[_Unit], i: int) -> list[int]:
    """The other sentences of the evidence line(s) — one criterion, one table row — when
    the whole line is short enough to read whole."""
    seg = units[i].seg
    lo = hi = i
    while lo > 0 and units[lo - 1].seg.line_end >= seg.line_start:
        lo -= 1
    while hi + 1 < len(units) and units[hi + 1].seg.line_start <= seg.line_end:
        hi += 1
    if lo == hi or sum(units[j].tokens for j in range(lo, hi + 1)) > LINE_WHOLE_TOKENS:
        return []
    return [j for j in range(lo, hi + 1) if j != i]


def _neighbours(units: Sequence[_Unit], i: int, context: Sequence[int]) -> list[int]:
    """Up to ``NEIGHBOURS`` segments either side of an evidence line, within its block
    (never across a heading: the next arm's heading is not this arm's context)."""
    near: list[int] = []
    for step in (-1, 1):
        j = i
        for _ in range(NEIGHBOURS):
            j += step
            if not 0 <= j < len(units) or units[j].is_heading or (step > 0 and units[i].is_heading and j > i + 1):
                break
            if j not in context:
                near.append(j)
    return near


def _context(units: Sequence[_Unit], i: int) -> list[int]:
    """The lines an evidence line needs to be read: its heading and the heading's label
    (the line after it: an arm title, an outcome name), the section heading above that,
    and the window's own caption (its first heading and label); a heading-like evidence
    line brings the line it introduces."""
    extra: list[int] = []

    def heading_and_label(h: int) -> None:
        extra.append(h)
        label = h + 1
        if label < len(units) and not units[label].is_heading and units[label].tokens <= LABEL_MAX_TOKENS:
            extra.append(label)

    if units[i].is_heading and i + 1 < len(units):
        extra.append(i + 1)
    extra.extend(_line_mates(units, i))
    h = _heading_above(units, i)
    if h is not None:
        heading_and_label(h)
        if not _is_major_heading(units[h].text):
            major = next((j for j in range(h - 1, max(-1, h - 1 - HEADING_LOOKBACK), -1) if _is_major_heading(units[j].text)), None)
            if major is not None:
                extra.append(major)
    if units[0].is_heading and 0 not in extra and i != 0:
        heading_and_label(0)
    return [j for j in dict.fromkeys(extra) if j != i]


def _evidence_groups(
    units: Sequence[_Unit], scores: Sequence[float], items: Iterable[tuple[float, frozenset[int]]]
) -> list[list[list[int]]]:
    """For each evidence unit, best first: the ways to include it, fullest first —
    [its whole block + context], [it + context], [it alone]."""
    best = max(scores)
    ranked = sorted(range(len(units)), key=lambda i: (-scores[i], i))
    evidence = [i for i in ranked if scores[i] > 0 and scores[i] >= SEED_SHARE * best]
    chosen = set(evidence)
    for _weight, held in items:
        if held & chosen:
            continue
        pick = max(held, key=lambda i: (scores[i], -i))
        if scores[pick] >= COVER_SHARE * best:
            evidence.append(pick)
            chosen.add(pick)
    groups: list[list[list[int]]] = []
    for i in evidence[:MAX_EVIDENCE]:
        context = _context(units, i)
        options = [[i, *context], [i]]
        near = _neighbours(units, i, context)
        if near:
            options.insert(0, [i, *context, *near])
        block = _small_block(units, i)
        if block is not None:
            options.insert(0, [i, *context, *(j for j in block if j != i and j not in context)])
        groups.append(options)
    return groups


def _fit(units: Sequence[_Unit], groups: Sequence[Sequence[Sequence[int]]], max_tokens: int) -> list[set[int]]:
    """Add each evidence unit best first, in the fullest form that keeps the estimated
    rendering within the budget; returns what was added, in order."""
    chosen: set[int] = set()
    added: list[set[int]] = []
    for options in groups:
        for candidate in options:
            new = set(candidate) - chosen
            if not new:
                break
            if _estimate(units, chosen | new) <= max_tokens:
                chosen |= new
                added.append(new)
                break
    return added


_ELISION_TOKENS = 4  # "\n[…]\n" costs 3–4 tokens


def _estimate(units: Sequence[_Unit], chosen: set[int]) -> int:
    if not chosen:
        return 0
    order = sorted(chosen)
    total = sum(units[i].tokens for i in order)
    for a, b in zip(order, order[1:]):
        total += 1 if b == a + 1 else _ELISION_TOKENS
    return total


# ---------------------------------------------------------------- rendering


def _piece(unit: _Unit) -> _Piece:
    s = unit.seg
    return _Piece(unit.text, s.line_start, s.line_end, s.char_start, s.char_end)


def _parts(units: Sequence[_Unit], order: Sequence[int]) -> list[list[_Piece]]:
    parts: list[list[_Piece]] = []
    prev: int | None = None
    for i in order:
        if prev is None or i != prev + 1:
            parts.append([])
        parts[-1].append(_piece(units[i]))
        prev = i
    return parts


def _render(parts: Sequence[Sequence[_Piece]]) -> str:
    rendered: list[str] = []
    for part in parts:
        buf = [part[0].text]
        for a, b in zip(part, part[1:]):
            buf.append(" " if b.line_start == a.line_end else "\n")
            buf.append(b.text)
        rendered.append("".join(buf))
    text = f"\n{ELISION}\n".join(rendered)
    return "\n".join(collapse_repeats(text.split("\n"), count_tokens, gap=ELISION))


_MAX_CHARS_PER_TOKEN = 16  # beyond this a text cannot plausibly fit; skip counting it


def _at_most(units: Sequence[_Unit], limit: int) -> bool:
    """Whether all units together hold at most ``limit`` tokens (stops early)."""
    chars = total = 0
    for u in units:
        chars += len(u.text)
        if chars > limit * _MAX_CHARS_PER_TOKEN:
            return False
    for u in units:
        total += u.tokens
        if total > limit:
            return False
    return True


def _finish(
    window: SourceWindow,
    units: Sequence[_Unit],
    order: list[int],
    strategy: str,
    max_tokens: int,
    source_path: str | None,
) -> Excerpt | None:
    """The excerpt of ``order`` (unit positions, sorted), or None when it exceeds the budget."""
    if sum(len(units[i].text) for i in order) > max_tokens * _MAX_CHARS_PER_TOKEN:
        return None
    parts = _parts(units, order)
    if count_tokens(_render(parts)) > max_tokens:
        return None
    return _excerpt(window, parts, strategy, source_path)


def _file_lines(window: SourceWindow) -> str:
    """The window's lines as the saved file numbers them ("12-18"), for a message an auditor follows."""
    return f"{window.document.file_line(window.line_start)}-{window.document.file_line_end(window.line_end)}"


def _excerpt(
    window: SourceWindow, parts: Sequence[Sequence[_Piece]], strategy: str, source_path: str | None
) -> Excerpt:
    text = _render(parts)
    document = window.document
    # lines as the saved file numbers them (an auditor opens the file; a JSON source's reader
    # lines are its values), offsets into the normalised text the judge's excerpt was cut from
    spans = tuple(
        ExcerptSpan(
            line_start=document.file_line(part[0].line_start),
            line_end=document.file_line_end(part[-1].line_end),
            char_start=part[0].char_start,
            char_end=part[-1].char_end,
        )
        for part in parts
    )
    return Excerpt(
        source_id=document.source_id,
        source_path=source_path if source_path is not None else document.path,
        locator=window.locator_raw,
        text=text,
        sha256=hashlib.sha256(text.encode("utf-8")).hexdigest(),
        line_start=spans[0].line_start,
        line_end=spans[-1].line_end,
        char_start=spans[0].char_start,
        char_end=spans[-1].char_end,
        tokens=count_tokens(text),
        strategy=strategy,
        spans=spans,
    )


# ---------------------------------------------------------------- cutting one long segment


def _match_position(text: str, claim_text: str, numbers: ClaimNumbers) -> int:
    """Character index of the claim's first number (else first content term) in ``text``."""
    if numbers.keys:
        for m in re.finditer(r"\d[\d,.]*", text):
            if digit_keys(m.group(0)) & numbers.keys:
                return m.start()
    lowered = text.lower()
    positions = []
    for term in terms(claim_text):
        stem = term[: max(3, len(term) - 1)]
        at = lowered.find(stem)
        if at >= 0:
            positions.append(at)
    return min(positions) if positions else 0


def _cut_around_match(unit: _Unit, claim_text: str, numbers: ClaimNumbers, max_tokens: int) -> _Piece:
    text = unit.text
    centre = _match_position(text, claim_text, numbers)
    radius = max_tokens * 2  # ~4 characters per token: start near the budget, then shrink
    while True:
        a = max(0, centre - radius)
        b = min(len(text), centre + radius)
        body = (_CUT if a > 0 else "") + text[a:b] + (_CUT if b < len(text) else "")
        if count_tokens(body) <= max_tokens or radius <= 1:
            break
        radius = int(radius * 0.85)
    seg = unit.seg
    # Exact offsets when the segment is a verbatim slice of the document; a reflowed
    # segment (joined wraps) keeps its whole span.
    lead = len(seg.text) - len(seg.text.lstrip())
    if seg.char_end - seg.char_start == len(seg.text):
        start, end = seg.char_start + lead + a, seg.char_start + lead + b
    else:
        start, end = seg.char_start, seg.char_end
    return _Piece(body, seg.line_start, seg.line_end, start, end)
