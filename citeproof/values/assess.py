"""The three states of a claim's numbers against the cited windows (SPEC §3.4).

A window's atoms are indexed by dimension, line by line. The numeric-support rule reads each
cited window through ``window_index.WindowIndex`` (memoised per window on the run's source
store): a line is extracted at most once per run, and only when some claim atom could be
decided by it. ``index_text`` (an LRU keyed on the text) serves callers without a store.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING

from citeproof.memo import RunMemo
from citeproof.report import NumberResult, NumberState
from citeproof.settings import PATH_KINDS, Settings
from citeproof.sources.types import READING_ONLY, SourceWindow
from citeproof.values.atoms import ValueAtom
from citeproof.values.compare import calendar_plausible, converted_dims, relate
from citeproof.values.compound_units import other_normalisation
from citeproof.values.count_after_base import counts_after_base
from citeproof.values.extract import extract_atoms, prepare, spread_values
from citeproof.values.lexicon import data_json, lexicon, word_set
from citeproof.values.locale_numbers import locale_readings
from citeproof.values.label_periods import names_period

if TYPE_CHECKING:
    from citeproof.values.model_check import ModelChecker
    from citeproof.values.window_index import WindowIndex


@dataclass(frozen=True, slots=True)
class NumberAssessment:
    """One number of a claim and what the cited windows say about it."""

    raw: str
    normalised: str
    state: NumberState
    matched: str | None = None  # the window text that decided (supported or plausible)
    source_id: str | None = None
    atom: ValueAtom | None = None
    why: str | None = None  # for missing: what was looked for

    def to_result(self) -> NumberResult:
        return NumberResult(raw=self.raw, normalised=self.normalised, state=self.state,
                            matched=self.matched, source_id=self.source_id)


@dataclass
class TextIndex:
    """The atoms of one text, grouped by dimension, each with the line it sits on."""

    by_dim: dict[str, list[tuple[ValueAtom, str]]] = field(default_factory=dict)
    count: int = 0
    _joined: dict[tuple[str, ...], list[tuple[ValueAtom, str]]] = field(default_factory=dict)

    def add(self, atom: ValueAtom, line: str) -> None:
        key = "fraction" if atom.kind == "fraction" else atom.dim
        self.by_dim.setdefault(key, []).append((atom, line))
        self.count += 1

    def for_atom(self, atom: ValueAtom) -> TextIndex:  # noqa: ARG002 — same interface as WindowIndex
        return self

    def get(self, *keys: str) -> list[tuple[ValueAtom, str]]:
        if len(keys) == 1:
            return self.by_dim.get(keys[0], [])
        joined = self._joined.get(keys)
        if joined is None:  # built once per index, not once per claim atom
            joined = [entry for key in keys for entry in self.by_dim.get(key, [])]
            self._joined[keys] = joined
        return joined


_UNIT_OF_MEASURE = re.compile(r"(?:unit of measure|units? of measurement|units?)\s?:\s?(?P<phrase>[^\d\n]{1,60})", re.I)
_UNIT_WORD = re.compile("unit", re.I)  # every _UNIT_OF_MEASURE match contains it (same case folding)
_HEADER_LINE = re.compile(r"^\s*[^\d:]{1,60}:\s*$")
# a line that is only a label bracketing its unit ("Progression-free survival (months)", "## 中位OS（月）"):
# the numbers under it may be in that unit — a reading (plausible), never certain, since the lines
# under a heading need not all be the measure it names
_DIGIT = re.compile(r"\d")
_UNIT_LABEL_LINE = re.compile(r"^[^\d\n:：|]{1,60}[)）\]]\s*[:：]?\s*$", re.M)
# a note giving a table's or a passage's unit in words: "All figures in US$ billion.", "Revenue in
# $ billion.", "(in € millions)", "单位：亿元" — the bare numbers of the window may be in it: a
# reading (plausible), above or below the table it notes, never certain. A count's scale too ("All
# figures in thousands.", "Patient counts in thousands", "in millions of doses"): its scale alone
# (``count``), the counted noun left to the claim's words
_UNIT_NOTE = re.compile(
    r"^[ \t]*[(（]?[ \t]*(?:(?:all[ \t]+)?(?:(?:[a-z]+[ \t]+)?(?:figures|numbers|counts)|amounts|values|data|revenues?|sales)"
    r"[ \t]+(?:are[ \t]+|shown[ \t]+|given[ \t]+|reported[ \t]+)?)?in[ \t]+(?:(?P<phrase>(?:us\$|\$|€|£|¥|usd|eur|gbp|rmb|cny|chf)"
    r"[ \t]?(?:thousands?|millions?|billions?|bn|mn|m|b|k)|(?:thousands?|millions?|billions?)[ \t]+of[ \t]+"
    r"(?:us[ \t]+dollars|dollars|euros|yuan|pounds))"
    r"|(?P<count>thousands?|millions?|billions?)(?:[ \t]+of[ \t]+[a-z]+(?:[ \t]+[a-z]+)?)?)"
    r"(?:[ \t]*,?[ \t]+unless[ \t]+otherwise[ \t]+(?:stated|noted|indicated|specified))?[ \t]*[.)）]?[ \t]*$"
    r"|^[ \t]*[(（]?单位[ \t]*[:：][ \t]*(?P<zh>[^\d\s:：()（）]{1,10})[ \t]*[)）]?[ \t]*$",
    re.I | re.M,
)
# a JSON source's unit key ('"unitOfMeasure": "percentage of participants"', ClinicalTrials.gov
# API v2): its values are separate keys ('"value": "45.2"'). The reader notes the measured values
# of the key's own object (``value_units``: certain, for those lines); every other line below it
# only carries the unit down as a reading (at most plausible), since the lines no longer show the
# nesting; a key naming no unit ('"units": "Participants"', a count's) leaves that reading in place
_JSON_UNIT = re.compile(r'"unit(?:s|ofmeasure|_of_measure)?"\s?:\s?"(?P<phrase>[^"\d]{1,60})"', re.I)


# (dim, unit, factor, calendar, certain, scale): the unit a declaration gives the bare numbers under it,
# and whether that reading is certain (a "Unit of Measure:" line) or only plausible (a JSON key)
_Declared = tuple[str, str, float, bool, bool, float]  # scale: "$ billion" makes a bare 3.4 $3.4 billion


def _declared_unit(phrase: str, *, certain: bool = True) -> _Declared | None:
    """'percentage of participants' → percent; 'months' → month; 'participants' → None (a count)."""
    from citeproof.values.columns import header_unit

    low = phrase.strip().lower()
    if low.startswith(("percent", "percentage", "%")):
        return ("percent", "%", 1.0, False, certain, 1.0)
    if (scaled := header_unit(f"({phrase.strip()})")) is not None and scaled.number != 1 \
            and scaled.dim.startswith("currency:"):
        # "USD million": read as its currency alone, the true "$2,410.5 million" failed on its 2410.5
        return (scaled.dim, scaled.unit, scaled.factor, scaled.calendar, certain, scaled.number)
    lex = lexicon()
    m = lex.unit_re.match(low)
    if m:
        info = lex.unit_by_alias[m.group(0)]
        if (whole := _whole_unit(low)) is not None:
            # "ng/mL", "µg·h/mL": the whole unit, denominators and all — its first word alone ("ng")
            # made every concentration under it a mass, and the claim's "1850 ng/mL" missing
            return (whole.dim, whole.unit, whole.factor, whole.calendar, certain, 1.0)
        if not info.needs_denominator:
            return (info.dim, info.canonical, info.factor, info.calendar, certain, 1.0)
    return None


@lru_cache(maxsize=256)
def _whole_unit(phrase: str) -> ValueAtom | None:
    """The unit a declared phrase opens with, read as a value's unit is ("ng/mL" → ng/mL, not
    ng), when it is more than one word of the unit list: a denominator or a joined time."""
    atoms = claim_atoms(f"1 {phrase}")
    if not atoms or atoms[0].start != 0 or atoms[0].kind != "value" or atoms[0].number != 1 or atoms[0].is_bare:
        return None
    return atoms[0] if "/" in atoms[0].unit or "·" in atoms[0].unit else None


@lru_cache(maxsize=1)
def _numbered_period() -> re.Pattern[str]:
    """The rate phrases that write their period's length ("/24 h", "per 24 hours", units.json per_time)."""
    aliases = sorted((a for a in lexicon().per_time_by_alias if any(c.isdigit() for c in a)), key=len, reverse=True)
    return re.compile("|".join(re.escape(a) for a in aliases) or "(?!)")


