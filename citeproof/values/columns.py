"""A table row's numbers read under their column headers (``Claim.columns``).

A row's claim text is its cells, "Objective response rate | 40% | 25%"; a reader also reads the
header over each cell, and "Arm B" over "40%" says what "Arm B 40%" says in a sentence. The row
keeps its text (claim ids, messages and the report show the row as written) and Tier 1 reads
the headers from ``Claim.columns``:

* ``read_columns``: a header that names a subject (Arm B, A组, placebo, week 12,
  2023, a drug) binds its cell's numbers to that subject, and the cited line must not give
  that subject another number of the same kind — the sentence rule of
  ``citeproof.values.binding``, with the header in place of the words before the number. A unit
  header naming no subject word or name names its group in its own words ("Maintenance therapy
  (%)", "Grade 3 (%)": ``text_subject``), which count where the line uses them and states as
  many values as the row: the line is then the row said as a sentence. The side of its subject
  the line writes each value on decides, else the subject's own clause (``citeproof.values.pairing``:
  "49%; grade 3 … in 10%"). Where the row has two or more such columns, words or a number of
  a header the line does not write ("Combination" over "45% with chemotherapy", "24 months" over
  "28% at 12 months") are a claim the line does not make: the row is the judge's. Only words that
  restrict nothing ("Any grade": ``header_unrestricted``) may go unwritten, where the line names no
  other group (no "grade 4" beside the headers' "grade 3"); they, and header words the line writes
  in another form ("ORR" for "objective response rate"), leave the row to the order check;
* ``column_atoms``: a header ending in a unit ("Dose (mg)", "ORR (%)", "中位PFS（个月）") states
  the unit of its cell's bare numbers, so "200" under "Dose (mg)" is matched as 200 mg (a bare "200"
  in the source only plausibly: it may count something else, unless the source line brackets the
  unit itself, ``citeproof.values.assess``).

Only label-like names count as header subjects: capitalisation does not ("Objective Response
Rate", "Experimental Arm" are title case, not names). A header subject the line does not name
leaves the row to the judge where the pairing is open: the line gives more than one value of the
cell's kind (a source table row "| ORR | 45% | 30% |" under its own "Arm A | Arm B" header: the
line alone never says which value is Arm A's). It never fails a row: CP105 only decides whether a
line carries it.
"""

from __future__ import annotations

import math
import re
import sys
from collections.abc import Iterable, Sequence
from dataclasses import replace
from functools import lru_cache

from citeproof.model import TableColumn
from citeproof.values import pairing
from citeproof.values.assess import claim_atoms, prepared_claim
from citeproof.values.atoms import ValueAtom
from citeproof.values.binding import labels_in, names_in, subjects_of
from citeproof.values.compare import relate
from citeproof.values.extract import extract_atoms, prepare
from citeproof.values.lexicon import data_json, lexicon, word_set
from citeproof.values.segment_support import cue_document, words_unsaid

# the header's last parenthesised or bracketed group ("Dose (mg)", "中位PFS（个月）"), else what
# follows its last comma ("Age, years")
# (a bracket up to 40 characters: a filing's "(in millions, except per share data)", "(in millions of
# U.S. dollars)" name their scale in one)
_UNIT_GROUP = re.compile(r"(?:[(（\[]\s*([^()（）\[\]]{1,40}?)\s*[)）\]]|[,，]\s*([^,，()（）\[\]]{1,24}?))\s*$")
# "n (%)", "No. of patients (%)", "例数（%）": the unit is the bracketed share's, not the count's
_COUNT_LABEL = re.compile(r"(?:^|[^a-z])(?:n|no\.?|n/n|number|count)(?:\s+of\s+[a-z ]+)?\s*$|(?:例数|人数|例)\s*$", re.I)


