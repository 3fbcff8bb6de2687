"""A cited model file is checked, not trusted (SPEC §3.4, CP104).

A number backed by a model file is supported only when every link of the model holds:

1. each input's value is supported at its own anchor (resolved through the same store and
   matched with ``match_atom``, exactly as a claim's number is against its window);
2. each formula evaluates on those inputs (``model_file.evaluate``);
3. the result the file states equals the formula's value at the stated precision;
4. the claim's number equals a value the model stands behind — a checked result, a prose
   statement of it, or a checked input — on the lines the claim cites;
5. the derivation is the one the figure claims: an input named for a period or subject is that
   one's figure at its anchor, a root over a count of years equals the years its inputs are
   apart, a difference of percentages is stated in points, and a claim's rate per year ("a CAGR
   of 13.1%", "13.1% annually") is backed only by a formula that annualises it.

A broken link (an input not at its anchor, an anchor that resolves nowhere, an input without
an anchor, a stated result the formula does not give, a model without a formula) makes the
number missing: CP104 fails it like a number absent from a cited window, because the cited
place — the calculation — does not carry it. Only what this checker cannot read (a formula
token it does not know, a name no input defines, a bare result whose units it cannot scale,
an input that is only plausible at its anchor) leaves the number plausible, for Tier 2.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import PurePosixPath

from citeproof.model import Anchor, Location
from citeproof.parse.anchors import scan_anchors
from citeproof.report import NumberState
from citeproof.settings import Settings
from citeproof.sources.types import Resolution, SourceDocument, SourceWindow
from citeproof.values.assess import TextIndex, claim_atoms, index_text, match_atom
from citeproof.values.atoms import ValueAtom
from citeproof.values.lexicon import data_json, lexicon
from citeproof.values.model_file import FormulaError, ModelFile, ModelFormula, evaluate, read_model
from citeproof.values.window_index import WindowIndex, read_window

MODELS_CHANNEL = "models"

Resolver = Callable[[Anchor], Resolution]


def is_model_window(kind: str, document: SourceDocument, settings: Settings) -> bool:
    """A window of saved model/formula evidence: a kind mapped to the models channel, a file in
    the models channel, or an evidence path with a models/ folder (the anchors CP208 counts)."""
    if settings.channel_for(kind) == MODELS_CHANNEL or document.channel == MODELS_CHANNEL:
        return True
    path = document.path
    if MODELS_CHANNEL not in path:
        return False  # no folder of that name in it: asked per claim and window, no path object built
    return MODELS_CHANNEL in PurePosixPath(path.replace("\\", "/")).parts[:-1]


def input_anchors(document: SourceDocument, settings: Settings) -> list[Anchor]:
    """The anchors a model file's inputs cite ("- rev2024 = USD 1.86 billion [evidence:sizing.md#L4]")."""
    return [anchor for item in read_model(document.text).inputs
            for anchor in scan_anchors(item.anchors_text, Location(line=item.line), settings).anchors]


@dataclass(frozen=True, slots=True)
class _Statement:
    """A value the model file writes, and whether the model stands behind it."""

    line: int
    text: str  # indexed: the value as written
    shown: str  # the model file's line, as a decided number's match
    vouched: bool
    why: str | None = None  # for an unvouched statement: what breaks it
    unsure: bool = False  # unvouched only because the checker cannot tell (its units)
    # a result that is no rate per year: "total" a change over a span of years the inputs name,
    # "unsure" a change over a span they do not name (``_rate_kind``); "" an input or an annual rate
    rate: str = ""


@dataclass
class CheckedModel:
    path: str
    problem: str | None = None  # the first broken link, naming the file, line and link
    problem_state: NumberState = "missing"  # "plausible" when the checker could not read a link
    statements: list[_Statement] = field(default_factory=list)
    currencies: set[str] = field(default_factory=set)  # what money the inputs are stated in ("currency:CNY")
    years: dict[str, int] = field(default_factory=dict)  # the year each input is of (its name's, or its cited line's)
    _indexes: dict[tuple[int, int, bool], TextIndex] = field(default_factory=dict)

    def index(self, first: int, last: int, annual: bool = False) -> TextIndex:
        """The vouched statements on lines first..last, one index (once the check is complete);
        ``annual``: only those that may state a rate per year."""
        cached = self._indexes.get((first, last, annual))
        if cached is None:
            cached = self._indexes[(first, last, annual)] = self.build_index(first, last, annual)
        return cached

    def build_index(self, first: int, last: int, annual: bool = False) -> TextIndex:
        out = TextIndex()
        for s in self.statements:
            if first <= s.line <= last and s.vouched and not (annual and s.rate):
                for dim_entries in index_text(s.text).by_dim.values():
                    for atom, _ in dim_entries:
                        out.add(atom, s.shown)
        return out