def _secondary(atom: ValueAtom, declared: _Declared | None) -> list[ValueAtom]:
    """Extra index entries a source atom also stands for."""
    out: list[ValueAtom] = []
    if atom.grouped is not None:
        # "1 500 patients" may be 1,500 patients: a reading as ambiguous as its parts (digit_groups)
        out.append(atom.evolve(number=atom.grouped, grouped=None))
    if atom.month_count is not None:
        # "trailing 12M revenue" may be 12 months: a reading as ambiguous as the million one
        month = lexicon().unit_by_alias["months"]
        out.append(atom.evolve(number=atom.month_count, unit=month.canonical, dim=month.dim, factor=month.factor,
                               calendar=month.calendar, step=1.0, decimals=0, month_count=None))
    if atom.period_named is not None:
        # "Monthly list price: $12,000" is $12,000 per month as well as the price as written
        out.append(_with_rate(atom, atom.period_named))
    if atom.million_count is not None:
        # "the population is 1.5m" may be 1.5 million: a reading, not what the symbol writes
        out.append(atom.evolve(number=atom.million_count, unit="", dim="", factor=1.0, calendar=False,
                               step=atom.step * (atom.million_count / atom.number if atom.number else 1.0),
                               ambiguous_digits=True, million_count=None))
    if atom.loss_named:
        # "a net loss of $45 million" is net income of -$45 million, as the judge may read it
        out.append(atom.evolve(number=-atom.number, ambiguous_digits=True, loss_named=False))
    if atom.over_period is not None:
        # "<1 g of protein in 24 hours" may be the rate "< 1 g/day", or one period's total
        rate, hours = atom.over_period
        out.append(atom.evolve(dim=atom.dim + "/time", unit=f"{atom.unit}/{rate}", factor=atom.factor / hours,
                               per_hours=hours, ambiguous_digits=True, over_period=None))
    if atom.kind == "fraction" and atom.num is not None and atom.den is not None and not atom.share:
        out.append(atom.evolve(kind="value", number=float(atom.num), dim="", unit="", step=1.0))
        out.append(atom.evolve(kind="value", number=float(atom.den), dim="", unit="", step=1.0))
    if atom.kind == "range" and atom.high is not None:
        # each end is a value of its own, but a point claim equal to it is only plausible
        # ("5.1 months" is not the median of a CI that starts at 5.1): compare.relate
        out.append(atom.evolve(kind="value", high=None, range_end=True))
        out.append(atom.evolve(kind="value", number=atom.high, high=None, range_end=True))
    if atom.per_hours and atom.dim.endswith("/time"):
        # "200 mg/day" also states "200 mg" (a claim without the rate): a dose given per day or
        # longer is named by its amount. An hourly or per-minute rate ("2 mg/h", "60 mL/min") or
        # a price per period ("$150,000 per year") is not the amount: without the rate it is
        # only a reading (plausible), the judge's to take
        amount = _amount_of_rate(atom)
        amount_only = atom.per_hours < 24 or amount.dim.startswith("currency") or _count_word_rate(atom.raw)
        out.append(amount.evolve(ambiguous_digits=atom.ambiguous_digits or amount_only))
        if _numbered_period().search(atom.raw.lower()):
            # "<1 g/24 h" writes 24 hours too: "under 1 g of protein in 24 hours" finds both
            hour = lexicon().unit_by_alias["hours"]
            out.append(atom.evolve(kind="value", number=atom.per_hours, high=None, unit=hour.canonical, dim=hour.dim,
                                   factor=hour.factor, calendar=hour.calendar, per_hours=None, qualifier=None,
                                   step=1.0, decimals=0, count_noun=None, stat=None, alternative=False))
    if declared and atom.is_bare and atom.kind in ("value", "range"):
        dim, unit, factor, calendar, certain, scale = declared
        base = atom.evolve(dim=dim, unit=unit, factor=factor, calendar=calendar, label=False,
                           ambiguous_digits=atom.ambiguous_digits or not certain)
        if scale != 1.0:
            base = base.evolve(number=atom.number * scale, high=None if atom.high is None else atom.high * scale,
                               step=atom.step * scale)
        out.append(base)
        if base.kind == "range":
            out.extend(_secondary(base, None))
    return out


@lru_cache(maxsize=1)
def _count_words_after_number() -> re.Pattern[str]:
    words = data_json("units.json")["rate_amount_as_count"]["words"]
    return re.compile(r"\d\s*(?:" + "|".join(map(re.escape, words)) + r")(?![a-z])")


def _count_word_rate(raw: str) -> bool:
    """Whether a rate's amount is written "12,500 units": the word counts things sold or made as
    often as it names an enzyme unit, and "12,500 units per month" is not 12,500 units in a year."""
    return _count_words_after_number().search(raw.lower()) is not None


def _amount_of_rate(atom: ValueAtom) -> ValueAtom:
    """A rate's amount without its period ("200 mg/day" → 200 mg, "3 doses/day" → 3)."""
    head_dim = atom.dim[: -len("/time")]
    return atom.evolve(dim="" if head_dim == "count" else head_dim, unit=atom.unit.rsplit("/", 1)[0],
                       factor=atom.factor * (atom.per_hours or 1.0), per_hours=None)


def _line_states(
    prepared: str, above: str | None = None, header_rows: frozenset[int] = frozenset(),
    value_units: dict[int, str] | None = None, heading: str | None = None, caption: str | None = None,
    note: str | None = None, joined: dict[int, str] | None = None,
) -> list[tuple[str, _Declared | None, int | None, _Cells]]:
    """Each prepared line with the unit a "Unit of Measure:" line declared for it (carried down
    to the next blank or header line), where that line's own declaration starts, and the cells
    of a table row (or a "Label (unit): value" line) whose header states a unit. ``above`` and
    ``header_rows``: see ``_header_cells``. ``value_units``: line index → the unit a JSON key
    beside that line's value names (``readers.read_json`` saw the two were siblings): certain,
    for that line alone. ``heading``: the heading above the text's first line; a unit it
    brackets is read like a label line's above the text (plausible). ``caption``: the line over
    the header row ``above``; ``note``: the line under the table the text ends in; ``joined``: the
    whole column headers of stacked header rows (``_header_cells``)."""
    lines = prepared.split("\n")
    cells = _header_cells(lines, above, header_rows, caption, note, joined)
    labelled = _labelled_unit(heading) if heading is not None and _UNIT_LABEL_LINE.match(heading) else None
    noted = _noted_unit(prepared)
    if _UNIT_WORD.search(prepared) is None and not value_units and labelled is None and noted is None \
            and (not _may_close_label(prepared) or _UNIT_LABEL_LINE.search(prepared) is None):
        # most windows declare no unit: nothing is ever declared, so no line needs a look
        return [(line, None, None, cells.get(i, ())) for i, line in enumerate(lines)]
    value_units = value_units or {}
    out = []
    declared = None
    # labelled: the unit a label line above names (plausible)
    for i, line in enumerate(lines):
        if labelled is not None and not _DIGIT.search(line):
            labelled = None  # a blank line, or the next digit-free line (another label or a heading), ends it
        if _UNIT_LABEL_LINE.match(line):
            labelled = _labelled_unit(line)
            out.append((line, declared, None, cells.get(i, ())))
            continue
        um = _UNIT_OF_MEASURE.search(line) or _JSON_UNIT.search(line)
        if um and um.re is _JSON_UNIT:
            declared = _declared_unit(um.group("phrase"), certain=False) or declared
        elif um:
            declared = _declared_unit(um.group("phrase"))
        elif declared is not None and (not line.strip() or (line.rstrip()[-1:] == ":" and _HEADER_LINE.match(line))):
            declared = None  # a blank or header line ends the declaration (the pattern ends in ':\s*$')
        if i in value_units:  # its own object's unit key: no unit carried from elsewhere competes
            phrase = value_units[i]
            reading = phrase.startswith(READING_ONLY)
            out.append((line, _declared_unit(phrase[len(READING_ONLY):] if reading else phrase, certain=not reading), None,
                        cells.get(i, ())))
            continue
        out.append((line, declared or labelled or noted, um.start("phrase") if um else None, cells.get(i, ())))
    return out


def _noted_unit(prepared: str) -> _Declared | None:
    """The unit a note in the window gives its bare numbers ("All figures in US$ billion.",
    "单位：亿元"), as a reading only (``_UNIT_NOTE``)."""
    m = _UNIT_NOTE.search(prepared) if _may_note_unit(prepared) else None
    if m is None:
        return None
    return _labelled_unit(f"({_note_phrase(m)})")


# what every _UNIT_NOTE match in ASCII text holds, lower-cased: its currency or its scale word (the
# Chinese note holds 单位, which no ASCII text does)
_NOTE_TOKENS = ("$", "usd", "eur", "gbp", "rmb", "cny", "chf", "thousand", "million", "billion")


def _may_note_unit(prepared: str) -> bool:
    """False only when ``_UNIT_NOTE`` certainly finds nothing in ``prepared``: a whole window's
    search costs ~10 µs, which most windows, holding no currency or scale word, need not pay.
    (Text that is not ASCII runs the search: a case-insensitive match may fold "K" onto "k".)"""
    if not prepared.isascii():
        return True
    low = prepared.lower()
    return any(token in low for token in _NOTE_TOKENS)


def _may_close_label(prepared: str) -> bool:
    """Whether ``prepared`` holds a closing bracket, which every ``_UNIT_LABEL_LINE`` match ends its label with."""
    return ")" in prepared or "）" in prepared or "]" in prepared