@lru_cache(maxsize=1024)
def header_unit(header: str) -> ValueAtom | None:
    """The unit a column header states for its cells' bare numbers, as the atom of one of it
    ('Dose (mg)' → 1 mg; 'Revenue ($B)' → $1B, 'Sales (亿元)' → 1亿元, '(millions)' → 1e6,
    'ORR, % (95% CI)' → 1%: the bracket names the cells' spread); None when it states none, or
    states it for a count ('n (%)')."""
    header = _without_stat_part(without_spread_bracket(header))
    if header.strip() in ("%", "％"):
        header = "(%)"  # a column headed by the sign alone ("n | %" under an arm) writes percentages
    m = _UNIT_GROUP.search(header)
    if m is None or _COUNT_LABEL.search(header[: m.start()].strip()):
        return None
    group = _without_unit_label((m.group(1) or m.group(2)).strip())
    group = _header_unit_words().get(group.lower(), group)
    group = _currency_scale_form(group)
    for probe in _probes(group):
        if (unit := _one_unit(probe)) is not None:
            return unit
    if m.group(1) and (head := _UNIT_THEN_QUALIFIER.match(group)):
        # "Starting dose (mg, twice daily)": the unit, then what it is given as — the cells are mg
        return next((unit for probe in _probes(head.group(1)) if (unit := _one_unit(probe)) is not None), None)
    return None


# "$ in thousands", "Dollars in millions"; "thousands of dollars", "millions of U.S. dollars"
_CURRENCY_IN_SCALE = re.compile(r"(?P<cur>[^\d]{1,20}?)\s+in\s+(?P<scale>(?:thousand|million|billion|trillion)s?)", re.I)
_SCALE_OF_CURRENCY = re.compile(r"(?P<scale>(?:thousand|million|billion|trillion)s?)\s+of\s+(?P<cur>[^\d]{1,20}?)", re.I)


def _currency_scale_form(group: str) -> str:
    """A bracket naming its currency in words around its scale read in the short form ("$ in
    thousands", "thousands of dollars" → "$ thousands"; "millions of U.S. dollars" → "USD
    millions"), as a filing's caption writes it; ``group`` itself when it is not such a form or
    the word is no currency (value_cues.json header_currency_words)."""
    m = _CURRENCY_IN_SCALE.fullmatch(group.strip()) or _SCALE_OF_CURRENCY.fullmatch(group.strip())
    if m is None:
        return group
    code = _header_currency_words().get(" ".join(m.group("cur").lower().split()))
    return f"{code} {m.group('scale')}" if code is not None else group


@lru_cache(maxsize=1)
def _header_currency_words() -> dict[str, str]:
    return dict(data_json("value_cues.json")["header_currency_words"]["words"])


@lru_cache(maxsize=1)
def _per_share_words() -> re.Pattern[str]:
    words = sorted(word_set("value_cues.json", "per_share_labels"), key=len, reverse=True)
    return re.compile(r"(?<![a-z])(?:" + "|".join(map(re.escape, words)) + r")(?![a-z])", re.I)


def per_share_label(label: str) -> bool:
    """Whether a row label names a per-share figure ("Diluted earnings per share", "EPS"): no
    scale a caption or a column header states ("(in millions)") is that row's unit."""
    return _per_share_words().search(label) is not None


# a bracket's unit and, after a comma, a qualifier of the values in it ("(mg, twice daily)")
_UNIT_THEN_QUALIFIER = re.compile(r"([^,，]+?)\s*[,，]\s*\S")


_UNIT_LABEL = re.compile(r"^([^:：]{1,6}?)\s*[:：]\s*(\S.*)$")


def _without_unit_label(group: str) -> str:
    """A bracket's unit without the word and colon naming it one ("单位：万元" → "万元"): a caption
    writes "表3 收入（单位：万元）" for "表3 收入（万元）"."""
    m = _UNIT_LABEL.match(group)
    if m is None or m.group(1).strip().lower() not in _unit_label_words():
        return _without_unit_opener(group)
    return m.group(2).strip()


def _without_unit_opener(group: str) -> str:
    """A bracket's unit without the words opening it ("in thousands" → "thousands", "in $
    millions" → "$ millions"): an English caption writes "(in thousands)" for "(thousands)", and
    read whole its table's cells had no unit, the true "$35.6 million" failing on "35,600"."""
    low = group.lower()
    for opener in sorted(_unit_opener_words(), key=len, reverse=True):
        if low.startswith(opener + " "):
            return group[len(opener) + 1:].strip()
    return group