_DIGITS = re.compile(r"\d[\d,]*(?:\.\d+)?")


class ModelChecker:
    """Checks each cited model file once per run (memoised by path)."""

    def __init__(self, resolve: Resolver | None, settings: Settings,
                 index_of: Callable[[SourceWindow], TextIndex | WindowIndex] = read_window) -> None:
        """``index_of``: a window's value index — the one the numeric-support rule reads a claim's
        number from (``read_window``; the rule passes its run-memoised one), so an input is found
        at its anchor exactly as a claim's number would be: a table row's bare cell in its column
        header's unit and scale, a wrapped line rejoined."""
        self.resolve = resolve
        self.settings = settings
        self.index_of = index_of
        self._checked: dict[str, CheckedModel] = {}
        self._in_progress: set[str] = set()

    # ------------------------------------------------------------------ a claim's number

    def reads_as_model(self, kind: str, window: SourceWindow) -> bool:
        return is_model_window(kind, window.document, self.settings)

    @staticmethod
    def holds_formula(window: SourceWindow) -> bool:
        """An evidence file used as a model: it is read so for a derived number only."""
        return bool(read_model(window.document.text).formulas)

    def assess(self, atom: ValueAtom, window: SourceWindow, *, negated: bool,
               annual: bool = False) -> tuple[NumberState, str | None, str | None]:
        """The state of a claim atom against a model window, the line that decided, and why not.
        ``annual``: the claim states the atom as a rate per year ("a CAGR of 13.1%")."""
        model = self.check(window.document)
        first, last = window.line_start, window.line_end
        if model.problem is not None and model.problem_state == "missing":
            return "missing", None, model.problem
        index = model.index(first, last)
        state, line = match_atom(atom, index, negated=negated)
        if annual and state != "missing" and match_atom(atom, model.index(first, last, True), negated=negated)[0] == "missing":
            return _not_annual(atom, model, first, last, line)
        fold = _as_fold(atom)
        if fold is not None:
            if state == "missing":
                # "tripled" is an increase of 200% and a fold of 3: the model may state either
                state, line = match_atom(fold, index, negated=negated)
            elif state == "supported" and not _as_percentage(atom, index, negated) \
                    and match_atom(fold, index, negated=negated)[0] != "supported":
                # a bare 1.0 is "doubled" as an increase in proportion, but no change as a fold: which
                # the model computes is the judge's to read
                return "plausible", line, (f"model {model.path}: {line} may be a fold, not the increase "
                                           f"'{atom.raw}' as a proportion; the judge reads which")
        if state != "missing":
            if model.problem is not None:  # nothing broken, but a link could not be read
                return "plausible", line, model.problem
            return state, line, None
        for s in model.statements:
            if first <= s.line <= last and not s.vouched and match_atom(atom, index_text(s.text), negated=negated)[0] != "missing":
                return ("plausible", s.shown, s.why) if s.unsure else ("missing", None, s.why)
        if model.problem is not None:  # a link could not be read: the window's text is for Tier 2 to judge
            state, line = match_atom(atom, index_text(window.text), negated=negated)
            if state != "missing":
                return "plausible", line, model.problem
        lines = f"line {first}" if first == last else f"lines {first}-{last}"
        return "missing", None, (
            f"model {model.path} {lines} state(s) no checked result or input equal to it"
            + (f" ({model.problem})" if model.problem else "")
        )

    # ------------------------------------------------------------------ the model itself

    def check(self, document: SourceDocument) -> CheckedModel:
        cached = self._checked.get(document.path)
        if cached is None:
            if document.path in self._in_progress:
                return CheckedModel(document.path, problem=f"model {document.path} cites itself through its inputs")
            self._in_progress.add(document.path)
            try:
                cached = self._checked[document.path] = self._check(document)
            finally:
                self._in_progress.discard(document.path)
        return cached

    def _check(self, document: SourceDocument) -> CheckedModel:
        path = document.path
        model = read_model(document.text)
        checked = CheckedModel(path)
        if not model.formulas:
            checked.problem = (f"model {path} holds no formula ('Formula: name = expression'): a model file "
                               "supports a number only through its calculation, not by its text")
            return checked
        stated, based, percents = self._inputs(model, document, checked)
        values = self._formulas(model, stated, based, percents, checked)
        if values is None:
            return checked
        if (wrong := _root_off_span(model, checked)) is not None and (checked.problem is None or checked.problem_state == "plausible"):
            checked.problem, checked.problem_state = wrong, "missing"
        self._results(model, document, values, checked, _bare_is_ambiguous(model))
        return checked

    def _inputs(
        self, model: ModelFile, document: SourceDocument, checked: CheckedModel,
    ) -> tuple[dict[str, float], dict[str, float], set[str]]:
        """Each input's value as stated and in base units, once it is checked at its anchors, and
        the inputs that are percentages (their value as written: 30 for 30%)."""
        stated: dict[str, float] = {}
        based: dict[str, float] = {}
        percents: set[str] = set()
        scale = _units_scale(model.units)
        for item in model.inputs:
            atoms = claim_atoms(item.value_text)
            value = atoms[0] if atoms else None
            if value is None or value.kind == "range":
                continue  # not a number: a formula that reads it cannot be evaluated (unreadable)
            number = value.num / value.den if value.kind == "fraction" and value.den else value.number  # type: ignore[operator]
            if value.dim == "percent":
                percents.add(item.name)
            if value.dim.startswith("currency:"):
                checked.currencies.add(value.dim)
            stated[item.name] = number
            based[item.name] = number * value.factor
            year = _year_in_name(item.name) or self._cited_year(value, item.line, item.anchors_text)
            if year is not None:
                checked.years[item.name] = year
            state, why = self._input_state(item.name, value, item.line, item.anchors_text, checked.path,
                                           _bare_in_units(value, scale))
            if state == "supported":
                checked.statements.append(_Statement(item.line, item.value_text, _shown(document, item.line), True))
            elif checked.problem is None or checked.problem_state == "plausible" and state == "missing":
                checked.problem, checked.problem_state = why, state
        return stated, based, percents

    def _input_state(self, name: str, value: ValueAtom, line: int, anchors_text: str, path: str,
                     in_units: ValueAtom | None = None) -> tuple[NumberState, str | None]:
        where = f"model {path} line {line}: input {name}"
        anchors = scan_anchors(anchors_text, Location(line=line), self.settings).anchors
        if not anchors:
            # strict: a constant is checked as a literal of the formula, an input only at its source
            return "missing", (f"{where} ({value.raw}) names no anchor, so nothing supports it: write a fixed "
                               f"constant as a literal in the formula ('^ (1 / {value.raw})' for a count of years) "
                               "or cite where the input comes from ('[evidence:file.md#L4]')")
        reasons: list[str] = []
        best: NumberState = "missing"
        for anchor in anchors:
            state, why = self._at_anchor(value, anchor, name, in_units)
            if state == "supported":
                return "supported", None
            if state == "plausible":
                best = "plausible"
            reasons.append(why or "")
        return best, f"{where}: " + "; ".join(reasons)

    def _cited_year(self, value: ValueAtom, line: int, anchors_text: str) -> int | None:
        """The one year the cited lines holding ``value`` name ("… $5.8 billion in 2021"), or None."""
        if self.resolve is None:
            return None
        years: set[int] = set()
        for anchor in scan_anchors(anchors_text, Location(line=line), self.settings).anchors:
            window = self.resolve(anchor).window
            if window is None:
                continue
            for text in window.text.split("\n"):
                if match_atom(value, index_text(text))[0] == "supported":
                    years.update(int(y) for y in _YEAR.findall(text))
        return years.pop() if len(years) == 1 else None

    def _at_anchor(self, value: ValueAtom, anchor: Anchor, name: str = "",
                   in_units: ValueAtom | None = None) -> tuple[NumberState, str | None]:
        """The input's state at one anchor; ``in_units``: a bare input read in the model's Units."""
        shown = f"[{anchor.raw}]"
        if self.resolve is None:
            return "missing", f"{shown} cannot be resolved (no source store)"
        resolution = self.resolve(anchor)
        window = resolution.window
        if window is None:
            detail = resolution.finding.message if resolution.finding else "no saved source"
            return "missing", f"{shown} does not resolve ({detail})"
        if is_model_window(anchor.kind, window.document, self.settings):
            state, _, why = self.assess(value, window, negated=False)
        else:
            index = self.index_of(window)
            state, _ = match_atom(value, index.for_atom(value))
            if state == "plausible" and in_units is not None:
                # a bare input is in the model's Units ("size2023 = 10.4" under "Units: USD billion"):
                # a cell its column header scales so ("Market size (USD billion)") states that amount
                state = "supported" if match_atom(in_units, index.for_atom(in_units))[0] == "supported" else state
            why = None
            if state == "supported" and (other := _paired_elsewhere(name, value, window.text)) is not None:
                return "missing", f"{value.raw} is at {shown}, but {other}"
        if state == "missing":
            return "missing", f"{value.raw} not found at {shown}" + (f" ({why})" if why else "")
        if state == "plausible":
            return "plausible", f"{value.raw} is only approximately at {shown}"
        return "supported", None

    @staticmethod
    def _formulas(model: ModelFile, stated: dict[str, float], based: dict[str, float], percents: set[str],
                  checked: CheckedModel) -> dict[str, _Value] | None:
        """Each formula's value (as stated, in base units), its line, and whether it is already a
        percentage; None when one breaks. A formula reads its percentages as their formula needs
        them: beside an amount as proportions ("market * share": 30% of 120 is 36), among
        percentages only as written ("100 - share_a - share_b", "orr_a - orr_b" in points), and
        its value is then a percentage, as is one that multiplies amounts by 100; multiplied,
        divided or taken from 1 ("1 - share_a - share_b") they are proportions again."""
        out: dict[str, _Value] = {}
        for formula in model.formulas:
            names = {n for n in _NAME.findall(formula.expression) if n in stated}
            shares = names & percents
            # percentages only added and subtracted (100 the only constant) stay as written; beside an
            # amount, multiplied, divided or taken from 1 they are proportions
            added = bool(shares) and not (names - percents) and _ADDITIVE.fullmatch(_NAME.sub("x", formula.expression)) is not None
            hundred = _TIMES_100.search(formula.expression) is not None
            proportions = bool(shares) and not added
            as_is = added or hundred
            s_vals = {k: v / 100 if proportions and k in shares else v for k, v in stated.items()}
            b_vals = {k: v / 100 if proportions and k in shares else v for k, v in based.items()}
            try:
                s = evaluate(formula.expression, s_vals)
                b = evaluate(formula.expression, b_vals)
                alt = None
                if proportions and hundred:
                    # a 100 beside percentages reads both ways: "(orr_a - orr_b) / orr_b * 100" and
                    # "100 / arr" take them as written, "(orr_a + orr_b) / 2 * 100" as proportions
                    alt = (evaluate(formula.expression, stated), evaluate(formula.expression, based))
            except FormulaError as exc:
                # a formula that cannot be read is not shown wrong: the number goes to Tier 2
                # (unless a link before it is already broken)
                if checked.problem is None or checked.problem_state == "plausible":
                    checked.problem = f"model {checked.path} line {formula.line}: {exc}"
                    checked.problem_state = "plausible" if exc.unreadable else "missing"
                return None
            stated[formula.target], based[formula.target] = s, b
            if as_is:
                percents.add(formula.target)  # a percentage as written, for the formulas after it
            if alt is not None:
                stated[formula.target], based[formula.target] = alt  # as written, for the formulas after it
            # "margin2023 - margin2022" is 3 points; "100 - share_a - share_b" is a share again, in percent
            difference = added and "-" in formula.expression and not _TIMES_100.search(formula.expression)
            out[formula.target] = _Value(s, b, formula.line, as_is, alt, difference)
        return out

    def _results(self, model: ModelFile, document: SourceDocument, values: dict[str, tuple[float, float, int, bool]],
                 checked: CheckedModel, bare_ambiguous: bool) -> None:
        last = model.formulas[-1].target
        scale = _units_scale(model.units)
        for result in model.results:
            atoms = claim_atoms(result.value_text)
            if not atoms or atoms[0].kind != "value":
                continue
            if (foreign := _currency_unchecked(atoms[0], checked.currencies)) is not None:
                # the arithmetic can hold while the money does not: RMB 36 billion x 7.2 RMB per USD is not
                # USD 259.2 billion. The checker reads no exchange: a result in another currency is judged
                if checked.problem is None:
                    checked.problem, checked.problem_state = (
                        f"model {checked.path} line {result.line}: the result is in {foreign}, which no input is "
                        "stated in; the checker does not convert currencies", "plausible")
                continue
            target = result.target if result.target in values else last
            if values[target].difference and atoms[0].dim == "percent":
                if checked.problem is None or checked.problem_state == "plausible":
                    checked.problem, checked.problem_state = _points_as_percent(checked.path, result.line, atoms[0]), "missing"
                continue
            verdict = values[target].compare(atoms[0], scale, bare_ambiguous, _in_points(result.value_text, atoms[0]))
            if verdict is None:
                if checked.problem is None:
                    checked.problem, checked.problem_state = _unscaled(checked.path, result.line, model.units, atoms[0]), "plausible"
                continue
            ok, shown = verdict
            if ok:
                vouched = result.value_text if shown == atoms[0].raw else shown  # a bare value in its Units' scale
                checked.statements.append(_Statement(result.line, vouched, _shown(document, result.line), True,
                                                     rate=_rate_kind(model, target, checked.years)))
            elif checked.problem is None or checked.problem_state == "plausible":
                checked.problem, checked.problem_state = (
                    f"model {checked.path} line {result.line}: the formula gives {shown}, the file states {atoms[0].raw}",
                    "missing")
        self._prose(model, document, values[last], scale, checked, bare_ambiguous)

    def _prose(self, model: ModelFile, document: SourceDocument, value: _Value,
               scale: ValueAtom | None, checked: CheckedModel, bare_ambiguous: bool) -> None:
        """Numbers in the file's prose: vouched when they state the result or a checked input."""
        inputs = checked.build_index(1, len(document.lines))  # the checked inputs so far
        rate = _rate_kind(model, model.formulas[-1].target, checked.years)
        for n, line in enumerate(document.lines, start=1):
            if n in model.structural_lines or not line.strip() or line.lstrip().startswith("#"):
                continue
            for atom in claim_atoms(line):
                if atom.kind != "value":
                    continue
                verdict = value.compare(atom, scale, bare_ambiguous, _in_points(line, atom))
                if verdict is not None and verdict[0] and value.difference and atom.dim == "percent":
                    checked.statements.append(_Statement(
                        n, atom.raw, _shown(document, n), False, _points_as_percent(checked.path, n, atom)))
                elif verdict is not None and verdict[0]:
                    checked.statements.append(_Statement(n, verdict[1], _shown(document, n), True, rate=rate))
                elif match_atom(atom, inputs)[0] == "supported":
                    # an input's figure in the file's own words: the input is checked at its anchor, but
                    # whose figure the prose makes it is not ("oncology revenue was RMB 12 billion" beside
                    # a checked total of RMB 12 billion) — the judge reads it
                    checked.statements.append(_Statement(
                        n, atom.raw, _shown(document, n), False,
                        f"model {checked.path} line {n}: {atom.raw} equals a checked input, but the model checks "
                        "no sentence that restates it; cite the input's own source", unsure=True))
                elif verdict is None:
                    checked.statements.append(_Statement(
                        n, atom.raw, _shown(document, n), False, _unscaled(checked.path, n, model.units, atom), unsure=True))
                else:
                    checked.statements.append(_Statement(
                        n, atom.raw, _shown(document, n), False,
                        f"model {checked.path} line {n}: the formula gives {verdict[1]}, the file states {atom.raw}"))


