"""A cited window's value index, read lazily: a claim atom reads only the lines that could hold it.

Extracting value atoms is the costliest step of Tier 1, and most lines of a cited window
cannot bear on a given claim number. For the two commonest claim atoms — an unqualified bare
number that is not a proportion, and an unqualified percentage — a source atom relates to the
claim atom (``compare.relate``: supported or plausible) only through its value: equal at the
claim's precision (a percentage also equals 100x a proportion or a fraction), the negative of
it, or a bound it satisfies. So a line is read for such an atom only when

* one of its numerals, a space-grouped run of digits read as one number ("1 500"), or a
  numeral's other locale reading ("45,2" as 45.2, "12.345" as 12345), is, in
  absolute value, within the claim's precision of the claim's value
  (for a percentage, or 100x that numeral is — a proportion — or a tenth or a hundredth of it
  is — per mille, per ten thousand), or
* something on it can change a numeral's value or make it a bound: a scale word or letter,
  scientific notation, a power of ten, a metre symbol ("1.5m", which may be a million), a
  number word, a bound cue (``more than``, ``≤``,
  ``以上`` …) or, for a percentage, a fraction, or
* a numeral of it times a scale stated elsewhere for it is near — a table row under a column
  header, row label, caption or note giving a scale ("Prescriptions (million)" over "| … | 39.2 |"
  is 39.2 million), or a line under a declared unit with one ("Unit of Measure: USD million").

Every other line holds no candidate that could decide the atom, and the index built from the
read lines keeps the full index's order, so the verdict and the line reported are the full
index's. Any other atom (ranges, units, bounds, fractions, proportions, derived numbers) uses
the full index, built from the same per-line entries. Each line is read at most once.
"""

from __future__ import annotations

import re
from array import array
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterator
from functools import lru_cache

from citeproof.memo import RecentMemo, RunMemo
from citeproof.sources.segment import window_value_text
from citeproof.sources.table_headers import NO_TABLE, TableContext, may_cut_a_table, row_headers, table_context
from citeproof.sources.types import SourceDocument, SourceWindow
from citeproof.values.assess import TextIndex, _line_entries, _line_states
from citeproof.values.atoms import ValueAtom
from citeproof.values.digit_groups import ambiguous_runs, may_group
from citeproof.values.extract import _NUMBER, _lower, prepare
from citeproof.values.lexicon import lexicon
from citeproof.values.locale_numbers import reading_values

# Shapes are searched over the whole prepared window; none can match across a line break
# ([^\S\n] is a space that is not one), so a match always flags the line it sits on. Only
# which lines hold a match counts, so two are written to open with a character class of a
# rarer character (the slash or word, the scale letter) and to check the digits
# before it by look-behind: the engine then skips every other character in C instead of
# trying the pattern at every digit (same lines, fuzz-tested: tests/values/test_window_facts.py).
_FRACTION_SHAPE = re.compile(  # extract._FRACTION: \d(?:\s?/\s?|⁄|\s(?:out\s)?of\s|\sin\s)\d
    r"[/⁄oi](?:(?<=\d/)[^\S\n]?\d|(?<=\d[^\S\n]/)[^\S\n]?\d|(?<=\d⁄)\d"
    r"|(?<=\d[^\S\n]o)(?:ut[^\S\n]of|f)[^\S\n]\d|(?<=\d[^\S\n]i)n[^\S\n]\d)"
)
# a count after the base it is out of ("Of the 150 patients, 45 responded", "在210例患者中，18例"):
# a fraction ``count_after_base`` rebuilds across the base's phrase, which no slash or "of" marks
# (a superset of its lines: a number, the phrase up to a comma, a number right after it)
_BASE_COUNT_SHAPE = re.compile(r"\d[^\d,;:.!?，；：。！？\n][^,;:.!?，；：。！？\n]{0,79}[,，][^\S\n]?有?\d")
# (the exponent's "e" is too common a letter to open with: this one opens with the digit)
_SCI_SHAPE = re.compile(r"\d[^\S\n]?(?:[x×*][^\S\n]?10|e[-+]?\d)")  # extract._SCI after a numeral
_LETTER_RUN = re.compile(r"[a-z]+")
# a lowercase "1.5m" may be read as a million too (extract, ValueAtom.million_count)
_METRE_SHAPE = re.compile(r"m(?:(?<=\dm)|(?<=\d m))(?![a-z])")
# a percentage's numeral times these: as a proportion, as per mille, as per ten thousand
_PERCENT_NUMERALS = (0.01, 10.0, 100.0)