def _unit_opener_words() -> frozenset[str]:
    return word_set("value_cues.json", "header_unit_openers")


def _unit_label_words() -> frozenset[str]:
    return word_set("value_cues.json", "header_unit_labels")


_LAST_BRACKET = re.compile(r"[(（\[]\s*([^()（）\[\]]{1,32}?)\s*[)）\]]\s*$")


def without_spread_bracket(header: str) -> str:
    """``header`` without a last bracket that names the spread its cells write beside each value
    ("ORR, % (95% CI)" → "ORR, %"; "Median OS, months (range)"): the unit stands before it."""
    m = _LAST_BRACKET.search(header)
    if m is None or " ".join(m.group(1).lower().split()) not in _spread_words():
        return header
    return header[: m.start()].rstrip()


_LAST_COMMA_PART = re.compile(r"[,，]\s*([^,，()（）\[\]]{1,24}?)\s*$")


def _without_stat_part(header: str) -> str:
    """``header`` without a last comma-part naming its values' statistic ("Age (years), median"
    → "Age (years)"): the unit stands before it."""
    m = _LAST_COMMA_PART.search(header)
    if m is None or " ".join(m.group(1).lower().split()) not in _stat_words():
        return header
    return header[: m.start()].rstrip()


def _stat_words() -> frozenset[str]:
    return word_set("value_cues.json", "header_stat")


def _spread_words() -> frozenset[str]:
    return word_set("value_cues.json", "header_spread")


@lru_cache(maxsize=1)
def _header_unit_words() -> dict[str, str]:
    return dict(data_json("value_cues.json")["header_unit_words"]["words"])


# a count cell with its share in brackets: "2 (3.57)", "3/133 (2.26)", "3（2.26）"
_COUNT_SHARE_CELL = re.compile(r"^\s*\d+(?:\s*/\s*\d+)?\s*[(（]\s*(\d+(?:\.\d+)?)\s*%?\s*[)）]\s*$")


def count_share_cell(cell: str) -> re.Match[str] | None:
    """A "count (share)" cell's match; its group 1 is the bracketed share."""
    return _COUNT_SHARE_CELL.match(cell)


@lru_cache(maxsize=1024)
def count_share_header(header: str) -> bool:
    """The header names a count with its share in brackets ("Placebo, n (%)", "n/N (%)",
    "例数（%）"): its cells write "count (share)", and the share is a percentage."""
    m = _UNIT_GROUP.search(header)
    return m is not None and (m.group(1) or "").strip() == "%" and bool(_COUNT_LABEL.search(header[: m.start()].strip()))


def _count_share_cell(
    columns: Sequence[TableColumn],
) -> tuple[list[tuple[ValueAtom | None, list[ValueAtom]]], set[int]]:
    """Each "count (share)" cell under a count-and-share header as two cells: the bracketed
    share under a percent header, the count under none (so a number written as both stays as
    written); and the ids of the columns so split (every other cell is read as it stands)."""
    out: list[tuple[ValueAtom | None, list[ValueAtom]]] = []
    split: set[int] = set()
    for column in columns:
        if not (column.header and column.cell and count_share_header(column.header)):
            continue
        if (m := _COUNT_SHARE_CELL.match(column.cell)) is None:
            continue
        atoms = claim_atoms(column.cell)
        share = [a for a in atoms if a.raw == m.group(1) and a.is_bare and a.kind == "value"]
        if len(share) == 1:  # "2 (2)": count and share written alike, which is which is open
            out += [(percent_unit(), share), (None, [a for a in atoms if a is not share[0]])]
            split.add(id(column))
    return out, split


@lru_cache(maxsize=1)
def percent_unit() -> ValueAtom:
    unit = _one_unit("1 %")
    assert unit is not None and unit.dim == "percent"
    return unit


