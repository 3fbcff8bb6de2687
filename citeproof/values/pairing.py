"""Which label, which words and which role a number has in its own clause, on each side.

"The objective response rate was 40% in the experimental arm and 25% in the control arm"
holds every number and name of "The response rate in the experimental arm was 25%", and in the
same order; what tells them apart is which label each number is stated *with*. A text is cut
into clauses (``clause_breaks`` in ``citeproof/data/claim_support.json``: ';', 'and', 'while',
'versus', '，' …), a break counting only where it stands between two numbers, and each number
is paired with the label of its own clause:

* one label in the clause (however often written): every number of the clause is that label's;
* labels and runs of numbers alternating, as many of each ("12 men and 20 women" in one
  clause, "Arm A: 40%, Arm B: 30%"): the side the clause opens with decides — a clause opening
  with a label gives each run the label before it, one opening with a number the label after;
* "respectively" (分别): the n labels and the n numbers listed in order, paired in order;
* anything else (two labels and one number: "Arm A and Arm B had 40%"): unknown.

Labels come in two classes, paired separately: time points ("at 2 years", "week 12", which
are compared by their length: "at 60 months" is "at 5 years") and subjects (arms, groups,
drugs, men/women, "the control arm"). A claim number the claim pairs with a label passes
only when one of the source's equal numbers is paired with that label too; when none is, or
none is paired at all while the source pairs the label with another number of the kind, the
claim is left to the judge with the source's pairing as the reason.

Arms (arm a, the control group, 试验组, A组, cohort 2) are read once more on their own, since a
drug named beside the arm makes two labels and one number ("Arm A received drug Y 250 mg"):
a claim number stated for arm A, whose equal numbers in the source are all stated in clauses
that name another arm and not A, moved to another arm (``arm_moved``).

Two more pairings of the same kind: the words of a number's clause ("200 patients were
randomised; 150 completed the study": the claim "150 patients were randomised" puts the
first clause's verb with the second clause's number), and the role of a number in "x of N"
(the claim's count "48 patients had a response" is the source's denominator in "16 of 48").
Two read what labels cannot: the words of a year's own clause ("The trial started in 2012 and
ended in 2018": a year is a label, so a claim whose only figure is one has no number to pair),
and the places of two "respectively" lists that are both numbers ("Doses of 10 mg and 20 mg gave
30% and 45%, respectively": the claim must take its dose and its rate from the same place).
"""

from __future__ import annotations

import re
import sys
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from citeproof.values.atoms import ValueAtom
from citeproof.values.compare import relate
from citeproof.values.lexicon import lexicon
from citeproof.values.segment_support import content_terms, cue_document

WHEN = "when"
WHO = "who"


@dataclass(frozen=True, slots=True)
class Label:
    name: str  # as written (lower-cased), for messages
    key: str  # what two labels must share to be the same ("drug x arm" and "drug x": "drug x")
    cls: str  # WHEN or WHO
    start: int
    end: int
    listed: bool = False  # one item of a list under one plural head ("cohorts 1 and 2")
    arm: bool = False  # names a treatment arm, group or cohort ("arm a", "the control group", "试验组")


@dataclass(frozen=True, slots=True)
class Reading:
    """One text's numbers (the label's own numbers left out), labels and clauses, and each
    number's labels per class (none: not established; several: a value stated for a list)."""

    values: tuple[ValueAtom, ...]
    labels: tuple[Label, ...]
    clauses: tuple[tuple[int, int], ...]
    bound: tuple[dict[str, tuple[Label, ...]], ...]


# "the control arm", "the high-dose group" (not "in arm a": a numbered label is read as one)
_ARM_OF = re.compile(
    r"(?<![a-z0-9-])([a-z][a-z0-9+-]*(?:\s[a-z][a-z0-9+-]*)?)\s(?:arm|group|cohort)s?(?![a-z0-9])"
    r"(?!\s(?:[a-z]|\d{1,2}|[ivx]{1,4})(?![a-z0-9]))"
)
_SPAN_UNITS = {"hour": ("hours", 1), "day": ("days", 1), "week": ("days", 7), "month": ("months", 1), "year": ("months", 12)}
_SPAN = re.compile(r"(?:(\d{1,3})\s+(hour|day|week|month|year)s?|(hour|day|week|month|year)\s+(\d{1,3}))$")
_LIST_ITEM = re.compile(r"(?:[a-z]+s\s+)?(?:[a-z]|\d{1,2})(?![a-z0-9])|\d{1,2}")  # "cohorts 1", "2"
# the N of "16 of 48", "33.3% of 48", "16/48" (not "a total of 300", "of the 120 enrolled": no part before it)
_DEN_BEFORE = re.compile(r"\d%?\s*(?:(?<![a-z])of|(?<![a-z])out of|/)\s*(?:the\s+|all\s+)?$")
_NUM_AFTER = re.compile(r"\s*(?:of|out of|/)\s*(?:the\s+|all\s+)?\d")


