"""How one claim atom relates to one source atom: supported, plausible, or nothing.

Equality is exact, across SI prefixes too (``0.12 g`` = ``120 mg``) and per cent, per mille and
per ten thousand (``5‰`` = ``0.5%``; ``35‱`` is not ``35‰``); only across a share
conversion (percent ↔ proportion ↔ fraction) is it judged at the claim's stated precision
(``0.33`` for ``1/3``, ``33.33%`` for ``1/3``). A claim that merely rounds a source value in the
same dimension (``14 months`` for ``13.5 months``, ``33%`` for ``33.33%``, ``1.2 g`` for
``1,190 mg``) is plausible, not supported: it goes to the judge. Months and years are never *equal* to days,
weeks or hours — such a conversion is only plausible (SPEC §3.4).
"""

from __future__ import annotations

import math
from functools import lru_cache

from typing import Literal

from citeproof.values.atoms import ValueAtom
from citeproof.values.lexicon import data_json, lexicon

Relation = Literal["supported", "plausible"] | None

_EPS = 1e-9
# Calendar lengths in hours a month/year may stand for (28–31 days; 360 days … 366 days).
_CALENDAR_HOURS = {"month": (672.0, 744.0), "year": (8640.0, 8784.0)}
_APPROX_SHARE = 0.10  # "about 30" is plausible for a source value within 10 %
_ROUND_SHARE = 0.05  # rounding may not move a value by more than 5 % of itself


def _exact(a: float, b: float) -> bool:
    return abs(a - b) <= _EPS * max(1.0, abs(a), abs(b))


def _rounds_to(claim: float, source: float, step: float) -> bool:
    """``source`` equals ``claim`` at the claim's precision, and the rounding is honest."""
    if step <= 0:
        return False
    diff = abs(claim - source)
    return diff <= step / 2 + _EPS * max(1.0, abs(claim)) and diff <= _ROUND_SHARE * abs(claim) + _EPS


def _equal(claim: ValueAtom, cv: float, wv: float, *, same_unit: bool) -> bool:
    if _exact(cv, wv):
        return True
    if same_unit:
        # With no conversion in between, a rounded figure is an approximation, not the same
        # value: "14 months" for a source's 13.5 is only plausible (SPEC §3.4), never supported.
        return False
    # across a share conversion only a claim that writes decimals may round (0.33 for 1/3)
    return claim.decimals > 0 and _rounds_to(cv, wv, claim.step) and abs(cv - wv) <= 0.01 * abs(cv) + _EPS


def _satisfies(x: float, qualifier: str, bound: float) -> bool:
    return {
        ">": x > bound + _EPS * max(1.0, abs(bound)),
        ">=": x >= bound - _EPS * max(1.0, abs(bound)),
        "<": x < bound - _EPS * max(1.0, abs(bound)),
        "<=": x <= bound + _EPS * max(1.0, abs(bound)),
    }.get(qualifier, False)


def _same_dim(claim: ValueAtom, source: ValueAtom) -> bool:
    """Both in one dimension and not a share conversion (a source fraction read as a proportion)."""
    return claim.dim == source.dim and source.kind != "fraction"


def _is_proportion(atom: ValueAtom) -> bool:
    # a statistic (p = 0.05, HR 0.75, OR 0.5) is not a share of anything: never a percentage
    return (atom.is_bare and atom.kind == "value" and atom.stat is None
            and (atom.decimals > 0 or atom.number == 0) and abs(atom.number) <= 1)


def _is_index(atom: ValueAtom) -> bool:
    """A dimensionless index at most 1 (AUC, kappa, ICC: ``value_cues.json`` index_stats)."""
    return (atom.is_bare and atom.kind == "value" and atom.stat in lexicon().index_stats.values()
            and abs(atom.number) <= 1)


