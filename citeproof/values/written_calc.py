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

from citeproof.memo import RunMemo
from citeproof.sources.types import SourceDocument
from citeproof.values.assess import claim_atoms
from citeproof.values.lexicon import data_json
from citeproof.values.atoms import ValueAtom
from citeproof.values.model_check import check_calculation
from citeproof.values.model_file import read_model

# "×", "x" between spaces, "*", "·", "÷", "/", "+", "-", "−", "–", "^" and brackets
_OPERATOR = re.compile(r"\s+[x×]\s+|\*\*|[-+*/^×·÷−–()（）]")
_EQUALS = re.compile(r"[=＝≈]")  # "≈" says the result is rounded, as "= ~" does
_LABEL = re.compile(r"^.*(?:[:：][*_]*\s|：[*_]*)")  # "Calculation: …", "计算：…": the text before the working
_EMPHASIS = "*_ \t"
_DIGITS = re.compile(r"\d[\d,]*(?:\.\d+)?")
_NAME = re.compile(r"[^\W\d]\w*")


@dataclass(frozen=True, slots=True)
class WrongCalculation:
    line: int  # 1-based line of the file
    written: str  # the line as written
    result: str  # the stated result's text ("$3.6 billion")
    gives: str  # what the operands give, written like the result ("$360 million")


def document_calculations(document: SourceDocument, memo: RunMemo) -> tuple[WrongCalculation, ...]:
    """``wrong_calculations`` of ``document``, once per document in ``memo`` (the run's): asked on
    every supported match, it must not rescan the file each time, however many files the run
    cites, and it is held no longer than the document (``SourceStore.release`` forgets both)."""
    return memo.derived(document, _MEMO_NAME, _of_document)


_MEMO_NAME = "values.wrong_calculations"


def _of_document(document: SourceDocument) -> tuple[WrongCalculation, ...]:
    return wrong_calculations(document.path, document.text)


def wrong_calculations(path: str, text: str) -> tuple[WrongCalculation, ...]:
    """The written calculations of a file whose operands do not give the result they state."""
    if "=" not in text and "＝" not in text and "≈" not in text:
        return ()
    inputs = _inputs(text)
    out: list[WrongCalculation] = []
    for n, line in enumerate(text.split("\n"), start=1):
        # a table row's cells and code spans hold working as a line does ("| TAM | 12,000 × $30,000 = … |")
        line = line.replace("`", "")
        cells = line.strip().strip("|").split("|") if line.lstrip().startswith("|") else [line]
        for cell in cells:
            out.extend(_wrong(path, n, cell, inputs, line))
    return tuple(out)


@lru_cache(maxsize=1)
def _cues() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The year after a figure (value_cues.json calculation_period) and the hedges before a
    result (calculation_hedge)."""
    cues = data_json("value_cues.json")
    period = "|".join(re.escape(w) for w in sorted(cues["calculation_period"]["words"], key=len, reverse=True))
    hedge = "|".join(re.escape(w) for w in sorted(cues["calculation_hedge"]["words"], key=len, reverse=True))
    return (re.compile(rf"(?<=[\w%$€£¥元])\s*(?:{period})(?![^\W\d_])", re.I),
            re.compile(rf"^(?:{hedge})(?![^\W\d_])\s*", re.I))


def _inputs(text: str) -> dict[str, ValueAtom]:
    """The file's "name = value" lines ("- price = $30,000 [evidence:price.md#L3]") as values."""
    out: dict[str, ValueAtom] = {}
    for item in read_model(text).inputs:
        atoms = claim_atoms(item.value_text)
        if atoms and atoms[0].kind == "value" and atoms[0].start == 0:
            out.setdefault(item.name, atoms[0])
    return out


def _wrong(path: str, n: int, text: str, inputs: dict[str, ValueAtom], line: str) -> list[WrongCalculation]:
    """Each result of ``text`` (a line or a table cell) its expression does not give. In a chain
    ("12,000 × $30,000 = $360,000,000 = $3.6 billion") every step after the expression is a
    result of it: a right first step does not vouch for a wrong restatement."""
    if not _EQUALS.search(text) or not any(c.isdigit() for c in text):
        return []
    period, hedge = _cues()
    text = period.sub("", re.sub(r"[=＝]\s*(?=≈)", "", text))  # the year is on both sides; "= ≈" is one sign
    parts = _EQUALS.split(text)
    signs = _EQUALS.findall(text)
    if len(parts) < 2 or any(not p.strip() for p in parts):
        return []  # "==", "<=", a dangling "=": no calculation this reader takes apart
    out: list[WrongCalculation] = []
    read = None
    for i, part in enumerate(parts):
        piece = _LABEL.sub("", part).strip(_EMPHASIS)
        if (expression := _expression(piece, inputs)) is not None:
            read = expression  # a new expression, not a result ("= 12 × $30 million = …")
            continue
        if read is None or i == 0:
            continue
        result_text = hedge.sub("", part.strip(_EMPHASIS))
        results = claim_atoms(result_text)
        if not results or results[0].kind != "value" or results[0].start != 0:
            continue
        result = _as_written(results[0], signs[i - 1] == "≈" or result_text != part.strip(_EMPHASIS))
        verdict = check_calculation(path, n, read[0], read[1], result, result_text)
        if verdict is not None and not verdict[0]:
            out.append(WrongCalculation(n, line.strip(), result.raw, verdict[1]))
    return out


def _as_written(result: ValueAtom, hedged: bool) -> ValueAtom:
    """``result`` at the precision it is written to: the trailing zeros of a whole figure are
    rounding ("= $370 million" for $369.12 million holds at two significant figures). An
    unhedged figure keeps two significant figures ("= 20" is twenty, not 15–25); a hedged one
    ("≈", "about", "约") none beyond its first ("about 300" is 250–350)."""
    m = _DIGITS.search(result.raw)
    if m is None or "." in m.group(0):
        return result
    digits = m.group(0).replace(",", "")
    zeros = len(digits) - len(digits.rstrip("0"))
    if not hedged:
        zeros = min(zeros, len(digits) - 2)
    return result.evolve(step=result.step * 10 ** zeros) if zeros > 0 else result


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
            # "×" is "*"; the minus signs "−" and "–" are "-", which a difference of percentages is read by
            out.append("*" if op in ("x", "×") else "-" if op in ("−", "–") else op)
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