@lru_cache(maxsize=1)
def clause_breaks() -> re.Pattern[str]:
    doc = cue_document()["clause_breaks"]
    words = sorted((w for w in doc["en"] if w[0].isalpha()), key=len, reverse=True)
    marks = [w for w in doc["en"] if not w[0].isalpha()] + sorted(doc["zh"], key=len, reverse=True)
    return re.compile(
        r"(?<![a-z])(?:" + "|".join(re.escape(w) for w in words) + r")(?![a-z])|" + "|".join(re.escape(m) for m in marks)
    )


@lru_cache(maxsize=1)
def _not_arm_names() -> frozenset[str]:
    return frozenset(cue_document()["not_arm_names"]["en"])


@lru_cache(maxsize=1)
def _respectively() -> tuple[str, ...]:
    return tuple(cue_document()["structure_cues"]["respectively"])


def _written_length(low: str, name: str, at: int) -> int:
    """How far a name runs in the text: a listed item ("cohort 2" found at its "2") is one character."""
    if low.startswith(name, at):
        return len(name)
    m = _LIST_ITEM.match(low, at)
    return m.end() - at if m else 1


@lru_cache(maxsize=1)
def _grade_word() -> re.Pattern[str]:
    words = "|".join(re.escape(w) for w in lexicon().roman_grades)
    return re.compile(r"(?<![a-z])(?:" + words + r")\s*(?:[<>≤≥]=?\s*)?$")


def names_a_grade(low: str, atom: ValueAtom) -> bool:
    """"Grade 3", "stage ≥2": the number names the event, it is no subject's value."""
    return _grade_word().search(low, max(0, atom.start - 12), atom.start) is not None


def _lists_respectively(low: str) -> bool:
    return any(cue in low for cue in _respectively())


# a period with its year, as ``binding`` reads one: "q4 2023", "q4 of 2023", "q4'23", "fy2023",
# "fiscal year 2023"; "4q23", "1h 2023"; "2023 q4"
_PERIODS = (
    re.compile(r"(?P<f>fiscal\s(?:year\s)?|fy\s?)?(?:(?P<p>[qh]\d)(?:\s(?:of\s)?|\s?(?P<g>fy)\s?|')?)?(?P<y>\d{2}|\d{4})"),
    re.compile(r"(?P<d>\d)(?P<l>[qh])(?:\s(?:of\s)?|\s?(?P<g>fy)\s?|')?(?P<y>\d{2}|\d{4})"),
    re.compile(r"(?P<y>\d{4})\s?(?P<p>[qh]\d)"),
)


def _period_key(name: str) -> str | None:
    """One key for each way of writing a period with its year ("Q4 2023", "4Q23", "2023 Q4" →
    "q4 2023"; "FY23", "fiscal 2023" → "fy 2023"), so the claim's and the source's meet; None
    for anything else (a bare year keeps its own name)."""
    for pattern in _PERIODS:
        m = pattern.fullmatch(name)
        if m is None:
            continue
        parts = m.groupdict()
        period = parts.get("p") or (parts["l"] + parts["d"] if parts.get("l") else None)
        fiscal = bool(parts.get("f") or parts.get("g"))
        if period is None and not fiscal:
            return None
        year = m.group("y") if len(m.group("y")) == 4 else f"20{m.group('y')}"
        return " ".join(w for w in ("fy" if fiscal else "", period or "", year) if w)
    return None


def time_key(name: str) -> str:
    """A time point's length in its base unit ("at 5 years", "month 60" → "60 months"; "week 12" →
    "84 days"), a period with its year in one form ("4Q23" → "q4 2023"), or the name itself when it
    is no length (a year, a quarter, "cycle 2")."""
    if period := _period_key(name):
        return period
    m = _SPAN.search(name)
    if m is None:
        return name
    amount, unit = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
    base, factor = _SPAN_UNITS[unit]
    return f"{int(amount) * factor} {base}"


def arm_labels(low: str) -> list[tuple[str, str, int, int]]:
    """"the experimental arm", "the placebo group": (name, key, start, end), the key the name
    without its head word (so it meets "placebo" named alone)."""
    out = []
    for m in _ARM_OF.finditer(low):
        words = m.group(1).split()
        while words and words[0] in _not_arm_names():
            words.pop(0)
        if not words or words[-1] in _not_arm_names():
            continue
        start = m.end(1) - len(" ".join(words)) if len(words) == 1 else m.start(1)  # the words kept end the group
        out.append((low[start:m.end()], " ".join(words), start, m.end()))
    return out