@lru_cache(maxsize=1)
def _literal_shapes() -> tuple[tuple[str, re.Pattern[str]], ...]:
    """(literal, pattern) pairs searched on lower-cased text: a bound cue, a scale word after a
    numeral, a number word. A pattern runs only when its literal occurs in the window (one fast
    substring test each instead of one big alternation tried at every position)."""
    return tuple((literal, pattern) for literal, pattern, _ in _shape_table())


@lru_cache(maxsize=1)
def _shape_table() -> tuple[tuple[str, re.Pattern[str], str], ...]:
    """``_literal_shapes`` with each pattern's kind: "word" (a number word: its pattern matches
    exactly where it is a whole [a-z]+ run) or "cue" (a bound cue or a scale word)."""
    lex = lexicon()
    out: list[tuple[str, re.Pattern[str], str]] = [(c, re.compile(re.escape(c)), "cue") for c in "<>≤≥"]
    cues = {c: q for c, q in (*lex.bounds_before.items(), *lex.bounds_after.items()) if q != "~"}
    for cue in sorted(cues):
        e = re.escape(cue)
        if cue[-1:].isascii() and cue[-1:].isalpha():
            # a bound cue before a number is followed by a space, sign, digit or currency
            # prefix, after a number by a non-letter: "overall" holds no bound. (A currency
            # code glued to the cue, "overUSD 5", makes a currency atom, never a bare number
            # or a percentage, so it needs no read.)
            out.append((cue, re.compile(f"{e}(?![a-z])"), "cue"))
        else:
            out.append((cue, re.compile(e), "cue"))
    for word in sorted(lex.scale_words):
        out.append((word, re.compile(r"\d ?" + re.escape(word)), "cue"))
    # extract_atoms reads a number word wherever a maximal [a-z]+ run is one
    for word in sorted(lex.number_words):
        whole = _LETTER_RUN.fullmatch(word) is not None
        out.append((word, re.compile(r"(?<![a-z])" + re.escape(word) + r"(?![a-z])"), "word" if whole else "cue"))
    return tuple(out)


# (literal, index of an earlier entry whose literal it contains or -1, its pattern or None for a
# literal tested only to skip the entries containing it)
_Step = tuple[str, int, "re.Pattern[str] | None"]


def _grouped(shapes: tuple[tuple[str, re.Pattern[str], str], ...]) -> tuple[tuple[_Step, ...], dict[str, re.Pattern[str]]]:
    """The cue shapes as a plan of substring tests, shortest literal first, each after a literal
    it contains (a phrase's last word, "than" for the "... than" cues; "exceed" for "exceeded";
    "more than" for "no more than"): a window without that one holds none of its containers,
    whose tests are skipped. And the number words, tested against the window's letter runs
    instead of one by one."""
    words: dict[str, re.Pattern[str]] = {}
    cues: list[tuple[str, re.Pattern[str] | None]] = []
    guards: set[str] = set()
    for literal, pattern, kind in shapes:
        if kind == "word":
            words[literal] = pattern
            continue
        cues.append((literal, pattern))
        runs = _LETTER_RUN.findall(literal)
        if " " in literal and runs and literal.endswith(runs[-1]):
            guards.add(runs[-1])
    known = {literal for literal, _ in cues}
    entries = cues + [(guard, None) for guard in sorted(guards - known)]
    entries.sort(key=lambda entry: len(entry[0]))  # stable: equal lengths keep their order
    plan: list[_Step] = []
    for literal, pattern in entries:
        inside = [k for k, (earlier, _, _) in enumerate(plan) if earlier != literal and earlier in literal]
        plan.append((literal, max(inside, key=lambda k: len(plan[k][0])) if inside else -1, pattern))
    return tuple(plan), words


@lru_cache(maxsize=2)
def _guarded(ascii_only: bool) -> tuple[tuple[_Step, ...], dict[str, re.Pattern[str]]]:
    """``_grouped`` over every shape, or over those whose literal can occur in ASCII text."""
    return _grouped(tuple(s for s in _shape_table() if s[0].isascii() or not ascii_only))


@lru_cache(maxsize=1)
def _text_shape() -> re.Pattern[str]:
    """On the text as written: a scale letter glued to a numeral, or a power of ten (opens
    with the letter or caret, the digits checked behind it; see the shapes above)."""
    letters = re.escape("".join(sorted(set(lexicon().scale_letters) | set("MBKkT"))))
    return re.compile(r"[" + letters + r"^](?:(?<=\d[" + letters + r"])|(?<=10\^))")


def _line_starts(lines: list[str]) -> list[int]:
    """Where each line starts in the lines joined with newlines (and where the join ends)."""
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line) + 1)
    return starts