def convert(source: ValueAtom, claim: ValueAtom, value: float) -> tuple[float, bool, bool] | None:
    """``value`` (in the source atom's unit) expressed in the claim atom's unit, whether the
    units were the same, and whether the conversion is only approximate (months/years against
    days/weeks/hours); None when the two cannot be compared."""
    if claim.kind == "fraction":
        return None
    if claim.dim == source.dim:
        if source.kind == "fraction" and source.den and _is_proportion(claim):
            return source.num / source.den, False, False  # type: ignore[operator]  # 1/3 → 0.3333 is a conversion
        if claim.dim == "" or claim.unit == source.unit:
            return value, True, False
        approx = claim.dim == "time" and claim.calendar != source.calendar
        return value * source.factor / claim.factor, False, approx
    if claim.dim == "percent":
        # a claim in per mille (factor 0.1) or per ten thousand states 10x or 100x the percentage
        if source.kind == "fraction" and source.den:
            return 100.0 * source.num / source.den / claim.factor, False, False  # type: ignore[operator]
        if _is_proportion(source):
            return 100.0 * value / claim.factor, False, False
        return None
    if claim.is_bare and claim.kind == "value" and _is_proportion(claim):
        if source.dim == "percent":
            return value * source.factor / 100.0, False, False
        if source.kind == "fraction" and source.den:
            return source.num / source.den, False, False  # type: ignore[operator]
    return None


def _stat_differs(claim: ValueAtom, source: ValueAtom) -> bool:
    """Two different statistics (HR against OR, p against HR), or a confidence interval
    against a figure that is not one: an equal number there is not the same fact."""
    if claim.stat == source.stat:
        return False
    return bool(claim.stat and source.stat) or "CI" in (claim.stat, source.stat)


def relate(claim: ValueAtom, source: ValueAtom, *, negated: bool = False) -> Relation:
    """The relation of one claim value/range atom to one source atom.

    ``negated``: the claim is negated ("none … more than 1%"), which turns a bound's truth
    condition around — any same-unit value in the window makes it judgeable (plausible).
    An equal value under a different statistic, equal to one end of a source range or
    confidence interval, one the source only approximates ("about 30%" for a claim of 30%),
    or a source spread read in a unit it was not written in ("71 kg (SD 8)" as 8 kg) — or a single
    spread written in its unit ("71 kg (SD 8 kg)") — met by a claim number that is no spread ("a
    mean of 8 kg") is at most plausible. So is one member of
    a source's list of alternatives ("ECOG 0 or 1") claimed alone ("ECOG 0"): a claim that
    lists alternatives too is compared member by member (so "0 or 1" against "0, 1 or 2"
    still passes: the narrowing inside two lists is left to the words and the judge). The
    word "units" is both the enzyme unit and items sold: a plain count against "125,000
    units" (or the reverse) is plausible, never missing — the judge reads which it is. A
    grade's number against another number ("5 patients" against "grade 5") is plausible too.
    """
    rel = _relate(claim, source, negated=negated)
    if rel is None and (_units_or_count(claim, source) or _converted_scale(claim, source)):
        return "plausible"
    if rel == "supported" and (source.range_end or _stat_differs(claim, source) or claim.graded != source.graded
                               or (source.alternative and not claim.alternative) or source.ambiguous_digits
                               or (source.qualifier == "~" and claim.qualifier != "~")
                               or (source.spread_form and not claim.spread)
                               or _spread_as_value(claim, source)
                               or _one_side_shared_symbol(claim, source)):
        return "plausible"
    return rel


def _spread_as_value(claim: ValueAtom, source: ValueAtom) -> bool:
    """A single-number spread written with its unit ("71 kg (SD 12 kg)", "58±12岁", "58岁（标准差12岁）")
    met by a claim number that is no spread ("a mean weight of 12 kg"): the SD is not the mean.
    A spread range ("(range 35-81)") is left alone: "ages ranged from 35 to 81" restates it; so is a
    bare spread ("71 (SD 8) kg"), which ``spread_form`` already reads, and an unnamed parenthesis
    ("€5 billion ($5.4 billion)": a conversion)."""
    return source.spread_named and source.kind == "value" and not source.is_bare and not claim.spread