def _probes(group: str) -> list[str]:
    """"1 mg"; and for a currency written before its scale ("$B", "US$ m", "€ million") the
    amount as a report writes it: "$1B", "US$1 m", "€1 million"."""
    probes = [f"1 {group}"]
    prefix = next((c for c in sorted(lexicon().currency_prefix, key=len, reverse=True) if group.startswith(c)), None)
    if prefix is not None:
        probes += [f"{prefix}1{group[len(prefix):]}", f"{prefix} 1{group[len(prefix):]}"]  # "USD bn" → "USD 1 bn"
    return probes


def _one_unit(probe: str) -> ValueAtom | None:
    """The probe's one atom when the whole probe is one unit, or one scale of a currency or of
    a bare count ("亿元", "millions"); a count noun ("patients"), "mg/m2" read as "mg", or
    "95% CI" is none."""
    atoms = claim_atoms(probe)
    if len(atoms) != 1:
        return None
    unit = atoms[0]
    whole = unit.start == 0 and unit.end == len(prepared_claim(probe))
    if not whole or unit.kind != "value" or unit.count_noun or unit.stat:
        return None
    if unit.number == 1:
        return None if unit.is_bare else unit
    scaled = unit.is_bare or unit.dim.startswith("currency:")
    return unit if scaled and unit.number > 1 and math.log10(unit.number).is_integer() else None


def row_unit(columns: Sequence[TableColumn]) -> ValueAtom | None:
    """The unit a row label states for the row ("Median PFS (months)", "Age, years"), if any."""
    return header_unit(columns[0].cell) if columns and columns[0].cell else None


def column_atoms(
    columns: Sequence[TableColumn], atoms: Sequence[ValueAtom], label: ValueAtom | None = None
) -> list[ValueAtom]:
    """``atoms`` (of the row's text) with each bare number that sits only in cells under one
    unit header also read in that unit (``ValueAtom.under_header``).

    A number is placed by value and spelling, not by offset: the row's text joins its non-empty
    cells once, while a cell spanning two columns stands in both. A number found in cells under
    different units, or under no unit, is left as written; so is a cell that writes a unit of
    its own for any of its numbers ("200 mg/m2" under "Dose (mg)"). ``label``, the unit the
    row's label states (:func:`row_unit`), stands for the cells whose column header states none."""
    units = [header_unit(c.header) if c.header and c.cell else None for c in columns]
    if label is not None:
        units = [u if u is not None or not c.cell else label for u, c in zip(units, columns)]
    shares, split = _count_share_cell(columns)
    if not any(units) and not shares:
        return list(atoms)
    cells = [(unit, claim_atoms(c.cell)) for c, unit in zip(columns, units) if c.cell and id(c) not in split] + shares
    out = []
    for atom in atoms:
        unit = _unit_over(atom, cells) if atom.is_bare and atom.kind != "fraction" and not atom.count_noun else None
        out.append(replace(atom, under_header=in_unit(atom, unit)) if unit is not None else atom)
    return out


def _unit_over(atom: ValueAtom, cells: Sequence[tuple[ValueAtom | None, list[ValueAtom]]]) -> ValueAtom | None:
    """The one unit header over every cell that holds ``atom``, all of whose numbers are bare; else None."""
    under = [unit if _all_bare(in_cell) else None for unit, in_cell in cells if any(_same_number(atom, a) for a in in_cell)]
    keys = {(u.dim, u.unit, u.number) if u is not None else None for u in under}
    return under[0] if len(keys) == 1 and None not in keys else None


def _same_number(a: ValueAtom, b: ValueAtom) -> bool:
    return a.raw == b.raw and a.number == b.number and a.high == b.high


def _all_bare(atoms: Sequence[ValueAtom]) -> bool:
    return all(a.is_bare and not a.count_noun for a in atoms)


def in_unit(atom: ValueAtom, unit: ValueAtom) -> ValueAtom:
    """``atom`` read in the header's unit; a scale header ("$B": one is a billion) scales it."""
    scale = unit.number
    return replace(atom, number=atom.number * scale, high=None if atom.high is None else atom.high * scale,
                   step=atom.step * scale, dim=unit.dim, unit=unit.unit, factor=unit.factor,
                   calendar=unit.calendar, per_hours=unit.per_hours)