class _Facts:
    """Which lines every lazy atom reads, which hold a fraction, and every numeral's value."""

    __slots__ = ("always", "_fraction", "_lines", "values", "value_lines")

    def __init__(self, lines: list[str], scales: dict[int, set[float]] | None = None) -> None:
        """``scales``: line index → the scales (other than one) its cells or declared unit multiply
        its numerals by (``_scales``)."""
        prepared = "\n".join(lines)
        starts = _line_starts(lines)

        def lines_of(matches: Iterator[re.Match[str]]) -> set[int]:
            return {bisect_right(starts, m.start()) - 1 for m in matches}

        self._lines = lines  # the index's own list (no copy kept): the fraction lines are found from it
        low = _lower(prepared)
        self.always = lines_of(_text_shape().finditer(prepared)) | lines_of(_SCI_SHAPE.finditer(low)) \
            | lines_of(_METRE_SHAPE.finditer(low))
        # an ASCII window can hold none of the CJK and symbol cues: their ~36 tests are skipped
        plan, words = _guarded(low.isascii())
        present = [False] * len(plan)
        for k, (literal, inside, pattern) in enumerate(plan):
            if (inside < 0 or present[inside]) and literal in low:
                present[k] = True
                if pattern is not None:
                    self.always |= lines_of(pattern.finditer(low))
        for word in words.keys() & set(_LETTER_RUN.findall(low)) if words else ():
            self.always |= lines_of(words[word].finditer(low))
        self._fraction: set[int] | None = None
        findall = _NUMBER.findall
        # extract._parse_number, inlined: a window holds ~70 numerals
        pairs = [(float(numeral.replace(",", "")), i) for i, line in enumerate(lines) for numeral in findall(line)]
        # a space-grouped run ("1 500") is also read as one number (extract._mark_ambiguous_digits),
        # a value none of its numerals is near: its line is read for an atom near the joined value
        if may_group(prepared):
            pairs += [(whole, i) for i, line in enumerate(lines) for _, _, whole in ambiguous_runs(line)]
        # so is a numeral's other locale reading ("45,2" as 45.2, "12.345" as 12345: locale_numbers)
        pairs += [(value, bisect_right(starts, at) - 1) for at, value in reading_values(prepared)]
        if scales:
            # a scaled line's numerals also stand for their values in that scale (one more pair per
            # numeral and scale: the lines stay read once, the index linear in the window)
            pairs += [(value * scale, i) for value, i in pairs if i in scales for scale in scales[i]]
        pairs.sort()  # numerals carry no sign: a "-45" line sits with 45
        # compact arrays: a run holds one of these per cited window
        self.values = array("d", [v for v, _ in pairs])
        self.value_lines = array("l", [i for _, i in pairs])

    @property
    def fraction(self) -> set[int]:
        """Lines holding a fraction (read by percentage atoms only, so found on first need)."""
        if self._fraction is None:
            starts = _line_starts(self._lines)
            joined = "\n".join(self._lines)
            self._fraction = {bisect_right(starts, m.start()) - 1 for m in _FRACTION_SHAPE.finditer(joined)} \
                | {bisect_right(starts, m.start()) - 1 for m in _BASE_COUNT_SHAPE.finditer(joined)}
        return self._fraction

    def near(self, lo: float, hi: float) -> list[int]:
        """Lines holding a numeral whose absolute value lies in [lo, hi]."""
        return self.value_lines[bisect_left(self.values, lo):bisect_right(self.values, hi)]


def _lazy_kind(atom: ValueAtom) -> str | None:
    """'bare' or 'percent' when the atom can be decided from value-bearing lines alone."""
    if atom.derived or atom.qualifier is not None or atom.kind != "value" or atom.under_header is not None \
            or atom.month_count is not None:  # "12M" is looked up as 12 months too
        return None
    if atom.frequency is not None:
        return None  # "every 12 hours" is looked up as any line writing "twice daily" too
    if atom.dim == "percent":
        # in per mille or per ten thousand the claim's numeral is not the percentage: full index
        return "percent" if atom.factor == 1.0 else None
    if atom.dim == "" and not (atom.decimals > 0 and abs(atom.number) <= 1):
        return "bare"
    return None


def _scales(declared: dict[int, tuple]) -> dict[int, set[float]]:
    """Line index → the scales other than one a line's numerals are read in: its cells' header,
    row-label or table unit ("(million)": 1e6, "USD billion": 1e9) and its declared unit's."""
    out: dict[int, set[float]] = {}
    for i, (unit, _, cells) in declared.items():
        found = {u.number for _, _, u in cells if u.number != 1.0}
        if unit is not None:
            *_, scale = unit  # assess._Declared: (dim, unit, factor, calendar, certain, scale)
            if scale != 1.0:
                found.add(scale)
        if found:
            out[i] = found
    return out


