"""A calculation written in a source is checked, not taken as text (SPEC §3.4).

An evidence note often shows its working in prose rather than as a model file::

    Calculation: 12,000 patients × $30,000 = $3.6 billion
    TAM = patients × price = $3.6 billion                 names are the file's "name = value" inputs
    Combined revenue: $1.2 billion + $0.8 billion = $2.5 billion

Read as text, the stated result carries a claim like any figure; but a result its own operands
do not give is evidence against the figure, not for it. This module finds such lines: the part
after the last "=" must start with a number, the part before it (after a "label:") must be
numbers with their units, the file's input names, operators and brackets only. The arithmetic
is the model checker's (``model_check.check_calculation``): the same parser, percentages, scale
words and precision. A line this reader cannot take apart is left as text — it is not shown wrong.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from citeproof.values.assess import claim_atoms
from citeproof.values.atoms import ValueAtom
from citeproof.values.model_check import check_calculation
from citeproof.values.model_file import read_model

# "×", "x" between spaces, "*", "·", "÷", "/", "+", "-", "−", "–", "^" and brackets
_OPERATOR = re.compile(r"\s+[x×]\s+|\*\*|[-+*/^×·÷−–()（）]")
_EQUALS = re.compile(r"[=＝]")
_LABEL = re.compile(r"^.*(?:[:：][*_]*\s|：[*_]*)")  # "Calculation: …", "计算：…": the text before the working
_EMPHASIS = "*_ \t"
_APPROX = re.compile(r"^(?:≈|~|about|approximately|approx\.?|约)\s*", re.I)
_NAME = re.compile(r"[^\W\d]\w*")


@dataclass(frozen=True, slots=True)
class WrongCalculation:
    line: int  # 1-based line of the file
    written: str  # the line as written
    result: str  # the stated result's text ("$3.6 billion")
    gives: str  # what the operands give, written like the result ("$360 million")


@lru_cache(maxsize=256)
def wrong_calculations(path: str, text: str) -> tuple[WrongCalculation, ...]:
    """The written calculations of a file whose operands do not give the result they state."""
    if "=" not in text and "＝" not in text:
        return ()
    inputs = _inputs(text)
    out: list[WrongCalculation] = []
    for n, line in enumerate(text.split("\n"), start=1):
        if (found := _wrong(path, n, line, inputs)) is not None:
            out.append(found)
    return tuple(out)


def _inputs(text: str) -> dict[str, ValueAtom]:
    """The file's "name = value" lines ("- price = $30,000 [evidence:price.md#L3]") as values."""
    out: dict[str, ValueAtom] = {}
    for item in read_model(text).inputs:
        atoms = claim_atoms(item.value_text)
        if atoms and atoms[0].kind == "value" and atoms[0].start == 0:
            out.setdefault(item.name, atoms[0])
    return out


def _wrong(path: str, n: int, line: str, inputs: dict[str, ValueAtom]) -> WrongCalculation | None:
    if not _EQUALS.search(line) or not any(c.isdigit() for c in line):
        return None
    parts = _EQUALS.split(line)
    if len(parts) < 2 or any(not p.strip() for p in parts):
        return None  # "==", "<=", a dangling "=": no calculation this reader takes apart
    result_text = _APPROX.sub("", parts[-1].strip(_EMPHASIS))
    results = claim_atoms(result_text)
    if not results or results[0].kind != "value" or results[0].start != 0:
        return None
    result = results[0]
    read = _expression(_LABEL.sub("", parts[-2]).strip(_EMPHASIS), inputs)
    if read is None:
        return None
    expression, operands = read
    verdict = check_calculation(path, n, expression, operands, result, result_text)
    if verdict is None or verdict[0]:
        return None
    return WrongCalculation(n, line.strip(), result.raw, verdict[1])


def _expression(text: str, inputs: dict[str, ValueAtom]) -> tuple[str, dict[str, ValueAtom]] | None:
    """The expression with each operand named ("v0 * v1") and the operands' values, or None when
    a piece is neither a number (with its unit words after it) nor a name of the file's inputs."""
    operands: dict[str, ValueAtom] = {}
    out: list[str] = []
    pos = 0
    operators = 0
    for m in [*_OPERATOR.finditer(text), None]:
        piece = text[pos:m.start() if m else len(text)].strip()
        if piece:
            name = _operand(piece, inputs, len(operands))
            if name is None:
                return None
            operands[name[0]] = name[1]
            out.append(name[0])
        if m is not None:
            op = m.group(0).strip() or "*"
            out.append("*" if op in ("x", "×") else op)
            operators += op not in "()（）"
            pos = m.end()
    if len(operands) < 2 or not operators:
        return None
    return " ".join(out), operands


def _operand(piece: str, inputs: dict[str, ValueAtom], index: int) -> tuple[str, ValueAtom] | None:
    if _NAME.fullmatch(piece):
        return (piece, inputs[piece]) if piece in inputs else None
    atoms = claim_atoms(piece)
    if len(atoms) != 1 or atoms[0].kind != "value" or atoms[0].start != 0:
        return None
    if any(c.isdigit() for c in piece[atoms[0].end:]):
        return None  # "$1.2 billion in 2023": more than one figure in the operand
    return f"_operand{index}", atoms[0]