def _note_phrase(note: re.Match[str]) -> str:
    """The unit a ``_UNIT_NOTE`` match names: its currency phrase, its count's scale or its 单位."""
    return note.group("phrase") or note.group("count") or note.group("zh")


def _labelled_unit(line: str) -> _Declared | None:
    """The unit a label line names for the lines under it, as a reading only; none for a count
    and share label ('Adverse events, n (%)': its lines write counts; ``header_unit``)."""
    from citeproof.values.columns import header_unit

    if (unit := header_unit(line.strip().rstrip(":：").strip())) is None:
        return None
    return (unit.dim, unit.unit, unit.factor, unit.calendar, False, unit.number)


# (start, end, the header's unit) of each cell of a line whose header states a unit
_Cells = tuple[tuple[int, int, ValueAtom], ...]
_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?\s*$")
# "Daily dose (mg): 200", "Revenue ($B): 3.3", "营收（亿元）：95", "Median PFS, months: 11.2": a label
# stating its value's unit (in a last bracket, or after its last comma: columns.header_unit). A
# JSON value's line opens with the keys above its own ("results › arm A › median PFS (months): 8.2",
# readers.JSON_LABEL_SEP): its own key is the label, however long the path over it
_LABEL_UNIT = re.compile(
    r"^\s*(?:[^:：|\n›]{1,60}?\s›\s)*([^:：|\n]{1,60}?(?:[)）\]]|[,，]\s*[^\d,，:：|\n()（）\[\]]{1,24}?))\s*[:：]")
# what a line needs for either label pattern to match (a closing bracket, or a comma before the
# unit of a _LABEL_UNIT label): a line with none of these holds no label with a unit
_LABEL_CLOSE = re.compile(r"[)）\],，]")
# where a clause ends: a label's unit joined to its value by a word holds up to here
_CLAUSE_END = re.compile(r";|；|。|\.(?:\s|$)")


@lru_cache(maxsize=1)
def _label_unit_link() -> re.Pattern[str]:
    """'Median PFS (months) was 11.2': a bracketed-unit label, then a linking word
    (value_cues.json label_unit_link), at the start of a line."""
    words = data_json("value_cues.json")["label_unit_link"]["words"]
    alts = "|".join(re.escape(w) if not w.isascii() or not w.isalpha() else rf"{re.escape(w)}(?![a-z])"
                    for w in sorted(words, key=len, reverse=True))
    return re.compile(rf"^\s*([^:：|\n]{{1,60}}?[)）\]])\s*(?:{alts})\s*", re.I)


def _header_cells(
    lines: list[str], above: str | None = None, header_rows: frozenset[int] = frozenset(), caption: str | None = None,
    note: str | None = None, joined: dict[int, str] | None = None,
) -> dict[int, _Cells]:
    """The cells of each source line a header gives a unit: a Markdown table's rows under a
    header row ("| Region | Revenue ($B) |" over "| Europe | 3.3 |": 3.3 is $3.3B, as a reader
    reads it), and a line whose label brackets its unit ("Daily dose (mg): 200").

    A row's label may state the unit instead ("| Median PFS (months) | 11.2 | 7.4 |"): it holds
    for the row's cells whose column header states none. Under a count-and-share header
    ("Arm A, n (%)") only the bracketed number of a "24 (20.0)" cell is a percentage; the
    count keeps no unit. ``above``: the header row of the table the first line continues, when
    the text starts below it (a window citing rows without their header); ``header_rows``: the
    indices of header rows no Markdown rule marks (an HTML table's ``<th>`` rows); ``joined``: such a
    row's index → its columns' whole headers, where it stands under another whose cells span its
    columns ("Result (%)" over "Arm A | Placebo": "Measure | Result Arm A (%) | Result Placebo (%)").

    A unit stated for the whole table — in its corner cell ("| Revenue ($B) | 2023 | 2024 |",
    "<th>USD million</th>") or in a caption line over its header ("Table 2. Revenue by region (USD
    billion)", "All figures in USD billion."; ``caption`` when the header is above the text) — gives
    it to the cells no column header, unit cell or row label gives one: as a reading only
    (plausible), since a corner or caption may name the table's subject rather than every column's
    unit. A unit note on the line under the table ("All figures in USD million unless otherwise
    stated."; ``note`` when the text ends inside the table) states it too (``_unit_note_under``)."""
    from citeproof.values.columns import header_unit  # columns reads segment_support, which reads this module

    out: dict[int, _Cells] = {}
    header = _table_header(above) if above is not None else None
    table_unit = _table_unit(above, caption) if above is not None else None
    header_line = above
    rows: list[int] = []  # the current table's rows, to be read again if a unit note follows it
    in_html = False  # the header is an HTML table's <th> row
    ruled = -1  # the line of the latest Markdown table rule
    text_above = -3  # the latest line of text outside a table, a caption for a header within two lines below it
    for i, line in enumerate(lines):
        if in_html and header is not None and not line.strip():
            continue  # an HTML table in a Markdown file leaves its rows' other lines empty (readers)
        if i in header_rows or (
            "|" in line and i + 1 < len(lines) and _TABLE_RULE.match(lines[i + 1]) and not _TABLE_RULE.match(line)
        ):
            header = _table_header(joined.get(i, line) if joined else line)
            over = lines[text_above] if i - text_above <= 2 else caption if i == 0 else None
            table_unit = _table_unit(line, over)
            header = _caption_shares(header, over)
            header_line, rows = line, []
            in_html = i in header_rows
            continue
        if "---" in line and _TABLE_RULE.match(line):  # a rule holds three dashes: most lines skip the pattern
            ruled = i
        elif header is not None and i == ruled + 1 and "|" in line and not _DIGIT.search(line):
            # a second header row under the rule ("| | n | % | n | % |" under "| Outcome | Drug A | | Placebo | |"):
            # each column's unit is the lower row's where it names one
            header = [low if low[0] is not None or low[1] or low[2] else up
                      for up, low in zip(header + [(None, False, False)] * len(lines[i]), _table_header(line))]
            continue
        if header is not None and "|" in line and not _TABLE_RULE.match(line):
            if row := _row_cells(line, header, table_unit):
                out[i] = row
            rows.append(i)
            continue
        if header is not None and not _TABLE_RULE.match(line):
            if table_unit is None and header_line is not None:
                _unit_note_under(lines, i, header, header_line, rows, out)
            header = None  # the table ended
        if line.strip():
            text_above = i
        if "_" in line and (keyed := _key_unit(line)) is not None:
            out[i] = ((keyed[0], len(line), keyed[1]),)
            continue
        if _LABEL_CLOSE.search(line) is None:
            continue  # no label ends here: both patterns below would try their lazy label at every length
        if (m := _LABEL_UNIT.match(line)) and (unit := header_unit(m.group(1).strip())) is not None:
            out[i] = ((m.end(), len(line), unit),)
        elif (m := _label_unit_link().match(line)) and (unit := header_unit(m.group(1).strip())) is not None:
            end = _CLAUSE_END.search(line, m.end())
            out[i] = ((m.end(), end.start() if end else len(line), unit),)
    if header is not None and table_unit is None and header_line is not None and note is not None:
        _unit_note_under([note], 0, header, header_line, rows, out, source=lines)  # the window ends inside the table
    _text_table_shares(lines, out)
    _text_row_label_units(lines, out)
    return out


# a JSON value's line whose own key is one token with its unit at its end ("north_america › revenue_usd_bn: 2.41")
_KEY_LINE = re.compile(r"^\s*(?:[^:：|\n›]{1,60}?\s›\s)*(?P<key>[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9%]+)+)\s?:\s")


def _key_unit(line: str) -> tuple[int, ValueAtom] | None:
    """(where the value starts, the unit) a JSON key's last tokens name for its value ("revenue_usd_bn"
    → USD billion, "share_pct" → %; value_cues.json json_key_unit_suffixes), as a label's bracket
    does ("revenue (USD billion): 2.41"). Without it the true "$2.41 billion" failed on its own key."""
    from citeproof.values.columns import header_unit, percent_unit

    if (m := _KEY_LINE.match(line)) is None:
        return None
    cues = data_json("value_cues.json")["json_key_unit_suffixes"]
    tokens = m.group("key").lower().split("_")
    if tokens[-1] in cues["percent"]:
        return m.end(), percent_unit()
    if len(tokens) > 2 and tokens[-2] in cues["currency"] and tokens[-1] in cues["scale"] or \
            len(tokens) == 2 and tokens[0] in cues["currency"] and tokens[1] in cues["scale"]:
        unit = header_unit(f"({tokens[-2].upper()} {tokens[-1]})")
        return (m.end(), unit) if unit is not None else None
    return None