def _relate(claim: ValueAtom, source: ValueAtom, *, negated: bool) -> Relation:
    if claim.kind == "fraction":
        return _relate_fraction(claim, source)
    if source.kind == "fraction" and claim.is_bare and not _is_proportion(claim):
        return None  # fraction parts are indexed as bare numbers of their own
    if _price_per_item(claim, source):
        return _same_price(claim, source)
    if claim.kind == "range":
        if source.kind != "range":
            return None
        if claim.dim != source.dim and "" in (claim.dim, source.dim):
            # "95% CI 38%-52%" / "95% CI, 38-52", "range 35-81 years" / "(range 35-81) years": the same ends,
            # the unit written once, elsewhere on one side — judged, never equal
            same_ends = claim.high is not None and source.high is not None and claim.number == source.number \
                and claim.high == source.high
            return "plausible" if same_ends else None
        lo = convert(source, claim, source.number)
        hi = convert(source, claim, source.high if source.high is not None else source.number)
        if lo is None or hi is None or claim.high is None or lo[2]:
            return None
        same = lo[1] or _same_dim(claim, source)
        if _equal(claim, claim.number, lo[0], same_unit=same) and _equal(claim, claim.high, hi[0], same_unit=same):
            return "supported"
        return None
    if source.kind == "range":
        return None  # range ends are indexed as values of their own
    if claim.dim != source.dim and _shared_symbol(claim, source):
        # "¥120 billion" may be yen or yuan: the same figure in the other is for the judge
        return "plausible" if _equal(claim, claim.number, source.number, same_unit=True) else None
    if claim.dim != source.dim and "" in (claim.dim, source.dim) and (claim.dim + source.dim).startswith("currency:"):
        # an amount with a currency on one side only ("4.2 billion" / "USD 4.2 billion", "120亿" / "120亿元"):
        # the same figure, but whether the currency is the claim's is for the judge
        return "plausible" if _equal(claim, claim.number, source.number, same_unit=True) else None
    if claim.dim == "percent" and _is_index(source):
        # "an AUC of 85%" may write the index as a percentage, "85% of cases" misreads it: the judge decides
        return "plausible" if _equal(claim, claim.number, 100.0 * source.number / claim.factor, same_unit=False) else None
    if source.dim == "percent" and _is_index(claim):
        # the claim's "AUC of 0.85" against a source's "AUC was 85%": the same index, as the judge may read it
        return "plausible" if _equal(claim, 100.0 * claim.number, source.number * source.factor, same_unit=False) else None
    conv = convert(source, claim, source.number)
    if conv is None:
        return None
    wv, same, approx = conv
    # the claim is more precise than the source, in the same unit ("45.0%" for "45%", "0.750" for
    # "0.75"; not "1.2 billion" for "1,200 million", which is coarser): a precision the source never
    # stated (it may be 44.6%) — the same figure, but for a judge. Only decimals written after a
    # point count: "12,000" for "12 thousand" claims no precision, trailing zeros of a whole number are no digits
    finer = same and claim.decimals > 0 and claim.step < source.step * (1 - 1e-9)
    # an SI conversion (g ↔ mg, weeks ↔ hours) is exact: no claim-precision rounding
    same = same or _same_dim(claim, source)
    cv = claim.number
    cq, wq = claim.qualifier, source.qualifier
    eq = not approx and _equal(claim, cv, wv, same_unit=same)
    if cq in ("<", "<=", ">", ">=") and negated:
        return "supported" if eq and wq == cq else "plausible"
    if cq is None:
        if wq in (None, "~"):
            if eq:
                return "plausible" if finer else "supported"
            if same and not approx and _rounds_to(cv, wv, claim.step):
                return "plausible"  # the claim rounds the source value: a judge decides if that is fair
            if wv < 0 < cv and _equal(claim, cv, -wv, same_unit=same) and not approx and not claim.raw.startswith("+"):
                # "reduced by 40%" against a change of -40; not "+5%", whose sign is written
                return "plausible"
            return None
        # the claim states a value the source bounds: a value inside the bound can only be judged
        return "plausible" if _satisfies(cv, wq, wv) else None
    if cq == "~":
        if eq and wq in (None, "~"):
            return "supported"
        if wq in (None, "~") and abs(cv - wv) <= max(claim.step / 2, _APPROX_SHARE * abs(cv)):
            return "plausible"
        return None
    # the claim states a bound
    if wq == cq and eq:
        return "supported"
    if wq in (None, "~"):
        return "plausible" if _satisfies(wv, cq, cv) else None
    if wq[0] == cq[0]:
        return "plausible"  # two bounds the same way ("within 6 months" / "within 2 months"): judge it
    return None