# "arm a", "cohort 2", "group b", "part 1", "队列1", "a组", "试验组"
_ARM_NAME = re.compile(r"(?:arm|cohort|group|part)\s(?:[a-z]|\d{1,2}|[ivx]{1,4})|队列\d{1,2}|.+组")


def _names_an_arm(name: str) -> bool:
    return _ARM_NAME.fullmatch(name) is not None


def make_labels(low: str, names: Sequence[tuple[str, int]], whens: set[str], listed: set[tuple[str, int]]) -> list[Label]:
    """``names`` (position-tagged, as ``binding.names_in``/``subjects_of`` give them; ``listed``
    those that are items of one list) and the "X arm" labels of ``low`` as labels; a label
    inside a longer one is the longer one's."""
    labels = [
        Label(n, time_key(n), WHEN, at, at + len(n)) if n in whens
        else Label(n, n, WHO, at, at + _written_length(low, n, at), (n, at) in listed, _names_an_arm(n))
        for n, at in names
    ]
    labels += [Label(name, key, WHO, s, e, arm=True) for name, key, s, e in arm_labels(low)]
    kept = [
        lab for lab in labels
        if not any(o is not lab and o.start <= lab.start and lab.end <= o.end and (o.end - o.start) > (lab.end - lab.start)
                   for o in labels)
    ]
    unique = {(lab.start, lab.end, lab.cls): lab for lab in kept}
    return sorted(unique.values(), key=lambda lab: lab.start)


def read(low: str, atoms: Sequence[ValueAtom], labels: Sequence[Label]) -> Reading:
    """Pair each number of ``low`` with a label per class (see the module doc)."""
    values = tuple(
        a for a in atoms
        if not a.derived and not names_a_grade(low, a) and not any(lab.start < a.end and a.start < lab.end for lab in labels)
    )
    clauses = tuple(clause_spans(low, values))
    bound: list[dict[str, tuple[Label, ...]]] = [{WHEN: (), WHO: ()} for _ in values]
    respectively = _lists_respectively(low)
    for cls in (WHEN, WHO):
        mine = [lab for lab in labels if lab.cls == cls]
        if not mine:
            continue
        if respectively:
            for i, lab in _in_list_order(values, mine).items():
                bound[i][cls] = lab
            continue
        for start, end in clauses:
            inside = [i for i, v in enumerate(values) if start <= v.start < end]
            for i, lab in _paired_in_clause(low, values, inside, [lab for lab in mine if start <= lab.start < end]).items():
                bound[i][cls] = lab
    return Reading(values, tuple(labels), clauses, tuple(bound))


def clause_spans(low: str, values: Sequence[ValueAtom | Label], *, commas: bool = False) -> list[tuple[int, int]]:
    """The clauses of ``low`` as spans: cut at the breaks (and, with ``commas``, the commas) that
    stand between two numbers (a break inside a number, "between 10 and 20 mg", is none)."""
    starts = sorted(v.start for v in values)
    cuts: list[tuple[int, int]] = []
    marks = [*clause_breaks().finditer(low), *(_COMMA.finditer(low) if commas else ())]
    for m in sorted(marks, key=lambda m: m.start()):
        if any(v.start < m.end() and m.start() < v.end for v in values) or _ends_bound(low, m.end(), values):
            continue
        before = sum(1 for s in starts if s < m.start())
        # the first break between two numbers cuts; names listed after it ("40% in Arm A and
        # Arm B and Arm C had 30%") stay with the next number, read there as a list of names
        if 0 < before < len(starts) and (not cuts or before > cuts[-1][1]):
            cuts.append((m.start(), before))
    bounds = [0, *(at for at, _ in cuts), len(low)]
    return list(zip(bounds, bounds[1:]))


def _ends_bound(low: str, at: int, values: Sequence[ValueAtom | Label]) -> bool:
    """Whether a break ending at ``at`` closes a bound ("less than") of the figure right after it."""
    if not any(low.endswith(b, 0, at) for b in cue_document()["clause_breaks"]["bounds"]):
        return False
    nxt = at + len(low[at:]) - len(low[at:].lstrip())
    return any(v.start == nxt and getattr(v, "qualifier", None) in _BOUNDS for v in values)