def _text_table_shares(lines: list[str], out: dict[int, _Cells]) -> None:
    """The bracketed shares of a plain-text table's "count (share)" cells under a count-and-share
    caption ("Table 2. Adverse events, n (%)" over "Neutropenia  12 (20.7)  30 (51.7)", as a PDF's
    text gives a table): percentages, as under a count-and-share column header or row label
    (``_row_cells``), read from the line over the table's first row or over its header line
    (``caption_lines``). Without it, "20.7% had neutropenia" failed on the very cell stating it."""
    from citeproof.sources.segment import caption_lines, text_table_row_cells
    from citeproof.values.columns import count_share_cell, count_share_header, percent_unit

    if "(" not in "".join(lines):
        return  # no bracketed share anywhere: the common case
    stripped = [line.strip() for line in lines]
    rows = text_table_row_cells(stripped)
    shared = False
    for i in sorted(rows):
        if i - 1 not in rows:  # a table's first row: its caption is over it
            shared = any(count_share_header(stripped[k].rstrip(".:：").strip()) for k in caption_lines(stripped, i))
        if not shared or i in out:
            continue
        lead = len(lines[i]) - len(lines[i].lstrip())
        cells = [(lead + a + m.start(1), lead + a + m.end(1), percent_unit())
                 for a, b in rows[i] if (m := count_share_cell(stripped[i][a:b])) is not None]
        if cells:
            out[i] = tuple(cells)


def _text_row_label_units(lines: list[str], out: dict[int, _Cells]) -> None:
    """The unit a plain-text table row's label states for its number cells ("Median PFS, months
    11.2 6.9", "ORR (%)  45.0  30.0", as a PDF's text gives a table), as a Markdown row label's
    does (``_row_cells``). Without it, "Median PFS in Arm A was 11.2 months" failed on the very
    cell stating it. A row whose cells a caption already reads (``_text_table_shares``) keeps them."""
    from citeproof.sources.segment import text_table_row_cells
    from citeproof.values.columns import header_unit

    if _LABEL_CLOSE.search("\n".join(lines)) is None:
        return  # header_unit reads a unit after a label's comma or in its closing bracket: no label here has one
    stripped = [line.strip() for line in lines]
    for i, spans in sorted(text_table_row_cells(stripped).items()):
        if i in out or (unit := header_unit(stripped[i][: spans[0][0]].strip())) is None:
            continue
        lead = len(lines[i]) - len(lines[i].lstrip())
        # the index reads the unit for a bare number in a cell only ("11.2", its interval "(9.6-13.0)"):
        # never for a mark, a bound or a count of a total ("—", "<1", "12/58"; ``_line_entries``)
        out[i] = tuple((lead + a, lead + b, unit) for a, b in spans)


def _unit_note_under(
    lines: list[str], end: int, header: _Header, header_line: str, rows: list[int], out: dict[int, _Cells],
    source: list[str] | None = None,
) -> None:
    """A unit note on the first line of text under a table (one blank line between at most: "All
    figures in USD million unless otherwise stated.") states the unit of its bare cells, as a note
    over it does: the table's ``rows`` (indices into ``source``, else ``lines``) are read again in
    it. Only the note form: a bracket closing a line under a table is a source, not a unit."""
    below = next((lines[k] for k in range(end, min(end + 2, len(lines))) if lines[k].strip()), None)
    if below is None or "|" in below or _UNIT_NOTE.search(below) is None:
        return
    unit = _table_unit(header_line, below)
    if unit is None:
        return
    text = source if source is not None else lines
    for r in rows:
        if row := _row_cells(text[r], header, unit):
            out[r] = row


# per column of a table: the unit its header states, whether it heads "count (share)" cells,
# and whether its cells write the row's unit ("| Value | Unit |")
_Header = list[tuple[ValueAtom | None, bool, bool]]


_BARE_CELL = re.compile(r"\s*[-+−]?\d[\d,]*(?:\.\d+)?\s*")
_CAPTION_UNIT_TAIL = re.compile(r"(?:^|\s)([^\s:：]{1,6}[ \t]*[:：][ \t]*[^:：\n()（）]{1,24}?)[ \t]*[.。]?[ \t]*$")
_ENDS_BRACKETED = re.compile(r"[)）\]]\s*[.:：]?\s*$")


def _table_unit(header_line: str, caption: str | None) -> ValueAtom | None:
    """The unit a table states for all its cells, as a reading: its corner cell's ("Revenue ($B)",
    "Region (USD billion)", a corner that is only a unit: "USD million"), else its caption's (a
    line over the header ending in a bracketed unit, "Table 2. Revenue by region (USD billion)",
    or a unit note, "All figures in USD billion."); None for a count-and-share corner ("n (%)")."""
    from citeproof.values.columns import count_share_header, header_unit

    cells = _cells_of(header_line)
    corner = cells[0][2].strip() if cells else ""
    unit = None
    if corner and not count_share_header(corner):
        unit = header_unit(corner)
        if unit is None and not _ENDS_BRACKETED.search(corner):
            # a corner that is only a unit names money, a scale or a share ("USD million", "%"); not a
            # time ("Week": the rows are weeks, not the cells)
            bare = header_unit(f"({corner})")
            unit = bare if bare is not None and (bare.dim.startswith("currency:") or bare.number != 1
                                                 or bare.dim == "percent") else None
    if unit is None and caption is not None and "|" not in caption:
        if _ENDS_BRACKETED.search(caption):
            unit = header_unit(caption.strip().rstrip(".:：").strip())
        # a note may be bracketed whole ("(in thousands)"): no unit in a last bracket, but a note
        if unit is None and (note := _UNIT_NOTE.search(caption)) is not None:
            unit = header_unit(f"({_note_phrase(note)})")
        # or end the caption unbracketed after its label word ("表3 收入 单位：万元"): read as bracketed
        # (header_unit takes the unit after the colon only when the word before it names a unit)
        if unit is None and (tail := _CAPTION_UNIT_TAIL.search(caption)) is not None:
            unit = header_unit(f"({tail.group(1)})")
    return unit.evolve(ambiguous_digits=True) if unit is not None else None


def _table_header(line: str) -> _Header:
    from citeproof.values.columns import count_share_header, header_unit

    return [(header_unit(text.strip()), count_share_header(text.strip()), _unit_column(text))
            if text.strip() else (None, False, False) for _, _, text in _cells_of(line)]


def _caption_shares(header: _Header, caption: str | None) -> _Header:
    """``header`` with each data column no header of its own gives a unit read as a count-and-share
    column when the table's caption names its cells so ("Table 2. Adverse events, n (%)"), as a
    row label naming them so heads its row's cells (``_row_cells``)."""
    from citeproof.values.columns import count_share_header

    if caption is None or "|" in caption or not count_share_header(caption.strip().rstrip(".:：").strip()):
        return header
    return [(unit, share or (k > 0 and unit is None), unit_col) for k, (unit, share, unit_col) in enumerate(header)]


def _unit_column(header: str) -> bool:
    return " ".join(header.lower().split()) in _unit_column_words()


def _unit_column_words() -> frozenset[str]:
    return word_set("value_cues.json", "unit_column")


def _unit_cell(cells: list[tuple[int, int, str]], header: _Header, k: int) -> ValueAtom | None:
    """The unit the cell after cell ``k`` names when its column is a unit column ("months")."""
    from citeproof.values.columns import header_unit

    if k + 1 >= min(len(cells), len(header)) or not header[k + 1][2] or not (text := cells[k + 1][2].strip()):
        return None
    return header_unit(f"({text})")


def _row_cells(line: str, header: _Header, table_unit: ValueAtom | None = None) -> _Cells:
    """(start, end, unit) of the cells of one table row whose number a header or the row's label
    gives a unit — or, failing both, the table's (``_table_unit``: a reading, for a row whose first
    cell is a label, not a number); for a "count (share)" cell, the span of its bracketed share only.
    A row label naming another unit than its cell's column header ("| Operating margin (%) | 24.1 |"
    under "FY2023 (USD million)") leaves the cell in either, each a reading only: the row may be
    the odd one of the table, or the column a change of the row's measure ("Change (%)")."""
    from citeproof.values.columns import (
        count_share_cell, count_share_header, header_unit, per_share_label, percent_unit,
    )

    cells = _cells_of(line)
    label = header_unit(cells[0][2].strip()) if cells and cells[0][2].strip() else None
    # a per-share row ("Diluted EPS") is never in the table's scale: "(in millions, except per share data)"
    per_share = bool(cells) and per_share_label(cells[0][2])
    # a row label naming a count with its share ("Neutropenia, n (%)") heads its cells as such a header does
    label_share = bool(cells) and count_share_header(cells[0][2].strip())
    if cells and _BARE_CELL.fullmatch(cells[0][2]):
        table_unit = None  # the first column holds numbers: it is data, not the rows' labels
    out = []
    for k, ((a, b, text), (unit, count_share, _)) in enumerate(zip(cells, header)):
        if count_share or label_share and k > 0 and unit is None:
            if (m := count_share_cell(text)) is not None:
                out.append((a + m.start(1), a + m.end(1), percent_unit()))
            continue
        if unit is None and k > 0:
            unit = _unit_cell(cells, header, k) or label or table_unit
        elif k > 0 and label is not None and unit is not None and _other_unit(label, unit):
            out.append((a, b, label.evolve(ambiguous_digits=True)))
            unit = unit.evolve(ambiguous_digits=True)
        if unit is not None and not (per_share and unit.number != 1):
            out.append((a, b, unit))
    return tuple(out)