def header_subjects(header: str, extra: Iterable[str] = ()) -> list[str]:
    """The subjects a column header names: Arm A / Cohort 2 labels, X组 labels, subject words
    (placebo, women, 安慰剂), time points (week 12, 2023, 第12周) and ``extra`` (drug names)."""
    low = prepare(header).lower()
    names = names_in(header, low, {n.lower() for n in extra if n}, capitalised=False)
    return list(dict.fromkeys(n for n, _ in subjects_of(header, low, names)))


def text_subject(header: str) -> str | None:
    """What a unit header names in words besides its unit ("Maintenance therapy (%)" → "maintenance
    therapy", "Grade 3 (%)" → "grade 3", "Branded ($B)" → "branded"): the group, condition or
    measure its column holds, which no subject word or name says; None for a header with no unit
    or no words before it."""
    if header_unit(header) is None:
        return None
    bare = _without_stat_part(without_spread_bracket(header))
    m = _UNIT_GROUP.search(bare)
    if m is None:
        return None
    words = " ".join(prepare(bare[: m.start()]).lower().split()).strip(" ,;:-")
    return words if re.search(r"[^\W\d_]", words) else None


def read_columns(
    columns: Sequence[TableColumn], segment_text: str, extra_names: Iterable[str] = (), heading: str = ""
) -> tuple[str | None, bool]:
    """(why ``segment_text`` gives a column's subject other numbers than the row puts under it,
    or leaves open which of its values the column's subject has, else None; whether the line
    gives every number of the row to the subject of the column it sits under). When it does, the order of the row's cells says nothing: a table may order its
    columns as it likes ("Arm B | Arm A" over the source's "Arm A …, Arm B …"). A subject the
    line's ``heading`` names ("## Arm A results", "# FY2023 annual report") is the whole line's."""
    extra = list(extra_names)
    headed = [(c, header_subjects(c.header, extra)) for c in columns if c.header]
    # a unit header naming no subject word or name ("Maintenance therapy (%)", "Grade 3 (%)")
    # names its column's group in its own words: those words are its subject where the line uses them
    worded = {id(c) for c, subjects in headed if not subjects and text_subject(c.header)}
    headed = [(c, subjects or [text_subject(c.header)]) for c, subjects in headed if subjects or id(c) in worded]
    if not headed:
        return None, False
    found = extract_atoms(segment_text, mode="source")
    seg_low = prepare(segment_text, keep_newlines=True).lower()
    places = {s: [(at, at + len(s)) for at in _places(s, seg_low)] for _, subjects in headed for s in subjects}
    # where the row's header subjects stand in the line: its layout is read from all of them
    spans = sorted({span for found_at in places.values() for span in found_at})
    # a label's own number ("week 12", "2023") is not a value it labels
    found = [v for v in found if not any(v.start < b and a < v.end for a, b in spans)]
    label = row_unit(columns)
    headed_ids = {id(c) for c, _ in headed}
    # a number outside the subject columns (in the row label, or under "Total") is paired by nobody
    every = len(headed) >= 2 and not any(
        id(c) not in headed_ids and any(not a.derived for a in claim_atoms(c.cell)) for c in columns if c.cell
    )
    heading_low = prepare(heading).lower() if heading else ""
    # the row's valued subject columns: a line stating as many values of a kind is the row said
    # as a sentence, whose clauses pair its values one to one
    cells = sum(1 for c, _ in headed if any(not a.derived for a in claim_atoms(c.cell)))
    for column, subjects in headed:
        named = [s for s in subjects if places[s]]
        if not named and heading_low and any(_places(s, heading_low) for s in subjects):
            continue  # the source's heading says whose every value of the line is
        if not named and id(column) in worded:
            # a header's own words the line does not write ("24 months" over "28% at 12 months",
            # "Combination" over "45% with chemotherapy") are a claim the line does not make; only
            # words that restrict nothing ("Any grade" over the line's unqualified figure) may go
            # unwritten, where the line names no other group its value could be. A lone valued column
            # ("中位PFS（个月）" under the row's own measure) names no group: the row label says its words
            if cells < 2:
                unsaid = None
            elif subjects[0] in _unrestricted_words():
                unsaid = subjects[0] if _other_group(seg_low, headed, extra) else None
            else:
                unsaid = words_unsaid(subjects[0], segment_text)
            if unsaid is not None:
                return (f"the column '{column.header}' says '{subjects[0]}', which the source line does not write "
                        f"('{unsaid}')"), False
            # written in other forms ("ORR" over "objective response rate"): the other columns and
            # the order check pair the row
            every = False
            continue
        for value in (a for a in column_atoms((column,), claim_atoms(column.cell), label) if not a.derived):
            compared, same_kind = _same_kind(value, found)
            kinds = len({_key(v) for v in same_kind})
            if kinds < 2 or (id(column) in worded and kinds != cells):
                # nothing to confuse it with, and nothing that pairs it either; or the line is not
                # the row's sentence, and the header's words may head other rows' values there
                every = False
                continue
            if not named and not _row_label_binds(columns, headed_ids, extra, seg_low, found, compared):
                return (f"the column '{column.header}' names '{subjects[0]}', which the source line does not, "
                        f"and the line has more than one value {compared.raw} could be"), False
            paired = False
            for subject in named:
                theirs = _paired(places[subject], spans, same_kind)
                if theirs is None and kinds == cells:
                    theirs = _clause_paired(subject, segment_text, seg_low, places, extra, same_kind)
                if theirs is not None and relate(compared, theirs) != "supported":
                    return f"the row puts {value.raw} under '{column.header}'; the source gives '{subject}' {theirs.raw}", False
                paired = paired or theirs is not None
            every = every and paired
    return None, every


