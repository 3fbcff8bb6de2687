"""The window facts (which lines a lazy atom must read) equal their plain definitions.

``window_index._Facts`` finds the same lines as searching every shape pattern of
``_literal_shapes`` (each straight over the window) and the fraction, power and scale-letter
shapes as first written, with each numeral's value, while skipping work: guarded phrase
groups, number words looked up among the window's letter runs, shapes that open with a rare
character. A mutation of any of those shortcuts loses or adds a line here.
"""

from __future__ import annotations

import random
import re
from bisect import bisect_right

import pytest

from citeproof.values import window_index
from citeproof.values.extract import _NUMBER, _lower
from citeproof.values.lexicon import lexicon

# the shapes as first written: each opens with the digit it follows
FRACTION = re.compile(r"\d(?:[^\S\n]?/[^\S\n]?|⁄|[^\S\n](?:out[^\S\n])?of[^\S\n]|[^\S\n]in[^\S\n])\d")
# a count after the base it is out of ("Of the 150 patients, 45"): a number, a phrase to a comma, a number
BASE_COUNT = re.compile(r"\d[^\d,;:.!?，；：。！？\n][^,;:.!?，；：。！？\n]{0,79}[,，][^\S\n]?有?\d")
SCI = re.compile(r"\d[^\S\n]?(?:[x×*][^\S\n]?10|e[-+]?\d)")


def _text_shape() -> re.Pattern[str]:
    letters = "".join(sorted(set(lexicon().scale_letters) | set("MBKkT")))
    return re.compile(r"\d[" + re.escape(letters) + r"]|10\^")


def reference(lines: list[str]) -> tuple[set[int], set[int], list[tuple[float, int]]]:
    prepared = "\n".join(lines)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line) + 1)

    def lines_of(matches) -> set[int]:
        return {bisect_right(starts, m.start()) - 1 for m in matches}

    low = _lower(prepared)
    always = lines_of(_text_shape().finditer(prepared)) | lines_of(SCI.finditer(low))
    for _literal, pattern in window_index._literal_shapes():
        always |= lines_of(pattern.finditer(low))
    fraction = lines_of(FRACTION.finditer(prepared)) | lines_of(BASE_COUNT.finditer(prepared))
    pairs = sorted((float(n.replace(",", "")), i) for i, line in enumerate(lines) for n in _NUMBER.findall(line))
    return always, fraction, pairs


def _check(lines: list[str]) -> None:
    facts = window_index._Facts(lines)
    always, fraction, pairs = reference(lines)
    assert facts.always == always, lines
    assert facts.fraction == fraction, lines
    assert list(zip(facts.values, facts.value_lines)) == pairs, lines


@pytest.mark.parametrize(
    "text",
    [
        "Responders: more than 40\nOther: 7",
        "furthermore than 40\nmoreover 40\nover 40",  # a cue ending a longer word still counts
        "no less than 3 of 5\n2 out of 9\n1 in 10\n3/4\n3 / 4",
        "3 thirty\nthirtyone 4\ntwenty-one 5\nNone 6\nnone\nphone 7",  # whole-word number words
        "5B\n3 k\n4k\n10^9\n1.2 x 10\n3e5\n2 e-4\n1×10",
        "within the last 5 years\nwithin 5 years\nup to 24 months\nmaximum of 3\nin excess of 4",
        "≥40\n≤ 3\n超过40\n40以上\n3.5万",
        "Of the 150 patients, 45 responded\n1,500, 200\n在210例患者中，18例\n150 patients; 45",
        "",
    ],
)
def test_facts_match_reference(text: str) -> None:
    _check(text.split("\n"))


def test_facts_match_reference_on_random_lines() -> None:
    rng = random.Random(7)
    pieces = list("0123456789 /\t\nxe×*^.,-+ofutinBKMTk<>≤≥") + [
        literal for literal, _ in window_index._literal_shapes()
    ] + ["out of", " of ", " in ", "10^", "moreover", "Overall", "万", "例", "，", "有", "Of the 1 pts, "]
    for _ in range(3000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 25)))
        _check(text.split("\n"))


def _line_states_reference(prepared: str) -> list:
    from citeproof.values.assess import _HEADER_LINE, _UNIT_OF_MEASURE, _declared_unit, _header_cells

    out, declared = [], None
    cells = _header_cells(prepared.split("\n"))
    for i, line in enumerate(prepared.split("\n")):
        um = _UNIT_OF_MEASURE.search(line)
        if um:
            declared = _declared_unit(um.group("phrase"))
        elif not line.strip() or (line.rstrip()[-1:] == ":" and _HEADER_LINE.match(line)):
            declared = None
        out.append((line, declared, um.start("phrase") if um else None, cells.get(i, ())))
    return out


@pytest.mark.parametrize(
    "prepared",
    [
        "Results:\nArm A: 45\nArm B: 50",  # no unit declared anywhere: every line plain
        "Unit of Measure: months\nArm A: 12.5\nArm B: 10.1\n\nParticipants: 40",
        "Unit of Measure: percentage of participants\nArm A: 45\nOutcome:\nArm B: 50",
        "Units: participants\nArm A: 45",  # a count: nothing declared
        "Unit of Measure: weeks\nArm A: 3\nUnit of Measure: months\nArm B: 4\nTime frame:\nArm C: 5",
        "",
        "| Arm | ORR (%) |\n|---|---|\n| Arm A | 45 |\nDaily dose (mg): 200",  # units from headers, no declaration
        "Unit of Measure: months\n| Arm | PFS (months) |\n|---|---|\n| Arm A | 12.5 |",
    ],
)
def test_line_states_match_reference(prepared: str) -> None:
    from citeproof.values.assess import _line_states

    assert _line_states(prepared) == _line_states_reference(prepared)


_NOTES = [
    "All figures in US$ billion.", "Revenue in $ billion", "(in € millions)", "in thousands of patients",
    "Patient counts in Thousands", "All amounts in USD million unless otherwise stated.", "单位：亿元",
    "in millions of doses", "Values in CHF m", "in RMB bn", "IN BILLIONS", "in thouſands",  # long s folds onto s
]


@pytest.mark.parametrize("text", [*_NOTES, "Arm A: 45\nin mg", "in all patients", ""])
def test_unit_note_gate_is_exact(text: str) -> None:
    """The cheap test before the unit note search never skips a text the search finds a note in."""
    from citeproof.values.assess import _UNIT_NOTE, _may_note_unit

    if _UNIT_NOTE.search(text) is not None:
        assert _may_note_unit(text), text
    if text in ("Arm A: 45\nin mg", "in all patients", ""):
        assert not _may_note_unit(text)  # no currency or scale word: the search is skipped


def test_window_gates_on_random_text() -> None:
    from citeproof.values.assess import _UNIT_LABEL_LINE, _UNIT_NOTE, _may_close_label, _may_note_unit

    rng = random.Random(11)
    pieces = [*_NOTES, "\n", " ", "in ", "(", ")", "）", "]", "Median PFS (months)", "ORR [%]", "45", ":", "|",
              "$", "usd", "Million", "k", "Ｋ", "all figures ", "of dollars", "unless otherwise stated"]
    for _ in range(3000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 8)))
        if _UNIT_NOTE.search(text) is not None:
            assert _may_note_unit(text), text
        if _UNIT_LABEL_LINE.search(text) is not None:
            assert _may_close_label(text), text