def _other_unit(one: ValueAtom, other: ValueAtom) -> bool:
    """Whether two header units read a cell differently (another dimension, unit or scale)."""
    return (one.dim, one.unit, one.factor, one.number) != (other.dim, other.unit, other.factor, other.number)


def _in_header_unit(atom: ValueAtom, unit: ValueAtom) -> ValueAtom:
    from citeproof.values.columns import in_unit  # columns reads segment_support, which reads this module

    return in_unit(atom, unit)


def _cells_of(line: str) -> list[tuple[int, int, str]]:
    """(start, end, text) of each cell of a Markdown table row, its outer pipes left out. An
    escaped pipe ("Drug A \\| low") is text of its cell, not a bound: splitting there would put
    every later cell under the next column's header."""
    bounds = [k for k, c in enumerate(line) if c == "|" and (k == 0 or line[k - 1] != "\\")]
    if line.strip().startswith("|"):
        bounds = bounds[1:]
        start = line.index("|") + 1
    else:
        start = 0
    cells = []
    for end in [*bounds, len(line)]:
        cells.append((start, end, line[start:end]))
        start = end + 1
    if line.rstrip().endswith("|"):
        cells = cells[:-1]
    return cells


def _line_entries(
    line: str, declared: _Declared | None, phrase_start: int | None, cells: _Cells = ()
) -> list[tuple[ValueAtom, str]]:
    """The index entries one line contributes, in index order."""
    shown = line.strip()[:200]
    out: list[tuple[ValueAtom, str]] = []
    atoms = extract_atoms(line, mode="source", prepared=True)
    listed = _listed_in_unit_after(line, atoms)
    for k, (atom, value) in enumerate(zip(atoms, spread_values(atoms))):
        units: list[ValueAtom] = []
        if cells and atom.is_bare and atom.kind in ("value", "range"):
            # one unit a cell, or two where its row label and column header disagree (``_row_cells``)
            units = [u for a, b, u in cells if a <= atom.start and atom.end <= b]
        elif cells and atom.kind in ("value", "range"):
            scaled = _scaled_currency_cell(atom, [u for a, b, u in cells if a <= atom.start and atom.end <= b])
            out.extend((extra, shown) for extra in scaled)
        # a cell its header gives a unit is that unit's figure: read bare, it is a reading only (the
        # 45.0 under "%" is no count of 45 responders)
        out.append((atom if not units else atom.evolve(ambiguous_digits=True), shown))
        if k in listed:
            out.append((listed[k], shown))
        for unit in units:
            # the cell's number in its header's unit; only a reading in a unit the table states for
            # all its cells, or one of two the row and column state
            in_unit = _in_header_unit(atom, unit)
            out.append((in_unit.evolve(ambiguous_digits=True) if unit.ambiguous_digits else in_unit, shown))
        for extra in _secondary(atom, declared if phrase_start is None or atom.start > phrase_start else None):
            out.append((extra, shown))
        if value is not None:
            for extra in _spread_forms(atom, value):
                out.append((extra, shown))
    # "Of the 210 patients, 18 died" states the fraction 18/210 a claim writes "18 of 210"
    out.extend((fraction, shown) for fraction in counts_after_base(line, atoms))
    if (readings := locale_readings(line)) is not None:
        out.extend(_locale_entries(*readings, declared if phrase_start is None else None, shown))
    return out


# a currency figure written with a scale word or letter after its number ("$412.6 million", "$3B")
_SCALE_WRITTEN = re.compile(r"\d\s*[^\W\d_]")


def _scaled_currency_cell(atom: ValueAtom, units: Sequence[ValueAtom]) -> list[ValueAtom]:
    """A cell written with its currency but no scale ("$ 412.6") under a caption or header giving
    the table's scale ("(in millions)", "($ in millions)"): the cell in that scale too, as a bare
    cell is read (a reading where the unit is one). A filing writes "$" on a column's first and
    total rows only; read as written alone, the true "$412.6 million" failed on its own cell."""
    if not atom.dim.startswith("currency:") or _SCALE_WRITTEN.search(atom.raw):
        return []
    out = []
    for unit in units:
        if unit.number == 1 or unit.dim not in ("", atom.dim):
            continue  # no scale, or another currency's: the cell's own "$" is not that unit
        scale = unit.number
        out.append(atom.evolve(number=atom.number * scale, high=None if atom.high is None else atom.high * scale,
                               step=atom.step * scale, ambiguous_digits=atom.ambiguous_digits or unit.ambiguous_digits))
    return out


# what joins the items of a list of numbers written with one unit at its end ("12 and 24 months")
_LIST_JOIN = re.compile(r"\s?(?:,\s?(?:and\s|or\s)?|and\s|or\s|和|与|及|或|、)\s?")


def _listed_in_unit_after(line: str, atoms: Sequence[ValueAtom]) -> dict[int, ValueAtom]:
    """Each bare number listed before a number with a unit, read in that unit ("at 12 and 24
    months": 12 months; "10, 20 and 40 mg": 10 mg, 20 mg): only a reading (the bare number may
    count something else: "12 and 24 months of follow-up" may be 12 patients), so a claim meets it
    at most as plausible, and a true claim of "12 months" is judged rather than failed. A bare
    number set against the one with the unit ("11.2 vs 7.4 months") is firmly in it: a comparison
    sets like against like (``_compared_in_unit``)."""
    out: dict[int, ValueAtom] = {}
    unit_of: ValueAtom | None = None
    for k in range(len(atoms) - 1, -1, -1):
        atom = atoms[k]
        if atom.kind != "value" or atom.spread:
            unit_of = None
            continue
        if not atom.is_bare:
            unit_of = atom
            continue
        after = atoms[k + 1] if k + 1 < len(atoms) else None
        if unit_of is not None and after is not None and _LIST_JOIN.fullmatch(line, atom.end, after.start):
            out[k] = _in_unit_of(atom, unit_of, firm=False)
        elif unit_of is not None and after is unit_of and _compared_in_unit(line, atom, after):
            out[k] = _in_unit_of(atom, unit_of, firm=True)
        else:
            unit_of = None
    return out


def _in_unit_of(atom: ValueAtom, unit_of: ValueAtom, firm: bool) -> ValueAtom:
    return atom.evolve(unit=unit_of.unit, dim=unit_of.dim, factor=unit_of.factor, calendar=unit_of.calendar,
                       per_hours=unit_of.per_hours, ambiguous_digits=not firm)


def _compared_in_unit(line: str, atom: ValueAtom, after: ValueAtom) -> bool:
    """Whether ``atom`` is set against the number with a unit right after it by a comparison word
    alone ("11.2 vs 7.4 months", "11.2对比7.4个月"; value_cues.json shared_unit_comparison). Only
    the number written with the unit gives it: "11.2 vs 7.4 vs 5.0 months" reads only 7.4 so. A
    statistic named on one side only sets unlike things against each other ("HR 0.42 vs 7.4
    months" holds no 0.42 months)."""
    between = line[atom.end:after.start].strip().lower()
    return (between in _comparison_words() and len(line[atom.end:after.start]) - len(between) <= 2
            and atom.stat == after.stat)


def _comparison_words() -> frozenset[str]:
    return word_set("value_cues.json", "shared_unit_comparison")


def _locale_entries(
    text: str, where: list[tuple[int, int]], declared: _Declared | None, shown: str
) -> list[tuple[ValueAtom, str]]:
    """The atoms of a line's other locale reading ("45,2 %" as 45.2 %, "12.345" as 12345;
    ``locale_numbers``) that hold such a numeral: one reading of two, so at most plausible."""
    out: list[tuple[ValueAtom, str]] = []
    for atom in extract_atoms(text, mode="source", prepared=True):
        if any(atom.start < b and a < atom.end for a, b in where):
            atom = atom.evolve(ambiguous_digits=True)
            out.append((atom, shown))
            out.extend((extra, shown) for extra in _secondary(atom, declared))
    return out


def _spread_forms(spread: ValueAtom, value: ValueAtom) -> list[ValueAtom]:
    """A spread is in its value's unit whether or not the unit is written on it: "71 kg (SD 8)"
    states an SD of 8 kg and "71 ± 8 kg" an SD of 8, so each also stands for the other form —
    for a claim's spread only (``spread_form``): "a mean of 8 kg" is not the SD of 8 it matches."""
    if spread.is_bare and spread.kind in ("value", "range"):
        base = spread.evolve(dim=value.dim, unit=value.unit, factor=value.factor, calendar=value.calendar,
                             spread_form=True)
        return [base, *_secondary(base, None)]
    if spread.dim == value.dim and spread.unit == value.unit and spread.kind in ("value", "range"):
        bare = spread.evolve(dim="", unit="", factor=1.0, calendar=False, per_hours=None, spread_form=True)
        return [bare, *_secondary(bare, None)]
    return []