def _unrestricted_words() -> frozenset[str]:
    return word_set("value_cues.json", "header_unrestricted")


# a number in a header's words, with the bound before it ("grade ≥3", "week 24", "6 months")
_HEADER_NUMBER = re.compile(r"[≥>≤<]?\s*\d+(?:\.\d+)?")


def _other_group(
    seg_low: str, headed: Sequence[tuple[TableColumn, list[str]]], extra: list[str]
) -> bool:
    """Does the line name a group none of the row's headers name: a subject ("in women", "arm C")
    or a header's words with another number ("grade 4" beside the headers' "grade 3")? Then an
    unwritten header that restricts nothing ("Any grade") may be that group's value."""
    own = {s for _, subjects in headed for s in subjects}
    if any(s not in own for s in header_subjects(seg_low, extra)):
        return True
    bounds = {_bound_key(s) for s in own}
    for subject in own:
        parts = _HEADER_NUMBER.split(subject)
        if len(parts) < 2:
            continue
        family = r"\s*[≥>≤<]?\s*\d+(?:\.\d+)?".join(re.escape(p.strip()) for p in parts) + _WORDED_BOUND
        if any(_bound_key(m.group(0)) not in bounds for m in re.finditer(family, seg_low)):
            return True
    return False


# "grade 3 or higher" is the header's "Grade ≥3" (rt26 case16): a bound in words after the number
_WORDED_BOUND = r"(?:\s+or\s+(?:higher|greater|more|above|lower|less|below))?"
_WORDED_BOUNDS = (
    (re.compile(r"(\d+(?:\.\d+)?)\s+or\s+(?:higher|greater|more|above)"), r"≥\1"),
    (re.compile(r"(\d+(?:\.\d+)?)\s+or\s+(?:lower|less|below)"), r"≤\1"),
    (re.compile(r"\s*([≥>≤<])\s*"), r" \1"),
)


def _bound_key(text: str) -> str:
    """A group name with its bound written one way: "grade 3 or higher", "grade ≥ 3" and
    "grade ≥3" are "grade ≥3"."""
    for pattern, repl in _WORDED_BOUNDS:
        text = pattern.sub(repl, text)
    return " ".join(text.split())