# a period an input's name says its value is of: "rev2023", "fy22_sales", "q3_revenue", "h1_sales"
_PERIOD_IN_NAME = re.compile(r"(?i)(?:fy|cy)?(?:19|20)\d{2}(?!\d)|(?<![a-z])fy\d{2}(?!\d)|(?<![a-z])(?:q[1-4]|h[12])(?![a-z\d])")


@lru_cache(maxsize=1)
def _annual_cues() -> re.Pattern[str]:
    cues = sorted(data_json("value_cues.json")["annual_rate"]["cues"], key=len, reverse=True)
    # "15% a year earlier" dates a figure, it does not make it a rate
    return re.compile(r"(?<![a-z])(?:" + "|".join(re.escape(c) for c in cues) + r")(?![a-z])(?!\s+(?:earlier|ago|before|prior))")


def says_annual(claim_text: str, atom: ValueAtom) -> bool:
    """Does the claim state the percentage ``atom`` as a rate per year ("a CAGR of 13.1%",
    "13.1% annually", "年复合增长率为13.1%")? A cue close before or after it counts."""
    if atom.dim != "percent" or not claim_text:
        return False
    low = claim_text.lower()
    near = low[max(0, atom.start - 40): atom.start] + " | " + low[atom.end: atom.end + 30]
    return _annual_cues().search(near) is not None


