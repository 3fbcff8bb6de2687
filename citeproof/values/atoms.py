"""ValueAtom: one numeric fact as a claim states it — value, unit, denominator, qualifier, precision."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, dataclass, fields
from operator import attrgetter
from typing import Literal

AtomKind = Literal["value", "range", "fraction"]
Qualifier = Literal["<", "<=", ">", ">=", "~"]


@dataclass(frozen=True, slots=True)
class ValueAtom:
    """A number with everything that changes what it claims.

    ``number`` (and ``high`` for a range) is in the stated unit with any scale word applied
    (``1.2 billion`` → 1.2e9, ``3.5万`` → 35000). ``factor`` converts the stated unit to the
    dimension's base unit (mg → g: 0.001; mg/m2 → g/m2). ``step`` is the claim's precision in
    the stated unit (``33.33`` → 0.01, ``1.2 billion`` → 1e8): equality "at the claim's
    precision" means within half a step.
    """

    raw: str
    kind: AtomKind
    number: float  # value; low end of a range; numerator/denominator of a fraction
    unit: str = ""  # canonical unit as displayed ("mg/kg", "%", "USD", "" for a bare number)
    dim: str = ""  # "" bare number, "percent", "mass", "mass/area", "currency:USD", "time", …
    factor: float = 1.0
    step: float = 1.0
    decimals: int = 0
    high: float | None = None  # range / CI upper end
    num: int | None = None  # fraction numerator
    den: int | None = None  # fraction denominator
    qualifier: Qualifier | None = None
    stat: str | None = None  # p, HR, OR, RR, CI (display; statistics are dimensionless)
    calendar: bool = False  # stated in months/years
    count_noun: str | None = None  # "patients", "例" — not a unit that must match
    derived: bool = False  # fold change, percentage points, twice as many, difference/sum
    label: bool = False  # reserved: ordinals that name something (Group 2) are never emitted as atoms
    # right after a grading word ("grade 5", "stage 3"): it names a grade, so it meets only another grade's
    # number ("5 patients" is not found in "grade 5 adverse events: 7")
    graded: bool = False
    per_hours: float | None = None  # a rate's time denominator in hours (mg/day → 24)
    range_end: bool = False  # source index only: one end of a range/CI, indexed as a value of its own
    spread: bool = False  # the spread of the value before it: "± 8", "(SD 8)", "(range 35-81)"
    spread_form: bool = False  # source index only: a spread read in the unit it was not written in
    # the spread is named as one ("± 8", "(SD 8 kg)", "（标准差：12岁）"), not a bare parenthesis, which may be
    # a conversion ("€5 billion ($5.4 billion)")
    spread_named: bool = False
    # a fraction spelled as a share ("three quarters of", "一半", "三分之一"): 3/4 of a whole,
    # whose numerator and denominator count nothing ("3 patients" is not three quarters)
    share: bool = False
    # one of a list of alternatives ("ECOG 0 or 1", "1, 2, or 3 cycles"): the source states
    # the list, not this member, so a claim of the member alone is not supported by it
    alternative: bool = False
    # source only: one reading of two, so at most plausible — read inside a space-grouped run of
    # digits that may be one number or several ("16 380", values.digit_groups; ``grouped`` is the
    # run as one number), a "12M" that may be months (``month_count``), or the rate an amount
    # over a period may be (the index's reading of ``over_period``)
    ambiguous_digits: bool = False
    grouped: float | None = None
    # "12M" after a period word ("trailing 12M revenue") may be 12 months as well as 12 million: a
    # source atom is marked ``ambiguous_digits`` and the index adds the months reading; a claim
    # atom is looked up both ways, at most plausibly (``assess.match_atom``)
    month_count: float | None = None
    # a lowercase "1.5m" with nothing counted after it ("the population is 1.5m") is read as the
    # metre it writes, but may be 1.5 million (``million_count``, the number in that reading): a
    # source's index adds the million reading, at most plausible; a claim atom not found as a
    # length is looked up as a million, at most plausibly (``assess.match_atom``)
    million_count: float | None = None
    # source only: an amount measured over a period ("<1 g of protein in 24 hours"), as (the
    # rate, its hours); the index adds the rate reading (1 g/day), at most plausible (values.amount_periods)
    over_period: tuple[str, float] | None = None
    # an amount whose label names its period ("Monthly list price: $12,000", "Daily dose: 200 mg"),
    # as (the rate, its hours): a source's index adds the rate reading; a claim atom is looked up
    # with the rate, and as the bare amount at most plausibly (values.label_periods)
    period_named: tuple[str, float] | None = None
    # source only: a positive amount a loss word names ("a net loss of $45 million"); the index
    # adds its negative, at most plausible, for a claim that writes the loss as a sign
    loss_named: bool = False
    # a bare number in a table cell whose column header states a unit ("200" under "Dose (mg)"):
    # the same number in that unit, which the number may also be matched as (values.columns)
    under_header: ValueAtom | None = None
    # claim only: a bare whole number written after a capitalised word ("IL 6", "CD 20"): it
    # may be the tail of a name the source writes glued ("IL-6", "CD20"), which the
    # source's index never reads as a number (``assess._name_written_glued``)
    name_word: str | None = None
    # claim only: the word after a spelled "one" ("one study", "one randomised trial"), which a source
    # may write with an article ("a study"): ``assess._one_said_with_article``
    one_noun: str | None = None
    # claim only: the number counts members of a set the source lists rather than writes as a count
    # ("the two cohorts", "3 different drugs"); the word after it ("cohorts", "different"), with which
    # a source that does write the count would write it: ``assess._set_count_unwritten``
    counts_set: str | None = None
    # claim only: the multiple a percentage written as a change states ("tripled", read as "increased
    # by 200%": 3.0), which a model file may state as its fold result instead (``model_check``)
    fold: float | None = None
    # claim only: the number of a frequency phrase ("2" of "twice daily" read as "2 times daily", "12
    # hours" of "every 12 hours"), as the agreement check's frequency group it writes ("twice_daily"):
    # a line writing that group in any of its forms ("every 12 hours" for "BID") states it
    # (``assess.match_atom``); which amount the frequency is said of is ``values.dose_frequency``'s
    frequency: str | None = None
    start: int = 0
    end: int = 0

    @property
    def is_bare(self) -> bool:
        return self.dim == ""

    def evolve(self, **changes: object) -> ValueAtom:
        """``dataclasses.replace(self, **changes)`` without its per-field introspection (~3x
        faster; the index entries of every fraction, range and rate are made this way)."""
        values = list(_ALL_VALUES(self))
        for name, value in changes.items():
            values[_FIELD_INDEX[name]] = value
        return ValueAtom(*values)

    def describe(self) -> str:
        """Human-readable canonical form, e.g. '≥ 20 mg/day', '2/20', '10–20 mg', 'p < 0.001'."""
        q = {"<": "< ", "<=": "≤ ", ">": "> ", ">=": "≥ ", "~": "≈ "}.get(self.qualifier or "", "")
        if self.kind == "fraction":
            body = f"{self.num}/{self.den}"
        elif self.kind == "range":
            body = f"{_fmt(self.number, self.decimals)}–{_fmt(self.high or 0.0, self.decimals)}"
        else:
            body = _fmt(self.number, self.decimals)
        unit = self.unit
        if unit in ("%", "‰", "‱"):
            text = f"{q}{body}{unit}"
        elif unit.startswith(("USD", "EUR", "GBP", "CNY", "JPY", "CHF")):
            text = f"{q}{unit} {body}"
        else:
            text = f"{q}{body} {unit}".rstrip()
        if self.stat == "p":
            text = f"p {q or '= '}{body}"
        elif self.stat:
            text = f"{self.stat} {text}"
        if self.count_noun:
            text += f" ({self.count_noun})"
        if self.derived:
            text += " [derived]"
        if self.month_count is not None:
            text += f" [or {_fmt(self.month_count, 0)} months]"
        if self.million_count is not None:
            text += f" [or {_fmt(self.million_count, 0)}]"
        if self.under_header is not None:
            text += f" [column: {self.under_header.describe()}]"  # the value as the header reads it, scale included
        return text


_FIELD_NAMES = tuple(f.name for f in fields(ValueAtom))
_FIELD_INDEX = {name: i for i, name in enumerate(_FIELD_NAMES)}
_ALL_VALUES = attrgetter(*_FIELD_NAMES)  # every field, in order, read in C


def _slot_setting_init() -> Callable[..., None]:
    """The dataclass's ``__init__`` (same parameters, defaults and order) storing each field
    through its slot's descriptor: the generated one calls ``object.__setattr__`` by name per
    field, which a frozen class needs but which costs ~2x (a run builds ~10^4 atoms)."""
    params, body, env = [], [], {}
    for i, f in enumerate(fields(ValueAtom)):
        if f.default is MISSING:
            params.append(f.name)
        else:
            env[f"_d{i}"] = f.default
            params.append(f"{f.name}=_d{i}")
        env[f"_s{i}"] = ValueAtom.__dict__[f.name].__set__
        body.append(f"    _s{i}(self, {f.name})")
    source = f"def __init__(self, {', '.join(params)}):\n" + "\n".join(body) + "\n"
    exec(source, env)  # noqa: S102 — the source is built from the class's own field names
    init = env["__init__"]
    init.__qualname__ = f"{ValueAtom.__qualname__}.__init__"
    return init


ValueAtom.__init__ = _slot_setting_init()  # type: ignore[method-assign]


def _fmt(value: float, decimals: int) -> str:
    if decimals <= 0 or abs(value) >= 1e4 and float(value).is_integer():
        return f"{value:,.0f}"
    return f"{value:.{decimals}f}"