class WindowIndex:
    """Per-line value entries of one window text, extracted on first need (memoise per window and run)."""

    __slots__ = ("_lines", "_declared", "_entries", "_facts", "_full", "_memo")

    def __init__(
        self, text: str, memo: dict[tuple, list[tuple[ValueAtom, str]]] | RecentMemo | None = None, table: TableContext = NO_TABLE
    ) -> None:
        """``memo`` (a line and its declared unit → its entries) may be shared by every window
        of a run: boilerplate lines ("Time frame: up to 24 months") recur across records.
        ``table``: the header of a table the window cuts into above its first line, and its
        header rows no Markdown rule marks (``citeproof.sources.table_headers``)."""
        self._memo = {} if memo is None else memo
        above = prepare(table.above) if table.above is not None else None
        caption = prepare(table.caption) if table.caption is not None else None
        note = prepare(table.note) if table.note is not None else None
        joined = {i: prepare(header) for i, header in table.joined_rows}
        states = _line_states(prepare(text, keep_newlines=True), above, table.header_rows, dict(table.value_units),
                              table.heading, caption, note, joined)
        self._lines = [line for line, _, _, _ in states]
        # only lines under a "Unit of Measure:" declaration, or table rows under a unit header, carry one
        self._declared = {i: (d, p, c) for i, (_, d, p, c) in enumerate(states) if d is not None or p is not None or c}
        self._entries: list[list[tuple[ValueAtom, str]] | None] = [None] * len(self._lines)
        self._facts: _Facts | None = None
        self._full: TextIndex | None = None

    def _line(self, i: int) -> list[tuple[ValueAtom, str]]:
        entries = self._entries[i]
        if entries is None:
            state = (self._lines[i], *self._declared.get(i, (None, None, ())))
            entries = self._memo.get(state)
            if entries is None:
                entries = self._memo[state] = _line_entries(*state)
            self._entries[i] = entries
        return entries

    def full(self) -> TextIndex:
        """The whole window's index (``build_index`` of its text)."""
        if self._full is None:
            index = TextIndex()
            for i in range(len(self._lines)):
                for atom, shown in self._line(i):
                    index.add(atom, shown)
            self._full = index
        return self._full

    def for_atom(self, atom: ValueAtom) -> TextIndex:
        """An index that decides ``atom`` exactly as the full index does."""
        kind = _lazy_kind(atom)
        if kind is None or self._full is not None:
            return self.full()
        facts = self._facts
        if facts is None:
            facts = self._facts = _Facts(self._lines, _scales(self._declared))
        target = abs(atom.number)
        tol = atom.step + 1e-6 * max(1.0, target)  # wider than compare's rounding tolerance
        read = facts.always.union(facts.near(target - tol, target + tol))
        if kind == "percent":  # also a proportion (x100), a fraction of it, or per mille/ten thousand
            read |= facts.fraction
            for per in _PERCENT_NUMERALS:
                read.update(facts.near((target - tol) * per, (target + tol) * per))
        index = TextIndex()
        for i in sorted(read):
            for entry_atom, shown in self._line(i):
                index.add(entry_atom, shown)
        return index


_RUN = object()  # key for the memos that belong to the whole run, not to one window
# line states whose entries the run keeps per generation (``RecentMemo``: at most twice this):
# the boilerplate recurring across records stays, while a run citing 10,000 files would
# otherwise hold ~17,500 (bench/tier1.py at 10x) and more with every file
LINE_ENTRIES_HELD = 4096


def read_window(window: SourceWindow, memo: RunMemo | None = None) -> WindowIndex:
    """A cited window's value index, read as a claim's number is read against it: its lines with
    the wraps of a reflowed medium rejoined (``window_value_text``), under the header, caption,
    note or heading of a table it cuts into (``table_context``: "| 2023 | 10.4 |" under
    "| Year | Market size (USD billion) |" is USD 10.4 billion). The numeric-support rule and the
    model checker (an input at its anchor) both read windows here, so an input is found exactly
    where a claim's number would be. With the run's ``memo`` a window is indexed once per run,
    its document's rows mapped to their headers once, and each line's entries shared."""
    if memo is None:
        return WindowIndex(window_value_text(window), None, _tables(window, row_headers))
    lines = memo.derived(_RUN, "values.line_entries", lambda _: RecentMemo(LINE_ENTRIES_HELD))
    return memo.derived(window, "values.index", lambda w: WindowIndex(
        window_value_text(w), lines, _tables(w, lambda d: memo.derived(d, "sources.row_headers", row_headers))))


def _tables(window: SourceWindow, headers_of: Callable[[SourceDocument], dict[int, int]]) -> TableContext:
    """The window's table context; its document's rows mapped to their headers only when the
    window can start inside a table."""
    return table_context(window, headers_of(window.document) if may_cut_a_table(window) else None)