def _as_percentage(atom: ValueAtom, index: TextIndex, negated: bool) -> bool:
    """Does ``index`` support the claim's percentage as a percentage (not as a bare proportion)?"""
    percents = TextIndex()
    for entry, shown in index.get("percent"):
        percents.add(entry, shown)
    return match_atom(atom, percents, negated=negated)[0] == "supported"


def _as_fold(atom: ValueAtom) -> ValueAtom | None:
    """The multiple a claim's change states, as a bare number at the change's precision
    ("tripled" → 3, "increased by 150%" → 2.5; ``ValueAtom.fold``), or None."""
    if atom.fold is None:
        return None
    atoms = claim_atoms(f"{round(atom.fold, atom.decimals + 2):g}")
    return atoms[0] if atoms else None


def _currency_unchecked(stated: ValueAtom, currencies: set[str]) -> str | None:
    """The currency of a stated result when the inputs state money in others only, else None."""
    if currencies and stated.dim.startswith("currency:") and stated.dim not in currencies:
        return stated.dim.removeprefix("currency:")
    return None


def _paired_elsewhere(name: str, value: ValueAtom, text: str) -> str | None:
    """Why the anchored text gives ``value`` to another period or subject than the input's name
    says ("rev2023 = $120 million" at "… $100 million in 2023 and $120 million in 2024";
    "acme_share = 34%" at "Beta held 34%, while Acme held 21%"), or None."""
    period = _PERIOD_IN_NAME.search(name)
    pseudos = []
    if period is not None:
        label = period.group(0)
        pseudos.append(f"{label[-4:] if label[-4:].isdigit() else label}: {value.raw}")  # "fy2023" reads as the year
    # the name's words without its period ("acme_share_2023" → "acme share") name whose figure it is
    words = " ".join(w for w in re.split(r"[_\d]+", _PERIOD_IN_NAME.sub(" ", name)) if len(w) > 1)
    if words.strip():
        pseudos.append(f"{words.strip()}: {value.raw}")
    return next((why for pseudo in pseudos if (why := _pairing_elsewhere(pseudo, value, text)) is not None), None)