def build_index(text: str) -> TextIndex:
    """Index ``text`` (uncached: callers memoise it per window and run)."""
    index = TextIndex()
    for line, declared, phrase_start, cells in _line_states(prepare(text, keep_newlines=True)):
        for atom, shown in _line_entries(line, declared, phrase_start, cells):
            index.add(atom, shown)
    return index


@lru_cache(maxsize=4096)
def index_text(text: str) -> TextIndex:
    """Cached index of a window or segment text."""
    return build_index(text)


_index_text = build_index


def _candidates(claim: ValueAtom, index: TextIndex) -> list[tuple[ValueAtom, str]]:
    if claim.kind == "fraction":
        return index.get("fraction", "percent", "")
    if claim.dim == "percent":
        return index.get("percent", "fraction", "")
    if claim.is_bare:
        if claim.decimals > 0 and abs(claim.number) <= 1:
            return index.get("", "percent", "fraction")
        # "4.2 billion" may be the source's "USD 4.2 billion", and "125,000" its "125,000 units"
        # (items or the enzyme unit): judged, never equal (compare.relate)
        return index.get("", "enzyme_unit", *sorted(k for k in index.by_dim if k.startswith("currency:")))
    if claim.dim == "enzyme_unit":
        return index.get("enzyme_unit", "")
    if claim.dim.startswith("currency:"):
        # "$10" may be the source's "$10 per unit", a price of one item (compare._same_price)
        return index.get(claim.dim, "", f"{claim.dim}/enzyme_unit", *_sharing_a_symbol(claim.dim))
    if claim.kind == "range":
        return index.get(claim.dim, "", *_sharing_a_symbol(claim.dim))
    return index.get(claim.dim)


@lru_cache(maxsize=64)
def _sharing_a_symbol(dim: str) -> tuple[str, ...]:
    """The other currencies a symbol of this one's stands for too ("currency:JPY" → CNY, for ¥)."""
    code = dim.removeprefix("currency:")
    others = {c for group in lexicon().currency_shared.values() if code in group for c in group} - {code}
    return tuple(f"currency:{c}" for c in sorted(others))


def match_atom(claim: ValueAtom, index: TextIndex, *, negated: bool = False) -> tuple[NumberState, str | None]:
    """State of one claim atom against one indexed text, and the line that decided."""
    if claim.qualifier == "!=":
        # "≠45%" says what the value is not: against 45% it is contradicted, against 40% it holds —
        # a weighing of the line the judge makes, never a number Tier 1 supports or misses
        _, line = match_atom(claim.evolve(qualifier=None), index, negated=negated)
        return "plausible", line
    if claim.kind == "fraction" and claim.qualifier and claim.den:
        # "over 1/2 of patients" bounds a proportion: compare it as a percentage
        claim = claim.evolve(kind="value", dim="percent", unit="%", number=100.0 * (claim.num or 0) / claim.den,
                        step=1e-6, decimals=6)
    if claim.under_header is not None:
        return _match_under_header(claim, claim.under_header, index, negated=negated)
    if claim.month_count is not None:
        return _match_million_or_months(claim, claim.month_count, index, negated=negated)
    if claim.million_count is not None:
        return _match_metres_or_million(claim, claim.million_count, index, negated=negated)
    if claim.period_named is not None:
        return _match_rate_named_in_label(claim, claim.period_named, index, negated=negated)
    best: tuple[NumberState, str | None] = ("missing", None)
    for source, line in _candidates(claim, index):
        rel = relate(claim, source, negated=negated)
        if rel == "supported":
            return "supported", line
        if rel == "plausible" and best[0] == "missing":
            best = ("plausible", line)
    if best[0] == "missing" and claim.dim == "time":
        for source, line in index.get("time"):
            if calendar_plausible(claim, source):
                return "plausible", line
    if best[0] == "missing":
        # "101.3 °F" against "38.5 °C": the other scale's figure, converted (compare.relate)
        for dim in converted_dims(claim.dim):
            for source, line in index.get(dim):
                if relate(claim, source, negated=negated) == "plausible":
                    return "plausible", line
    if best[0] == "missing" and claim.frequency is not None:
        # "every 12 hours" against "twice daily" (or the reverse): the same frequency, a line writing
        # it in another of its group's forms states it (the amount it is said of: values.dose_frequency)
        if (line := _writes_frequency(index, claim.frequency)) is not None:
            return "supported", line
    if best[0] == "missing" and claim.per_hours == 24 and claim.dim.endswith("/time"):
        # "2.5 mg once daily" against a row "| 2.5 | once daily |" under "Dose (mg)": the amount, and
        # the line says how often — a reading the judge confirms, never a rate the line states
        state, line = match_atom(_amount_of_rate(claim), index, negated=negated)
        if state != "missing" and line is not None and _says_daily(line):
            return "plausible", line
    if best[0] == "missing" and claim.kind == "range" and claim.high is not None:
        lo = claim.evolve(kind="value", high=None, qualifier=None)
        hi = claim.evolve(kind="value", number=claim.high, high=None, qualifier=None)
        lo_state, lo_line = match_atom(lo, index, negated=negated)
        hi_state, _ = match_atom(hi, index, negated=negated)
        if lo_state != "missing" and hi_state != "missing":
            best = ("plausible", lo_line)
    if best[0] == "missing" and (other := other_normalisation(claim)) is not None:
        # "30 mL/min" against "30 mL/min/1.73 m²" (or the other way): one figure, the body-surface
        # normalisation written on one side only — the judge's, never missing and never equal
        for source, line in _candidates(other, index):
            if relate(other, source, negated=negated) is not None:
                return "plausible", line
    return best


def _writes_frequency(index: TextIndex, group: str) -> str | None:
    """The first line of ``index`` that writes the frequency ``group`` (a line with a figure: the
    index holds no other)."""
    from citeproof.values.agreement import frequency_groups  # agreement reads segment_support, which reads this module

    seen: set[str] = set()
    for entries in index.by_dim.values():
        for _, line in entries:
            if line not in seen:
                seen.add(line)
                if group in frequency_groups(line):
                    return line
    return None


def _says_daily(line: str) -> bool:
    """Whether a source line says "once daily", "per day", "qd", 每日 … (the agreement check's
    frequency groups, longest phrase first: "twice daily" is another group, another dose)."""
    from citeproof.values.agreement import frequency_groups  # agreement reads segment_support, which reads this module

    return "daily" in frequency_groups(line)


def _derived_stated(claim: ValueAtom, index: TextIndex, *, negated: bool) -> str | None:
    """The line where the source itself states the claim's derived number as a derived number
    ("a CAGR of 12.4%", "2.5-fold", "15 percentage points", 两倍): a figure the source reports,
    copied rather than worked out by the writer — no fabrication, so not missing. A plain value
    equal to it ("12.4%" grown in one year, "15%") is no such statement."""
    for source, line in _candidates(claim, index):
        if (source.derived or _stated_as_change(source, line)) and relate(claim, source, negated=negated) == "supported":
            return line
    return None


# a percentage the source states as a change against an earlier period ("Sales rose 30% year on
# year", "up 12% from 2022", "同比增长30%"): the same figure as a claim's "30% higher than in 2022" —
# the source's, not the writer's working. A change with no period to compare ("grew 12.4% in 2023")
# is no such statement (a CAGR is not one year's growth).
_CHANGE_BEFORE = re.compile(r"(?:同比|环比|较上年|较去年|较(?:19|20)\d{2}年?)\s*(?:增长|增加|提高|上升|下降|减少|降低)了?\s*$")
_CHANGE_AFTER = re.compile(
    r"\s*(?:year[- ]on[- ]year|year[- ]over[- ]year|yoy|y/y|from a year earlier|from the previous year|"
    r"from (?:19|20)\d{2}|over (?:19|20)\d{2}|compared with (?:19|20)\d{2}|versus (?:19|20)\d{2})",
    re.IGNORECASE,
)


def _stated_as_change(source: ValueAtom, line: str) -> bool:
    """Whether the source line states a percentage as a change against an earlier period (a
    comparison right after it, or 同比/较2022年 and a change verb right before it)."""
    if source.dim != "percent" or not source.raw:
        return False
    at = line.find(source.raw)
    while at >= 0:
        if _CHANGE_BEFORE.search(line[max(0, at - 16):at]) or _CHANGE_AFTER.match(line, at + len(source.raw)):
            return True
        at = line.find(source.raw, at + 1)
    return False


_RANK = {"supported": 2, "plausible": 1, "missing": 0}


def _match_under_header(
    claim: ValueAtom, in_unit: ValueAtom, index: TextIndex, *, negated: bool
) -> tuple[NumberState, str | None]:
    """A table cell's bare number under a unit header: supported only in the header's unit. The
    number as written is read too, because a source that is itself a table carries the unit in
    its own header and writes the bare number; but a bare "12" there may count something else
    ("12 stores" against "Revenue ($B)" over "12"), so it is at most plausible — unless that line
    states the header's unit in a bracket of its own ("Daily dose (mg): 200")."""
    as_unit = match_atom(in_unit, index, negated=negated)
    if as_unit[0] == "supported":
        return as_unit
    bare = claim.evolve(under_header=None)
    state, line = match_atom(bare, index, negated=negated)
    if state == "supported" and not (line is not None and _states_unit(line, claim, in_unit)):
        state = "plausible"
    if as_unit[0] == "missing" and line is not None and _cells_in_own_unit(bare, line, index, negated=negated):
        # the source's own header gives that cell its unit, and it is not the claim's ("16.9"
        # under "($B)" against the claim's "($M)" or "(€B)"): no other reading is left, a miss
        return as_unit
    return as_unit if _RANK[as_unit[0]] > _RANK[state] else (state, line)


