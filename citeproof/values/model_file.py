"""A saved model file read as a calculation, not as prose (SPEC §3.4).

A model file backs a derived number only through the calculation it writes down::

    - cloud = $1.2 billion [evidence:s.md#L2]          an input: name = value [anchor …]
    - hardware = $0.8 billion [evidence:s.md#L3]
    Formula: total = cloud + hardware                  one or more, evaluated in order
    Units: USD billion
    Result: total = 1.2 + 0.8 = $2.0 billion           the value after the last "=" is stated

This module only reads that shape and evaluates formulas; ``model_check`` checks the inputs at
their anchors and the result against the formula. Formulas are parsed by a small recursive
descent parser over numbers, names, ``+ - * / ^ ( )`` — never ``eval``: the file is untrusted.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache

_LEAD = r"^\s*(?:[-*+•]\s+|\d{1,3}[.)]\s+)?"
_NAME = r"[^\W\d]\w*"
# Markdown emphasis around a label reads as the plain label: "**Formula:** tam = …", "**Units**: USD"
_EMPH = r"(?:\*\*?|__)?"


def _label(words: str) -> str:
    return _LEAD + _EMPH + r"(?:" + words + r")" + _EMPH + r"\s*[:：]\s*" + _EMPH + r"\s*"


_FORMULA_LINE = re.compile(_label(r"formula|公式") + r"(?P<target>" + _NAME + r")\s*=\s*(?P<expr>.+?)\s*$", re.I)
_UNITS_LINE = re.compile(_label(r"units?|单位") + r"(?P<phrase>.+?)\s*" + _EMPH + r"\s*$", re.I)
_RESULT_LINE = re.compile(_label(r"result|结果") + r"(?P<body>.+?)\s*" + _EMPH + r"\s*$", re.I)
_ASSIGNMENT = re.compile(_LEAD + r"(?P<name>" + _NAME + r")\s*=\s*(?P<rest>.+?)\s*$")
_NAMED = re.compile(r"^\s*(?P<name>" + _NAME + r")\s*=")
_BRACKET = re.compile(r"\[[^\[\]\n]*\]")


@dataclass(frozen=True, slots=True)
class ModelInput:
    line: int  # 1-based line of the model file
    name: str
    value_text: str  # what stands between "=" and the first anchor bracket
    anchors_text: str  # the rest of the line: where the value is claimed to come from


@dataclass(frozen=True, slots=True)
class ModelFormula:
    line: int
    target: str
    expression: str


@dataclass(frozen=True, slots=True)
class ModelResult:
    line: int
    target: str | None  # the formula it states ("Result: difference = …"), None: the last one
    value_text: str  # the text after the last "=": the value the file states


@dataclass(frozen=True, slots=True)
class ModelFile:
    inputs: tuple[ModelInput, ...]
    formulas: tuple[ModelFormula, ...]
    units: str | None
    results: tuple[ModelResult, ...]
    structural_lines: frozenset[int]  # input, formula, units and result lines (the rest is prose)


@lru_cache(maxsize=256)
def read_model(text: str) -> ModelFile:
    """The inputs, formulas, units and stated results of a model file's text."""
    inputs: list[ModelInput] = []
    formulas: list[ModelFormula] = []
    results: list[ModelResult] = []
    units: str | None = None
    structural: set[int] = set()
    lines = text.split("\n")
    targets = {m.group("target") for line in lines if (m := _FORMULA_LINE.match(line))}
    for n, line in enumerate(lines, start=1):
        if m := _FORMULA_LINE.match(line):
            formulas.append(ModelFormula(n, m.group("target"), m.group("expr")))
        elif m := _UNITS_LINE.match(line):
            units = units or m.group("phrase")
        elif m := _RESULT_LINE.match(line):
            body = m.group("body")
            named = _NAMED.match(body)
            results.append(ModelResult(n, named.group("name") if named else None, body.rsplit("=", 1)[-1].strip()))
        elif m := _ASSIGNMENT.match(line):
            name, rest = m.group("name"), m.group("rest")
            if name in targets:  # "total = 2.0": the file states a formula's value
                results.append(ModelResult(n, name, rest.rsplit("=", 1)[-1].strip()))
            else:
                bracket = _BRACKET.search(rest)
                cut = bracket.start() if bracket else len(rest)
                inputs.append(ModelInput(n, name, rest[:cut].strip(), rest[cut:]))
        else:
            continue
        structural.add(n)
    return ModelFile(tuple(inputs), tuple(formulas), units, tuple(results), frozenset(structural))


class FormulaError(ValueError):
    """A formula this parser cannot read (``unreadable``) or cannot evaluate on its inputs."""

    def __init__(self, message: str, *, unreadable: bool = False) -> None:
        super().__init__(message)
        self.unreadable = unreadable