def _pairing_elsewhere(pseudo: str, value: ValueAtom, text: str) -> str | None:
    """Each line holding the value is read as the claim ``pseudo`` ("<period or subject>: <value>")
    would be (``binding``): why every such line gives it to another label, or None — one line that
    gives it to that label, or says nothing otherwise, is enough."""
    from citeproof.values.binding import binding_differs  # binding reads values through assess

    reasons = []
    for line in text.split("\n"):
        if match_atom(value, index_text(line))[0] != "supported":
            continue
        why = binding_differs(pseudo, claim_atoms(pseudo), line)
        # only a pairing of the value with another period counts: the bare "<period>: <value>"
        # lacks the line's other words, which the binding check may otherwise name
        if why is None or "the source gives" not in why:
            return None
        reasons.append(why)
    return reasons[0].replace("the claim gives", "the input's name gives", 1) if reasons else None


_YEAR = re.compile(r"(?<!\d)(?:19|20)\d{2}(?!\d)")
# a root a formula takes of a literal count of years: "^ (1 / 5)", "** (1/7)"
_ROOT = re.compile(r"(?:\^|\*\*)\s*\(\s*1\s*/\s*(\d+(?:\.\d+)?)\s*\)")


def _year_in_name(name: str) -> int | None:
    """The year an input's name says its value is of ("size2030" → 2030), or None."""
    years = {int(y) for y in _YEAR.findall(name)}
    return years.pop() if len(years) == 1 else None


