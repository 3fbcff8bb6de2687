"""Numbers written with another locale's separators: "0,72", "12'345", "45,2 %", "12.345".

Read the English way, "HR 0,72" holds a 0 and a 72 and "12'345 participants" a 12 and a 345,
so a true claim of 0.72 or 12,345 failed (and a claim of 345 participants found its 345). What
each form can mean decides how it is read:

* certain, rewritten before anything else reads the text (``certain_forms``): digits grouped by
  apostrophes ("12'345", Swiss), a decimal comma after a lone 0 with two digits ("0,72": no
  thousands group has two digits, and no English number starts "0," — "0,125 mg" is no 125 mg) unless a list
  goes on after it ("days 0,14 and 28"), dot groups with a decimal comma
  ("1.234,5") and two or more dot groups ("1.234.567") — English writes none of these;
* a raised decimal point between digits ("44·8%", "HR 0·72", as The Lancet and many PDF
  extractions print it) is a decimal point; after a letter it is no number's ("CuSO4·5H2O"),
  and before a power it is a multiplication sign ("1.5·10^9/L", "100·10⁹/L");
* ambiguous, so one more reading at most plausible (``locale_readings``, source only,
  ``ValueAtom.ambiguous_digits``): a comma then one or two digits ("45,2 %" may be 45.2 % or a
  list "45, 2 %"; "grades 1,2" a list or 1.2) and one dot group of three ("12.345" is 12.345 in
  English and 12,345 in German). The English reading of these stays as it was; the other
  reading sends a claim that only it supports to the judge, never passing or failing on it.

A run of several comma or dot groups of other widths ("days 1,8,15", "1.2.3") is a list or a
section number and is left alone.
"""

from __future__ import annotations

import re

_NOT_BEFORE = r"(?<![\d.,'’])"
_NOT_AFTER = r"(?![\d'’]|[.,]\d)"
# certain: (pattern, how the match is written the English way)
_APOSTROPHE_GROUPS = re.compile(_NOT_BEFORE + r"\d{1,3}(?:['’]\d{3})+(?:\.\d+)?" + _NOT_AFTER)
_ZERO_COMMA = r"0,\d{2,}"  # "0,1" may be a list ("ECOG 0,1"); two digits or more are certain ("0,125 mg": no
# English number starts "0,", so it is never 125)
# ... unless a list goes on after it ("days 0,14 and 28", "weeks 0,12, or 24": a schedule)
_LIST_GOES_ON = r"(?!,?\s*(?:and|or|&)\s*\d)"
_ZERO_DECIMAL_COMMA = re.compile(_NOT_BEFORE + _ZERO_COMMA + _NOT_AFTER + _LIST_GOES_ON)
_DOT_GROUPS_DECIMAL_COMMA = re.compile(_NOT_BEFORE + r"\d{1,3}(?:\.\d{3})+,\d+" + _NOT_AFTER)
_DOT_GROUPS = re.compile(_NOT_BEFORE + r"\d{1,3}(?:\.\d{3}){2,}" + _NOT_AFTER)
# U+00B7 MIDDLE DOT as a decimal point; not after a letter (a hydrate's dot) nor in a run of them
_MIDDLE_DOT_DECIMAL = re.compile(r"(?<![^\W\d_]|[\d.,'’·])(\d+)·(\d+)(?![\d·^⁰¹²³⁴⁵⁶⁷⁸⁹]|[.,]\d)")
# ambiguous: another reading beside the English one
_DECIMAL_COMMA = re.compile(_NOT_BEFORE + r"\d{1,3},\d{1,2}" + _NOT_AFTER)
_ONE_DOT_GROUP = re.compile(_NOT_BEFORE + r"[1-9]\d{0,2}\.\d{3}" + _NOT_AFTER)
# Whether some certain form may stand in a text: a digit before an apostrophe group, a dot group
# then a decimal separator, or a raised dot, or a lone 0 before a decimal comma. Every branch
# opens with the separator, its digit (and the lone 0's "no digit, dot or comma before it")
# checked behind it, so the engine skips in C to the separators, which are rarer than digits in
# a window of figures; a look-behind first would be tried at every character. (Its matches are
# where ``\d(?:['’]\d{3}|\.\d{3}[.,]\d|·\d)|0(?<![\d.,]0),\d{2,}`` matches, one character on:
# only whether there is one counts.)
_MAY_BE_CERTAIN = re.compile(r"['’](?<=\d.)\d{3}|·(?<=\d·)\d|\.(?<=\d\.)\d{3}[.,]\d|,(?<=0,)(?<![\d.,]0,)" + _ZERO_COMMA[2:])
_MAY_BE_AMBIGUOUS = re.compile(r"\d,\d|\d\.\d{3}")


def _english(numeral: str) -> str:
    """A certain foreign numeral written the English way ("1.234,5" → "1234.5", "12'345" → "12,345")."""
    if "'" in numeral or "’" in numeral:
        return numeral.replace("'", ",").replace("’", ",")
    if "," in numeral:  # a decimal comma, after dot groups or a lone 0
        return numeral.replace(".", "").replace(",", ".")
    return numeral.replace(".", ",")  # two or more dot groups


def certain_forms(text: str) -> str:
    """``text`` with every numeral whose foreign reading is certain written the English way."""
    if _MAY_BE_CERTAIN.search(text) is None:
        return text
    for pattern in (_APOSTROPHE_GROUPS, _DOT_GROUPS_DECIMAL_COMMA, _DOT_GROUPS, _ZERO_DECIMAL_COMMA):
        text = pattern.sub(lambda m: _english(m.group()), text)
    if "·" in text:
        text = _MIDDLE_DOT_DECIMAL.sub(r"\1.\2", text)
    return text


def may_hold_certain(text: str) -> bool:
    """Can ``certain_forms`` change ``text``? (A fast test for the prepare shortcut.)"""
    return _MAY_BE_CERTAIN.search(text) is not None and certain_forms(text) != text


def locale_readings(line: str) -> tuple[str, list[tuple[int, int]]] | None:
    """``line`` (prepared) with each ambiguous numeral in its other reading ("45,2" → "45.2",
    "12.345" → "12345"), and where those readings stand in it; None when it holds none."""
    if _MAY_BE_AMBIGUOUS.search(line) is None:
        return None
    spans: list[tuple[int, int, str]] = [(m.start(), m.end(), m.group().replace(",", ".")) for m in _DECIMAL_COMMA.finditer(line)]
    spans += [(m.start(), m.end(), m.group().replace(".", "")) for m in _ONE_DOT_GROUP.finditer(line)]
    if not spans:
        return None
    spans.sort()
    parts: list[str] = []
    where: list[tuple[int, int]] = []
    pos = 0
    length = 0
    for start, end, reading in spans:
        parts.append(line[pos:start])
        length += start - pos
        where.append((length, length + len(reading)))
        parts.append(reading)
        length += len(reading)
        pos = end
    parts.append(line[pos:])
    return "".join(parts), where


def reading_values(text: str) -> list[tuple[int, float]]:
    """(where it starts, the number) of each ambiguous numeral's other reading in prepared
    ``text`` (for the lazy window index: the line it is on is read for a claim number near it)."""
    if _MAY_BE_AMBIGUOUS.search(text) is None:
        return []
    out = [(m.start(), float(m.group().replace(",", "."))) for m in _DECIMAL_COMMA.finditer(text)]
    return out + [(m.start(), float(m.group().replace(".", ""))) for m in _ONE_DOT_GROUP.finditer(text)]