def _price_per_item(claim: ValueAtom, source: ValueAtom) -> bool:
    """The source prices one item ("$10 per unit", "€450/unit", read as an amount per unit) and
    the claim writes the amount alone ("$10")."""
    return claim.dim.startswith("currency:") and source.dim == claim.dim + "/enzyme_unit"


def _same_price(claim: ValueAtom, source: ValueAtom) -> Relation:
    """A claim of "$10" against "$10 per unit" is plausible, never supported: the figure is the
    price of one item, and whether the claim states that (a unit price) or a total is for the
    judge. "Unit" may also be an enzyme unit ("$10/U" of a reagent); the same holds there."""
    same_ends = claim.kind == source.kind and claim.qualifier == source.qualifier \
        and _exact(claim.number, source.number) \
        and (claim.high is None) == (source.high is None) \
        and (claim.high is None or _exact(claim.high, source.high))  # type: ignore[arg-type]
    return "plausible" if same_ends else None


def _relate_fraction(claim: ValueAtom, source: ValueAtom) -> Relation:
    """A claim fraction against a share: an exactly equal share, or one written precisely enough
    to pin the ratio (33.33% for 1/3), supports it. A whole-percent rounding (29% for 2 of 7), a
    share the source only approximates, or a source fraction with a smaller denominator (1/2 for
    10 of 20) leaves the counts to the judge, as does a source share spelled as words ("three quarters
    of") against a claim's counts ("3 of 4 patients")."""
    num, den = claim.num or 0, claim.den or 1
    if source.kind == "fraction":
        if not source.den or num * source.den != source.num * den:  # type: ignore[operator]
            return None
        if source.share and not claim.share and "/" not in claim.raw:
            return "plausible"  # "3 of 4 patients" counts patients; "three quarters of" counts none
        return "supported" if den <= source.den and source.qualifier is None else "plausible"
    if source.qualifier not in (None, "~") or source.kind != "value":
        return None
    ratio = num / den
    if source.dim == "percent":
        wv, cv = source.number, 100.0 * ratio / source.factor
    elif _is_proportion(source):
        wv, cv = source.number, ratio
    else:
        return None
    if _exact(cv, wv):
        return "supported" if source.qualifier is None else "plausible"
    if not _rounds_to(wv, cv, source.step):
        return None
    # SPEC §3.4: 1/3 = 33.33% = 0.3333. A share written to a tenth of a percent or finer pins
    # the ratio; a whole percent (29% for 2 of 7) does not, so that is left to the judge.
    pins_ratio = source.step * source.factor <= (0.1 if source.dim == "percent" else 0.001) + _EPS
    return "supported" if pins_ratio and source.qualifier is None else "plausible"


def calendar_plausible(claim: ValueAtom, source: ValueAtom) -> bool:
    """Months/years on one side, days/weeks/hours on the other, and the lengths agree."""
    if claim.dim != "time" or source.dim != "time" or claim.calendar == source.calendar:
        return False
    if claim.kind != "value" or source.kind != "value":
        return False
    cal, other = (claim, source) if claim.calendar else (source, claim)
    lo, hi = _CALENDAR_HOURS["year" if cal.factor > 1000 else "month"]
    hours = other.number * other.factor
    if cal.number == 0:
        return hours == 0
    per = hours / cal.number
    return lo - _EPS <= per <= hi + _EPS