def _cells_in_own_unit(bare: ValueAtom, line: str, index: TextIndex, *, negated: bool) -> bool:
    """Whether every bare number of ``line`` that ``bare`` meets is a table cell its own header
    reads firmly in a unit (an entry of the same place on the line, in a unit or scale that is
    no mere reading: ``_line_entries``)."""
    entries = [a for a, shown in _candidates(bare, index) if shown == line]
    met = [a for a in entries if a.is_bare and relate(bare, a, negated=negated) is not None]
    return bool(met) and all(
        any(b.start == a.start and b.end == a.end and not b.is_bare and not b.ambiguous_digits for b in entries)
        for a in met)


def _match_million_or_months(
    claim: ValueAtom, months: float, index: TextIndex, *, negated: bool
) -> tuple[NumberState, str | None]:
    """A claim's "trailing 12M revenue" may mean 12 million or 12 months: either found is a
    reading, not the claim's certain sense, so at most plausible."""
    month = lexicon().unit_by_alias["months"]
    readings = (claim.evolve(month_count=None),
                claim.evolve(number=months, unit=month.canonical, dim=month.dim, factor=month.factor,
                             calendar=month.calendar, step=1.0, decimals=0, month_count=None))
    state, line = max((match_atom(r, index, negated=negated) for r in readings), key=lambda found: _RANK[found[0]])
    return ("plausible", line) if state == "supported" else (state, line)


def _with_rate(atom: ValueAtom, period: tuple[str, float]) -> ValueAtom:
    """``atom`` as the rate its label's period word names (12,000 USD → 12,000 USD/month)."""
    rate, hours = period
    return atom.evolve(dim=atom.dim + "/time", unit=f"{atom.unit}/{rate}", factor=atom.factor / hours,
                       per_hours=hours, period_named=None)


def _match_rate_named_in_label(
    claim: ValueAtom, period: tuple[str, float], index: TextIndex, *, negated: bool
) -> tuple[NumberState, str | None]:
    """A claim's "the monthly cost is $12,000" is $12,000 per month; the bare $12,000 found
    instead may be priced over another period, so it is at most plausible."""
    as_rate = match_atom(_with_rate(claim, period), index, negated=negated)
    if as_rate[0] == "supported":
        return as_rate
    state, line = match_atom(claim.evolve(period_named=None), index, negated=negated)
    if state == "supported" and line is not None and names_period(line, period):
        return state, line  # "Daily dose (mg): 200": the line names the day, its header the unit
    if state == "missing" or as_rate[0] == "plausible":
        return as_rate if as_rate[0] != "missing" else (state, line)
    return "plausible", line


def _match_metres_or_million(
    claim: ValueAtom, millions: float, index: TextIndex, *, negated: bool
) -> tuple[NumberState, str | None]:
    """A claim's "1.5m" is the metre it writes when the source has that length; else it may
    mean 1.5 million ("the population is 1.5m"), a reading found at most plausibly."""
    as_written = match_atom(claim.evolve(million_count=None), index, negated=negated)
    if as_written[0] == "supported":
        return as_written
    scale = millions / claim.number if claim.number else 1.0
    state, line = match_atom(claim.evolve(number=millions, unit="", dim="", factor=1.0, calendar=False,
                                          step=claim.step * scale, million_count=None), index, negated=negated)
    if state == "missing":
        return as_written
    return "plausible", line


_BRACKETED = re.compile(r"[(（\[][^()（）\[\]]{1,24}[)）\]]")


def _states_unit(line: str, bare: ValueAtom, in_unit: ValueAtom) -> bool:
    """Whether ``line`` writes, in a bracket, the unit a header gave ``bare`` (``in_unit``)."""
    from citeproof.values.columns import header_unit  # columns reads claims through this module

    for m in _BRACKETED.finditer(line):
        unit = header_unit("x " + m.group())
        if unit is not None and (unit.dim, unit.unit) == (in_unit.dim, in_unit.unit):
            if math.isclose(unit.number * bare.number, in_unit.number, rel_tol=1e-9):
                return True
    return False


@lru_cache(maxsize=1024)
def prepared_claim(claim_text: str) -> str:
    """``prepare(claim_text)``, once per claim: CP104 reads its atoms and CP105 its words from it."""
    return prepare(claim_text)


def claim_atoms(claim_text: str) -> list[ValueAtom]:
    # extract_atoms(claim_text, mode="claim") prepares the text exactly so
    prepared = prepared_claim(claim_text)
    return _frequency_marked(prepared, extract_atoms(prepared, mode="claim", prepared=True))


def _frequency_marked(prepared: str, atoms: list[ValueAtom]) -> list[ValueAtom]:
    """The atoms, each inside a frequency phrase ("2 times daily", "every 12 hours") marked with its
    group: the "2" of "twice daily" counts doses, not a figure the source must write as "2", and
    "every 12 hours" is "twice daily" said another way (``match_atom``)."""
    low = prepared.lower()
    if len(low) != len(prepared) or not any(a.is_bare or a.dim == "time" for a in atoms):
        return atoms
    from citeproof.values.agreement import frequency_spans  # agreement reads segment_support, which reads this module

    spans = frequency_spans(low)
    if not spans:
        return atoms
    return [next((a.evolve(frequency=g) for g, s, e in spans if s <= a.start and a.end <= e), a) for a in atoms]


def assess_atoms(
    atoms: Sequence[ValueAtom],
    windows: Sequence[SourceWindow],
    kinds: Sequence[str] | None = None,
    *,
    negated: bool = False,
    index_of: Callable[[SourceWindow], TextIndex | WindowIndex] | None = None,
    models: ModelChecker | None = None,
    claim_text: str = "",
    memo: RunMemo | None = None,
) -> list[NumberAssessment]:
    """Assess already-extracted claim atoms (the rule caches them per claim).

    ``negated``: the claim carries a negation ("none of … exceeded 10%"); its bounds are then
    judged by Tier 2 whenever the window holds same-unit values. ``index_of`` gives a window's
    index (the rule memoises it per window and run); by default ``index_text`` of the window's
    ``window_value_text`` (its lines with their visual wraps rejoined).
    ``models`` checks cited model files (their inputs resolved through the run's store); without
    it no model input can be resolved, so no model supports a number. ``claim_text``: the claim
    the atoms are of, read for a rate per year a model must annualise (``model_check.says_annual``).
    ``memo``: the run's, where a cited file's written calculations are read once (``_wrong_result``);
    without it, once per call.
    """
    kinds = list(kinds) if kinds is not None else [""] * len(windows)
    from citeproof.sources.segment import window_value_text

    indexed = [(w, index_of(w) if index_of is not None else index_text(window_value_text(w)), k)
               for w, k in zip(windows, kinds)]
    models = models or _no_store_checker()
    memo = memo if memo is not None else RunMemo()
    from citeproof.values.model_check import says_annual  # model_check reads values through this module

    model_windows = [models.reads_as_model(kind, w) for w, _, kind in indexed]
    out: list[NumberAssessment] = []
    for atom in atoms:
        state: NumberState = "missing"
        matched = source_id = None
        why = None
        for (window, index, kind), model_window in zip(indexed, model_windows):
            if model_window or atom.derived and kind in PATH_KINDS and models.holds_formula(window):
                s, line, reason = models.assess(atom, window, negated=negated, annual=says_annual(claim_text, atom))
                why = why or reason
            elif atom.derived:
                stated = _derived_stated(atom, index.for_atom(atom), negated=negated)
                if stated is None:
                    why = "a derived number needs a cited model/evidence file holding its formula, inputs and units"
                    continue
                # supported only through a model file (SPEC §3.4); a source that states the same
                # derived figure makes the claim the judge's, not a fabrication
                s, line = "plausible", stated
                why = "a derived number the source states as such; without a model file it is judged, never supported"
            else:
                s, line = match_atom(atom, index.for_atom(atom), negated=negated)
            if s != "missing" and not model_window and (wrong := _wrong_result(atom, window, memo)) is not None:
                # the figure is the result of a calculation the file writes out and gets wrong:
                # evidence against it, as a model file's wrong result is (CP104)
                s, why = "missing", wrong
            if s == "supported":
                state, matched, source_id = s, line, window.document.source_id
                break
            if s == "plausible" and state == "missing":
                state, matched, source_id = s, line, window.document.source_id
        if state == "missing" and (denial := _zero_stated_by_negation(atom, windows)) is not None:
            state, matched, source_id = "plausible", denial.text, denial.source_id
            why = "the claim's zero is a word ('none'); the source says it with a negation, not a count"
        elif state == "missing" and (glued := _name_written_glued(atom, windows)) is not None:
            state, matched, source_id = "supported", glued.text, glued.source_id
        elif state == "missing" and (article := _one_said_with_article(atom, windows)) is not None:
            state, matched, source_id = "plausible", article.text, article.source_id
            why = (f"the claim's 'one {atom.one_noun}' may be the source's '{article.article} … {atom.one_noun}': "
                   "the judge reads whether it counts")
        elif state == "missing" and atom.counts_set is not None and _set_count_unwritten(atom, windows):
            state = "plausible"
            why = (f"the claim's '{atom.raw}' counts the members of a set ('the two cohorts', '3 different drugs'), "
                   "which a source shows by listing them, not by writing the count: the judge counts them")
        elif state == "missing" and _zero_counting_nothing(atom):
            state = "plausible"
            why = (f"the claim's '{atom.raw}' counts no noun a source counts ('None of the cohorts …'): it says "
                   "that no part of the place has a property, which a source states by leaving it out, not as a count")
        out.append(NumberAssessment(raw=atom.raw, normalised=atom.describe(), state=state, matched=matched,
                                    source_id=source_id, atom=atom, why=None if state == "supported" else why))
    return out