def _paired_in_clause(low: str, values: Sequence[ValueAtom], inside: list[int], labels: list[Label]) -> dict[int, tuple[Label, ...]]:
    """``_in_clause``, and when its labels and numbers do not alternate, once more without the
    labels a break cuts off from the numbers: a label stated in a part of its own with no number
    ("At week 26, the reduction was 1.4%; the extension ran to week 52", "4.2 kg at week 12, and
    the study continued to week 24") is not the number's, and left in it would leave the number
    paired with nothing, so a claim giving the number to that label would pass unchallenged.
    A fronted label cut off by a comma-like break (第12周时，…4.2 kg，…第24周) still governs the
    numbers when nothing else does, so the cut-off labels after the numbers go first; after the
    numbers a comma cuts too ("92,000 per microlitre, recovering by day 15"), before them it
    does not ("At week 26, the reduction was …")."""
    out = _in_clause(values, inside, labels)
    if out or len(labels) < 2 or not inside:
        return out
    first = min(values[i].start for i in inside)
    last = max(values[i].end for i in inside)
    trailing_cut = [lab for lab in labels if lab.start >= last and _break_between(low, last, lab.start, labels, comma=True)]
    leading_cut = [lab for lab in labels if lab.end <= first and _break_between(low, lab.end, first, labels)]
    for dropped in (trailing_cut + leading_cut, trailing_cut):
        kept = [lab for lab in labels if lab not in dropped]
        if dropped and kept and (out := _in_clause(values, inside, kept)):
            return out
    return {}


_COMMA = re.compile(",")


def _break_between(low: str, start: int, end: int, labels: list[Label], *, comma: bool = False) -> bool:
    """Whether a clause break (or, with ``comma``, a comma) stands in ``low[start:end]`` other
    than one joining two labels into a list ("Arm A and Arm B had 40%": the 'and' lists names,
    it starts no clause)."""
    marks = [*clause_breaks().finditer(low, start, end), *(_COMMA.finditer(low, start, end) if comma else ())]
    for m in marks:
        joins = any(a.end <= m.start() and m.end() <= b.start and not low[a.end:b.start].strip(" ,、").replace(m.group(0), "", 1).strip(" ,、")
                    for a in labels for b in labels if a.end <= b.start)
        if not joins:
            return True
    return False


def _in_clause(values: Sequence[ValueAtom], inside: list[int], labels: list[Label]) -> dict[int, tuple[Label, ...]]:
    if not inside or not labels:
        return {}
    if len({lab.key for lab in labels}) == 1:
        return {i: (labels[0],) for i in inside}
    tokens = sorted([(values[i].start, "v", i) for i in inside] + [(lab.start, "l", lab) for lab in labels], key=lambda t: t[0])
    runs: list[list] = []  # alternating groups: labels (one, or one list's items) / a run of numbers
    for _, kind, item in tokens:
        if runs and runs[-1][0] == kind == "v":
            runs[-1][1].append(item)
        elif runs and runs[-1][0] == kind == "l":
            if not (item.listed and runs[-1][1][-1].listed):
                return {}  # two labels side by side: a list of names, not a pairing
            runs[-1][1].append(item)
        else:
            runs.append([kind, [item]])
    n_labels = sum(1 for kind, _ in runs if kind == "l")
    if n_labels != len(runs) - n_labels:
        return {}
    out: dict[int, tuple[Label, ...]] = {}
    opens_with_label = runs[0][0] == "l"
    for k in range(0, len(runs), 2):
        first, second = runs[k], runs[k + 1]
        group = tuple(first[1] if opens_with_label else second[1])
        for i in (second[1] if opens_with_label else first[1]):
            out[i] = group
    return out


def _in_list_order(values: Sequence[ValueAtom], labels: list[Label]) -> dict[int, tuple[Label, ...]]:
    """"Arm A and Arm B had 40% and 30%, respectively": n distinct labels, then n numbers of
    one kind (or the numbers first), paired in order; otherwise nothing is paired."""
    distinct: list[Label] = []
    for lab in labels:
        if lab.key not in {d.key for d in distinct}:
            distinct.append(lab)
    out: dict[int, tuple[Label, ...]] = {}
    kinds = {(v.kind, v.dim) for v in values}
    for kind in kinds:
        idx = [i for i, v in enumerate(values) if (v.kind, v.dim) == kind]
        if len(idx) != len(distinct) or len(distinct) < 2:
            continue
        labels_first = distinct[-1].end <= values[idx[0]].start
        numbers_first = values[idx[-1]].end <= distinct[0].start
        if labels_first or numbers_first:
            out.update({i: (lab,) for i, lab in zip(idx, distinct)})
    return out