def _row_label_binds(
    columns: Sequence[TableColumn], headed_ids: set[int], extra: list[str], seg_low: str,
    found: Sequence[ValueAtom], value: ValueAtom,
) -> bool:
    """Does a subject the row's own cells name ("At week 12 …" in its label) stand in the line
    with ``value`` as its only value of that kind, between it and the line's next (or previous)
    subject? Then the line says whose the value is ("40% at week 12, 35% at week 24"), even
    though the column's subject is not in it. A subject followed by several values ("Week 12 |
    45% | 30%") binds none of them: which column is whose is the source header's to say."""
    line_subjects = header_subjects(seg_low, extra)
    spans = sorted({(at, at + len(s)) for s in line_subjects for at in _places(s, seg_low)})
    same = [v for v in found if v.dim == value.dim and v.kind == value.kind
            and not any(v.start < b and a < v.end for a, b in spans)]
    for column in columns:
        if id(column) in headed_ids or not column.cell:
            continue
        for subject in header_subjects(column.cell, extra):
            for at in _places(subject, seg_low):
                k = spans.index((at, at + len(subject))) if (at, at + len(subject)) in spans else None
                if k is None:
                    continue
                # the side the line writes every subject's values on: "40% at week 12, 35% at week
                # 24" before, "at week 12: 40%" after; both sides, or neither, leave it open (the 67%
                # after "at 5 years" in "at 5 years was 67% with X and 46% with Y" is X's)
                sides = [side[spans[k]] for _, side in _fitting_sides(spans, same)]
                if len(sides) == 1 and len(sides[0]) == 1 and relate(value, sides[0][0]) == "supported":
                    return True
    return False


def _fitting_sides(
    spans: Sequence[tuple[int, int]], values: Sequence[ValueAtom]
) -> list[tuple[bool, dict[tuple[int, int], list[ValueAtom]]]]:
    """Each side (after each subject: True, before it: False) on which every subject place of
    ``spans`` has a value of ``values``, with the values there per subject place, in order."""
    ordered = sorted(values, key=lambda v: v.start)
    fitting = []
    for after in (True, False):
        sides: dict[tuple[int, int], list[ValueAtom]] = {}
        for i, (start, end) in enumerate(spans):
            if after:
                stop = spans[i + 1][0] if i + 1 < len(spans) else sys.maxsize
                sides[(start, end)] = [v for v in ordered if end <= v.start and v.end <= stop]
            else:
                since = spans[i - 1][1] if i else 0
                sides[(start, end)] = [v for v in ordered if since <= v.start and v.end <= start]
        if all(sides.values()):
            fitting.append((after, sides))
    return fitting


def _clause_paired(
    subject: str, segment_text: str, seg_low: str, places: dict[str, list[tuple[int, int]]], extra: list[str],
    values: Sequence[ValueAtom],
) -> ValueAtom | None:
    """The one value the line's clauses give ``subject`` (``citeproof.values.pairing``), where its
    layout alone leaves it open: "Events occurred in 49%; grade 3 events in 10%" gives "grade 3"
    its own clause's 10%, though 49% stands just before it. None when the clauses give it none or
    several."""
    names = names_in(segment_text, seg_low, {n.lower() for n in extra if n}, capitalised=False)
    subjects = {*subjects_of(segment_text, seg_low, names), *((s, a) for s, at in places.items() for a, _ in at)}
    reading = pairing.read(seg_low, values, labels_in(seg_low, sorted(subjects, key=lambda t: t[1])))
    theirs = {_key(v): v for v, bound in zip(reading.values, reading.bound)
              if any(lab.name == subject for lab in bound[pairing.WHO])}
    return next(iter(theirs.values())) if len(theirs) == 1 else None