def _chain(model: ModelFile, target: str) -> tuple[set[str], bool]:
    """The names ``target``'s formula reads, through the formulas before it, and whether any of
    them takes a root or power (annualises a change)."""
    formulas = {f.target: f for f in model.formulas}
    seen: set[str] = set()
    todo, power = [target], False
    while todo:
        formula = formulas.get(todo.pop())
        if formula is None:
            continue
        power = power or "^" in formula.expression or "**" in formula.expression
        for n in _NAME.findall(formula.expression):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return seen, power


def _span(names: set[str], years: dict[str, int]) -> tuple[int, int] | None:
    """The first and last year of the inputs among ``names``, when they name exactly two."""
    found = sorted({years[n] for n in names if n in years})
    return (found[0], found[1]) if len(found) == 2 else None


def _root_off_span(model: ModelFile, checked: CheckedModel) -> str | None:
    """A formula taking the n-th root of inputs of two years n does not separate ("(size2030 /
    size2023) ^ (1 / 5) - 1" over 7 years): the model's rate is per the wrong period."""
    for formula in model.formulas:
        m = _ROOT.search(formula.expression)
        span = _span(_chain(model, formula.target)[0], checked.years) if m else None
        if m and span and float(m.group(1)) != span[1] - span[0]:
            return (f"model {checked.path} line {formula.line}: the formula takes the root 1 / {m.group(1)}, but its "
                    f"inputs are of {span[0]} and {span[1]}, {span[1] - span[0]} years apart: a rate per year "
                    f"over them takes the root 1 / {span[1] - span[0]}")
    return None


def _rate_kind(model: ModelFile, target: str, years: dict[str, int]) -> str:
    """Whether ``target``'s value can be a rate per year: "" when its formula annualises (a root
    or power) or its inputs are one year apart, "total" when they are years apart, "unsure" when
    they name no span (``_Statement.rate``)."""
    names, power = _chain(model, target)
    if power:
        return ""
    span = _span(names, years)
    if span is None:
        return "unsure"
    return "" if span[1] - span[0] == 1 else "total"


def _not_annual(atom: ValueAtom, model: CheckedModel, first: int, last: int,
                line: str | None) -> tuple[NumberState, str | None, str | None]:
    """A claim's rate per year ("a CAGR of 44.8%") that the model states only as a change over
    several years, with no root or power: not the rate the claim says; the judge reads a change
    over a span the model does not name."""
    total = any(s.rate == "total" and first <= s.line <= last and s.vouched
                and match_atom(atom, index_text(s.text))[0] != "missing" for s in model.statements)
    why = (f"model {model.path}: the claim states {atom.raw} per year (a compound or annual rate), but the model's "
           "formula computes the change over the whole span, with no root or power that annualises it")
    return ("missing", None, why) if total else ("plausible", line, why)


def _points_as_percent(path: str, line: int, stated: ValueAtom) -> str:
    return (f"model {path} line {line}: the formula takes one percentage from another, which gives percentage "
            f"points, but the file states {stated.raw}: a rise of points is not a rise of percent")


def _shown(document: SourceDocument, line: int) -> str:
    return document.lines[line - 1].strip()[:200]  # as the window index shows a line