def respectively_crossed(claim: Reading, source_low: str, source: Reading) -> str | None:
    """A claim number and another claim number of another kind, taken from two "respectively"
    lists of the source at different places: "Doses of 10 mg and 20 mg gave response rates of
    30% and 45%, respectively" (10 mg和20 mg剂量组的缓解率分别为30%和45%) → "The 20 mg dose gave a
    response rate of 30%". The labels of :func:`_in_list_order` are words; here both lists are
    numbers (doses, ages, time spans: "12个月和24个月…分别为78%和62%"), so the label check never
    sees the pairing and the order check finds 20 mg before 30% as in the source. Why, or None.
    Only a claim that takes one number from each list is read (a claim restating the lists
    pairs them by its own "respectively"), and only a number the list states once."""
    if not _lists_respectively(source_low):
        return None
    lists = _listed_runs(source.values)
    if len(lists) < 2:
        return None
    picked: dict[int, tuple[ValueAtom, int, ValueAtom]] = {}  # list → (claim number, place, source number)
    for cv in claim.values:
        for k, run in enumerate(lists):
            places = [i for i, sv in enumerate(run) if same_number(cv, sv)]
            if not places:
                continue
            if k in picked or len(places) > 1:
                return None  # two numbers of one list, or a number listed twice: the claim lists too
            picked[k] = (cv, places[0], run[places[0]])
    for a, (ca, i, _) in picked.items():
        for b, (cb, j, sb) in picked.items():
            if a < b and i != j:
                theirs = lists[a][j]
                return (f"the claim pairs {ca.raw} with {cb.raw}; the source lists them 'respectively' "
                        f"at different places ({cb.raw} goes with {theirs.raw}, {ca.raw} with {lists[b][i].raw})")
    return None


def _listed_runs(values: Sequence[ValueAtom]) -> list[list[ValueAtom]]:
    """The source's numbers grouped by kind, kept when every group of one length n ≥ 2 comes
    whole before or after every other ("10 mg and 20 mg … 30% and 45%"), so the i-th of each goes
    together; interleaved groups ("30% at 10 mg and 45% at 20 mg") are paired by their clauses."""
    groups: dict[tuple[str, str], list[ValueAtom]] = {}
    for v in values:
        if not (v.range_end or v.spread or v.spread_form):
            groups.setdefault((v.kind, v.dim), []).append(v)
    runs = sorted((g for g in groups.values() if len(g) >= 2), key=lambda g: g[0].start)
    if len(runs) < 2 or len({len(g) for g in runs}) != 1:
        return []
    if any(b[0].start < a[-1].end for a, b in zip(runs, runs[1:])):
        return []
    return runs


def same_number(claim: ValueAtom, source: ValueAtom) -> bool:
    """The source atom states the claim's number (a bare count may be a part of "16 of 48")."""
    if source.kind == "fraction" and claim.kind == "value" and claim.is_bare:
        return claim.number in (source.num, source.den)
    return relate(claim, source) == "supported"


def _comparable(claim: ValueAtom, source: ValueAtom) -> bool:
    if claim.is_bare and claim.kind == "value" and source.kind == "fraction":
        return True
    return (claim.kind, claim.dim) == (source.kind, source.dim)


def label_differs(claim: Reading, source: Reading) -> str | None:
    """A label the claim pairs a number with, which the source pairs with another number:
    why, or None. Only labels the source writes too (by key) are compared."""
    for cv, pairs in zip(claim.values, claim.bound):
        for cls, labs in pairs.items():
            for lab in labs:
                if any(s.key == lab.key and s.cls == cls for s in source.labels):
                    why = _label_moved(cv, lab, cls, source)
                elif cls == WHEN and any(s.cls == WHEN and _year_key(s) == _year_key(lab) for s in source.labels if _year_key(s)):
                    # a year is a year however its period is written: "$510 million in 2023" against
                    # "$455 million in Q4 2023 and $510 million in Q4 2024" gives the figure another year
                    why = _label_moved(cv, lab, cls, source, key=_year_key)
                else:
                    continue
                if why:
                    return why
    return None


_YEAR_IN = re.compile(r"(?:19|20)\d{2}")


def _year_key(lab: Label) -> str:
    """The year a time label writes ("q4 2023", "fy 2023", "2023年" → "2023"), or ""."""
    m = _YEAR_IN.search(lab.key) if lab.cls == WHEN else None
    return m.group(0) if m else ""


def _label_moved(cv: ValueAtom, lab: Label, cls: str, source: Reading, key=lambda lab: lab.key) -> str | None:
    matches = [j for j, sv in enumerate(source.values) if same_number(cv, sv)]
    if not matches:
        return None
    theirs = [source.bound[j][cls] for j in matches]
    if any(key(lab) in {key(t) for t in group} for group in theirs):
        return None
    # the number the source gives this label, and the label it gives the claim's number
    other = next(
        ((sv, t) for sv, pairs in zip(source.values, source.bound) for t in pairs[cls]
         if key(t) == key(lab) and _comparable(cv, sv)),
        None,
    )
    elsewhere = next((group[0] for group in theirs if group), None)
    if other is None and not all(theirs):
        return None  # the source pairs the number with nothing and the label with no rival: open
    said = f"the claim gives {cv.raw} to '{lab.name}'; the source gives "
    if other is not None:
        value, named = other
        tail = f"{cv.raw} to '{elsewhere.name}'" if elsewhere is not None else f"does not tie {cv.raw} to it"
        return said + f"'{named.name}' {value.raw} and {tail}"
    return said + f"{cv.raw} to '{elsewhere.name}'"  # type: ignore[union-attr]