def _paired(own: Sequence[tuple[int, int]], spans: Sequence[tuple[int, int]], values: Sequence[ValueAtom]) -> ValueAtom | None:
    """The value the line gives the subject standing at ``own``; None when that is open.

    The line's layout decides the side: "Arm A 40%, Arm B 25%" and "A组的缓解率为40%，B组为25%"
    write a value after each subject (between it and the next), "40% in Arm A and 25% in Arm B"
    before it. A side fits when every subject place ``spans`` has a value on it; the subject's
    value is the nearest there. When both sides fit and disagree, or neither fits ("Arm A and
    Arm B had 40% and 25%"), the pairing is the judge's."""
    picks: list[ValueAtom | None] = []
    for after, sides in _fitting_sides(spans, values):
        nearest = [sides[span][0] if after else sides[span][-1] for span in own]
        picks.append(nearest[0] if len({_key(v) for v in nearest}) == 1 else None)
    if not picks or None in picks or len({_key(p) for p in picks if p is not None}) != 1:
        return None
    return picks[0]


def _key(value: ValueAtom) -> tuple[float, float | None]:
    """A value as a quantity: 0.2 g and 200 mg are one value."""
    return (value.number * value.factor, value.high * value.factor if value.high is not None else None)


def _same_kind(value: ValueAtom, found: Sequence[ValueAtom]) -> tuple[ValueAtom, list[ValueAtom]]:
    """The reading of ``value`` the line can be compared with (its header unit when the line
    writes numbers in that dimension), and the line's numbers of that kind."""
    readings = [value.under_header, replace(value, under_header=None)] if value.under_header else [value]
    for reading in readings:
        same = [v for v in found if v.dim == reading.dim and v.kind == reading.kind]
        if same:
            return reading, same
    return readings[-1], []


def _places(name: str, low: str) -> list[int]:
    """Where ``name`` stands in ``low`` as a whole name ("men" is not in "women", "arm a" not in "arm a1")."""
    before = r"(?<![a-z0-9])" if name[:1].isascii() and name[:1].isalnum() else ""
    after = r"(?![a-z0-9])" if name[-1:].isascii() and name[-1:].isalnum() else ""
    return [m.start() for m in re.finditer(before + re.escape(name) + after, low)]


def row_atoms(text: str, columns: Sequence[TableColumn]) -> list[ValueAtom]:
    """A claim's value atoms; a table row's bare numbers also read in their header's unit, and a
    "Label (unit): value" claim's in its label's."""
    atoms = claim_atoms(text)
    if columns and atoms:
        return column_atoms(columns, atoms, row_unit(columns))
    return label_atoms(text, atoms) if atoms else atoms


# "Median PFS (months) in Arm A: 11.2", "A组中位无进展生存期（月）：11.2": a label before the colon
_CLAIM_LABEL = re.compile(r"^\s*([^:：\n]{1,80}?)\s*[:：]")
_BRACKET = re.compile(r"[(（\[][^()（）\[\]]{1,32}[)）\]]")


def label_atoms(text: str, atoms: Sequence[ValueAtom]) -> list[ValueAtom]:
    """``atoms`` with each bare number after a label that brackets its unit also read in that
    unit (``ValueAtom.under_header``), as a table row is under its header. The bracket may stand
    before words that name whose value it is ("(months) in Arm A"); a number before the colon,
    or one that writes a unit of its own, is left as written."""
    prepared = prepared_claim(text)
    if (":" not in prepared and "：" not in prepared) or (m := _CLAIM_LABEL.match(prepared)) is None:
        return list(atoms)
    brackets = list(_BRACKET.finditer(m.group(1)))
    unit = header_unit(m.group(1)[: brackets[-1].end()]) if brackets else None
    if unit is None:
        return list(atoms)
    return [replace(a, under_header=in_unit(a, unit)) if a.start >= m.end() and _labelled(a) else a for a in atoms]


def _labelled(atom: ValueAtom) -> bool:
    return atom.is_bare and atom.kind in ("value", "range") and not atom.count_noun and not atom.derived


@lru_cache(maxsize=1)
def _marks() -> frozenset[str]:
    return frozenset(m.lower() for m in cue_document()["table_marks"]["marks"])


def marked_cell(columns: Sequence[TableColumn]) -> TableColumn | None:
    """The first cell that is only a mark ("✓", "No", "否") under a header: it says what it says
    through that header ("✓" under "Not observed"), which the row's own words do not carry."""
    for column in columns:
        if column.header and column.cell.strip().lower() in _marks():
            return column
    return None