def _shared_symbol(claim: ValueAtom, source: ValueAtom) -> bool:
    """One of two amounts in different currencies is written with a symbol both currencies
    write (``¥``: the yuan and the yen)."""
    codes = {claim.dim.removeprefix("currency:"), source.dim.removeprefix("currency:")}
    if not (claim.dim.startswith("currency:") and source.dim.startswith("currency:")) or any("/" in c for c in codes):
        return False
    return any(
        symbol in atom.raw and codes <= group
        for symbol, group in lexicon().currency_shared.items()
        for atom in (claim, source)
    )


@lru_cache(maxsize=1)
def _affine() -> dict[tuple[str, str], tuple[float, float]]:
    """(dim, other dim) → (scale, offset) that converts the first into the second, both ways
    (units.json ``affine``)."""
    out: dict[tuple[str, str], tuple[float, float]] = {}
    for pair in data_json("units.json")["affine"]["pairs"]:
        scale, offset = pair["scale"], pair["offset"]
        out[(pair["from"], pair["to"])] = (scale, offset)
        out[(pair["to"], pair["from"])] = (1 / scale, -offset / scale)
    return out


def converted_dims(dim: str) -> tuple[str, ...]:
    """The dims a value of ``dim`` converts into by a scale and an offset (°C: °F)."""
    return tuple(other for one, other in _affine() if one == dim)


def _converted_scale(claim: ValueAtom, source: ValueAtom) -> bool:
    """The claim's value is the source's converted into the claim's scale at the claim's
    precision ("38.5 °C (101.3 °F) or higher": the conversion a report adds in brackets, whose
    bound may be written once for both): only plausible — the judge reads the bound and the
    arithmetic (rt36b t1). A difference converts by the scale alone ("rose by 1.5 °C (2.7 °F)":
    the offset cancels out of a rise; rt37 t1), which the judge tells from a level."""
    convert_by = _affine().get((source.dim, claim.dim)) if source.dim != claim.dim else None
    if convert_by is None or claim.kind != "value" or source.kind != "value":
        return False
    scale, offset = convert_by
    return any(abs(source.number * scale + shift - claim.number) <= claim.step / 2 + 1e-9 for shift in (offset, 0.0))


def _units_or_count(claim: ValueAtom, source: ValueAtom) -> bool:
    """One side a plain number, the other the same number written with the word "unit(s)"."""
    def word_units(a: ValueAtom) -> bool:
        return a.dim == "enzyme_unit" and "unit" in a.raw.lower()

    def plain(a: ValueAtom) -> bool:
        return a.is_bare and a.kind == "value" and a.qualifier is None

    pair = (claim, source) if word_units(source) else (source, claim) if word_units(claim) else None
    return pair is not None and plain(pair[0]) and math.isclose(pair[0].number, pair[1].number, rel_tol=1e-9)


def _one_side_shared_symbol(claim: ValueAtom, source: ValueAtom) -> bool:
    """One amount written with a symbol or word several currencies write ("¥1.2 trillion": the
    yen or the yuan; "3.4 billion pounds"), the other with its currency named ("1.2万亿元",
    "£3.4 billion"): the same code was read for both, but whether the shared symbol meant it is
    for the judge. Both written with the symbol say the same thing."""
    if claim.dim != source.dim or not claim.dim.startswith("currency:"):
        return False
    return _written_with_shared_symbol(claim) != _written_with_shared_symbol(source)


def _written_with_shared_symbol(atom: ValueAtom) -> bool:
    lex = lexicon()
    code = atom.dim.removeprefix("currency:")
    raw = atom.raw.lower()
    return any(
        symbol in raw and code in group
        # "pounds sterling" names its currency: a longer alias holding the word is no shared word
        and not any(alias != symbol and symbol in alias and alias in raw for alias in lex.currency_suffix)
        for symbol, group in lex.currency_shared.items()
    )