def arm_moved(claim: Reading, source: Reading, *, armless_open: bool = False) -> str | None:
    """A claim number stated for an arm A that every equal number of the source is stated for
    another arm, and not for A ("Arm A received drug X 80 mg once daily, and Arm B received drug
    Y 250 mg once daily" → "Arm A received drug Y 250 mg once daily"): why, or None.
    Only arms are read here, so a drug named beside the arm (two labels and one number: no
    pairing) does not hide the move. A number's arms are those of its clause, paired as labels
    are when the clause alternates arms and numbers ("the experimental group received 80 mg,
    the control group received 250 mg"). A source number with no arm in its clause leaves the
    claim open (its arm may be named before it), and only arms the source writes too (by key)
    are compared. A claim number with no arm in its clause, whose every equal number in the
    source is an arm's, drops that arm (``_arm_dropped``), unless ``armless_open`` (its arm is
    named elsewhere: a table row's column header)."""
    written = {lab.key for lab in source.labels if lab.arm}
    theirs_by_value = _arms_by_value(source)
    mine_by_value = _arms_by_value(claim)
    for i, cv in enumerate(claim.values):
        theirs = [theirs_by_value[j] for j, sv in enumerate(source.values) if same_number(cv, sv)]
        if not theirs or not all(theirs):
            continue
        if not mine_by_value[i] and not armless_open and not _names_a_subject(claim, cv):
            return _arm_dropped(cv, claim, next(iter(theirs[0].values())))
        for key, lab in mine_by_value[i].items():
            if key in written and not any(key in arms for arms in theirs):
                other = next(iter(theirs[0].values()))
                return (f"the claim gives {cv.raw} to '{lab.name}'; the source states it for "
                        f"'{other.name}', not for '{lab.name}'")
    return None


def _names_a_subject(reading: Reading, atom: ValueAtom) -> bool:
    """The atom's clause names a subject of any kind: "Drug X produced a response rate of 25%"
    names the "drug X arm" by its drug, which the label pairing compares."""
    start, end = reading.clauses[_clause_of(reading, atom)]
    return any(lab.cls == WHO and start <= lab.start < end for lab in reading.labels)


def _arm_dropped(cv: ValueAtom, claim: Reading, theirs: Label) -> str:
    """A number every statement of which in the source is an arm's ("对照组：客观缓解率为30%"),
    stated by the claim with no arm in its clause: it reads as the whole trial's, or as the arm
    an earlier clause of the claim names ("试验组入组150例患者，客观缓解率为30%")."""
    named = next((lab for lab in claim.labels if lab.arm and lab.key != theirs.key and lab.start < cv.start), None)
    said = f", after naming '{named.name}'" if named is not None else ""
    return f"the claim states {cv.raw} with no arm{said}; the source states it for '{theirs.name}'"


def _arms_by_value(reading: Reading) -> list[dict[str, Label]]:
    """Each number's arms (by key): those its clause pairs it with, or else all of its clause's."""
    out: list[dict[str, Label]] = [{} for _ in reading.values]
    for start, end in reading.clauses:
        inside = [i for i, v in enumerate(reading.values) if start <= v.start < end]
        arms = [lab for lab in reading.labels if lab.arm and start <= lab.start < end]
        paired = _in_clause(reading.values, inside, arms)
        for i in inside:
            out[i] = {lab.key: lab for lab in paired.get(i, arms)}
    return out


def _clause_of(reading: Reading, atom: ValueAtom) -> int:
    # clauses are in order and cover the text: the last one starting at or before the atom
    # (clamped to the first or last: a gate reads on rather than stop on an offset past the text)
    k = bisect_right(reading.clauses, (atom.start, sys.maxsize)) - 1
    return min(max(k, 0), len(reading.clauses) - 1)