def _unscaled(path: str, line: int, units: str | None, stated: ValueAtom) -> str:
    return (f"model {path} line {line}: units {units!r} do not say what scale the bare value {stated.raw} is in, "
            "and the inputs carry units")


def _bare_is_ambiguous(model: ModelFile) -> bool:
    """Can a bare stated value ("2.0") be in a scale this checker cannot read? Only when the
    inputs carry units and the Units line is absent or names a scale word it could not read
    ("USD bn" unread): then "2.0" may well be $2.0 billion."""
    if not any(not a.is_bare for item in model.inputs for a in claim_atoms(item.value_text)[:1]):
        return False
    if model.units is None:
        return True
    if lexicon().scale_word_re.search(model.units.lower()) is None:
        return False
    scale = _units_scale(model.units)
    return scale is None or scale.number == 1  # the scale word was not read with the unit


def _bare_in_units(value: ValueAtom, scale: ValueAtom | None) -> ValueAtom | None:
    """A bare input written in the Units' scale ("10.4" under "USD billion" → USD 10.4 billion), or None."""
    if not value.is_bare or scale is None:
        return None
    atoms = claim_atoms(re.sub(r"(?<![\d.])1(?![\d.])", value.raw, scale.raw, count=1))
    return atoms[0] if atoms and not atoms[0].is_bare else None


def _units_scale(phrase: str | None) -> ValueAtom | None:
    """'USD billion' → the atom of 'USD 1 billion': what a bare result of 1 stands for."""
    if not phrase:
        return None
    words = phrase.split(None, 1)
    readings = [f"1 {phrase}", f"1{phrase}"] + ([f"{words[0]} 1 {words[1]}"] if len(words) == 2 else [])
    atoms = [a for text in readings for a in claim_atoms(text)[:1] if not a.is_bare or a.number != 1]
    return max(atoms, key=lambda a: len(a.raw)) if atoms else None


@dataclass(frozen=True, slots=True)
class _Value:
    """A formula's value as stated and in base units, its line, and whether it is already a percentage."""

    stated: float
    based: float
    line: int
    as_is: bool
    alt: tuple[float, float] | None = None  # its percentages as written, where a 100 leaves that open
    difference: bool = False  # one percentage less another: its value is in percentage points, not percent

    def compare(self, stated: ValueAtom, scale: ValueAtom | None, bare_ambiguous: bool, points: bool) -> tuple[bool, str] | None:
        verdict = _compare((self.stated, self.based), stated, scale, percent_as_is=self.as_is,
                           bare_ambiguous=bare_ambiguous, points=points)
        if self.alt is not None and (verdict is None or not verdict[0]):
            other = _compare(self.alt, stated, scale, percent_as_is=True, bare_ambiguous=bare_ambiguous, points=points)
            if other is not None and other[0]:
                return other
        return verdict


_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_TIMES_100 = re.compile(r"(?<![\d.])100(?![\d.])")
# an expression of names ("x") added and subtracted, with 100 the only constant: "100 - x - x", "x + x"
_ADDITIVE = re.compile(r"\s*\(*\s*(?:x|100)\s*\)*(?:\s*[-+]\s*\(*\s*(?:x|100)\s*\)*)*\s*")


_POINTS = re.compile(r"percentage[- ]points?|\bp\.?p\.?(?![a-z])|百分点|个点", re.IGNORECASE)


def _in_points(text: str, stated: ValueAtom) -> bool:
    """Is ``stated`` a difference of percentages in percentage points ("15 percentage points",
    "15 pp", "5个百分点")? A proportion's difference is then 100 times smaller than stated."""
    return stated.dim == "" and _POINTS.match(text[stated.end :].lstrip()) is not None


def _compare(value: tuple[float, float], stated: ValueAtom, scale: ValueAtom | None, *,
             percent_as_is: bool, bare_ambiguous: bool, points: bool = False) -> tuple[bool, str] | None:
    """Does the formula's value (as stated, in base units) equal ``stated`` at its precision?
    Returns (True, the value the model then stands behind — a bare value in the Units' scale) or
    (False, the formula's value written like ``stated``); None when a bare stated value cannot be
    put in the unit-bearing formula's scale."""
    v_stated, v_base = value
    hundredths = stated.dim == "percent" or points  # a percentage, or percentage points
    multipliers = [100.0] if hundredths and not percent_as_is else [1.0]
    # each reading: (formula value, stated value, the stated unit's size, the value as vouched)
    readings: list[tuple[float, float, float, str]] = []
    # a bare stated value is in the Units' scale ("Result: tam = 500" under "Units: 亿元" is 500亿元),
    # also when the formula itself scaled it there ("… / 100000000")
    in_units = re.sub(r"(?<![\d.])1(?![\d.])", stated.raw, scale.raw, count=1) if stated.is_bare and not points and scale is not None else None
    for m in multipliers:
        readings.append((v_stated * m, stated.number, 1.0, in_units or stated.raw))
        readings.append((v_base * m, stated.number * stated.factor, stated.factor, in_units or stated.raw))
        if in_units is not None and scale is not None:
            readings.append((v_stated * m, stated.number * scale.number, scale.number, in_units))
            readings.append((v_base * m, stated.number * scale.number * scale.factor, scale.number * scale.factor, in_units))
    for fv, sv, size, vouched in readings:
        if abs(fv - sv) <= stated.step * size / 2 + 1e-9 * max(1.0, abs(sv)):
            return True, vouched
    if stated.is_bare and bare_ambiguous:
        return None  # the inputs carry units a bare value may be scaled in ("2.0" for $2.0 billion): cannot tell
    fv, sv, size, _ = min(readings, key=lambda r: abs(r[0] - r[1]) / max(abs(r[1]), 1e-12))
    return False, _written_like(fv / size, stated)


