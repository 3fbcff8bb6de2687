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
def _times() -> tuple[frozenset[str], tuple[tuple[str, str | None], ...]]:
    """(the dims a time may multiply, the joiners longest first, each with what must follow the
    time for it to join: None (a strict joiner), "denominator" (a loose one) or "volume" (a hyphen))."""
    doc = data_json("units.json")["compound"]["times"]
    joiners = [(j, None) for j in doc["joiners"]] + [(j, "denominator") for j in doc["loose_joiners"]] \
        + [(j, "volume") for j in doc["volume_joiners"]]
    return frozenset(doc["first_dims"]), tuple(sorted(joiners, key=lambda j: len(j[0]), reverse=True))


def _time_at(low: str, pos: int) -> tuple[UnitInfo, int] | None:
    """The time unit of exact length (not a month, not a year) written at ``pos``, with its end."""
    lex = lexicon()
    tm = lex.unit_re.match(low, pos)
    if tm is None:
        return None
    time = lex.unit_by_alias[tm.group(0)]
    return (time, tm.end()) if time.dim == "time" and not time.calendar else None


def _product(unit: UnitInfo, time: UnitInfo) -> UnitInfo:
    """``unit``·``time``, written in that order whichever came first ("h·ng" is "ng·h")."""
    return UnitInfo(canonical=f"{unit.canonical}·{time.canonical}", dim=f"{unit.dim}·{time.dim}",
                    factor=unit.factor * time.factor)


def joined_time(low: str, unit: UnitInfo, pos: int) -> tuple[UnitInfo, int, str | None] | None:
    """The compound of ``unit`` (ending at ``pos`` in lower-cased ``low``) and the time unit a
    joiner puts after it: (the compound, where it ends, what must follow for it to join: None, a
    "denominator" after a loose joiner, a "volume" denominator after a hyphen); None when no time
    is joined there."""
    first_dims, joiners = _times()
    if unit.dim not in first_dims:
        return None
    for joiner, loose in joiners:
        if not low.startswith(joiner, pos):
            continue
        if (timed := _time_at(low, pos + len(joiner))) is None:
            continue
        return _product(unit, timed[0]), timed[1], loose
    return None


def time_first(low: str, time: UnitInfo, pos: int) -> tuple[UnitInfo, int] | None:
    """"h·ng/mL", "hr*ng/mL": the time written first, a strict joiner, then the unit it
    multiplies (ending at ``pos``): the same exposure as "ng·h/mL", (the compound, its end)."""
    first_dims, joiners = _times()
    if time.dim != "time" or time.calendar:
        return None
    lex = lexicon()
    for joiner, loose in joiners:
        if loose is not None or not low.startswith(joiner, pos):
            continue
        um = lex.unit_re.match(low, pos + len(joiner))
        if um is not None and (unit := lex.unit_by_alias[um.group(0)]).dim in first_dims:
            return _product(unit, time), um.end()
    return None


def time_after(low: str, unit: UnitInfo, dens: list[tuple[str, str, float]], pos: int) -> tuple[UnitInfo, int] | None:
    """"ng/mL*h", "µg/mL·h": a time joined (strictly) after a volume denominator multiplies the
    unit, mass·time/volume, as "ng·h/mL" does: (the compound, where the time ends). Read up to the
    volume, "45.2 µg/mL·h" met the concentration "45.2 µg/mL" and missed the exposure."""
    first_dims, joiners = _times()
    if unit.dim not in first_dims or [d for _, d, _ in dens] != ["volume"]:
        return None
    for joiner, loose in joiners:
        if loose is None and low.startswith(joiner, pos) and (timed := _time_at(low, pos + len(joiner))):
            return _product(unit, timed[0]), timed[1]
    return None


@lru_cache(maxsize=1)
def _negative_exponent() -> tuple[frozenset[str], re.Pattern[str], re.Pattern[str]]:
    """(the dims a negative exponent may divide by, what may stand before it, the exponents)."""
    doc = data_json("units.json")["compound"]["times"]
    joiners = "".join(j for j in doc["joiners"] if len(j) == 1)
    exps = "|".join(re.escape(e) for e in sorted(doc["negative_exponents"], key=len, reverse=True))
    return frozenset(doc["negative_exponent_dims"]), re.compile(f"[{re.escape(joiners)} ]?"), \
        re.compile(f"(?:{exps})(?![0-9]|[.,][0-9])")


def negative_exponent_at(low: str, pos: int) -> tuple[tuple[str, str, float], int] | None:
    """A denominator written as a negative exponent at ``pos`` ("·mL-1", " ml⁻¹" prepared as
    " ml-1", "mL^-1"), after a strict joiner or a space: (canonical, dim, factor) and its end.
    Only a volume or a mass ("ng·h·mL-1", "mg kg-1"): "day-1" is as often a day's label."""
    dims, sep, exponent = _negative_exponent()
    lex = lexicon()
    um = lex.unit_re.match(low, sep.match(low, pos).end())  # type: ignore[union-attr]  # always matches
    if um is None:
        return None
    info = lex.unit_by_alias[um.group(0)]
    em = exponent.match(low, um.end())
    if em is None or info.dim not in dims:
        return None
    return (info.canonical, info.dim, info.factor), em.end()


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