def words_differ(claim_low: str, claim: Reading, source_low: str, source: Reading) -> str | None:
    """A claim number stated with a word of another clause of the source in place of a word of
    its own clause ("200 patients were randomised; 150 completed the study" → "150 patients
    were randomised"): why, or None. Adding a word another clause has ("150 patients completed
    the study") only restores what the source left implied, so it alone is no difference."""
    if len(source.clauses) < 2 or _lists_respectively(source_low):
        return None  # "40% and 30% in Arm A and Arm B, respectively": its clauses are no statements
    # a label's words are the label check's (a table row's subject is in its column header)
    named = set().union(*(content_terms(lab.name) | set(_latin_in_cjk(lab.name)) for lab in source.labels + claim.labels))
    # a bound figure of the clause ("for patients weighing 40 kg or more") is one of its words
    terms_of = [(_subject_terms(source_low[s:e]) - named) | figure_terms(source.values, s, e, bounds_only=True)
                for s, e in source.clauses]
    holding = {_clause_of(source, sv) for sv in source.values}
    said_in: dict[int, set[str]] = {}  # per claim clause: a long claim repeats its clauses' numbers
    for cv in claim.values:
        k = _clause_of(claim, cv)
        if k not in said_in:
            s, e = claim.clauses[k]
            said_in[k] = (_subject_terms(claim_low[s:e]) - named) | figure_terms(claim.values, s, e, bounds_only=True)
        # the number itself is no word it is stated with
        said = said_in[k] - {figure_term(cv)}
        terms = [t - {figure_term(cv)} for t in terms_of]
        # the clauses holding an equal number, each once: the checks below read clauses, not numbers
        owns = list(dict.fromkeys(_clause_of(source, sv) for sv in source.values if same_number(cv, sv)))
        swaps = [_swap(said, terms, own, holding) for own in owns]
        if owns and all(swaps):
            taken, left = swaps[0]  # type: ignore[misc]
            return f"the claim says '{taken}' with {cv.raw}; the source says '{left}' with it ('{taken}' with another number)"
        shorter = [_shorter_subject(said, terms, own, holding) for own in owns]
        if owns and all(shorter):
            s, e = source.clauses[owns[0]]
            return (f"the claim states {cv.raw} without '{_as_written(shorter[0], source_low[s:e])}', which the source says with it; "
                    "without it the claim names the subject of another of the source's numbers")
    return None


_YEAR = re.compile(r"(?:19|20)\d{2}年?")


def year_words_differ(claim_low: str, claim: Reading, source_low: str, source: Reading) -> str | None:
    """A year the claim states with the words of another dated clause of the source in place of
    the words of its own ("The trial started in 2012 and ended in 2018" → "The trial started in
    2018"; "该药于2016年提交上市申请，2018年获批" → "该药于2016年获批"): why, or None. A year is a
    time label, not a number, so :func:`words_differ` never reads it, and a claim whose only
    figure is a year was checked for nothing but the year's being written. The source is cut
    between its years (and numbers) at the clause breaks and at commas too ("The company,
    founded in 2008, went public in 2012"); a word of the claim's own clause the year's clause
    lacks, with a word of the year's clause left out, is a swap (see :func:`_swap`)."""
    years = [lab for lab in claim.labels if _is_year(lab)]
    dated = [lab for lab in source.labels if _is_year(lab)]
    if not years or len({_year_of(lab) for lab in dated}) < 2 or _lists_respectively(source_low):
        return None
    points = sorted([*source.values, *dated], key=lambda p: p.start)
    clauses = clause_spans(source_low, points, commas=True)
    if len(clauses) < 2:
        return None
    # only the years are left out: no other label is paired with a year, so its words are what says whose date it is
    named = set().union(*(content_terms(lab.name) for lab in dated + years))
    terms = [_subject_terms(source_low[s:e]) - named for s, e in clauses]
    holding = {_span_at(clauses, p.start) for p in points}
    ours = clause_spans(claim_low, sorted([*claim.values, *years], key=lambda p: p.start), commas=True)
    for year in years:
        s, e = ours[_span_at(ours, year.start)]
        said = _subject_terms(claim_low[s:e]) - named
        owns = list(dict.fromkeys(_span_at(clauses, lab.start) for lab in dated if _year_of(lab) == _year_of(year)))
        swaps = [_swap(said, terms, own, holding) for own in owns]
        if owns and all(swaps):
            taken, left = swaps[0]  # type: ignore[misc]
            return (f"the claim says '{taken}' with {year.name}; the source says '{left}' with it "
                    f"('{taken}' with another date)")
    return None


def _is_year(lab: Label) -> bool:
    return lab.cls == WHEN and _YEAR.fullmatch(lab.name) is not None


def _year_of(lab: Label) -> str:
    return lab.name.rstrip("年")


def _span_at(spans: Sequence[tuple[int, int]], at: int) -> int:
    k = bisect_right(spans, (at, sys.maxsize)) - 1
    return min(max(k, 0), len(spans) - 1)


def _as_written(term: str, low: str) -> str:
    """The word of ``low`` a (stemmed) content term was read from: 'serious', not 'seriou'."""
    if not term.isascii():
        return term
    m = re.search(r"(?<![a-z])" + re.escape(term) + r"[a-z]*", low)
    return m.group(0) if m else term


def _shorter_subject(said: set[str], terms: list[set[str]], own: int, holding: set[int]) -> str | None:
    """A word of the number's own clause that the claim drops, when what is left is all said
    by another clause with a number: "serious adverse events in 15%" stated as "adverse events
    in 15%" names the source's other subject ("adverse events occurred in 80%"). Containment is
    read longest-first: the shorter subject is the other clause's, not a shortened own one."""
    dropped = terms[own] - said
    if not said or not dropped or not said < terms[own]:
        return None
    for k in holding - {own}:
        if said <= terms[k] and not dropped & terms[k]:
            return sorted(dropped)[0]
    return None