def _wrong_result(atom: ValueAtom, window: SourceWindow, memo: RunMemo) -> str | None:
    """Why ``atom`` is no figure of ``window``'s file: it equals the stated result of a
    calculation the file writes out ("12,000 × $30,000 = $3.6 billion") that its operands do not
    give (``written_calc``), wherever in the file — a sentence restating the result carries the
    same wrong figure. None when it is no such result."""
    from citeproof.values.written_calc import document_calculations  # it reads numbers with this module

    document = window.document
    for wrong in document_calculations(document, memo):
        result = index_text(wrong.result)
        # "$3.6 billion a year" restates the result "$3.6 billion": a result seldom writes the period
        amount = _amount_of_rate(atom) if atom.per_hours and atom.dim.endswith("/time") else atom
        if match_atom(atom, result)[0] != "missing" or match_atom(amount, result)[0] != "missing":
            return (f"{document.path} line {wrong.line} calculates it ('{wrong.written[:120]}'), but the "
                    f"operands give {wrong.gives}, not {wrong.result}: a figure from a wrong calculation is not supported")
    return None


def _zero_words(key: str) -> frozenset[str]:
    """A list of number_words.json: ``denied_zero`` or ``quantifier_zero``."""
    return word_set("number_words.json", key)


@dataclass(frozen=True, slots=True)
class _LineStating:
    """A line of a cited window that states a claim's number in another form (``article``: the
    article it writes for the claim's "one", if that is the form)."""

    text: str
    source_id: str
    article: str = ""


def _first_line(windows: Sequence[SourceWindow], found: Callable[[str], str | None]) -> _LineStating | None:
    """The first line of the windows for which ``found`` gives a string (the article, or "" when
    there is none to tell), with the source it stands in."""
    for window in windows:
        for line in window.text.split("\n"):
            if (article := found(line)) is not None:
                return _LineStating(line.strip(), window.document.source_id, article)
    return None


def _zero_stated_by_negation(atom: ValueAtom, windows: Sequence[SourceWindow]) -> _LineStating | None:
    """A line of the windows that negates, for a zero the claim writes as a word ("None of the
    patients had grade 4 neutropenia" where the source says "No patients had …" or "… was not
    observed"): a zero said that way is seldom written as a count, so it is the judge's to read,
    not a fabricated figure. A zero written as a digit, or a window that negates nowhere, stays missing."""
    if atom.number != 0 or atom.derived or atom.raw.lower() not in _zero_words("denied_zero"):
        return None
    from citeproof.values.segment_support import polarity

    return _first_line(windows, lambda line: "" if line.strip() and polarity(line)[0] else None)


def _name_written_glued(atom: ValueAtom, windows: Sequence[SourceWindow]) -> _LineStating | None:
    """A line of the windows writing the claim's "IL 6" / "CD 20" as the one name "IL-6" / "CD20":
    the number is the name's tail, which the source's index never reads as a number. Only the
    same word glued to the same digits counts: "IL 8" is not found in "IL-6", nor "Arm 2" in "Arm-3"."""
    if atom.name_word is None:
        return None
    digits = f"{atom.number:.0f}"
    glued = re.compile(rf"(?<![A-Za-z0-9]){re.escape(atom.name_word)}-?{digits}(?![0-9])", re.IGNORECASE)
    return _first_line(windows, lambda line: "" if glued.search(line) else None)


def _one_said_with_article(atom: ValueAtom, windows: Sequence[SourceWindow]) -> _LineStating | None:
    """A line of the windows writing the claim's "one study" with an article ("a study", "a
    randomised trial" for "one randomised trial"; ``number_words.json`` ``one_as_article``): in
    a review "one study found" is often "a study found", so the "one" is the judge's to read,
    not a fabricated count. Only the same word counts, at most three words after the article."""
    if atom.one_noun is None:
        return None
    articles = "|".join(re.escape(a) for a in data_json("number_words.json")["one_as_article"]["articles"])
    said = re.compile(rf"(?<![A-Za-z])({articles})\s+(?:[A-Za-z-]+\s+){{0,3}}?{re.escape(atom.one_noun)}(?![A-Za-z])", re.IGNORECASE)
    return _first_line(windows, lambda line: m.group(1).lower() if (m := said.search(line)) else None)


def _set_count_unwritten(atom: ValueAtom, windows: Sequence[SourceWindow]) -> bool:
    """Whether no window writes the claim's set count as a count: its number (in digits or in
    words) right before the word the claim writes after it. "Less than 3 different treatments"
    writes the claim's "More than 3 different treatments", and the conflict stays a conflict;
    "every 2 weeks" is no count of "the two cohorts"."""
    words = [w for w, v in lexicon().number_words.items() if v == atom.number]
    forms = "|".join([re.escape(f"{atom.number:g}"), *map(re.escape, words)])
    if atom.counts_set and not atom.counts_set.isascii():
        # any count of that measure word ("两家", "3 家"): a source that counts the set holds the
        # claim's count to its own, so "三家" against "两家" stays missing
        written = re.compile(rf"(?:\d+|[一二两三四五六七八九十])\s*{re.escape(atom.counts_set)}")
        return not any(written.search(window.text) for window in windows)
    written = re.compile(rf"(?<![\w.])(?:{forms})\s+{re.escape(atom.counts_set or '')}", re.IGNORECASE)
    return not any(written.search(window.text) for window in windows)


def _zero_counting_nothing(atom: ValueAtom) -> bool:
    """A zero written as a quantifier word (``quantifier_zero``: "none") that counts no count noun
    ("None of the cohorts receive tablets", "none of the criteria mention exercise"): it says
    no part of the place has a property, which the source shows by omission — the judge's to
    read. "None of the patients" counts what a source counts, and "zero serious events" is a
    count however it is written: a count the window lacks stays missing."""
    return atom.number == 0 and not atom.derived and atom.count_noun is None and atom.raw.lower() in _zero_words("quantifier_zero")


def _no_store_checker() -> ModelChecker:
    """For callers without a store (tests, one-off checks): no model input resolves."""
    from citeproof.values.model_check import ModelChecker

    return ModelChecker(None, _default_settings())


@lru_cache(maxsize=1)
def _default_settings() -> Settings:
    return Settings()


def assess_numbers(
    claim_text: str, windows: Sequence[SourceWindow], kinds: Sequence[str] | None = None,
    *, models: ModelChecker | None = None,
) -> list[NumberAssessment]:
    """Every numeric fact of ``claim_text`` with its state against ``windows``.

    ``kinds`` gives each window's anchor kind (same order); derived numbers (fold changes,
    percentage points, differences, CAGRs) can only be supported by a checked model file
    (``model_check``): a model-kind window, or a ``settings.PATH_KINDS`` window whose file
    holds a formula.
    """
    atoms = claim_atoms(claim_text)
    return assess_atoms(atoms, windows, kinds, negated=claim_negated(claim_text, atoms), models=models,
                        claim_text=claim_text)


def claim_negated(claim_text: str, atoms: Sequence[ValueAtom]) -> bool:
    """A negation cue, or a zero count ("0 adverse events … more than 1%"), turns bounds around."""
    from citeproof.values.segment_support import polarity

    if polarity(claim_text)[0]:
        return True
    return any(a.is_bare and a.kind == "value" and a.number == 0 and a.qualifier is None for a in atoms)


def text_supports_all(atoms: Sequence[ValueAtom], text: str) -> bool:
    """True when ``text`` (one source segment) supports every atom — none merely plausible."""
    if not atoms:
        return True
    return index_supports_all(atoms, index_text(text))


def index_supports_all(atoms: Sequence[ValueAtom], index: TextIndex) -> bool:
    """``text_supports_all`` against an already-built index."""
    return all(not a.derived and match_atom(a, index)[0] == "supported" for a in atoms)
