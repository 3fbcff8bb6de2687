"""Units written as one product or one normalised rate (units.json ``compound``).

* A unit joined to a time unit is one unit: "42.1 µg·h/mL" (an exposure, mass·time/volume) is
  neither 42.1 µg nor 42.1 µg/mL, and "µg·h/L" (1000× smaller) or "µg·min/mL" (60×) is another
  amount, while "mg·h/L" is the same one (mg/L = µg/mL): the factor is the product of the two.
  Read up to the joiner only, every one of them was "42.1 µg" and passed for the others.
* A denominator written with its number, "mL/min/1.73 m²" (a clearance normalised to a standard
  body surface), is one denominator: its "1.73" is no value the claim or the source states.
"""

from __future__ import annotations

import re
from functools import lru_cache

from citeproof.values.atoms import ValueAtom
from citeproof.values.lexicon import UnitInfo, data_json, lexicon, word_end


@lru_cache(maxsize=1)
def _times() -> tuple[frozenset[str], tuple[tuple[str, bool], ...]]:
    """(the dims a time may multiply, the joiners longest first, each with whether it is loose)."""
    doc = data_json("units.json")["compound"]["times"]
    joiners = [(j, False) for j in doc["joiners"]] + [(j, True) for j in doc["loose_joiners"]]
    return frozenset(doc["first_dims"]), tuple(sorted(joiners, key=lambda j: len(j[0]), reverse=True))


def joined_time(low: str, unit: UnitInfo, pos: int) -> tuple[UnitInfo, int, bool] | None:
    """The compound of ``unit`` (ending at ``pos`` in lower-cased ``low``) and the time unit a
    joiner puts after it: (the compound, where it ends, whether its joiner is loose and needs a
    denominator after it to join); None when no time is joined there."""
    first_dims, joiners = _times()
    if unit.dim not in first_dims:
        return None
    lex = lexicon()
    for joiner, loose in joiners:
        if not low.startswith(joiner, pos):
            continue
        tm = lex.unit_re.match(low, pos + len(joiner))
        if tm is None:
            continue
        time = lex.unit_by_alias[tm.group(0)]
        if time.dim != "time" or time.calendar:
            continue
        compound = UnitInfo(canonical=f"{unit.canonical}·{time.canonical}", dim=f"{unit.dim}·{time.dim}",
                            factor=unit.factor * time.factor)
        return compound, tm.end(), loose
    return None


@lru_cache(maxsize=1)
def _normalised() -> tuple[dict[str, tuple[str, str, float]], re.Pattern[str]]:
    by_alias: dict[str, tuple[str, str, float]] = {}
    for entry in data_json("units.json")["compound"]["normalised"]:
        for alias in entry["aliases"]:
            by_alias[alias.lower()] = (entry["canonical"], entry["dim"], float(entry["factor"]))
    pattern = re.compile("|".join(word_end(a) for a in sorted(by_alias, key=len, reverse=True)))
    return by_alias, pattern


def normalised_at(low: str, pos: int) -> tuple[tuple[str, str, float], int] | None:
    """The normalised denominator ("1.73 m2") written at ``pos`` as (canonical, dim, factor), with its end."""
    by_alias, pattern = _normalised()
    m = pattern.match(low, pos)
    return (by_alias[m.group(0)], m.end()) if m else None


def other_normalisation(atom: ValueAtom) -> ValueAtom | None:
    """``atom`` read with its normalised denominator dropped ("30 mL/min/1.73 m2" → 30 mL/min), or
    added where its dim takes one ("30 mL/min" → 30 mL/min/1.73 m2); None when neither applies.
    The two are one figure a writer may give either way, but not one quantity (a clearance per
    body surface is not the patient's own): a match so found is a reading, never equal."""
    for entry in data_json("units.json")["compound"]["normalised"]:
        canonical, dim, factor = entry["canonical"], entry["dim"], float(entry["factor"])
        unit_tail, dim_tail = f"/{canonical}", f"/{dim}"
        if atom.unit.endswith(unit_tail) and atom.dim.endswith(dim_tail) \
                and atom.dim[: -len(dim_tail)] in entry["of_dims"]:
            return atom.evolve(unit=atom.unit[: -len(unit_tail)], dim=atom.dim[: -len(dim_tail)],
                               factor=atom.factor * factor)
        if atom.dim in entry["of_dims"]:
            return atom.evolve(unit=atom.unit + unit_tail, dim=atom.dim + dim_tail, factor=atom.factor / factor,
                               per_hours=None)
    return None