# a figure's bound as its term writes it ("less than 40 kg" → '<40', "40 kg or more" → '≥40')
_BOUNDS = {"<": "<", "<=": "≤", ">": ">", ">=": "≥"}


def figure_term(atom: ValueAtom) -> str:
    """A figure as a term of the words it stands among: its bound and number ('≥40', '6')."""
    return f"{_BOUNDS.get(atom.qualifier or '', '')}{atom.number:g}"


def figure_terms(values: Sequence[ValueAtom], start: int, end: int, *, bounds_only: bool = False) -> set[str]:
    """The figures inside ``start:end`` as terms (see ``figure_term``); with ``bounds_only``
    those with a bound only. "for patients weighing 40 kg or more" and "for patients weighing
    less than 40 kg" share every word: the band the figure names is all that tells them apart,
    and a figure naming who or when ("children 6 months to less than 4 years") is no figure of
    what the clause reports."""
    return {figure_term(v) for v in values
            if start <= v.start and v.end <= end and (not bounds_only or v.qualifier in _BOUNDS)}


def _subject_terms(low: str) -> set[str]:
    """The content terms and the stop-words that name a subject: without 'overall', "the median
    overall survival" reads as 'survival', held inside "progression-free survival"; and the Latin
    words a Chinese clause writes (see ``_latin_in_cjk``)."""
    return content_terms(low) | (set(_WORD.findall(low)) & _subject_words()) | set(_latin_in_cjk(low))


# a Latin word touching a Chinese character, not written after a number ("本品的mOS为",
# "HR为0.65"; not "250mg每日")
_LATIN_BY_CJK = re.compile(
    r"(?<![a-z0-9.\-])(?<!\d\s)(?:(?<=[\u3400-\u9fff])[a-z][a-z0-9-]*(?![a-z0-9])"
    r"|[a-z][a-z0-9-]*(?=[\u3400-\u9fff]))"
)


def _latin_in_cjk(low: str) -> list[str]:
    """The Latin words of a Chinese clause ("本品的mOS为7.2个月", "OR为1.8"): each is what the clause
    measures, even one that in English text is a unit ('mos', 'hr') or a stop-word ('or'), which
    ``content_terms`` leaves out; a unit stands after its number, which these do not."""
    return _LATIN_BY_CJK.findall(low)


@lru_cache(maxsize=1)
def _subject_words() -> frozenset[str]:
    return frozenset(cue_document()["subject_words_en"]["words"])


_WORD = re.compile(r"(?<![a-z])[a-z]+(?![a-z])")


def _swap(said: set[str], terms: list[set[str]], own: int, holding: set[int]) -> tuple[str, str] | None:
    for k in holding - {own}:
        taken = (said & terms[k]) - terms[own]
        left = terms[own] - said - terms[k]
        if taken and left:
            return sorted(taken)[0], sorted(left)[0]
    return None


def role_of(low: str, atom: ValueAtom) -> str:
    """"den" (the N of "x of N", "x/N"), "num" (the x), or "count"."""
    # an alternative is none of a fraction's parts: the 4 of "grade 3/4" is "grade 3 or 4"'s
    if not atom.alternative and _DEN_BEFORE.search(low, max(0, atom.start - 16), atom.start):
        return "den"
    if _NUM_AFTER.match(low, atom.end):
        return "num"
    return "count"


def role_differs(claim_low: str, claim: Reading, source_low: str, source: Reading) -> str | None:
    """A bare number the claim states as a count (or as the x of "x of N") that the source
    states only as a denominator, or one the claim states as a denominator that the source
    states only as a numerator: why, or None."""
    for cv in claim.values:
        if not (cv.is_bare and cv.kind == "value"):
            continue
        roles: set[str] = set()
        shown = ""
        for sv in source.values:
            if sv.kind == "fraction":
                if cv.number == sv.num:
                    roles.add("num")
                if cv.number == sv.den:
                    roles.add("den")
                shown = shown or (sv.raw if cv.number in (sv.num, sv.den) else "")
            elif relate(cv, sv) == "supported":
                roles.add(role_of(source_low, sv))
        if not roles:
            continue
        mine = role_of(claim_low, cv)
        if mine in ("count", "num") and roles == {"den"}:
            return f"the claim gives {cv.raw} as a count; the source has it only as a denominator{_of(shown)}"
        if mine == "den" and roles == {"num"}:
            return f"the claim gives {cv.raw} as a denominator; the source has it only as a count{_of(shown)}"
    return None


def _of(raw: str) -> str:
    return f" ('{raw}')" if raw else ""