_TOKEN = re.compile(r"\s*(?:(?P<num>(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:[eE][-+]?\d+)?|\.\d+)|(?P<name>" + _NAME + r")|(?P<op>\*\*|[-+*/^()]))")
_SPELLED_OPS = str.maketrans({"×": "*", "·": "*", "÷": "/", "−": "-", "–": "-", "（": "(", "）": ")"})


def _tokens(expression: str) -> list[tuple[str, str]]:
    text = expression.translate(_SPELLED_OPS)
    out: list[tuple[str, str]] = []
    pos = 0
    while pos < len(text):
        if text[pos:].strip() == "":
            break
        m = _TOKEN.match(text, pos)
        if m is None:
            raise FormulaError(f"cannot read {text[pos:].strip()[:20]!r} in the formula", unreadable=True)
        kind = m.lastgroup or "op"
        value = m.group(kind)
        out.append((kind, "^" if value == "**" else value.replace(",", "") if kind == "num" else value))
        pos = m.end()
    return out


class _Parser:
    """expr := term (('+'|'-') term)* ; term := unary (('*'|'/') unary)* ;
    unary := '-' unary | '+' unary | power ; power := atom ('^' unary)? ; atom := num | name | '(' expr ')'"""

    MAX_DEPTH = 64  # brackets, signs and powers nested deeper are no model's formula

    def __init__(self, tokens: list[tuple[str, str]], values: dict[str, float]) -> None:
        self.tokens = tokens
        self.pos = 0
        self.values = values
        self.depth = 0

    def _deeper(self) -> None:
        # each nesting is one Python frame: bound them, so a hostile file is unreadable, not a crash
        self.depth += 1
        if self.depth > self.MAX_DEPTH:
            raise FormulaError(f"the formula nests deeper than {self.MAX_DEPTH} levels", unreadable=True)

    def parse(self) -> float:
        value = self.expr()
        if self.pos != len(self.tokens):
            raise FormulaError(f"unexpected {self.tokens[self.pos][1]!r} in the formula", unreadable=True)
        return value

    def _peek(self) -> str | None:
        return self.tokens[self.pos][1] if self.pos < len(self.tokens) else None

    def _take(self) -> tuple[str, str]:
        if self.pos >= len(self.tokens):
            raise FormulaError("the formula ends too early", unreadable=True)
        token = self.tokens[self.pos]
        self.pos += 1
        return token

    def expr(self) -> float:
        value = self.term()
        while self._peek() in ("+", "-"):
            op = self._take()[1]
            right = self.term()
            value = value + right if op == "+" else value - right
        return value

    def term(self) -> float:
        value = self.unary()
        while self._peek() in ("*", "/"):
            op = self._take()[1]
            right = self.unary()
            if op == "/" and right == 0:
                raise FormulaError("the formula divides by zero")
            value = value * right if op == "*" else value / right
        return value

    def unary(self) -> float:
        if self._peek() in ("-", "+"):
            sign = -1.0 if self._take()[1] == "-" else 1.0
            self._deeper()
            value = sign * self.unary()
            self.depth -= 1
            return value
        return self.power()

    def power(self) -> float:
        base = self.atom()
        if self._peek() == "^":
            self._take()
            self._deeper()
            exponent = self.unary()  # right-associative: a ^ b ^ c = a ^ (b ^ c)
            self.depth -= 1
            try:
                value = math.pow(base, exponent)
            except OverflowError as exc:
                raise FormulaError(f"{base:g} ^ {exponent:g} is too large to compute") from exc
            except ValueError as exc:
                raise FormulaError(f"{base:g} ^ {exponent:g} has no real value") from exc
            return value
        return base

    def atom(self) -> float:
        kind, text = self._take()
        if kind == "num":
            return float(text)
        if kind == "name":
            if text not in self.values:
                raise FormulaError(f"the formula uses {text!r}, which no input or earlier formula defines", unreadable=True)
            return self.values[text]
        if text == "(":
            self._deeper()
            value = self.expr()
            if self._take()[1] != ")":
                raise FormulaError("a parenthesis is not closed in the formula", unreadable=True)
            self.depth -= 1
            return value
        raise FormulaError(f"unexpected {text!r} in the formula", unreadable=True)


def evaluate(expression: str, values: dict[str, float]) -> float:
    """``expression`` over ``values``; FormulaError when it cannot be read or evaluated."""
    tokens = _tokens(expression)
    if not tokens:
        raise FormulaError("the formula is empty", unreadable=True)
    return _Parser(tokens, values).parse()


def names_in(expression: str) -> list[str]:
    """The names a formula reads (empty when it cannot be tokenised)."""
    try:
        return [text for kind, text in _tokens(expression) if kind == "name"]
    except FormulaError:
        return []