def _written_like(number: float, stated: ValueAtom) -> str:
    """``number`` (in the stated unit) written as ``stated`` is ("$2.5 billion" → "$2.0 billion")."""
    m = _DIGITS.search(stated.raw)
    digits = float(m.group(0).replace(",", "")) if m else 0.0
    if not m or digits == 0:
        return f"{number:g}"
    shown = number / (stated.number / digits)
    if stated.decimals == 0 and "," in m.group(0) and abs(shown) >= 1000 and float(round(shown, 2)).is_integer():
        return stated.raw[: m.start()] + f"{round(shown):,}" + stated.raw[m.end():]  # "1,200" → "12,000", as grouped
    text = f"{shown:.{stated.decimals + 2}f}".rstrip("0")
    if stated.decimals == 0:
        text = text.rstrip(".")
    else:
        whole, _, frac = text.partition(".")
        text = f"{whole}.{frac.ljust(stated.decimals, '0')}"
    return stated.raw[: m.start()] + text + stated.raw[m.end():]


def check_calculation(path: str, line: int, expression: str, operands: dict[str, ValueAtom],
                      result: ValueAtom, result_text: str) -> tuple[bool, str] | None:
    """A calculation a source writes out in prose ("12,000 patients × $30,000 = $3.6 billion"),
    checked with a model's arithmetic: ``expression`` over ``operands`` (its names) against the
    ``result`` it states. (True, …) when it holds at the result's precision, (False, the value
    the operands give, written like the result) when it does not; None when the checker cannot
    tell — an expression it cannot evaluate, a result in a currency no operand is in, a bare
    result beside operands with units ("$1.2 billion + $0.8 billion = 2,000" may be in millions)."""
    stated = {name: atom.number for name, atom in operands.items()}
    based = {name: atom.number * atom.factor for name, atom in operands.items()}
    percents = {name for name, atom in operands.items() if atom.dim == "percent"}
    currencies = {atom.dim for atom in operands.values() if atom.dim.startswith("currency:")}
    if _currency_unchecked(result, currencies) is not None:
        return None
    model = ModelFile((), (ModelFormula(line, "calculation", expression),), None, (), frozenset())
    values = ModelChecker._formulas(model, stated, based, percents, CheckedModel(path))
    if values is None:
        return None
    # a percentage beside a count is a share of it ("150,000 × 40% × 20% = 12,000"): the result is a count
    shares = any(not atom.is_bare for atom in operands.values()) and any(atom.is_bare for atom in operands.values())
    bare = all(atom.is_bare or shares and atom.dim == "percent" for atom in operands.values())
    points = _in_points(result_text, result)
    value = values["calculation"]
    if result.dim == "basis_point" and percents:
        if not value.as_is:
            return None  # "3.2% × 100 = 320 bps": which scale the 100 stands for is not read
        # a difference of percentages is in percentage points, and 1 point is 100 basis points
        value = _Value(value.stated * 100, value.based * 100, value.line, False)
    verdict = value.compare(result, None, result.is_bare and not bare and not points, points)
    m = _DIGITS.search(result.raw)
    figure = claim_atoms(m.group(0))[:1] if m and bare and not result.is_bare else []
    if verdict is not None and not verdict[0] and figure:
        # bare operands written in the result's scale ("1.2 + 0.8 = $2.0 billion", as a model's bare
        # inputs are in its Units): the result's figure as written is what they may give
        other = value.compare(figure[0], None, False, points)
        if other is not None and (other[0] or _off_by(value.stated, figure[0]) < _off_by(value.stated, result)):
            return other[0], result.raw.replace(figure[0].raw, other[1], 1)  # shown in the result's words
    return verdict


def _off_by(value: float, stated: ValueAtom) -> float:
    """How far ``value`` is from ``stated``, relative to it."""
    return abs(value - stated.number) / max(abs(stated.number), 1e-12)
